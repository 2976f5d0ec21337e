"""The state of a 襲ノ色目 game and its transitions."""

from __future__ import annotations

import functools
from typing import Annotated, Any, ClassVar

from pydantic import PlainSerializer, PlainValidator
from typing_extensions import TypedDict

from games.core import Event, IllegalAction, OptionsRefused, Reason, Result, Rng, State, winners_by
from games.kasane import actions as act
from games.kasane.rules import (
    SETUP,
    TURNS_PER_PLAYER,
    VARIANT_A_PLAYERS,
    VARIANT_A_USED,
    KasaneOptions,
    Setup,
    full_deck,
)
from games.kasane.scoring import (
    PLUS_ONE,
    PLUS_ONE_POINTS,
    SLOTS,
    MeldOption,
    SlotId,
    all_slots,
    colour_bonus,
    end_bonus,
    first_free_slot,
    legal_melds,
    top_usable,
)
from games.kasane.views import MeldView, PrivateView, PublicView, RowView, SlotView, Step

__all__ = ["KasaneState", "Reasons"]


class Reasons:
    """Game-specific reason codes (the bot translates `texts.REASONS`)."""

    WRONG_STEP = "wrong_step"
    ROW_EMPTY = "row_empty"
    NO_SUCH_SLOT = "no_such_slot"
    SLOT_USED = "slot_used"
    TOP_UNUSABLE = "top_unusable"
    BAD_MELD = "bad_meld"
    NO_YAKU = "no_yaku"
    #: Options refused (`OptionsRefused`): variant A with other than `VARIANT_A_PLAYERS`.
    VARIANT_A_PLAYER_COUNT = "variant_a_player_count"


#: The meld step is kept only when the acting seat has at least one legal meld; otherwise the
#: turn ends right after the take (see the package's RULES.md).
SKIP_MELD_STEP_WITHOUT_MELDS = True


def _dump_used(used: dict[SlotId, int | None]) -> list[list[Any]]:
    return [[*slot, used[slot]] for slot, _ in all_slots() if slot in used]


def _load_used(rows: list[list[Any]]) -> dict[SlotId, int | None]:
    return {(str(y), int(c), int(i)): (None if by is None else int(by)) for y, c, i, by in rows}


#: The slots used so far and who used them (None: used before the game, variant A), stored as
#: `[yaku, count, index, seat]` rows in the scoring table's order.
StoredUsed = Annotated[
    dict[SlotId, int | None],
    PlainValidator(_load_used),
    PlainSerializer(_dump_used, return_type=list[list[Any]]),
]


class KasaneStored(TypedDict):
    """What a snapshot of a game holds (see `KasaneState` for each attribute)."""

    players: int
    options: KasaneOptions
    seed: int
    rng: Rng
    deck: list[int]
    discard: list[int]
    grid: list[list[int]]
    hands: list[list[int]]
    tableaus: list[list[int]]
    yaku_points: list[int]
    plus_one: list[int]
    used: StoredUsed
    round: int
    start_player: int
    seat: int | None
    step: Step
    turns: list[int]
    just_taken: int | None


class KasaneState(State):
    """One game of 襲ノ色目. Hands and tableaus are lists bottom → top; grid rows run from the
    first card dealt to the front card (last)."""

    Stored = KasaneStored
    stored_marks: ClassVar[dict[str, Any]] = {"game": "kasane"}

    def __init__(self) -> None:
        self.players = 0
        self.options = KasaneOptions()
        self.seed = 0
        self.rng = Rng(0)
        self.deck: list[int] = []  # drawn from the end
        self.discard: list[int] = []
        self.grid: list[list[int]] = []
        self.hands: list[list[int]] = []
        self.tableaus: list[list[int]] = []
        self.yaku_points: list[int] = []
        self.plus_one: list[int] = []
        self.used: dict[SlotId, int | None] = {}
        self.round = 1
        self.start_player = 0
        self.seat: int | None = 0
        self.step: Step = "take"
        self.turns: list[int] = []
        self.just_taken: int | None = None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: KasaneOptions) -> KasaneState:
        """A fresh game: shuffle, pick the start player, deal the first grid."""
        if players not in SETUP:
            raise ValueError(f"kasane takes 3-4 players, not {players}")
        if options.variant_a and players != VARIANT_A_PLAYERS:
            detail = f"variant_a needs {VARIANT_A_PLAYERS} players, not {players}"
            raise OptionsRefused(Reasons.VARIANT_A_PLAYER_COUNT, detail)
        state = cls()
        state.players = players
        state.options = options
        state.seed = seed
        state.rng = Rng(seed)
        state.deck = full_deck(players)
        state.rng.shuffle(state.deck)
        state.hands = [[] for _ in range(players)]
        state.tableaus = [[] for _ in range(players)]
        state.yaku_points = [0] * players
        state.plus_one = [0] * players
        state.turns = [0] * players
        if options.variant_a:
            state.used = dict.fromkeys(VARIANT_A_USED)
        state.start_player = state.rng.below(players)
        state.seat = state.start_player
        state._deal()
        return state

    def opening_events(self) -> list[Event]:
        """What a log shows before the first move: the game and the first round begin."""
        return [
            Event(
                kind="game_start",
                data={
                    "players": self.players,
                    "rounds": self.setup.rounds,
                    "start_player": self.start_player,
                    "pre_used": [[*slot] for slot in VARIANT_A_USED if slot in self.used],
                },
            ),
            self._round_start_event(),
        ]

    @property
    def setup(self) -> Setup:
        return SETUP[self.players]

    def _deal(self) -> None:
        setup = self.setup
        self.grid = [[self.deck.pop() for _ in range(setup.cols)] for _ in range(setup.rows)]

    def _round_start_event(self) -> Event:
        """A round begins: its grid, its start player, and every seat's points so far (what
        the round's end compares its points with)."""
        return Event(
            kind="round_start",
            data={
                "round": self.round,
                "rounds": self.setup.rounds,
                "start_player": self.start_player,
                "grid": [list(row) for row in self.grid],
                "scores": self.scores_so_far(),
            },
        )

    # -- contract -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def to_act(self) -> list[int]:
        return [] if self.seat is None or self.is_over() else [self.seat]

    def melds(self, seat: int) -> list[MeldOption]:
        """The melds `seat` could make with its hand and tableau (whatever the step)."""
        return legal_melds(self.hands[seat], self.tableaus[seat], self.used)

    def legal_actions(self, seat: int) -> list[act.KasaneAction]:
        if self.is_over() or seat != self.seat:
            return []
        if self.step == "take":
            return [act.Take(row=r) for r, row in enumerate(self.grid) if row]
        actions: list[act.KasaneAction] = [m.action() for m in self.melds(seat)]
        actions.append(act.Pass())
        return actions

    def check(self, seat: int, action: Any) -> None:
        """As `State.check`, with a precise reason when the action itself is not legal."""
        self.check_turn(seat)
        if not isinstance(action, act.KasaneAction):
            raise IllegalAction(Reason.MALFORMED, "not a kasane action")
        if self.is_legal(seat, action):
            return
        raise IllegalAction(self._why_illegal(seat, action), action.encode())

    def _why_illegal(self, seat: int, action: act.KasaneAction) -> str:
        wants_take = isinstance(action, act.Take)
        if wants_take != (self.step == "take"):
            return Reasons.WRONG_STEP
        if isinstance(action, act.Take):
            return Reasons.ROW_EMPTY
        if not isinstance(action, act.Meld):
            return Reason.NOT_LEGAL
        points = SLOTS.get(action.yaku, {}).get(action.count)
        if points is None:
            return Reasons.NO_SUCH_SLOT
        if first_free_slot(action.yaku, action.count, self.used) is None:
            return Reasons.SLOT_USED
        if action.top and not top_usable(self.tableaus[seat]):
            return Reasons.TOP_UNUSABLE
        if action.hand < 1 or action.hand + action.top != action.count:
            return Reasons.BAD_MELD
        if action.hand > len(self.hands[seat]):
            return Reasons.BAD_MELD
        return Reasons.NO_YAKU

    def _apply(self, seat: int, action: Any) -> list[Event]:
        if isinstance(action, act.Take):
            return self._take(seat, action.row)
        if isinstance(action, act.Meld):
            return self._meld(seat, action)
        events = [Event(kind="no_meld", seat=seat)]
        return events + self._end_turn(seat)

    # -- transitions --------------------------------------------------------------------------

    def _take(self, seat: int, row: int) -> list[Event]:
        card = self.grid[row].pop()
        self.just_taken = card
        data: dict[str, Any] = {"row": row, "card": card}
        may_meld = True
        if card == PLUS_ONE:
            self.tableaus[seat].append(card)
            self.plus_one[seat] += PLUS_ONE_POINTS
            data["points"] = PLUS_ONE_POINTS
            may_meld = self.options.variant_b
        else:
            self.hands[seat].append(card)
        events = [Event(kind="take", seat=seat, data=data)]
        if may_meld and (self.melds(seat) or not SKIP_MELD_STEP_WITHOUT_MELDS):
            self.step = "meld"
            return events
        # No meld was possible (a +1 taken, or nothing in hand makes one): the turn ends
        # without the player choosing to skip, which the log does not report as a choice.
        events.append(Event(kind="no_meld", seat=seat, data={"forced": True}))
        return events + self._end_turn(seat)

    def _meld(self, seat: int, action: act.Meld) -> list[Event]:
        wanted = (action.yaku, action.count, action.hand, action.top)
        option = next(m for m in self.melds(seat) if (m.yaku, m.count, m.hand, m.top) == wanted)
        hand = self.hands[seat]
        laid = hand[len(hand) - option.hand :]
        del hand[len(hand) - option.hand :]
        self.tableaus[seat].extend(laid)
        self.used[(option.yaku, option.count, option.index)] = seat
        self.yaku_points[seat] += option.points
        event = Event(
            kind="meld",
            seat=seat,
            data={
                "yaku": option.yaku,
                "count": option.count,
                "index": option.index,
                "hand": option.hand,
                "top": option.top,
                "points": option.points,
                "cards": list(option.cards),
            },
        )
        return [event, *self._end_turn(seat)]

    def _end_turn(self, seat: int) -> list[Event]:
        self.turns[seat] += 1
        self.just_taken = None
        self.step = "take"
        if sum(len(row) for row in self.grid) > self.players:
            self.seat = (seat + 1) % self.players
            return []
        return self._end_round()

    def _end_round(self) -> list[Event]:
        leftover = [card for row in self.grid for card in row]
        self.discard.extend(leftover)
        self.grid = [[] for _ in self.grid]
        # The round's end says every seat's points so far (before the end bonuses), for the
        # round's summary; with the round's start, what each seat scored in the round.
        data = {"round": self.round, "discarded": len(leftover), "scores": self.scores_so_far()}
        events = [Event(kind="round_end", data=data)]
        if self.round == self.setup.rounds:
            self.step = "over"
            self.seat = None
            result = self.result()
            events.append(
                Event(
                    kind="game_over",
                    data={
                        "scores": result.scores,
                        "winners": result.winners,
                        "breakdown": result.breakdown,
                    },
                )
            )
            return events
        self.round += 1
        self.start_player = (self.start_player + 1) % self.players
        self.seat = self.start_player
        if self.round == self.setup.rounds:
            self.deck.extend(self.discard)
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append(Event(kind="reshuffle", data={"deck": len(self.deck)}))
        self._deal()
        if self.round == self.setup.rounds and self.deck:
            events.append(Event(kind="leftover_discarded", data={"count": len(self.deck)}))
            self.discard.extend(self.deck)
            self.deck = []
        events.append(self._round_start_event())
        return events

    # -- scoring ------------------------------------------------------------------------------

    def scores_so_far(self) -> list[int]:
        return [self.yaku_points[s] + self.plus_one[s] for s in range(self.players)]

    def breakdown(self) -> list[dict[str, int]]:
        """Per seat: yaku points, `+1` points, and the end bonuses (as they would stand now)."""
        rows = []
        for s in range(self.players):
            colour = colour_bonus(self.tableaus[s])
            total_bonus = end_bonus(self.tableaus[s], len(self.hands[s]))
            rows.append(
                {
                    "yaku": self.yaku_points[s],
                    "plus_one": self.plus_one[s],
                    "colour_bonus": colour,
                    "empty_hand_bonus": total_bonus - colour,
                }
            )
        return rows

    def result(self) -> Result:
        breakdown = self.breakdown()
        scores = [sum(parts.values()) for parts in breakdown]
        tiebreak = [len(t) for t in self.tableaus]
        winners = winners_by([(scores[s], tiebreak[s]) for s in range(self.players)])
        return Result(
            scores=scores,
            winners=winners,
            breakdown=breakdown,
            tiebreak=tiebreak,
            details={
                "tableaus": [list(t) for t in self.tableaus],
                "hands": [list(h) for h in self.hands],
                "colours": [len({c for c in t if c != PLUS_ONE}) for t in self.tableaus],
            },
        )

    # -- views --------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        over = self.is_over()
        return PublicView(
            players=self.players,
            variant_a=self.options.variant_a,
            variant_b=self.options.variant_b,
            round=self.round,
            rounds=self.setup.rounds,
            start_player=self.start_player,
            turn_seat=self.seat,
            step=self.step,
            turn_number=None if self.seat is None else self.turns[self.seat] + 1,
            turns_taken=list(self.turns),
            turns_per_player=TURNS_PER_PLAYER,
            just_taken=self.just_taken,
            grid=[RowView(cards=list(row), front=row[-1] if row else None) for row in self.grid],
            tableaus=[list(t) for t in self.tableaus],
            slots=slot_views(frozenset(self.used.items())),
            scores=self.result().scores if over else self.scores_so_far(),
            hand_sizes=[len(h) for h in self.hands],
            deck_size=len(self.deck),
            discard_size=len(self.discard),
            over=over,
        )

    def private_view(self, seat: int) -> PrivateView:
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        hand = list(self.hands[seat])
        melds: list[MeldView] = []
        if self.step == "meld" and self.seat == seat:
            melds = [MeldView(action=m.action().encode(), **vars(m)) for m in self.melds(seat)]
        return PrivateView(
            public=self.public_view(),
            seat=seat,
            hand=hand,
            hand_top=hand[-1] if hand else None,
            melds=melds,
        )

    # -- persistence --------------------------------------------------------------------------

    def _restored(self) -> None:
        if self.players not in SETUP:
            raise ValueError(f"kasane takes 3-4 players, not {self.players}")


@functools.lru_cache(maxsize=1024)
def slot_views(used: frozenset[tuple[SlotId, int | None]]) -> tuple[SlotView, ...]:
    """Every slot of the table in table order, with who used it (`used`: `(slot, seat)`, the
    seat None for a slot marked from the start). Kept: every view shows the whole board, and
    it changes only when a meld is scored."""
    by = dict(used)
    return tuple(
        SlotView(
            yaku=slot[0],
            count=slot[1],
            index=slot[2],
            points=points,
            used=slot in by,
            by=by.get(slot),
        )
        for slot, points in all_slots()
    )
