"""Public and private views of the cherry-tree flower game (what a renderer draws from)."""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = [
    "AbilityView",
    "CardView",
    "FinalSeatView",
    "FinalView",
    "PrivateView",
    "PublicView",
    "SeatView",
    "TurnView",
]


class CardView(BaseModel):
    """One mastery card as it lies on the table this game."""

    card: str  # card id, e.g. "someiyoshino"
    condition: str  # "four_colours" | "two_pairs" | "six_flowers"
    qualifies: bool  # this turn's flowers meet the condition (live during the draw step)
    used: bool  # its ability was used this turn


class SeatView(BaseModel):
    """A player's public side of the table."""

    seat: int
    field: dict[str, int]  # colour → count on the field (public)
    field_score: int  # the field's points right now, black assigned best
    screen_count: int  # how many flowers are behind the screen (never which)


class TurnView(BaseModel):
    """The turn in progress and its failure risk."""

    seat: int
    flowers: dict[str, int]  # this turn's flowers still beside the field
    draws: int  # draws made this turn
    drawn: int  # flowers drawn this turn (for the 8-flower limit and 6個)
    max_draws: int
    max_flowers: int
    draw_max: int  # the largest draw allowed now (0: no further draw)
    same_colour: int  # largest colour count + blacks; the turn fails at `same_colour_limit`
    same_colour_limit: int
    colours: int  # different colours + blacks; the turn fails at `colours_limit`
    colours_limit: int
    failed: bool  # the turn failed (the player is choosing what to keep)


class AbilityView(BaseModel):
    """An ability being carried out."""

    card: str
    stage: str  # the step name, e.g. "kenrokuen", "sakuyahime_take"
    drawn: list[str] = Field(default_factory=list)  # flowers the ability drew openly, in order
    give_source: str | None = None  # 咲耶姫: where the flower being given comes from
    give_colour: str | None = None  # 咲耶姫: its colour
    taken: list[tuple[int, str]] = Field(default_factory=list)  # 九重: (seat, colour) so far


class FinalSeatView(BaseModel):
    """One seat's revealed screen and full score breakdown."""

    seat: int
    screen: dict[str, int]
    warm_wilds: int  # white/black counted toward warm (the rest toward cool)
    cool_wilds: int
    warm_count: int  # counts used for ranking (0 = no real flower of the group)
    cool_count: int
    warm_points: int
    cool_points: int
    field_colour_points: dict[str, int]  # per colour, blacks assigned
    field_black: dict[str, int]  # how many field blacks counted as each colour, or as "none"
    field_points: int
    score: int
    screen_flowers: int  # tie-break


class FinalView(BaseModel):
    """The end of the game: every screen revealed with the splits and the breakdown."""

    seats: list[FinalSeatView]
    scores: list[int]
    winners: list[int]


class PublicView(BaseModel):
    """Everything the whole table may know."""

    game: str = "sakura"
    players: int
    mastery_side: str
    step: str  # draw | keep | ability | someiyoshino | kenrokuen | komatsuotome |
    # sakuyahime_give | sakuyahime_take | kokonoe | screen | split | over
    to_act: list[int]
    turn_seat: int | None  # whose turn (None during the end split and once over)
    turn_number: int  # 1-based
    start_seat: int
    bag: int  # flowers left in the bag
    removed: int  # flowers removed unseen at setup (2 players)
    seats: list[SeatView]
    cards: list[CardView]
    turn: TurnView | None
    ability: AbilityView | None
    split_waiting: list[int]  # seats still to submit their split
    split_done: list[int]  # seats that submitted (values stay secret until all have)
    final: FinalView | None


class PrivateView(BaseModel):
    """The public view plus what one seat alone knows."""

    seat: int
    public: PublicView
    screen: dict[str, int]  # own screen contents
    wilds: int  # white + black behind the own screen
    split: int | None  # own submitted split (wilds toward warm), during the end split
    default_split: int | None  # the split given if this seat does not answer in time
