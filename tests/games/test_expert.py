"""The expert CPUs: legal, reproducible, and unable to see what their seat cannot.

Each position comes from a seeded random game. Its "twin" is another complete state drawn by the
expert's own sampler: the same from the seat's side (equal private views) but with the other
players' hidden cards, the deck and the RNG re-dealt. The expert must see the two as one
(equal redactions) and decide the same for the same seed.
"""

from __future__ import annotations

import pytest

from games import registry
from games.core import Rng, State
from games.search import ExpertPlayer

#: Small budgets keep the suite fast; the decision code is the same at any budget.
BUDGET = 8

CASES = [
    ("kasane", 3),
    ("kasane", 4),
    ("gogyo", 2),
    ("gogyo", 4),
    ("take_and_share", 3),
    ("take_and_share", 4),
    ("sakura", 2),
    ("sakura", 3),
    ("irobae", 3),
    ("irobae", 4),
]


def _expert(game_id: str) -> ExpertPlayer[State]:
    player = registry.get(game_id).cpu("expert")
    assert isinstance(player, ExpertPlayer)
    player.rollouts = BUDGET
    return player


def _positions(game_id: str, players: int, seed: int, every: int) -> list[tuple[State, int]]:
    """Copies of a random game's states where some seat has a real choice."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    rng = Rng(seed)
    found: list[tuple[State, int]] = []
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and step % every == 0:
            found.append((game.load(state.snapshot()), seat))
        state.apply(seat, rng.choice(legal))
        step += 1
    return found


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_twin_states_look_the_same_and_get_the_same_decision(game_id: str, players: int) -> None:
    expert = _expert(game_id)
    positions = _positions(game_id, players, seed=11, every=9)[:6]
    assert positions
    hidden_changed = 0
    for n, (state, seat) in enumerate(positions):
        twin = expert.sample(expert.knowledge(state, seat), Rng(1000 + n))
        assert twin.private_view(seat) == state.private_view(seat)
        assert twin.legal_actions(seat) == state.legal_actions(seat)
        hidden_changed += twin.snapshot() != state.snapshot()
        assert expert.redact(twin, seat).snapshot() == expert.redact(state, seat).snapshot()
        chosen = expert.choose(state, seat, Rng(n))
        assert chosen in state.legal_actions(seat)
        assert expert.choose(twin, seat, Rng(n)) == chosen
    # the twins really differ where the seat cannot look
    assert hidden_changed == len(positions)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_redaction_keeps_what_the_seat_sees(game_id: str, players: int) -> None:
    expert = _expert(game_id)
    for state, seat in _positions(game_id, players, seed=5, every=7)[:8]:
        redacted = expert.redact(state, seat)
        assert redacted.private_view(seat) == state.private_view(seat)
        assert redacted.public_view() == state.public_view()
        assert redacted.rng.state == 0


def test_the_hidden_cards_are_not_read() -> None:
    """A 2-player cherry-tree position: the expert's choice does not move when the opponent's
    screen and the bag are swapped for any other arrangement of the same unseen flowers."""
    expert = _expert("sakura")
    state, seat = _positions("sakura", 2, seed=3, every=1)[12]
    knowledge = expert.knowledge(state, seat)
    choices = {
        expert.choose(expert.sample(knowledge, Rng(k)), seat, Rng(99)).encode() for k in range(5)
    }
    assert choices == {expert.choose(state, seat, Rng(99)).encode()}


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_expert_is_the_strongest_level_and_reproducible(game_id: str) -> None:
    game = registry.get(game_id)
    assert game.cpu_levels == ("random", "strong", "expert")
    state, seat = _positions(game_id, game.min_players + 1, seed=2, every=5)[1]
    first = _expert(game_id).choose(state, seat, Rng(7))
    assert _expert(game_id).choose(state, seat, Rng(7)) == first
