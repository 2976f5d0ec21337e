"""The 66 cards of Gogyo: ids, names, dynasties, elements and duel numbers."""

from __future__ import annotations

#: Dynasties in order; a dynasty's number (1–12) is its index + 1.
DYNASTIES: str = "夏殷周秦漢晋隋唐宋元明清"
#: Elements in cycle order; 水 → 木 continues the cycle.
ELEMENTS: str = "木火土金水"
HEAVEN: str = "天"
FACTION: str = "閥"

#: Card ids: 0–59 are dynasty cards (id = 5 × dynasty index + element index), 60–62 are 天,
#: 63–65 are 閥.
DYNASTY_CARDS: int = len(DYNASTIES) * len(ELEMENTS)
HEAVEN_IDS: tuple[int, ...] = (60, 61, 62)
FACTION_IDS: tuple[int, ...] = (63, 64, 65)
ALL_CARDS: tuple[int, ...] = tuple(range(DYNASTY_CARDS + len(HEAVEN_IDS) + len(FACTION_IDS)))
DECK_SIZE: int = len(ALL_CARDS)


def card_name(card: int) -> str:
    """The two-character name (`"夏木"`) of a dynasty card, or `"天"` / `"閥"`."""
    if card < DYNASTY_CARDS:
        return DYNASTIES[card // 5] + ELEMENTS[card % 5]
    return HEAVEN if card in HEAVEN_IDS else FACTION


def dynasty_of(card: int) -> str | None:
    """The dynasty character of a dynasty card, else None."""
    return DYNASTIES[card // 5] if card < DYNASTY_CARDS else None


def element_of(card: int) -> str | None:
    """The element character of a dynasty card, else None."""
    return ELEMENTS[card % 5] if card < DYNASTY_CARDS else None


def duel_number(card: int) -> int:
    """The number compared in a duel: the dynasty's 1–12; 天 and 閥 count 0."""
    return card // 5 + 1 if card < DYNASTY_CARDS else 0


def card_id(name: str) -> int:
    """The lowest card id with that name (天 → 60, 閥 → 63)."""
    if name == HEAVEN:
        return HEAVEN_IDS[0]
    if name == FACTION:
        return FACTION_IDS[0]
    if len(name) != 2 or name[0] not in DYNASTIES or name[1] not in ELEMENTS:
        raise ValueError(f"not a Gogyo card: {name!r}")
    return DYNASTIES.index(name[0]) * 5 + ELEMENTS.index(name[1])
