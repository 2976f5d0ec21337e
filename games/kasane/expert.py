"""The expert CPU of 襲ノ色目: the look-ahead planner over many more sampled futures.

What a seat cannot see: the deck, the discards and the other hands (cards taken from the grid were
public when taken, but the planner pools them with the unseen cards). The expert hands the planner
of `games.kasane.ai` only the seat's knowledge and lets it sample four times as many scenarios of
what the other players leave on the grid (or, across a round end, of the next grid), so its
estimate of the next turn, which yaku slots will still be free, is far less noisy.
"""

from __future__ import annotations

from games.core import Action, Rng, State
from games.kasane.ai import StrongPlayer
from games.kasane.state import KasaneState
from games.search import ExpertPlayer, SeatKnowledge

__all__ = ["Expert", "redact", "sample"]

#: Scenarios per decision for `DEFAULT_ROLLOUTS` (the strong player samples 8).
SCENARIOS = 32


def _hidden(state: KasaneState, seat: int) -> list[list[int]]:
    """The places `seat` cannot look into: deck, discard, then each other hand."""
    return [state.deck, state.discard] + [state.hands[s] for s in range(state.players) if s != seat]


def _refill(state: KasaneState, seat: int, cards: list[int]) -> None:
    start = 0
    for place in _hidden(state, seat):
        place[:] = cards[start : start + len(place)]
        start += len(place)


def redact(state: State, seat: int) -> KasaneState:
    """`state` as `seat` knows it: the unseen cards sorted into the hidden places, RNG zeroed."""
    assert isinstance(state, KasaneState)
    out = KasaneState.from_snapshot(state.snapshot())
    _refill(out, seat, sorted(c for place in _hidden(out, seat) for c in place))
    out.rng = Rng(0)
    return out


def sample(redacted: KasaneState, seat: int, rng: Rng) -> KasaneState:
    """A world: the unseen cards shuffled into the hidden places, a fresh RNG."""
    world = KasaneState.from_snapshot(redacted.snapshot())
    cards = [c for place in _hidden(world, seat) for c in place]
    rng.shuffle(cards)
    _refill(world, seat, cards)
    world.rng = Rng(rng.next64())
    return world


class Expert(ExpertPlayer[KasaneState]):
    """The strong planner with `SCENARIOS` (scaled by the budget) sampled futures, run on the
    redacted state, which shows the planner nothing its seat cannot see."""

    def redact(self, state: State, seat: int) -> KasaneState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[KasaneState], rng: Rng) -> KasaneState:
        return sample(knowledge.redacted, knowledge.seat, rng)

    def decide(self, knowledge: SeatKnowledge[KasaneState], rng: Rng) -> Action:
        planner = StrongPlayer()
        planner.scenarios = max(8, SCENARIOS * self.rollouts // 96)
        return planner.choose(knowledge.redacted, knowledge.seat, rng)
