"""Gogyo's fixed numbers, in one place."""

from __future__ import annotations

from games.gogyo.scoring import DECLARE_MIN

__all__ = [
    "DECLARE_MIN",
    "DUEL_MIN_DECK",
    "FIELD_SIZE",
    "GAMES_PER_MATCH",
    "HAND_SIZE",
    "MAX_DECK_DRAW",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
]

MIN_PLAYERS: int = 2
MAX_PLAYERS: int = 4
#: A match is two games; the higher total wins, then the higher second-game score.
GAMES_PER_MATCH: int = 2
#: Cards in every hand, all game long.
HAND_SIZE: int = 5
#: Face-up field cards, refilled from the deck after every action that takes one.
FIELD_SIZE: int = 4
#: A duel may be called only while the deck holds at least this many cards.
DUEL_MIN_DECK: int = 3
#: The deck action discards and draws 1 to this many cards (only 1 when the deck holds 1).
MAX_DECK_DRAW: int = 2
