"""The Gogyo title: creates and loads match states, names, rules and CPU players."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Game
from games.gogyo.actions import GogyoAction
from games.gogyo.rules import MAX_PLAYERS, MIN_PLAYERS
from games.gogyo.state import GogyoOptions, GogyoState


class GogyoGame(Game):
    """五行中国史カードゲーム: 2–4 players, a match of two games."""

    id: ClassVar[str] = "gogyo"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[BaseModel]] = GogyoOptions
    Action: ClassVar[type[GogyoAction]] = GogyoAction

    def new(self, players: int, *, seed: int, options: BaseModel | None = None) -> GogyoState:
        self.check_players(players)
        opts = self.options(options)
        assert isinstance(opts, GogyoOptions)
        return GogyoState.new(players, seed, opts)

    def load(self, snapshot: dict[str, Any]) -> GogyoState:
        return GogyoState.from_snapshot(snapshot)
