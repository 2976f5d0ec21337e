"""The two moves: play a card, and give the next old share card to a player."""

from __future__ import annotations

from typing import Literal

from games.core import Action


class TakeAndShareAction(Action):
    """Family base of every Take & Share move."""


class Play(TakeAndShareAction):
    """Play a card from the hand to the trick (`play.<suit>.<number>`)."""

    kind: Literal["play"] = "play"
    suit: int
    number: int


class Give(TakeAndShareAction):
    """The trick winner gives the next old share card to seat `to` (`give.<suit>.<number>.<to>`).

    Old share cards are given one per step, in the order of `to_give` in the public view; a seat
    that already received a card in this share is never legal, so each player gets exactly one.
    """

    kind: Literal["give"] = "give"
    suit: int
    number: int
    to: int
