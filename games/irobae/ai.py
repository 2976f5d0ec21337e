"""CPU players of 色映に生へど: a uniform random player and a determinised Monte Carlo player."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from games.core import Action, Rng, State
from games.irobae import actions as act
from games.irobae.rules import MAX_NUMBER, deck
from games.irobae.scoring import trick_winner
from games.irobae.views import PrivateView

__all__ = ["RandomPlayer", "StrongPlayer"]


class RandomPlayer:
    """Chooses uniformly among the legal actions."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


def _pile_score(pile: list[int]) -> int:
    """`scoring.deal_score` on card ids, inlined for the rollouts' inner loop."""
    lowest: dict[int, int] = {}
    count: dict[int, int] = {}
    for card in pile:
        colour, number = divmod(card, MAX_NUMBER)
        count[colour] = count.get(colour, 0) + 1
        if colour not in lowest or number < lowest[colour]:
            lowest[colour] = number
    return sum(lowest[c] + 1 - (count[c] - 1) for c in lowest)


def _winner_index(trick: list[int]) -> int:
    return trick_winner([divmod(c, MAX_NUMBER) for c in trick])


@dataclass
class _Knowledge:
    """What one seat knows about the deal in progress, rebuilt from its views only."""

    players: int
    seat: int
    hand: list[int]
    leader: int
    trick: list[int]
    piles: list[list[int]]
    hand_sizes: list[int]
    tricks_left: int
    #: Cards known to lie in another seat's hand (the cards this seat passed, until played).
    known: dict[int, list[int]] = field(default_factory=dict)
    #: Colours each seat has shown it does not hold (it failed to follow them).
    voids: list[set[int]] = field(default_factory=list)
    #: Cards whose place is unknown: other hands and the unused cards.
    pool: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, view: PrivateView) -> _Knowledge:
        pub = view.public
        n = pub.players
        piles: list[list[int]] = [[] for _ in range(n)]
        voids: list[set[int]] = [set() for _ in range(n)]
        played: set[int] = set()
        sequences = [[(p.seat, p.card.id) for p in t.cards] for t in pub.tricks]
        for t in pub.tricks:
            piles[t.winner].extend(p.card.id for p in t.cards)
        sequences.append([(p.seat, p.card.id) for p in pub.trick])
        for sequence in sequences:
            colours: list[int] = []
            for seat, card in sequence:
                played.add(card)
                colour = card // MAX_NUMBER
                if colour not in colours:
                    voids[seat].update(colours)
                    colours.append(colour)
        hand = [c.id for c in view.hand]
        known_left = [c.id for c in view.passed if c.id not in played]
        known = {view.pass_to: known_left} if known_left else {}
        hidden = played | set(hand) | set(known_left)
        return cls(
            players=n,
            seat=view.seat,
            hand=hand,
            leader=pub.leader if pub.leader is not None else 0,
            trick=[p.card.id for p in pub.trick],
            piles=piles,
            hand_sizes=list(pub.hand_sizes),
            tricks_left=pub.tricks_per_deal - len(pub.tricks),
            known=known,
            voids=voids,
            pool=[c for c in deck(n) if c not in hidden],
        )

    def sample_hands(self, rnd: random.Random) -> list[list[int]]:
        """Deal the unseen cards to the other seats, respecting shown voids where possible."""
        others = [s for s in range(self.players) if s != self.seat]
        need = {s: self.hand_sizes[s] - len(self.known.get(s, [])) for s in others}
        for attempt in range(12):
            pool = list(self.pool)
            rnd.shuffle(pool)
            use_voids = attempt < 10
            hands: list[list[int]] = [[] for _ in range(self.players)]
            hands[self.seat] = list(self.hand)
            order = sorted(others, key=lambda s: -len(self.voids[s]) if use_voids else 0)
            ok = True
            for s in order:
                hand = list(self.known.get(s, []))
                void = self.voids[s] if use_voids else set()
                rest: list[int] = []
                for card in pool:
                    if len(hand) - len(self.known.get(s, [])) < need[s] and (
                        card // MAX_NUMBER not in void
                    ):
                        hand.append(card)
                    else:
                        rest.append(card)
                if len(hand) - len(self.known.get(s, [])) < need[s]:
                    ok = False
                    break
                hands[s] = hand
                pool = rest
            if ok:
                return hands
        raise RuntimeError("no consistent deal of the unseen cards")


def _rollout(
    hands: list[list[int]],
    leader: int,
    trick: list[int],
    piles: list[list[int]],
    tricks_left: int,
    players: int,
    rnd: random.Random,
) -> list[list[int]]:
    """Play the deal out with uniformly random legal cards; return the final piles."""
    while tricks_left:
        while len(trick) < players:
            hand = hands[(leader + len(trick)) % players]
            if trick:
                colours = {c // MAX_NUMBER for c in trick}
                options = [c for c in hand if c // MAX_NUMBER in colours] or hand
            else:
                options = hand
            card = options[int(rnd.random() * len(options))]
            hand.remove(card)
            trick.append(card)
        winner = (leader + _winner_index(trick)) % players
        piles[winner].extend(trick)
        leader = winner
        trick = []
        tricks_left -= 1
    return piles


def rollout_values(
    know: _Knowledge,
    candidates: list[int],
    plays: int,
    sample_bounds: tuple[int, int],
    rnd: random.Random,
    value: Callable[[list[list[int]]], float],
) -> dict[int, float]:
    """For each candidate card, the sum of `value(final piles)` over re-deals of the unseen
    cards (`know.sample_hands`), the candidate played and the deal played out at random. Every
    candidate meets the same re-deals; their number spends about `plays` simulated card plays,
    within `sample_bounds` (least, most)."""
    n = know.players
    remaining = max(1, know.tricks_left * n - len(know.trick))
    least, most = sample_bounds
    samples = max(least, min(most, plays // (remaining * len(candidates))))
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(samples):
        hands = know.sample_hands(rnd)
        for card in candidates:
            sim_hands = [list(h) for h in hands]
            sim_hands[know.seat].remove(card)
            piles = _rollout(
                sim_hands,
                know.leader,
                [*know.trick, card],
                [list(p) for p in know.piles],
                know.tricks_left,
                n,
                rnd,
            )
            totals[card] += value(piles)
    return totals


class StrongPlayer:
    """Determinised Monte Carlo: for each candidate card, re-deal the unseen cards consistently
    with what the seat has seen (its hand, its passed cards, the players' shown voids) and play
    the deal out at random; pick the card with the best mean of own score minus the others'
    average. Every candidate is measured on the same re-deals. The pass uses a heuristic
    (`_pass`)."""

    #: Simulated card plays per decision; bounds the thinking time.
    budget: int = 10000
    min_samples: int = 8
    max_samples: int = 100

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.private_view(seat)
        assert isinstance(view, PrivateView)
        if isinstance(legal[0], act.PassCards):
            return self._pass(view)
        return self._play(view, [a.card for a in legal if isinstance(a, act.PlayCard)], rng)

    def _pass(self, view: PrivateView) -> act.PassCards:
        """Pass from the shortest colours, highest first: a colour emptied early lets this seat
        play freely and move the trump marker, and high cards would collect tricks late."""
        count: dict[int, int] = {}
        for card in view.passable:
            count[card // MAX_NUMBER] = count.get(card // MAX_NUMBER, 0) + 1
        ranked = sorted(view.passable, key=lambda c: (count[c // MAX_NUMBER], -(c % MAX_NUMBER), c))
        a, b = sorted(ranked[:2])
        return act.PassCards(a=a, b=b)

    def _play(self, view: PrivateView, candidates: list[int], rng: Rng) -> act.PlayCard:
        know = _Knowledge.of(view)
        n = know.players

        def margin(piles: list[list[int]]) -> float:
            scores = [_pile_score(p) for p in piles]
            mine = scores[know.seat]
            return mine - (sum(scores) - mine) / (n - 1)

        totals = rollout_values(
            know,
            candidates,
            self.budget,
            (self.min_samples, self.max_samples),
            random.Random(rng.next64()),
            margin,
        )
        best = max(candidates, key=lambda c: (totals[c], -c))
        return act.PlayCard(card=best)
