"""The `Game` object for Take & Share and its options."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from games.core import Game
from games.take_and_share import actions as act
from games.take_and_share.state import TakeAndShareOptions, TakeAndShareState

__all__ = ["GAME", "TakeAndShare", "TakeAndShareOptions"]


class TakeAndShare(Game):
    id: ClassVar[str] = "take_and_share"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = TakeAndShareOptions
    Action: ClassVar[type[act.TakeAndShareAction]] = act.TakeAndShareAction  # type: ignore[assignment]
    page_turns: ClassVar[frozenset[str]] = frozenset({"game_end"})
    state_class: ClassVar[type[TakeAndShareState]] = TakeAndShareState


GAME = TakeAndShare()
