"""Setup of 襲ノ色目 by player count, the game options and the variant-A slots."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from games.kasane.scoring import PLUS_ONE, SlotId

__all__ = [
    "SETUP",
    "TURNS_PER_PLAYER",
    "VARIANT_A_PLAYERS",
    "VARIANT_A_USED",
    "KasaneOptions",
    "Setup",
    "full_deck",
]


@dataclass(frozen=True)
class Setup:
    """What changes with the player count."""

    copies: int  # copies of each number 1–9
    plus_ones: int  # `+1` cards
    rows: int  # grid rows
    cols: int  # cards per row
    rounds: int
    turns_per_round: int  # per player

    @property
    def cards(self) -> int:
        return 9 * self.copies + self.plus_ones


#: Setup per player count (rules/kasane.md, "Setup").
SETUP: dict[int, Setup] = {
    4: Setup(copies=5, plus_ones=7, rows=4, cols=4, rounds=4, turns_per_round=3),
    3: Setup(copies=4, plus_ones=5, rows=3, cols=5, rounds=3, turns_per_round=4),
}

#: Every player has exactly this many turns in a game.
TURNS_PER_PLAYER = 12

#: Variant A is a 3-player variant; `new` refuses it for any other player count.
VARIANT_A_PLAYERS = 3
#: Variant A: slots marked used (by nobody) before the first turn: one 拾 2-card slot and one
#: 襲ね 2-card slot (the first of each pair, so the remaining one scores as the second).
VARIANT_A_USED: tuple[SlotId, ...] = (("ju", 2, 0), ("kasane", 2, 0))


def full_deck(players: int) -> list[int]:
    """The unshuffled deck for that player count (`0` is a `+1` card)."""
    setup = SETUP[players]
    return [n for n in range(1, 10) for _ in range(setup.copies)] + [PLUS_ONE] * setup.plus_ones


class KasaneOptions(BaseModel):
    """Game options: the two variants of the rulebook."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Harder, 3 players only: one 拾 2-card and one 襲ね 2-card slot start used.
    variant_a: bool = False
    #: Easier: a player may meld in a turn in which they took a `+1`.
    variant_b: bool = False
