"""Cards as small ints, the deck for each player count and the setup table."""

from __future__ import annotations

from dataclasses import dataclass

#: Six suits, numbered 0–5; their names live in `texts.SUITS`.
SUITS: tuple[int, ...] = tuple(range(6))

Card = tuple[int, int]
"""A card as `(suit, number)`; the Ace counts as 1."""


@dataclass(frozen=True)
class Setup:
    """The deal for one player count."""

    low: int  # lowest number used in every suit (the highest is always 10)
    hand: int  # cards dealt to each player (= tricks per game)
    share: int  # face-up share cards at the start (= players)


#: The seed's table: 4 players use 1–10 (60 cards), 14 each, 4 share cards;
#: 3 players use 3–10 (48 cards), 15 each, 3 share cards.
SETUPS: dict[int, Setup] = {
    4: Setup(low=1, hand=14, share=4),
    3: Setup(low=3, hand=15, share=3),
}

#: Long game: the series ends after a game in which some player's cumulative total is ABOVE this.
LONG_GAME_TARGET: dict[int, int] = {4: 20, 3: 30}


def card_id(suit: int, number: int) -> int:
    """The compact int used in snapshots: `suit * 10 + number - 1` (0–59)."""
    return suit * 10 + number - 1


def suit_of(cid: int) -> int:
    return cid // 10


def number_of(cid: int) -> int:
    return cid % 10 + 1


def as_card(cid: int) -> Card:
    return (cid // 10, cid % 10 + 1)


def as_cards(cids: list[int]) -> list[Card]:
    return [as_card(c) for c in cids]


def deck(players: int) -> list[int]:
    """Every card id used with that many players, in suit-then-number order."""
    low = SETUPS[players].low
    return [card_id(s, n) for s in SUITS for n in range(low, 11)]
