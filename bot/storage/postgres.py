"""Storage on PostgreSQL: `PostgresStore`, one database shared by several bot processes (asyncpg).

It holds the driver calls behind the queries of `bot.storage.queries.GameStore` (which the SQLite
backend, `bot.storage.sqlite.SqliteStore`, runs too), and what only a database shared by several
processes needs.

Chosen by `DATABASE_URL=postgresql://…` when several bot processes share one database. The
schema comes from the same numbered migrations in their PostgreSQL dialect
(`bot/storage/migrations/`, one file a migration for both backends), applied at start under an
advisory lock so two processes starting together apply each one once.

A move is still one statement (`INSERT INTO moves …`, migration 0005) checked against the
expected version. Its UPDATE of the game's row holds that row's lock until the statement
commits, so the database serialises one game's moves across processes: a second process storing
the same version waits, then finds the version moved on and gets `StaleVersion`. Every stored
move is announced on the `game_moves` channel (`LISTEN/NOTIFY`); `add_move_listener` hears the
moves of every process, this one's included, so a process can drop a copy that fell behind.
A click on a DM hand that a process other than the game's owner answered (DMs arrive on shard
0) is announced on `dm_hands` once its pick is stored (`add_dm_hand_listener`), so that the
owner, which edits that message after the game's moves, knows it changed. A change of who
holds a seat (`replace_seat`, `return_seat`) stores no new version, so it is announced on
`game_seats` (`add_seats_listener`): a process answering clicks on a game it holds a copy of
then reads who sits where again.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from functools import lru_cache
from typing import Any

import asyncpg

from bot.storage import migrations
from bot.storage.queries import GameStore, Reads, Row, Statements

log = logging.getLogger(__name__)

#: Key of the advisory lock held while migrations are applied (any constant shared by all
#: processes of the bot; it spells "kasane" in ASCII).
MIGRATION_LOCK = 0x6B6173616E65

#: The channel stored moves are announced on (payload `"<game id>:<version>"`, migration 0005).
MOVES_CHANNEL = "game_moves"
#: The channel a user's changed settings are announced on (payload: the user id).
SETTINGS_CHANNEL = "user_settings"
#: The channel clicks on DM hands are announced on (payload `"<game id>:<seat>"`).
DM_HANDS_CHANNEL = "dm_hands"
#: The channel changes of who holds a seat of a game in play are announced on (payload: the
#: game id).
SEATS_CHANNEL = "game_seats"

#: Pause before the listening connection is opened again after it was lost.
RELISTEN_SECONDS = 1.0

MoveListener = Callable[[int, int], None]
#: Called with `(game id, seat)`.
DmHandListener = Callable[[int, int], None]
#: Called with the game id.
SeatsListener = Callable[[int], None]


def migration_files() -> list[tuple[int, str, str]]:
    """`(number, name, sql)` of every PostgreSQL migration, in order."""
    return migrations.migration_files("postgres")


class PostgresStore(GameStore):
    """The bot's database on PostgreSQL. Create with `await PostgresStore.open(url)`."""

    SHARED = True

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self.pool = pool
        self.url = url
        self._move_listeners: list[MoveListener] = []
        self._dm_hand_listeners: list[DmHandListener] = []
        self._seats_listeners: list[SeatsListener] = []
        self._resync_listeners: list[Callable[[], None]] = []
        self._listener_ready = asyncio.Event()

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        opened = cls(pool, url)
        await opened.migrate()
        opened._background = asyncio.create_task(opened._listen(), name="pg-listen")
        await asyncio.wait_for(opened._listener_ready.wait(), 30)
        return opened

    async def _disconnect(self) -> None:
        await self.pool.close()

    # -- notifications -------------------------------------------------------------------

    def add_move_listener(self, listener: MoveListener) -> None:
        """Call `listener(game_id, version)` for every move any process stores."""
        self._move_listeners.append(listener)

    def add_dm_hand_listener(self, listener: DmHandListener) -> None:
        """Call `listener(game_id, seat)` for every click on a seat's DM hand message that a
        process announced (`set_dm_hand_pick(announce=True)`), once what it stored is there."""
        self._dm_hand_listeners.append(listener)

    def add_seats_listener(self, listener: SeatsListener) -> None:
        """Call `listener(game_id)` whenever any process (this one included) changes who holds
        a seat of a game in play, once the change is stored."""
        self._seats_listeners.append(listener)

    def add_resync_listener(self, listener: Callable[[], None]) -> None:
        """Call `listener()` after notifications may have been missed (the listening connection
        was lost and is back): whoever caches games must compare their versions again."""
        self._resync_listeners.append(listener)

    async def _listen(self) -> None:
        """Keep one connection listening; when it is lost, open another and ask for a resync."""
        first = True
        while True:
            lost = asyncio.Event()
            try:
                conn: asyncpg.Connection = await asyncpg.connect(self.url)
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("cannot listen for moves (%s); trying again", exc)
                await asyncio.sleep(RELISTEN_SECONDS)
                continue
            try:
                conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
                await conn.add_listener(MOVES_CHANNEL, self._on_move)
                await conn.add_listener(SETTINGS_CHANNEL, self._on_settings)
                await conn.add_listener(DM_HANDS_CHANNEL, self._on_dm_hand)
                await conn.add_listener(SEATS_CHANNEL, self._on_seats)
                self._listener_ready.set()
                if not first:
                    self._user_settings.clear()
                    for resync in self._resync_listeners:
                        resync()
                first = False
                await lost.wait()
                log.warning("the connection listening for moves was lost; listening again")
            finally:
                with suppress(Exception):
                    await asyncio.wait_for(conn.close(), 5)
            await asyncio.sleep(RELISTEN_SECONDS)

    @staticmethod
    def _tell(listeners: list[Callable[..., None]], what: str, *numbers: int) -> None:
        """Call each of `listeners` with `numbers`; one that fails is logged (as a `what`
        listener) and the others are still called."""
        for listener in listeners:
            try:
                listener(*numbers)
            except Exception:
                log.exception("a %s listener failed", what)

    def _on_move(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        game_id, _, version = payload.partition(":")
        self._tell(self._move_listeners, "move", int(game_id), int(version))

    def _on_dm_hand(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        game_id, _, seat = payload.partition(":")
        self._tell(self._dm_hand_listeners, "DM hand", int(game_id), int(seat))

    def _on_seats(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        self._tell(self._seats_listeners, "seats", int(payload))

    def _on_settings(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        with suppress(ValueError):
            self._user_settings.pop(int(payload), None)

    # -- schema --------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
            if not exists:
                return 0
            number = await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
            return int(number)

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction, while
        holding an advisory lock (processes starting together apply each migration once)."""
        async with self.pool.acquire() as conn:
            for number, name, sql in migration_files():
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY "
                        "KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
                    )
                    done = await conn.fetchval(
                        "SELECT 1 FROM schema_migrations WHERE number = $1", number
                    )
                    if done:
                        continue
                    log.info("applying migration %s", name)
                    await conn.execute(sql)
                    await conn.execute(
                        "INSERT INTO schema_migrations (number, name, applied_at) "
                        "VALUES ($1, $2, $3)",
                        number,
                        name,
                        time.time(),
                    )

    async def check_writable(self) -> None:
        """A test write that changes nothing; raises when the database takes no writes (a
        read-only server or transaction refuses even an update of no row)."""
        async with self.pool.acquire() as conn:
            await conn.execute("UPDATE games SET id = id WHERE false")

    # -- driver calls ---------------------------------------------------------------------

    async def _row(self, sql: str, *args: Any) -> Row | None:
        return await self.pool.fetchrow(numbered(sql), *args)

    async def _rows(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.pool.fetch(numbered(sql), *args))

    async def _run(self, sql: str, *args: Any) -> None:
        await self.pool.execute(numbered(sql), *args)

    async def _count(self, sql: str, *args: Any) -> int:
        return changed_rows(await self.pool.execute(numbered(sql), *args))

    @asynccontextmanager
    async def _atomic(self) -> AsyncIterator[Statements]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield _PostgresStatements(conn)

    @asynccontextmanager
    async def _reads(self, db: object = None) -> AsyncIterator[Reads]:
        async with self.pool.acquire() as conn:
            yield _PostgresStatements(conn)

    async def _settings_changed(self, tx: Statements, user_id: int) -> None:
        """Announce it on `SETTINGS_CHANNEL` (when the transaction commits): every process
        forgets what it kept of the user's settings."""
        await tx.run("SELECT pg_notify(?, ?)", SETTINGS_CHANNEL, str(user_id))

    async def _dm_hand_changed(self, tx: Statements, game_id: int, seat: int) -> None:
        """Announce it on `DM_HANDS_CHANNEL`: delivered when the transaction commits, so a
        listener that reads the seat's DM hand then finds what the click stored."""
        await tx.run("SELECT pg_notify(?, ?)", DM_HANDS_CHANNEL, f"{game_id}:{seat}")

    async def _seats_changed(self, tx: Statements, game_id: int) -> None:
        """Announce it on `SEATS_CHANNEL`: delivered when the transaction commits, so a
        listener that reads the game then finds the seats as changed."""
        await tx.run("SELECT pg_notify(?, ?)", SEATS_CHANNEL, str(game_id))

    async def _lock_ratings(self, tx: Statements, guild_id: int, game: str) -> None:
        """Two processes ending games of one server's title wait for each other (an advisory
        lock held until the transaction ends), so each reads the ratings the other wrote."""
        await tx.run("SELECT pg_advisory_xact_lock(hashtext(?))", f"ratings:{guild_id}:{game}")

    async def _lock_records(self, tx: Statements) -> None:
        """Every game's end, and every read of the ratings, waits for the recompute."""
        await tx.rows("LOCK TABLE seat_records, ratings IN ACCESS EXCLUSIVE MODE")


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """A statement written with `?` placeholders (see `GameStore`) in PostgreSQL's numbered
    ones: the n-th `?` becomes `$n` (no statement of the store has a `?` inside a string)."""
    numbers = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


def changed_rows(status: str) -> int:
    """How many rows a statement changed, from its status (`"UPDATE 1"`, `"INSERT 0 1"`)."""
    return int(status.rpartition(" ")[2])


class _PostgresStatements:
    """`Statements` on one connection of the pool: inside a transaction, or for reads only
    (`Reads`)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def row(self, sql: str, *args: Any) -> Row | None:
        return await self.conn.fetchrow(numbered(sql), *args)

    async def rows(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *args))

    async def run(self, sql: str, *args: Any) -> int:
        return changed_rows(await self.conn.execute(numbered(sql), *args))

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(sql), rows)

    async def insert(self, sql: str, *args: Any) -> int:
        return int(await self.conn.fetchval(numbered(sql) + " RETURNING id", *args))
