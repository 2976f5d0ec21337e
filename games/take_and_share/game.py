"""The `Game` object for Take & Share and its options."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from games.core import Game
from games.take_and_share.actions import TakeAndShareAction
from games.take_and_share.state import TakeAndShareState


class TakeAndShareOptions(BaseModel):
    """Variants. `long_game`: games in a row until someone's total is above 20 (4p) / 30 (3p)."""

    model_config = ConfigDict(extra="forbid")

    long_game: bool = False


class TakeAndShare(Game):
    id: ClassVar[str] = "take_and_share"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = TakeAndShareOptions
    Action: ClassVar[type[TakeAndShareAction]] = TakeAndShareAction  # type: ignore[assignment]

    def new(
        self, players: int, *, seed: int, options: BaseModel | None = None
    ) -> TakeAndShareState:
        self.check_players(players)
        opts = self.options(options)
        assert isinstance(opts, TakeAndShareOptions)
        return TakeAndShareState.new(players, seed, opts.long_game)

    def load(self, snapshot: dict[str, Any]) -> TakeAndShareState:
        return TakeAndShareState.from_snapshot(snapshot)


GAME = TakeAndShare()
