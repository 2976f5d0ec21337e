"""What the table and each seat may see: plain pydantic models a renderer draws from."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict

from games.gogyo.cards import card_name, duel_number, dynasty_of, element_of
from games.gogyo.scoring import best_arrangement

Step = Literal[
    "act",
    "field_discard",
    "field_take",
    "deck_discard",
    "duel_choice",
    "loot_discard",
    "duel_give",
    "declare",
    "over",
]
#: Steps in the order a turn may pass through them (texts.STEPS names each): the values of `Step`.
STEPS: tuple[str, ...] = get_args(Step)


class CardView(BaseModel):
    """One card: `name` is `"夏木"`, `"天"` or `"閥"`; `number` is its duel number.
    Frozen, so `card_view` can hand out one shared value per card."""

    model_config = ConfigDict(frozen=True)

    id: int
    name: str
    dynasty: str | None
    element: str | None
    number: int


class HandCard(CardView):
    """A card of the viewer's own hand; `face_down` cards are hidden from the others.
    Frozen like `CardView`, so `hand_card` can hand out one shared value per card and side."""

    face_down: bool


@functools.cache
def hand_card(card: int, face_down: bool) -> HandCard:
    """The one `HandCard` of `card` shown face down or up."""
    return HandCard(**card_view(card).model_dump(), face_down=face_down)


@functools.cache
def card_view(card: int) -> CardView:
    return CardView(
        id=card,
        name=card_name(card),
        dynasty=dynasty_of(card),
        element=element_of(card),
        number=duel_number(card),
    )


def card_views(cards: Iterable[int]) -> list[CardView]:
    return [card_view(c) for c in cards]


class PlayerPublic(BaseModel):
    """One seat as the whole table sees it."""

    seat: int
    face_up: list[CardView]
    face_down_count: int
    hand_size: int
    #: Turns this seat has completed in the current game (declaring needs one).
    turns_taken: int
    #: Scores of the finished games of the match, and their sum.
    game_scores: list[int]
    total: int


class DuelView(BaseModel):
    """The latest duel of the current game, filled in as the winner chooses."""

    attacker: int
    defender: int
    attacker_card: CardView
    defender_card: CardView
    attacker_number: int
    defender_number: int
    winner: int
    loser: int
    mode: Literal["loot", "destroy"] | None = None
    #: The loser's card looted or destroyed.
    card: CardView | None = None
    #: The winner's own discard when looting.
    winner_discard: CardView | None = None
    #: The field card the loser had to take.
    given: CardView | None = None


class ArrangedCard(BaseModel):
    """One position of a scored arrangement."""

    model_config = ConfigDict(frozen=True)

    card: CardView
    in_dynasty_run: bool
    in_element_run: bool
    #: What a 天 (dynasty) or 閥 (element) stands for in its run, else None.
    stands_for: str | None


class Arrangement(BaseModel):
    """A hand in its best order, left to right, with both runs marked and their points.
    Frozen, so `arrangement` can hand out one shared value per hand."""

    model_config = ConfigDict(frozen=True)

    cards: list[ArrangedCard]
    dynasty_length: int
    element_length: int
    dynasty_points: int
    element_points: int
    total: int


def arrangement(hand: Iterable[int]) -> Arrangement:
    """The best arrangement of a hand of card ids (see `scoring.best_arrangement`)."""
    return _arrangement(tuple(sorted(hand)))


@functools.lru_cache(maxsize=4096)
def _arrangement(ids: tuple[int, ...]) -> Arrangement:
    """`arrangement` of sorted card ids, kept: the table shows the same hands (the ones of
    finished games, the seats' own) on every update, and scoring one tries every order."""
    by_name: dict[str, list[int]] = {}
    for c in ids:
        by_name.setdefault(card_name(c), []).append(c)
    best: dict[str, Any] = best_arrangement([card_name(c) for c in ids])
    cards = [
        ArrangedCard(
            card=card_view(by_name[name].pop(0)),
            in_dynasty_run=pos in best["dynasty_run"],
            in_element_run=pos in best["element_run"],
            stands_for=best["as"][pos],
        )
        for pos, name in enumerate(best["order"])
    ]
    return Arrangement(
        cards=cards,
        dynasty_length=best["dynasty_length"],
        element_length=best["element_length"],
        dynasty_points=best["dynasty_points"],
        element_points=best["element_points"],
        total=best["total"],
    )


class GameResultView(BaseModel):
    """One finished game of the match: how it ended and every seat's revealed hand, scored."""

    game: int
    ended_by: Literal["deck", "declare"]
    declarer: int | None
    scores: list[int]
    arrangements: list[Arrangement]


class PublicView(BaseModel):
    """Everything the whole table may know."""

    game_no: int
    step: Step
    #: The seat whose turn it is (a duel's winner may act during it: see `to_act`).
    turn: int
    to_act: list[int]
    start_seat: int
    deck_count: int
    field: list[CardView]
    discard_count: int
    discard_top: CardView | None
    #: The whole discard pile, oldest first (every card in it was shown when discarded).
    discard: list[CardView]
    players: list[PlayerPublic]
    last_duel: DuelView | None
    #: Finished games of the match, with each hand's best arrangement.
    games: list[GameResultView]
    totals: list[int]
    over: bool
    winners: list[int]
    declare_min: int


class PrivateView(BaseModel):
    """The public view plus what `seat` alone knows."""

    public: PublicView
    seat: int
    hand: list[HandCard]
    best_score: int
    best: Arrangement
    #: Whether this seat could declare at the end of a turn now (second turn on, ≥ 30).
    can_declare: bool
    #: The chosen discard during the field action's second step.
    pending_discard: CardView | None
    #: The chosen loser's card during the loot's discard step.
    pending_loot: CardView | None
