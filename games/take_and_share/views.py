"""The public table view and the per-seat private view (plain pydantic models)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Card = tuple[int, int]
"""`(suit, number)`; suit names are in `texts.SUITS`."""

Phase = Literal["play", "share", "over"]
Step = Literal["lead", "follow", "give", "over"]


class PlayedCard(BaseModel):
    """A card played to a trick by `seat`."""

    model_config = ConfigDict(frozen=True)

    seat: int
    suit: int
    number: int


class Gift(BaseModel):
    """One share gift: after trick `trick`, `giver` gave the card to seat `to`."""

    model_config = ConfigDict(frozen=True)

    trick: int
    giver: int
    suit: int
    number: int
    to: int


class TrickRecord(BaseModel):
    """A finished trick of the current game.

    Frozen: a trick's record is shared between views (`state.trick_record`).

    `rule` is `highest` when every card followed the lead suit, else `lowest`. `shared` is false
    for the last trick of a game: its own cards are never handed out (its share step still hands
    out the previous share cards). `gifts` fills in during the share that follows the trick.
    """

    model_config = ConfigDict(frozen=True)

    number: int
    leader: int
    cards: list[PlayedCard]
    winner: int
    rule: Literal["highest", "lowest"]
    shared: bool
    gifts: list[Gift]


class GameSummary(BaseModel):
    """A finished game: everyone's received cards (revealed for scoring) and its scores."""

    number: int
    first_leader: int
    scores: list[int]
    suit_points: list[list[int]]
    received: list[list[Card]]


class PublicView(BaseModel):
    """Everything the whole table may know.

    `phase` is `play` (tricks), `share` (the trick winner `share_giver` hands out `to_give`, first
    card first, to the seats not in `share_received`) or `over`. `step` names what the seat(s) in
    `to_act` do now: `lead`, `follow`, `give` or `over`. `trick` is the current trick in play order;
    `history` the finished tricks of the current game with their gifts; `gifts` the same gifts as
    one flat log. Scores of finished games are in `game_scores` (per game, per seat) and `games`;
    `totals` are the cumulative scores over finished games. `scores`/`winners` are set once over.
    """

    players: int
    long_game: bool
    target: int | None
    phase: Phase
    step: Step
    to_act: list[int]
    turn: int | None
    game_number: int
    first_leader: int
    leader: int
    trick_number: int
    tricks_per_game: int
    tricks_left: int
    trick: list[PlayedCard]
    lead_suit: int | None
    share_cards: list[Card]
    to_give: list[Card]
    next_gift: Card | None
    share_giver: int | None
    share_received: list[int]
    hand_sizes: list[int]
    received_counts: list[int]
    history: list[TrickRecord]
    gifts: list[Gift]
    game_scores: list[list[int]]
    totals: list[int]
    games: list[GameSummary]
    scores: list[int] | None
    winners: list[int]


class PrivateView(BaseModel):
    """What `seat` sees: the public view, its hand sorted by suit then number, the cards of it it
    may play right now (empty when it is not this seat's turn to play) and its received cards."""

    seat: int
    public: PublicView
    hand: list[Card]
    playable: list[Card]
    received: list[Card]
    my_turn: bool
