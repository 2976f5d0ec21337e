"""The Gogyo title: creates and loads match states, names, rules and CPU players."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from games.core import Game
from games.gogyo import actions as act
from games.gogyo.rules import MAX_PLAYERS, MIN_PLAYERS
from games.gogyo.state import GogyoOptions, GogyoState


class GogyoGame(Game):
    """五行中国史カードゲーム: 2–4 players, a match of two games."""

    id: ClassVar[str] = "gogyo"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[BaseModel]] = GogyoOptions
    Action: ClassVar[type[act.GogyoAction]] = act.GogyoAction
    page_turns: ClassVar[frozenset[str]] = frozenset({"game_end"})

    state_class: ClassVar[type[GogyoState]] = GogyoState
