"""Pure scoring rules of 襲ノ色目: yaku conditions, the slot table, melds and the end bonus."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import get_args

from games.kasane import actions as act

__all__ = [
    "COLOUR_BONUS",
    "COLOUR_BONUS_MIN_CARDS",
    "EMPTY_HAND_BONUS",
    "MAX_COUNT",
    "PLUS_ONE",
    "PLUS_ONE_POINTS",
    "SLOTS",
    "YAKU",
    "MeldOption",
    "SlotId",
    "all_slots",
    "colour_bonus",
    "end_bonus",
    "first_free_slot",
    "legal_melds",
    "matches",
    "slot_points",
    "top_usable",
]

#: The `+1` card. It has no colour and never satisfies a yaku condition.
PLUS_ONE = 0
#: Points scored at once for taking a `+1` card.
PLUS_ONE_POINTS = 1

#: Yaku ids, in the order of the reference card (also the order of the slot table): the
#: values of the `YakuId` type that a meld names.
YAKU: tuple[str, ...] = get_args(act.YakuId)

# Decision — slot table (rules/kasane.md, "Decision — slot table"). The printed values are in
# the rulebook's missing figures; this is the project's default table. For each yaku: slot
# count (the length of the sequence judged) -> the points of each slot of that count, in the
# order the slots are used. A count with two entries has two slots: the first achiever takes
# the first entry, the second achiever the second (4 then 3 for the red-frame set yaku). A slot
# is identified by (yaku, count, index), index 0 or 1.
SLOTS: dict[str, dict[int, tuple[int, ...]]] = {
    "kasane": {2: (1, 1), 3: (3, 3), 4: (6,)},
    "ju": {2: (1, 1), 3: (2,), 4: (4,)},
    "sakura_chirashi": {3: (4, 3)},
    "chidori": {3: (4, 3)},
    "asanoha": {3: (4, 3)},
    "kagen": {3: (3,), 4: (5,), 5: (8,)},
    "jogen": {3: (3,), 4: (5,), 5: (8,)},
    "kachofugetsu": {3: (2,), 4: (4,), 5: (6,), 6: (9,)},
    "setsugetsufuka": {3: (2,), 4: (4,), 5: (6,), 6: (9,)},
}

#: The longest slot of the table: no meld is ever longer.
MAX_COUNT = max(count for table in SLOTS.values() for count in table)

#: Final colour bonus by the number of distinct colours on a tableau of 8 or more cards.
COLOUR_BONUS: dict[int, int] = {0: 0, 1: 5, 2: 4, 3: 3, 4: 2, 5: 0, 6: 2, 7: 3, 8: 4, 9: 5}
#: A tableau needs this many cards (`+1` cards included) to earn the colour bonus.
COLOUR_BONUS_MIN_CARDS = 8
#: Extra points at the end for an empty hand (all 12 cards laid).
EMPTY_HAND_BONUS = 2

SlotId = tuple[str, int, int]

_SETS: dict[str, tuple[int, ...]] = {
    "sakura_chirashi": (1, 2, 6),
    "chidori": (3, 8, 9),
    "asanoha": (4, 5, 7),
}


def _monotone_within(seq: Sequence[int], low: int, high: int) -> bool:
    if not all(low <= card <= high for card in seq):
        return False
    pairs = list(pairwise(seq))
    return all(a < b for a, b in pairs) or all(a > b for a, b in pairs)


_CONDITIONS: dict[str, Callable[[Sequence[int]], bool]] = {
    "kasane": lambda seq: all(card == seq[0] for card in seq),
    "ju": lambda seq: sum(seq) == 10,
    "sakura_chirashi": lambda seq: tuple(sorted(seq)) == _SETS["sakura_chirashi"],
    "chidori": lambda seq: tuple(sorted(seq)) == _SETS["chidori"],
    "asanoha": lambda seq: tuple(sorted(seq)) == _SETS["asanoha"],
    "kagen": lambda seq: _monotone_within(seq, 1, 5),
    "jogen": lambda seq: _monotone_within(seq, 5, 9),
    "kachofugetsu": lambda seq: all(card % 2 == 1 for card in seq),
    "setsugetsufuka": lambda seq: all(card % 2 == 0 for card in seq),
}


def matches(yaku: str, seq: Sequence[int]) -> bool:
    """Whether the sequence satisfies the yaku's condition, whatever its length.

    Cards are 1–9, `0` is a `+1` card (never matches); an empty sequence never matches; an
    unknown yaku id raises `KeyError`. Whether a slot of that length exists is not checked here.
    """
    condition = _CONDITIONS[yaku]
    cards = list(seq)
    if not cards or any(not 1 <= card <= 9 for card in cards):
        return False
    return condition(cards)


def colour_bonus(tableau: Sequence[int]) -> int:
    """The colour bonus of a finished tableau (0 below 8 cards)."""
    if len(tableau) < COLOUR_BONUS_MIN_CARDS:
        return 0
    colours = {card for card in tableau if card != PLUS_ONE}
    return COLOUR_BONUS[len(colours)]


def end_bonus(tableau: Sequence[int], hand_size: int) -> int:
    """Final bonus: the colour bonus (tableau of 8+ cards) plus 2 for an empty hand."""
    return colour_bonus(tableau) + (EMPTY_HAND_BONUS if hand_size == 0 else 0)


def all_slots() -> Iterator[tuple[SlotId, int]]:
    """Every slot of the table as `((yaku, count, index), points)`, in table order."""
    for yaku in YAKU:
        for count, points in SLOTS[yaku].items():
            for index, value in enumerate(points):
                yield (yaku, count, index), value


def slot_points(slot: SlotId) -> int:
    yaku, count, index = slot
    return SLOTS[yaku][count][index]


def first_free_slot(yaku: str, count: int, used: Mapping[SlotId, object]) -> int | None:
    """The index of the first free slot of that yaku and count, or None (none or all used)."""
    for index in range(len(SLOTS.get(yaku, {}).get(count, ()))):
        if (yaku, count, index) not in used:
            return index
    return None


def top_usable(tableau: Sequence[int]) -> bool:
    """Whether the tableau's top card may open the next meld: it exists and is not a `+1`.

    Only melds and `+1` cards reach the tableau, so a number on top means an earlier meld.
    """
    return bool(tableau) and tableau[-1] != PLUS_ONE


@dataclass(frozen=True)
class MeldOption:
    """A meld a player could make now: the slot it scores and the exact sequence judged."""

    yaku: str
    count: int
    index: int
    hand: int
    top: bool
    points: int
    cards: tuple[int, ...]

    def action(self) -> act.Meld:
        """The action that makes this meld."""
        return act.Meld(yaku=self.yaku, count=self.count, hand=self.hand, top=self.top)


def legal_melds(
    hand: Sequence[int], tableau: Sequence[int], used: Mapping[SlotId, object]
) -> list[MeldOption]:
    """Every meld possible with that hand (bottom → top) and tableau (bottom → top).

    Ordered by points (highest first), then yaku table order, slot count, and without the
    tableau card before with it. Each (yaku, count) offers only its first free slot.
    """
    options: list[tuple[int, MeldOption]] = []
    can_top = top_usable(tableau)
    for order, yaku in enumerate(YAKU):
        for count in SLOTS[yaku]:
            index = first_free_slot(yaku, count, used)
            if index is None:
                continue
            for top in (False, True) if can_top else (False,):
                k = count - 1 if top else count
                if k < 1 or k > len(hand):
                    continue
                seq = ((tableau[-1],) if top else ()) + tuple(hand[len(hand) - k :])
                if matches(yaku, seq):
                    points = SLOTS[yaku][count][index]
                    options.append((order, MeldOption(yaku, count, index, k, top, points, seq)))
    options.sort(key=lambda item: (-item[1].points, item[0], item[1].count))
    return [option for _, option in options]
