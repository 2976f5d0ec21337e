"""Constants, card ids and options of 色映に生へど (its moves are in `actions`).

Every **Decision** of the rules file lives here as one named constant with a comment.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

#: Five colours, each with its motif (names in `texts.COLOURS`): 0 花 red, 1 鳥 orange,
#: 2 傘 yellow, 3 扇 green, 4 蝶 blue.
COLOURS = 5
#: Numbers printed per colour in the box (1–12).
MAX_NUMBER = 12
MIN_PLAYERS = 3
MAX_PLAYERS = 6
#: Cards dealt to each player per deal; also the number of tricks per deal.
HAND_SIZE = 9
TRICKS_PER_DEAL = HAND_SIZE
#: Cards each player passes to the left neighbour before the tricks.
PASS_COUNT = 2
#: Passing goes to the left neighbour, i.e. the next seat in turn order.
PASS_STEP = 1


def cards_per_colour(players: int) -> int:
    """**Decision:** with N players the kept cards are numbered 1..2N in each colour."""
    return 2 * players


def deals_in_game(players: int) -> int:
    """A game is N deals, so that everyone deals once."""
    return players


def card_id(colour: int, number: int) -> int:
    """The id of a card: `colour * 12 + number - 1`, 0–59."""
    return colour * MAX_NUMBER + number - 1


def colour_of(card: int) -> int:
    return card // MAX_NUMBER


def number_of(card: int) -> int:
    return card % MAX_NUMBER + 1


def as_pair(card: int) -> tuple[int, int]:
    """The card as the scoring API takes it: `(colour, number)`."""
    return (card // MAX_NUMBER, card % MAX_NUMBER + 1)


def deck(players: int) -> list[int]:
    """The 10N cards in play with N players, sorted (colour, then number)."""
    top = cards_per_colour(players)
    return [card_id(c, n) for c in range(COLOURS) for n in range(1, top + 1)]


class IrobaeOptions(BaseModel):
    """Variants of 色映に生へど."""

    model_config = ConfigDict(extra="forbid")

    #: Each player keeps their lowest won card of each colour face up (seed: "for more strategic
    #: play", all must agree).
    open_minimums: bool = False


Phase = Literal["pass", "play", "over"]

#: Game-specific reason codes (messages in `texts.REASONS`).
ALREADY_PASSED = "already_passed"
WRONG_STEP = "wrong_step"
NOT_IN_HAND = "not_in_hand"
MUST_FOLLOW = "must_follow"
