"""Actions of the cherry-tree flower game, with their compact string forms."""

from __future__ import annotations

from typing import Literal

from games.core import Action

__all__ = [
    "AbilityAction",
    "DoneAction",
    "DrawAction",
    "GiveAction",
    "KeepAction",
    "MoveAction",
    "OwnFlowerAction",
    "PickAction",
    "PlaceAction",
    "SakuraAction",
    "ScreenAction",
    "SplitAction",
    "StopAction",
    "TakeAction",
]

#: `ScreenAction.colour` when nothing goes behind the screen (`screen.none.0`).
NO_COLOUR = "none"


class SakuraAction(Action):
    """The family base of every move in this game."""


class DrawAction(SakuraAction):
    """Draw `n` flowers from the bag (`draw.3`)."""

    kind: Literal["draw"] = "draw"
    n: int


class StopAction(SakuraAction):
    """Stop drawing after at least one draw (`stop`)."""

    kind: Literal["stop"] = "stop"


class KeepAction(SakuraAction):
    """After a failure, keep one flower of each of two colours on the field (`keep.red.blue`)."""

    kind: Literal["keep"] = "keep"
    a: str
    b: str


class AbilityAction(SakuraAction):
    """Use a qualifying mastery card's ability (`ability.kokonoe`)."""

    kind: Literal["ability"] = "ability"
    card: str


class DoneAction(SakuraAction):
    """Use no (further) ability this turn and go on to the screen step (`done`); during 九重
    with four players, take nothing from a second player."""

    kind: Literal["done"] = "done"


class OwnFlowerAction(SakuraAction):
    """The moves on one of the seat's own flowers (染井吉野's move, 咲耶姫's gift): `source` is
    where it lies (the seat's field or this turn's flowers) and `colour` its colour."""

    source: Literal["field", "turn"]
    colour: str


class MoveAction(OwnFlowerAction):
    """染井吉野: put one flower from the field or this turn's flowers behind the screen
    (`move.field.red`, `move.turn.white`)."""

    kind: Literal["move"] = "move"


class PlaceAction(SakuraAction):
    """兼六園熊谷: put the next drawn flower on a field or behind one's own screen
    (`place.field.2`, `place.screen.0`)."""

    kind: Literal["place"] = "place"
    where: Literal["field", "screen"]
    seat: int


class PickAction(SakuraAction):
    """小松乙女: keep this colour among the three drawn flowers (`pick.yellow`)."""

    kind: Literal["pick"] = "pick"
    colour: str


class GiveAction(OwnFlowerAction):
    """咲耶姫: the flower given away, from the field or this turn's flowers (`give.turn.red`)."""

    kind: Literal["give"] = "give"


class TakeAction(SakuraAction):
    """咲耶姫 / 九重: the flower taken from another player's field (`take.2.blue`)."""

    kind: Literal["take"] = "take"
    seat: int
    colour: str


class ScreenAction(SakuraAction):
    """Put `n` flowers of one colour of this turn behind the screen (`screen.white.2`), or
    nothing (`screen.none.0`)."""

    kind: Literal["screen"] = "screen"
    colour: str
    n: int


class SplitAction(SakuraAction):
    """At the end, count `warm` of the white/black flowers behind the screen toward warm and the
    rest toward cool (`split.2`)."""

    kind: Literal["split"] = "split"
    warm: int
