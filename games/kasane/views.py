"""Public and private views of a 襲ノ色目 table: plain models a renderer draws from."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["MeldView", "PrivateView", "PublicView", "RowView", "SlotView", "Step"]

#: The step of the game: the acting seat takes, then (maybe) melds; "over" at the end.
Step = Literal["take", "meld", "over"]


class RowView(BaseModel):
    """One grid row. `cards` runs from the first card dealt to the front card (last); only
    `front` may be taken. Cards are 1–9, `0` is a `+1` card."""

    cards: list[int]
    front: int | None


class SlotView(BaseModel):
    """One slot of a yaku card. `used` once scored (or pre-marked by variant A, `by` None).
    Frozen: the board's slots are shared between views (`state.slot_views`)."""

    model_config = ConfigDict(frozen=True)

    yaku: str
    count: int
    index: int
    points: int
    used: bool
    by: int | None


class PublicView(BaseModel):
    """Everything the whole table may know."""

    game: Literal["kasane"] = "kasane"
    players: int
    variant_a: bool
    variant_b: bool
    round: int  # 1-based
    rounds: int
    start_player: int  # start player of the current round
    turn_seat: int | None  # whose turn it is; None once over
    step: Step
    turn_number: int | None  # the acting seat's turn in the game, 1-based
    turns_taken: list[int]  # completed turns per seat
    turns_per_player: int
    just_taken: int | None  # the card taken in this turn (during the meld step)
    grid: list[RowView]
    tableaus: list[list[int]]  # per seat, bottom → top (last is the top card)
    slots: list[SlotView]
    scores: list[int]  # points so far (final scores, end bonuses included, once over)
    hand_sizes: list[int]
    deck_size: int
    discard_size: int
    over: bool


class MeldView(BaseModel):
    """A meld the seat could make now: `action` is its encoded action, `cards` the exact
    sequence judged (tableau card first when `top`, then the hand cards deepest → top)."""

    action: str
    yaku: str
    count: int
    index: int
    hand: int
    top: bool
    points: int
    cards: list[int]


class PrivateView(BaseModel):
    """The public view plus what `seat` alone knows."""

    public: PublicView
    seat: int
    hand: list[int]  # bottom → top (last is the top card)
    hand_top: int | None
    melds: list[MeldView]  # non-empty only at this seat's meld step
