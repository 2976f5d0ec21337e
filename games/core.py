"""The engine contract: Game, State, Action, Event, Result, IllegalAction and the seeded RNG.

Engines are pure: no Discord, no asyncio, no I/O. A game is a `Game` object (one per title,
listed in `games.registry`) that creates and loads `State`s. A state knows who may act, which
actions are legal for a seat, applies one action at a time, and exposes a public and a per-seat
private view. Everything random comes from the `Rng` held in the state, so a snapshot continues
exactly and replaying the action log from the seed reproduces the final snapshot bit for bit.
"""

from __future__ import annotations

import functools
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterable, MutableSequence, Sequence
from enum import StrEnum
from importlib import import_module
from types import ModuleType
from typing import (
    Annotated,
    Any,
    ClassVar,
    Literal,
    Protocol,
    Self,
    TypeVar,
    get_args,
    get_origin,
    runtime_checkable,
)

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    TypeAdapter,
)
from pydantic_core import core_schema

__all__ = [
    "Action",
    "CpuPlayer",
    "Event",
    "Game",
    "IllegalAction",
    "Lang",
    "OptionsRefused",
    "Reason",
    "Result",
    "Rng",
    "SearchBudget",
    "State",
    "StoredRecord",
    "winners_by",
]

Lang = Literal["ja", "en"]
T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """A small, fully deterministic RNG (SplitMix64) whose whole state is one integer.

    `random.Random` would do, but its state is 625 words; this one snapshots as a single int,
    which keeps game snapshots small and makes the position explicit (OpenSpiel's chance node).
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next64(self) -> int:
        """Advance and return the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        """In a pydantic type (a state's `Stored` declaration) an `Rng` is its position, an
        int."""
        return core_schema.no_info_after_validator_function(
            cls,
            core_schema.int_schema(),
            serialization=core_schema.plain_serializer_function_ser_schema(
                _position, return_schema=core_schema.int_schema()
            ),
        )

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's position and `salt` (no advance)."""
        return Rng(Rng(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK64)).next64())


def _as_written(record: Any) -> Any:
    """The record itself: declared as returning `Any`, pydantic writes it as the JSON it is, a
    copy (its `tuple` shape would warn about a list)."""
    return record


def StoredRecord(shape: Any) -> Any:
    """A record a state keeps as a list of fixed positions (e.g. `[leader, cards, winner]`):
    `shape` is its `tuple[...]` type, which checks and converts each position on load; the state
    still holds (and may change) a list, and the snapshot stores a copy of it."""
    return Annotated[shape, AfterValidator(list), PlainSerializer(_as_written, return_type=Any)]


@functools.cache
def _stored_form(shape: type) -> tuple[TypeAdapter[Any], tuple[str, ...]]:
    """The adapter of a state's `Stored` declaration and the attribute names it lists."""
    return TypeAdapter(shape), tuple(typing.get_type_hints(shape))


def _copied(value: Any) -> Any:
    """`value` with every list, dict, tuple of them and `Rng` inside copied (what a state holds
    is JSON-shaped; anything else, such as options, is never changed in place and is shared)."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _ATOMS else _copied(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copied(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(v if type(v) in _ATOMS else _copied(v) for v in value)
    if kind is set:
        return set(value)
    if kind is Rng:
        return Rng(value.state)
    return value


_ATOMS = frozenset({int, str, bool, float, type(None)})


def _position(rng: Rng) -> int:
    return rng.state


class Reason(StrEnum):
    """Reason codes shared by every game. Games may raise their own codes too (plain strings);
    the bot translates `error.<code>` and falls back to `error.not_legal`."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_LEGAL = "not_legal"
    MALFORMED = "malformed"
    NO_SUCH_SEAT = "no_such_seat"


class IllegalAction(ValueError):
    """Raised by `State.apply` (and `Action.decode`) for input that is not a legal move.

    The state is left exactly as it was. `reason` is a stable code the bot translates.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else str(reason))
        self.reason = str(reason)
        self.detail = detail


class OptionsRefused(ValueError):
    """Raised by `Game.new` for options the rules do not allow at that player count (a variant
    for some player counts only) or together.

    `reason` is a stable code, translated like a move's (the game's `texts.REASONS`), so the
    lobby answers in the player's language whichever game refused.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else str(reason))
        self.reason = str(reason)
        self.detail = detail


def _encode_value(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if value is None:
        return "~"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if not value or any(c in value for c in ".:-~ "):
            raise ValueError(f"string field {value!r} cannot be encoded")
        return value
    if isinstance(value, (tuple, list)):
        return "-".join(_encode_value(v) for v in value) if value else "_"
    raise TypeError(f"cannot encode {type(value).__name__} in an action")


def _decode_value(text: str, annotation: Any) -> Any:
    origin = get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if text == "~":
            return None
        return _decode_value(text, args[0])
    if origin is Literal:
        return text if isinstance(get_args(annotation)[0], str) else int(text)
    if origin in (tuple, list):
        inner = get_args(annotation)[0]
        if text == "_":
            return ()
        return tuple(_decode_value(part, inner) for part in text.split("-"))
    if annotation is bool:
        if text not in ("0", "1"):
            raise ValueError("bad bool")
        return text == "1"
    if annotation is int:
        if not text.lstrip("-").isdigit() or len(text) > 6:
            raise ValueError("bad int")
        return int(text)
    if annotation is str:
        return text
    raise TypeError(f"cannot decode into {annotation!r}")


_KIND_TABLES: dict[type, dict[str, type]] = {}
_FIELD_TABLES: dict[type, dict[str, Any]] = {}


def _fields_of(kind: type[Action]) -> dict[str, Any]:
    """The fields an action of `kind` encodes, in order (all but `kind`), with their
    annotations; worked out once per class (pydantic builds `model_fields` at every access)."""
    found = _FIELD_TABLES.get(kind)
    if found is None:
        found = {
            name: field.annotation for name, field in kind.model_fields.items() if name != "kind"
        }
        _FIELD_TABLES[kind] = found
    return found


class Action(BaseModel):
    """A move, as a small frozen value with a reversible compact string form.

    Each game defines one family base (`class KasaneAction(Action): pass`) and one subclass per
    kind of move with `kind: Literal["take"] = "take"` and its fields (ints, bools, short strings
    without `.:-~` and spaces, tuples of those, or `None`). `encode()` writes
    `kind.field1.field2…` in field order — what a button's custom_id carries — and
    `FamilyBase.decode(text)` reads it back, raising `IllegalAction(MALFORMED)` on anything else.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str

    def encode(self) -> str:
        fields = _fields_of(type(self))
        return ".".join([self.kind, *(_encode_value(getattr(self, name)) for name in fields)])

    @classmethod
    def _kinds(cls) -> dict[str, type[Action]]:
        found = _KIND_TABLES.get(cls)
        if found is None:
            found = {}
            stack = list(cls.__subclasses__())
            while stack:
                sub = stack.pop()
                stack.extend(sub.__subclasses__())
                default = sub.model_fields["kind"].default
                if isinstance(default, str):
                    found[default] = sub
            _KIND_TABLES[cls] = found
        return found

    @classmethod
    def decode(cls, text: str) -> Action:
        """Parse `encode()`'s output back into the action of this family it names."""
        if not isinstance(text, str) or len(text) > 90:
            raise IllegalAction(Reason.MALFORMED, "not an action string")
        kind, *parts = text.split(".")
        sub = cls._kinds().get(kind)
        if sub is None:
            raise IllegalAction(Reason.MALFORMED, f"unknown action kind {kind!r}")
        fields = _fields_of(sub)
        if len(parts) != len(fields):
            raise IllegalAction(Reason.MALFORMED, "wrong number of fields")
        try:
            values = {
                name: _decode_value(part, annotation)
                for (name, annotation), part in zip(fields.items(), parts, strict=True)
            }
            action = sub(kind=kind, **values)
            canonical = action.encode()
        except (ValueError, TypeError) as exc:
            raise IllegalAction(Reason.MALFORMED, str(exc)) from exc
        if canonical != text:
            raise IllegalAction(Reason.MALFORMED, "non-canonical action string")
        return action


class Event(BaseModel):
    """Something that happened, for the public log and for rendering.

    `kind` names it (`"take"`, `"meld"`, `"round_end"` …); `seat` is the actor if any; `data`
    holds plain JSON values. An event never carries hidden information unless `to` names the
    one seat it is addressed to; renderers show such events to that seat only.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    to: int | None = None

    @property
    def public(self) -> bool:
        return self.to is None


class Result(BaseModel):
    """The outcome of a finished game.

    `scores` per seat; `winners` the seats sharing the win; `breakdown` per seat maps named
    components (`"yaku"`, `"bonus"` …) to points; `tiebreak` per seat holds the value that
    decided ties (or is empty when the game has none).
    """

    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]] = Field(default_factory=list)
    tiebreak: list[int] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)


def winners_by(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Seats whose key (score, tiebreak, …) is the maximum; several on a full tie."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


class State(ABC):
    """One game in progress. Subclasses implement the `_`-prefixed hooks; `apply` does the
    validation every game needs (game over, seat to act, action legal) before any mutation,
    so an illegal action always leaves the state unchanged."""

    players: int
    rng: Rng

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now; several in simultaneous phases; [] once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now ([] when the seat may not act)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The outcome; only valid once `is_over()`."""

    @abstractmethod
    def public_view(self) -> BaseModel:
        """Only what the whole table may know."""

    @abstractmethod
    def private_view(self, seat: int) -> BaseModel:
        """The public view plus what `seat` alone knows."""

    #: What a snapshot holds, declared once: a `TypedDict` (from `typing_extensions`) naming
    #: each attribute the state keeps with its type; `snapshot` and `from_snapshot` follow from
    #: it (pydantic writes the JSON form and checks and converts it back).
    Stored: ClassVar[type]
    #: Keys every snapshot of the game carries with one fixed value (`game`, a format
    #: `version`): written first, and a snapshot without them is refused.
    stored_marks: ClassVar[dict[str, Any]] = {}

    def snapshot(self) -> dict[str, Any]:
        """A JSON-able dict from which `Game.load` rebuilds this exact state (RNG included)."""
        adapter, names = _stored_form(self.Stored)
        values = {name: getattr(self, name) for name in names}
        return {**self.stored_marks, **adapter.dump_python(values, mode="json")}

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> Self:
        """The state a `snapshot()` was taken of. Raises `ValueError` for a snapshot of another
        game or format, or one whose values do not fit the declaration."""
        for key, value in cls.stored_marks.items():
            if snapshot.get(key) != value:
                raise ValueError(
                    f"not a snapshot of {cls.__name__}: {key} is {snapshot.get(key)!r}"
                )
        adapter, _ = _stored_form(cls.Stored)
        state = cls.__new__(cls)
        state.__dict__.update(adapter.validate_python(snapshot))
        state._restored()
        return state

    def copy(self) -> Self:
        """An independent copy, RNG position included: the state `from_snapshot(snapshot())`
        would give, made without the JSON form (CPU players copy states in their searches)."""
        state = type(self).__new__(type(self))
        state.__dict__.update({name: _copied(value) for name, value in self.__dict__.items()})
        return state

    def _restored(self) -> None:
        """Check a state just loaded from a snapshot and set what follows from what it stores."""
        return None

    def timeout_action(self, seat: int) -> Action | None:
        """What `seat` plays when its time runs out, where the rules say so (e.g. a documented
        default for a simultaneous secret choice). None: a CPU player decides."""
        return None

    def phase_seconds(self) -> int | None:
        """A time limit the rules themselves give the current phase (for simultaneous choices
        asked of everyone at once), used even when the table has no turn timer."""
        return None

    def opening_events(self) -> list[Event]:
        """Public events announcing the game before the first move (for the table's log)."""
        return []

    def is_legal(self, seat: int, action: Action) -> bool:
        return action in self.legal_actions(seat)

    def check_turn(self, seat: int) -> None:
        """Raise `IllegalAction` unless the game goes on, `seat` is a seat and it may act now:
        the first checks of every `check`, before any about the action itself."""
        if self.is_over():
            raise IllegalAction(Reason.GAME_OVER)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT)
        if seat not in self.to_act():
            raise IllegalAction(Reason.NOT_YOUR_TURN)

    def check(self, seat: int, action: Action) -> None:
        """Raise `IllegalAction` unless `seat` may play `action` now."""
        self.check_turn(seat)
        if not self.is_legal(seat, action):
            raise IllegalAction(Reason.NOT_LEGAL, action.encode())

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Validate and carry out one action; return what happened."""
        self.check(seat, action)
        return self._apply(seat, action)


class CpuPlayer(Protocol):
    """A computer player. It must use only what `seat` may know (its private view, the public
    log); stronger players sample the hidden rest. `rng` makes its choices reproducible."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action: ...


@runtime_checkable
class SearchBudget(Protocol):
    """A CPU player whose strength and time are set by a number of rollouts per decision
    (decisions stay a function of the seed: no clock is read)."""

    rollouts: int


class Game(ABC):
    """One title. Subclasses set the class attributes and implement `new` and `load`."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    Action: ClassVar[type[Action]]
    #: CPU levels offered by the bot, weakest first; keys of `cpu()` (the platform's catalog
    #: names each level in `messages.CPU_LEVELS` and `messages.CHOICE_CPU_LEVELS`).
    cpu_levels: ClassVar[tuple[str, ...]] = ("random", "strong", "expert")
    #: The level a lobby gets when its host chooses none.
    default_cpu_level: ClassVar[str] = "strong"
    #: The kinds of event that turn a page: a round, a deal or a game of a match ends and the
    #: next begins. The bot pauses on such a move, its events shown as the summary, until the
    #: people at the table have seen it.
    page_turns: ClassVar[frozenset[str]] = frozenset()

    #: The game's `State` class, which loads its games (`from_snapshot`) and starts them: its
    #: classmethod `new(players, seed, options)` gets the validated options and raises
    #: `OptionsRefused` for options the rules do not allow with that many players. A game
    #: whose state starts otherwise overrides `new`.
    state_class: ClassVar[type[State]]

    def new(self, players: int, *, seed: int, options: BaseModel | None = None) -> State:
        """A new game. Raises `ValueError` for a player count the game does not take, and
        `OptionsRefused` (with a reason code of the game's `texts.REASONS`) for options the
        rules do not allow with that count."""
        self.check_players(players)
        start = self.state_class.new  # type: ignore[attr-defined]
        return start(players, seed, self.options(options))  # type: ignore[no-any-return]

    def load(self, snapshot: dict[str, Any]) -> State:
        """The inverse of `State.snapshot()`."""
        return self.state_class.from_snapshot(snapshot)

    #: The CPU player class of each level as `module.Class` inside the game's package: the
    #: heuristic players live in `ai`, the search player (`games.search`) in `expert`.
    cpu_classes: ClassVar[dict[str, str]] = {
        "random": "ai.RandomPlayer",
        "strong": "ai.StrongPlayer",
        "expert": "expert.Expert",
    }

    @property
    def package(self) -> str:
        """The package the game lives in (`games.<id>` for the registry's own titles)."""
        return type(self).__module__.rpartition(".")[0]

    @property
    def texts(self) -> ModuleType:
        """The game's catalog, `<package>/texts.py` (its texts read from `texts.toml`): every
        text of the game as a `games.text.Text`. The platform reads `NAME`, `RULES`, option
        labels (`OPTION_TEXT`, and `OPTION_VALUES` for options that are not switches) and reason
        messages (`REASONS`); the game's renderers read its card names, steps, log lines and
        table labels."""
        return import_module(f"{self.package}.texts")

    def name(self, lang: Lang) -> str:
        """The title in that language (Japanese names keep their Japanese form in English)."""
        return self.texts.NAME(lang)

    def rules_summary(self, lang: Lang) -> str:
        """A short rules summary (Discord markdown, at most ~3500 characters)."""
        return self.texts.RULES(lang)

    def cpu(self, level: str = "strong", *, rollouts: int | None = None) -> CpuPlayer:
        """A CPU player of that level (one of `cpu_levels`), from the game's package.
        `rollouts` sets the search budget of a player that searches (`SearchBudget`, the
        expert level); other levels ignore it."""
        if level not in self.cpu_classes:
            raise KeyError(level)
        module, _, name = self.cpu_classes[level].rpartition(".")
        player: CpuPlayer = getattr(import_module(f"{self.package}.{module}"), name)()
        if rollouts is not None and isinstance(player, SearchBudget):
            player.rollouts = rollouts
        return player

    def options(self, options: BaseModel | dict[str, Any] | None) -> BaseModel:
        """Validated options with defaults filled in."""
        if options is None:
            return self.Options()
        if isinstance(options, BaseModel):
            return self.Options.model_validate(options.model_dump())
        return self.Options.model_validate(options)

    @property
    def player_counts(self) -> range:
        """Every number of players the game takes, smallest first."""
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} takes {self.min_players}-{self.max_players} players, not {players}"
            )

    def replay(
        self,
        players: int,
        seed: int,
        options: BaseModel | dict[str, Any] | None,
        log: Iterable[tuple[int, str]],
    ) -> State:
        """Rebuild a state from its seed and action log of `(seat, encoded action)` pairs."""
        state = self.new(players, seed=seed, options=self.options(options))
        for seat, text in log:
            state.apply(seat, self.Action.decode(text))
        return state
