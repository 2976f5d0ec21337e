"""`python -m bot migrate-sqlite-to-postgres`: copy a SQLite database into PostgreSQL.

Every game (with its id), seat, action, result, seat's record, DM hand message and user setting is
copied in one PostgreSQL transaction, so an interrupted copy leaves nothing behind, and a copy run
twice finds its rows already there and leaves them as they are (rows that changed in the SQLite
file since are updated). It then verifies the copy: the row counts of every table, each game's
version, status, snapshot and action log, and a replay of each game's log from its seed to its
snapshot. The ratings are then rebuilt there from the copied records.

Stop the bot before copying: moves made on SQLite during the copy would not be in PostgreSQL.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage.postgres import PostgresStore
from bot.storage.records import GAME_COLUMNS
from bot.storage.sqlite import SqliteStore
from games import registry

log = logging.getLogger(__name__)

#: Copied tables, parents first, with their columns and primary key.
TABLES: dict[str, tuple[list[str], list[str]]] = {
    "games": (list(GAME_COLUMNS), ["id"]),
    "seats": (
        ["game_id", "seat", "user_id", "cpu_level", "name", "away_user_id", "away_name"],
        ["game_id", "seat"],
    ),
    "actions": (
        ["game_id", "version", "seat", "action", "by_cpu", "created_at"],
        ["game_id", "version"],
    ),
    "results": (
        ["game_id", "game", "finished_at", "scores", "winners", "result"],
        ["game_id"],
    ),
    "seat_records": (
        [
            "game_id",
            "seat",
            "guild_id",
            "game",
            "ended_at",
            "players",
            "user_id",
            "cpu_level",
            "name",
            "outcome",
            "place",
            "score",
            "margin",
            "breakdown",
            "rated",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "games",
        ],
        ["game_id", "seat"],
    ),
    "hand_messages": (
        ["game_id", "seat", "channel_id", "message_id", "confirm_notice", "confirm_action"],
        ["game_id", "seat"],
    ),
    "user_settings": (["user_id", "hand_delivery", "language", "pictures"], ["user_id"]),
    "guild_settings": (["guild_id", "pictures"], ["guild_id"]),
}

#: Columns PostgreSQL keeps as DOUBLE PRECISION or BOOLEAN where SQLite may hold an int.
FLOAT_COLUMNS = {
    "table_posted_at",
    "deadline",
    "created_at",
    "updated_at",
    "finished_at",
    "ended_at",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
}
BOOL_COLUMNS = {"end_published"}


class MigrationError(RuntimeError):
    """The copy cannot be made, or does not match its source; nothing is left half-done."""


@dataclass
class Report:
    """What a copy did and found."""

    counts: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    #: Ratings rebuilt from the copied seats' records (`GameStore.recompute_ratings`).
    ratings: int = 0
    #: Games whose log does not replay to their snapshot, in the SQLite file as in the copy.
    not_replaying: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [
            f"{table}: {count} row(s) copied and verified" for table, count in self.counts.items()
        ]
        out.append(f"{self.replayed} game(s) replayed from their seed to their stored snapshot")
        out.append(f"{self.ratings} rating(s) rebuilt from the records of finished games")
        if self.not_replaying:
            out.append(
                "games whose action log does not replay to their snapshot (so already in the "
                f"SQLite file; the bot plays on from the snapshot): {self.not_replaying}"
            )
        return out


def _convert(column: str, value: Any) -> Any:
    if value is None:
        return None
    if column in FLOAT_COLUMNS:
        return float(value)
    if column in BOOL_COLUMNS:
        return bool(value)
    return value


async def _rows(source: SqliteStore, table: str) -> list[tuple[Any, ...]]:
    columns, key = TABLES[table]
    sql = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
    async with source.db.execute(sql) as cur:
        return [
            tuple(_convert(c, v) for c, v in zip(columns, row, strict=True))
            for row in await cur.fetchall()
        ]


async def copy(source: SqliteStore, target: PostgresStore) -> Report:
    """Copy every row of `source` into `target`, then verify (raises `MigrationError`)."""
    data = {table: await _rows(source, table) for table in TABLES}
    game_ids = [row[0] for row in data["games"]]
    async with target.pool.acquire() as conn, conn.transaction():
        # Games already in PostgreSQL under the same id must be these games (copied before),
        # not others the bot created there.
        existing = await conn.fetch(
            "SELECT id, game, guild_id, created_at, updated_at FROM games "
            "WHERE id = ANY($1::bigint[])",
            game_ids,
        )
        columns = TABLES["games"][0]
        source = {row[0]: dict(zip(columns, row, strict=True)) for row in data["games"]}
        identity = ("game", "guild_id", "created_at")
        clashes = [r["id"] for r in existing if any(source[r["id"]][c] != r[c] for c in identity)]
        if clashes:
            raise MigrationError(
                f"PostgreSQL already holds other games under the ids {clashes[:20]}: copy into "
                "an empty database (or the one this file was copied into before)"
            )
        moved_on = [r["id"] for r in existing if r["updated_at"] > source[r["id"]]["updated_at"]]
        if moved_on:
            raise MigrationError(
                f"games {moved_on[:20]} changed in PostgreSQL after they were copied: copying "
                "again would undo those changes, so nothing was copied"
            )
        for table, (columns, key) in TABLES.items():
            placeholders = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
            updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
            await conn.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders}) "
                f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}",
                data[table],
            )
        # Seats renumbered in SQLite since an earlier copy: drop the ones no longer there.
        await conn.execute(
            "DELETE FROM seats s WHERE s.game_id = ANY($1::bigint[]) AND NOT EXISTS ("
            "SELECT 1 FROM unnest($2::bigint[], $3::int[]) AS k(game_id, seat) "
            "WHERE k.game_id = s.game_id AND k.seat = s.seat)",
            game_ids,
            [row[0] for row in data["seats"]],
            [row[1] for row in data["seats"]],
        )
        # New games made on PostgreSQL get ids after the copied ones.
        await conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), "
            "GREATEST((SELECT COALESCE(MAX(id), 0) FROM games), 1))"
        )
    return await verify(data, target)


async def verify(data: dict[str, list[tuple[Any, ...]]], target: PostgresStore) -> Report:
    """Compare the copy with the rows read from SQLite, and replay every game's log."""
    report = Report()
    game_ids = [row[0] for row in data["games"]]
    #: Tables keyed by something else than a game: their own keys, as read from SQLite.
    own_keys = {
        table: [row[0] for row in data[table]] for table in ("user_settings", "guild_settings")
    }
    async with target.pool.acquire() as conn:
        for table, (columns, key) in TABLES.items():
            if table in own_keys:
                where, ids = f"{key[0]} = ANY($1::bigint[])", own_keys[table]
            else:
                where = f"{'id' if table == 'games' else 'game_id'} = ANY($1::bigint[])"
                ids = game_ids
            copied = await conn.fetch(
                f"SELECT {', '.join(columns)} FROM {table} WHERE {where} ORDER BY {', '.join(key)}",
                ids,
            )
            if [tuple(row) for row in copied] != data[table]:
                differing = len(set(map(tuple, copied)) ^ set(data[table]))
                raise MigrationError(
                    f"{table}: {len(copied)} row(s) in PostgreSQL for {len(data[table])} in "
                    f"SQLite, {differing} differing"
                )
            report.counts[table] = len(copied)
    for game_id in game_ids:
        record = await target.get(game_id)
        if record is None or record.snapshot is None or record.status == "lobby":
            continue
        if _replays(record, await target.actions(game_id)):
            report.replayed += 1
        else:
            report.not_replaying.append(game_id)
    return report


def _replays(record: Any, rows: list[tuple[int, int, str]]) -> bool:
    """Whether the log, applied from the seed, leads exactly to the stored snapshot."""
    try:
        game = registry.get(record.game)
        state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
        for _version, seat, text in rows:
            state.apply(seat, game.Action.decode(text))
    except Exception as exc:
        log.info("game %s does not replay: %s", record.id, exc)
        return False
    return [v for v, _, _ in rows] == list(range(1, record.version + 1)) and (
        state.snapshot() == record.snapshot
    )


async def migrate_sqlite_to_postgres(sqlite_path: Path, url: str) -> Report:
    """Open both databases (each brought to the latest schema), copy and verify."""
    if not sqlite_path.is_file():
        raise MigrationError(f"no SQLite database at {sqlite_path}")
    source = await SqliteStore.open(sqlite_path)
    try:
        target = await PostgresStore.open(url)
        try:
            report = await copy(source, target)
            _, report.ratings = await target.recompute_ratings()
            return report
        finally:
            await target.close()
    finally:
        await source.close()
