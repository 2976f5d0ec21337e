"""Live sessions without Discord: CPU games run to the end, persist every move, and survive a
restart with the same outcome; on PostgreSQL, a seat changing hands reaches every process's
copy of the game."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.publish import compose
from bot.publish.publisher import Publisher
from bot.session import MoveRefused, Session
from bot.sessions import Sessions
from bot.storage.postgres import PostgresStore
from bot.storage.queries import GameStore
from bot.storage.records import GameRecord, SeatRecord
from bot.storage.sqlite import SqliteStore
from games import registry
from tests.bot.stored import create_lobby


async def cpu_game(store: SqliteStore, players: int, seed: int) -> int:
    seats = [
        SeatRecord(i, f"CPU {i + 1}", None, "random" if i else "strong") for i in range(players)
    ]
    record = await create_lobby(store, seats=seats, host_name="CPU 1", language="en", seed=seed)
    return record.id


async def human_game(
    store: GameStore, game: str, *, seed: int, turn_seconds: int = 0
) -> GameRecord:
    """A stored lobby of three human seats, ready to start."""
    return await create_lobby(
        store,
        game=game,
        seats=[SeatRecord(i, f"P{i}", 10 + i) for i in range(3)],
        host_name="P0",
        language="en",
        seed=seed,
        cpu_level="random",
        turn_seconds=turn_seconds,
    )


def publish_to(sessions: Sessions, store: GameStore, discord: Any) -> Publisher:
    """A publisher of `sessions`'s games to `discord` (a stand-in for discord.py's client),
    with the default settings, handed to the service."""
    publisher = Publisher(
        store,
        discord,
        repost_minutes=lambda: 55,
        hand_lifetime=lambda: 840.0,
        owns=sessions.owns,
    )
    sessions.publisher = publisher
    return publisher


async def run_until(store: SqliteStore, game_id: int, predicate, timeout: float = 60) -> None:
    async def poll() -> None:
        while True:
            record = await store.get(game_id)
            if record is not None and predicate(record):
                return
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


async def play_through(
    tmp_path: Path,
    name: str,
    seed: int,
    stop_at: int | None,
    between: Callable[[Path], Awaitable[None]] | None = None,
) -> dict:
    """A three-CPU kasane game played to the end (stopped at `stop_at` and restored from the
    file, after `between` did what it does to the file) and checked against its replay."""
    path = tmp_path / name
    store = await SqliteStore.open(path)
    game_id = await cpu_game(store, 3, seed)
    sessions = Sessions(store, cpu_delay=0)
    record = await store.get(game_id)
    assert record is not None
    await sessions.start(record)
    if stop_at is not None:
        await run_until(store, game_id, lambda r: r.version >= stop_at)
        await sessions.close()
        await store.close()
        if between is not None:
            await between(path)
        # A new process: new store and sessions on the same file.
        store = await SqliteStore.open(path)
        sessions = Sessions(store, cpu_delay=0)
        assert await sessions.restore() == 1
    await run_until(store, game_id, lambda r: r.status == "finished")
    record = await store.get(game_id)
    result = await store.result(game_id)
    actions = await store.actions(game_id)
    await sessions.close()
    await store.close()
    assert record is not None and result is not None
    game = registry.get("kasane")
    replayed = game.replay(3, seed, {}, [(seat, text) for _, seat, text in actions])
    assert replayed.snapshot() == record.snapshot
    assert replayed.result().model_dump(mode="json") == result
    assert [v for v, _, _ in actions] == list(range(1, len(actions) + 1))
    return {"result": result, "actions": actions}


async def test_cpu_game_runs_to_the_end_and_replays(tmp_path: Path) -> None:
    outcome = await play_through(tmp_path, "a.sqlite3", seed=11, stop_at=None)
    assert len(outcome["result"]["scores"]) == 3
    assert outcome["result"]["winners"]


async def test_restart_mid_game_gives_the_same_game(tmp_path: Path) -> None:
    straight = await play_through(tmp_path, "b.sqlite3", seed=23, stop_at=None)
    restarted = await play_through(tmp_path, "c.sqlite3", seed=23, stop_at=10)
    assert restarted["actions"] == straight["actions"]
    assert restarted["result"] == straight["result"]


async def test_turn_timer_plays_for_an_absent_human(tmp_path: Path) -> None:
    """When a human's deadline passes, a CPU move is played for them and the next turn gets a
    fresh deadline."""
    now = [1000.0]
    store = await SqliteStore.open(tmp_path / "timer.sqlite3")
    record = await human_game(store, "kasane", seed=3, turn_seconds=30)
    sessions = Sessions(store, cpu_delay=0, clock=lambda: now[0])
    session = await sessions.start(record)
    assert session.record.deadline == 1030.0
    sessions.schedule(session)
    await asyncio.sleep(0.05)
    assert session.version == 0  # not yet
    now[0] = 1031.0
    session.timer_task.cancel()  # wake the timer at once instead of after its sleep
    await asyncio.sleep(0)
    sessions.schedule(session)
    await run_until(store, record.id, lambda r: r.version >= 1, timeout=5)
    stored = await store.get(record.id)
    assert stored is not None and stored.deadline is not None and stored.deadline >= 1031.0
    rows = await store.db.execute_fetchall(
        "SELECT by_cpu FROM actions WHERE game_id = ? ORDER BY version", (record.id,)
    )
    assert rows[0][0] == 1
    # The log marks the move as the timer's, not the player's own.
    await run_until(store, record.id, lambda r: session.version >= 1, timeout=5)
    assert session.stand_ins == {1: 0}
    log = compose.table_payload(session).embeds[0].to_dict()["fields"][-1]["value"]
    assert "• ⏰ P0 took row" in log, log
    await sessions.close()
    await store.close()


async def test_simultaneous_choices_do_not_make_each_other_stale(tmp_path: Path) -> None:
    """In a simultaneous phase a control stays valid while only other seats move; it turns
    stale once its own seat has moved, and in a sequential phase as soon as anything moved."""
    from bot.session import MoveRefused

    store = await SqliteStore.open(tmp_path / "pass.sqlite3")
    record = await human_game(store, "irobae", seed=9, turn_seconds=0)
    sessions = Sessions(store, cpu_delay=0)
    session = await sessions.start(record)
    state = session.state
    assert sorted(state.to_act()) == [0, 1, 2]
    choice = {seat: state.legal_actions(seat)[0] for seat in range(3)}
    await sessions.play(session.id, 0, choice[0], expected_version=0)
    # Seat 1's control was made at version 0; only seat 0 moved since.
    await sessions.play(session.id, 1, choice[1], expected_version=0)
    with pytest.raises(MoveRefused):
        await sessions.play(session.id, 0, choice[0], expected_version=0)
    await sessions.play(session.id, 2, choice[2], expected_version=1)
    # The pass resolved: play is sequential now, and an old version is stale.
    seat = session.state.to_act()[0]
    with pytest.raises(MoveRefused):
        await sessions.play(
            session.id, seat, session.state.legal_actions(seat)[0], expected_version=2
        )
    assert session.version == 3
    await sessions.close()
    await store.close()


async def test_restore_publishes_games_left_behind_by_a_crash_bug(tmp_path: Path) -> None:
    """A stop between a move's commit and its publication leaves the table at an older
    version, whose controls are all stale; with a human to act nothing would ever update it.
    After a restart the games whose table is behind are published as stored, and only those:
    a table known to show its game's version is left alone."""
    path = tmp_path / "crash.sqlite3"
    store = await SqliteStore.open(path)
    record = await human_game(store, "kasane", seed=3, turn_seconds=0)
    current = await human_game(store, "kasane", seed=4, turn_seconds=0)
    sessions = Sessions(store, cpu_delay=0)
    for game in (record, current):
        session = await sessions.start(game)
        seat = session.state.to_act()[0]
        await sessions.play(session.id, seat, session.state.legal_actions(seat)[0])
    # The second game's table was published; the process stops before the first one's was.
    await store.set_table_version(current.id, 1)
    await sessions.close()
    await store.close()

    published: list[tuple[int, int]] = []

    class Publisher:
        def publish(self, session: Session, outcome: object = None, **_: object) -> None:
            published.append((session.id, session.version))

    store = await SqliteStore.open(path)
    sessions = Sessions(store, cpu_delay=0)
    sessions.publisher = Publisher()
    assert await sessions.restore() == 2
    for _ in range(100):
        if published:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    assert published == [(record.id, 1)]
    await sessions.close()
    await store.close()


async def test_restore_publishes_an_end_left_behind_by_a_crash_bug(tmp_path: Path) -> None:
    """A stop between a game's last move and the publication of its end left the players
    without the final table and breakdown, for good: finished games were never restored.
    The last move marks the end unpublished; after a restart it is published."""

    path = tmp_path / "end.sqlite3"
    store = await SqliteStore.open(path)
    game_id = await cpu_game(store, 3, seed=8)
    sessions = Sessions(store, cpu_delay=0)  # no publisher: nothing reaches Discord
    record = await store.get(game_id)
    assert record is not None
    sessions.schedule(await sessions.start(record))
    await run_until(store, game_id, lambda r: r.status == "finished")
    await sessions.close()
    assert await store.unpublished_ends() == [game_id]
    await store.close()

    published: list[tuple[int, str]] = []
    sending: set[asyncio.Future[None]] = set()

    class Publisher:
        def publish(self, session: Session, outcome: object = None, **_: object) -> None:
            published.append((session.id, session.record.status))
            sending.add(
                asyncio.ensure_future(session_store.update_game(session.id, end_published=1))
            )

    store = session_store = await SqliteStore.open(path)
    sessions = Sessions(store, cpu_delay=0)
    sessions.publisher = Publisher()
    assert await sessions.restore() == 0
    await run_until(store, game_id, lambda r: r.end_published)
    assert published == [(game_id, "finished")]
    assert await store.unpublished_ends() == []
    await sessions.close()
    await store.close()


async def until(predicate: Callable[[], bool], timeout: float = 20) -> None:
    """Wait until `predicate()` holds (failing after `timeout` seconds, should it never)."""

    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


class Published:
    """A publisher that notes the seats each game was handed over with."""

    def __init__(self) -> None:
        self.seats: list[list[str]] = []

    def publish(self, session: Session, outcome: object = None, **_: object) -> None:
        self.seats.append([seat.name for seat in session.record.seats])


@asynccontextmanager
async def two_processes(
    postgres_url: str, clock: Callable[[], float], *, other_hears_seats: bool = True
) -> AsyncIterator[tuple[Sessions, Sessions]]:
    """The sessions of the process owning the games and of another, each on a store of its
    own on one PostgreSQL database and listening as `bot.client` wires them (the other one
    not for changes of seats unless `other_hears_seats`). CPUs wait: none moves meanwhile."""
    owner = Sessions(await PostgresStore.open(postgres_url), cpu_delay=3600, clock=clock)
    other = Sessions(
        await PostgresStore.open(postgres_url),
        cpu_delay=3600,
        clock=clock,
        owns_guild=lambda guild_id: False,
    )
    for sessions in (owner, other):
        store = sessions.store
        assert isinstance(store, PostgresStore)
        store.add_move_listener(sessions.moved)
        if sessions is owner or other_hears_seats:
            store.add_seats_listener(sessions.seats_changed)
        store.add_resync_listener(sessions.resync)
    try:
        yield owner, other
    finally:
        for sessions in (owner, other):
            await sessions.close()
            await sessions.store.close()


async def test_a_seat_changing_hands_reaches_another_processs_copy(postgres_url: str) -> None:
    """The owner gives the seat to act to a CPU, then its player takes it back: no move, no
    new version. The other process's copy of the game (which answers DM clicks) takes the
    stored seats and deadline each time, replaying nothing: the player's move there is refused
    while the CPU holds the seat, and accepted once they are back."""
    now = [1000.0]
    async with two_processes(postgres_url, lambda: now[0]) as (owner, other):
        record = await human_game(owner.store, "kasane", seed=3, turn_seconds=30)
        session = await owner.start(record)
        copy = await other.get(record.id)
        assert copy is not None
        state = copy.state
        (seat,) = session.state.to_act()
        action = session.state.legal_actions(seat)[0]
        assert await owner.replace(record.id, seat) is not None
        await until(lambda: copy.record.seats[seat].is_cpu)
        assert copy.record.seats == session.record.seats
        assert copy.record.seats[seat].name == f"CPU (P{seat})"
        assert copy.version == 0 and copy.state is state  # nothing replayed
        with pytest.raises(MoveRefused) as refused:
            await other.play(record.id, seat, action, expected_version=0)
        assert refused.value.reason == "stale"
        assert await other.store.actions(record.id) == []
        now[0] = 1010.0
        assert await owner.return_seat(record.id, seat, 10 + seat) is not None
        await until(lambda: not copy.record.seats[seat].is_cpu)
        assert copy.record.seats == session.record.seats
        assert copy.record.deadline == session.record.deadline == 1040.0
        assert copy.version == 0 and copy.state is state
        outcome = await other.play(record.id, seat, action, expected_version=0)
        assert outcome.version == 1
        assert await owner.store.actions(record.id) == [(1, seat, action.encode())]


async def test_seats_changed_elsewhere_are_republished_and_compared_after_a_resync(
    postgres_url: str,
) -> None:
    """A seat another process gives to a CPU is taken by the owner's copy, which republishes
    the game (a change it makes itself is published once, not again when it hears of it).
    A process that missed the announcement (its listening connection was lost) compares the
    seats with the store when asked to resync, and takes them."""
    now = [1000.0]
    async with two_processes(postgres_url, lambda: now[0], other_hears_seats=False) as (
        owner,
        other,
    ):
        published = Published()
        owner.publisher = published
        heard: list[int] = []
        assert isinstance(owner.store, PostgresStore)
        owner.store.add_seats_listener(heard.append)  # after the owner's sessions
        record = await human_game(owner.store, "kasane", seed=3, turn_seconds=30)
        session = await owner.start(record)
        copy = await other.get(record.id)
        assert copy is not None
        assert published.seats == [["P0", "P1", "P2"]]
        assert await other.replace(record.id, 1) is not None
        await until(lambda: len(published.seats) == 2)
        assert published.seats[1] == ["P0", "CPU (P1)", "P2"]
        assert session.record.seats == copy.record.seats
        assert await owner.return_seat(record.id, 1, 11) is not None
        assert published.seats[2:] == [["P0", "P1", "P2"]]
        assert copy.record.seats[1].is_cpu  # not heard
        other.resync()
        await until(lambda: not copy.record.seats[1].is_cpu)
        assert copy.record.seats == session.record.seats and copy.version == 0
        # The owner hears of its own changes too, and finds nothing new to publish.
        await until(lambda: len(heard) == 2)
        assert session.follow_task is not None
        await session.follow_task
        assert len(published.seats) == 3
