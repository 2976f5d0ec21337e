"""The Take & Share state: deal, tricks with must-follow, the share step, scoring, long game."""

from __future__ import annotations

import functools
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, BaseModel, ConfigDict
from typing_extensions import TypedDict

from games.core import Event, IllegalAction, Reason, Result, Rng, State, StoredRecord, winners_by
from games.take_and_share import actions as act
from games.take_and_share import scoring
from games.take_and_share.cards import (
    LONG_GAME_TARGET,
    SETUPS,
    as_card,
    as_cards,
    card_id,
    deck,
    suit_of,
)
from games.take_and_share.texts import SUIT_KEYS
from games.take_and_share.views import (
    GameSummary,
    Gift,
    PlayedCard,
    PrivateView,
    PublicView,
    TrickRecord,
)

SNAPSHOT_VERSION = 1

#: Game-specific reason codes (texts in `texts.REASONS`).
MUST_FOLLOW = "must_follow"
NOT_IN_HAND = "not_in_hand"
ALREADY_RECEIVED = "already_received"
WRONG_SHARE_CARD = "wrong_share_card"
WRONG_STEP = "wrong_step"


def next_first_leader(previous: int, players: int) -> int:
    """**Decision** (long game): each new game's first leader sits left of the previous one's."""
    return (previous + 1) % players


class TakeAndShareOptions(BaseModel):
    """Variants. `long_game`: games in a row until someone's total is above 20 (4p) / 30 (3p)."""

    model_config = ConfigDict(extra="forbid")

    long_game: bool = False


#: A finished trick as the state keeps it (see `TakeAndShareState`).
StoredTrick = StoredRecord(tuple[int, list[int], int, list[list[int]]])


class GameRecord(TypedDict):
    """A finished game of the match: its first leader, scores and each seat's received cards."""

    first: int
    scores: list[int]
    received: list[list[int]]


class TakeAndShareStored(TypedDict):
    """What a snapshot of a match holds (see `TakeAndShareState` for each attribute)."""

    players: int
    seed: int
    options: TakeAndShareOptions
    rng: Rng
    game_no: int
    first_leader: int
    phase: str
    leader: int
    turn: int
    hands: list[Annotated[list[int], AfterValidator(sorted)]]
    share: list[int]
    to_give: list[int]
    trick: list[int]
    received: list[list[int]]
    tricks: list[StoredTrick]
    totals: list[int]
    games: list[GameRecord]


class TakeAndShareState(State):
    """One Take & Share match (a single game, or a series of games with `long_game`).

    Cards are ints (`cards.card_id`). A finished trick is kept as
    `[leader, [card, ...] in play order, winner, [[card, to], ...] gifts]`.
    """

    Stored = TakeAndShareStored
    stored_marks: ClassVar[dict[str, Any]] = {
        "game": "take_and_share",
        "version": SNAPSHOT_VERSION,
    }

    def __init__(self, players: int, seed: int, options: TakeAndShareOptions, rng: Rng) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng
        self.setup = SETUPS[players]
        self.game_no = 0
        self.first_leader = 0
        self.phase = "play"
        self.leader = 0
        self.turn = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.share: list[int] = []
        self.to_give: list[int] = []
        self.trick: list[int] = []
        self.received: list[list[int]] = [[] for _ in range(players)]
        self.tricks: list[list[Any]] = []
        self.totals = [0] * players
        self.games: list[dict[str, Any]] = []

    # ----------------------------------------------------------------- setup

    @classmethod
    def new(cls, players: int, seed: int, options: TakeAndShareOptions) -> TakeAndShareState:
        state = cls(players, seed, options, Rng(seed))
        state._deal(first_leader=state.rng.below(players))
        return state

    @property
    def long_game(self) -> bool:
        return self.options.long_game

    def _deal(self, first_leader: int) -> None:
        cards = deck(self.players)
        self.rng.shuffle(cards)
        size = self.setup.hand
        self.hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(self.players)]
        self.share = sorted(cards[self.players * size :])
        self.game_no += 1
        self.first_leader = self.leader = self.turn = first_leader
        self.phase = "play"
        self.to_give = []
        self.trick = []
        self.received = [[] for _ in range(self.players)]
        self.tricks = []

    # ------------------------------------------------------------ contract

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def is_over(self) -> bool:
        return self.phase == "over"

    def opening_events(self) -> list[Event]:
        """The first game's start (first leader, share cards) for the table's log; later games
        of a long game announce themselves with the same event kind."""
        return [self._game_start()]

    def _game_start(self) -> Event:
        """The start of the game just dealt: its number, first leader and share cards."""
        return Event(
            kind="game_start",
            seat=self.first_leader,
            data={
                "game": self.game_no,
                "first_leader": self.first_leader,
                "share": [list(c) for c in as_cards(self.share)],
            },
        )

    @property
    def lead_suit(self) -> int | None:
        return suit_of(self.trick[0]) if self.trick else None

    def playable(self, seat: int) -> list[int]:
        """Card ids `seat` may play now (must follow the lead suit when able)."""
        if self.phase != "play" or seat != self.turn:
            return []
        hand = self.hands[seat]
        lead = self.lead_suit
        if lead is not None:
            follow = [c for c in hand if suit_of(c) == lead]
            if follow:
                return follow
        return list(hand)

    def share_received(self) -> list[int]:
        """Seats that already got a card in the share under way."""
        if self.phase != "share":
            return []
        return [to for _, to in self.tricks[-1][3]]

    def legal_actions(self, seat: int) -> list[act.TakeAndShareAction]:
        if seat not in self.to_act():
            return []
        if self.phase == "play":
            return [act.Play(suit=s, number=n) for s, n in as_cards(self.playable(seat))]
        suit, number = as_card(self.to_give[0])
        done = set(self.share_received())
        return [
            act.Give(suit=suit, number=number, to=to)
            for to in range(self.players)
            if to not in done
        ]

    def check(self, seat: int, action: Any) -> None:
        """Like `State.check`, with a precise game-specific reason for an illegal move."""
        self.check_turn(seat)
        if not isinstance(action, act.TakeAndShareAction):
            raise IllegalAction(Reason.NOT_LEGAL)
        if action not in self.legal_actions(seat):
            raise IllegalAction(self._why_illegal(seat, action), action.encode())

    def _why_illegal(self, seat: int, action: act.TakeAndShareAction) -> str:
        if isinstance(action, act.Play):
            if self.phase != "play":
                return WRONG_STEP
            if not (0 <= action.suit < 6 and 1 <= action.number <= 10):
                return Reason.NOT_LEGAL
            if card_id(action.suit, action.number) not in self.hands[seat]:
                return NOT_IN_HAND
            return MUST_FOLLOW
        if isinstance(action, act.Give):
            if self.phase != "share":
                return WRONG_STEP
            if (action.suit, action.number) != as_card(self.to_give[0]):
                return WRONG_SHARE_CARD
            if action.to in self.share_received():
                return ALREADY_RECEIVED
        return Reason.NOT_LEGAL

    def _apply(self, seat: int, action: Any) -> list[Event]:
        if isinstance(action, act.Play):
            return self._play(seat, card_id(action.suit, action.number))
        return self._give(seat, action.to)

    # ---------------------------------------------------------- transitions

    def _play(self, seat: int, card: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append(card)
        suit, number = as_card(card)
        events = [
            Event(
                kind="play",
                seat=seat,
                data={
                    "game": self.game_no,
                    "trick": len(self.tricks) + 1,
                    "position": len(self.trick) - 1,
                    "suit": suit,
                    "number": number,
                    # The trick's lead suit, so that the log can say a card went off-suit.
                    "lead": suit_of(self.trick[0]),
                },
            )
        ]
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        return events + self._resolve_trick()

    def _resolve_trick(self) -> list[Event]:
        cards = as_cards(self.trick)
        index = scoring.trick_winner(cards)
        winner = (self.leader + index) % self.players
        last = not self.hands[winner]
        self.tricks.append([self.leader, list(self.trick), winner, []])
        events = [
            Event(
                kind="trick_won",
                seat=winner,
                data={
                    "game": self.game_no,
                    "trick": len(self.tricks),
                    "cards": [
                        [(self.leader + i) % self.players, s, n] for i, (s, n) in enumerate(cards)
                    ],
                    "rule": "highest" if scoring.all_followed(cards) else "lowest",
                    "last": last,
                },
            )
        ]
        self.leader = self.turn = winner
        # Every trick is followed by its share, the last one included (seed: 「『トリック→シェア』
        # を14回行うとゲームが終了します」): the old share cards are handed out, and the trick's
        # cards become the share cards. After the last trick those are never handed out.
        self.to_give = list(self.share)
        self.share = sorted(self.trick)
        self.trick = []
        self.phase = "share"
        events.append(
            Event(
                kind="share",
                seat=winner,
                data={
                    "trick": len(self.tricks),
                    "new_share": [list(c) for c in as_cards(self.share)],
                    "to_give": [list(c) for c in as_cards(self.to_give)],
                    "last": last,
                },
            )
        )
        return events

    def _give(self, giver: int, to: int, auto: bool = False) -> list[Event]:
        card = self.to_give.pop(0)
        self.received[to].append(card)
        self.tricks[-1][3].append([card, to])
        suit, number = as_card(card)
        events = [
            Event(
                kind="give",
                seat=giver,
                data={"suit": suit, "number": number, "to": to, "auto": auto},
            )
        ]
        if len(self.to_give) == 1:
            # One card and one seat left: the assignment is forced, so it is made at once.
            done = set(self.share_received())
            (last,) = [s for s in range(self.players) if s not in done]
            return events + self._give(giver, last, auto=True)
        if not self.to_give:
            if not self.hands[self.leader]:
                # The last trick's share is done: the game ends, its cards stay unshared.
                return events + self._end_game()
            self.phase = "play"
            self.turn = self.leader
        return events

    def _end_game(self) -> list[Event]:
        received = [as_cards(r) for r in self.received]
        scores = scoring.final_scores(received)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.games.append(
            {
                "first": self.first_leader,
                "scores": scores,
                "received": [list(r) for r in self.received],
            }
        )
        events = [
            Event(
                kind="game_end",
                data={
                    "game": self.game_no,
                    "scores": scores,
                    "totals": list(self.totals),
                    "received": [[list(c) for c in r] for r in received],
                },
            )
        ]
        if not self.long_game or max(self.totals) > LONG_GAME_TARGET[self.players]:
            self.phase = "over"
            winners = winners_by([(t,) for t in self.totals])
            events.append(
                Event(kind="game_over", data={"scores": list(self.totals), "winners": winners})
            )
            return events
        self._deal(next_first_leader(self.first_leader, self.players))
        events.append(self._game_start())
        return events

    # -------------------------------------------------------------- result

    def result(self) -> Result:
        winners = winners_by([(t,) for t in self.totals])
        summaries = self._summaries()
        last = summaries[-1] if summaries else None
        if self.long_game:
            breakdown = [
                {f"game_{g.number}": g.scores[seat] for g in summaries}
                for seat in range(self.players)
            ]
        else:
            points = last.suit_points if last else [[0] * 6 for _ in range(self.players)]
            breakdown = [
                {key: points[seat][i] for i, key in enumerate(SUIT_KEYS)}
                for seat in range(self.players)
            ]
        return Result(
            scores=list(self.totals),
            winners=winners,
            breakdown=breakdown,
            tiebreak=[],
            details={
                "long_game": self.long_game,
                "games": [g.model_dump(mode="json") for g in summaries],
            },
        )

    def _summaries(self) -> list[GameSummary]:
        out = []
        for number, game in enumerate(self.games, start=1):
            received = [as_cards(r) for r in game["received"]]
            out.append(
                GameSummary(
                    number=number,
                    first_leader=game["first"],
                    scores=list(game["scores"]),
                    suit_points=scoring.suit_points(received),
                    received=received,
                )
            )
        return out

    # --------------------------------------------------------------- views

    def _history(self) -> list[TrickRecord]:
        # The last trick (hands empty after it) never has its cards handed out.
        last_shared = any(self.hands)
        return [
            trick_record(
                self.players,
                number,
                leader,
                tuple(cards),
                winner,
                tuple((card, to) for card, to in gifts),
                shared=number < len(self.tricks) or last_shared,
            )
            for number, (leader, cards, winner, gifts) in enumerate(self.tricks, start=1)
        ]

    def _step(self) -> str:
        if self.phase == "over":
            return "over"
        if self.phase == "share":
            return "give"
        return "follow" if self.trick else "lead"

    def public_view(self) -> PublicView:
        history = self._history()
        summaries = self._summaries()
        done = len(self.tricks)
        current_trick = done if self.phase != "play" or done == self.setup.hand else done + 1
        over = self.phase == "over"
        return PublicView(
            players=self.players,
            long_game=self.long_game,
            target=LONG_GAME_TARGET[self.players] if self.long_game else None,
            phase=self.phase,  # type: ignore[arg-type]
            step=self._step(),  # type: ignore[arg-type]
            to_act=self.to_act(),
            turn=None if over else self.turn,
            game_number=self.game_no,
            first_leader=self.first_leader,
            leader=self.leader,
            trick_number=current_trick,
            tricks_per_game=self.setup.hand,
            tricks_left=self.setup.hand - done,
            trick=[
                PlayedCard(seat=(self.leader + i) % self.players, suit=s, number=n)
                for i, (s, n) in enumerate(as_cards(self.trick))
            ],
            lead_suit=self.lead_suit,
            share_cards=as_cards(self.share),
            to_give=as_cards(self.to_give),
            next_gift=as_card(self.to_give[0]) if self.to_give else None,
            share_giver=self.turn if self.phase == "share" else None,
            share_received=self.share_received(),
            hand_sizes=[len(h) for h in self.hands],
            received_counts=[len(r) for r in self.received],
            history=history,
            gifts=[g for record in history for g in record.gifts],
            game_scores=[g.scores for g in summaries],
            totals=list(self.totals),
            games=summaries,
            scores=list(self.totals) if over else None,
            winners=winners_by([(t,) for t in self.totals]) if over else [],
        )

    def private_view(self, seat: int) -> PrivateView:
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        return PrivateView(
            seat=seat,
            public=self.public_view(),
            hand=as_cards(self.hands[seat]),
            playable=as_cards(self.playable(seat)),
            received=sorted(as_cards(self.received[seat])),
            my_turn=seat in self.to_act(),
        )

    # ------------------------------------------------------------ snapshot

    def _restored(self) -> None:
        if self.players not in SETUPS:
            raise ValueError(f"take_and_share takes 3-4 players, not {self.players}")
        self.setup = SETUPS[self.players]

    def all_cards(self) -> list[int]:
        """Every card of the current deal, from every zone, sorted (conservation checks)."""
        cards = [c for h in self.hands for c in h] + self.share + self.to_give + self.trick
        cards += [c for r in self.received for c in r]
        if len(self.tricks) == self.setup.hand and not set(self.tricks[-1][1]) <= set(self.share):
            # A game finished before the last trick was shared keeps that trick's cards only
            # in its history (snapshots stored by earlier versions).
            cards += self.tricks[-1][1]
        return sorted(cards)


@functools.lru_cache(maxsize=4096)
def trick_record(
    players: int,
    number: int,
    leader: int,
    cards: tuple[int, ...],
    winner: int,
    gifts: tuple[tuple[int, int], ...],
    *,
    shared: bool,
) -> TrickRecord:
    """A finished trick as the table sees it (`gifts`: `(card, seat given to)` so far). Kept:
    every view of a game shows each of its finished tricks, and a trick changes only while
    its share is handed out."""
    played = as_cards(list(cards))
    return TrickRecord(
        number=number,
        leader=leader,
        cards=[
            PlayedCard(seat=(leader + i) % players, suit=s, number=n)
            for i, (s, n) in enumerate(played)
        ],
        winner=winner,
        rule="highest" if scoring.all_followed(played) else "lowest",
        shared=shared,
        gifts=[
            Gift(trick=number, giver=winner, suit=s, number=n, to=to)
            for (s, n), to in ((as_card(c), to) for c, to in gifts)
        ],
    )
