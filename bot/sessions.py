"""Live games: load from storage, one lock per game, apply → persist, CPU moves and turn timers.

`Sessions` owns every game in play. A move is always: take the game's lock, apply it to the
engine state (which validates it), write it (one atomic statement), then let the caller answer
Discord and publish, and only then release the lock. Nothing here composes Discord messages; the
`Publisher` given at construction does (see `bot.table`).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from games import registry
from games.core import Action, Event, Game, IllegalAction, Rng, State

if TYPE_CHECKING:
    from bot.store import GameRecord, Store

log = logging.getLogger(__name__)

#: How many public events the table's log keeps.
RECENT_EVENTS = 6

#: How many recent movers a session remembers (more than the largest table).
MOVERS_KEPT = 12

#: Pause before a CPU or timeout move is tried again after the database refused it.
STORAGE_RETRY_SECONDS = 5.0


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


def _opening_events(state: State) -> list[Event]:
    """The public events a game announces before its first move."""
    return [e for e in state.opening_events() if e.public]


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
    cpu_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None

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

    def human_seats(self, seats: list[int]) -> list[int]:
        return [s for s in seats if not self.record.seats[s].is_cpu]

    def cpu_seats(self, seats: list[int]) -> list[int]:
        return [s for s in seats if self.record.seats[s].is_cpu]


class Publisher(Protocol):
    """What the session layer needs from the Discord side after a move it made itself."""

    async def after_cpu_move(self, session: Session, outcome: MoveOutcome) -> None: ...


@dataclass
class MoveOutcome:
    events: list[Event]
    #: Human seats whose turn began with this move (they get the ping).
    new_turn: list[int]


class Sessions:
    """Every game in play, loaded lazily from the store and kept in memory."""

    def __init__(
        self,
        store: Store,
        *,
        cpu_delay: float = 1.5,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.cpu_delay = cpu_delay
        self.clock = clock
        self.publisher: Publisher | None = None
        self._live: dict[int, Session] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._closed = False
        #: Tasks that publish restored games (see `restore`).
        self._catching_up: set[asyncio.Task[None]] = set()

    # -- loading -------------------------------------------------------------------------

    async def get(self, game_id: int) -> Session | None:
        """The live session of a game in play (loaded on first use), or None."""
        session = self._live.get(game_id)
        if session is not None:
            return session
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                session = self._live.get(game_id)
                if session is None:
                    session = await self._load(game_id)
                    if session is not None:
                        self._live[game_id] = session
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
        return session

    async def _load(self, game_id: int, *, ended: bool = False) -> Session | None:
        """Load a game in play (with `ended`, a finished one whose end is not published yet):
        its snapshot is the truth; the action log, replayed from the seed, rebuilds the table's
        recent events and repairs an unreadable snapshot. A game neither can restore raises
        `GameDamaged` and is noted, never overwritten."""
        record = await self.store.get(game_id)
        if record is None:
            return None
        if record.status != "playing" and not (
            ended and record.status == "finished" and not record.end_published
        ):
            return None
        game = registry.get(record.game)
        rows = await self.store.actions(game_id)
        replay, events, replay_problem = self._replay(record, game, rows)
        state: State | None = None
        problem = record.snapshot_error
        if record.snapshot is not None:
            try:
                state = game.load(record.snapshot)
            except Exception as exc:
                problem = f"snapshot cannot be loaded ({type(exc).__name__}: {exc})"
        if state is None:
            if replay is None:
                note = f"{problem or 'no snapshot'}; action log: {replay_problem}"
                log.error("game %s is damaged: %s", game_id, note)
                await self.store.set_problem(game_id, note)
                raise GameDamaged(game_id, note)
            log.warning("game %s: %s; rebuilt from its action log", game_id, problem)
            state = replay
            record.snapshot = replay.snapshot()
            await self.store.repair_snapshot(game_id, record.version, record.snapshot)
        elif replay is None:
            log.warning("game %s: %s; playing on from its snapshot", game_id, replay_problem)
            events = []
        elif replay.snapshot() != record.snapshot:
            log.error("game %s: snapshot differs from the replay of its log", game_id)
        session = Session(record=record, game=game, state=state)
        session.events.extend(events)
        session.movers.extend((version, seat) for version, seat, _ in rows[-MOVERS_KEPT:])
        return session

    def _replay(
        self, record: GameRecord, game: Game, rows: list[tuple[int, int, str]]
    ) -> tuple[State | None, list[tuple[int, Event]], str | None]:
        """The state the action log leads to, its public events, and what is wrong with the
        log if it cannot be replayed (a missing row, an action the engine rejects)."""
        if [version for version, _, _ in rows] != list(range(1, record.version + 1)):
            return None, [], f"{len(rows)} rows for version {record.version}"
        try:
            state = game.new(
                len(record.seats), seed=record.seed, options=game.options(record.options)
            )
            events = [(0, event) for event in _opening_events(state)]
            for version, seat, text in rows:
                for event in state.apply(seat, game.Action.decode(text)):
                    if event.public:
                        events.append((version, event))
        except (IllegalAction, ValueError) as exc:
            return None, [], f"does not replay ({exc})"
        return state, events[-RECENT_EVENTS:], None

    def forget(self, game_id: int) -> None:
        """Drop a game from memory (after it ends or is abandoned), cancelling its tasks."""
        session = self._live.pop(game_id, None)
        if session is not None:
            for task in (session.cpu_task, session.timer_task):
                if task is not None and task is not asyncio.current_task():
                    task.cancel()

    # -- starting ------------------------------------------------------------------------

    async def start(self, record: GameRecord) -> Session:
        """Create the engine state for a lobby that is ready and store it (lobby → playing)."""
        game = registry.get(record.game)
        state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
        deadline = self._deadline_for(record, state, [], None)
        await self.store.start_game(
            record.id, players=len(record.seats), snapshot=state.snapshot(), deadline=deadline
        )
        record.status = "playing"
        record.players = len(record.seats)
        record.version = 0
        record.snapshot = state.snapshot()
        record.deadline = deadline
        session = Session(record=record, game=game, state=state)
        for event in _opening_events(state):
            session.events.append((0, event))
        self._live[record.id] = session
        return session

    # -- moves ---------------------------------------------------------------------------

    async def apply(
        self,
        session: Session,
        seat: int,
        action: Action,
        *,
        by_cpu: bool = False,
        expected_version: int | None = None,
    ) -> MoveOutcome:
        """Apply and persist one move. The caller must hold `session.lock`.

        Raises `MoveRefused("stale")` when `expected_version` is not the current version and
        `IllegalAction` for a move the engine rejects; in both cases nothing changes.
        """
        assert session.lock.locked(), "apply() needs the session lock"
        record = session.record
        if record.status != "playing":
            raise MoveRefused("game_over")
        if expected_version is not None and not session.still_current(expected_version, seat):
            raise MoveRefused("stale")
        before = session.state.to_act()
        events = session.state.apply(seat, action)
        version = record.version + 1
        snapshot = session.state.snapshot()
        over = session.state.is_over()
        deadline = None if over else self._deadline_for(record, session.state, before, seat)
        result = session.state.result().model_dump(mode="json") if over else None
        try:
            await self.store.commit_move(
                record.id,
                version=version,
                seat=seat,
                action=action.encode(),
                by_cpu=by_cpu,
                snapshot=snapshot,
                deadline=deadline,
                result=result,
            )
        except BaseException as exc:
            # The engine state moved but the disk did not: go back to the stored truth.
            session.state = session.game.load(record.snapshot or {})
            if isinstance(exc, sqlite3.Error):
                log.error("game %s: move %s could not be stored: %s", record.id, version, exc)
                raise MoveRefused("storage") from exc
            raise
        record.version = version
        session.movers.append((version, seat))
        record.snapshot = snapshot
        record.deadline = deadline
        if over:
            record.status = "finished"
            record.end_published = False
        for event in events:
            if event.public:
                session.events.append((version, event))
        new_turn = session.human_seats([s for s in session.state.to_act() if s not in before])
        return MoveOutcome(events=events, new_turn=new_turn)

    def _deadline_for(
        self, record: GameRecord, state: State, before: list[int], actor: int | None
    ) -> float | None:
        """The turn deadline after a move: kept while the same humans are still to act,
        renewed when the turn passes to someone new, None without a timer or a human to act."""
        seconds = record.turn_seconds or state.phase_seconds()
        if not seconds:
            return None
        humans = [s for s in state.to_act() if not record.seats[s].is_cpu]
        if not humans:
            return None
        if record.deadline is not None and set(humans) <= set(before):
            return record.deadline
        return self.clock() + seconds

    def cpu_rng(self, session: Session) -> Rng:
        """The CPU's randomness for the next move: fixed by the seed and the version, so the
        same human moves always meet the same CPU replies."""
        return Rng(session.record.seed).fork(session.record.version + 1)

    def cpu_choose(self, session: Session, seat: int) -> Action:
        level = session.record.seats[seat].cpu_level or session.record.cpu_level
        return session.game.cpu(level).choose(session.state, seat, self.cpu_rng(session))

    # -- CPU players and timers ------------------------------------------------------------

    def schedule(self, session: Session) -> None:
        """Make sure CPU seats to act will move, and that a running turn timer is armed."""
        if self._closed or session.record.status != "playing":
            return
        if session.cpu_seats(session.state.to_act()) and (
            session.cpu_task is None or session.cpu_task.done()
        ):
            session.cpu_task = asyncio.create_task(
                self._run_cpus(session), name=f"cpu-{session.id}"
            )
        if session.record.deadline is not None and (
            session.timer_task is None or session.timer_task.done()
        ):
            session.timer_task = asyncio.create_task(
                self._run_timer(session), name=f"timer-{session.id}"
            )

    async def _run_cpus(self, session: Session) -> None:
        while not self._closed:
            await asyncio.sleep(self.cpu_delay)
            async with session.lock:
                if session.record.status != "playing" or self._live.get(session.id) is not session:
                    return
                seats = session.cpu_seats(session.state.to_act())
                if not seats:
                    break
                seat = seats[0]
                action = self.cpu_choose(session, seat)
                try:
                    outcome = await self.apply(session, seat, action, by_cpu=True)
                except MoveRefused as exc:
                    # Storage trouble: nothing changed; try again a little later.
                    log.warning("game %s: CPU move refused (%s); retrying", session.id, exc)
                    await asyncio.sleep(STORAGE_RETRY_SECONDS)
                    continue
                await self._publish(session, outcome)
        self.schedule(session)

    async def _run_timer(self, session: Session) -> None:
        while not self._closed and session.record.deadline is not None:
            delay = session.record.deadline - self.clock()
            if delay > 0:
                await asyncio.sleep(min(delay, 60))
                continue
            async with session.lock:
                record = session.record
                if (
                    record.status != "playing"
                    or record.deadline is None
                    or record.deadline > self.clock()
                    or self._live.get(session.id) is not session
                ):
                    continue
                for seat in session.human_seats(session.state.to_act()):
                    action = session.state.timeout_action(seat) or self.cpu_choose(session, seat)
                    try:
                        outcome = await self.apply(session, seat, action, by_cpu=True)
                    except MoveRefused as exc:
                        log.warning("game %s: timeout move refused (%s)", session.id, exc)
                        await asyncio.sleep(STORAGE_RETRY_SECONDS)
                        break
                    await self._publish(session, outcome)
                    if record.deadline is None or record.deadline > self.clock():
                        break
        self.schedule(session)

    async def _publish(self, session: Session, outcome: MoveOutcome) -> None:
        if self.publisher is None:
            return
        try:
            await self.publisher.after_cpu_move(session, outcome)
        except Exception:
            log.exception("game %s: publishing a CPU move failed", session.id)

    async def restore(self) -> int:
        """After start-up: resume CPU moves and timers of every game in play, and publish each
        game as stored. A stop between a move's commit and its publication (a crash, a kill)
        leaves the table showing an older state, whose controls are all stale: a human to act
        on the table would find nothing to click; after a game's last move, nobody would see
        how it ended. Returns the number of games in play."""
        for game_id in await self.store.unpublished_ends():
            if self._closed:
                break
            try:
                session = await self._load(game_id, ended=True)
            except Exception:
                log.exception("finished game %s could not be loaded", game_id)
                continue
            if session is not None and game_id not in self._live:
                self._live[game_id] = session
                self._start_catch_up(session)
        count = 0
        for record in await self.store.games(statuses=("playing",)):
            if self._closed:
                break
            try:
                session = await self.get(record.id)
            except Exception:
                log.exception("game %s could not be loaded", record.id)
                continue
            if session is not None:
                self.schedule(session)
                self._start_catch_up(session)
                count += 1
        return count

    def _start_catch_up(self, session: Session) -> None:
        task = asyncio.create_task(self._catch_up(session), name=f"catch-up-{session.id}")
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self, session: Session) -> None:
        async with session.lock:
            record = session.record
            if self._live.get(session.id) is session and (
                record.status == "playing" or not record.end_published
            ):
                await self._publish(session, MoveOutcome(events=[], new_turn=[]))

    def live(self) -> list[Session]:
        """The games in memory now."""
        return list(self._live.values())

    async def close(self) -> None:
        """Stop every CPU and timer task (the database stays consistent: moves are atomic)."""
        self._closed = True
        tasks = [
            task
            for session in self._live.values()
            for task in (session.cpu_task, session.timer_task)
            if task is not None and not task.done()
        ]
        tasks += self._catching_up
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(asyncio.CancelledError, Exception):
                await task
