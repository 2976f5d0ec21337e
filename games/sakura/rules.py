"""Rule tables of the cherry-tree flower game: bag contents, turn limits, mastery cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.sakura.scoring import BLACK

#: Bag per player count: (flowers of each of the five colours, black flowers, removed unseen).
SETUP: dict[int, tuple[int, int, int]] = {4: (18, 6, 0), 3: (15, 5, 0), 2: (13, 4, 3)}

MAX_DRAWS = 3  # draws per turn
MAX_FLOWERS = 8  # flowers per turn

#: After a failure the player keeps this many flowers, of different colours, on the field.
#: **Decision:** if only one colour is left, they keep 1 flower.
FAILURE_KEEP = 2

MasterySide = Literal["classic", "advanced"]
Condition = Literal["four_colours", "two_pairs", "six_flowers"]

#: The three double-sided mastery cards: condition → card id on each side, in display order.
#: **Decision:** each qualifying card's ability may be used at most once per turn, in any order.
MASTERY: dict[Condition, dict[MasterySide, str]] = {
    "four_colours": {"classic": "someiyoshino", "advanced": "komatsuotome"},
    "two_pairs": {"classic": "shinsumizome", "advanced": "sakuyahime"},
    "six_flowers": {"classic": "kenrokuen", "advanced": "kokonoe"},
}
CARD_CONDITION: dict[str, Condition] = {
    card: cond for cond, sides in MASTERY.items() for card in sides.values()
}

#: Flowers an ability draws from the bag (fewer when the bag runs short: it draws what is left).
#: **Decision:** when all of 小松乙女's flowers are black, they all go back into the bag.
ABILITY_DRAWS: dict[str, int] = {"shinsumizome": 1, "kenrokuen": 2, "komatsuotome": 3}


def four_colours(turn: Sequence[int]) -> bool:
    """4色: four different colours, each black counting as a missing colour."""
    return sum(1 for n in turn[:BLACK] if n) + turn[BLACK] >= 4


def two_pairs(turn: Sequence[int]) -> bool:
    """2組: two colours with at least 2 flowers each, each black counting as any colour."""
    blacks = turn[BLACK]
    pairs = sum(1 for n in turn[:BLACK] if n >= 2)
    singles = sum(1 for n in turn[:BLACK] if n == 1)
    completed = min(singles, blacks)
    pairs += completed + (blacks - completed) // 2
    return pairs >= 2


def six_flowers(drawn: int) -> bool:
    """6個: six or more flowers drawn this turn (black ones included)."""
    return drawn >= 6


def qualifying(turn: Sequence[int], drawn: int, side: MasterySide) -> list[str]:
    """Card ids whose condition this turn's flowers meet, in display order.

    **Decision:** black flowers count as any colour for 4色 and 2組 and as flowers for 6個.
    """
    met = {
        "four_colours": four_colours(turn),
        "two_pairs": two_pairs(turn),
        "six_flowers": six_flowers(drawn),
    }
    return [MASTERY[cond][side] for cond in MASTERY if met[cond]]
