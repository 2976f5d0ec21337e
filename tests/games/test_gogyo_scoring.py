"""Gogyo scoring: the seed's example, every run rule, and best_score against a brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from games.gogyo.cards import ALL_CARDS, DYNASTIES, ELEMENTS, card_name
from games.gogyo.scoring import arrange_order, best_arrangement, best_score, order_score

_DYNASTY_POINTS = {5: 26, 4: 18, 3: 10}
_ELEMENT_POINTS = {5: 20, 4: 13, 3: 6}


def test_seed_figure_2_example() -> None:
    # 天 stands for 晋⑥ with 閥 skipped: 漢⑤ 天 隋⑦ from the second card = 10;
    # 閥 as 金: 火土金 from the first card = 6; 天 breaks the element run after it.
    order = ["清火", "漢土", "閥", "天", "隋木"]
    assert order_score(order) == 16
    marked = arrange_order(order)
    assert marked["dynasty_run"] == [1, 3, 4]
    assert marked["element_run"] == [0, 1, 2]
    assert marked["as"] == [None, None, "金", "晋", None]
    assert (marked["dynasty_points"], marked["element_points"], marked["total"]) == (10, 6, 16)
    # No other order of these cards does better (a 4-element run cannot keep 漢 天 隋).
    assert best_score(order) == 16


@pytest.mark.parametrize(
    ("order", "score"),
    [
        # 天 inside, at the start, at the end, at both ends, and twice in a five-run.
        (["漢木", "天", "隋火"], 10),
        (["天", "晋木", "隋火"], 10),
        (["晋木", "隋火", "天"], 10),
        (["天", "周木", "天"], 10),
        (["天", "殷木", "天", "秦土", "天"], 26),
        # 天 cannot stand before 夏 or after 清.
        (["天", "夏木", "殷金"], 0),
        (["明木", "清金", "天"], 0),
        # 閥 is skipped for dynasties and any element for elements.
        (["漢木", "閥", "晋土", "隋金"], 10 + 13),
        (["夏木", "閥", "周土"], 6),
        (["閥", "閥", "閥"], 6),
        # 清 → 夏 does not continue; 元 明 清 does.
        (["明木", "清火", "夏土"], 6),
        (["元木", "明火", "清土"], 10 + 6),
        # 水 → 木 continues.
        (["夏金", "殷水", "周木"], 10 + 6),
        (["秦水", "夏木", "明火", "唐土"], 13),
        # 天 has no element: it breaks element runs (閥 would not).
        (["夏木", "天", "周土"], 10),
        (["夏木", "閥", "周土"], 6),
        (["夏木", "殷火", "天", "秦金"], 18),
        # Dynasty runs of 3, 4, 5 alone.
        (["夏木", "殷木", "周木"], 10),
        (["夏木", "殷木", "周木", "秦木"], 18),
        (["夏木", "殷木", "周木", "秦木", "漢木"], 26),
        # Element runs of 3, 4, 5 alone.
        (["清木", "夏火", "明土"], 6),
        (["清木", "夏火", "明土", "周金"], 13),
        (["清木", "夏火", "明土", "周金", "元水"], 20),
        # Both at once, the maximum.
        (["夏水", "殷木", "周火", "秦土", "漢金"], 46),
        (["夏木", "殷火", "周土", "秦金", "唐水"], 18 + 20),
        # Runs read left to right only; two in a row score nothing.
        (["周木", "殷火", "夏土"], 6),
        (["周土", "殷火", "夏木"], 0),
        (["夏木", "殷火"], 0),
        ([], 0),
    ],
)
def test_order_score(order: list[str], score: int) -> None:
    assert order_score(order) == score


def test_longest_run_counts_not_the_first() -> None:
    assert order_score(["夏木", "殷木", "唐木", "宋木", "元木"]) == 10
    assert order_score(["夏木", "唐火", "周木", "宋火", "元土"]) == 6


def test_best_score_chooses_between_the_yaku() -> None:
    # Dynasties ascending need the elements descending: one yaku only.
    assert best_score(["周木", "殷火", "夏土"]) == 10
    assert best_score(("夏水", "殷木", "周火", "秦土", "漢金")) == 46
    assert best_score(["漢金", "秦土", "周火", "殷木", "夏水"]) == 46
    # Three 天 make a dynasty run of 3; two 閥 alone make no element run.
    assert best_score(["天", "天", "天", "閥", "閥"]) == 10


def test_best_arrangement_marks_the_runs() -> None:
    # 漢 天 隋 唐 needs 漢 first, so the element run cannot be 金水木火: 閥 ends 金水木.
    best = best_arrangement(["隋金", "閥", "天", "漢木", "唐水"])
    assert best["total"] == best_score(["隋金", "閥", "天", "漢木", "唐水"]) == 18 + 6
    assert order_score(best["order"]) == best["total"]
    assert sorted(best["order"]) == sorted(["隋金", "閥", "天", "漢木", "唐水"])
    assert best["order"] == ["漢木", "天", "隋金", "唐水", "閥"]
    assert best["dynasty_points"] == 18 and best["element_points"] == 6
    assert best["dynasty_run"] == [0, 1, 2, 3] and best["element_run"] == [2, 3, 4]
    assert best["as"] == [None, "晋", None, None, "木"]


def test_bad_cards_are_rejected() -> None:
    for bad in (["夏"], ["木夏"], ["X火"], [""]):
        with pytest.raises(ValueError):
            best_score(bad)


# -- brute force: every order and every value of every wild ------------------------------------


def _plain_score(dynasties: list[int | None], elements: list[int | None]) -> int:
    """Score of an order with every wild fixed (None: 閥 in dynasties, 天 in elements)."""
    ds = [d for d in dynasties if d is not None]
    best_d = 1 if ds else 0
    run = 1
    for a, b in itertools.pairwise(ds):
        run = run + 1 if b == a + 1 else 1
        best_d = max(best_d, run)
    best_e = run = 0
    previous: int | None = None
    for e in elements:
        if e is None:
            run = 0
        elif run and previous is not None and (previous + 1) % 5 == e:
            run += 1
        else:
            run = 1
        previous = e
        best_e = max(best_e, run)
    return _DYNASTY_POINTS.get(min(best_d, 5), 0) + _ELEMENT_POINTS.get(min(best_e, 5), 0)


def _brute_order(order: tuple[str, ...]) -> int:
    choices = []
    for name in order:
        if name == "天":
            choices.append([(d, None) for d in range(1, 13)])
        elif name == "閥":
            choices.append([(None, e) for e in range(5)])
        else:
            choices.append([(DYNASTIES.index(name[0]) + 1, ELEMENTS.index(name[1]))])
    return max(
        _plain_score([d for d, _ in pick], [e for _, e in pick])
        for pick in itertools.product(*choices)
    )


def _brute_best(hand: list[str]) -> int:
    return max(_brute_order(order) for order in set(itertools.permutations(hand)))


NAMES = [card_name(c) for c in ALL_CARDS]


def test_best_score_equals_brute_force_on_random_hands() -> None:
    rng = random.Random(20240606)
    for _ in range(250):
        hand = rng.sample(NAMES, 5)
        assert best_score(hand) == _brute_best(hand), hand
        order = rng.sample(hand, 5)
        assert order_score(order) == _brute_order(tuple(order)), order
        assert best_arrangement(hand)["total"] == best_score(hand)


def test_best_score_equals_brute_force_on_hands_rich_in_wilds_and_runs() -> None:
    rng = random.Random(66)
    checked = 0
    while checked < 40:
        wilds = [rng.choice("天閥") for _ in range(rng.choice((1, 2, 2, 3)))]
        low = rng.randrange(9)
        rest = [
            DYNASTIES[low + rng.randrange(4)] + ELEMENTS[rng.randrange(5)]
            for _ in range(5 - len(wilds))
        ]
        if len(set(rest)) < len(rest):
            continue
        hand = wilds + rest
        assert best_score(hand) == _brute_best(hand), hand
        checked += 1


def test_best_arrangement_is_the_first_best_order_of_the_hand_sorted_by_card() -> None:
    # The tie-break `best_arrangement` promises: of the orders scoring best, the first one in
    # `permutations` of the cards sorted by id (hands of 2 to 7 cards, wilds included).
    rng = random.Random(7)
    for _ in range(150):
        hand = rng.sample(NAMES, rng.randint(2, 7))
        names = sorted(hand, key=_lowest_id)
        first = next(
            order
            for order in itertools.permutations(names)
            if order_score(order) == best_score(hand)
        )
        assert best_arrangement(hand) == arrange_order(first), hand


def _lowest_id(name: str) -> int:
    """The lowest card id named `name`."""
    return next(c for c in ALL_CARDS if card_name(c) == name)
