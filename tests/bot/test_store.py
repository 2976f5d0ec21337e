"""Storage: migrations, one atomic statement per move, and no double writes.

The tests taking the `store` fixture run against both backends: SQLite (the default) and
PostgreSQL (`DATABASE_URL`, on a throwaway server; skipped, saying why, where PostgreSQL is not
installed). The others are about SQLite itself (its file, journal and single connection).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.storage import postgres
from bot.storage.migrations import migration_files
from bot.storage.postgres import PostgresStore
from bot.storage.records import DmHand, SeatRecord, StaleVersion, StoredHand
from bot.storage.sqlite import SqliteStore
from tests.bot.stored import (
    AnyStore,
    commit_stand_in,
    commit_stand_ins,
    create_lobby,
    playing_game,
    stand_in_move,
)


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AnyStore]:
    """A new empty store of each backend."""
    opened: AnyStore
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "db.sqlite3")
    else:
        opened = await PostgresStore.open(request.getfixturevalue("postgres_url"))
    yield opened
    await opened.close()


async def execute(store: AnyStore, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run raw SQL written with `?` placeholders on either backend; the rows it returns."""
    if isinstance(store, SqliteStore):
        return [tuple(row) for row in await store.db.execute_fetchall(sql, args)]
    numbered = iter(range(1, len(args) + 1))
    sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
    async with store.pool.acquire() as conn:
        return [tuple(row) for row in await conn.fetch(sql, *args)]


async def test_migrations_are_numbered_and_applied(tmp_path: Path) -> None:
    files = migration_files()
    assert [n for n, _, _ in files] == list(range(1, len(files) + 1))
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    assert await store.schema_version() == files[-1][0]
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()


async def test_upgrades_a_database_of_the_previous_schema(tmp_path: Path) -> None:
    """A database written by the previous schema version opens, migrates and keeps its data."""
    path = tmp_path / "old.sqlite3"
    files = migration_files()
    async with aiosqlite.connect(path) as db:
        for number, _, sql in files[:-1]:
            await db.executescript(sql)
            await db.execute(f"PRAGMA user_version = {number}")
        await db.commit()
    store = await SqliteStore.open(path)
    assert await store.schema_version() == files[-1][0]
    game_id = (await create_lobby(store)).id
    record = await store.get(game_id)
    assert record is not None and record.seats[0].name == "host"
    await store.close()


async def test_upgrades_a_postgres_database_of_the_previous_schema(postgres_url: str) -> None:
    """Likewise on PostgreSQL: a game in play stored by the previous schema plays on."""
    files = postgres.migration_files()
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute(
            "CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at DOUBLE PRECISION NOT NULL)"
        )
        for number, name, sql in files[:-1]:
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2, 0)", number, name)
        await conn.execute(
            "INSERT INTO games (game, status, guild_id, channel_id, host_id, language, seed, "
            "created_at, updated_at, snapshot) "
            "VALUES ('kasane', 'playing', 1, 2, 10, 'ja', 5, 0, 0, '{\"v\": 0}')"
        )
    finally:
        await conn.close()
    store = await PostgresStore.open(postgres_url)
    try:
        assert await store.schema_version() == files[-1][0]
        (record,) = await store.games(statuses=("playing",))
        stored = await commit_stand_in(store, record.id, 1, seat=0, action="a")
        assert (stored.version, stored.snapshot, stored.status) == (1, {"v": 1}, "playing")
    finally:
        await store.close()


async def test_commit_move_is_atomic_and_refuses_a_stale_version(store: AnyStore) -> None:
    game_id = (await create_lobby(store)).id
    await store.set_seats(
        game_id, [SeatRecord(0, "host", 10), SeatRecord(1, "CPU 1", None, "strong")]
    )
    started = await store.start_game(game_id, players=2, snapshot={"v": 0}, deadline=None)
    assert (started.status, started.version, started.snapshot) == ("playing", 0, {"v": 0})
    stored = await store.commit_move(
        game_id, version=1, seat=0, action="take.1", by_cpu=False, snapshot={"v": 1}, deadline=None
    )
    # The move's one store call hands back the game as stored after it.
    assert (stored.status, stored.version, stored.snapshot) == ("playing", 1, {"v": 1})
    with pytest.raises(StaleVersion):
        await commit_stand_in(store, game_id, 1, action="take.2", by_cpu=True, snapshot={"v": 9})
    record = await store.get(game_id)
    assert record is not None
    assert (record.version, record.snapshot) == (1, {"v": 1})
    assert await store.actions(game_id) == [(1, 0, "take.1")]
    stored = await store.commit_move(
        game_id,
        version=2,
        seat=1,
        action="pass",
        by_cpu=True,
        snapshot={"v": 2},
        deadline=None,
        result={"scores": [3, 4], "winners": [1]},
        status="finished",
    )
    assert stored.status == "finished" and not stored.end_published
    record = await store.get(game_id)
    assert record is not None and record.status == "finished" and not record.end_published
    assert (await store.result(game_id)) == {"scores": [3, 4], "winners": [1]}
    rows = await execute(
        store, "SELECT game, scores, winners FROM results WHERE game_id = ?", game_id
    )
    assert rows == [("kasane", "[3,4]", "[1]")]
    # A finished game takes no further move.
    with pytest.raises(StaleVersion):
        await store.commit_move(
            game_id, version=3, seat=0, action="x", by_cpu=False, snapshot={}, deadline=None
        )


async def test_a_move_that_fails_halfway_writes_nothing(store: AnyStore) -> None:
    """The move's statement is atomic: when its action row cannot be written (here a row of
    that version is already there), the version and snapshot it had updated are undone too."""
    game_id = await playing_game(store)
    await execute(
        store,
        "INSERT INTO actions (game_id, version, seat, action, created_at) VALUES (?, 1, 1, 'x', 0)",
        game_id,
    )
    with pytest.raises((aiosqlite.IntegrityError, asyncpg.UniqueViolationError)):
        await commit_stand_in(store, game_id, 1, seat=0, action="take.1", deadline=5.0)
    record = await store.get(game_id)
    assert record is not None
    assert (record.version, record.snapshot, record.deadline) == (0, {"v": 0}, None)
    assert await store.actions(game_id) == [(1, 1, "x")]


async def test_user_settings_default_and_update(store: AnyStore) -> None:
    assert await store.user_settings(7) == ("ephemeral", "en")
    await store.set_user_settings(7, "dm", "ja")
    assert await store.user_settings(7) == ("dm", "ja")


async def test_moves_of_several_games_at_once(store: AnyStore) -> None:
    """Moves of three games interleaved: each game's log is complete and in order."""
    games = [await playing_game(store) for _ in range(3)]
    await asyncio.gather(*(commit_stand_ins(store, game_id, 20) for game_id in games))
    for game_id in games:
        assert [v for v, _, _ in await store.actions(game_id)] == list(range(1, 21))
        record = await store.get(game_id)
        assert record is not None and record.snapshot == {"v": 20}


async def test_start_abandon_replace_and_the_tables_behind(store: AnyStore) -> None:
    game_id = await playing_game(store)
    with pytest.raises(StaleVersion):  # no longer a lobby
        await store.start_game(game_id, players=2, snapshot={}, deadline=None)
    replaced = await store.replace_seat(game_id, 1, "weak", "CPU (b)")
    assert replaced is not None and replaced.seats[1].is_cpu and replaced.seats[1].name == "CPU (b)"
    assert await store.tables_behind() == [game_id]
    await store.set_table_version(game_id, 0)
    assert await store.tables_behind() == []
    await store.commit_move(
        game_id, version=1, seat=0, action="a", by_cpu=False, snapshot={"v": 1}, deadline=None
    )
    assert await store.tables_behind() == [game_id]
    await store.set_table_version(game_id, 1)
    await store.set_table_version(game_id, 0)  # never goes back
    assert await store.tables_behind() == []
    abandoned = await store.abandon_game(game_id)
    assert abandoned is not None and abandoned.status == "abandoned"
    assert await store.abandon_game(game_id) is None
    assert await store.replace_seat(game_id, 0, "weak", "CPU") is None


async def test_a_seat_changing_hands_on_sqlite_is_one_statement_as_before(
    tmp_path: Path,
) -> None:
    """What a database shared by several processes needs to announce a change of seats costs
    one process on SQLite nothing: a seat given to a CPU is written by its one statement, with
    no transaction around it, and one taken back by the transaction it always had."""
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    game_id = await playing_game(store)
    statements: list[str] = []
    await store.db.set_trace_callback(statements.append)
    assert await store.replace_seat(game_id, 1, "weak", "CPU (b)") is not None
    assert [s.split()[0] for s in statements] == ["UPDATE", "SELECT", "SELECT"]
    statements.clear()
    assert await store.return_seat(game_id, 1, 11, deadline=None) is not None
    assert [s.split()[0] for s in statements] == [
        "BEGIN",
        "UPDATE",
        "UPDATE",
        "COMMIT",
        "SELECT",
        "SELECT",
    ]
    await store.close()


async def test_games_in_play_are_listed_by_id_and_guild(store: AnyStore) -> None:
    """What a restart lists before it loads each game: ids and guilds of the games in play."""
    lobby = (await create_lobby(store)).id
    first, second = await playing_game(store), await playing_game(store)
    await execute(store, "UPDATE games SET guild_id = ? WHERE id = ?", 7, second)
    finished = await playing_game(store)
    await commit_stand_in(
        store, finished, 1, status="finished", result={"scores": [1, 0], "winners": [0]}
    )
    assert await store.in_play() == [(first, 1), (second, 7)]
    assert lobby not in dict(await store.in_play())


async def test_concurrent_transactions_of_two_games_bug(tmp_path: Path) -> None:
    """One connection serves every game: moves of two games at once must not meet inside one
    transaction ("cannot start a transaction within a transaction"), and a write made while
    another game's transaction is open must not be undone by that transaction's rollback."""
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        games = [await playing_game(store) for _ in range(3)]
        await asyncio.gather(*(commit_stand_ins(store, game_id, 20) for game_id in games))
        for game_id in games:
            assert [v for v, _, _ in await store.actions(game_id)] == list(range(1, 21))

        class Refused(Exception):
            pass

        async def failing_move() -> None:
            async with store.transaction():
                await store.db.execute("UPDATE games SET deadline = 1 WHERE id = ?", (games[0],))
                await asyncio.sleep(0.05)
                raise Refused

        async def other_write() -> None:
            await asyncio.sleep(0.01)
            await store.update_game(games[1], table_message_id=77)

        with pytest.raises(Refused):
            await asyncio.gather(failing_move(), other_write())
        await asyncio.sleep(0.1)
        record = await store.get(games[1])
        assert record is not None and record.table_message_id == 77
    finally:
        await store.close()


async def test_the_log_is_checkpointed_in_the_background_not_by_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No move's commit copies the write-ahead log into the database (that made it wait for a
    file sync); the store's own checkpointer does, so the database file takes in the moves."""
    monkeypatch.setattr("bot.storage.sqlite.CHECKPOINT_SECONDS", 0.05)
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    try:
        async with store.db.execute("PRAGMA wal_autocheckpoint") as cur:
            assert (await cur.fetchone())[0] == 0
        game_id = await playing_game(store)
        before = path.stat().st_size
        for version in range(1, 201):
            await commit_stand_in(
                store, game_id, version, snapshot={"v": version, "pad": "x" * 2000}
            )
        await asyncio.sleep(0.3)
        # 200 actions and the last snapshot reached the database file while the store was open.
        assert path.stat().st_size > before + 8192
    finally:
        await store.close()
    assert not (tmp_path / "db.sqlite3-wal").exists() or (
        (tmp_path / "db.sqlite3-wal").stat().st_size == 0
    )


async def test_a_move_is_not_written_behind_a_slow_read_nor_lost_behind_a_lock(
    tmp_path: Path,
) -> None:
    """A move's write does not queue behind whatever the database thread is doing (here a
    read that takes a while): it is stored at once, on a connection of its own. While another
    connection holds the write lock, it waits for it instead, and is stored once it is free."""
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    other = await aiosqlite.connect(path, isolation_level=None)
    try:
        game_id = await playing_game(store)

        async def move(version: int) -> None:
            await store.write_move(game_id, **stand_in_move(version))

        slow = asyncio.create_task(
            store.db.execute_fetchall(
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) "
                "SELECT count(*) FROM n",
                (3_000_000,),
            )
        )
        await asyncio.sleep(0)  # the read is handed to the database thread first
        await move(1)
        assert not slow.done()  # stored while the read goes on
        async with other.execute("SELECT version FROM games WHERE id = ?", (game_id,)) as cur:
            assert await cur.fetchone() == (1,)
        assert [tuple(row) for row in await slow] == [(3_000_000,)]
        await other.execute("BEGIN IMMEDIATE")
        write = asyncio.create_task(move(2))
        await asyncio.sleep(0.3)
        assert not write.done()  # waits for the lock, neither refused nor lost
        await other.execute("COMMIT")
        await write
        record = await store.get(game_id)
        assert record is not None and (record.version, record.snapshot) == (2, {"v": 2})
        assert await store.actions(game_id) == [(1, 1, "a1"), (2, 0, "a2")]
    finally:
        await other.close()
        await store.close()


async def test_the_health_checks_test_write_leaves_no_stale_snapshot_behind(
    tmp_path: Path,
) -> None:
    """A move is written on the store's own connection right after the running bot's health
    check has begun its test write; the read and the write handed to the database thread
    meanwhile see that move and succeed. (The check read the schema version through a cursor
    left open between calls to that thread: the calls in between kept the snapshot it began
    with, so the game was read back one version behind, and the write failed at once with
    "database is locked".)"""
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    reached = [threading.Event(), threading.Event()]
    release = [threading.Event(), threading.Event()]

    def hold(number: int) -> int:
        """Holds the database thread until released: the order of its calls is the test's."""
        reached[number].set()
        release[number].wait()
        return number

    try:
        game_id = await playing_game(store)
        await store.db.create_function("hold", 1, hold)
        calls: list[asyncio.Task[Any]] = []
        for call in (
            store.db.execute_fetchall("SELECT hold(0)"),
            store.check_writable(),  # its first call, between the two holds
            store.db.execute_fetchall("SELECT hold(1)"),
            store.get(game_id),
            store.update_game(game_id, ping_message_id=7),
        ):
            calls.append(asyncio.create_task(call))
            await asyncio.sleep(0)  # each is handed to the database thread in this order
        release[0].set()
        while not reached[1].is_set():
            await asyncio.sleep(0.001)
        await store.write_move(game_id, **stand_in_move(1))
        release[1].set()
        _, _, _, read, _ = await asyncio.gather(*calls)
        assert read is not None and (read.version, read.snapshot) == (1, {"v": 1})
        stored = await store.get(game_id)
        assert stored is not None and stored.ping_message_id == 7
    finally:
        for event in release:
            event.set()
        await store.close()


async def test_games_are_listed_with_their_own_seats(store: AnyStore) -> None:
    """`games` filters by status, guild and channel (or thread), keeps only the newest when
    asked, lists oldest first, and gives each game its own seats in order."""
    here = await create_lobby(store, seats=[SeatRecord(0, "a", 1), SeatRecord(1, "b", 2)])
    elsewhere = await create_lobby(store, guild_id=9, channel_id=8)
    in_play = await playing_game(store)
    await store.update_game(in_play, thread_id=3)
    newest = await create_lobby(store, seats=[SeatRecord(0, "c", 3)])
    listed = await store.games()
    assert [g.id for g in listed] == [here.id, elsewhere.id, in_play, newest.id]
    assert [[s.name for s in g.seats] for g in listed] == [
        ["a", "b"],
        ["host"],
        ["host", "b"],
        ["c"],
    ]
    assert [g.id for g in await store.games(guild_id=1)] == [here.id, in_play, newest.id]
    assert [g.id for g in await store.games(channel_id=3)] == [in_play]
    assert [g.id for g in await store.games(statuses=("playing",), channel_id=2)] == [in_play]
    assert [g.id for g in await store.games(guild_id=1, newest=2)] == [in_play, newest.id]
    assert await store.games(statuses=("finished",)) == []


async def test_quota_counts_idle_lobbies_and_results(store: AnyStore) -> None:
    """What the quotas count, which lobbies have idled, and the results of finished games."""
    first = await create_lobby(store, seats=[SeatRecord(0, "host", 10), SeatRecord(1, "b", 11)])
    await create_lobby(store, channel_id=5)
    cpu_only = await create_lobby(store, seats=[SeatRecord(0, "CPU", None, "strong")])
    await store.start_game(cpu_only.id, players=1, snapshot={}, deadline=None)
    playing = await playing_game(store)
    counts = await store.open_counts(10, 2)
    assert (counts.channel_lobbies, counts.user_lobbies, counts.user_games) == (1, 2, 2)
    assert counts.channel_oldest_lobby == first.updated_at
    assert counts.user_oldest_lobby == first.updated_at
    counts = await store.open_counts(11, 5)
    assert (counts.channel_lobbies, counts.user_lobbies, counts.user_games) == (1, 1, 1)
    assert await store.idle_lobbies(first.updated_at) == []
    assert await store.idle_lobbies(time.time() + 1) == [first.id, first.id + 1]
    await commit_stand_in(
        store, playing, 1, status="finished", result={"scores": [4, 2], "winners": [0]}
    )
    assert await store.results([playing, first.id]) == {playing: ([4, 2], [0])}
    assert await store.results([]) == {}
    assert await store.unpublished_ends() == [playing]
    await store.update_game(playing, end_published=True)
    assert await store.unpublished_ends() == []


async def test_settings_pictures_and_languages_are_kept(store: AnyStore) -> None:
    """A client's language is remembered without changing the hand delivery; picture switches
    are on until switched off, per server and per player."""
    await store.remember_language(7, "ja")
    assert await store.user_settings(7) == ("ephemeral", "ja")
    await store.set_user_settings(7, "dm", "ja")
    await store.remember_language(7, "en")
    assert await store.user_settings(7) == ("dm", "en")
    assert await execute(store, "SELECT hand_delivery, language FROM user_settings") == [
        ("dm", "en")
    ]
    assert await store.guild_pictures(1) and await store.user_pictures(7)
    await store.set_guild_pictures(1, False)
    await store.set_user_pictures(7, False)
    assert not await store.guild_pictures(1) and await store.guild_pictures(2)
    assert not await store.user_pictures(7) and await store.user_pictures(8)
    await store.set_user_pictures(7, True)
    assert await store.user_pictures(7)


async def test_a_dm_hand_keeps_the_pick_it_shows(store: AnyStore) -> None:
    """A DM hand message keeps the pick it shows for confirmation (for the process after a
    restart): set with a new message, changed or dropped on that message only, and gone with
    the message a new one replaces."""
    game_id = await playing_game(store)
    pick = ("☑️ Pass 🟥3 🟦5?", "pass.3.5")
    assert await store.dm_hand(game_id, 1) is None
    await store.set_dm_hand_pick(game_id, 1, 30, pick)  # no DM hand yet: nothing to change
    assert await store.dm_hand(game_id, 1) is None
    await store.set_hand_message(game_id, 1, 20, 30)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, None)
    await store.set_dm_hand_pick(game_id, 1, 30, pick)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, pick)
    assert await store.hand_message(game_id, 1) == (20, 30)
    # A pick of another message (an older DM hand) changes nothing.
    await store.set_dm_hand_pick(game_id, 1, 29, None)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, pick)
    await store.set_dm_hand_pick(game_id, 1, 30, None)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, None)
    # A new message shows its own pick (or none): the old message's goes with it.
    await store.set_dm_hand_pick(game_id, 1, 30, pick)
    await store.set_hand_message(game_id, 1, 20, 31)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 31, None)
    await store.set_hand_message(game_id, 1, 20, 32, pick)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 32, pick)
    assert await store.dm_hand(game_id, 0) is None  # per seat
    await store.delete_hand_message(game_id, 1)
    assert await store.dm_hand(game_id, 1) is None


async def test_a_dm_hand_pick_read_before_an_edit_is_replaced_only_if_still_kept(
    store: AnyStore,
) -> None:
    """The publisher replaces the pick it read with the message (dropped: no longer legal)
    only if it is still the one kept: a click stored a newer one meanwhile, which stays."""
    game_id = await playing_game(store)
    old = ("☑️ Pass 🟥3 🟦5?", "pass.3.5")
    new = ("☑️ Pass 🟥4 🟦6?", "pass.4.6")
    await store.set_hand_message(game_id, 1, 20, 30, old)
    await store.set_dm_hand_pick(game_id, 1, 30, new, announce=True)  # a click meanwhile
    await store.replace_dm_hand_pick(game_id, 1, 30, old, None)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, new)
    await store.replace_dm_hand_pick(game_id, 1, 30, new, None)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, None)
    # None read: replaced only while none is kept.
    await store.replace_dm_hand_pick(game_id, 1, 30, None, old)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, old)
    await store.replace_dm_hand_pick(game_id, 1, 30, None, new)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, old)
    # Another message (an older DM hand): nothing changes.
    await store.replace_dm_hand_pick(game_id, 1, 29, old, None)
    assert await store.dm_hand(game_id, 1) == DmHand(20, 30, old)


async def test_hands_kept_and_a_seat_taken_back(store: AnyStore) -> None:
    """DM hand messages and live hands are kept per seat (replaced, then deleted); a player a
    CPU replaced takes their seat back once, with the new turn deadline."""
    game_id = await playing_game(store)
    assert await store.hand_message(game_id, 1) is None
    await store.set_hand_message(game_id, 1, 20, 30)
    await store.set_hand_message(game_id, 1, 20, 31)
    assert await store.hand_message(game_id, 1) == (20, 31)
    await store.delete_hand_message(game_id, 1)
    assert await store.hand_message(game_id, 1) is None
    hand = StoredHand(game_id, 0, "ja", 99, "secret", 40, 1000, ("pick?", "take.1"))
    await store.set_live_hand(hand)
    await store.set_live_hand(replace(hand, seat=1, created_at=1001.5, confirm=None))
    assert await store.live_hands() == [
        replace(hand, created_at=1000.0, guild_id=1),
        replace(hand, seat=1, created_at=1001.5, confirm=None, guild_id=1),
    ]
    await store.delete_live_hand(game_id, 0)
    assert [h.seat for h in await store.live_hands()] == [1]
    await store.replace_seat(game_id, 1, "strong", "CPU (b)")
    assert await store.return_seat(game_id, 1, 12, deadline=50) is None  # not their seat
    returned = await store.return_seat(game_id, 1, 11, deadline=50)
    assert returned is not None and returned.deadline == 50.0
    assert (returned.seats[1].user_id, returned.seats[1].name) == (11, "b")
    assert await store.return_seat(game_id, 1, 11, deadline=60) is None
