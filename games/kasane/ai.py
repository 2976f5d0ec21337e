"""CPU players of 襲ノ色目: a uniform random player and a look-ahead heuristic player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
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


def _free_counts(used: Mapping[SlotId, Any]) -> dict[str, list[tuple[int, int]]]:
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

    def __init__(self, view: PrivateView, rng: Rng) -> None:
        pub = view.public
        self.view = view
        self.rng = rng
        self.players = pub.players
        self.seat = view.seat
        self.variant_b = pub.variant_b
        self.used: dict[SlotId, Any] = {
            (s.yaku, s.count, s.index): s.by for s in pub.slots if s.used
        }
        self.free = _free_counts(self.used)
        self.rows = [list(r.cards) for r in pub.grid]
        self.turns_left = pub.turns_per_player - pub.turns_taken[self.seat]
        self.round_last = pub.round == pub.rounds
        unseen = Counter(full_deck(self.players))
        unseen.subtract(view.hand)
        for tableau in pub.tableaus:
            unseen.subtract(tableau)
        for row in pub.grid:
            unseen.subtract(row.cards)
        self.unseen = [card for card, n in unseen.items() for _ in range(max(n, 0))]
        self.grid_rows = SETUP[self.players].rows
        self._shape_cache: dict[Any, float] = {}
        self._best_cache: dict[Any, float] = {}

    # -- leaf heuristic -----------------------------------------------------------------------

    def shape(self, hand: Sequence[int], tableau: Sequence[int], turns_left: int) -> float:
        """Value beyond the look-ahead: growing sequences, and the end bonus late in the game."""
        if turns_left <= 0:
            return float(end_bonus(tableau, len(hand)))
        key = (tuple(hand[-MAX_COUNT:]), tableau[-1] if tableau else None, turns_left)
        found = self._shape_cache.get(key)
        if found is not None:
            return found
        best = 0.0
        heads = [()] + ([(tableau[-1],)] if top_usable(tableau) else [])
        for yaku, slots in self.free.items():
            for head in heads:
                for k in range(1, min(len(hand), MAX_COUNT) + 1):
                    seq = tuple(head) + tuple(hand[len(hand) - k :])
                    for count, points in slots:
                        missing = count - len(seq)
                        if 0 < missing <= turns_left and _extendable(yaku, seq, count):
                            best = max(best, points * _GROWTH**missing)
        value = best
        self._shape_cache[key] = value
        return value

    # -- one turn -----------------------------------------------------------------------------

    def after_take(
        self, hand: list[int], tableau: list[int], card: int, turns_left: int
    ) -> list[tuple[float, Action | None, list[int], list[int]]]:
        """Every way to finish a turn after taking `card`: (points, meld or None, hand, tableau)."""
        if card == PLUS_ONE:
            tableau = [*tableau, card]
            outcomes: list[tuple[float, Action | None, list[int], list[int]]] = [
                (float(PLUS_ONE_POINTS), None, hand, tableau)
            ]
            if not self.variant_b:
                return outcomes
            base = float(PLUS_ONE_POINTS)
        else:
            hand = [*hand, card]
            outcomes = [(0.0, None, hand, tableau)]
            base = 0.0
        for m in legal_melds(hand, tableau, self.used):
            action = Meld(yaku=m.yaku, count=m.count, hand=m.hand, top=m.top)
            rest = hand[: len(hand) - m.hand]
            laid = [*tableau, *hand[len(hand) - m.hand :]]
            outcomes.append((base + m.points, action, rest, laid))
        return outcomes

    def best_turn(self, hand: list[int], tableau: list[int], card: int, turns_left: int) -> float:
        """The best value of a future turn that takes `card` (no further look-ahead)."""
        key = (tuple(hand[-MAX_COUNT:]), len(hand), tuple(tableau[-1:]), len(tableau), card)
        key = (*key, turns_left)
        found = self._best_cache.get(key)
        if found is not None:
            return found
        value = max(
            points + self.shape(h, t, turns_left - 1)
            for points, _, h, t in self.after_take(hand, tableau, card, turns_left)
        )
        self._best_cache[key] = value
        return value

    def next_turn(self, hand: list[int], tableau: list[int], rows: list[list[int]]) -> float:
        """Expected value of this seat's next turn, given the grid after its current take."""
        turns_left = self.turns_left - 1
        if turns_left <= 0:
            return float(end_bonus(tableau, len(hand)))
        total = 0.0
        left_in_round = sum(len(r) for r in rows) - self.players
        for _ in range(_SCENARIOS):
            if left_in_round >= self.players:
                grid = [list(r) for r in rows]
                for _ in range(self.players - 1):
                    live = [r for r in grid if r]
                    self.rng.choice(live).pop()
                fronts = {r[-1] for r in grid if r}
            else:
                pool = self.unseen or [PLUS_ONE]
                fronts = {self.rng.choice(pool) for _ in range(self.grid_rows)}
            total += max(self.best_turn(hand, tableau, c, turns_left) for c in fronts)
        return total / _SCENARIOS

    def value(
        self, points: float, hand: list[int], tableau: list[int], rows: list[list[int]]
    ) -> float:
        """Points now plus the discounted look-ahead from the resulting position."""
        if self.turns_left - 1 <= 0:
            return points + end_bonus(tableau, len(hand))
        future = self.next_turn(hand, tableau, rows)
        return (
            points
            + _NEXT_TURN * future
            + (1 - _NEXT_TURN) * self.shape(hand, tableau, self.turns_left - 1)
        )


class StrongPlayer:
    """Heuristic look-ahead player.

    It reads only `state.private_view(seat)`: its own hand, the public grid, tableaus and slots.
    For every take (and every meld after it) it adds the points scored now to the expected best
    next turn, sampling which fronts the other players leave (or, across a round end, fresh
    fronts from the cards it has not seen), plus a small value for sequences still growing
    toward a free slot; on its last turn it counts the end bonus exactly.
    """

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        view = state.private_view(seat)
        assert isinstance(view, PrivateView)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        planner = _Planner(view, rng)
        hand = list(view.hand)
        tableau = list(view.public.tableaus[seat])
        if view.public.step == "take":
            return self._choose_take(planner, hand, tableau, legal)
        return self._choose_meld(planner, hand, tableau, legal)

    def _choose_take(
        self, planner: _Planner, hand: list[int], tableau: list[int], legal: list[Action]
    ) -> Action:
        best: tuple[float, int] | None = None
        choice = legal[0]
        for order, action in enumerate(legal):
            assert isinstance(action, Take)
            rows = [list(r) for r in planner.rows]
            card = rows[action.row].pop()
            outcomes = planner.after_take(hand, tableau, card, planner.turns_left)
            score = max(planner.value(p, h, t, rows) for p, _, h, t in outcomes)
            key = (score, -order)
            if best is None or key > best:
                best, choice = key, action
        return choice

    def _choose_meld(
        self, planner: _Planner, hand: list[int], tableau: list[int], legal: list[Action]
    ) -> Action:
        rows = [list(r) for r in planner.rows]
        best: float | None = None
        choice: Action = Pass()
        for action in legal:
            if isinstance(action, Meld):
                m = next(
                    o
                    for o in legal_melds(hand, tableau, planner.used)
                    if (o.yaku, o.count, o.hand, o.top)
                    == (action.yaku, action.count, action.hand, action.top)
                )
                rest = hand[: len(hand) - m.hand]
                laid = [*tableau, *hand[len(hand) - m.hand :]]
                score = planner.value(float(m.points), rest, laid, rows)
            else:
                score = planner.value(0.0, hand, tableau, rows)
            if best is None or score > best:
                best, choice = score, action
        return choice
