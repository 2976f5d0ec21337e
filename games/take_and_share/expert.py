"""The expert CPU of Take & Share: determinized Monte Carlo played to the end of the deal.

What a seat cannot see is the other hands; every trick and every gift is public. Worlds are dealt
from the cards the seat has not seen, keeping each seat out of the suits it has shown it lacks
(void tracking from the trick log, `deal_constrained`). Every candidate (a card to play, or the
seat to give the next share card to) is tried on the same worlds with the same playout seed, and
each world is played to the end of the deal by `_Playout`, then scored by the real majority
scoring (running totals included in a long game) as the lead over the best other seat.

Compared with the strong player, whose continuations play random cards for three tricks and
hand out share cards at random, the expert's playouts (1) go to the end of the deal, so the
last tricks' shares and the final majorities are counted; (2) play cards by a cheap rule of the
game (win the trick when the share cards on the table are worth having, duck otherwise); (3) hand
out share cards as a giver does who keeps the best card and gives each other one where it helps
its receiver least; (4) the share step itself is searched by the same playouts rather than by the
immediate majority margin alone.
"""

from __future__ import annotations

from games.core import Action, Rng, State
from games.search import ExpertPlayer, SeatKnowledge, deal_constrained, margin
from games.take_and_share import actions as act
from games.take_and_share.ai import StrongPlayer, _points, _Sim, trick_winner_index
from games.take_and_share.cards import card_id
from games.take_and_share.state import TakeAndShareState
from games.take_and_share.views import PrivateView

__all__ = ["Expert", "redact"]

#: Tricks played in the playouts of one decision per unit of the rollout budget.
TRICKS_PER_ROLLOUT = 20
#: Fewest sampled worlds per decision, however many candidates there are.
MIN_WORLDS = 6
#: Chance that a playout card is random rather than the rule's (keeps the playouts varied).
NOISE = 0.25
#: Value of winning the game (shared wins split it), in points, added at the end of the deal.
WIN_BONUS = 2.0


def redact(state: State, seat: int) -> TakeAndShareState:
    """`state` as `seat` knows it: the other hands refilled from their pooled, sorted cards, the
    RNG zeroed."""
    assert isinstance(state, TakeAndShareState)
    out = state.copy()
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(c for s in others for c in state.hands[s])
    start = 0
    for s in others:
        out.hands[s] = pool[start : start + len(state.hands[s])]
        start += len(state.hands[s])
    out.rng = Rng(0)
    return out


class _Playout(_Sim):
    """The strong player's table simulator with the expert's playout policy."""

    __slots__ = ()

    def finish_share(self, rng: Rng) -> None:
        """The giver keeps the card that gains it most; the others go, biggest first, each to
        the seat it gains least (ties: the first such seat)."""
        seats = [s for s in range(self.players) if s not in self.given]
        cards = list(self.to_give)
        if self.giver in seats:
            best = max(cards, key=lambda c: (self.gain(self.giver, c), c % 10))
            cards.remove(best)
            seats.remove(self.giver)
            self.receive(self.giver, best)
        cards.sort(key=lambda c: -(c % 10))
        for card in cards:
            to = min(seats, key=lambda s: self.gain(s, card))
            seats.remove(to)
            self.receive(to, card)
        self.to_give = []
        self.given = []

    def card(self, seat: int, rng: Rng) -> int:
        """A playout card: mostly the rule's, sometimes (`NOISE`) a random legal one. The rule
        wants the trick when some current share card would gain the seat a point, and then plays
        the card most likely to take it as the trick stands; otherwise it plays to lose it."""
        hand = self.hands[seat]
        trick = self.trick
        legal = hand
        if trick:
            lead = trick[0] // 10
            follow = [c for c in hand if c // 10 == lead]
            if follow:
                legal = follow
        if len(legal) == 1:
            return legal[0]
        if not trick or rng.below(100) < NOISE * 100:
            return legal[rng.below(len(legal))]
        want = any(self.gain(seat, c) > 0 for c in self.share)
        lead = trick[0] // 10
        off_suit = any(c // 10 != lead for c in trick) or legal[0] // 10 != lead
        low = min(legal, key=lambda c: c % 10)
        high = max(legal, key=lambda c: c % 10)
        if off_suit:
            # the lowest number takes the trick
            lowest = min(c % 10 for c in trick)
            if want:
                return low if low % 10 < lowest else high
            return high
        # everything followed so far: the highest takes it
        highest = max(c % 10 for c in trick)
        if want:
            return high if high % 10 > highest else low
        under = [c for c in legal if c % 10 < highest]
        return max(under, key=lambda c: c % 10) if under else low

    def play_out(self, rng: Rng) -> None:
        """Play to the end of the deal, each trick followed by its share."""
        players = self.players
        if self.to_give:
            self.finish_share(rng)
        while self.trick or self.hands[self.leader]:
            trick = self.trick
            seat = (self.leader + len(trick)) % players
            while len(trick) < players:
                card = self.card(seat, rng)
                self.hands[seat].remove(card)
                trick.append(card)
                seat = (seat + 1) % players
            winner = (self.leader + trick_winner_index(trick)) % players
            self.leader = winner
            self.to_give = self.share
            self.share = trick
            self.trick = []
            self.giver = winner
            self.finish_share(rng)


def _value(sim: _Sim, seat: int, totals: list[int]) -> float:
    """The seat's lead at the end of a playout, with a bonus for winning."""
    points = _points(sim.sums, sim.counts, sim.players)
    scores = [p + t for p, t in zip(points, totals, strict=True)]
    best = max(scores)
    won = WIN_BONUS / scores.count(best) if scores[seat] == best else 0.0
    return margin(scores, seat) + won


class Expert(ExpertPlayer[TakeAndShareState]):
    """Determinized Monte Carlo over the seat's knowledge with playouts to the end of the deal;
    `rollouts` × `TRICKS_PER_ROLLOUT` tricks are played per decision, spread over the
    candidates."""

    def redact(self, state: State, seat: int) -> TakeAndShareState:
        return redact(state, seat)

    def _world(
        self, knowledge: SeatKnowledge[TakeAndShareState], rng: Rng
    ) -> tuple[_Playout, list[int], list[set[int]]]:
        view = knowledge.view
        assert isinstance(view, PrivateView)
        sim, unseen, voids = StrongPlayer._table(StrongPlayer(), view)
        table = _Playout.__new__(_Playout)
        for name in _Sim.__slots__:
            setattr(table, name, getattr(sim, name))
        return table, unseen, voids

    def _deal(
        self,
        table: _Playout,
        seat: int,
        unseen: list[int],
        sizes: list[int],
        voids: list[set[int]],
        rng: Rng,
    ) -> _Playout:
        others = [s for s in range(table.players) if s != seat]
        dealt = deal_constrained(
            unseen,
            [sizes[s] for s in others],
            lambda h, card: card // 10 not in voids[others[h]],
            rng,
        )
        world = table.copy()
        assert isinstance(world, _Playout)
        for s, hand in zip(others, dealt, strict=True):
            world.hands[s] = hand
        return world

    def sample(self, knowledge: SeatKnowledge[TakeAndShareState], rng: Rng) -> TakeAndShareState:
        """A world: the unseen cards dealt to the other hands, each seat kept out of the suits
        it has shown it lacks where the deal allows."""
        view = knowledge.view
        assert isinstance(view, PrivateView)
        table, unseen, voids = self._world(knowledge, rng)
        dealt = self._deal(table, knowledge.seat, unseen, list(view.public.hand_sizes), voids, rng)
        world = knowledge.redacted.copy()
        for s in range(world.players):
            if s != knowledge.seat:
                world.hands[s] = sorted(dealt.hands[s])
        world.rng = Rng(rng.next64())
        return world

    def decide(self, knowledge: SeatKnowledge[TakeAndShareState], rng: Rng) -> Action:
        view = knowledge.view
        assert isinstance(view, PrivateView)
        seat = knowledge.seat
        legal = knowledge.redacted.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        table, unseen, voids = self._world(knowledge, rng)
        sizes = list(view.public.hand_sizes)
        totals = list(view.public.totals)
        tricks_left = max(1, max(sizes))
        worlds = max(MIN_WORLDS, self.rollouts * TRICKS_PER_ROLLOUT // (tricks_left * len(legal)))
        values = [0.0] * len(legal)
        for _ in range(worlds):
            dealt = self._deal(table, seat, unseen, sizes, voids, rng)
            branch = rng.next64()
            for i, action in enumerate(legal):
                world = dealt.copy()
                assert isinstance(world, _Playout)
                if isinstance(action, act.Play):
                    card = card_id(action.suit, action.number)
                    world.hands[seat].remove(card)
                    world.trick.append(card)
                else:
                    assert isinstance(action, act.Give)
                    world.receive(action.to, world.to_give.pop(0))
                    world.given.append(action.to)
                world.play_out(Rng(branch))
                values[i] += _value(world, seat, totals)
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]
