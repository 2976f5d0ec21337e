"""襲ノ色目 scoring API, called with plain types exactly as external checks do."""

from __future__ import annotations

import pytest

from games.kasane.scoring import SLOTS, YAKU, all_slots, end_bonus, legal_melds, matches

YES: list[tuple[str, list[int]]] = [
    ("kasane", [2, 2]),
    ("kasane", [9, 9, 9]),
    ("kasane", [5, 5, 5, 5]),
    ("ju", [4, 6]),
    ("ju", [1, 7, 2]),
    ("ju", [5, 5]),
    ("ju", [1, 2, 3, 4]),
    ("ju", [9, 1]),
    ("sakura_chirashi", [1, 2, 6]),
    ("sakura_chirashi", [2, 6, 1]),
    ("sakura_chirashi", [6, 1, 2]),
    ("chidori", [3, 8, 9]),
    ("chidori", [9, 3, 8]),
    ("asanoha", [4, 5, 7]),
    ("asanoha", [5, 7, 4]),
    ("kagen", [1, 2, 4]),
    ("kagen", [5, 3, 2, 1]),
    ("kagen", [1, 2, 3, 4, 5]),
    ("kagen", [5, 4, 3, 2, 1]),
    ("kagen", [3, 2, 1]),
    ("kagen", [1, 5]),
    ("jogen", [9, 8, 5]),
    ("jogen", [5, 6, 7, 9]),
    ("jogen", [5, 6, 7, 8, 9]),
    ("jogen", [9, 7, 5]),
    ("kachofugetsu", [7, 5, 1, 1, 7, 3]),
    ("kachofugetsu", [1, 3, 7, 5]),
    ("kachofugetsu", [9, 9, 9]),
    ("setsugetsufuka", [8, 4, 6, 2, 8]),
    ("setsugetsufuka", [6, 4, 8]),
    ("setsugetsufuka", [6, 2, 4, 6]),
]

NO: list[tuple[str, list[int]]] = [
    ("kasane", [2, 3]),
    ("kasane", [9, 9, 8]),
    ("kasane", [0, 0]),
    ("ju", [4, 5]),
    ("ju", [5, 6]),
    ("ju", [9, 1, 0]),
    ("ju", [0, 4, 6]),
    ("ju", [2, 3, 4, 2]),
    ("sakura_chirashi", [6, 1, 1]),
    ("sakura_chirashi", [1, 2, 6, 6]),
    ("sakura_chirashi", [1, 2]),
    ("sakura_chirashi", [1, 2, 7]),
    ("sakura_chirashi", [1, 2, 0]),
    ("chidori", [9, 8, 9]),
    ("chidori", [3, 8]),
    ("chidori", [3, 8, 9, 3]),
    ("asanoha", [4, 5, 5]),
    ("asanoha", [4, 7]),
    ("kagen", [4, 5, 6]),
    ("kagen", [2, 3, 3, 4]),
    ("kagen", [4, 2, 2]),
    ("kagen", [1, 3, 2]),
    ("kagen", [5, 4, 5]),
    ("kagen", [6]),
    ("kagen", [1, 2, 3, 4, 5, 6]),
    ("jogen", [4, 5, 6]),
    ("jogen", [6, 9, 9]),
    ("jogen", [8, 7, 7, 5, 5]),
    ("jogen", [5, 7, 6]),
    ("jogen", [9, 8, 9]),
    ("kachofugetsu", [1, 3, 2]),
    ("kachofugetsu", [1, 0]),
    ("kachofugetsu", [0]),
    ("setsugetsufuka", [2, 4, 5]),
    ("setsugetsufuka", [0, 2]),
    ("setsugetsufuka", [0]),
]


@pytest.mark.parametrize(("yaku", "seq"), YES)
def test_matches_positive(yaku: str, seq: list[int]) -> None:
    assert matches(yaku, seq) is True
    assert matches(yaku, tuple(seq)) is True


@pytest.mark.parametrize(("yaku", "seq"), NO)
def test_matches_negative(yaku: str, seq: list[int]) -> None:
    assert matches(yaku, seq) is False


@pytest.mark.parametrize("yaku", YAKU)
def test_empty_and_plus_one_never_match(yaku: str) -> None:
    assert matches(yaku, []) is False
    assert matches(yaku, [0]) is False
    assert matches(yaku, [0, 0, 0]) is False
    assert matches(yaku, [10]) is False


def test_yaku_ids_are_the_published_ones() -> None:
    assert YAKU == (
        "kasane",
        "ju",
        "sakura_chirashi",
        "chidori",
        "asanoha",
        "kagen",
        "jogen",
        "kachofugetsu",
        "setsugetsufuka",
    )


def test_slot_table_matches_the_decision() -> None:
    assert SLOTS["kasane"] == {2: (1, 1), 3: (3, 3), 4: (6,)}
    assert SLOTS["ju"] == {2: (1, 1), 3: (2,), 4: (4,)}
    for yaku in ("sakura_chirashi", "chidori", "asanoha"):
        assert SLOTS[yaku] == {3: (4, 3)}
    for yaku in ("kagen", "jogen"):
        assert SLOTS[yaku] == {3: (3,), 4: (5,), 5: (8,)}
    for yaku in ("kachofugetsu", "setsugetsufuka"):
        assert SLOTS[yaku] == {3: (2,), 4: (4,), 5: (6,), 6: (9,)}
    slots = list(all_slots())
    assert len(slots) == 29
    assert sum(points for _, points in slots) == 117
    assert (("sakura_chirashi", 3, 1), 3) in slots


def test_end_bonus_seed_example() -> None:
    # 8 colours on a tableau of 11 cards (three +1), a 3 left in hand: +4.
    tableau = [1, 2, 4, 5, 0, 6, 7, 0, 8, 9, 0]
    assert end_bonus(tableau, 1) == 4
    # Had the 3 been laid: 9 colours (+5) and an empty hand (+2).
    assert end_bonus([*tableau, 3], 0) == 7


@pytest.mark.parametrize(
    ("tableau", "hand_size", "bonus"),
    [
        ([1, 2, 3, 4, 5, 6, 7], 5, 0),  # 7 cards: no colour bonus
        ([1, 2, 3, 4, 5, 6, 7, 0], 4, 3),  # the +1 makes 8 cards; 7 colours
        ([2] * 8, 4, 5),
        ([2, 2, 2, 2, 4, 4, 4, 4], 4, 4),
        ([1, 1, 2, 2, 3, 3, 3, 3], 4, 3),
        ([1, 2, 3, 4, 4, 4, 4, 4], 4, 2),
        ([1, 2, 3, 4, 5, 5, 5, 5], 4, 0),
        ([1, 2, 3, 4, 5, 6, 6, 6], 4, 2),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 5),
        ([0, 0, 0, 1, 1, 1, 1, 1], 4, 5),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3], 0, 7),
        ([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 0, 7),
        ([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2], 0, 2),
        ([], 0, 2),
    ],
)
def test_end_bonus_table(tableau: list[int], hand_size: int, bonus: int) -> None:
    assert end_bonus(tableau, hand_size) == bonus
    assert end_bonus(tuple(tableau), hand_size) == bonus


def test_legal_melds_seed_example_order_and_sequences() -> None:
    # Tableau 8,7,6 (an earlier meld), hand 3,2,4,6 after taking the 6.
    melds = legal_melds([3, 2, 4, 6], [8, 7, 6], {("jogen", 3, 0): 0})
    got = [(m.yaku, m.count, m.hand, m.top, m.points, m.cards) for m in melds]
    assert got == [
        ("setsugetsufuka", 4, 3, True, 4, (6, 2, 4, 6)),
        ("setsugetsufuka", 3, 3, False, 2, (2, 4, 6)),
        ("setsugetsufuka", 3, 2, True, 2, (6, 4, 6)),
        ("kasane", 2, 1, True, 1, (6, 6)),
        ("ju", 2, 2, False, 1, (4, 6)),
    ]
