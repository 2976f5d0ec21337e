"""The 色映に生へど `Game` object: creation, loading, texts and CPU players."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Game
from games.irobae.rules import MAX_PLAYERS, MIN_PLAYERS, IrobaeAction, IrobaeOptions
from games.irobae.state import IrobaeState


class IrobaeGame(Game):
    """色映に生へど: 3–6 players, N deals of nine tricks with a moving trump colour."""

    id: ClassVar[str] = "irobae"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[BaseModel]] = IrobaeOptions
    Action: ClassVar[type[IrobaeAction]] = IrobaeAction

    def new(self, players: int, *, seed: int, options: BaseModel | None = None) -> IrobaeState:
        self.check_players(players)
        opts = self.options(options)
        assert isinstance(opts, IrobaeOptions)
        return IrobaeState.new(players, seed, opts)

    def load(self, snapshot: dict[str, Any]) -> IrobaeState:
        if snapshot.get("game") != self.id:
            raise ValueError("not an irobae snapshot")
        return IrobaeState.from_snapshot(snapshot)


GAME = IrobaeGame()
