"""Playing an engine on with random legal moves, for tests that need a game further along."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from games.core import Rng, State

S = TypeVar("S", bound=State)


def play_randomly(
    state: S, rng: Rng, *, moves: int | None = None, until: Callable[[S], bool] | None = None
) -> None:
    """Let the first seat to act play a legal action chosen by `rng`, again and again, until the
    game is over, `until(state)` holds or `moves` moves were played."""
    played = 0
    while not state.is_over() and (moves is None or played < moves):
        if until is not None and until(state):
            return
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        played += 1
