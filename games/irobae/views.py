"""The public and private views of 色映に生へど (plain pydantic models for renderers)."""

from __future__ import annotations

import functools

from pydantic import BaseModel, ConfigDict

from games.irobae.rules import Phase, colour_of, number_of


class CardView(BaseModel):
    """One card: its id (what actions carry), colour 0–4 and number. Frozen, so `of` can hand
    out one shared value per card."""

    model_config = ConfigDict(frozen=True)

    id: int
    colour: int
    number: int

    @classmethod
    def of(cls, card: int) -> CardView:
        return _card_view(card)


@functools.cache
def _card_view(card: int) -> CardView:
    return CardView(id=card, colour=colour_of(card), number=number_of(card))


def cards_view(cards: list[int]) -> list[CardView]:
    """Cards sorted by colour, then number."""
    return [CardView.of(c) for c in sorted(cards)]


class PlayedCard(BaseModel):
    """A card in a trick, with the seat that played it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    card: CardView


class TrickView(BaseModel):
    """A finished trick: cards in play order, where the trump marker ended and who won.
    Frozen: a finished trick's view is shared (`state.trick_view`)."""

    model_config = ConfigDict(frozen=True)

    number: int
    leader: int
    cards: list[PlayedCard]
    marker: int
    trump: int
    winner: int


class PublicView(BaseModel):
    """Everything the whole table may know."""

    game: str = "irobae"
    players: int
    phase: Phase
    #: 1-based deal number and the number of deals (= players).
    deal: int
    deals: int
    dealer: int
    #: 1-based number of the trick being played (0 during the pass step).
    trick_number: int
    tricks_per_deal: int
    #: Cards per colour in this game (numbered 1..cards_per_colour).
    cards_per_colour: int
    unused_count: int
    #: Seats that may act now (several during the pass step).
    to_act: list[int]
    #: The seat to play now during the play step, else None.
    turn: int | None
    #: Who leads the current trick (during the pass step: who will lead the first trick).
    leader: int | None
    #: The current trick in play order.
    trick: list[PlayedCard]
    #: Index in `trick` of the card the trump marker lies beside (None when the trick is empty).
    marker: int | None
    trump: int | None
    #: Colours played so far in this trick, in order of first appearance: a player holding any
    #: of them must play one of them.
    follow_colours: list[int]
    hand_sizes: list[int]
    #: During the pass step, which seats have already chosen (never what they chose).
    passed: list[bool]
    #: Seat each player passes to (the left neighbour).
    pass_to: list[int]
    #: Finished tricks of this deal, oldest first.
    tricks: list[TrickView]
    #: The most recently finished trick (possibly from the previous deal), for a "last trick" line.
    last_trick: TrickView | None
    tricks_won: list[int]
    #: One row per finished deal: score per seat.
    deal_scores: list[list[int]]
    totals: list[int]
    open_minimums: bool
    #: With the open-minimums option, per seat the lowest won card of each colour (this deal);
    #: empty lists when the option is off.
    minimums: list[list[CardView]]
    winners: list[int]


class PrivateView(BaseModel):
    """The public view plus what one seat alone knows."""

    public: PublicView
    seat: int
    #: The hand, sorted by colour then number (during the pass step, without the chosen cards).
    hand: list[CardView]
    #: Card ids playable now (empty unless it is this seat's turn to play).
    playable: list[int]
    #: Card ids this seat may choose from for the pass (empty once chosen or outside the step).
    passable: list[int]
    #: How many cards the pass takes (for a multi-select of exactly this many values).
    pass_count: int
    #: The two cards chosen during the pass step, before everyone has chosen.
    pass_choice: list[CardView]
    #: This deal's cards passed to the left and received from the right (after the pass).
    passed: list[CardView]
    received: list[CardView]
    pass_to: int
    pass_from: int
    #: Cards this seat has won in this deal, and what they score now.
    pile: list[CardView]
    pile_score: int
