"""The 色映に生へど `Game` object: creation, loading, texts and CPU players."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from games.core import Game
from games.irobae import actions as act
from games.irobae.rules import MAX_PLAYERS, MIN_PLAYERS, IrobaeOptions
from games.irobae.state import IrobaeState


class IrobaeGame(Game):
    """色映に生へど: 3–6 players, N deals of nine tricks with a moving trump colour."""

    id: ClassVar[str] = "irobae"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[BaseModel]] = IrobaeOptions
    Action: ClassVar[type[act.IrobaeAction]] = act.IrobaeAction
    page_turns: ClassVar[frozenset[str]] = frozenset({"deal_end"})

    state_class: ClassVar[type[IrobaeState]] = IrobaeState


GAME = IrobaeGame()
