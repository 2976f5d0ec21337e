"""One game in play as the service holds it (`Session`), what a stored move did
(`MoveOutcome`), how the service refuses, and what it asks of the publisher (`Publisher`)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from games.core import Event, Game, State

if TYPE_CHECKING:
    from bot.storage.records import GameRecord

#: How many public events a session keeps: the table's recent moves, and what each player's
#: hand lists as having happened since their last move (a round of CPU moves at the largest
#: table, with room to spare).
RECENT_EVENTS = 40

#: How many recent movers a session remembers (more than the largest table).
MOVERS_KEPT = 12


class GameDamaged(Exception):
    """A game whose stored data can be neither loaded nor rebuilt; `note` says why."""

    def __init__(self, game_id: int, note: str) -> None:
        super().__init__(f"game {game_id}: {note}")
        self.game_id = game_id
        self.note = note


class MoveRefused(Exception):
    """A move the session will not apply; `reason` is an i18n key suffix (`error.<reason>`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Pause:
    """A page turned (a round, a deal or a game of a match ended, `Game.page_turns`): the people
    at the table read its summary before the CPUs play on. Kept in memory only: a restart ends
    it."""

    #: The move that turned the page; its events are the summary.
    version: int
    #: The people yet to say they have seen it (Next, or a move of their own).
    waiting: set[int]
    #: When the CPUs play on even if someone has not (loop time).
    until: float
    #: Set when the pause is over.
    over: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Session:
    """One game in play: its stored record, its engine state and its lock."""

    record: GameRecord
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Recent `(version, event)` pairs, newest last, for the table's log.
    events: deque[tuple[int, Event]] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    #: `(version, seat)` of the latest moves, to tell a stale control from one that only
    #: other seats' simultaneous choices have overtaken.
    movers: deque[tuple[int, int]] = field(default_factory=lambda: deque(maxlen=MOVERS_KEPT))
    #: The version of each seat's latest move (seat → version): what its hand lists as having
    #: happened since its last move begins after it.
    last_moves: dict[int, int] = field(default_factory=dict)
    #: Recent moves not made by their player (version → seat): by the turn timer, or by a CPU
    #: that took over a human's seat; the log marks them.
    stand_ins: dict[int, int] = field(default_factory=dict)
    #: The page turn the CPUs wait on, if any.
    pause: Pause | None = None
    cpu_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    #: The newest version another process is known to have stored (see `Sessions.moved`).
    stored_version: int = 0
    #: Whether the stored record may differ from this copy without a newer version: who holds
    #: a seat changed (see `Sessions.seats_changed`), or announcements may have been missed.
    recheck: bool = False
    #: Brings this copy up to the stored version after another process's move.
    follow_task: asyncio.Task[None] | None = None

    @property
    def behind(self) -> bool:
        """Whether another process has stored a newer version than this copy holds."""
        return self.stored_version > self.record.version

    @property
    def stale(self) -> bool:
        """Whether this copy is to be compared with the stored game before it is used: it is
        `behind`, or its seats may have changed hands (`recheck`)."""
        return self.behind or self.recheck

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    def still_current(self, version: int, seat: int) -> bool:
        """Whether a control made for `seat` at `version` may still be used.

        It may when nothing moved since, and also when only other seats moved since: a control
        is only made for a seat to act, so that can happen only in a simultaneous phase, where
        the others' secret choices change nothing the seat saw. (The engine still checks the
        move is legal now.)
        """
        current = self.record.version
        if version == current:
            return True
        if version > current:
            return False
        since = [mover for v, mover in self.movers if v > version]
        return len(since) == current - version and seat not in since

    def controls_version(self, seat: int) -> int:
        """The version the controls made for `seat` now carry. While the seat chooses at the same
        time as others (a simultaneous phase), it is the version from before the others'
        choices made since the phase began (as far as `movers` remembers them), which
        `still_current` accepts: the others' secret choices change nothing the seat sees, so its
        hand message stays exactly as it was and is not edited (an edit would close a menu its
        player has open and lose a half-made choice). Otherwise it is the current version."""
        version = self.record.version
        to_act = self.state.to_act()
        if seat not in to_act or len(to_act) < 2:
            return version
        movers = dict(self.movers)
        # At most one choice per other seat that has already chosen in this phase.
        for _ in range(len(self.record.seats) - len(to_act)):
            if movers.get(version, seat) == seat:
                break
            version -= 1
        return version

    def moved(self, version: int, seat: int, events: list[Event]) -> None:
        """Note `seat`'s move stored as `version` and the public ones of its `events`."""
        self.movers.append((version, seat))
        self.last_moves[seat] = version
        self.events.extend((version, event) for event in events if event.public)

    def since_last_move(self, seat: int) -> list[tuple[int, Event]]:
        """The public events after `seat`'s latest move (all that are kept, if it has not moved
        yet or moved before them), oldest first."""
        after = self.last_moves.get(seat, -1)
        return [(version, event) for version, event in self.events if version > after]

    def paused_for(self, seat: int) -> Pause | None:
        """The page turn `seat` has yet to say it has seen, if any."""
        pause = self.pause
        return pause if pause is not None and seat in pause.waiting else None

    def human_seats(self, seats: list[int]) -> list[int]:
        return [s for s in seats if not self.record.seats[s].is_cpu]

    def cpu_seats(self, seats: list[int]) -> list[int]:
        return [s for s in seats if self.record.seats[s].is_cpu]


#: Who makes a move: a player's click, a CPU seat, or the turn timer playing for a human.
Source = Literal["human", "cpu", "timeout"]


@dataclass
class MoveOutcome:
    """What a stored move did, for the click's answer and for the publisher."""

    seat: int
    version: int
    source: Source
    events: list[Event]
    #: Human seats whose turn began with this move (they get the ping).
    new_turn: list[int]

    @property
    def by_cpu(self) -> bool:
        return self.source != "human"


class Publisher(Protocol):
    """What the service needs from the Discord side: everything but a click's own answer.

    `publish` only takes note and returns at once; the publisher brings Discord in step in its
    own time, outside the game's lock, coalescing what piles up meanwhile."""

    def publish(
        self, session: Session, outcome: MoveOutcome | None = None, *, table_shown: bool = False
    ) -> None: ...

    async def table_shows(self, session: Session, version: int) -> None:
        """Return once the game's table shows `version` (or there is nothing to wait for)."""


#: A click's answer to a stored move, sent under the game's lock; it returns whether the table
#: message now shows the move (the clicked table updated in place).
Answer = Callable[["Session", MoveOutcome], Awaitable[bool]]

#: Called once when a click must wait (for the game's lock or for the store) longer than its
#: patience: it acknowledges Discord first.
OnWait = Callable[[], Awaitable[None]]
