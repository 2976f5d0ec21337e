"""The 襲ノ色目 game object: creates and loads states, names, rules and CPU players."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Game
from games.kasane.actions import KasaneAction
from games.kasane.rules import KasaneOptions
from games.kasane.state import KasaneState

__all__ = ["GAME", "KasaneGame"]


class KasaneGame(Game):
    """襲ノ色目 (Colors of Kasane), 3–4 players."""

    id: ClassVar[str] = "kasane"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = KasaneOptions
    Action: ClassVar[type[KasaneAction]] = KasaneAction

    def new(self, players: int, *, seed: int, options: BaseModel | None = None) -> KasaneState:
        """A new game. Raises `ValueError` for a wrong player count, or for `variant_a` with
        other than 3 players."""
        self.check_players(players)
        opts = KasaneOptions.model_validate(self.options(options).model_dump())
        return KasaneState.new(players, seed, opts)

    def load(self, snapshot: dict[str, Any]) -> KasaneState:
        return KasaneState.from_snapshot(snapshot)


GAME = KasaneGame()
