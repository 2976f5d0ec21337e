"""Pure scoring functions of the cherry-tree flower game (the stable scoring API)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

__all__ = [
    "COLOURS",
    "COOL",
    "FIELD_COLOURS",
    "FIELD_TABLE",
    "GROUPS",
    "PRIZES",
    "PRIZES_TWO_PLAYERS",
    "UNCOUNTED",
    "WARM",
    "WILDS",
    "best_black_assignment",
    "counts_of",
    "default_split",
    "field_points",
    "field_score",
    "group_totals",
    "is_failure",
    "is_failure_counts",
    "screen_points",
]

#: Every flower colour, in display order; black is the wild colour.
COLOURS: tuple[str, ...] = ("red", "yellow", "lightblue", "blue", "white", "black")
#: The five colours a field scores (black on a field may count as one of them, or as nothing).
FIELD_COLOURS: tuple[str, ...] = COLOURS[:5]
#: `best_black_assignment`'s key for the field's black flowers that count as no colour.
UNCOUNTED = "none"
RED, YELLOW, LIGHTBLUE, BLUE, WHITE, BLACK = range(6)

#: Field points for 0, 1, …, 10 flowers of one colour; 10 or more score 24.
FIELD_TABLE: tuple[int, ...] = (0, -3, -1, 1, 3, 5, 8, 11, 15, 19, 24)

#: The two screen groups and their real colours; white and black behind a screen are wild.
GROUPS: dict[str, tuple[str, ...]] = {"warm": ("red", "yellow"), "cool": ("lightblue", "blue")}
WARM: tuple[int, ...] = (RED, YELLOW)
COOL: tuple[int, ...] = (LIGHTBLUE, BLUE)
WILDS: tuple[int, ...] = (WHITE, BLACK)
#: Prizes for 1st, 2nd and 3rd place per group (3 or 4 players).
PRIZES: dict[str, tuple[int, ...]] = {"warm": (18, 10, 8), "cool": (16, 12, 8)}
#: Two players: the player with more gets the 2nd-place prize, the other nothing.
#: **Decision:** on a tie each gets half of it, rounded down (see `screen_points`).
PRIZES_TWO_PLAYERS: dict[str, int] = {"warm": 10, "cool": 12}

#: Failure: this many of one colour (black counting as that colour) …
FAIL_SAME_COLOUR = 3
#: … or this many different colours (black counting as a missing colour).
FAIL_DIFFERENT_COLOURS = 5


def counts_of(flowers: Sequence[str]) -> list[int]:
    """Per-colour counts (in `COLOURS` order) of a list of colour names."""
    counts = [0] * len(COLOURS)
    for flower in flowers:
        if flower not in COLOURS:
            raise ValueError(f"unknown colour {flower!r}")
        counts[COLOURS.index(flower)] += 1
    return counts


def is_failure_counts(counts: Sequence[int]) -> bool:
    """`is_failure` on per-colour counts (`COLOURS` order). Each black counts as whatever colour
    makes the player fail."""
    blacks = counts[BLACK]
    plain = counts[:BLACK]
    same = max(plain) + blacks
    different = sum(1 for n in plain if n) + blacks
    return same >= FAIL_SAME_COLOUR or different >= FAIL_DIFFERENT_COLOURS


def is_failure(flowers: Sequence[str]) -> bool:
    """Whether the flowers drawn this turn fail: 3 of one colour or 5 different colours, each
    black flower counting as the colour that makes the turn fail."""
    return is_failure_counts(counts_of(flowers))


def field_points(count: int) -> int:
    """Points of one colour on a field."""
    return FIELD_TABLE[min(count, len(FIELD_TABLE) - 1)]


def _field_counts(field: Mapping[str, int]) -> list[int]:
    counts = [0] * len(COLOURS)
    for colour, n in field.items():
        if colour not in COLOURS:
            raise ValueError(f"unknown colour {colour!r}")
        if n < 0:
            raise ValueError("negative count")
        counts[COLOURS.index(colour)] += int(n)
    return counts


def best_black_assignment(field: Mapping[str, int]) -> dict[str, int]:
    """How many of the field's black flowers count as each colour so the field scores most, and
    how many count as nothing (key `UNCOUNTED`).

    A black on a field *may* count as any colour (seed: 「任意の色のコマとしてカウントすることが
    できます」), so it may also count as nothing: one black alone scores 0, not −3.
    **Decision:** the owner does not choose; the assignment that maximises the field score is
    used (ties: a black counts rather than not, and the earliest colour in `FIELD_COLOURS`
    order gets the blacks).
    """
    counts = _field_counts(field)
    blacks = counts[BLACK]
    # best[k] = (score, assignment) using the colours seen so far and exactly k blacks
    best: list[tuple[int, tuple[int, ...]]] = [(0, ())] + [(-(10**9), ())] * blacks
    for colour in range(len(FIELD_COLOURS)):
        nxt: list[tuple[int, tuple[int, ...]]] = [(-(10**9), ())] * (blacks + 1)
        # earlier colours' assignments first, so a tie keeps the blacks on the earliest colour
        for used in range(blacks, -1, -1):
            score, assigned = best[used]
            if score <= -(10**9):
                continue
            for extra in range(blacks - used + 1):
                value = score + field_points(counts[colour] + extra)
                if value > nxt[used + extra][0]:
                    nxt[used + extra] = (value, (*assigned, extra))
        best = nxt
    # The blacks not assigned count as nothing; on a tie, more of them count.
    counted = max(range(blacks + 1), key=lambda used: (best[used][0], used))
    assignment = {colour: best[counted][1][i] for i, colour in enumerate(FIELD_COLOURS)}
    assignment[UNCOUNTED] = blacks - counted
    return assignment


def field_score(field: Mapping[str, int]) -> int:
    """A field's points: per colour by `FIELD_TABLE`, each black flower counted as the colour
    (or as nothing) that scores best (`best_black_assignment`)."""
    return _field_score(tuple(_field_counts(field)))


@functools.lru_cache(maxsize=4096)
def _field_score(counts: tuple[int, ...]) -> int:
    """`field_score` of a field given as its count per colour (in `COLOURS` order). Kept:
    every view shows every field's score, and a field changes only when flowers land on it."""
    extra = best_black_assignment(dict(zip(COLOURS, counts, strict=True)))
    return sum(field_points(counts[i] + extra[c]) for i, c in enumerate(FIELD_COLOURS))


def real_groups(screen: Mapping[str, int]) -> tuple[int, int]:
    """A screen's warm and cool flowers (red and yellow; light blue and blue), white and black
    aside."""
    counts = _field_counts(screen)
    return sum(counts[i] for i in WARM), sum(counts[i] for i in COOL)


def group_totals(screen: Mapping[str, int], warm_wilds: int) -> tuple[int, int]:
    """A screen's (warm, cool) counts when `warm_wilds` of its white/black flowers go to warm and
    the rest to cool. Wilds count toward a group only with a real flower of that group behind the
    screen, and a group without a real flower counts 0 (takes no place)."""
    counts = _field_counts(screen)
    wilds = counts[WHITE] + counts[BLACK]
    if not 0 <= warm_wilds <= wilds:
        raise ValueError("split out of range")
    real_warm, real_cool = real_groups(screen)
    warm = real_warm + warm_wilds if real_warm else 0
    cool = real_cool + (wilds - warm_wilds) if real_cool else 0
    return warm, cool


def default_split(screen: Mapping[str, int]) -> int:
    """The split given to a player who does not answer: how many wilds go to warm.

    **Decision:** maximise the player's own group totals from what they hold: wilds go only to a
    group with a real flower behind the screen; with both groups, all wilds go to the group with
    more real flowers (a tie goes to warm, whose first prize is larger).
    """
    counts = _field_counts(screen)
    wilds = counts[WHITE] + counts[BLACK]
    real_warm = sum(counts[i] for i in WARM)
    real_cool = sum(counts[i] for i in COOL)
    if real_warm and (not real_cool or real_warm >= real_cool):
        return wilds
    return 0


def screen_points(counts: Sequence[int], group: str) -> list[int]:
    """Each player's points for one group (`"warm"` or `"cool"`) from their counts (wilds already
    included; 0 takes no place).

    3-4 players: places pay `PRIZES[group]`; tied players add up the prizes of the places they
    occupy and share them equally, rounded down, and the next place drops accordingly.
    2 players: the player with more gets `PRIZES_TWO_PLAYERS[group]`, the other nothing
    (**Decision:** a tie shares it, rounded down).
    """
    if group not in PRIZES:
        raise ValueError(f"unknown group {group!r}")
    counts = [int(n) for n in counts]
    if any(n < 0 for n in counts):
        raise ValueError("negative count")
    points = [0] * len(counts)
    if len(counts) == 2:
        prize = PRIZES_TWO_PLAYERS[group]
        a, b = counts
        if a > b:
            points[0] = prize
        elif b > a:
            points[1] = prize
        elif a > 0:
            points = [prize // 2, prize // 2]
        return points
    prizes = PRIZES[group]
    place = 0
    for value in sorted({n for n in counts if n > 0}, reverse=True):
        tied = [seat for seat, n in enumerate(counts) if n == value]
        pot = sum(prizes[p] for p in range(place, place + len(tied)) if p < len(prizes))
        for seat in tied:
            points[seat] = pot // len(tied)
        place += len(tied)
    return points
