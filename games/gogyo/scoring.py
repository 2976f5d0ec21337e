"""Hand scoring: dynasty runs (王朝役) and element runs (五行役), best order and wilds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import permutations
from operator import itemgetter
from typing import Any

from games.gogyo.cards import (
    DYNASTIES,
    DYNASTY_CARDS,
    ELEMENTS,
    FACTION,
    FACTION_IDS,
    HEAVEN,
    HEAVEN_IDS,
    card_id,
)

__all__ = [
    "DECLARE_MIN",
    "DYNASTY_POINTS",
    "ELEMENT_POINTS",
    "arrange_order",
    "best_arrangement",
    "best_score",
    "best_score_ids",
    "order_score",
]

#: 王朝役 points by run length (shorter runs score nothing).
DYNASTY_POINTS: dict[int, int] = {5: 26, 4: 18, 3: 10}
#: 五行役 points by run length (shorter runs score nothing).
ELEMENT_POINTS: dict[int, int] = {5: 20, 4: 13, 3: 6}
#: A hand must score at least this much for its owner to declare the end of a game.
DECLARE_MIN: int = 30

_MAX_RUN = 5
_SKIP = -1  # dynasty code of 閥: skipped when judging dynasties
_ANY_DYNASTY = 0  # dynasty code of 天
_BREAK = -1  # element code of 天: no element, breaks element runs
_ANY_ELEMENT = 5  # element code of 閥

# Per card type (a dynasty card's id, 60 for 天, 63 for 閥): dynasty code 1–12 and element 0–4.
_DYN: list[int] = [t // 5 + 1 for t in range(DYNASTY_CARDS)] + [_ANY_DYNASTY] * 3 + [_SKIP] * 3
_ELE: list[int] = [t % 5 for t in range(DYNASTY_CARDS)] + [_BREAK] * 3 + [_ANY_ELEMENT] * 3
_TYPE_OF_ID: list[int] = (
    list(range(DYNASTY_CARDS)) + [HEAVEN_IDS[0]] * len(HEAVEN_IDS) + [FACTION_IDS[0]] * 3
)


def _type(name: str) -> int:
    try:
        return card_id(name)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not a Gogyo card: {name!r}") from exc


def _dynasty_run(ds: Sequence[int]) -> tuple[int, int, int]:
    """Longest dynasty run in `ds` (閥 already removed): (start, length, first value).

    A window is a run when one base value b puts every fixed card at b + offset and the whole
    window inside 1–12; 天 takes whatever value the window needs.
    """
    n = len(ds)
    best = (0, 0, 1)
    for i in range(n):
        if n - i <= best[1]:
            break
        base = 0
        length = 0
        for j in range(i, n):
            d = ds[j]
            k = j - i
            if d:
                b = d - k
                if base == 0:
                    if b < 1:
                        break
                    base = b
                elif b != base:
                    break
            if base and base + k > len(DYNASTIES):
                break
            length = k + 1
        if length > best[1]:
            best = (i, length, base or 1)
    return best


def _element_run(es: Sequence[int]) -> tuple[int, int, int]:
    """Longest element run in `es`: (start, length, element of its first card).

    天 (no element) ends a run; 閥 takes whatever element the run needs; 水 → 木 continues.
    """
    n = len(es)
    best = (0, 0, 0)
    for i in range(n):
        if n - i <= best[1]:
            break
        base = -1
        length = 0
        for j in range(i, n):
            e = es[j]
            if e == _BREAK:
                break
            if e != _ANY_ELEMENT:
                b = (e - (j - i)) % 5
                if base < 0:
                    base = b
                elif b != base:
                    break
            length = j - i + 1
        if length > best[1]:
            best = (i, length, max(base, 0))
    return best


def _points(dyn_len: int, ele_len: int) -> tuple[int, int]:
    return (
        DYNASTY_POINTS.get(min(dyn_len, _MAX_RUN), 0),
        ELEMENT_POINTS.get(min(ele_len, _MAX_RUN), 0),
    )


# Run points by the raw dynasty/element code sequence of an order (閥 left in as _SKIP): the
# same short sequences recur across orders and hands, so these caches make the search cheap.
_DYN_POINTS: dict[tuple[int, ...], int] = {}
_ELE_POINTS: dict[tuple[int, ...], int] = {}
_CACHE_LIMIT = 1 << 18


def _dyn_points(ds: tuple[int, ...]) -> int:
    found = _DYN_POINTS.get(ds)
    if found is None:
        length = _dynasty_run([d for d in ds if d != _SKIP])[1]
        found = DYNASTY_POINTS.get(min(length, _MAX_RUN), 0)
        if len(_DYN_POINTS) >= _CACHE_LIMIT:
            _DYN_POINTS.clear()
        _DYN_POINTS[ds] = found
    return found


def _ele_points(es: tuple[int, ...]) -> int:
    found = _ELE_POINTS.get(es)
    if found is None:
        length = _element_run(es)[1]
        found = ELEMENT_POINTS.get(min(length, _MAX_RUN), 0)
        if len(_ELE_POINTS) >= _CACHE_LIMIT:
            _ELE_POINTS.clear()
        _ELE_POINTS[es] = found
    return found


def _order_types(types: Sequence[int]) -> int:
    return _dyn_points(tuple(_DYN[t] for t in types)) + _ele_points(tuple(_ELE[t] for t in types))


def order_score(order: Sequence[str]) -> int:
    """Score of the cards in exactly this order (left to right), 天 and 閥 chosen best."""
    return _order_types([_type(name) for name in order])


def _upper_lengths(types: Sequence[int]) -> tuple[int, int]:
    """Longest dynasty run and longest element run any order of these cards could make."""
    fixed_dyn = {_DYN[t] for t in types if _DYN[t] > 0}
    heavens = sum(1 for t in types if _DYN[t] == _ANY_DYNASTY)
    best_dyn = 0
    for start in range(1, len(DYNASTIES) + 1):
        missing = 0
        length = 0
        for value in range(start, len(DYNASTIES) + 1):
            if value not in fixed_dyn:
                missing += 1
                if missing > heavens:
                    break
            length += 1
        best_dyn = max(best_dyn, length)
    counts = [0] * 5
    factions = 0
    for t in types:
        e = _ELE[t]
        if e == _ANY_ELEMENT:
            factions += 1
        elif e != _BREAK:
            counts[e] += 1
    usable = sum(counts) + factions
    best_ele = 0
    for start in range(5):
        used = [0] * 5
        missing = 0
        length = 0
        for k in range(usable):
            e = (start + k) % 5
            if used[e] < counts[e]:
                used[e] += 1
            else:
                missing += 1
                if missing > factions:
                    break
            length += 1
        best_ele = max(best_ele, length)
    return best_dyn, best_ele


@lru_cache(maxsize=1 << 17)
def _best_types(key: tuple[int, ...]) -> int:
    """Best score of a hand given as sorted card types (pruned by upper bounds, cached)."""
    dyn_up, ele_up = _upper_lengths(key)
    d_up, e_up = _points(dyn_up, ele_up)
    if not d_up or not e_up:
        # Only one yaku is possible: lay its run out and the other cards anywhere.
        return d_up + e_up
    top = d_up + e_up
    best = max(d_up, e_up)
    dyn = [_DYN[t] for t in key]
    ele = [_ELE[t] for t in key]
    dyn_get = _DYN_POINTS.get
    ele_get = _ELE_POINTS.get
    for pick in _pickers(len(key)):
        ds = pick(dyn)
        d = dyn_get(ds)
        if d is None:
            d = _dyn_points(ds)
        if d + e_up <= best:
            continue
        es = pick(ele)
        e = ele_get(es)
        if e is None:
            e = _ele_points(es)
        if d + e > best:
            best = d + e
            if best == top:
                break
    return best


@lru_cache(maxsize=16)
def _pickers(n: int) -> list[Callable[[list[int]], tuple[int, ...]]]:
    """One function per order of n items, picking them from a list into a tuple in that order."""
    if n < 2:
        return [tuple]
    return [itemgetter(*order) for order in permutations(range(n))]


def best_score(hand: Sequence[str]) -> int:
    """Score of the hand in its best order, 天 and 閥 chosen best."""
    return _best_types(tuple(sorted(_type(name) for name in hand)))


def best_score_ids(cards: Iterable[int]) -> int:
    """`best_score` for card ids (0–65), as the engine and the CPU players hold them."""
    return _best_types(tuple(sorted(_TYPE_OF_ID[c] for c in cards)))


def arrange_order(order: Sequence[str]) -> dict[str, Any]:
    """This order scored, with its runs marked.

    Returns plain values: `order` (the names), `dynasty_run` / `element_run` (positions of the
    cards in each scoring run, empty when it scores nothing; a 閥 inside a dynasty run is
    skipped, not listed), `as` (per position, what a 天 or 閥 stands for in a scoring run, else
    None), the two run lengths, `dynasty_points`, `element_points` and `total`.
    """
    names = list(order)
    types = [_type(name) for name in names]
    dyn_positions = [p for p, t in enumerate(types) if _DYN[t] != _SKIP]
    d_start, d_len, d_base = _dynasty_run([_DYN[types[p]] for p in dyn_positions])
    e_start, e_len, e_base = _element_run([_ELE[t] for t in types])
    d_points, e_points = _points(d_len, e_len)
    stands: list[str | None] = [None] * len(names)
    dynasty_run: list[int] = []
    element_run: list[int] = []
    if d_points:
        dynasty_run = dyn_positions[d_start : d_start + d_len]
        for offset, pos in enumerate(dynasty_run):
            if names[pos] == HEAVEN:
                stands[pos] = DYNASTIES[d_base - 1 + offset]
    if e_points:
        element_run = list(range(e_start, e_start + e_len))
        for offset, pos in enumerate(element_run):
            if names[pos] == FACTION:
                stands[pos] = ELEMENTS[(e_base + offset) % 5]
    return {
        "order": names,
        "dynasty_run": dynasty_run,
        "element_run": element_run,
        "as": stands,
        "dynasty_length": d_len,
        "element_length": e_len,
        "dynasty_points": d_points,
        "element_points": e_points,
        "total": d_points + e_points,
    }


def best_arrangement(hand: Sequence[str]) -> dict[str, Any]:
    """The best order of the hand with its runs marked (see `arrange_order`).

    Ties between orders of equal total are broken by the first order in lexicographic order of
    the cards sorted by id, so the result is deterministic.
    """
    names = sorted(hand, key=_type)
    types = [_type(name) for name in names]
    target = _best_types(tuple(sorted(types)))
    dyn = [_DYN[t] for t in types]
    ele = [_ELE[t] for t in types]
    # The orders in `permutations(names)`'s order, each scored from its cards' codes.
    for pick in _pickers(len(names)):
        if _dyn_points(pick(dyn)) + _ele_points(pick(ele)) == target:
            return arrange_order(pick(names))
    return arrange_order(names)
