"""The expert CPU of 五行: the one-step planner over many more sampled unseen cards.

What a seat cannot see: the deck and the other players' face-down cards (and a card another seat
holds pending mid-turn). The expert hands the planner of `games.gogyo.ai` only the redacted state
(the seat's knowledge) and lets it sample four times as many unseen cards when it prices deck
draws, duels and the declaration.
"""

from __future__ import annotations

from games.core import Action, Rng, State
from games.gogyo.ai import StrongPlayer
from games.gogyo.state import GogyoState
from games.search import ExpertPlayer, SeatKnowledge

__all__ = ["Expert", "redact", "sample"]

#: Samples per estimate for `DEFAULT_ROLLOUTS` (the strong player takes 12).
SAMPLES = 48


def _pending_hidden(state: GogyoState, seat: int) -> bool:
    return state.pending is not None and seat not in state.to_act()


def _unseen(state: GogyoState, seat: int) -> list[int]:
    cards = list(state.deck)
    for s in range(state.players):
        if s != seat:
            cards += state.down[s]
    if _pending_hidden(state, seat):
        cards.append(state.pending)  # type: ignore[arg-type]
    return cards


def _refill(state: GogyoState, seat: int, cards: list[int]) -> None:
    """Put `cards` back in `_unseen` order: deck, each other seat's face-down cards (replaced in
    place in its hand too), the pending card."""
    start = len(state.deck)
    state.deck = cards[:start]
    for s in range(state.players):
        if s == seat:
            continue
        old = state.down[s]
        new = cards[start : start + len(old)]
        start += len(old)
        swap = dict(zip(old, new, strict=True))
        state.hands[s] = [swap.get(c, c) for c in state.hands[s]]
        state.down[s] = new
    if _pending_hidden(state, seat):
        state.pending = cards[start]


def redact(state: State, seat: int) -> GogyoState:
    """`state` as `seat` knows it: the unseen cards sorted into the hidden places, RNG zeroed."""
    assert isinstance(state, GogyoState)
    out = GogyoState.from_snapshot(state.snapshot())
    _refill(out, seat, sorted(_unseen(out, seat)))
    out.rng = Rng(0)
    return out


def sample(redacted: GogyoState, seat: int, rng: Rng) -> GogyoState:
    """A world: the unseen cards shuffled into the hidden places, a fresh RNG."""
    world = GogyoState.from_snapshot(redacted.snapshot())
    cards = _unseen(world, seat)
    rng.shuffle(cards)
    _refill(world, seat, cards)
    world.rng = Rng(rng.next64())
    return world


class Expert(ExpertPlayer[GogyoState]):
    """The strong planner with `SAMPLES` (scaled by the budget) samples per estimate, run on
    the redacted state, which shows the planner nothing its seat cannot see."""

    def redact(self, state: State, seat: int) -> GogyoState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[GogyoState], rng: Rng) -> GogyoState:
        return sample(knowledge.redacted, knowledge.seat, rng)

    def decide(self, knowledge: SeatKnowledge[GogyoState], rng: Rng) -> Action:
        planner = StrongPlayer()
        planner.samples = max(12, SAMPLES * self.rollouts // 96)
        return planner.choose(knowledge.redacted, knowledge.seat, rng)
