"""The state and transitions of the cherry-tree flower game."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel
from typing_extensions import TypedDict

from games.core import Event, IllegalAction, Reason, Result, Rng, State, winners_by
from games.sakura import actions as act
from games.sakura import rules, scoring
from games.sakura.scoring import BLACK, COLOURS, COOL, WARM, WHITE
from games.sakura.views import (
    AbilityView,
    CardView,
    FinalSeatView,
    FinalView,
    PrivateView,
    PublicView,
    SeatView,
    TurnView,
)

__all__ = ["SPLIT_SECONDS", "SakuraOptions", "SakuraState"]

NON_BLACK = range(BLACK)

#: Seconds every player has for the secret end split (RULES.md); whoever has not answered by
#: then gets `SakuraState.default_split`.
SPLIT_SECONDS = 120

#: Steps in which a choice with a single legal option is carried out without asking.
AUTO_STEPS = frozenset(
    {"keep", "someiyoshino", "komatsuotome", "sakuyahime_give", "sakuyahime_take", "kokonoe"}
)

#: The action kinds each step accepts (used to explain why an action is refused).
STEP_KINDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw", "stop"}),
    "keep": frozenset({"keep"}),
    "ability": frozenset({"ability", "done"}),
    "someiyoshino": frozenset({"move"}),
    "kenrokuen": frozenset({"place"}),
    "komatsuotome": frozenset({"pick"}),
    "sakuyahime_give": frozenset({"give"}),
    "sakuyahime_take": frozenset({"take"}),
    "kokonoe": frozenset({"take", "done"}),
    "screen": frozenset({"screen"}),
    "split": frozenset({"split"}),
    "over": frozenset(),
}


class SakuraOptions(BaseModel):
    """Variants of the cherry-tree flower game."""

    #: Which side of the three mastery cards is face up.
    mastery_side: rules.MasterySide = "classic"


def _named(counts: list[int]) -> dict[str, int]:
    return {c: counts[i] for i, c in enumerate(COLOURS)}


def _colour_index(name: str) -> int | None:
    return COLOURS.index(name) if name in COLOURS else None


class SakuraStored(TypedDict):
    """What a snapshot of a game holds (see `SakuraState` for each attribute)."""

    players: int
    seed: int
    options: SakuraOptions
    rng: Rng
    bag: list[int]
    removed: list[int]
    fields: list[list[int]]
    screens: list[list[int]]
    start: int
    seat: int
    turn_number: int
    step: str
    turn: list[int]
    draws: int
    drawn: int
    quals: list[str]
    used: list[str]
    card: str | None
    pending: list[int]
    give: tuple[str, int] | None
    taken: list[tuple[int, int]]
    splits: list[int | None]
    waiting: list[int]


class SakuraState(State):
    """One game in progress. Flowers are kept as per-colour counts (`COLOURS` order)."""

    Stored = SakuraStored
    stored_marks: ClassVar[dict[str, Any]] = {"game": "sakura"}

    def __init__(self, players: int, seed: int, options: SakuraOptions) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        plain, black, self.removed_count = rules.SETUP[players]
        self.bag = [plain] * 5 + [black]
        self.removed = [0] * 6
        self.fields = [[0] * 6 for _ in range(players)]
        self.screens = [[0] * 6 for _ in range(players)]
        self.start = self.rng.below(players)
        self.seat = self.start
        self.turn_number = 1
        self.step = "draw"
        self.turn = [0] * 6
        self.draws = 0
        self.drawn = 0
        self.quals: list[str] = []
        self.used: list[str] = []
        self.card: str | None = None
        self.pending: list[int] = []
        self.give: tuple[str, int] | None = None
        self.taken: list[tuple[int, int]] = []
        self.splits: list[int | None] = [None] * players
        self.waiting: list[int] = []
        for _ in range(self.removed_count):
            self.removed[self._take_from_bag()] += 1

    @classmethod
    def new(cls, players: int, seed: int, options: SakuraOptions) -> SakuraState:
        return cls(players, seed, options)

    # ----------------------------------------------------------------- basics

    @property
    def side(self) -> rules.MasterySide:
        return self.options.mastery_side

    def total_flowers(self) -> int:
        plain, black, _ = rules.SETUP[self.players]
        return plain * 5 + black

    def flower_count(self) -> int:
        """Every flower in play or removed, wherever it lies (conserved)."""
        return (
            sum(self.bag)
            + sum(self.removed)
            + sum(map(sum, self.fields))
            + sum(map(sum, self.screens))
            + sum(self.turn)
            + len(self.pending)
        )

    def _take_from_bag(self) -> int:
        """Draw one flower at random from the bag; return its colour index."""
        pick = self.rng.below(sum(self.bag))
        for colour, n in enumerate(self.bag):
            if pick < n:
                self.bag[colour] -= 1
                return colour
            pick -= n
        raise AssertionError("bag count out of sync")

    def draw_max(self) -> int:
        """The largest draw allowed now (0 once no further draw is allowed)."""
        if self.step != "draw" or self.draws >= rules.MAX_DRAWS:
            return 0
        return min(rules.MAX_FLOWERS - self.drawn, sum(self.bag))

    def is_over(self) -> bool:
        return self.step == "over"

    def to_act(self) -> list[int]:
        if self.step == "over":
            return []
        if self.step == "split":
            return [s for s in self.waiting if self.splits[s] is None]
        return [self.seat]

    def wilds(self, seat: int) -> int:
        return self.screens[seat][WHITE] + self.screens[seat][BLACK]

    def default_split(self, seat: int) -> act.SplitAction:
        """The documented split for a seat that does not answer in time
        (`scoring.default_split`)."""
        return act.SplitAction(warm=scoring.default_split(_named(self.screens[seat])))

    def phase_seconds(self) -> int | None:
        """The end split is asked of everyone at once, with `SPLIT_SECONDS` to answer."""
        return SPLIT_SECONDS if self.step == "split" else None

    def timeout_action(self, seat: int) -> act.SplitAction | None:
        """A seat that lets the split's time run out gets the documented default split; at any
        other step a CPU move decides."""
        if self.step == "split" and seat in self.to_act():
            return self.default_split(seat)
        return None

    # --------------------------------------------------------- legal actions

    def legal_actions(self, seat: int) -> list[act.SakuraAction]:
        if seat not in self.to_act():
            return []
        step = self.step
        if step == "draw":
            out: list[act.SakuraAction] = [
                act.DrawAction(n=n) for n in range(1, self.draw_max() + 1)
            ]
            if self.draws:
                out.append(act.StopAction())
            return out
        if step == "keep":
            present = [c for c in NON_BLACK if self.turn[c]]
            return [
                act.KeepAction(a=COLOURS[a], b=COLOURS[b])
                for i, a in enumerate(present)
                for b in present[i + 1 :]
            ]
        if step == "ability":
            cards: list[act.SakuraAction] = [
                act.AbilityAction(card=card) for card in self.quals if self._usable(card)
            ]
            return [*cards, act.DoneAction()]
        if step == "someiyoshino":
            return [
                act.MoveAction(source=source, colour=COLOURS[c])
                for source, pile in (("field", self.fields[seat]), ("turn", self.turn))
                for c in range(6)
                if pile[c]
            ]
        if step == "kenrokuen":
            places: list[act.SakuraAction] = [act.PlaceAction(where="field", seat=seat)]
            places.append(act.PlaceAction(where="screen", seat=seat))
            places += [
                act.PlaceAction(where="field", seat=s) for s in range(self.players) if s != seat
            ]
            return places
        if step == "komatsuotome":
            return [act.PickAction(colour=COLOURS[c]) for c in NON_BLACK if c in self.pending]
        if step == "sakuyahime_give":
            return [
                act.GiveAction(source=source, colour=COLOURS[c])
                for source, pile in (("field", self.fields[seat]), ("turn", self.turn))
                for c in NON_BLACK
                if pile[c]
            ]
        if step == "sakuyahime_take":
            return [
                act.TakeAction(seat=s, colour=COLOURS[c])
                for s in self._others(seat)
                for c in NON_BLACK
                if self.fields[s][c]
            ]
        if step == "kokonoe":
            takes: list[act.SakuraAction] = [
                act.TakeAction(seat=s, colour=COLOURS[c]) for s, c in self._kokonoe_options(seat)
            ]
            if self._kokonoe_may_stop(seat):
                takes.append(act.DoneAction())
            return takes
        if step == "screen":
            choices: list[act.SakuraAction] = [act.ScreenAction(colour=act.NO_COLOUR, n=0)]
            choices += [
                act.ScreenAction(colour=COLOURS[c], n=n)
                for c in range(6)
                for n in range(1, self.turn[c] + 1)
            ]
            return choices
        if step == "split":
            return [act.SplitAction(warm=w) for w in self._split_range(seat)]
        return []

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _has_plain(self, pile: list[int]) -> bool:
        return any(pile[c] for c in NON_BLACK)

    def _usable(self, card: str) -> bool:
        """Whether `card` qualifies, is unused this turn and would have an effect."""
        if card not in self.quals or card in self.used:
            return False
        me = self.seat
        if card == "someiyoshino":
            return sum(self.fields[me]) + sum(self.turn) > 0
        if card in rules.ABILITY_DRAWS:
            return sum(self.bag) > 0
        others_plain = any(self._has_plain(self.fields[s]) for s in self._others(me))
        if card == "sakuyahime":
            mine = self._has_plain(self.fields[me]) or self._has_plain(self.turn)
            return mine and others_plain
        return others_plain  # kokonoe

    def _kokonoe_options(self, seat: int) -> list[tuple[int, int]]:
        """(seat, colour) pairs 九重 may take next: no black, never two of one colour; with 3-4
        players from two different players, with 2 players both from the opponent."""
        if len(self.taken) >= 2:
            return []
        if not self.taken:
            sources = self._others(seat)
            banned: set[int] = set()
        else:
            first_seat, first_colour = self.taken[0]
            banned = {first_colour}
            sources = [first_seat] if self.players == 2 else self._others(seat)
            if self.players != 2:
                sources = [s for s in sources if s != first_seat]
        return [(s, c) for s in sources for c in NON_BLACK if c not in banned and self.fields[s][c]]

    def _kokonoe_may_stop(self, seat: int) -> bool:
        """With 4 players the second chosen player may be one with nothing to take: then 九重
        ends after one flower (`done`)."""
        if self.players != 4 or len(self.taken) != 1:
            return False
        first_seat, first_colour = self.taken[0]
        return any(
            not any(self.fields[s][c] for c in NON_BLACK if c != first_colour)
            for s in self._others(seat)
            if s != first_seat
        )

    def _split_range(self, seat: int) -> range:
        """Splits (wilds toward warm) that count: wilds may go only to a group with a real
        flower behind the screen. **Decision:** with no real flower in either group nothing can
        count and the one split offered is `split.0`."""
        screen = self.screens[seat]
        wilds = self.wilds(seat)
        real_warm = any(screen[c] for c in WARM)
        real_cool = any(screen[c] for c in COOL)
        low = 0 if real_cool or not real_warm else wilds
        high = wilds if real_warm else 0
        return range(low, high + 1)

    # ------------------------------------------------------------- validation

    def check(self, seat: int, action: act.SakuraAction) -> None:  # type: ignore[override]
        try:
            super().check(seat, action)
        except IllegalAction as exc:
            if exc.reason != Reason.NOT_LEGAL:
                raise
            raise IllegalAction(self._diagnose(seat, action), exc.detail) from None

    def _diagnose(self, seat: int, action: act.SakuraAction) -> str:
        """A precise reason code for an action that is not legal now."""
        if action.kind not in STEP_KINDS[self.step]:
            return "wrong_step"
        colour = getattr(action, "colour", None)
        if isinstance(action, act.DrawAction):
            if self.draws >= rules.MAX_DRAWS:
                return "draw_limit"
            return "too_many_flowers" if action.n > 0 else Reason.NOT_LEGAL
        if isinstance(action, act.StopAction):
            return "must_draw"
        if isinstance(action, act.KeepAction):
            if action.a == action.b:
                return "same_colour"
            return "no_such_flower"
        if isinstance(action, act.AbilityAction):
            if action.card not in self.quals:
                return "card_not_qualified"
            return "card_used" if action.card in self.used else "ability_no_effect"
        if isinstance(action, act.PlaceAction):
            if action.where == "screen" and action.seat != seat:
                return "not_your_screen"
            return Reason.NO_SUCH_SEAT
        if isinstance(action, act.TakeAction):
            if action.seat == seat:
                return "not_other_player"
            if colour == "black":
                return "black_not_allowed"
            if self.step == "kokonoe" and self.taken:
                first_seat, first_colour = self.taken[0]
                if COLOURS[first_colour] == colour:
                    return "same_colour"
                if self.players != 2 and action.seat == first_seat:
                    return "same_player"
            return "no_such_flower"
        if isinstance(action, act.SplitAction):
            if not 0 <= action.warm <= self.wilds(seat):
                return "invalid_split"
            return "no_real_flower"
        if isinstance(action, act.DoneAction) and self.step == "kokonoe":
            return "must_take"
        if colour == "black" and isinstance(action, act.PickAction | act.GiveAction):
            return "black_not_allowed"
        if colour is not None:
            return "no_such_flower"
        return Reason.NOT_LEGAL

    # ------------------------------------------------------------ transitions

    def _apply(self, seat: int, action: act.SakuraAction) -> list[Event]:  # type: ignore[override]
        events: list[Event] = []
        self._do(seat, action, events)
        self._autoplay(events)
        return events

    def _autoplay(self, events: list[Event]) -> None:
        """Carry out choices that have a single option (see `AUTO_STEPS`)."""
        while self.step in AUTO_STEPS:
            options = self.legal_actions(self.seat)
            if len(options) != 1:
                return
            self._do(self.seat, options[0], events)

    def _do(self, seat: int, action: act.SakuraAction, events: list[Event]) -> None:
        if isinstance(action, act.DrawAction):
            self._draw(seat, action.n, events)
        elif isinstance(action, act.StopAction):
            self._stop(seat, events)
        elif isinstance(action, act.KeepAction):
            self._keep(seat, [COLOURS.index(action.a), COLOURS.index(action.b)], events)
        elif isinstance(action, act.AbilityAction):
            self._use(seat, action.card, events)
        elif isinstance(action, act.DoneAction):
            if self.step == "kokonoe":
                events.append(Event(kind="kokonoe_end", seat=seat, data={}))
                self._ability_finished(events)
            else:
                events.append(Event(kind="abilities_done", seat=seat, data={}))
                self._to_screen(events)
        elif isinstance(action, act.MoveAction):
            self._move(seat, action.source, COLOURS.index(action.colour), events)
        elif isinstance(action, act.PlaceAction):
            self._place(seat, action.where, action.seat, events)
        elif isinstance(action, act.PickAction):
            self._pick(seat, COLOURS.index(action.colour), events)
        elif isinstance(action, act.GiveAction):
            self.give = (action.source, COLOURS.index(action.colour))
            self.step = "sakuyahime_take"
        elif isinstance(action, act.TakeAction):
            colour = COLOURS.index(action.colour)
            if self.step == "sakuyahime_take":
                self._swap(seat, action.seat, colour, events)
            else:
                self._kokonoe_take(seat, action.seat, colour, events)
        elif isinstance(action, act.ScreenAction):
            self._screen(seat, action, events)
        elif isinstance(action, act.SplitAction):
            self._split(seat, action.warm, events)

    # draw step ----------------------------------------------------------------

    def _draw(self, seat: int, n: int, events: list[Event]) -> None:
        got = [self._take_from_bag() for _ in range(n)]
        for colour in got:
            self.turn[colour] += 1
        self.draws += 1
        self.drawn += n
        events.append(
            Event(
                kind="draw",
                seat=seat,
                data={
                    "n": n,
                    "flowers": [COLOURS[c] for c in sorted(got)],
                    "draw": self.draws,
                    "bag": sum(self.bag),
                },
            )
        )
        if scoring.is_failure_counts(self.turn):
            blacks = self.turn[BLACK]
            self.bag[BLACK] += blacks
            self.turn[BLACK] = 0
            events.append(
                Event(
                    kind="failure",
                    seat=seat,
                    data={"flowers": _named(self.turn), "blacks_returned": blacks},
                )
            )
            present = [c for c in NON_BLACK if self.turn[c]]
            self.step = "keep"
            if len(present) <= rules.FAILURE_KEEP:
                self._keep(seat, present, events)  # nothing to choose
        elif self.draw_max() == 0:
            self._stop(seat, events)

    def _keep(self, seat: int, keep: list[int], events: list[Event]) -> None:
        """After a failure: the kept flowers (one each of up to `rules.FAILURE_KEEP` colours) go
        onto the field, everything else back into the bag."""
        for colour in keep:
            self.turn[colour] -= 1
            self.fields[seat][colour] += 1
        returned = sum(self.turn)
        for colour in range(6):
            self.bag[colour] += self.turn[colour]
        self.turn = [0] * 6
        events.append(
            Event(
                kind="keep",
                seat=seat,
                data={
                    "kept": [COLOURS[c] for c in keep],
                    "returned": returned,
                    "field_points": scoring.field_score(_named(self.fields[seat])),
                },
            )
        )
        self._end_turn(events)

    def _stop(self, seat: int, events: list[Event]) -> None:
        self.quals = rules.qualifying(self.turn, self.drawn, self.side)
        self.used = []
        events.append(
            Event(kind="stop", seat=seat, data={"flowers": _named(self.turn), "cards": self.quals})
        )
        self.step = "ability"
        self._ability_finished(events)

    # abilities ----------------------------------------------------------------

    def _ability_finished(self, events: list[Event]) -> None:
        """Back to choosing an ability, or on to the screen step when none is left."""
        self.card = None
        self.pending = []
        self.give = None
        self.taken = []
        self.step = "ability"
        if not any(self._usable(card) for card in self.quals):
            self._to_screen(events)

    def _use(self, seat: int, card: str, events: list[Event]) -> None:
        self.used.append(card)
        self.card = card
        events.append(Event(kind="ability", seat=seat, data={"card": card}))
        if card == "shinsumizome":
            colour = self._take_from_bag()
            self.screens[seat][colour] += 1
            events.append(Event(kind="hidden_draw", seat=seat, data={"n": 1, "bag": sum(self.bag)}))
            events.append(
                Event(
                    kind="hidden_draw_colour", seat=seat, data={"colour": COLOURS[colour]}, to=seat
                )
            )
            self._ability_finished(events)
            return
        if card in ("kenrokuen", "komatsuotome"):
            count = min(rules.ABILITY_DRAWS[card], sum(self.bag))
            self.pending = sorted(self._take_from_bag() for _ in range(count))
            events.append(
                Event(
                    kind="ability_draw",
                    seat=seat,
                    data={
                        "card": card,
                        "flowers": [COLOURS[c] for c in self.pending],
                        "bag": sum(self.bag),
                    },
                )
            )
            if card == "komatsuotome" and all(c == BLACK for c in self.pending):
                # **Decision** (see `rules.ABILITY_DRAWS`): all black, all go back
                self.bag[BLACK] += len(self.pending)
                events.append(
                    Event(kind="all_black", seat=seat, data={"returned": len(self.pending)})
                )
                self._ability_finished(events)
                return
        self.step = {
            "someiyoshino": "someiyoshino",
            "kenrokuen": "kenrokuen",
            "komatsuotome": "komatsuotome",
            "sakuyahime": "sakuyahime_give",
            "kokonoe": "kokonoe",
        }[card]

    def _move(self, seat: int, source: str, colour: int, events: list[Event]) -> None:
        """染井吉野: one flower from the field or this turn's flowers goes behind the screen."""
        pile = self.fields[seat] if source == "field" else self.turn
        pile[colour] -= 1
        self.screens[seat][colour] += 1
        events.append(Event(kind="move_to_screen", seat=seat, data={"source": source, "n": 1}))
        events.append(
            Event(
                kind="move_to_screen_colour",
                seat=seat,
                data={"source": source, "colour": COLOURS[colour]},
                to=seat,
            )
        )
        self._ability_finished(events)

    def _place(self, seat: int, where: str, target: int, events: list[Event]) -> None:
        """兼六園熊谷: the next drawn flower goes to a field or behind the own screen."""
        colour = self.pending.pop(0)
        if where == "screen":
            self.screens[seat][colour] += 1
            events.append(Event(kind="place", seat=seat, data={"where": "screen", "seat": seat}))
        else:
            self.fields[target][colour] += 1
            events.append(
                Event(
                    kind="place",
                    seat=seat,
                    data={"where": "field", "seat": target, "colour": COLOURS[colour]},
                )
            )
        if not self.pending:
            self._ability_finished(events)

    def _pick(self, seat: int, colour: int, events: list[Event]) -> None:
        """小松乙女: one non-black drawn flower onto the field, the rest back into the bag."""
        self.pending.remove(colour)
        self.fields[seat][colour] += 1
        for rest in self.pending:
            self.bag[rest] += 1
        events.append(
            Event(
                kind="pick",
                seat=seat,
                data={"colour": COLOURS[colour], "returned": [COLOURS[c] for c in self.pending]},
            )
        )
        self._ability_finished(events)

    def _swap(self, seat: int, other: int, colour: int, events: list[Event]) -> None:
        """咲耶姫: exchange; the given flower goes onto the other field, the received one onto
        the own field (**Decision**)."""
        assert self.give is not None
        source, given = self.give
        pile = self.fields[seat] if source == "field" else self.turn
        pile[given] -= 1
        self.fields[other][colour] -= 1
        self.fields[other][given] += 1
        self.fields[seat][colour] += 1
        events.append(
            Event(
                kind="swap",
                seat=seat,
                data={
                    "source": source,
                    "given": COLOURS[given],
                    "other": other,
                    "received": COLOURS[colour],
                },
            )
        )
        self._ability_finished(events)

    def _kokonoe_take(self, seat: int, other: int, colour: int, events: list[Event]) -> None:
        self.fields[other][colour] -= 1
        self.fields[seat][colour] += 1
        self.taken.append((other, colour))
        events.append(
            Event(kind="take", seat=seat, data={"other": other, "colour": COLOURS[colour]})
        )
        if not self._kokonoe_options(seat):
            self._ability_finished(events)

    # screen step and turn end ---------------------------------------------------

    def _to_screen(self, events: list[Event]) -> None:
        self.card = None
        if sum(self.turn):
            self.step = "screen"
        else:
            self._end_turn(events)

    def _screen(self, seat: int, action: act.ScreenAction, events: list[Event]) -> None:
        if action.n:
            colour = COLOURS.index(action.colour)
            self.turn[colour] -= action.n
            self.screens[seat][colour] += action.n
        events.append(Event(kind="screen", seat=seat, data={"n": action.n}))
        if action.n:
            events.append(
                Event(
                    kind="screen_colour",
                    seat=seat,
                    data={"colour": action.colour, "n": action.n},
                    to=seat,
                )
            )
        to_field = _named(self.turn)
        for colour in range(6):
            self.fields[seat][colour] += self.turn[colour]
        self.turn = [0] * 6
        events.append(
            Event(
                kind="to_field",
                seat=seat,
                data={
                    "flowers": to_field,
                    "field_points": scoring.field_score(_named(self.fields[seat])),
                },
            )
        )
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.turn = [0] * 6
        self.draws = 0
        self.drawn = 0
        self.quals = []
        self.used = []
        self.card = None
        self.pending = []
        self.give = None
        self.taken = []
        events.append(Event(kind="turn_end", seat=self.seat, data={"bag": sum(self.bag)}))
        if sum(self.bag) == 0:
            self._start_split(events)
            return
        self.seat = (self.seat + 1) % self.players
        self.turn_number += 1
        self.step = "draw"
        events.append(Event(kind="turn_start", seat=self.seat, data={"turn": self.turn_number}))

    # the end ---------------------------------------------------------------------

    def _start_split(self, events: list[Event]) -> None:
        """The bag is empty: every seat with white/black behind its screen splits them at once,
        in secret."""
        self.step = "split"
        self.waiting = [s for s in range(self.players) if self.wilds(s)]
        self.splits = [None] * self.players
        events.append(Event(kind="split_start", data={"seats": list(self.waiting)}))
        if not self.waiting:
            self._finish(events)

    def _split(self, seat: int, warm: int, events: list[Event]) -> None:
        self.splits[seat] = warm
        events.append(Event(kind="split_submitted", seat=seat, data={}))
        if all(self.splits[s] is not None for s in self.waiting):
            self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        self.step = "over"
        self.splits = [w if w is not None else 0 for w in self.splits]
        final = self._final()
        events.append(
            Event(
                kind="reveal",
                data={
                    "screens": [_named(screen) for screen in self.screens],
                    "splits": [{"warm": s.warm_wilds, "cool": s.cool_wilds} for s in final.seats],
                },
            )
        )
        events.append(
            Event(
                kind="game_over",
                data={
                    "scores": final.scores,
                    "winners": final.winners,
                    # What each score is made of, for the end's summary.
                    "breakdown": [
                        {"field": s.field_points, "warm": s.warm_points, "cool": s.cool_points}
                        for s in final.seats
                    ],
                },
            )
        )

    def _final(self) -> FinalView:
        n = self.players
        warm = [0] * n
        cool = [0] * n
        for s in range(n):
            warm[s], cool[s] = scoring.group_totals(_named(self.screens[s]), self.splits[s] or 0)
        warm_points = scoring.screen_points(warm, "warm")
        cool_points = scoring.screen_points(cool, "cool")
        seats: list[FinalSeatView] = []
        for s in range(n):
            field = _named(self.fields[s])
            black = scoring.best_black_assignment(field)
            colour_points = {
                c: scoring.field_points(field[c] + black[c]) for c in scoring.FIELD_COLOURS
            }
            field_points = scoring.field_score(field)
            warm_wilds = self.splits[s] or 0
            seats.append(
                FinalSeatView(
                    seat=s,
                    screen=_named(self.screens[s]),
                    warm_wilds=warm_wilds,
                    cool_wilds=self.wilds(s) - warm_wilds,
                    warm_count=warm[s],
                    cool_count=cool[s],
                    warm_points=warm_points[s],
                    cool_points=cool_points[s],
                    field_colour_points=colour_points,
                    field_black=black,
                    field_points=field_points,
                    score=field_points + warm_points[s] + cool_points[s],
                    screen_flowers=sum(self.screens[s]),
                )
            )
        scores = [seat.score for seat in seats]
        winners = winners_by([(seat.score, seat.screen_flowers) for seat in seats])
        return FinalView(seats=seats, scores=scores, winners=winners)

    def result(self) -> Result:
        if not self.is_over():
            raise ValueError("the game is not over")
        final = self._final()
        return Result(
            scores=final.scores,
            winners=final.winners,
            breakdown=[
                {"field": s.field_points, "warm": s.warm_points, "cool": s.cool_points}
                for s in final.seats
            ],
            tiebreak=[s.screen_flowers for s in final.seats],
            details={"seats": [s.model_dump() for s in final.seats]},
        )

    # ------------------------------------------------------------------ views

    def public_view(self) -> PublicView:
        over = self.is_over()
        in_turn = self.step not in ("split", "over")
        live = rules.qualifying(self.turn, self.drawn, self.side)
        cards = [
            CardView(
                card=sides[self.side],
                condition=cond,
                qualifies=in_turn
                and self.step != "keep"
                and sides[self.side] in (live if self.step == "draw" else self.quals),
                used=sides[self.side] in self.used,
            )
            for cond, sides in rules.MASTERY.items()
        ]
        turn = None
        if in_turn:
            plain = self.turn[:BLACK]
            turn = TurnView(
                seat=self.seat,
                flowers=_named(self.turn),
                draws=self.draws,
                drawn=self.drawn,
                max_draws=rules.MAX_DRAWS,
                max_flowers=rules.MAX_FLOWERS,
                draw_max=self.draw_max(),
                same_colour=max(plain) + self.turn[BLACK],
                same_colour_limit=scoring.FAIL_SAME_COLOUR,
                colours=sum(1 for n in plain if n) + self.turn[BLACK],
                colours_limit=scoring.FAIL_DIFFERENT_COLOURS,
                failed=self.step == "keep",
            )
        ability = None
        if self.card is not None and self.step != "ability":
            ability = AbilityView(
                card=self.card,
                stage=self.step,
                drawn=[COLOURS[c] for c in self.pending],
                give_source=self.give[0] if self.give else None,
                give_colour=COLOURS[self.give[1]] if self.give else None,
                taken=[(s, COLOURS[c]) for s, c in self.taken],
            )
        return PublicView(
            players=self.players,
            mastery_side=self.side,
            step=self.step,
            to_act=self.to_act(),
            turn_seat=self.seat if in_turn else None,
            turn_number=self.turn_number,
            start_seat=self.start,
            bag=sum(self.bag),
            removed=self.removed_count,
            seats=[
                SeatView(
                    seat=s,
                    field=_named(self.fields[s]),
                    field_score=scoring.field_score(_named(self.fields[s])),
                    screen_count=sum(self.screens[s]),
                )
                for s in range(self.players)
            ],
            cards=cards,
            turn=turn,
            ability=ability,
            split_waiting=self.to_act() if self.step == "split" else [],
            split_done=[s for s in self.waiting if self.splits[s] is not None]
            if self.step == "split"
            else [],
            final=self._final() if over else None,
        )

    def private_view(self, seat: int) -> PrivateView:
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        in_split = self.step == "split" and seat in self.waiting
        return PrivateView(
            seat=seat,
            public=self.public_view(),
            screen=_named(self.screens[seat]),
            wilds=self.wilds(seat),
            split=self.splits[seat] if self.step == "split" else None,
            default_split=self.default_split(seat).warm if in_split else None,
        )

    # -------------------------------------------------------------- snapshot

    def _restored(self) -> None:
        self.removed_count = rules.SETUP[self.players][2]
