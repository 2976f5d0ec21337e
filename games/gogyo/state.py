"""The Gogyo match state: two games, turns in small steps, duels, declarations and scoring."""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from pydantic import BaseModel
from typing_extensions import TypedDict

from games.core import Action, Event, IllegalAction, Reason, Result, Rng, State, winners_by
from games.gogyo import actions as act
from games.gogyo.cards import ALL_CARDS, card_name, duel_number
from games.gogyo.rules import (
    DECLARE_MIN,
    DUEL_MIN_DECK,
    FIELD_SIZE,
    GAMES_PER_MATCH,
    HAND_SIZE,
    MAX_DECK_DRAW,
)
from games.gogyo.scoring import best_score_ids
from games.gogyo.views import (
    DuelView,
    GameResultView,
    PlayerPublic,
    PrivateView,
    PublicView,
    arrangement,
    card_view,
    card_views,
    hand_card,
)

SNAPSHOT_VERSION = 1

#: Which kinds each step accepts (used to explain why a move is refused).
_STEP_KINDS: dict[str, frozenset[str]] = {
    "act": frozenset({"field", "deck", "duel"}),
    "field_discard": frozenset({"discard", "back"}),
    "field_take": frozenset({"take", "back"}),
    "deck_discard": frozenset({"draw", "back"}),
    "duel_choice": frozenset({"loot", "destroy"}),
    "loot_discard": frozenset({"discard", "back"}),
    "duel_give": frozenset({"give"}),
    "declare": frozenset({"declare", "end"}),
    "over": frozenset(),
}
#: Steps in which the duel's winner acts instead of the seat whose turn it is.
_WINNER_STEPS = frozenset({"duel_choice", "loot_discard", "duel_give"})
#: The moves that only choose what comes next, nothing carried out yet, by (step, kind): the
#: step they lead to. A card so chosen waits in `pending` until the move completes.
_CHOICE_STEPS: dict[tuple[str, str], str] = {
    ("act", "field"): "field_discard",
    ("act", "deck"): "deck_discard",
    ("field_discard", "discard"): "field_take",
    ("duel_choice", "loot"): "loot_discard",
}
#: Where `back` leads from each step that offers it (it undoes a choice of `_CHOICE_STEPS`).
_BACK_STEPS: dict[str, str] = {
    "field_discard": "act",
    "field_take": "field_discard",
    "deck_discard": "act",
    "loot_discard": "duel_choice",
}


def shown_step(step: str) -> str:
    """The step the rest of the table is told of: a choice its seat can still take back
    (`back`) is not announced, only the step it was made from."""
    while step in _BACK_STEPS:
        step = _BACK_STEPS[step]
    return step


class GogyoOptions(BaseModel):
    """Gogyo has no variants; the rules are played as written."""


class GogyoStored(TypedDict):
    """What a snapshot of a match holds (see `GogyoState` for each attribute)."""

    players: int
    seed: int
    options: GogyoOptions
    rng: Rng
    game_no: int
    deck: list[int]
    field: list[int]
    discard: list[int]
    hands: list[list[int]]
    down: list[list[int]]
    turn: int
    start_seat: int
    step: str
    turns_taken: list[int]
    pending: int | None
    duel: dict[str, Any] | None
    results: list[dict[str, Any]]


class GogyoState(State):
    """A match of two games for 2–4 players.

    A turn is split into small steps so every choice fits one list of buttons: the seat picks an
    action kind (`act`), then its cards (`field_discard` → `field_take`, or `deck_discard`); a
    duel resolves at once and its winner then picks loot or destroy (`duel_choice`, with
    `loot_discard` for the loot's own discard) and the loser's field card (`duel_give`). When the
    acting seat may declare the end, a last `declare` step offers it. `back` undoes a choice that
    has not been carried out yet.
    """

    Stored = GogyoStored
    stored_marks: ClassVar[dict[str, Any]] = {"game": "gogyo", "version": SNAPSHOT_VERSION}

    def __init__(self, players: int, seed: int, options: GogyoOptions) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.game_no = 1
        self.deck: list[int] = []
        self.field: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.down: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0
        self.start_seat = 0
        self.step = "act"
        self.turns_taken = [0] * players
        self.pending: int | None = None
        self.duel: dict[str, Any] | None = None
        self.results: list[dict[str, Any]] = []

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: GogyoOptions) -> GogyoState:
        state = cls(players, seed, options)
        state._start_game()
        return state

    def _start_game(self) -> list[Event]:
        """Shuffle all 66 cards, deal 5 face up to each seat and 4 to the field."""
        self.deck = list(ALL_CARDS)
        self.rng.shuffle(self.deck)
        self.discard = []
        self.hands = [sorted(self.deck.pop() for _ in range(HAND_SIZE)) for _ in self.hands]
        self.down = [[] for _ in range(self.players)]
        self.field = [self.deck.pop() for _ in range(FIELD_SIZE)]
        self.start_seat = self.rng.below(self.players)
        self.turn = self.start_seat
        self.turns_taken = [0] * self.players
        self.step = "act"
        self.pending = None
        self.duel = None
        return [
            Event(
                kind="game_start",
                seat=self.start_seat,
                data={
                    "game": self.game_no,
                    "hands": [[card_name(c) for c in h] for h in self.hands],
                    "field": [card_name(c) for c in self.field],
                },
            )
        ]

    # -- queries ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def to_act(self) -> list[int]:
        if self.step == "over":
            return []
        if self.step in _WINNER_STEPS:
            assert self.duel is not None
            return [self.duel["winner"]]
        return [self.turn]

    def hand_score(self, seat: int) -> int:
        """The seat's hand in its best order (what it would score if the game ended now)."""
        return best_score_ids(self.hands[seat])

    def may_declare(self, seat: int) -> bool:
        """Whether `seat` could declare at the end of its current turn: not on its first turn
        of this game, and only with a hand scoring at least `DECLARE_MIN`."""
        return self.turns_taken[seat] >= 1 and self.hand_score(seat) >= DECLARE_MIN

    def opponents(self, seat: int) -> list[int]:
        """The other seats, clockwise from `seat`."""
        return [(seat + k) % self.players for k in range(1, self.players)]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        hand = self.hands[seat]
        step = self.step
        if step == "act":
            moves: list[act.GogyoAction] = [act.Field(), act.Deck()]
            if len(self.deck) >= DUEL_MIN_DECK:
                moves.extend(act.Duel(target=t) for t in self.opponents(seat))
            return moves
        if step == "field_discard":
            return [*(act.Discard(card=c) for c in hand), act.Back()]
        if step == "field_take":
            return [*(act.Take(card=c) for c in self.field), act.Back()]
        if step == "deck_discard":
            draws: list[act.GogyoAction] = [act.Draw(cards=(c,)) for c in hand]
            most = min(MAX_DECK_DRAW, len(self.deck))
            for size in range(2, most + 1):
                draws.extend(act.Draw(cards=combo) for combo in combinations(hand, size))
            return [*draws, act.Back()]
        if step == "duel_choice":
            assert self.duel is not None
            loser_hand = self.hands[self.duel["loser"]]
            return [
                *(act.Loot(card=c) for c in loser_hand),
                *(act.Destroy(card=c) for c in loser_hand),
            ]
        if step == "loot_discard":
            return [*(act.Discard(card=c) for c in hand), act.Back()]
        if step == "duel_give":
            return [act.Give(card=c) for c in self.field]
        if step == "declare":
            return [act.Declare(), act.EndTurn()]
        return []

    def check(self, seat: int, action: Action) -> None:
        """As `State.check`, with a game-specific reason where one explains the refusal."""
        try:
            super().check(seat, action)
        except IllegalAction as exc:
            if exc.reason != Reason.NOT_LEGAL:
                raise
            raise IllegalAction(self._why_illegal(seat, action), action.encode()) from None

    def _why_illegal(self, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "declare" and self.step != "declare":
            if self.turns_taken[seat] < 1:
                return "declare_first_turn"
            if self.hand_score(seat) < DECLARE_MIN:
                return "declare_below_min"
            return "wrong_step"
        if kind not in _STEP_KINDS[self.step]:
            return "wrong_step"
        if isinstance(action, act.Duel):
            if action.target == seat or not 0 <= action.target < self.players:
                return "bad_target"
            if len(self.deck) < DUEL_MIN_DECK:
                return "duel_needs_deck"
        if isinstance(action, act.Draw):
            if len(action.cards) > 1 and len(self.deck) < len(action.cards):
                return "deck_too_small"
            if not 1 <= len(action.cards) <= MAX_DECK_DRAW:
                return "bad_cards"
            return "card_unavailable"
        if isinstance(action, act.CardAction):
            return "card_unavailable"
        return Reason.NOT_LEGAL

    # -- transitions --------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        step = self.step
        if isinstance(action, act.Back):
            self.pending = None
            self.step = _BACK_STEPS[step]
            return []
        chosen = _CHOICE_STEPS.get((step, action.kind))
        if chosen is not None:
            if isinstance(action, act.CardAction):
                self.pending = action.card
            self.step = chosen
            return []
        if isinstance(action, act.Take):
            return self._field_action(seat, action.card)
        if isinstance(action, act.Draw):
            return self._deck_action(seat, action.cards)
        if isinstance(action, act.Duel):
            return self._duel(seat, action.target)
        if isinstance(action, act.Discard):
            return self._loot(seat, action.card)
        if isinstance(action, act.Destroy):
            return self._destroy(seat, action.card)
        if isinstance(action, act.Give):
            return self._give(seat, action.card)
        if isinstance(action, act.Declare):
            events = [Event(kind="declare", seat=seat, data={"score": self.hand_score(seat)})]
            return events + self._end_game("declare", seat)
        assert isinstance(action, act.EndTurn)
        return self._next_turn()

    def _remove(self, seat: int, card: int) -> None:
        """Take a card out of a hand; it loses its face-down status with it."""
        self.hands[seat].remove(card)
        if card in self.down[seat]:
            self.down[seat].remove(card)

    def _add(self, seat: int, card: int, *, face_down: bool) -> None:
        self.hands[seat].append(card)
        self.hands[seat].sort()
        if face_down:
            self.down[seat].append(card)
            self.down[seat].sort()

    def _refill(self) -> list[Event]:
        """Refill the field to 4 from the deck; a field the deck cannot refill stays short."""
        added: list[int] = []
        while len(self.field) < FIELD_SIZE and self.deck:
            card = self.deck.pop()
            self.field.append(card)
            added.append(card)
        if not added:
            return []
        return [Event(kind="refill", data={"cards": [card_name(c) for c in added]})]

    def _field_action(self, seat: int, card: int) -> list[Event]:
        assert self.pending is not None
        dropped = self.pending
        self.pending = None
        self._remove(seat, dropped)
        self.discard.append(dropped)
        self.field.remove(card)
        self._add(seat, card, face_down=False)
        events = [
            Event(
                kind="field",
                seat=seat,
                data={"discard": card_name(dropped), "take": card_name(card)},
            )
        ]
        events += self._refill()
        return events + self._action_done(seat)

    def _deck_action(self, seat: int, cards: tuple[int, ...]) -> list[Event]:
        for card in cards:
            self._remove(seat, card)
            self.discard.append(card)
        drawn = [self.deck.pop() for _ in cards]
        for card in drawn:
            self._add(seat, card, face_down=True)
        events = [
            Event(
                kind="draw",
                seat=seat,
                data={"discard": [card_name(c) for c in cards], "count": len(drawn)},
            ),
            Event(kind="drawn", seat=seat, data={"cards": [card_name(c) for c in drawn]}, to=seat),
        ]
        return events + self._action_done(seat)

    def _duel(self, attacker: int, defender: int) -> list[Event]:
        attacker_card = self.deck.pop()
        defender_card = self.deck.pop()
        # Decision: both duel cards go to the discard pile.
        self.discard += [attacker_card, defender_card]
        a_num, d_num = duel_number(attacker_card), duel_number(defender_card)
        # Equal numbers: the defender wins.
        winner, loser = (attacker, defender) if a_num > d_num else (defender, attacker)
        self.duel = {
            "attacker": attacker,
            "defender": defender,
            "attacker_card": attacker_card,
            "defender_card": defender_card,
            "winner": winner,
            "loser": loser,
            "mode": None,
            "card": None,
            "winner_discard": None,
            "given": None,
        }
        # Decision: the loser's whole hand becomes face up (and stays so card by card).
        self.down[loser] = []
        self.step = "duel_choice"
        return [
            Event(
                kind="duel",
                seat=attacker,
                data={
                    "attacker": attacker,
                    "defender": defender,
                    "attacker_card": card_name(attacker_card),
                    "defender_card": card_name(defender_card),
                    "attacker_number": a_num,
                    "defender_number": d_num,
                    "winner": winner,
                    "loser": loser,
                },
            ),
            Event(
                kind="reveal",
                seat=loser,
                data={"hand": [card_name(c) for c in self.hands[loser]]},
            ),
        ]

    def _loot(self, winner: int, own_card: int) -> list[Event]:
        assert self.duel is not None and self.pending is not None
        loser = self.duel["loser"]
        taken = self.pending
        self.pending = None
        self._remove(winner, own_card)
        self.discard.append(own_card)
        self._remove(loser, taken)
        self._add(winner, taken, face_down=False)
        self.duel.update(mode="loot", card=taken, winner_discard=own_card)
        self.step = "duel_give"
        return [
            Event(
                kind="loot",
                seat=winner,
                data={
                    "loser": loser,
                    "card": card_name(taken),
                    "discard": card_name(own_card),
                },
            )
        ]

    def _destroy(self, winner: int, card: int) -> list[Event]:
        assert self.duel is not None
        loser = self.duel["loser"]
        self._remove(loser, card)
        self.discard.append(card)
        self.duel.update(mode="destroy", card=card)
        self.step = "duel_give"
        return [Event(kind="destroy", seat=winner, data={"loser": loser, "card": card_name(card)})]

    def _give(self, winner: int, card: int) -> list[Event]:
        assert self.duel is not None
        loser = self.duel["loser"]
        self.field.remove(card)
        self._add(loser, card, face_down=False)
        self.duel["given"] = card
        events = [Event(kind="give", seat=winner, data={"loser": loser, "card": card_name(card)})]
        events += self._refill()
        return events + self._action_done(self.turn)

    def _action_done(self, seat: int) -> list[Event]:
        """After a completed action: the game ends on an empty deck, else the seat may
        declare (when it may), else the turn passes."""
        if not self.deck:
            # Decision: the action that emptied the deck has finished as far as it could.
            return self._end_game("deck", None)
        if self.may_declare(seat):
            self.step = "declare"
            return []
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        self.turns_taken[self.turn] += 1
        self.turn = (self.turn + 1) % self.players
        self.step = "act"
        self.pending = None
        return [Event(kind="turn", seat=self.turn)]

    def _end_game(self, ended_by: str, declarer: int | None) -> list[Event]:
        scores = [best_score_ids(h) for h in self.hands]
        self.results.append(
            {
                "game": self.game_no,
                "ended_by": ended_by,
                "declarer": declarer,
                "hands": [list(h) for h in self.hands],
                "scores": scores,
            }
        )
        self.down = [[] for _ in range(self.players)]
        events = [
            Event(
                kind="game_end",
                seat=declarer,
                data={
                    "game": self.game_no,
                    "ended_by": ended_by,
                    "scores": scores,
                    "hands": [[card_name(c) for c in h] for h in self.hands],
                    # The match so far, this game included (for the game's summary).
                    "totals": self.totals(),
                },
            )
        ]
        if self.game_no < GAMES_PER_MATCH:
            self.game_no += 1
            return events + self._start_game()
        self.step = "over"
        self.pending = None
        result = self.result()
        events.append(
            Event(kind="match_end", data={"totals": result.scores, "winners": result.winners})
        )
        return events

    # -- outcome and views --------------------------------------------------------------------

    def totals(self) -> list[int]:
        """Each seat's total over the finished games."""
        return [sum(r["scores"][seat] for r in self.results) for seat in range(self.players)]

    def result(self) -> Result:
        totals = self.totals()
        last = [self.results[-1]["scores"][s] if self.results else 0 for s in range(self.players)]
        winners = winners_by([(totals[s], last[s]) for s in range(self.players)])
        breakdown: list[dict[str, int]] = [{} for _ in range(self.players)]
        games = self._game_views()
        for game in games:
            for seat, arranged in enumerate(game.arrangements):
                breakdown[seat][f"game{game.game}_dynasty"] = arranged.dynasty_points
                breakdown[seat][f"game{game.game}_element"] = arranged.element_points
        return Result(
            scores=totals,
            winners=winners,
            breakdown=breakdown,
            tiebreak=last,
            details={
                "games": [g.model_dump() for g in games],
                "totals": totals,
                "game_scores": [r["scores"] for r in self.results],
            },
        )

    def _game_views(self) -> list[GameResultView]:
        return [
            GameResultView(
                game=r["game"],
                ended_by=r["ended_by"],
                declarer=r["declarer"],
                scores=list(r["scores"]),
                arrangements=[arrangement(h) for h in r["hands"]],
            )
            for r in self.results
        ]

    def _duel_view(self) -> DuelView | None:
        duel = self.duel
        if duel is None:
            return None

        def opt(card: int | None) -> Any:
            return card_view(card) if card is not None else None

        return DuelView(
            attacker=duel["attacker"],
            defender=duel["defender"],
            attacker_card=card_view(duel["attacker_card"]),
            defender_card=card_view(duel["defender_card"]),
            attacker_number=duel_number(duel["attacker_card"]),
            defender_number=duel_number(duel["defender_card"]),
            winner=duel["winner"],
            loser=duel["loser"],
            mode=duel["mode"],
            card=opt(duel["card"]),
            winner_discard=opt(duel["winner_discard"]),
            given=opt(duel["given"]),
        )

    def public_view(self) -> PublicView:
        totals = self.totals()
        over = self.is_over()
        return PublicView(
            game_no=self.game_no,
            step=self.step,
            turn=self.turn,
            to_act=self.to_act(),
            start_seat=self.start_seat,
            deck_count=len(self.deck),
            field=card_views(self.field),
            discard_count=len(self.discard),
            discard_top=card_view(self.discard[-1]) if self.discard else None,
            discard=card_views(self.discard),
            players=[
                PlayerPublic(
                    seat=seat,
                    face_up=card_views(c for c in self.hands[seat] if c not in self.down[seat]),
                    face_down_count=len(self.down[seat]),
                    hand_size=len(self.hands[seat]),
                    turns_taken=self.turns_taken[seat],
                    game_scores=[r["scores"][seat] for r in self.results],
                    total=totals[seat],
                )
                for seat in range(self.players)
            ],
            last_duel=self._duel_view(),
            games=self._game_views(),
            totals=totals,
            over=over,
            winners=self.result().winners if over else [],
            declare_min=DECLARE_MIN,
        )

    def private_view(self, seat: int) -> PrivateView:
        hand = self.hands[seat]
        mine = seat in self.to_act()
        return PrivateView(
            public=self.public_view(),
            seat=seat,
            hand=[hand_card(c, c in self.down[seat]) for c in hand],
            best_score=best_score_ids(hand),
            best=arrangement(hand),
            can_declare=self.may_declare(seat),
            pending_discard=(
                card_view(self.pending)
                if mine and self.step == "field_take" and self.pending is not None
                else None
            ),
            pending_loot=(
                card_view(self.pending)
                if mine and self.step == "loot_discard" and self.pending is not None
                else None
            ),
        )
