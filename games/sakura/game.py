"""The `Game` object of the cherry-tree flower game."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from games.core import Game
from games.sakura import actions as act
from games.sakura.state import SakuraOptions, SakuraState

__all__ = ["SakuraGame"]


class SakuraGame(Game):
    """The cherry-tree flower game: 2-4 players draw flowers from a bag."""

    id: ClassVar[str] = "sakura"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = SakuraOptions
    Action: ClassVar[type[act.SakuraAction]] = act.SakuraAction

    state_class: ClassVar[type[SakuraState]] = SakuraState
