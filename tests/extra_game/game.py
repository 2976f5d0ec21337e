"""ハイカード's rules: 2–3 players, cards 1–12, three tricks of one card each.

Each player is dealt three cards from the twelve, shuffled. The leader plays a card face up,
then each other player in turn; the highest card takes the trick (with the `low_wins` option,
the lowest) and its player leads the next. After three tricks, most tricks wins; a tie shares
the win.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel
from typing_extensions import TypedDict

from games.core import Action, Event, Game, IllegalAction, Reason, Result, Rng, State, winners_by

CARDS = tuple(range(1, 13))
HAND_SIZE = 3


class HighCardOptions(BaseModel):
    low_wins: bool = False


class HighCardAction(Action):
    pass


class Play(HighCardAction):
    kind: Literal["play"] = "play"
    card: int


class PublicView(BaseModel):
    players: int
    leader: int
    turn: int | None
    trick: list[tuple[int, int]]
    tricks_won: list[int]
    hand_sizes: list[int]
    played: list[int]
    low_wins: bool
    over: bool


class PrivateView(BaseModel):
    public: PublicView
    seat: int
    hand: list[int]


class HighCardStored(TypedDict):
    """What a snapshot holds: the `State.Stored` declaration, as the five titles have it."""

    players: int
    rng: Rng
    options: HighCardOptions
    hands: list[list[int]]
    leader: int
    trick: list[tuple[int, int]]
    tricks_won: list[int]
    played: list[int]


class HighCardState(State):
    Stored = HighCardStored

    def __init__(self, players: int, rng: Rng, options: HighCardOptions) -> None:
        """Deal three cards to each player from the shuffled twelve; seat 0 leads."""
        self.players = players
        self.rng = rng
        self.options = options
        deck = list(CARDS)
        rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players)]
        self.leader = 0
        self.trick: list[tuple[int, int]] = []
        self.tricks_won = [0] * players
        self.played: list[int] = []

    @classmethod
    def new(cls, players: int, seed: int, options: HighCardOptions) -> HighCardState:
        return cls(players, Rng(seed), options)

    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    def to_act(self) -> list[int]:
        if self.is_over():
            return []
        return [(self.leader + len(self.trick)) % self.players]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Play(card=card) for card in sorted(self.hands[seat])]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Play):
            raise IllegalAction(Reason.NOT_LEGAL)
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        events = [Event(kind="play", seat=seat, data={"card": action.card})]
        if len(self.trick) == self.players:
            pick = min if self.options.low_wins else max
            winner = pick(self.trick, key=lambda played: played[1])[0]
            self.tricks_won[winner] += 1
            self.played.extend(card for _, card in self.trick)
            self.trick = []
            self.leader = winner
            events.append(Event(kind="trick", seat=winner, data={"won": self.tricks_won[winner]}))
        return events

    def result(self) -> Result:
        scores = list(self.tricks_won)
        return Result(
            scores=scores,
            winners=winners_by([(score,) for score in scores]),
            breakdown=[{"tricks": score} for score in scores],
        )

    def public_view(self) -> PublicView:
        return PublicView(
            players=self.players,
            leader=self.leader,
            turn=next(iter(self.to_act()), None),
            trick=list(self.trick),
            tricks_won=list(self.tricks_won),
            hand_sizes=[len(hand) for hand in self.hands],
            played=list(self.played),
            low_wins=self.options.low_wins,
            over=self.is_over(),
        )

    def private_view(self, seat: int) -> PrivateView:
        return PrivateView(public=self.public_view(), seat=seat, hand=sorted(self.hands[seat]))


class HighCardGame(Game):
    id: ClassVar[str] = "high_card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    Options: ClassVar[type[BaseModel]] = HighCardOptions
    Action: ClassVar[type[Action]] = HighCardAction
    cpu_levels: ClassVar[tuple[str, ...]] = ("random", "strong")
    cpu_classes: ClassVar[dict[str, str]] = {
        "random": "ai.RandomPlayer",
        "strong": "ai.StrongPlayer",
    }

    state_class: ClassVar[type[State]] = HighCardState


GAME = HighCardGame()
