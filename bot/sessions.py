"""The application service of games in play: every change to a game, from lock to outcome.

`Sessions` owns every game in play. A move (a click, a CPU turn, a timed-out turn) is always:
take the game's lock, apply it to the engine state (which validates it), write it (one bounded,
atomic store call that returns the stored record), answer the click if it is one, release the
lock, and hand the outcome to the publisher (`bot.publish`), which brings Discord in step outside
the lock. Start, abandon and replace go the same way. CPU decisions are computed in a process
pool (`bot.cpu`), each when its game's turn comes in the budget all games share (`CpuTurns`):
human moves first, CPU moves in turn. Nothing here composes Discord messages.

With several bot processes on one PostgreSQL database (`bot.storage.postgres`), a game belongs to
the process whose shard holds its guild (`owns`): only there do its CPU turns, timers and publishing
run. Another process may still apply a click to it (DM hands arrive on shard 0): the database
serialises the moves (the row lock and version check of the move's one statement), and every process
that holds a copy of the game hears of each stored move (`moved`, from the store's NOTIFY) and
brings its copy up to the stored version by applying the stored actions to it. A copy known to be
behind is caught up before a move is applied to it, and a move refused because another process
stored that version first is retried once on the caught-up copy if the click is still current. A
change of who holds a seat (`replace`, `return_seat`) stores no new version: it is announced too
(`seats_changed`), and a copy elsewhere adopts the stored record, its seats and turn deadline, with
nothing to replay.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from contextlib import nullcontext, suppress
from typing import TYPE_CHECKING, TypeVar

from bot.cpu import CpuPool, CpuTurns, Question
from bot.session import (
    MOVERS_KEPT,
    RECENT_EVENTS,
    Answer,
    GameDamaged,
    MoveOutcome,
    MoveRefused,
    OnWait,
    Pause,
    Publisher,
    Session,
    Source,
)
from bot.storage.records import STORAGE_ERRORS, StaleVersion
from games import registry
from games.core import Action, Event, Game, IllegalAction, State

if TYPE_CHECKING:
    from bot.storage.queries import GameStore
    from bot.storage.records import GameRecord

log = logging.getLogger(__name__)

#: Pause before a CPU or timeout move is tried again after the database refused it.
STORAGE_RETRY_SECONDS = 5.0

#: How long a click waits (for its game's lock, then for its write) before acknowledging
#: Discord first, so that its 3-second deadline holds (seconds).
PATIENCE_SECONDS = 1.5

#: The longest a CPU waits for the table to show the move before its own, when people watch
#: (Discord slow or unreachable must not stop the game: the table catches up later).
TABLE_WAIT_SECONDS = 15.0

#: The longest the CPUs wait on a page turn for people who have not said they have seen it,
#: when the game has no turn timer (with one, its turn time).
PAUSE_SECONDS = 90.0

#: How many times a move refused because another process stored that version first is tried
#: again on the caught-up game.
CATCH_UP_RETRIES = 3


class _StoredElsewhere(Exception):
    """The store refused a move's version: another process stored a move of the game first."""


def _opening_events(state: State) -> list[Event]:
    """The public events a game announces before its first move."""
    return [e for e in state.opening_events() if e.public]


T = TypeVar("T")


async def _acknowledged_past(work: Awaitable[T], until: float, on_wait: OnWait | None) -> T:
    """`await work`; should it still be under way at `until` (loop time), `on_wait` is called
    meanwhile, without interrupting it. The work is awaited in this task (a move's write starts
    at once, with no task of its own in between), and an acknowledgement that was started is
    finished before this returns, so that whatever answers next knows it was sent; one that
    failed is logged, since the work's outcome, not the acknowledgement's, is what stands."""
    if on_wait is None:
        return await work
    loop = asyncio.get_running_loop()
    acknowledging: list[asyncio.Task[None]] = []

    def acknowledge() -> None:
        acknowledging.append(loop.create_task(on_wait()))

    timer = loop.call_at(until, acknowledge)
    try:
        return await work
    finally:
        timer.cancel()
        for task in acknowledging:
            try:
                await task
            except Exception as exc:
                log.warning("a waiting click could not be acknowledged: %s", exc)


def _once(on_wait: OnWait | None) -> OnWait | None:
    """`on_wait`, doing its work the first time it is called only: a move may wait twice
    past its patience (for the game's lock, then for its write), and a click is acknowledged
    once."""
    if on_wait is None:
        return None
    called = False

    async def first_time() -> None:
        nonlocal called
        if not called:
            called = True
            await on_wait()

    return first_time


class Sessions:
    """The application service of games in play: every change to a game goes through it.

    `start`, `play` (a click, a CPU turn, a timed-out turn), `abandon` and `replace` each take
    the game's lock, run the engine, make one bounded store call that returns the stored record
    (the session adopts it: nothing is copied into it by hand), answer a click if there is one,
    release the lock, and only then hand the result to the publisher. Games are loaded lazily
    from the store and kept in memory while in play.
    """

    def __init__(
        self,
        store: GameStore,
        *,
        cpu_delay: float = 1.5,
        page_pause: float = PAUSE_SECONDS,
        expert_rollouts: int | None = None,
        clock: Callable[[], float] = time.time,
        cpu_pool: CpuPool | None = None,
        cpu_turns: CpuTurns | None = None,
        owns_guild: Callable[[int | None], bool] | None = None,
    ) -> None:
        self.store = store
        #: Whether this process owns the games of a guild (its shard holds the guild): then it
        #: runs their CPU turns and timers and publishes them. One process owns every game.
        self.owns_guild: Callable[[int | None], bool] = owns_guild or (lambda guild_id: True)
        self.cpu_delay = cpu_delay
        #: The longest the CPUs wait at a page turn without a turn timer; 0: no pauses.
        self.page_pause = page_pause
        #: The search budget of expert CPUs (`Game.cpu`); None: each game's default.
        self.expert_rollouts = expert_rollouts
        self.clock = clock
        self.cpu_pool = cpu_pool or CpuPool()
        #: When each game's CPU may move: the budget shared by all games, humans first.
        self.cpu_turns = cpu_turns or CpuTurns()
        self.publisher: Publisher | None = None
        self._live: dict[int, Session] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._closed = False

    def owns(self, record: GameRecord) -> bool:
        """Whether this process owns the game (see `owns_guild`)."""
        return self.owns_guild(record.guild_id)

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
        session.last_moves = {seat: version for version, seat, _ in rows}
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

    def _publish(
        self,
        session: Session,
        outcome: MoveOutcome | None = None,
        *,
        table_shown: bool = False,
    ) -> None:
        """Hand the game to the publisher, if this process has one and owns the game."""
        if self.publisher is not None and self.owns(session.record):
            self.publisher.publish(session, outcome, table_shown=table_shown)

    # -- starting, abandoning, replacing ---------------------------------------------------

    async def start(self, record: GameRecord) -> Session:
        """Create the engine state for a lobby that is ready and store it (lobby → playing).
        Raises `MoveRefused("not_started")` when the lobby was closed meanwhile."""
        game = registry.get(record.game)
        state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
        deadline = self._deadline_for(record, state, [], None)
        try:
            stored = await self.store.start_game(
                record.id, players=len(record.seats), snapshot=state.snapshot(), deadline=deadline
            )
        except StaleVersion as exc:
            raise MoveRefused("not_started") from exc
        session = Session(record=stored, game=game, state=state)
        for event in _opening_events(state):
            session.events.append((0, event))
        self._live[stored.id] = session
        first = MoveOutcome(
            seat=-1,
            version=0,
            source="human",
            events=[],
            new_turn=session.human_seats(state.to_act()),
        )
        self._publish(session, first)
        self.schedule(session)
        return session

    async def abandon(self, game_id: int, *, on_wait: OnWait | None = None) -> GameRecord | None:
        """End a lobby or a game in play without a result; the stored record, or None when the
        game was neither (nothing changed)."""
        session = await self.get(game_id)
        if session is None:
            return await self.store.abandon_game(game_id)
        stored = await self._store_under_lock(
            session, lambda: self.store.abandon_game(game_id), on_wait
        )
        if stored is not None:
            self.forget(game_id)
            self._publish(session)
        return stored

    async def replace(
        self, game_id: int, seat: int, *, on_wait: OnWait | None = None
    ) -> GameRecord | None:
        """A human seat becomes a CPU player of the game's level; the stored record, or None
        when the game is not in play (nothing changed)."""

        async def write(session: Session) -> GameRecord | None:
            record = session.record  # read under the lock
            name = f"CPU ({record.seats[seat].name})"[:80]
            return await self.store.replace_seat(game_id, seat, record.cpu_level, name)

        return await self._change_seat(game_id, write, on_wait)

    async def return_seat(
        self, game_id: int, seat: int, user_id: int, *, on_wait: OnWait | None = None
    ) -> GameRecord | None:
        """The player a CPU replaced in `seat` takes it back; the stored record, or None when
        nothing changed (not their seat, or the game is not in play). Back on their own turn,
        they get a fresh turn deadline (`_deadline_on_return`)."""

        async def write(session: Session) -> GameRecord | None:
            deadline = self._deadline_on_return(session.record, session.state, seat)
            return await self.store.return_seat(game_id, seat, user_id, deadline=deadline)

        return await self._change_seat(game_id, write, on_wait)

    async def _change_seat(
        self,
        game_id: int,
        write: Callable[[Session], Awaitable[GameRecord | None]],
        on_wait: OnWait | None,
    ) -> GameRecord | None:
        """A change of who holds a seat of a game in play, stored by `write` under the game's
        lock (`_store_under_lock`), then published, and the game's CPU turns and timer
        scheduled again; the stored record, or None when nothing changed."""
        session = await self.get(game_id)
        if session is None:
            return None
        stored = await self._store_under_lock(session, lambda: write(session), on_wait)
        if stored is not None:
            self._publish(session)
            self.schedule(session)
        return stored

    async def _store_under_lock(
        self,
        session: Session,
        write: Callable[[], Awaitable[GameRecord | None]],
        on_wait: OnWait | None,
    ) -> GameRecord | None:
        """One change of a game that is not a move: under the game's lock, `write` stores it
        and returns the stored record (None: nothing changed), which becomes the session's."""
        await self._acquire(session, self._patience(), on_wait)
        try:
            stored = await write()
            if stored is not None:
                session.record = stored
        finally:
            session.lock.release()
        return stored

    # -- moves ---------------------------------------------------------------------------

    def _patience(self) -> float:
        """When a click that has waited this long acknowledges Discord first (loop time)."""
        return asyncio.get_running_loop().time() + PATIENCE_SECONDS

    async def _acquire(self, session: Session, until: float, on_wait: OnWait | None) -> None:
        """Take the game's lock; past `until`, call `on_wait` meanwhile and keep waiting, in
        the same place in the lock's queue."""
        if session.lock.locked():
            await _acknowledged_past(session.lock.acquire(), until, on_wait)
        else:
            await session.lock.acquire()

    async def play(
        self,
        game_id: int,
        seat: int,
        action: Action,
        *,
        expected_version: int | None = None,
        source: Source = "human",
        answer: Answer | None = None,
        on_wait: OnWait | None = None,
    ) -> MoveOutcome:
        """Play one move: lock → engine → one store write → the click's `answer` → unlock →
        publish. This is the only way a move reaches the store.

        A click's control carries the version it was made at (`expected_version`); a CPU or
        timer move must be played at exactly the version it was decided at. When the lock or
        the write keeps a click waiting past its patience, `on_wait` acknowledges Discord first.

        Raises `MoveRefused` (`game_over`, `stale`, `storage`) or `IllegalAction`; then nothing
        changed, on disk or in memory.
        """
        session = await self.get(game_id)
        if session is None:
            raise MoveRefused("game_over")
        until = self._patience()
        on_wait = _once(on_wait)
        caught_up: list[MoveOutcome] = []
        reseated = False
        # A human move keeps CPU turns waiting while it is under way (`CpuTurns`).
        with self.cpu_turns.human() if source == "human" else nullcontext():
            await self._acquire(session, until, on_wait)
            try:
                for attempt in range(CATCH_UP_RETRIES + 1):
                    if session.stale or (expected_version or 0) > session.record.version:
                        moves, adopted = await self._catch_up_locked(session)
                        caught_up += moves
                        reseated = reseated or adopted
                    try:
                        outcome, table_shown = await self._play_locked(
                            session, seat, action, expected_version, source, answer, until, on_wait
                        )
                        break
                    except _StoredElsewhere:
                        log.info("game %s: moved by another process; catching up", session.id)
                        session.stored_version = max(
                            session.stored_version, session.record.version + 1
                        )
                        if attempt == CATCH_UP_RETRIES:
                            raise MoveRefused("stale") from None
            finally:
                session.lock.release()
                self._after_catch_up(session, caught_up, reseated=reseated)
        if session.record.status != "playing":
            self.forget(session.id)
        log.debug("game %s: %s move %s stored", session.id, source, outcome.version)
        self._publish(session, outcome, table_shown=table_shown)
        self.schedule(session)
        return outcome

    async def _play_locked(
        self,
        session: Session,
        seat: int,
        action: Action,
        expected_version: int | None,
        source: Source,
        answer: Answer | None,
        until: float,
        on_wait: OnWait | None,
    ) -> tuple[MoveOutcome, bool]:
        record = session.record
        if record.status != "playing" or self._live.get(session.id) is not session:
            raise MoveRefused("game_over")
        if expected_version is not None:
            current = (
                session.still_current(expected_version, seat)
                if source == "human"
                else expected_version == record.version
            )
            if not current:
                raise MoveRefused("stale")
        if source == "timeout" and (record.deadline is None or record.deadline > self.clock()):
            raise MoveRefused("stale")
        if source == "cpu" and not record.seats[seat].is_cpu:
            raise MoveRefused("stale")  # decided before its player took the seat back
        if source == "human" and record.seats[seat].is_cpu:
            raise MoveRefused("stale")  # clicked before a CPU took the seat over
        # The move is made on a copy first: `session.state` stays the stored state until the
        # write has succeeded, so whatever reads it meanwhile (the publisher, a refusal's fresh
        # view, a CPU decision) never sees a move that may yet fail to be stored.
        state = session.state.copy()
        before = state.to_act()
        events = state.apply(seat, action)  # validates: raises IllegalAction
        over = state.is_over()
        snapshot = state.snapshot()
        deadline = None if over else self._deadline_for(record, state, before, seat)
        status = "finished" if over else "playing"
        write = self.store.write_move(
            record.id,
            version=record.version + 1,
            seat=seat,
            action=action.encode(),
            by_cpu=source != "human",
            snapshot=snapshot,
            deadline=deadline,
            result=state.result().model_dump(mode="json") if over else None,
            status=status,
        )
        try:
            # The database may be busy (another process holds it, or a checkpoint): past
            # `until`, the click is acknowledged within Discord's 3 seconds while the write
            # goes on.
            stored_at = await _acknowledged_past(write, until, on_wait)
        except StaleVersion as exc:
            # Only another process can have stored this version (this one holds the lock).
            raise _StoredElsewhere from exc
        except STORAGE_ERRORS as exc:
            log.error("game %s: a move could not be stored: %s", record.id, exc)
            raise MoveRefused("storage") from exc
        # Stored: the copy that made the move becomes the live state (whatever holds the old
        # one, a render or a decision under way, keeps a state that no longer changes).
        # The record as the write left it; read back whole once the click is answered.
        stored = record.after_move(
            version=record.version + 1,
            snapshot=snapshot,
            deadline=deadline,
            status=status,
            stored_at=stored_at,
        )
        session.state = state
        session.record = stored
        session.moved(stored.version, seat, events)
        self._turn_page(session, seat, source, events)
        if source == "timeout" or (source == "cpu" and record.seats[seat].away_user_id):
            session.stand_ins[stored.version] = seat
            oldest = session.events[0][0] if session.events else stored.version
            for version in [v for v in session.stand_ins if v < oldest]:
                del session.stand_ins[version]
        outcome = MoveOutcome(
            seat=seat,
            version=stored.version,
            source=source,
            events=events,
            new_turn=session.human_seats([s for s in session.state.to_act() if s not in before]),
        )
        table_shown = False
        if answer is not None:
            try:
                table_shown = await answer(session, outcome)
            except Exception as exc:
                # The move is stored and stands; the publisher brings the table in step.
                log.warning("game %s: the answer to a stored move failed: %s", record.id, exc)
        await self._read_back(session)
        return outcome, table_shown

    async def _read_back(self, session: Session) -> None:
        """Replace the session's record by the row as stored, under the game's lock, after a
        move's answer: the row also holds what the publisher writes (its messages, the version
        the table shows), which a record built from the one held would not. A failed read
        keeps the record built from the move: the move is stored and answered, whatever the
        read does (a database failing, or closed as the bot stops)."""
        record = session.record
        try:
            stored = await self.store.get(record.id, seats=record.seats)
        except Exception as exc:
            log.warning("game %s: its record could not be read back: %s", record.id, exc)
            return
        if stored is not None and stored.version == record.version:
            session.record = stored

    def _turn_page(self, session: Session, seat: int, source: Source, events: list[Event]) -> None:
        """After a stored move: a person's move says they have seen the page turn under way;
        a move that turns a page (`Game.page_turns`) of a game that goes on starts a pause for
        every person at the table."""
        if source == "human" and session.paused_for(seat):
            self._seen(session, seat)
        if session.record.status != "playing" or not any(
            event.kind in session.game.page_turns for event in events
        ):
            return
        people = {info.seat for info in session.record.seats if not info.is_cpu}
        if not people or not self.page_pause:
            return
        if session.pause is not None:
            session.pause.over.set()
        seconds = session.record.turn_seconds or self.page_pause
        session.pause = Pause(version=session.version, waiting=people, until=self.clock() + seconds)

    def _seen(self, session: Session, seat: int) -> None:
        """`seat` has seen the page turn; once everyone has, the pause is over."""
        pause = session.pause
        if pause is None:
            return
        pause.waiting.discard(seat)
        if not pause.waiting:
            self._end_pause(session)

    def _end_pause(self, session: Session) -> None:
        if session.pause is not None:
            session.pause.over.set()
            session.pause = None

    def page_seen(self, game_id: int, seat: int, version: int) -> bool:
        """`seat`'s player pressed Next on the page turned at `version`: whether that was the
        pause under way and the seat had not said so yet. The table and the hands then show it."""
        session = self._live.get(game_id)
        if session is None:
            return False
        pause = session.paused_for(seat)
        if pause is None or pause.version != version:
            return False
        self._seen(session, seat)
        self._publish(session)
        self.schedule(session)
        return True

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

    def _deadline_on_return(self, record: GameRecord, state: State, seat: int) -> float | None:
        """The turn deadline once `seat`'s player is back: a fresh one when the seat is to act
        (the deadline its CPU stand-in inherited may be nearly spent or already past, or there
        was none while only CPUs were to act), the current one otherwise."""
        if seat not in state.to_act():
            return record.deadline
        seconds = record.turn_seconds or state.phase_seconds()
        return self.clock() + seconds if seconds else None

    def cpu_level(self, session: Session, seat: int) -> str:
        return session.record.seats[seat].cpu_level or session.record.cpu_level

    async def cpu_decide(self, session: Session, seat: int) -> tuple[int, Action]:
        """`(version, action)`: the CPU move for `seat` in the game as stored now, decided in
        the process pool from its snapshot. Play it with `expected_version=version`."""
        record = session.record
        version = record.version
        question = Question(
            game_id=record.game,
            snapshot=session.state.snapshot(),
            seat=seat,
            level=self.cpu_level(session, seat),
            seed=record.seed,
            version=version,
            rollouts=self.expert_rollouts,
        )
        decision = await self.cpu_pool.decide(question)
        return version, session.game.Action.decode(decision.action)

    # -- moves stored by other processes -----------------------------------------------------

    def moved(self, game_id: int, version: int) -> None:
        """A process (this one included) stored `version` of a game: a copy here that is
        behind it is brought up to date, and republished if this process owns the game."""
        session = self._live.get(game_id)
        if session is None or self._closed or version <= session.record.version:
            return
        session.stored_version = max(session.stored_version, version)
        self._follow(session)

    def seats_changed(self, game_id: int) -> None:
        """A process (this one included) changed who holds a seat of a game, which stores no
        new version: a copy here adopts the stored record, its seats and turn deadline, under
        the game's lock (and is republished if this process owns the game and did not make
        the change itself)."""
        session = self._live.get(game_id)
        if session is None or self._closed:
            return
        session.recheck = True
        self._follow(session)

    def resync(self) -> None:
        """Moves and changes of seats may have been stored unheard (the store's listening
        connection was lost): compare every copy here with the store."""
        for session in list(self._live.values()):
            session.recheck = True
            self._follow(session)

    def _follow(self, session: Session) -> None:
        if session.follow_task is None or session.follow_task.done():
            session.follow_task = asyncio.create_task(
                self._follow_stored(session), name=f"follow-{session.id}"
            )

    async def _follow_stored(self, session: Session) -> None:
        try:
            while session.stale and self._live.get(session.id) is session and not self._closed:
                async with session.lock:
                    caught_up, reseated = (
                        await self._catch_up_locked(session) if session.stale else ([], False)
                    )
                self._after_catch_up(session, caught_up, reseated=reseated)
        except STORAGE_ERRORS as exc:
            log.warning("game %s: cannot catch up with the store: %s", session.id, exc)

    async def _catch_up_locked(self, session: Session) -> tuple[list[MoveOutcome], bool]:
        """Under the game's lock: bring this copy up to the stored game, applying the actions
        other processes stored to the live state (so its events and pings are known). With no
        move to catch up, the stored record is adopted as it is when who holds a seat, or the
        turn deadline, differs from this copy's: a seat changed hands elsewhere
        (`seats_changed`), and there is nothing to replay. Returns an outcome per move caught
        up, and whether the seats were adopted so."""
        # A NOTIFY heard from now on asks for another catch-up.
        session.stored_version = 0
        session.recheck = False
        record = await self.store.get(session.id)
        if record is None:
            return [], False
        held = session.record
        if record.version == held.version and record.status == held.status:
            if (record.seats, record.deadline) == (held.seats, held.deadline):
                return [], False
            session.record = record
            log.debug("game %s: seats adopted at version %s", session.id, record.version)
            return [], True
        outcomes: list[MoveOutcome] = []
        rows = [row for row in await self.store.actions(session.id) if row[0] > session.version]
        try:
            if [v for v, _, _ in rows] != list(range(session.version + 1, record.version + 1)):
                raise ValueError(f"{len(rows)} rows after version {session.version}")
            for version, seat, text in rows:
                before = session.state.to_act()
                events = session.state.apply(seat, session.game.Action.decode(text))
                session.moved(version, seat, events)
                new_turn = [s for s in session.state.to_act() if s not in before]
                outcomes.append(
                    MoveOutcome(
                        seat=seat,
                        version=version,
                        source="human",
                        events=events,
                        new_turn=session.human_seats(new_turn),
                    )
                )
            if record.snapshot is not None and session.state.snapshot() != record.snapshot:
                raise ValueError("the stored actions do not lead to the stored snapshot")
        except (IllegalAction, ValueError) as exc:
            log.warning("game %s: caught up from the stored snapshot (%s)", session.id, exc)
            if record.snapshot is not None:
                session.state = session.game.load(record.snapshot)
        session.record = record
        log.debug("game %s: caught up to version %s", session.id, record.version)
        return outcomes, False

    def _after_catch_up(
        self, session: Session, caught_up: list[MoveOutcome], *, reseated: bool = False
    ) -> None:
        """Outside the lock: publish the moves caught up (the owner), or the game once more
        when it ended elsewhere or its seats were adopted with no move (`reseated`); forget a
        game that ended, and let the CPU and timer of a game that goes on see its new state."""
        if not caught_up and not reseated and session.record.status == "playing":
            return
        for outcome in caught_up:
            self._publish(session, outcome)
        if not caught_up:
            self._publish(session)
        if session.record.status != "playing":
            self.forget(session.id)
        else:
            self.schedule(session)

    # -- CPU players and timers ------------------------------------------------------------

    def schedule(self, session: Session) -> None:
        """Make sure CPU seats to act will move, and that a running turn timer is armed."""
        if self._closed or session.record.status != "playing":
            return
        if self._live.get(session.id) is not session or not self.owns(session.record):
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

    def _in_play(self, session: Session) -> bool:
        return (
            not self._closed
            and session.record.status == "playing"
            and self._live.get(session.id) is session
        )

    async def _run_cpus(self, session: Session) -> None:
        """CPU turns of one game: wait for the game's turn in the shared budget, decide in the
        pool, then play like any move (after the human moves under way)."""
        while self._in_play(session):
            pause = session.pause
            if pause is not None:
                # A page turned: the people read its summary first (Next), or until its time.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(pause.over.wait(), max(0.0, pause.until - self.clock()))
                if session.pause is pause:
                    self._end_pause(session)
                    self._publish(session)
                continue
            watched = any(not seat.is_cpu for seat in session.record.seats)
            if watched and self.cpu_delay and self.publisher is not None:
                # People follow the table: each move is on it before the next is played, and
                # stays there `cpu_delay` seconds, so a burst of CPU moves reads one by one.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self.publisher.table_shows(session, session.version), TABLE_WAIT_SECONDS
                    )
            await asyncio.sleep(self.cpu_delay)
            if not session.cpu_seats(session.state.to_act()):
                return
            await self.cpu_turns.turn(watched=watched)
            seats = session.cpu_seats(session.state.to_act())
            if not await self._play_for(session, seats, "cpu", self._cpu_move):
                return

    async def _cpu_move(self, session: Session, seat: int) -> tuple[int, str]:
        """The CPU's decision for `seat`, once the human moves under way have gone first."""
        decided = await self.cpu_decide(session, seat)
        await self.cpu_turns.humans_first()
        return decided

    async def _run_timer(self, session: Session) -> None:
        """The turn timer of one game: when the deadline passes, each human still to act gets
        its timeout move (the engine's, or a CPU decision) played for them."""
        while self._in_play(session) and session.record.deadline is not None:
            delay = session.record.deadline - self.clock()
            if delay > 0:
                await asyncio.sleep(min(delay, 60))
                continue
            humans = session.human_seats(session.state.to_act())
            if not await self._play_for(session, humans, "timeout", self._timeout_move):
                return

    async def _timeout_move(self, session: Session, seat: int) -> tuple[int, str]:
        """The move played for a human whose turn timed out: the engine's, or a CPU's."""
        fallback = session.state.timeout_action(seat)
        if fallback is not None:
            return session.record.version, fallback
        return await self.cpu_decide(session, seat)

    async def _play_for(
        self,
        session: Session,
        seats: list[int],
        source: Source,
        choose: Callable[[Session, int], Awaitable[tuple[int, str]]],
    ) -> bool:
        """Play for the first of `seats` (those to act that the loop plays for) the move
        `choose` picks, `(version it was picked at, encoded action)`: a CPU's move, or a
        timed-out human's. False when the loop playing them should stop (no such seat is to
        act, the game is no longer in play here, or the move was illegal: it would be chosen
        again). A move not stored, or that failed otherwise, is tried again after a pause; a
        stale one at once, chosen anew."""
        if not seats or not self._in_play(session):
            return False
        seat = seats[0]
        try:
            version, action = await choose(session, seat)
            await self.play(session.id, seat, action, expected_version=version, source=source)
        except MoveRefused as exc:
            if exc.reason == "storage":
                log.warning("game %s: %s move not stored; retrying", session.id, source)
                await asyncio.sleep(STORAGE_RETRY_SECONDS)
            # `stale`: someone moved meanwhile; choose again for the new state.
        except IllegalAction as exc:
            log.error("game %s: the %s move was illegal (%s)", session.id, source, exc)
            return False
        except Exception:
            log.exception("game %s: a %s move failed; trying again", session.id, source)
            await asyncio.sleep(STORAGE_RETRY_SECONDS)
        return True

    async def restore(self) -> int:
        """After start-up: resume CPU moves and timers of every game in play, and publish the
        games whose table is behind (a stop between a move's commit and its publication left it
        showing an older state, whose controls are all stale) and the ends not yet published.
        Tables that already show their game's version are left alone. Returns the number of
        games in play.

        Clicks come first: the games are listed by id only (not thousands of records read and
        built at once before the first is loaded), and a human move under way goes before the
        next game is loaded, so a click right after a restart does not wait for the restore."""
        for game_id in await self.store.unpublished_ends():
            if self._closed:
                break
            try:
                session = await self._load(game_id, ended=True)
            except Exception:
                log.exception("finished game %s could not be loaded", game_id)
                continue
            if session is not None and self.owns(session.record):
                self._publish(session)
        behind = set(await self.store.tables_behind())
        count = 0
        for game_id, guild_id in await self.store.in_play():
            if self._closed:
                break
            if not self.owns_guild(guild_id):
                continue  # another process's game: loaded here only if a click needs it
            await self.cpu_turns.humans_first()
            try:
                session = await self.get(game_id)
            except Exception:
                log.exception("game %s could not be loaded", game_id)
                continue
            if session is not None:
                self.schedule(session)
                if game_id in behind:
                    self._publish(session)
                count += 1
        return count

    def live(self) -> list[Session]:
        """The games in memory now."""
        return list(self._live.values())

    async def close(self) -> None:
        """Stop every CPU and timer task (the database stays consistent: moves are atomic)."""
        self._closed = True
        tasks = [
            task
            for session in self._live.values()
            for task in (session.cpu_task, session.timer_task, session.follow_task)
            if task is not None and not task.done()
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(asyncio.CancelledError, Exception):
                await task
        self.cpu_turns.close()
        self.cpu_pool.close()
