"""Actions of 襲ノ色目: take a row's front card, meld, or make no meld."""

from __future__ import annotations

from typing import Literal

from games.core import Action

#: The yaku ids, in the order of the reference card (`scoring.YAKU` reads them from here), as a
#: type: decoding an unknown yaku is malformed input.
YakuId = Literal[
    "kasane",
    "ju",
    "sakura_chirashi",
    "chidori",
    "asanoha",
    "kagen",
    "jogen",
    "kachofugetsu",
    "setsugetsufuka",
]

__all__ = ["KasaneAction", "Meld", "Pass", "Take", "YakuId"]


class KasaneAction(Action):
    """The family base: `KasaneAction.decode(text)` reads any kasane action."""


class Take(KasaneAction):
    """Take the front card of grid row `row` (0-based). Encoded `take.<row>`."""

    kind: Literal["take"] = "take"
    row: int


class Meld(KasaneAction):
    """Lay the top `hand` cards of the hand, opened by the tableau's top card when `top`, on
    the first free slot of `yaku` with `count` cards (`count == hand + top`).

    Encoded `meld.<yaku>.<count>.<hand>.<top 0|1>`, e.g. `meld.setsugetsufuka.4.3.1`.
    """

    kind: Literal["meld"] = "meld"
    yaku: YakuId
    count: int
    hand: int
    top: bool


class Pass(KasaneAction):
    """Make no meld this turn. Encoded `pass`."""

    kind: Literal["pass"] = "pass"
