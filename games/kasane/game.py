"""The 襲ノ色目 game object: creates and loads states, names, rules and CPU players."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from games.core import Game
from games.kasane import actions as act
from games.kasane.rules import KasaneOptions
from games.kasane.state import KasaneState

__all__ = ["GAME", "KasaneGame"]


class KasaneGame(Game):
    """襲ノ色目 (Colors of Kasane), 3–4 players."""

    id: ClassVar[str] = "kasane"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = KasaneOptions
    Action: ClassVar[type[act.KasaneAction]] = act.KasaneAction
    page_turns: ClassVar[frozenset[str]] = frozenset({"round_end"})

    state_class: ClassVar[type[KasaneState]] = KasaneState


GAME = KasaneGame()
