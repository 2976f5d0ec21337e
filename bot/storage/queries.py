"""Storage queries: `GameStore`, the interface both backends implement, with every shared query.

Each query is written once with `?` placeholders, in SQL both SQLite and PostgreSQL run (the
PostgreSQL store numbers the placeholders); a backend (`bot.storage.sqlite.SqliteStore`,
`bot.storage.postgres.PostgresStore`) supplies its driver calls and what is its own: opening,
migrating, `check_writable`.

A move is stored by `write_move` in one statement, atomic by itself: the action row (its primary
key `(game_id, version)` makes a second write of the same version impossible), the new snapshot
and the new version. The bot answers Discord only after it is committed.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager, suppress
from typing import Any, Protocol

import asyncpg

from bot.storage import ratings
from bot.storage.ratings import Board, BoardEntry, RatingChange, Skill, TitleStats, player_key
from bot.storage.records import (
    MUTABLE_COLUMNS,
    SEAT_COLUMNS,
    DmHand,
    GameRecord,
    OpenCounts,
    SeatRecord,
    StaleVersion,
    StoredHand,
    dumps,
    game_record,
    loads,
    seat_record,
    valid_id,
)

#: The one statement that stores a move (see `write_move` and migration 0005's `moves` view;
#: its trigger raises "stale version" when the game is not at the version before it).
MOVE_SQL = (
    "INSERT INTO moves (game_id, version, seat, action, by_cpu, created_at, status, snapshot, "
    "deadline, scores, winners, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

#: The settings tables holding a `pictures` switch, with the column each is keyed on.
PICTURE_SWITCHES = {"guild_settings": "guild_id", "user_settings": "user_id"}


def _real(value: float | None) -> float | None:
    """A time for a `REAL` / `DOUBLE PRECISION` column (PostgreSQL's driver takes no int)."""
    return None if value is None else float(value)


#: A row as a backend's driver returns it (`aiosqlite.Row`, `asyncpg.Record`): both are read by
#: column name and by position.
Row = Any


class Reads(Protocol):
    """Queries on one connection (see `GameStore._reads`), with `?` placeholders."""

    async def row(self, sql: str, *args: Any) -> Row | None:
        """The first row a query returns, if any."""

    async def rows(self, sql: str, *args: Any) -> list[Row]:
        """Every row a query returns."""


class Statements(Reads, Protocol):
    """The statements of one transaction (see `GameStore._atomic`), with `?` placeholders."""

    async def run(self, sql: str, *args: Any) -> int:
        """Run one statement; how many rows it changed."""

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each of `rows`."""

    async def insert(self, sql: str, *args: Any) -> int:
        """Run one `INSERT` of a row with an `id` column; the id the new row was given."""


class GameStore(ABC):
    """The bot's database, the interface both backends implement (`SqliteStore`,
    `PostgresStore`): every query the same in SQLite's and PostgreSQL's dialects (written with
    `?` placeholders, which the PostgreSQL store numbers), the records built from rows, the
    checks on changes and the caches of settings.

    A backend supplies its driver calls (`_row`, `_rows`, `_run`, `_count`, `_atomic`,
    `_reads`) and what is its own: opening, migrating, `check_writable`. Open the one the
    settings name with `bot.storage.open_store`."""

    #: Whether several processes share the database. Then what another process may change (a
    #: seat, a pictures switch) is read again each time rather than taken from memory.
    SHARED = False

    def __init__(self) -> None:
        #: Users' settings as read or written: every move asks for those of each player (DM
        #: hands), so they are read once (a shared database announces changes: see its store).
        self._user_settings: dict[int, tuple[str, str]] = {}
        #: Picture switches (`guild_pictures`, `user_pictures`), read once unless `SHARED`.
        self._guild_pictures: dict[int, bool] = {}
        self._user_pictures: dict[int, bool] = {}
        #: The languages players chose (`chosen_language`), read once unless `SHARED`.
        self._chosen_languages: dict[int, str | None] = {}
        #: The backend's work in the background (SQLite's checkpoints, PostgreSQL's listening
        #: for other processes' moves), if any: `close` ends it.
        self._background: asyncio.Task[None] | None = None

    async def close(self) -> None:
        """End the work in the background, then close the connections."""
        if self._background is not None:
            self._background.cancel()
            with suppress(asyncio.CancelledError):
                await self._background
        await self._disconnect()

    # -- schema (each backend's own) ------------------------------------------------------

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the newest migration the database has applied."""

    @abstractmethod
    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction."""

    @abstractmethod
    async def check_writable(self) -> None:
        """A test write that changes nothing; raises when the database cannot be written to
        (see `bot.health`)."""

    # -- driver calls (each backend's own) ------------------------------------------------

    @abstractmethod
    async def _disconnect(self) -> None:
        """Close the database connections."""

    @abstractmethod
    async def _row(self, sql: str, *args: Any) -> Row | None:
        """The first row a query returns, if any."""

    @abstractmethod
    async def _rows(self, sql: str, *args: Any) -> list[Row]:
        """Every row a query returns."""

    @abstractmethod
    async def _run(self, sql: str, *args: Any) -> None:
        """One statement that changes data, atomic by itself."""

    async def _store_move(self, *args: Any) -> None:
        """`MOVE_SQL` with `args` (see `write_move`)."""
        await self._run(MOVE_SQL, *args)

    @abstractmethod
    async def _count(self, sql: str, *args: Any) -> int:
        """One statement that changes data; how many rows it changed."""

    @abstractmethod
    def _atomic(self) -> AbstractAsyncContextManager[Statements]:
        """A transaction: its statements are all stored or none is."""

    @abstractmethod
    def _reads(self, db: Any = None) -> AbstractAsyncContextManager[Reads]:
        """Several reads on one connection (PostgreSQL's pool takes a round trip to give one
        back): the store's, or `db`, a SQLite connection of the caller's own."""

    async def _settings_changed(self, tx: Statements, user_id: int) -> None:
        """Called in the transaction that changes a user's settings, to tell the processes that
        share the database; a database of one process has no one to tell."""
        return None

    async def _dm_hand_changed(self, tx: Statements, game_id: int, seat: int) -> None:
        """Called in the transaction that stores a click on a seat's DM hand message made on a
        process that does not own the game (`set_dm_hand_pick`), to tell the owner; a database
        of one process has no one to tell."""
        return None

    async def _seats_changed(self, tx: Statements, game_id: int) -> None:
        """Called in the transaction that changes who holds a seat of a game in play
        (`replace_seat`, `return_seat`), which stores no new version of the game, to tell the
        processes that share the database; a database of one process has no one to tell."""
        return None

    async def _lock_ratings(self, tx: Statements, guild_id: int, game: str) -> None:
        """Called in a game's last transaction before the ratings of its server and title are
        read, to keep two games ending together from both updating the same rating from the
        same value. SQLite's transactions write one at a time: nothing to do."""
        return None

    async def _lock_records(self, tx: Statements) -> None:
        """Called at the start of `recompute_ratings`' transaction, to hold every game's end
        until it commits. SQLite's transactions write one at a time: nothing to do."""
        return None

    # -- games ---------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        language: str,
        seed: int,
        options: dict[str, Any],
        cpu_level: str,
        turn_seconds: int,
    ) -> GameRecord:
        """A new lobby with the host in seat 0."""
        now = time.time()
        async with self._atomic() as tx:
            game_id = await tx.insert(
                "INSERT INTO games (game, status, guild_id, channel_id, host_id, language, "
                "options, cpu_level, turn_seconds, seed, created_at, updated_at) "
                "VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                game,
                guild_id,
                channel_id,
                host_id,
                language,
                dumps(options),
                cpu_level,
                turn_seconds,
                seed,
                now,
                now,
            )
            await tx.run(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                game_id,
                host_id,
                host_name,
            )
        record = await self.get(game_id)
        assert record is not None
        return record

    async def get(
        self, game_id: int, *, seats: Sequence[SeatRecord] | None = None
    ) -> GameRecord | None:
        """The game's record, or None when there is no such game. `seats`, when given, are its
        seats as the caller holds them (not read again), unless the database is `SHARED`."""
        if not valid_id(game_id):
            return None  # (beyond SQLite's integers and PostgreSQL's BIGINT: no such game)
        return await self._read_record(game_id, None if self.SHARED else seats)

    async def _read_record(
        self, game_id: int, seats: Sequence[SeatRecord] | None = None
    ) -> GameRecord | None:
        """The record of a game, with its seats (read unless given: a move does not change
        them), or None when there is no such game."""
        async with self._reads() as read:
            row = await read.row("SELECT * FROM games WHERE id = ?", game_id)
            if row is None:
                return None
            if seats is None:
                seats = [
                    seat_record(seat)
                    for seat in await read.rows(
                        f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat",
                        game_id,
                    )
                ]
        return game_record(row, seats)

    async def games(
        self,
        *,
        statuses: Iterable[str] = ("lobby", "playing"),
        guild_id: int | None = None,
        channel_id: int | None = None,
        newest: int | None = None,
    ) -> list[GameRecord]:
        """Games in those statuses, oldest first, optionally in one guild or channel, and
        optionally only the `newest` n of them (their seats read in one query)."""
        args: list[Any] = list(statuses)
        sql = f"SELECT * FROM games WHERE status IN ({', '.join('?' * len(args))})"
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args.append(guild_id)
        if channel_id is not None:
            sql += " AND (channel_id = ? OR thread_id = ?)"
            args += [channel_id, channel_id]
        if newest is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY id DESC LIMIT ?) AS newest"
            args.append(newest)
        async with self._reads() as read:
            rows = await read.rows(sql + " ORDER BY id", *args)
            if not rows:
                return []
            marks = ", ".join("?" * len(rows))
            by_game: dict[int, list[SeatRecord]] = {row["id"]: [] for row in rows}
            for seat in await read.rows(
                f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN ({marks}) "
                "ORDER BY game_id, seat",
                *by_game,
            ):
                by_game[seat["game_id"]].append(seat_record(seat))
        return [game_record(row, by_game[row["id"]]) for row in rows]

    async def open_counts(self, user_id: int, channel_id: int, *, db: Any = None) -> OpenCounts:
        """What the quotas of `bot.quotas` count for a user in a channel (reads only). `db`: a
        SQLite connection of the caller's own to read from (its own thread, so these reads
        never hold up a move being written); PostgreSQL's pool reads in parallel anyway."""
        async with self._reads(db) as read:
            channel = await read.row(
                "SELECT COUNT(*), MIN(updated_at) FROM games "
                "WHERE status = 'lobby' AND channel_id = ?",
                channel_id,
            )
            user = await read.row(
                "SELECT COUNT(*), MIN(g.updated_at) FROM games g JOIN seats s "
                "ON s.game_id = g.id WHERE s.user_id = ? AND g.status = 'lobby'",
                user_id,
            )
            games = await read.row(
                "SELECT COUNT(*) FROM ("
                "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.user_id = ? AND g.status = 'playing' UNION "
                "SELECT g.id FROM games g WHERE g.status = 'playing' AND g.host_id = ? "
                "AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id "
                "AND s.user_id IS NOT NULL)) AS live",
                user_id,
                user_id,
            )
        assert channel is not None and user is not None and games is not None
        return OpenCounts(
            channel_lobbies=int(channel[0]),
            channel_oldest_lobby=channel[1],
            user_lobbies=int(user[0]),
            user_oldest_lobby=user[1],
            user_games=int(games[0]),
        )

    async def idle_lobbies(self, before: float) -> list[int]:
        """Lobbies unchanged since `before` (unix time), oldest first."""
        rows = await self._rows(
            "SELECT id FROM games WHERE status = 'lobby' AND updated_at < ? ORDER BY updated_at",
            before,
        )
        return [int(row[0]) for row in rows]

    async def results(self, game_ids: Sequence[int]) -> dict[int, tuple[list[int], list[int]]]:
        """`(scores per seat, winning seats)` of those finished games, by game id."""
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        rows = await self._rows(
            f"SELECT game_id, scores, winners FROM results WHERE game_id IN ({marks})", *game_ids
        )
        return {int(r[0]): (loads(r[1]), loads(r[2])) for r in rows}

    async def update_game(self, game_id: int, **values: Any) -> None:
        """Set mutable columns (`options` may be a dict)."""
        unknown = set(values) - MUTABLE_COLUMNS
        if unknown:
            raise ValueError(f"not mutable: {sorted(unknown)}")
        if "options" in values:
            values["options"] = dumps(values["options"])
        if "end_published" in values:
            values["end_published"] = bool(values["end_published"])
        for key in ("deadline", "table_posted_at"):
            if key in values:
                values[key] = _real(values[key])
        values["updated_at"] = time.time()
        assignments = ", ".join(f"{key} = ?" for key in values)
        await self._run(f"UPDATE games SET {assignments} WHERE id = ?", *values.values(), game_id)

    async def set_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace the lobby's seats (seat numbers are renumbered 0..n-1 in order)."""
        async with self._atomic() as tx:
            await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", time.time(), game_id)
            await tx.run("DELETE FROM seats WHERE game_id = ?", game_id)
            await tx.run_many(
                "INSERT INTO seats (game_id, seat, user_id, cpu_level, name) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, s.user_id, s.cpu_level, s.name) for i, s in enumerate(seats)],
            )

    async def replace_seat(
        self, game_id: int, seat: int, cpu_level: str, name: str
    ) -> GameRecord | None:
        """A human seat of a game in play becomes a CPU player, remembering its player; the
        updated record, or None when the game is no longer in play (nothing changed). On a
        `SHARED` database, the change is announced with it (`_seats_changed`)."""
        sql = (
            "UPDATE seats SET away_user_id = user_id, away_name = name, "
            "user_id = NULL, cpu_level = ?, name = ? "
            "WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL "
            "AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'playing')"
        )
        arguments = (cpu_level, name, game_id, seat, game_id)
        if self.SHARED:
            async with self._atomic() as tx:
                if await tx.run(sql, *arguments) == 1:
                    await self._seats_changed(tx, game_id)
        else:
            await self._run(sql, *arguments)  # one statement: no transaction around it
        record = await self.get(game_id)
        return record if record is not None and record.status == "playing" else None

    async def return_seat(
        self, game_id: int, seat: int, user_id: int, *, deadline: float | None
    ) -> GameRecord | None:
        """The player a CPU replaced takes their seat back in a game in play, and the game's
        turn deadline becomes `deadline`, together (and announced with them, `_seats_changed`);
        the updated record, or None when nothing changed (not their seat, or no longer in
        play)."""
        async with self._atomic() as tx:
            changed = (
                await tx.run(
                    "UPDATE seats SET user_id = away_user_id, name = away_name, cpu_level = NULL, "
                    "away_user_id = NULL, away_name = NULL "
                    "WHERE game_id = ? AND seat = ? AND away_user_id = ? "
                    "AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'playing')",
                    game_id,
                    seat,
                    user_id,
                    game_id,
                )
                == 1
            )
            if changed:
                await tx.run("UPDATE games SET deadline = ? WHERE id = ?", _real(deadline), game_id)
                await self._seats_changed(tx, game_id)
        return await self.get(game_id) if changed else None

    async def start_game(
        self, game_id: int, *, players: int, snapshot: dict[str, Any], deadline: float | None
    ) -> GameRecord:
        """Lobby → playing, with the engine's initial snapshot at version 0; the updated record.
        Raises `StaleVersion` (nothing written) when the game is no longer a lobby."""
        changed = await self._count(
            "UPDATE games SET status = 'playing', players = ?, snapshot = ?, version = 0, "
            "deadline = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
            players,
            dumps(snapshot),
            _real(deadline),
            time.time(),
            game_id,
        )
        if changed != 1:
            raise StaleVersion(f"game {game_id} is not a lobby")
        record = await self.get(game_id)
        assert record is not None
        return record

    async def abandon_game(self, game_id: int) -> GameRecord | None:
        """A lobby or a game in play → abandoned; the updated record, or None when the game was
        neither (nothing changed). A game in play leaves its seats' records, as abandoned, in
        the same transaction (`_record_end`)."""
        now = time.time()
        async with self._atomic() as tx:
            changed = await tx.run(
                "UPDATE games SET status = 'abandoned', deadline = NULL, updated_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'playing')",
                now,
                game_id,
            )
            if changed == 1:
                await self._record_end(tx, game_id, now, None)
        return await self.get(game_id) if changed == 1 else None

    async def commit_move(
        self, game_id: int, *, seats: Sequence[SeatRecord] | None = None, **move: Any
    ) -> GameRecord:
        """Store a move (`move`: the arguments of `write_move`) and return the game's record as
        stored after it, read back. `seats`, when given, are the game's seats (a move never
        changes them: not read again), unless the database is `SHARED` (another process may
        have replaced a seat: the record is read back whole)."""
        await self.write_move(game_id, **move)
        record = await self.get(game_id, seats=seats)
        assert record is not None
        return record

    async def write_move(
        self,
        game_id: int,
        *,
        version: int,
        seat: int,
        action: str,
        by_cpu: bool,
        snapshot: dict[str, Any],
        deadline: float | None,
        result: dict[str, Any] | None = None,
        status: str = "playing",
    ) -> float:
        """Store the move that turns `version - 1` into `version`, atomically; returns the time
        it was stored (the game's new `updated_at`: see `GameRecord.after_move`).

        One statement (`MOVE_SQL`, whose trigger is in migration 0005) writes the action row,
        the status, snapshot, version and deadline: SQLite's write lock is held for a single
        call to the database thread, and PostgreSQL's lock on the game's row serialises one
        game's moves across processes. `status` is `"finished"` for a game's last move (its end
        then not yet published), with its `result`; else `"playing"`. A game's last move is
        a transaction of a few statements instead: the move, then its seats' records and the
        ratings (`_record_end`).

        Raises `StaleVersion` (and writes nothing) if the stored game is not at `version - 1`,
        including when another process stored that version first.
        """
        stored_at = time.time()
        args = (
            game_id,
            version,
            seat,
            action,
            int(by_cpu),
            stored_at,
            status,
            dumps(snapshot),
            _real(deadline),
            dumps(result["scores"]) if result is not None else None,
            dumps(result["winners"]) if result is not None else None,
            dumps(result) if result is not None else None,
        )
        try:
            if result is None:
                await self._store_move(*args)
            else:
                # A game's last move: its seats' records and the ratings in the same
                # transaction (`_record_end`), so an end is counted once or not at all.
                async with self._atomic() as tx:
                    await tx.run(MOVE_SQL, *args)
                    await self._record_end(tx, game_id, stored_at, result)
        except (sqlite3.IntegrityError, asyncpg.RaiseError) as exc:
            if str(exc) == "stale version":  # raised by the trigger (see MOVE_SQL)
                raise StaleVersion(f"game {game_id} is not at version {version - 1}") from exc
            raise
        return stored_at

    async def set_table_version(self, game_id: int, version: int) -> None:
        """Record that the game's table message now shows `version` (never going back)."""
        await self._run(
            "UPDATE games SET table_version = ? "
            "WHERE id = ? AND (table_version IS NULL OR table_version < ?)",
            version,
            game_id,
            version,
        )

    async def in_play(self) -> list[tuple[int, int | None]]:
        """`(id, guild id)` of every game in play, oldest first: what a restart needs to decide
        which games to load (each one's record, seats and log are read as it is loaded)."""
        rows = await self._rows(
            "SELECT id, guild_id FROM games WHERE status = 'playing' ORDER BY id"
        )
        return [(int(row[0]), row[1]) for row in rows]

    async def tables_behind(self) -> list[int]:
        """Games in play whose table shows an older version than the stored one (or an unknown
        one), oldest first."""
        rows = await self._rows(
            "SELECT id FROM games WHERE status = 'playing' "
            "AND (table_version IS NULL OR table_version < version) ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def unpublished_ends(self) -> list[int]:
        """Finished games whose end has not reached Discord yet, oldest first."""
        rows = await self._rows(
            "SELECT id FROM games WHERE status = 'finished' AND NOT end_published ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def repair_snapshot(self, game_id: int, version: int, snapshot: dict[str, Any]) -> None:
        """Replace an unreadable snapshot by one rebuilt from the complete action log."""
        await self._run(
            "UPDATE games SET snapshot = ?, problem = NULL WHERE id = ? AND version = ?",
            dumps(snapshot),
            game_id,
            version,
        )

    async def set_problem(self, game_id: int, problem: str) -> None:
        """Note why a game cannot be loaded (nothing else about it changes)."""
        await self._run("UPDATE games SET problem = ? WHERE id = ?", problem, game_id)

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The action log `(version, seat, action)` in order."""
        rows = await self._rows(
            "SELECT version, seat, action FROM actions WHERE game_id = ? ORDER BY version",
            game_id,
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def result(self, game_id: int) -> dict[str, Any] | None:
        row = await self._row("SELECT result FROM results WHERE game_id = ?", game_id)
        return loads(row[0]) if row is not None else None

    # -- per-user settings and DM hand messages --------------------------------------------

    async def user_settings(self, user_id: int) -> tuple[str, str]:
        """`(hand_delivery, language)` of a user; `("ephemeral", "en")` by default."""
        known = self._user_settings.get(user_id)
        if known is not None:
            return known
        row = await self._row(
            "SELECT hand_delivery, language FROM user_settings WHERE user_id = ?", user_id
        )
        found = (str(row[0]), str(row[1])) if row is not None else ("ephemeral", "en")
        # A write made while this read was under way wins.
        return self._user_settings.setdefault(user_id, found)

    async def set_user_settings(self, user_id: int, delivery: str, language: str) -> None:
        async with self._atomic() as tx:
            await tx.run(
                "INSERT INTO user_settings (user_id, hand_delivery, language) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET hand_delivery = excluded.hand_delivery, "
                "language = excluded.language",
                user_id,
                delivery,
                language,
            )
            await self._settings_changed(tx, user_id)
        self._user_settings[user_id] = (delivery, language)

    async def chosen_language(self, user_id: int) -> str | None:
        """The language a player chose for their own messages (`/settings language`); None:
        their Discord client's."""
        if user_id in self._chosen_languages:
            return self._chosen_languages[user_id]
        row = await self._row(
            "SELECT chosen_language FROM user_settings WHERE user_id = ?", user_id
        )
        chosen = str(row[0]) if row is not None and row[0] is not None else None
        if not self.SHARED:
            self._chosen_languages[user_id] = chosen
        return chosen

    async def set_chosen_language(self, user_id: int, language: str | None) -> None:
        """A player's own language (None: back to their client's). Turn pings and DM hands,
        which speak the language kept in the user's settings, speak it from now on."""
        async with self._atomic() as tx:
            await tx.run(
                "INSERT INTO user_settings (user_id, hand_delivery, language, chosen_language) "
                "VALUES (?, 'ephemeral', ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET chosen_language = excluded.chosen_language, "
                "language = COALESCE(excluded.chosen_language, user_settings.language)",
                user_id,
                language or "en",
                language,
            )
            await self._settings_changed(tx, user_id)
        self._user_settings.pop(user_id, None)  # read back with what was kept
        if not self.SHARED:
            self._chosen_languages[user_id] = language

    async def remember_language(self, user_id: int, language: str) -> None:
        """Keep the language of a user's Discord client (turn pings and DM hands speak it),
        unless they chose one (`set_chosen_language`); their hand delivery stays as it was
        ("ephemeral" for a new user)."""
        if await self.chosen_language(user_id) is not None:
            return
        known = self._user_settings.get(user_id)
        if known is not None and known[1] == language:
            return
        async with self._atomic() as tx:
            await tx.run(
                "INSERT INTO user_settings (user_id, hand_delivery, language) "
                "VALUES (?, 'ephemeral', ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                user_id,
                language,
            )
            await self._settings_changed(tx, user_id)
        if known is None or self.SHARED:
            self._user_settings.pop(user_id, None)  # read back with its stored delivery
        else:
            self._user_settings[user_id] = (known[0], language)

    async def _pictures(self, table: str, key: int, cache: dict[int, bool]) -> bool:
        """The pictures switch of row `key` of `table` (a `PICTURE_SWITCHES` table); on when
        the row does not exist. Kept in `cache` unless the database is `SHARED`."""
        known = cache.get(key)
        if known is not None:
            return known
        row = await self._row(
            f"SELECT pictures FROM {table} WHERE {PICTURE_SWITCHES[table]} = ?", key
        )
        found = bool(row[0]) if row is not None else True
        return found if self.SHARED else cache.setdefault(key, found)

    async def _set_pictures(self, table: str, key: int, on: bool, cache: dict[int, bool]) -> None:
        column = PICTURE_SWITCHES[table]
        await self._run(
            f"INSERT INTO {table} ({column}, pictures) VALUES (?, ?) "
            f"ON CONFLICT ({column}) DO UPDATE SET pictures = excluded.pictures",
            key,
            int(on),
        )
        if not self.SHARED:
            cache[key] = on

    async def guild_pictures(self, guild_id: int) -> bool:
        """Whether a server shows pictures (tables, hands, the end); on by default."""
        return await self._pictures("guild_settings", guild_id, self._guild_pictures)

    async def set_guild_pictures(self, guild_id: int, on: bool) -> None:
        await self._set_pictures("guild_settings", guild_id, on, self._guild_pictures)

    async def user_pictures(self, user_id: int) -> bool:
        """Whether a player's own hand is shown with a picture; on by default."""
        return await self._pictures("user_settings", user_id, self._user_pictures)

    async def set_user_pictures(self, user_id: int, on: bool) -> None:
        await self._set_pictures("user_settings", user_id, on, self._user_pictures)

    async def hand_message(self, game_id: int, seat: int) -> tuple[int, int] | None:
        """The seat's DM hand message: `(channel id, message id)`, None when it has none."""
        stored = await self.dm_hand(game_id, seat)
        return (stored.channel_id, stored.message_id) if stored is not None else None

    async def dm_hand(self, game_id: int, seat: int) -> DmHand | None:
        """The seat's DM hand message with the pick it shows for confirmation, if any."""
        row = await self._row(
            "SELECT channel_id, message_id, confirm_notice, confirm_action FROM hand_messages "
            "WHERE game_id = ? AND seat = ?",
            game_id,
            seat,
        )
        if row is None:
            return None
        notice, action = row[2], row[3]
        confirm = (notice, action) if notice is not None and action is not None else None
        return DmHand(channel_id=row[0], message_id=row[1], confirm=confirm)

    async def set_hand_message(
        self,
        game_id: int,
        seat: int,
        channel_id: int,
        message_id: int,
        confirm: tuple[str, str] | None = None,
    ) -> None:
        """The seat's DM hand is now message `message_id`, showing the pick `confirm` (`(notice,
        encoded action)`) or none (a pick shown on the message it replaces goes with it)."""
        notice, action = confirm if confirm is not None else (None, None)
        await self._run(
            "INSERT INTO hand_messages (game_id, seat, channel_id, message_id, confirm_notice, "
            "confirm_action) VALUES (?,?,?,?,?,?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id, confirm_notice = excluded.confirm_notice, "
            "confirm_action = excluded.confirm_action",
            game_id,
            seat,
            channel_id,
            message_id,
            notice,
            action,
        )

    async def set_dm_hand_pick(
        self,
        game_id: int,
        seat: int,
        message_id: int,
        confirm: tuple[str, str] | None,
        *,
        announce: bool = False,
    ) -> None:
        """The seat's DM hand message `message_id` now shows the pick `confirm` (`(notice,
        encoded action)`) or none. Nothing changes when the seat's DM hand is another message
        by now: that pick was on a message that is no longer its hand. With `announce`, a
        click on the message that the process owning the game did not see: the processes
        sharing the database are told once the pick is stored (`_dm_hand_changed`)."""
        notice, action = confirm if confirm is not None else (None, None)
        sql = (
            "UPDATE hand_messages SET confirm_notice = ?, confirm_action = ? "
            "WHERE game_id = ? AND seat = ? AND message_id = ?"
        )
        if not announce:
            await self._run(sql, notice, action, game_id, seat, message_id)
            return
        async with self._atomic() as tx:
            if await tx.run(sql, notice, action, game_id, seat, message_id) == 1:
                await self._dm_hand_changed(tx, game_id, seat)

    async def replace_dm_hand_pick(
        self,
        game_id: int,
        seat: int,
        message_id: int,
        shown: tuple[str, str] | None,
        confirm: tuple[str, str] | None,
    ) -> None:
        """`set_dm_hand_pick`, for a message read as showing the pick `shown`: nothing changes
        when the stored pick is no longer that one (a click on another process stored a newer
        one since, which stays)."""
        notice, action = confirm if confirm is not None else (None, None)
        shown_notice, shown_action = shown if shown is not None else ("", "")
        await self._run(
            "UPDATE hand_messages SET confirm_notice = ?, confirm_action = ? "
            "WHERE game_id = ? AND seat = ? AND message_id = ? "
            "AND COALESCE(confirm_notice, '') = ? AND COALESCE(confirm_action, '') = ?",
            notice,
            action,
            game_id,
            seat,
            message_id,
            shown_notice,
            shown_action,
        )

    async def delete_hand_message(self, game_id: int, seat: int) -> None:
        await self._run("DELETE FROM hand_messages WHERE game_id = ? AND seat = ?", game_id, seat)

    async def set_live_hand(self, hand: StoredHand) -> None:
        """Keep the seat's live hand (replacing the one kept before)."""
        notice, action = hand.confirm if hand.confirm is not None else (None, None)
        await self._run(
            "INSERT INTO live_hands (game_id, seat, language, application_id, token, message_id, "
            "created_at, confirm_notice, confirm_action) VALUES (?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET language = excluded.language, "
            "application_id = excluded.application_id, token = excluded.token, "
            "message_id = excluded.message_id, created_at = excluded.created_at, "
            "confirm_notice = excluded.confirm_notice, confirm_action = excluded.confirm_action",
            hand.game_id,
            hand.seat,
            hand.language,
            hand.application_id,
            hand.token,
            hand.message_id,
            _real(hand.created_at),
            notice,
            action,
        )

    async def delete_live_hand(self, game_id: int, seat: int) -> None:
        """The seat has no live hand to keep any more."""
        await self._run("DELETE FROM live_hands WHERE game_id = ? AND seat = ?", game_id, seat)

    async def live_hands(self) -> list[StoredHand]:
        """Every kept live hand, with its game's server and whether the game is in play."""
        rows = await self._rows(
            "SELECT h.game_id, h.seat, h.language, h.application_id, h.token, h.message_id, "
            "h.created_at, h.confirm_notice, h.confirm_action, g.guild_id, g.status "
            "FROM live_hands h JOIN games g ON g.id = h.game_id ORDER BY h.game_id, h.seat"
        )
        return [_stored_hand(row) for row in rows]

    # -- records and ratings ---------------------------------------------------------------

    async def _record_end(
        self, tx: Statements, game_id: int, ended_at: float, result: dict[str, Any] | None
    ) -> None:
        """In the transaction that ends a game (its last move with its `result`, or its
        abandoning: None), keep each seat's record and update the ratings of its server and
        title (see `bot.storage.ratings`). A lobby that never started leaves none."""
        game = await tx.row("SELECT guild_id, game, players FROM games WHERE id = ?", game_id)
        if game is None or game["players"] is None:
            return
        guild_id, title = int(game["guild_id"]), str(game["game"])
        seats = [
            seat_record(row)
            for row in await tx.rows(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", game_id
            )
        ]
        rows = [_seat_row(seat) for seat in seats]
        changes: list[tuple[Skill, Skill] | None] = [None] * len(seats)
        new_ratings: dict[str, Skill] = {}
        if result is not None:
            scores = list(result["scores"])
            winners = set(result["winners"])
            places = ratings.places(result)
            margins = ratings.margins(scores)
            breakdown = list(result.get("breakdown") or [])
            keys = [
                None if row["outcome"] == ratings.LEFT else player_key(s.user_id, s.cpu_level)
                for s, row in zip(seats, rows, strict=True)
            ]
            for seat, row in enumerate(rows):
                row["rated"] = keys[seat]
                if row["outcome"] != ratings.LEFT:
                    row["outcome"] = ratings.WON if seat in winners else ratings.LOST
                row["place"] = places[seat]
                row["score"] = scores[seat]
                row["margin"] = margins[seat]
                row["breakdown"] = dumps(breakdown[seat]) if seat < len(breakdown) else None
            await self._lock_ratings(tx, guild_id, title)
            known = await self._ratings_of(tx, guild_id, title, {k for k in keys if k})
            rated = ratings.rate(known, keys, places)
            changes, new_ratings = rated.seats, rated.ratings
        await tx.run_many(
            "INSERT INTO seat_records (game_id, seat, guild_id, game, ended_at, players, "
            "user_id, cpu_level, name, outcome, place, score, margin, breakdown, rated, "
            "mu_before, sigma_before, mu_after, sigma_after, games) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    seat,
                    guild_id,
                    title,
                    float(ended_at),
                    len(seats),
                    row["user_id"],
                    row["cpu_level"],
                    row["name"],
                    row["outcome"],
                    row["place"],
                    row["score"],
                    row["margin"],
                    row["breakdown"],
                    *_change_columns(row["rated"], change),
                )
                for seat, (row, change) in enumerate(zip(rows, changes, strict=True))
            ],
        )
        names = {row["rated"]: row["name"] for row in rows if row["rated"]}
        await self._store_ratings(tx, guild_id, title, new_ratings, names, ended_at)

    async def _ratings_of(
        self, tx: Reads, guild_id: int, game: str, players: set[str]
    ) -> dict[str, Skill]:
        """The stored ratings of `players` at a title in a server."""
        if not players:
            return {}
        marks = ", ".join("?" * len(players))
        found = await tx.rows(
            f"SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND player IN ({marks})",
            guild_id,
            game,
            *sorted(players),
        )
        return {
            row["player"]: Skill(mu=row["mu"], sigma=row["sigma"], games=row["games"])
            for row in found
        }

    @staticmethod
    async def _store_ratings(
        tx: Statements,
        guild_id: int,
        game: str,
        new: dict[str, Skill],
        names: dict[str, str],
        at: float,
    ) -> None:
        """Write the ratings `new` of a title in a server (`names`: each one's name shown)."""
        await tx.run_many(
            "INSERT INTO ratings (guild_id, game, player, user_id, cpu_level, name, mu, sigma, "
            "ordinal, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, player) DO UPDATE SET name = excluded.name, "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = excluded.games, updated_at = excluded.updated_at",
            [
                (
                    guild_id,
                    game,
                    player,
                    *_player_of(player),
                    names.get(player, player),
                    skill.mu,
                    skill.sigma,
                    skill.ordinal,
                    skill.games,
                    float(at),
                )
                for player, skill in new.items()
            ],
        )

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """Each person's rating change in a finished game, by seat (none for a seat they left
        to a CPU, or a game that rated nobody)."""
        rows = await self._rows(
            "SELECT seat, name, mu_before, sigma_before, mu_after, sigma_after, games "
            "FROM seat_records WHERE game_id = ? AND rated LIKE 'user:%' "
            "AND mu_after IS NOT NULL ORDER BY seat",
            game_id,
        )
        return [
            RatingChange(
                seat=row["seat"],
                name=row["name"],
                before=ratings.ordinal(row["mu_before"], row["sigma_before"]),
                after=ratings.ordinal(row["mu_after"], row["sigma_after"]),
                games=row["games"],
            )
            for row in rows
        ]

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[TitleStats]:
        """A person's record in a server, per title (only `game`'s if given), titles in the
        order they first played them."""
        only = " AND r.game = ?" if game is not None else ""
        extra = (game,) if game is not None else ()
        async with self._reads() as read:
            totals = await read.rows(
                "SELECT r.game, r.outcome, COUNT(*) AS n, SUM(1.0 / r.players) AS fair, "
                "SUM(r.margin) AS margin, MAX(r.score) AS best, MIN(r.ended_at) AS first "
                f"FROM seat_records r WHERE r.guild_id = ? AND r.user_id = ?{only} "
                "GROUP BY r.game, r.outcome",
                guild_id,
                user_id,
                *extra,
            )
            met = await read.rows(
                "SELECT r.game, o.cpu_level, COUNT(DISTINCT r.game_id) AS n "
                "FROM seat_records r JOIN seat_records o ON o.game_id = r.game_id "
                "AND o.seat <> r.seat AND o.user_id IS NULL AND o.cpu_level IS NOT NULL "
                f"WHERE r.guild_id = ? AND r.user_id = ? AND r.outcome IN ('won', 'lost'){only} "
                "GROUP BY r.game, o.cpu_level",
                guild_id,
                user_id,
                *extra,
            )
            rated = await read.rows(
                "SELECT game, mu, sigma, games FROM ratings r "
                f"WHERE r.guild_id = ? AND r.player = ?{only}",
                guild_id,
                f"user:{user_id}",
                *extra,
            )
        by_title: dict[str, TitleStats] = {}
        for row in sorted(totals, key=lambda row: row["first"]):
            stats = by_title.setdefault(row["game"], TitleStats(game=row["game"]))
            count = int(row["n"])
            if row["outcome"] == ratings.LEFT:
                stats.left += count
            elif row["outcome"] == ratings.ABANDONED:
                stats.abandoned += count
            else:
                stats.games += count
                stats.wins += count if row["outcome"] == ratings.WON else 0
                stats.fair_wins += float(row["fair"] or 0)
                stats.margin_sum += int(row["margin"] or 0)
                if row["best"] is not None:
                    best = int(row["best"])
                    stats.best_score = max(best, stats.best_score or best)
        for row in met:
            if row["game"] in by_title:
                by_title[row["game"]].cpu_met[row["cpu_level"]] = int(row["n"])
        for row in rated:
            if row["game"] in by_title:
                by_title[row["game"]].rating = Skill(
                    mu=row["mu"], sigma=row["sigma"], games=row["games"]
                )
        return list(by_title.values())

    async def leaderboard(
        self, guild_id: int, game: str, *, size: int = 10, viewer: int | None = None
    ) -> Board:
        """A title's leaderboard in a server: its `size` best rated players with
        `ratings.MIN_GAMES` games or more, and beyond them every CPU level and the `viewer`,
        with their places."""
        minimum = ratings.MIN_GAMES
        columns = "player, user_id, cpu_level, name, ordinal, games"
        async with self._reads() as read:
            top = await read.rows(
                f"SELECT {columns} FROM ratings WHERE guild_id = ? AND game = ? AND games >= ? "
                "ORDER BY ordinal DESC, player LIMIT ?",
                guild_id,
                game,
                minimum,
                size,
            )
            shown = {row["player"] for row in top}
            wanted = await read.rows(
                f"SELECT {columns}, (SELECT COUNT(*) FROM ratings b WHERE b.guild_id = r.guild_id "
                "AND b.game = r.game AND b.games >= ? AND b.ordinal > r.ordinal) AS ahead "
                "FROM ratings r WHERE r.guild_id = ? AND r.game = ? AND r.games >= ? "
                "AND (r.cpu_level IS NOT NULL OR r.player = ?) ORDER BY r.ordinal DESC",
                minimum,
                guild_id,
                game,
                minimum,
                f"user:{viewer}",
            )
            unranked = await read.row(
                "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND games < ?",
                guild_id,
                game,
                minimum,
            )
        entries: list[BoardEntry] = []
        for n, row in enumerate(top):
            tied = entries and entries[-1].rating == row["ordinal"]
            entries.append(_board_entry(row, entries[-1].place if tied else n + 1))
        beyond = [
            _board_entry(row, int(row["ahead"]) + 1) for row in wanted if row["player"] not in shown
        ]
        return Board(top=entries, beyond=beyond, unranked=int(unranked[0]) if unranked else 0)

    async def recompute_ratings(self) -> tuple[int, int]:
        """Rebuild every rating from the seats' records, game by game in the order they ended,
        and each record's rating before and after, in one transaction (games that end
        meanwhile wait for it); `(games rated, ratings)`."""
        async with self._atomic() as tx:
            await self._lock_records(tx)
            rows = await tx.rows(
                "SELECT game_id, seat, guild_id, game, user_id, cpu_level, name, outcome, place, "
                "ended_at FROM seat_records ORDER BY ended_at, game_id, seat"
            )
            by_game: dict[int, list[Row]] = {}
            for row in rows:
                by_game.setdefault(row["game_id"], []).append(row)
            known: dict[tuple[int, str], dict[str, Skill]] = {}
            names: dict[tuple[int, str], dict[str, str]] = {}
            updates: list[tuple[Any, ...]] = []
            rated_games = 0
            for game_id, seats in by_game.items():
                ladder = (int(seats[0]["guild_id"]), str(seats[0]["game"]))
                if any(seat["outcome"] == ratings.ABANDONED for seat in seats):
                    continue
                keys = [
                    None
                    if seat["outcome"] == ratings.LEFT
                    else player_key(seat["user_id"], seat["cpu_level"])
                    for seat in seats
                ]
                board = known.setdefault(ladder, {})
                rated = ratings.rate(board, keys, [int(seat["place"]) for seat in seats])
                board.update(rated.ratings)
                rated_games += bool(rated.ratings)
                for seat, key, change in zip(seats, keys, rated.seats, strict=True):
                    if key is not None:
                        names.setdefault(ladder, {})[key] = seat["name"]
                    updates.append((*_change_columns(key, change), game_id, seat["seat"]))
            await tx.run("DELETE FROM ratings")
            await tx.run_many(
                "UPDATE seat_records SET rated = ?, mu_before = ?, sigma_before = ?, "
                "mu_after = ?, sigma_after = ?, games = ? WHERE game_id = ? AND seat = ?",
                updates,
            )
            now = time.time()
            for (guild_id, game), board in known.items():
                await self._store_ratings(
                    tx, guild_id, game, board, names.get((guild_id, game), {}), now
                )
        return rated_games, sum(len(board) for board in known.values())


def _seat_row(seat: SeatRecord) -> dict[str, Any]:
    """The start of a seat's record: who held it at the end (the person who left a seat to a
    CPU, with the CPU's level), as abandoned until the result says otherwise."""
    left = seat.away_user_id is not None
    return {
        "user_id": seat.away_user_id if left else seat.user_id,
        "cpu_level": seat.cpu_level,
        "name": (seat.away_name or seat.name) if left else seat.name,
        "outcome": ratings.LEFT if left else ratings.ABANDONED,
        "place": None,
        "score": None,
        "margin": None,
        "breakdown": None,
        "rated": None,
    }


def _change_columns(key: str | None, change: tuple[Skill, Skill] | None) -> tuple[Any, ...]:
    """A record's `rated, mu_before, sigma_before, mu_after, sigma_after, games`."""
    if key is None or change is None:
        return (key, None, None, None, None, None)
    before, after = change
    return (key, before.mu, before.sigma, after.mu, after.sigma, after.games)


def _player_of(player: str) -> tuple[int | None, str | None]:
    """`(user id, CPU level)` of a rated player's key (`ratings.player_key`)."""
    kind, _, rest = player.partition(":")
    return (int(rest), None) if kind == "user" else (None, rest)


def _board_entry(row: Row, place: int) -> BoardEntry:
    return BoardEntry(
        place=place,
        user_id=row["user_id"],
        cpu_level=row["cpu_level"],
        name=row["name"],
        rating=float(row["ordinal"]),
        games=int(row["games"]),
    )


def _stored_hand(row: Sequence[Any]) -> StoredHand:
    notice, action = row[7], row[8]
    return StoredHand(
        game_id=row[0],
        seat=row[1],
        language=row[2],
        application_id=row[3],
        token=row[4],
        message_id=row[5],
        created_at=float(row[6]),
        confirm=(notice, action) if notice is not None and action is not None else None,
        guild_id=row[9],
        playing=row[10] == "playing",
    )
