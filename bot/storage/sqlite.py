"""Storage on SQLite: `SqliteStore`, the bot's database in one file (aiosqlite, WAL).

The queries are `bot.storage.queries.GameStore`'s; this module holds SQLite's driver calls, its
migrations (`PRAGMA user_version`), the fast path for a move's write (`SqliteStore._store_move`)
and the write-ahead log's checkpoints in the background.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.migrations import migration_files, sqlite_statements
from bot.storage.queries import MOVE_SQL, GameStore, Reads, Row, Statements

log = logging.getLogger(__name__)

#: How often the write-ahead log is checkpointed, in seconds (see
#: `SqliteStore._checkpoint_regularly`).
CHECKPOINT_SECONDS = 1.0


class _SqliteStatements:
    """`Statements` on a SQLite connection: the store's inside its `transaction()`, or for
    reads only (`Reads`), the store's or a reader's own."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    # A read is one call to the database thread (`execute_fetchall`): a cursor's execute,
    # fetch and close would be three, each a round trip through the event loop. Every query
    # read with `row` selects at most one row (by key, or an aggregate).

    async def row(self, sql: str, *args: Any) -> Row | None:
        return next(iter(await self.db.execute_fetchall(sql, args)), None)

    async def rows(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.db.execute_fetchall(sql, args))

    async def run(self, sql: str, *args: Any) -> int:
        cursor = await self.db.execute(sql, args)
        return cursor.rowcount

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)

    async def insert(self, sql: str, *args: Any) -> int:
        cursor = await self.db.execute(sql, args)
        assert cursor.lastrowid is not None
        return cursor.lastrowid


class SqliteStore(GameStore):
    """The bot's database on SQLite. Create with `await SqliteStore.open(path)`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        super().__init__()
        self.db = db
        #: One connection serves every game: a statement run while another coroutine's
        #: transaction is open would become part of that transaction. Transactions hold this
        #: lock; single statements only wait for it (see `_write`).
        self._writing = asyncio.Lock()
        #: A second connection to the same file, for a move's write on the event loop's own
        #: thread when the database is free (`_store_move`); None for a database in memory.
        #: Because of it, every read of `db` is one call to its thread (`execute_fetchall`):
        #: a cursor left open across calls keeps a snapshot of the database, so the reads
        #: and writes handed over meanwhile would not see the moves written here since (and
        #: the writes would fail at once, "database is locked").
        self._direct: sqlite3.Connection | None = None

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db)
            await store.migrate()
        except BaseException:
            # aiosqlite's thread would otherwise keep the process alive after the failure.
            await db.close()
            raise
        if str(path) != ":memory:":
            # Left to itself, SQLite checkpoints inside whichever commit fills the log past
            # 1,000 pages: that move waited several milliseconds for pages to be copied and
            # the file synced. Checkpoints are made in the background instead.
            await db.execute("PRAGMA wal_autocheckpoint=0")
            store._direct = _direct_connection(path)
            store._background = asyncio.create_task(
                store._checkpoint_regularly(path), name="wal-checkpoint"
            )
        return store

    async def _disconnect(self) -> None:
        if self._direct is not None:
            direct, self._direct = self._direct, None
            direct.close()
        await self.db.close()  # the last connection to close checkpoints what is left

    async def _store_move(self, *args: Any) -> None:
        """A move's write, the one the click's answer waits for. When no transaction of the
        store is open and no other connection holds SQLite's write lock, it is made at once on
        the event loop's own thread (`_direct`): a single statement into the write-ahead log,
        with no checkpoint and no fsync (`synchronous=NORMAL`), about a tenth of a millisecond,
        where a call to aiosqlite's thread costs as much again in handing over and waking the
        loop. When the database is busy, it never waits there (`busy_timeout=0`): the write
        goes to aiosqlite's thread as any other (`_write`), which waits for the lock."""
        if self._direct is not None and not self._writing.locked():
            try:
                self._direct.execute(MOVE_SQL, args)
                return
            except sqlite3.OperationalError as exc:
                code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # (none: not SQLite's own)
                if code not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                    raise
        await self._write(MOVE_SQL, args)

    async def _checkpoint_regularly(self, path: Path) -> None:
        """Copy the write-ahead log into the database every `CHECKPOINT_SECONDS`, from a
        connection (and so a thread) of its own: a passive checkpoint never blocks the moves
        being written meanwhile, and they never wait for it."""
        async with aiosqlite.connect(path, isolation_level=None) as db:
            await db.execute("PRAGMA busy_timeout=5000")
            while True:
                await asyncio.sleep(CHECKPOINT_SECONDS)
                try:
                    async with db.execute("PRAGMA wal_checkpoint(PASSIVE)") as cursor:
                        await cursor.fetchall()
                except sqlite3.Error as exc:
                    log.warning("checkpoint failed (the log keeps the data): %s", exc)

    async def schema_version(self) -> int:
        row = await self._row("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction."""
        current = await self.schema_version()
        for number, name, sql in migration_files():
            if number <= current:
                continue
            log.info("applying migration %s", name)
            async with self.transaction():
                for statement in sqlite_statements(sql):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")

    async def check_writable(self) -> None:
        """A test write that changes nothing (the schema version written back as it is);
        raises when the database cannot be written to (see `bot.health`)."""
        await self._write(f"PRAGMA user_version = {await self.schema_version()}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """`BEGIN IMMEDIATE` … `COMMIT`, rolled back on any error (a failed COMMIT included).
        Other writes wait until it ends."""
        async with self._writing:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                await self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                raise

    async def _write(self, sql: str, args: Sequence[Any] = ()) -> None:
        """One statement that changes data, outside any other coroutine's transaction.

        A single statement is atomic by itself, so such writes need not wait for each other:
        aiosqlite's thread runs them in the order they are handed over, one after another,
        without a round trip to the event loop in between (under load, that round trip was what
        made moves queue). Only while a `transaction()` is open does a statement wait, since it
        would otherwise become part of that transaction."""
        if self._writing.locked():
            async with self._writing:
                await self.db.execute(sql, args)
        else:
            # Handed to the database thread before this coroutine can be suspended, so it
            # runs before the BEGIN of any transaction that starts after it.
            await self.db.execute(sql, args)

    # -- driver calls ---------------------------------------------------------------------

    async def _row(self, sql: str, *args: Any) -> Row | None:
        return await _SqliteStatements(self.db).row(sql, *args)

    async def _rows(self, sql: str, *args: Any) -> list[Row]:
        return await _SqliteStatements(self.db).rows(sql, *args)

    async def _run(self, sql: str, *args: Any) -> None:
        await self._write(sql, args)

    async def _count(self, sql: str, *args: Any) -> int:
        async with self._atomic() as tx:
            return await tx.run(sql, *args)

    @asynccontextmanager
    async def _atomic(self) -> AsyncIterator[Statements]:
        async with self.transaction():
            yield _SqliteStatements(self.db)

    @asynccontextmanager
    async def _reads(self, db: aiosqlite.Connection | None = None) -> AsyncIterator[Reads]:
        yield _SqliteStatements(db or self.db)


def _direct_connection(path: Path) -> sqlite3.Connection:
    """`SqliteStore._direct`: the store's settings, but never waiting for the write lock, and
    never checkpointing (the store does that in the background)."""
    direct = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    for pragma in (
        "synchronous=NORMAL",
        "foreign_keys=ON",
        "busy_timeout=0",
        "wal_autocheckpoint=0",
    ):
        direct.execute(f"PRAGMA {pragma}")
    return direct
