"""CPU players: uniform random, and a determinised Monte-Carlo player."""

from __future__ import annotations

from games.core import Action, Rng, State


class RandomPlayer:
    """Uniform over the legal actions."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


class StrongPlayer(RandomPlayer):
    """Placeholder until the search lands."""
