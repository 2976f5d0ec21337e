"""PostgreSQL storage (asyncpg) behind the same interface as the SQLite `Store`.

Chosen by `DATABASE_URL=postgresql://…` when several bot processes share one database. The
schema comes from the same numbered migrations in their PostgreSQL dialect
(`bot/migrations/postgres/`), applied at start under an advisory lock so two processes starting
together apply each one once.

A move is still one statement (`INSERT INTO moves …`, migration 0004) checked against the
expected version. Its UPDATE of the game's row holds that row's lock until the statement
commits, so the database serialises one game's moves across processes: a second process storing
the same version waits, then finds the version moved on and gets `StaleVersion`. Every stored
move is announced on the `game_moves` channel (`LISTEN/NOTIFY`); `add_move_listener` hears the
moves of every process, this one's included, so a process can drop a copy that fell behind.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from importlib import resources
from typing import Any

import asyncpg

from bot.guards import valid_id
from bot.store import (
    MUTABLE_COLUMNS,
    PICTURE_SWITCHES,
    SEAT_COLUMNS,
    GameRecord,
    OpenCounts,
    SeatRecord,
    StaleVersion,
    StoredHand,
    _dumps,
    _stored_hand,
    game_record,
    seat_record,
)

log = logging.getLogger(__name__)

#: Key of the advisory lock held while migrations are applied (any constant shared by all
#: processes of the bot; it spells "kasane" in ASCII).
MIGRATION_LOCK = 0x6B6173616E65

#: The channel stored moves are announced on (payload `"<game id>:<version>"`, migration 0004).
MOVES_CHANNEL = "game_moves"
#: The channel a user's changed settings are announced on (payload: the user id).
SETTINGS_CHANNEL = "user_settings"

#: Same statement and columns as the SQLite store's `MOVE_SQL`.
MOVE_SQL = (
    "INSERT INTO moves (game_id, version, seat, action, by_cpu, created_at, status, snapshot, "
    "deadline, scores, winners, result) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
)

#: Pause before the listening connection is opened again after it was lost.
RELISTEN_SECONDS = 1.0

MoveListener = Callable[[int, int], None]


def migration_files() -> list[tuple[int, str, str]]:
    """`(number, name, sql)` of every PostgreSQL migration, in order."""
    folder = resources.files("bot") / "migrations" / "postgres"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class PostgresStore:
    """The bot's database on PostgreSQL. Create with `await PostgresStore.open(url)`."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self._user_settings: dict[int, tuple[str, str]] = {}
        self._move_listeners: list[MoveListener] = []
        self._resync_listeners: list[Callable[[], None]] = []
        self._listening: asyncio.Task[None] | None = None
        self._listener_ready = asyncio.Event()

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        store = cls(pool, url)
        await store.migrate()
        store._listening = asyncio.create_task(store._listen(), name="pg-listen")
        await asyncio.wait_for(store._listener_ready.wait(), 30)
        return store

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with suppress(asyncio.CancelledError):
                await self._listening
        await self.pool.close()

    # -- notifications -------------------------------------------------------------------

    def add_move_listener(self, listener: MoveListener) -> None:
        """Call `listener(game_id, version)` for every move any process stores."""
        self._move_listeners.append(listener)

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

    def _on_move(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        game_id, _, version = payload.partition(":")
        for listener in self._move_listeners:
            try:
                listener(int(game_id), int(version))
            except Exception:
                log.exception("a move listener failed")

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
        async with self.pool.acquire() as conn, conn.transaction():
            game_id = await conn.fetchval(
                "INSERT INTO games (game, status, guild_id, channel_id, host_id, language, "
                "options, cpu_level, turn_seconds, seed, created_at, updated_at) "
                "VALUES ($1, 'lobby', $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id",
                game,
                guild_id,
                channel_id,
                host_id,
                language,
                _dumps(options),
                cpu_level,
                turn_seconds,
                seed,
                now,
            )
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1, 0, $2, $3)",
                game_id,
                host_id,
                host_name,
            )
        record = await self.get(int(game_id))
        assert record is not None
        return record

    async def get(self, game_id: int) -> GameRecord | None:
        if not valid_id(game_id):
            return None  # (beyond BIGINT: no game has such an id)
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
            if row is None:
                return None
            seats = await conn.fetch(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat", game_id
            )
        return game_record(row, map(seat_record, seats))

    async def games(
        self,
        *,
        statuses: Iterable[str] = ("lobby", "playing"),
        guild_id: int | None = None,
        channel_id: int | None = None,
        newest: int | None = None,
    ) -> list[GameRecord]:
        """Games in those statuses, oldest first, optionally in one guild or channel, and
        optionally only the `newest` n of them."""
        sql = "SELECT * FROM games WHERE status = ANY($1::text[])"
        args: list[Any] = [list(statuses)]
        if guild_id is not None:
            args.append(guild_id)
            sql += f" AND guild_id = ${len(args)}"
        if channel_id is not None:
            args.append(channel_id)
            sql += f" AND (channel_id = ${len(args)} OR thread_id = ${len(args)})"
        if newest is not None:
            args.append(newest)
            sql = f"SELECT * FROM ({sql} ORDER BY id DESC LIMIT ${len(args)}) AS newest"
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(sql + " ORDER BY id", *args)
            seats = await conn.fetch(
                f"SELECT game_id, {SEAT_COLUMNS} FROM seats "
                "WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat",
                [row["id"] for row in rows],
            )
        by_game: dict[int, list[asyncpg.Record]] = {}
        for seat in seats:
            by_game.setdefault(seat["game_id"], []).append(seat)
        return [game_record(row, map(seat_record, by_game.get(row["id"], []))) for row in rows]

    async def open_counts(
        self, user_id: int, channel_id: int, *, db: object | None = None
    ) -> OpenCounts:
        """What the quotas of `bot.quotas` count for a user in a channel (reads only; `db` is
        the SQLite store's own reader and is not used here: the pool reads in parallel)."""
        async with self.pool.acquire() as conn:
            channel = await conn.fetchrow(
                "SELECT COUNT(*), MIN(updated_at) FROM games "
                "WHERE status = 'lobby' AND channel_id = $1",
                channel_id,
            )
            user = await conn.fetchrow(
                "SELECT COUNT(*), MIN(g.updated_at) FROM games g JOIN seats s "
                "ON s.game_id = g.id WHERE s.user_id = $1 AND g.status = 'lobby'",
                user_id,
            )
            games = await conn.fetchval(
                "SELECT COUNT(*) FROM ("
                "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.user_id = $1 AND g.status = 'playing' UNION "
                "SELECT g.id FROM games g WHERE g.status = 'playing' AND g.host_id = $1 "
                "AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id "
                "AND s.user_id IS NOT NULL)) AS live",
                user_id,
            )
        assert channel is not None and user is not None
        return OpenCounts(
            channel_lobbies=int(channel[0]),
            channel_oldest_lobby=channel[1],
            user_lobbies=int(user[0]),
            user_oldest_lobby=user[1],
            user_games=int(games),
        )

    async def idle_lobbies(self, before: float) -> list[int]:
        """Lobbies unchanged since `before` (unix time), oldest first."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT id FROM games WHERE status = 'lobby' AND updated_at < $1 "
                "ORDER BY updated_at",
                before,
            )
        return [int(row[0]) for row in rows]

    async def check_writable(self) -> None:
        """A test write that changes nothing; raises when the database takes no writes (a
        read-only server or transaction refuses even an update of no row)."""
        async with self.pool.acquire() as conn:
            await conn.execute("UPDATE games SET id = id WHERE false")

    async def update_game(self, game_id: int, **values: Any) -> None:
        """Set mutable columns (`options` may be a dict)."""
        unknown = set(values) - MUTABLE_COLUMNS
        if unknown:
            raise ValueError(f"not mutable: {sorted(unknown)}")
        if "options" in values:
            values["options"] = _dumps(values["options"])
        if "end_published" in values:
            values["end_published"] = bool(values["end_published"])
        for key in ("deadline", "table_posted_at"):
            if values.get(key) is not None:
                values[key] = float(values[key])
        values["updated_at"] = time.time()
        assignments = ", ".join(f"{key} = ${i}" for i, key in enumerate(values, start=1))
        async with self.pool.acquire() as conn:
            await conn.execute(
                f"UPDATE games SET {assignments} WHERE id = ${len(values) + 1}",
                *values.values(),
                game_id,
            )

    async def set_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace the lobby's seats (seat numbers are renumbered 0..n-1 in order)."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "UPDATE games SET updated_at = $1 WHERE id = $2", time.time(), game_id
            )
            await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, cpu_level, name) "
                "VALUES ($1, $2, $3, $4, $5)",
                [(game_id, i, s.user_id, s.cpu_level, s.name) for i, s in enumerate(seats)],
            )

    async def replace_seat(
        self, game_id: int, seat: int, cpu_level: str, name: str
    ) -> GameRecord | None:
        """A human seat of a game in play becomes a CPU player, remembering its player; the
        updated record, or None when the game is no longer in play (nothing changed)."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE seats SET away_user_id = user_id, away_name = name, "
                "user_id = NULL, cpu_level = $1, name = $2 "
                "WHERE game_id = $3 AND seat = $4 AND user_id IS NOT NULL "
                "AND EXISTS (SELECT 1 FROM games WHERE id = $3 AND status = 'playing')",
                cpu_level,
                name,
                game_id,
                seat,
            )
        record = await self.get(game_id)
        return record if record is not None and record.status == "playing" else None

    async def return_seat(
        self, game_id: int, seat: int, user_id: int, *, deadline: float | None
    ) -> GameRecord | None:
        """The player a CPU replaced takes their seat back in a game in play, and the game's
        turn deadline becomes `deadline`, together; the updated record, or None when nothing
        changed (not their seat, or no longer in play)."""
        async with self.pool.acquire() as conn, conn.transaction():
            done = await conn.execute(
                "UPDATE seats SET user_id = away_user_id, name = away_name, cpu_level = NULL, "
                "away_user_id = NULL, away_name = NULL "
                "WHERE game_id = $1 AND seat = $2 AND away_user_id = $3 "
                "AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'playing')",
                game_id,
                seat,
                user_id,
            )
            changed = done.endswith(" 1")
            if changed:
                await conn.execute(
                    "UPDATE games SET deadline = $1 WHERE id = $2",
                    None if deadline is None else float(deadline),
                    game_id,
                )
        return await self.get(game_id) if changed else None

    async def start_game(
        self, game_id: int, *, players: int, snapshot: dict[str, Any], deadline: float | None
    ) -> GameRecord:
        """Lobby → playing, with the engine's initial snapshot at version 0; the updated record.
        Raises `StaleVersion` (nothing written) when the game is no longer a lobby."""
        async with self.pool.acquire() as conn:
            done = await conn.execute(
                "UPDATE games SET status = 'playing', players = $1, snapshot = $2, version = 0, "
                "deadline = $3, updated_at = $4 WHERE id = $5 AND status = 'lobby'",
                players,
                _dumps(snapshot),
                None if deadline is None else float(deadline),
                time.time(),
                game_id,
            )
        if done != "UPDATE 1":
            raise StaleVersion(f"game {game_id} is not a lobby")
        record = await self.get(game_id)
        assert record is not None
        return record

    async def abandon_game(self, game_id: int) -> GameRecord | None:
        """A lobby or a game in play → abandoned; the updated record, or None when the game was
        neither (nothing changed)."""
        async with self.pool.acquire() as conn:
            done = await conn.execute(
                "UPDATE games SET status = 'abandoned', deadline = NULL, updated_at = $1 "
                "WHERE id = $2 AND status IN ('lobby', 'playing')",
                time.time(),
                game_id,
            )
        return await self.get(game_id) if done == "UPDATE 1" else None

    async def commit_move(
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
        seats: Sequence[SeatRecord] | None = None,
    ) -> GameRecord:
        """Store the move that turns `version - 1` into `version`, atomically (one statement,
        see the module's docstring), and return the game's record as stored after it. `status`
        is `"finished"` for a game's last move, with its `result`. Raises `StaleVersion`,
        writing nothing, if the stored game is not at `version - 1`, including when another
        process stored that version first. `seats` (the SQLite store's shortcut) is not used:
        another process may have replaced a seat, so the record is read back whole."""
        try:
            async with self.pool.acquire() as conn:
                await conn.execute(
                    MOVE_SQL,
                    game_id,
                    version,
                    seat,
                    action,
                    int(by_cpu),
                    time.time(),
                    status,
                    _dumps(snapshot),
                    None if deadline is None else float(deadline),
                    _dumps(result["scores"]) if result is not None else None,
                    _dumps(result["winners"]) if result is not None else None,
                    _dumps(result) if result is not None else None,
                )
        except asyncpg.RaiseError as exc:
            if str(exc) == "stale version":
                raise StaleVersion(f"game {game_id} is not at version {version - 1}") from exc
            raise
        record = await self.get(game_id)
        assert record is not None
        return record

    async def set_table_version(self, game_id: int, version: int) -> None:
        """Record that the game's table message now shows `version` (never going back)."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE games SET table_version = $1 "
                "WHERE id = $2 AND (table_version IS NULL OR table_version < $1)",
                version,
                game_id,
            )

    async def in_play(self) -> list[tuple[int, int | None]]:
        """`(id, guild id)` of every game in play, oldest first (see `Store.in_play`)."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT id, guild_id FROM games WHERE status = 'playing' ORDER BY id"
            )
        return [(int(row[0]), row[1]) for row in rows]

    async def tables_behind(self) -> list[int]:
        """Games in play whose table shows an older version than the stored one (or an unknown
        one), oldest first."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT id FROM games WHERE status = 'playing' "
                "AND (table_version IS NULL OR table_version < version) ORDER BY id"
            )
        return [int(row[0]) for row in rows]

    async def unpublished_ends(self) -> list[int]:
        """Finished games whose end has not reached Discord yet, oldest first."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT id FROM games WHERE status = 'finished' AND NOT end_published ORDER BY id"
            )
        return [int(row[0]) for row in rows]

    async def repair_snapshot(self, game_id: int, version: int, snapshot: dict[str, Any]) -> None:
        """Replace an unreadable snapshot by one rebuilt from the complete action log."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE games SET snapshot = $1, problem = NULL WHERE id = $2 AND version = $3",
                _dumps(snapshot),
                game_id,
                version,
            )

    async def set_problem(self, game_id: int, problem: str) -> None:
        """Note why a game cannot be loaded (nothing else about it changes)."""
        async with self.pool.acquire() as conn:
            await conn.execute("UPDATE games SET problem = $1 WHERE id = $2", problem, game_id)

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The action log `(version, seat, action)` in order."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT version, seat, action FROM actions WHERE game_id = $1 ORDER BY version",
                game_id,
            )
        return [(r[0], r[1], r[2]) for r in rows]

    async def results(self, game_ids: Sequence[int]) -> dict[int, tuple[list[int], list[int]]]:
        """`(scores per seat, winning seats)` of those finished games, by game id."""
        if not game_ids:
            return {}
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT game_id, scores, winners FROM results WHERE game_id = ANY($1::bigint[])",
                list(game_ids),
            )
        return {int(r[0]): (json.loads(r[1]), json.loads(r[2])) for r in rows}

    async def result(self, game_id: int) -> dict[str, Any] | None:
        async with self.pool.acquire() as conn:
            text = await conn.fetchval("SELECT result FROM results WHERE game_id = $1", game_id)
        return json.loads(text) if text is not None else None

    # -- per-user settings and DM hand messages --------------------------------------------

    async def user_settings(self, user_id: int) -> tuple[str, str]:
        """`(hand_delivery, language)` of a user; `("ephemeral", "en")` by default. Cached until
        any process announces a change on `SETTINGS_CHANNEL`."""
        known = self._user_settings.get(user_id)
        if known is not None:
            return known
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT hand_delivery, language FROM user_settings WHERE user_id = $1", user_id
            )
        found = (str(row[0]), str(row[1])) if row else ("ephemeral", "en")
        return self._user_settings.setdefault(user_id, found)

    async def set_user_settings(self, user_id: int, delivery: str, language: str) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO user_settings (user_id, hand_delivery, language) "
                "VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET "
                "hand_delivery = excluded.hand_delivery, language = excluded.language",
                user_id,
                delivery,
                language,
            )
            await conn.execute("SELECT pg_notify($1, $2)", SETTINGS_CHANNEL, str(user_id))
        self._user_settings[user_id] = (delivery, language)

    async def remember_language(self, user_id: int, language: str) -> None:
        """Keep the language of a user's Discord client (turn pings and DM hands speak it);
        their hand delivery stays as it was ("ephemeral" for a new user)."""
        known = self._user_settings.get(user_id)
        if known is not None and known[1] == language:
            return
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO user_settings (user_id, hand_delivery, language) "
                "VALUES ($1, 'ephemeral', $2) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                user_id,
                language,
            )
            await conn.execute("SELECT pg_notify($1, $2)", SETTINGS_CHANNEL, str(user_id))
        self._user_settings.pop(user_id, None)  # read back with its stored delivery

    async def _pictures(self, table: str, key: int) -> bool:
        """The pictures switch of row `key` of `table` (a `PICTURE_SWITCHES` table); on when
        the row does not exist. Read each time: another process may have switched it."""
        sql = f"SELECT pictures FROM {table} WHERE {PICTURE_SWITCHES[table]} = $1"
        async with self.pool.acquire() as conn:
            row = await conn.fetchval(sql, key)
        return True if row is None else bool(row)

    async def _set_pictures(self, table: str, key: int, on: bool) -> None:
        column = PICTURE_SWITCHES[table]
        async with self.pool.acquire() as conn:
            await conn.execute(
                f"INSERT INTO {table} ({column}, pictures) VALUES ($1, $2) "
                f"ON CONFLICT ({column}) DO UPDATE SET pictures = excluded.pictures",
                key,
                int(on),
            )

    async def guild_pictures(self, guild_id: int) -> bool:
        """Whether a server shows pictures (tables, hands, the end); on by default."""
        return await self._pictures("guild_settings", guild_id)

    async def set_guild_pictures(self, guild_id: int, on: bool) -> None:
        await self._set_pictures("guild_settings", guild_id, on)

    async def user_pictures(self, user_id: int) -> bool:
        """Whether a player's own hand is shown with a picture; on by default."""
        return await self._pictures("user_settings", user_id)

    async def set_user_pictures(self, user_id: int, on: bool) -> None:
        await self._set_pictures("user_settings", user_id, on)

    async def hand_message(self, game_id: int, seat: int) -> tuple[int, int] | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT channel_id, message_id FROM hand_messages WHERE game_id = $1 AND seat = $2",
                game_id,
                seat,
            )
        return (row[0], row[1]) if row else None

    async def set_hand_message(
        self, game_id: int, seat: int, channel_id: int, message_id: int
    ) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO hand_messages (game_id, seat, channel_id, message_id) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id",
                game_id,
                seat,
                channel_id,
                message_id,
            )

    async def delete_hand_message(self, game_id: int, seat: int) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "DELETE FROM hand_messages WHERE game_id = $1 AND seat = $2", game_id, seat
            )

    async def set_live_hand(self, hand: StoredHand) -> None:
        """Keep the seat's live hand (replacing the one kept before)."""
        notice, action = hand.confirm if hand.confirm is not None else (None, None)
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO live_hands (game_id, seat, language, application_id, token, "
                "message_id, created_at, confirm_notice, confirm_action) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET language = excluded.language, "
                "application_id = excluded.application_id, token = excluded.token, "
                "message_id = excluded.message_id, created_at = excluded.created_at, "
                "confirm_notice = excluded.confirm_notice, "
                "confirm_action = excluded.confirm_action",
                hand.game_id,
                hand.seat,
                hand.language,
                hand.application_id,
                hand.token,
                hand.message_id,
                float(hand.created_at),
                notice,
                action,
            )

    async def delete_live_hand(self, game_id: int, seat: int) -> None:
        """The seat has no live hand to keep any more."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "DELETE FROM live_hands WHERE game_id = $1 AND seat = $2", game_id, seat
            )

    async def live_hands(self) -> list[StoredHand]:
        """Every kept live hand, with its game's server and whether the game is in play."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT h.game_id, h.seat, h.language, h.application_id, h.token, h.message_id, "
                "h.created_at, h.confirm_notice, h.confirm_action, g.guild_id, g.status "
                "FROM live_hands h JOIN games g ON g.id = h.game_id ORDER BY h.game_id, h.seat"
            )
        return [_stored_hand(tuple(row)) for row in rows]
