"""The expert CPU of Take & Share: determinized Monte Carlo played deeper and wider.

What a seat cannot see is the other hands; every trick and every gift is public. Worlds are dealt
from the cards the seat has not seen, keeping each seat out of the suits it has shown it lacks
(void tracking from the trick log); each candidate card is tried on the same worlds and the deal is
played on by the fast simulator of `games.take_and_share.ai`, scored by the majority-points lead
over the best other seat (running totals included in a long game). The expert searches more worlds
and a longer continuation than the strong player, whose share step is already exhaustive.
"""

from __future__ import annotations

from games.core import Action, Rng, State
from games.search import ExpertPlayer, SeatKnowledge, deal_constrained
from games.take_and_share.ai import StrongPlayer
from games.take_and_share.state import TakeAndShareState
from games.take_and_share.views import PrivateView

__all__ = ["Expert", "redact"]

#: Worlds per decision for `DEFAULT_ROLLOUTS`, and tricks played on in each.
WORLDS = 96
HORIZON = 3


def redact(state: State, seat: int) -> TakeAndShareState:
    """`state` as `seat` knows it: the other hands refilled from their pooled, sorted cards, the
    RNG zeroed."""
    assert isinstance(state, TakeAndShareState)
    out = TakeAndShareState.from_snapshot(state.snapshot())
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(c for s in others for c in state.hands[s])
    start = 0
    for s in others:
        out.hands[s] = pool[start : start + len(state.hands[s])]
        start += len(state.hands[s])
    out.rng = Rng(0)
    return out


class Expert(ExpertPlayer[TakeAndShareState]):
    """The strong player's sampled search (`StrongPlayer._play`) run on the seat's view with
    `WORLDS` worlds and a `HORIZON`-trick continuation, scaled by the rollout budget."""

    def redact(self, state: State, seat: int) -> TakeAndShareState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[TakeAndShareState], rng: Rng) -> TakeAndShareState:
        """A world: the unseen cards dealt to the other hands, each seat kept out of the suits
        it has shown it lacks where the deal allows."""
        view = knowledge.view
        assert isinstance(view, PrivateView)
        _sim, unseen, voids = StrongPlayer._table(StrongPlayer(), view)
        world = TakeAndShareState.from_snapshot(knowledge.redacted.snapshot())
        others = [s for s in range(world.players) if s != knowledge.seat]
        sizes = [len(world.hands[s]) for s in others]
        dealt = deal_constrained(
            unseen, sizes, lambda h, card: card // 10 not in voids[others[h]], rng
        )
        for s, hand in zip(others, dealt, strict=True):
            world.hands[s] = sorted(hand)
        world.rng = Rng(rng.next64())
        return world

    def decide(self, knowledge: SeatKnowledge[TakeAndShareState], rng: Rng) -> Action:
        view = knowledge.view
        assert isinstance(view, PrivateView)
        legal = knowledge.redacted.legal_actions(knowledge.seat)
        if len(legal) == 1:
            return legal[0]
        search = StrongPlayer(samples=max(8, WORLDS * self.rollouts // 96), horizon=HORIZON)
        if view.public.phase == "share":
            return search._share(view, legal)
        return search._play(view, legal, rng)
