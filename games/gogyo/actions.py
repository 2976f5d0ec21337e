"""Gogyo moves: one small frozen action per kind, encoded as `kind.field…` for custom_ids."""

from __future__ import annotations

from typing import Literal

from games.core import Action

__all__ = [
    "Back",
    "CardAction",
    "Deck",
    "Declare",
    "Destroy",
    "Discard",
    "Draw",
    "Duel",
    "EndTurn",
    "Field",
    "Give",
    "GogyoAction",
    "Loot",
    "Take",
]


class GogyoAction(Action):
    """Every Gogyo move. Card fields hold card ids (0–65, see `games.gogyo.cards`)."""


class Field(GogyoAction):
    """Start the field action (場札入手): next choose a discard, then a field card."""

    kind: Literal["field"] = "field"


class Deck(GogyoAction):
    """Start the deck action (山札入手): next choose one or two discards."""

    kind: Literal["deck"] = "deck"


class Duel(GogyoAction):
    """Challenge `target` to a duel (決闘); both draw and the duel is resolved at once."""

    kind: Literal["duel"] = "duel"
    target: int


class CardAction(GogyoAction):
    """The moves on one card (discard, take, loot, destroy, give): `card` is its id."""

    card: int


class Discard(CardAction):
    """Discard this own hand card (field action, or the duel winner's loot)."""

    kind: Literal["discard"] = "discard"


class Take(CardAction):
    """Take this field card into the hand (completes the field action)."""

    kind: Literal["take"] = "take"


class Draw(GogyoAction):
    """Discard these one or two hand cards and draw as many face down (the deck action)."""

    kind: Literal["draw"] = "draw"
    cards: tuple[int, ...]


class Loot(CardAction):
    """Duel winner: loot (略奪) this card of the loser's hand; next choose the own discard."""

    kind: Literal["loot"] = "loot"


class Destroy(CardAction):
    """Duel winner: destroy (破棄) this card of the loser's hand."""

    kind: Literal["destroy"] = "destroy"


class Give(CardAction):
    """Duel winner: the loser takes this field card."""

    kind: Literal["give"] = "give"


class Back(GogyoAction):
    """Go back one step, before anything was carried out."""

    kind: Literal["back"] = "back"


class Declare(GogyoAction):
    """Declare the end of the game (hand scores 30 or more, not on the first turn)."""

    kind: Literal["declare"] = "declare"


class EndTurn(GogyoAction):
    """End the turn without declaring."""

    kind: Literal["end"] = "end"
