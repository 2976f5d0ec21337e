"""CPU players: uniform random, and a determinised Monte-Carlo player.

`StrongPlayer` reads only the seat's private view (its hand, the public table, the trick history
and the gift log). Received cards are public through the gift log; the only hidden cards are the
other hands, which it re-deals from the unseen pool (respecting the suits a player has shown to
be void in) before every simulated continuation.
"""

from __future__ import annotations

from itertools import permutations

from games.core import Action, Rng, State
from games.take_and_share import actions as act
from games.take_and_share.cards import card_id, deck
from games.take_and_share.views import PrivateView

SUITS = 6


def trick_winner_index(trick: list[int]) -> int:
    """`scoring.trick_winner` for a trick of card ids (suit × 10 + number), as the simulations
    hold them: all of the lead suit → the highest card, else the first of the lowest numbers."""
    lead = trick[0] // 10
    if all(c // 10 == lead for c in trick):
        return max(range(len(trick)), key=lambda i: trick[i])
    numbers = [c % 10 for c in trick]
    return numbers.index(min(numbers))


class RandomPlayer:
    """Uniform over the legal actions."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


def _points(sums: list[int], counts: list[int], players: int) -> list[int]:
    """Per-seat majority points from flat `[seat * 6 + suit]` sums and counts."""
    out = [0] * players
    for suit in range(SUITS):
        best = 0
        for seat in range(players):
            value = sums[seat * SUITS + suit]
            if value > best:
                best = value
        if best:
            for seat in range(players):
                if sums[seat * SUITS + suit] == best:
                    out[seat] += counts[seat * SUITS + suit]
    return out


class _Sim:
    """A bare-bones copy of the table (ints and lists) for fast simulated continuations."""

    __slots__ = (
        "counts",
        "given",
        "giver",
        "hands",
        "leader",
        "players",
        "share",
        "sums",
        "to_give",
        "trick",
    )

    def __init__(self, players: int) -> None:
        self.players = players
        self.hands: list[list[int]] = []
        self.share: list[int] = []
        self.to_give: list[int] = []
        self.giver = -1
        self.given: list[int] = []
        self.trick: list[int] = []
        self.leader = 0
        self.sums = [0] * (players * SUITS)
        self.counts = [0] * (players * SUITS)

    def copy(self) -> _Sim:
        other = type(self).__new__(type(self))
        other.players = self.players
        other.hands = [list(h) for h in self.hands]
        other.share = list(self.share)
        other.to_give = list(self.to_give)
        other.giver = self.giver
        other.given = list(self.given)
        other.trick = list(self.trick)
        other.leader = self.leader
        other.sums = list(self.sums)
        other.counts = list(self.counts)
        return other

    def receive(self, seat: int, card: int) -> None:
        index = seat * SUITS + card // 10
        self.sums[index] += card % 10 + 1
        self.counts[index] += 1

    def gain(self, seat: int, card: int) -> int:
        """How many points `seat` would gain from receiving `card`, others unchanged."""
        suit = card // 10
        players = self.players
        sums = self.sums
        mine = sums[seat * SUITS + suit]
        others = max(sums[s * SUITS + suit] for s in range(players) if s != seat)
        count = self.counts[seat * SUITS + suit]
        before = count if mine >= others and mine > 0 else 0
        after_sum = mine + card % 10 + 1
        after = count + 1 if after_sum >= others else 0
        return after - before

    def finish_share(self, rng: Rng) -> None:
        """The giver keeps the card that gains it most, and hands the rest out at random."""
        seats = [s for s in range(self.players) if s not in self.given]
        cards = self.to_give
        if self.giver in seats:
            best = max(cards, key=lambda c: (self.gain(self.giver, c), c % 10))
            cards = [c for c in cards if c != best]
            seats.remove(self.giver)
            self.receive(self.giver, best)
        rng.shuffle(cards)
        for card, seat in zip(cards, seats, strict=True):
            self.receive(seat, card)
        self.to_give = []
        self.given = []

    def run(self, rng: Rng, tricks: int) -> None:
        """Play on (random legal cards, greedy shares) for up to `tricks` more tricks, each
        followed by its share."""
        players = self.players
        if self.to_give:
            self.finish_share(rng)
        while tricks > 0 and self.hands[self.leader]:
            trick = self.trick
            seat = (self.leader + len(trick)) % players
            while len(trick) < players:
                hand = self.hands[seat]
                if trick:
                    lead = trick[0] // 10
                    follow = [c for c in hand if c // 10 == lead]
                    card = follow[rng.below(len(follow))] if follow else hand[rng.below(len(hand))]
                else:
                    card = hand[rng.below(len(hand))]
                hand.remove(card)
                trick.append(card)
                seat = (seat + 1) % players
            winner = (self.leader + trick_winner_index(trick)) % players
            self.leader = winner
            tricks -= 1
            # Every trick is shared, the last one included; the last trick's own cards then
            # stay on the table as share cards that nobody receives.
            self.to_give = self.share
            self.share = trick
            self.trick = []
            self.giver = winner
            self.finish_share(rng)


class StrongPlayer:
    """Flat Monte-Carlo over determinised deals with short rollouts for card play, and an
    exhaustive search over the whole assignment for the share step.

    `samples` deals are drawn per decision and shared by every candidate card (common random
    numbers); each continuation plays `horizon` tricks and is scored by the current majority
    points margin (cumulative totals included in a long game).
    """

    def __init__(self, samples: int = 48, horizon: int = 3) -> None:
        self.samples = samples
        self.horizon = horizon

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.private_view(seat)
        assert isinstance(view, PrivateView)
        if view.public.phase == "share":
            return self._share(view, legal)
        return self._play(view, legal, rng)

    # ------------------------------------------------------------ knowledge

    def _table(self, view: PrivateView) -> tuple[_Sim, list[int], list[set[int]]]:
        """The known table, the unseen cards, and each seat's known void suits."""
        pub = view.public
        players = pub.players
        sim = _Sim(players)
        known: set[int] = set()
        for gift in pub.gifts:
            card = card_id(gift.suit, gift.number)
            sim.receive(gift.to, card)
            known.add(card)
        voids: list[set[int]] = [set() for _ in range(players)]
        for record in pub.history:
            lead = record.cards[0].suit
            for played in record.cards:
                known.add(card_id(played.suit, played.number))
                if played.suit != lead:
                    voids[played.seat].add(lead)
        for played in pub.trick:
            if played.suit != pub.trick[0].suit:
                voids[played.seat].add(pub.trick[0].suit)
        sim.trick = [card_id(p.suit, p.number) for p in pub.trick]
        sim.share = [card_id(*c) for c in pub.share_cards]
        sim.to_give = [card_id(*c) for c in pub.to_give]
        sim.giver = pub.share_giver if pub.share_giver is not None else -1
        sim.given = list(pub.share_received)
        sim.leader = pub.leader
        mine = [card_id(*c) for c in view.hand]
        known.update(sim.trick, sim.share, sim.to_give, mine)
        unseen = [c for c in deck(players) if c not in known]
        sim.hands = [[] for _ in range(players)]
        sim.hands[view.seat] = mine
        return sim, unseen, voids

    @staticmethod
    def _deal(
        sim: _Sim, seat: int, unseen: list[int], sizes: list[int], voids: list[set[int]], rng: Rng
    ) -> _Sim:
        """A copy of `sim` with the unseen cards dealt to the other seats (voids respected
        when a random greedy deal manages it within a few tries)."""
        others = [s for s in range(sim.players) if s != seat]
        for _attempt in range(8):
            cards = list(unseen)
            rng.shuffle(cards)
            room = {s: sizes[s] for s in others}
            hands: dict[int, list[int]] = {s: [] for s in others}
            ok = True
            for card in cards:
                fits = [s for s in others if room[s] and card // 10 not in voids[s]]
                if not fits:
                    ok = False
                    break
                target = fits[rng.below(len(fits))]
                hands[target].append(card)
                room[target] -= 1
            if ok:
                break
        else:
            cards = list(unseen)
            rng.shuffle(cards)
            hands = {}
            start = 0
            for s in others:
                hands[s] = cards[start : start + sizes[s]]
                start += sizes[s]
        out = sim.copy()
        for s in others:
            out.hands[s] = hands[s]
        return out

    @staticmethod
    def _utility(sim: _Sim, seat: int, totals: list[int]) -> float:
        points = _points(sim.sums, sim.counts, sim.players)
        scores = [p + t for p, t in zip(points, totals, strict=True)]
        mine = scores[seat]
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        return mine - best_other + 0.1 * mine

    # ------------------------------------------------------------ decisions

    def _play(self, view: PrivateView, legal: list[Action], rng: Rng) -> Action:
        sim, unseen, voids = self._table(view)
        seat = view.seat
        sizes = list(view.public.hand_sizes)
        totals = view.public.totals
        values = [0.0] * len(legal)
        cards = [card_id(a.suit, a.number) for a in legal if isinstance(a, act.Play)]
        for _ in range(self.samples):
            dealt = self._deal(sim, seat, unseen, sizes, voids, rng)
            branch = rng.next64()
            for i, card in enumerate(cards):
                world = dealt.copy()
                world.hands[seat].remove(card)
                world.trick.append(card)
                world.run(Rng(branch), self.horizon)
                values[i] += self._utility(world, seat, totals)
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]

    def _share(self, view: PrivateView, legal: list[Action]) -> Action:
        """Try every way to hand out the remaining old share cards; keep the best by the
        resulting majority margin (ties: more of my own card numbers, then list order)."""
        sim, _unseen, _voids = self._table(view)
        seat = view.seat
        totals = view.public.totals
        cards = list(sim.to_give)
        seats = [s for s in range(sim.players) if s not in sim.given]
        best_value: tuple[float, int] | None = None
        best_first = -1
        for order in permutations(seats):
            world = sim.copy()
            for card, to in zip(cards, order, strict=True):
                world.receive(to, card)
            own = sum(world.sums[seat * SUITS + s] for s in range(SUITS))
            value = (self._utility(world, seat, totals), own)
            if best_value is None or value > best_value:
                best_value, best_first = value, order[0]
        for action in legal:
            if isinstance(action, act.Give) and action.to == best_first:
                return action
        return legal[0]


__all__ = ["RandomPlayer", "StrongPlayer"]
