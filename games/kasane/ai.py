"""CPU players of 襲ノ色目: a uniform random player and a look-ahead heuristic player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from games.core import Action, Rng, State
from games.kasane.actions import Meld, Pass, Take
from games.kasane.rules import SETUP, full_deck
from games.kasane.scoring import (
    MAX_COUNT,
    PLUS_ONE,
    PLUS_ONE_POINTS,
    SLOTS,
    SlotId,
    end_bonus,
    legal_melds,
    top_usable,
)
from games.kasane.views import PrivateView

__all__ = ["RandomPlayer", "StrongPlayer"]


class RandomPlayer:
    """Plays a uniformly random legal action."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


#: How much a card still missing from a growing sequence discounts that sequence's slot.
_GROWTH = 0.3
#: Discount of the next turn's best move against points scored now.
_NEXT_TURN = 0.85
#: Opponent-take scenarios sampled to guess which fronts are left for the next turn.
_SCENARIOS = 8


def _extendable(yaku: str, seq: Sequence[int], count: int) -> bool:
    """Whether `seq` could still grow into a `count`-card sequence of that yaku."""
    missing = count - len(seq)
    if missing <= 0 or any(c == PLUS_ONE for c in seq):
        return False
    if yaku == "kasane":
        return len(set(seq)) == 1
    if yaku == "ju":
        return sum(seq) + missing <= 10 <= sum(seq) + 9 * missing
    if yaku in ("sakura_chirashi", "chidori", "asanoha"):
        wanted = {"sakura_chirashi": {1, 2, 6}, "chidori": {3, 8, 9}, "asanoha": {4, 5, 7}}[yaku]
        return len(set(seq)) == len(seq) and set(seq) <= wanted
    if yaku in ("kagen", "jogen"):
        low, high = (1, 5) if yaku == "kagen" else (5, 9)
        if not all(low <= c <= high for c in seq):
            return False
        if len(seq) == 1:
            return max(seq[0] - low, high - seq[0]) >= missing
        rising = seq[1] > seq[0]
        steps = list(pairwise(seq))
        if not all((b > a) == rising and a != b for a, b in steps):
            return False
        room = high - seq[-1] if rising else seq[-1] - low
        return room >= missing
    parity = 1 if yaku == "kachofugetsu" else 0
    return all(c % 2 == parity for c in seq)


Used = frozenset[SlotId]
Outcome = tuple[float, Meld | None, list[int], list[int], Used]


def _free_counts(used: Used) -> dict[str, list[tuple[int, int]]]:
    """Per yaku, the free (count, points) pairs (first free slot of each count)."""
    free: dict[str, list[tuple[int, int]]] = {}
    for yaku, table in SLOTS.items():
        for count, points in table.items():
            for index, value in enumerate(points):
                if (yaku, count, index) not in used:
                    free.setdefault(yaku, []).append((count, value))
                    break
    return free


class _Planner:
    """Evaluates positions of one seat from what that seat may know (its private view)."""

    def __init__(self, view: PrivateView, rng: Rng, scenarios: int = _SCENARIOS) -> None:
        pub = view.public
        self.rng = rng
        self.scenarios = scenarios
        self.players = pub.players
        self.variant_b = pub.variant_b
        self.used: Used = frozenset((s.yaku, s.count, s.index) for s in pub.slots if s.used)
        self.rows = [list(r.cards) for r in pub.grid]
        self.turns_left = pub.turns_per_player - pub.turns_taken[view.seat]
        unseen = Counter(full_deck(self.players))
        unseen.subtract(view.hand)
        for tableau in pub.tableaus:
            unseen.subtract(tableau)
        for row in pub.grid:
            unseen.subtract(row.cards)
        self.unseen = [card for card, n in sorted(unseen.items()) for _ in range(max(n, 0))]
        self.grid_rows = SETUP[self.players].rows
        self._free: dict[Used, dict[str, list[tuple[int, int]]]] = {}
        self._shape: dict[Any, float] = {}
        self._best: dict[Any, float] = {}
        self._fronts: dict[Any, list[set[int]]] = {}

    def free(self, used: Used) -> dict[str, list[tuple[int, int]]]:
        found = self._free.get(used)
        if found is None:
            found = self._free[used] = _free_counts(used)
        return found

    # -- leaf heuristic -----------------------------------------------------------------------

    def shape(self, hand: Sequence[int], tableau: Sequence[int], used: Used, turns: int) -> float:
        """Value beyond the look-ahead: the best slot a top-of-hand sequence is still growing
        toward (discounted per missing card); the exact end bonus once no turn is left."""
        if turns <= 0:
            return float(end_bonus(tableau, len(hand)))
        key = (tuple(hand[-MAX_COUNT:]), tuple(tableau[-1:]), used, turns)
        found = self._shape.get(key)
        if found is not None:
            return found
        best = 0.0
        heads: list[tuple[int, ...]] = [()]
        if top_usable(tableau):
            heads.append((tableau[-1],))
        for yaku, slots in self.free(used).items():
            for head in heads:
                for k in range(1, min(len(hand), MAX_COUNT) + 1):
                    seq = head + tuple(hand[len(hand) - k :])
                    for count, points in slots:
                        missing = count - len(seq)
                        if 0 < missing <= turns and _extendable(yaku, seq, count):
                            best = max(best, points * _GROWTH**missing)
        self._shape[key] = best
        return best

    # -- one turn -----------------------------------------------------------------------------

    def after_take(
        self, hand: list[int], tableau: list[int], used: Used, card: int
    ) -> list[Outcome]:
        """Every way to finish a turn after taking `card`: (points, meld, hand, tableau, used)."""
        base = 0.0
        if card == PLUS_ONE:
            tableau = [*tableau, card]
            base = float(PLUS_ONE_POINTS)
        else:
            hand = [*hand, card]
        outcomes: list[Outcome] = [(base, None, hand, tableau, used)]
        if card == PLUS_ONE and not self.variant_b:
            return outcomes
        return outcomes + self.melds(base, hand, tableau, used)

    @staticmethod
    def melds(base: float, hand: list[int], tableau: list[int], used: Used) -> list[Outcome]:
        """The outcomes of every legal meld from this hand and tableau."""
        outcomes: list[Outcome] = []
        for m in legal_melds(hand, tableau, dict.fromkeys(used)):
            meld = m.action()
            rest = hand[: len(hand) - m.hand]
            laid = [*tableau, *hand[len(hand) - m.hand :]]
            slot = (m.yaku, m.count, m.index)
            outcomes.append((base + m.points, meld, rest, laid, used | {slot}))
        return outcomes

    def best_turn(
        self, hand: list[int], tableau: list[int], used: Used, card: int, turns: int
    ) -> float:
        """The best value of a future turn that takes `card` (no further look-ahead)."""
        key = (tuple(hand[-MAX_COUNT:]), len(hand), tuple(tableau[-1:]), len(tableau))
        key = (*key, used, card, turns)
        found = self._best.get(key)
        if found is None:
            found = self._best[key] = max(
                points + self.shape(h, t, u, turns - 1)
                for points, _, h, t, u in self.after_take(hand, tableau, used, card)
            )
        return found

    def fronts(self, rows: list[list[int]]) -> list[set[int]]:
        """Sampled sets of cards this seat may take next turn: the other players each take a
        random front first, or, across a round end, a new grid is dealt from unseen cards.
        Sampled once per grid so that every candidate move is judged on the same samples."""
        key = tuple(tuple(r) for r in rows)
        found = self._fronts.get(key)
        if found is not None:
            return found
        samples: list[set[int]] = []
        same_round = sum(len(r) for r in rows) - self.players >= self.players
        pool = self.unseen or [PLUS_ONE]
        for _ in range(self.scenarios):
            if same_round:
                grid = [list(r) for r in rows]
                for _ in range(self.players - 1):
                    self.rng.choice([r for r in grid if r]).pop()
                samples.append({r[-1] for r in grid if r})
            else:
                samples.append({self.rng.choice(pool) for _ in range(self.grid_rows)})
        self._fronts[key] = samples
        return samples

    def value(self, outcome: Outcome, rows: list[list[int]]) -> float:
        """Points now, plus the expected best next turn and a little of the leaf heuristic."""
        points, _, hand, tableau, used = outcome
        turns = self.turns_left - 1
        if turns <= 0:
            return points + end_bonus(tableau, len(hand))
        samples = self.fronts(rows)
        future = sum(
            max(self.best_turn(hand, tableau, used, card, turns) for card in fronts)
            for fronts in samples
        ) / len(samples)
        leaf = self.shape(hand, tableau, used, turns)
        return points + _NEXT_TURN * future + (1 - _NEXT_TURN) * leaf


class StrongPlayer:
    """Heuristic look-ahead player.

    It reads only `state.private_view(seat)`: its own hand, the public grid, tableaus and slots.
    For every take (and every meld after it) it adds the points scored now to the expected best
    next turn, sampling which fronts the other players leave (or, across a round end, fresh
    fronts from the cards it has not seen), plus a small value for sequences still growing
    toward a free slot; on its last turn it counts the end bonus exactly.
    """

    #: Opponent-take scenarios per decision (the expert level samples more).
    scenarios: int = _SCENARIOS

    def planner(self, state: State, view: PrivateView, rng: Rng) -> _Planner:
        """The position evaluator of one decision (the expert level brings its own)."""
        return _Planner(view, rng, self.scenarios)

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        view = state.private_view(seat)
        if not isinstance(view, PrivateView):
            raise TypeError("not a kasane state")
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        planner = self.planner(state, view, rng)
        hand = list(view.hand)
        tableau = list(view.public.tableaus[seat])
        best: tuple[float, int] | None = None
        choice = legal[0]
        if view.public.step == "take":
            for order, action in enumerate(legal):
                if not isinstance(action, Take):
                    continue
                rows = [list(r) for r in planner.rows]
                card = rows[action.row].pop()
                outcomes = planner.after_take(hand, tableau, planner.used, card)
                key = (max(planner.value(o, rows) for o in outcomes), -order)
                if best is None or key > best:
                    best, choice = key, action
            return choice
        # The meld step: the card is already taken; compare the ways to finish the turn.
        outcomes = [(0.0, None, hand, tableau, planner.used)]
        outcomes += planner.melds(0.0, hand, tableau, planner.used)
        for order, outcome in enumerate(outcomes):
            action = outcome[1] if outcome[1] is not None else Pass()
            if action not in legal:
                continue
            key = (planner.value(outcome, planner.rows), -order)
            if best is None or key > best:
                best, choice = key, action
        return choice
