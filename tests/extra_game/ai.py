"""ハイカード's CPU players: one at random, one that wins a trick cheaply or throws its worst."""

from __future__ import annotations

from games.core import Action, Rng, State
from tests.extra_game.game import HighCardState, Play


class RandomPlayer:
    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


class StrongPlayer:
    """Plays the weakest card that beats the trick so far, else its weakest card."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, HighCardState)
        view = state.private_view(seat)
        low = view.public.low_wins
        hand = sorted(view.hand, reverse=low)  # weakest first
        on_table = [card for _, card in view.public.trick]
        beats = [
            c for c in hand if not on_table or (c < min(on_table) if low else c > max(on_table))
        ]
        return Play(card=(beats or hand)[0])
