"""The state and transitions of 色映に生へど: deal, simultaneous pass, nine tricks, scoring."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any, ClassVar

from typing_extensions import TypedDict

from games.core import Action, Event, IllegalAction, Reason, Result, Rng, State, winners_by
from games.irobae import actions as act
from games.irobae import scoring
from games.irobae.rules import (
    ALREADY_PASSED,
    HAND_SIZE,
    MUST_FOLLOW,
    NOT_IN_HAND,
    PASS_COUNT,
    PASS_STEP,
    TRICKS_PER_DEAL,
    WRONG_STEP,
    IrobaeOptions,
    Phase,
    as_pair,
    cards_per_colour,
    colour_of,
    deals_in_game,
    deck,
    number_of,
)
from games.irobae.views import CardView, PlayedCard, PrivateView, PublicView, TrickView, cards_view


def pile_minimums(pile: list[int]) -> list[int]:
    """The lowest card of each colour in a pile, sorted by colour."""
    lowest: dict[int, int] = {}
    for card in pile:
        colour = colour_of(card)
        if colour not in lowest or card < lowest[colour]:
            lowest[colour] = card
    return [lowest[c] for c in sorted(lowest)]


class IrobaeStored(TypedDict):
    """What a snapshot of a game holds (see `IrobaeState` for each attribute)."""

    players: int
    seed: int
    options: IrobaeOptions
    rng: Rng
    deal: int
    first_dealer: int
    phase: Phase
    hands: list[list[int]]
    unused: list[int]
    pass_choice: list[list[int] | None]
    passed: list[list[int]]
    received: list[list[int]]
    leader: int
    trick: list[int]
    tricks: list[tuple[int, list[int]]]
    last_trick: tuple[int, int, list[int]] | None
    piles: list[list[int]]
    deal_scores: list[list[int]]


class IrobaeState(State):
    """One game of 色映に生へど.

    Cards are ints (`rules.card_id`). A trick is stored as its leader and card ids in play order
    (the seats follow clockwise). During the pass step each seat's choice waits in
    `pass_choice` (still counted in the hand) until every seat has chosen; then all passes
    resolve at once, so the order of submissions cannot matter.
    """

    Stored = IrobaeStored
    stored_marks: ClassVar[dict[str, Any]] = {"game": "irobae"}

    def __init__(self, players: int, seed: int, options: IrobaeOptions, rng: Rng) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng
        self.deal = 0
        self.first_dealer = 0
        self.phase: Phase = "pass"
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.unused: list[int] = []
        self.pass_choice: list[list[int] | None] = [None] * players
        self.passed: list[list[int]] = [[] for _ in range(players)]
        self.received: list[list[int]] = [[] for _ in range(players)]
        self.leader = 0
        self.trick: list[int] = []
        self.tricks: list[tuple[int, list[int]]] = []
        self.last_trick: tuple[int, int, list[int]] | None = None
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.deal_scores: list[list[int]] = []

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: IrobaeOptions) -> IrobaeState:
        state = cls(players, seed, options, Rng(seed))
        # Decision: the first dealer is drawn at random (the seed picks whoever most recently
        # saw a sunrise or sunset); the deal then passes to the left each deal.
        state.first_dealer = state.rng.below(players)
        state._start_deal()
        return state

    # -- derived facts ------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.deal) % self.players

    @property
    def turn(self) -> int | None:
        """The seat to play during the play step."""
        if self.phase != "play":
            return None
        return (self.leader + len(self.trick)) % self.players

    def left_of(self, seat: int) -> int:
        return (seat + PASS_STEP) % self.players

    def right_of(self, seat: int) -> int:
        return (seat - PASS_STEP) % self.players

    def follow_colours(self) -> list[int]:
        """Colours played in the current trick, in order of first appearance."""
        seen: list[int] = []
        for card in self.trick:
            if colour_of(card) not in seen:
                seen.append(colour_of(card))
        return seen

    def playable(self, seat: int) -> list[int]:
        """Cards `seat` may play now (the follow rule: any colour already in the trick)."""
        if self.turn != seat:
            return []
        hand = self.hands[seat]
        colours = set(self.follow_colours())
        followers = [c for c in hand if colour_of(c) in colours]
        return followers or list(hand)

    def passable(self, seat: int) -> list[int]:
        if self.phase != "pass" or self.pass_choice[seat] is not None:
            return []
        return list(self.hands[seat])

    def totals(self) -> list[int]:
        return [sum(row[s] for row in self.deal_scores) for s in range(self.players)]

    # -- the contract -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def opening_events(self) -> list[Event]:
        """The first deal's announcement for the table's log (later deals announce themselves
        with the same event as they start)."""
        return [self._deal_start_event()]

    def to_act(self) -> list[int]:
        if self.phase == "pass":
            return [s for s in range(self.players) if self.pass_choice[s] is None]
        if self.phase == "play":
            return [self.turn]  # type: ignore[list-item]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Pass: every pair of hand cards (36 with 9 cards). Play: the playable cards."""
        if not 0 <= seat < self.players:
            return []
        if self.phase == "pass":
            return [
                act.PassCards(a=a, b=b) for a, b in combinations(self.passable(seat), PASS_COUNT)
            ]
        return [act.PlayCard(card=c) for c in self.playable(seat)]

    def check(self, seat: int, action: Action) -> None:
        """The core checks, with game-specific reasons where they say more than `not_legal`."""
        if self.is_over():
            raise IllegalAction(Reason.GAME_OVER)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        if not isinstance(action, act.IrobaeAction):
            raise IllegalAction(Reason.MALFORMED, "not an irobae action")
        if self.phase == "pass":
            if self.pass_choice[seat] is not None:
                raise IllegalAction(ALREADY_PASSED)
            if not isinstance(action, act.PassCards):
                raise IllegalAction(WRONG_STEP)
            if action.a not in self.hands[seat] or action.b not in self.hands[seat]:
                raise IllegalAction(NOT_IN_HAND)
        else:
            if seat != self.turn:
                raise IllegalAction(Reason.NOT_YOUR_TURN)
            if not isinstance(action, act.PlayCard):
                raise IllegalAction(WRONG_STEP)
            if action.card not in self.hands[seat]:
                raise IllegalAction(NOT_IN_HAND)
            if action.card not in self.playable(seat):
                raise IllegalAction(MUST_FOLLOW)
        if not self.is_legal(seat, action):
            raise IllegalAction(Reason.NOT_LEGAL, action.encode())

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, act.PassCards):
            self._choose_pass(seat, [action.a, action.b], events)
        elif isinstance(action, act.PlayCard):
            self._play(seat, action.card, events)
        return events

    # -- transitions --------------------------------------------------------------------------

    def _start_deal(self, events: list[Event] | None = None) -> None:
        cards = deck(self.players)
        self.rng.shuffle(cards)
        for seat in range(self.players):
            self.hands[seat] = sorted(cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
        self.unused = sorted(cards[self.players * HAND_SIZE :])
        self.piles = [[] for _ in range(self.players)]
        self.pass_choice = [None] * self.players
        self.passed = [[] for _ in range(self.players)]
        self.received = [[] for _ in range(self.players)]
        self.tricks = []
        self.trick = []
        self.leader = (self.dealer + 1) % self.players
        self.phase = "pass"
        if events is not None:
            events.append(self._deal_start_event())
            for seat in range(self.players):
                events.append(
                    Event(kind="hand", seat=seat, data={"cards": self.hands[seat]}, to=seat)
                )

    def _deal_start_event(self) -> Event:
        """The public announcement of the current deal: its number, dealer and first leader."""
        return Event(
            kind="deal_start",
            seat=self.dealer,
            data={
                "deal": self.deal + 1,
                "deals": deals_in_game(self.players),
                "dealer": self.dealer,
                "leader": self.leader,
            },
        )

    def _choose_pass(self, seat: int, cards: list[int], events: list[Event]) -> None:
        self.pass_choice[seat] = sorted(cards)
        events.append(Event(kind="passed", seat=seat))
        events.append(Event(kind="pass_chosen", seat=seat, data={"cards": sorted(cards)}, to=seat))
        if any(choice is None for choice in self.pass_choice):
            return
        choices = [list(c) for c in self.pass_choice if c is not None]
        for seat_from, given in enumerate(choices):
            for card in given:
                self.hands[seat_from].remove(card)
        for seat_from, given in enumerate(choices):
            seat_to = self.left_of(seat_from)
            self.hands[seat_to] = sorted(self.hands[seat_to] + given)
            self.passed[seat_from] = list(given)
            self.received[seat_to] = list(given)
        self.pass_choice = [None] * self.players
        self.phase = "play"
        events.append(Event(kind="pass_done", data={"leader": self.leader}))
        for s in range(self.players):
            events.append(
                Event(
                    kind="received",
                    seat=s,
                    data={
                        "passed": self.passed[s],
                        "to": self.left_of(s),
                        "received": self.received[s],
                        "from": self.right_of(s),
                    },
                    to=s,
                )
            )

    def _play(self, seat: int, card: int, events: list[Event]) -> None:
        new_colour = colour_of(card) not in self.follow_colours()
        lead = not self.trick
        self.hands[seat].remove(card)
        self.trick.append(card)
        pairs = [as_pair(c) for c in self.trick]
        marker = scoring.marker_index(pairs)
        # Who wins the trick as it stands after this card (public: every card is face up).
        winning = (self.leader + scoring.trick_winner(pairs)) % self.players
        events.append(
            Event(
                kind="play",
                seat=seat,
                data={
                    "card": card,
                    "colour": colour_of(card),
                    "number": number_of(card),
                    "trick": len(self.tricks) + 1,
                    "lead": lead,
                    "marker_moved": new_colour and not lead,
                    "marker": marker,
                    "trump": pairs[marker][0],
                    "winning": winning,
                },
            )
        )
        if len(self.trick) < self.players:
            return
        index = scoring.trick_winner(pairs)
        winner = (self.leader + index) % self.players
        self.piles[winner].extend(self.trick)
        self.tricks.append((self.leader, list(self.trick)))
        self.last_trick = (len(self.tricks), self.leader, list(self.trick))
        data: dict[str, Any] = {
            "trick": len(self.tricks),
            "leader": self.leader,
            "cards": [[(self.leader + i) % self.players, c] for i, c in enumerate(self.trick)],
            "winner": winner,
            "marker": marker,
            "trump": pairs[marker][0],
        }
        if self.options.open_minimums:
            data["minimums"] = pile_minimums(self.piles[winner])
        events.append(Event(kind="trick_end", seat=winner, data=data))
        self.trick = []
        self.leader = winner
        if len(self.tricks) == TRICKS_PER_DEAL:
            self._end_deal(events)

    def _end_deal(self, events: list[Event]) -> None:
        scores = [scoring.deal_score([as_pair(c) for c in pile]) for pile in self.piles]
        self.deal_scores.append(scores)
        events.append(
            Event(
                kind="deal_end",
                # Everything the deal's summary says: each pile is counted in the open.
                data={
                    "deal": self.deal + 1,
                    "deals": deals_in_game(self.players),
                    "dealer": self.dealer,
                    "scores": scores,
                    "totals": self.totals(),
                    "piles": [sorted(pile) for pile in self.piles],
                },
            )
        )
        # Won cards are counted in the open at the deal's end: each pile is public then.
        for seat, pile in enumerate(self.piles):
            by_colour = scoring.colour_scores([as_pair(c) for c in pile])
            events.append(
                Event(
                    kind="deal_pile",
                    seat=seat,
                    data={
                        "cards": sorted(pile),
                        "colours": {str(c): v for c, v in by_colour.items()},
                        "score": scores[seat],
                    },
                )
            )
        if self.deal + 1 >= deals_in_game(self.players):
            self.phase = "over"
            result = self.result()
            events.append(
                Event(kind="game_over", data={"scores": result.scores, "winners": result.winners})
            )
            return
        self.deal += 1
        self._start_deal(events)

    # -- outcome and views --------------------------------------------------------------------

    def result(self) -> Result:
        totals = self.totals()
        return Result(
            scores=totals,
            # Decision: a tie for the highest total shares the win (the seed's "first to spot
            # the evening star" cannot be played online).
            winners=winners_by([(t,) for t in totals]),
            breakdown=[
                {f"deal{d + 1}": row[s] for d, row in enumerate(self.deal_scores)}
                for s in range(self.players)
            ],
            tiebreak=[],
            details={
                "deal_scores": [list(row) for row in self.deal_scores],
                "dealers": [
                    (self.first_dealer + d) % self.players for d in range(len(self.deal_scores))
                ],
            },
        )

    def _trick_view(self, number: int, leader: int, cards: list[int]) -> TrickView:
        return trick_view(self.players, number, leader, tuple(cards))

    def public_view(self) -> PublicView:
        n = self.players
        pairs = [as_pair(c) for c in self.trick]
        marker = scoring.marker_index(pairs) if pairs else None
        finished = [
            self._trick_view(i + 1, lead, cards) for i, (lead, cards) in enumerate(self.tricks)
        ]
        won = [0] * n
        for trick in finished:
            won[trick.winner] += 1
        if self.phase == "play":
            trick_number = len(self.tricks) + 1
        elif self.phase == "over":
            trick_number = len(self.tricks)
        else:
            trick_number = 0
        return PublicView(
            players=n,
            phase=self.phase,
            deal=self.deal + 1,
            deals=deals_in_game(n),
            dealer=self.dealer,
            trick_number=trick_number,
            tricks_per_deal=TRICKS_PER_DEAL,
            cards_per_colour=cards_per_colour(n),
            unused_count=len(self.unused),
            to_act=self.to_act(),
            turn=self.turn,
            leader=None if self.is_over() else self.leader,
            trick=[
                PlayedCard(seat=(self.leader + i) % n, card=CardView.of(c))
                for i, c in enumerate(self.trick)
            ],
            marker=marker,
            trump=None if marker is None else pairs[marker][0],
            follow_colours=self.follow_colours(),
            hand_sizes=[len(h) for h in self.hands],
            passed=[self.phase != "pass" or c is not None for c in self.pass_choice],
            pass_to=[self.left_of(s) for s in range(n)],
            tricks=finished,
            last_trick=None if self.last_trick is None else self._trick_view(*self.last_trick),
            tricks_won=won,
            deal_scores=[list(row) for row in self.deal_scores],
            totals=self.totals(),
            open_minimums=self.options.open_minimums,
            minimums=[
                [CardView.of(c) for c in pile_minimums(p)] if self.options.open_minimums else []
                for p in self.piles
            ],
            winners=self.result().winners if self.is_over() else [],
        )

    def private_view(self, seat: int) -> PrivateView:
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        choice = self.pass_choice[seat] or []
        pile = self.piles[seat]
        return PrivateView(
            public=self.public_view(),
            seat=seat,
            hand=cards_view([c for c in self.hands[seat] if c not in choice]),
            playable=self.playable(seat),
            passable=self.passable(seat),
            pass_count=PASS_COUNT,
            pass_choice=cards_view(choice),
            passed=cards_view(self.passed[seat]),
            received=cards_view(self.received[seat]),
            pass_to=self.left_of(seat),
            pass_from=self.right_of(seat),
            pile=cards_view(pile),
            pile_score=scoring.deal_score([as_pair(c) for c in pile]),
        )


@functools.lru_cache(maxsize=1024)
def trick_view(players: int, number: int, leader: int, cards: tuple[int, ...]) -> TrickView:
    """A finished trick as the table sees it. Kept: the table shows every trick of the deal on
    every update, and a trick never changes once it is finished."""
    pairs = [as_pair(c) for c in cards]
    marker = scoring.marker_index(pairs)
    return TrickView(
        number=number,
        leader=leader,
        cards=[
            PlayedCard(seat=(leader + i) % players, card=CardView.of(c))
            for i, c in enumerate(cards)
        ],
        marker=marker,
        trump=pairs[marker][0],
        winner=(leader + scoring.trick_winner(pairs)) % players,
    )
