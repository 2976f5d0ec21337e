"""Storage faults: a corrupt snapshot, a missing action row, the previous schema, a full disk.
The bot says so clearly, keeps other games running, and never overwrites good data with bad."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiosqlite

from bot.sandbox.fakediscord import FakeDiscord, User
from bot.storage.migrations import migration_files
from bot.storage.sqlite import SqliteStore
from tests.bot.test_sessions import play_through
from tests.e2e.harness import game_started, make_bot, start_through_lobby, table_message

REPORT: dict[str, int] = {}


async def click_take(
    fake: FakeDiscord, user: User, game_id: int, thread_id: int, version: int, seat: int
) -> Any:
    table = table_message(fake, game_id, thread_id)
    take = next(c for c in table.custom_ids if c.startswith(f"mv:{game_id}:{version}:{seat}:take"))
    inter = await user.click_raw(table.id, table.channel_id, take)
    return await inter.response()


async def two_games(fake: FakeDiscord, bot: Any, people: list[User]) -> list[tuple[int, int]]:
    games = []
    for group in (people[:3], people[3:]):
        game_id, thread_id, _ = await start_through_lobby(fake, group[0], group[1:], "kasane")
        games.append((game_id, thread_id))
    return games


async def raw(db_path: Path, sql: str, *args: Any) -> None:
    async with aiosqlite.connect(db_path) as db:
        await db.execute(sql, args)
        await db.commit()


async def read_row(db_path: Path, game_id: int) -> tuple[str, int, str | None]:
    async with (
        aiosqlite.connect(db_path) as db,
        db.execute("SELECT snapshot, version, problem FROM games WHERE id = ?", (game_id,)) as cur,
    ):
        row = await cur.fetchone()
    assert row is not None
    return row[0], row[1], row[2]


async def test_corrupt_snapshot_and_missing_action_row(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    people = [fake.add_user(f"P{i}", locale="en-US") for i in range(6)]
    db = tmp_path / "db.sqlite3"
    async with fake.run_bot(make_bot(fake, db, seed=4)) as bot:
        (g1, t1), (g2, t2) = await two_games(fake, bot, people)
    # Damage the database while the bot is down: game 1 loses its snapshot (its log is intact),
    # game 2 loses its snapshot and the log cannot rebuild it (no seed can replay garbage).
    await raw(db, "UPDATE games SET snapshot = '{not json' WHERE id = ?", g1)
    await raw(db, "UPDATE games SET snapshot = '{\"broken\": true}' WHERE id = ?", g2)
    await raw(db, "UPDATE games SET seed = -1, options = '{\"variant_a\": 7}' WHERE id = ?", g2)
    before_g2 = await read_row(db, g2)
    async with fake.run_bot(make_bot(fake, db)) as bot:
        # Game 1 is rebuilt from its action log and plays on.
        session = await bot.sessions.get(g1)
        assert session is not None and session.version == 0
        response = await click_take(
            fake, people[session.state.to_act()[0]], g1, t1, 0, session.state.to_act()[0]
        )
        assert response.type == 7
        snapshot, version, problem = await read_row(db, g1)
        assert version == 1 and snapshot.startswith("{") and problem is None
        # Game 2 cannot be loaded: every click says so, and its rows stay as they were.
        table = table_message(fake, g2, t2)
        for user in people[3:]:
            inter = await user.click_raw(table.id, table.channel_id, f"hd:{g2}")
            response = await inter.response()
            assert response.ephemeral and "damaged" in response.message.text  # type: ignore[union-attr]
        after_g2 = await read_row(db, g2)
        assert after_g2[:2] == before_g2[:2] and after_g2[2]
        inter = await people[3].slash("game list")
        assert "damaged" in (await inter.response()).message.text  # type: ignore[union-attr]
        REPORT["faults"] = REPORT.get("faults", 0) + 2

    # A missing action row: the snapshot is the truth, so the game goes on from it.
    await raw(db, "DELETE FROM actions WHERE game_id = ? AND version = 1", g1)
    async with fake.run_bot(make_bot(fake, db)) as bot:
        session = await bot.sessions.get(g1)
        assert session is not None and session.version == 1
        seat = session.state.to_act()[0]
        if session.state.public_view().step == "take":
            assert (await click_take(fake, people[seat], g1, t1, 1, seat)).type == 7
            assert session.version == 2
        REPORT["faults"] += 1


async def test_a_full_disk_refuses_the_move_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", "P0:en-US P1:en-US P2:en-US", seed=6
    ) as game:
        fake, bot, session, game_id, thread_id, people = game
        db = tmp_path / "db.sqlite3"
        seat = session.state.to_act()[0]
        before = await read_row(db, game_id)
        # A move is written on aiosqlite's connection, or at once on the store's direct one.
        real_execute, direct = bot.store.db.execute, bot.store._direct
        assert direct is not None

        def full_disk(execute: Any) -> Any:
            def execute_unless_a_move(sql: str, *args: Any, **kwargs: Any) -> Any:
                if sql.startswith("INSERT INTO moves"):
                    raise sqlite3.OperationalError("database or disk is full")
                return execute(sql, *args, **kwargs)

            return execute_unless_a_move

        bot.store.db.execute = full_disk(real_execute)  # type: ignore[method-assign]
        bot.store._direct = SimpleNamespace(execute=full_disk(direct.execute))  # type: ignore[assignment]
        response = await click_take(fake, people[seat], game_id, thread_id, 0, seat)
        assert response.ephemeral and "could not save" in response.message.text  # type: ignore[union-attr]
        assert await read_row(db, game_id) == before
        assert session.version == 0 and session.state.snapshot() == before_snapshot(before)
        bot.store.db.execute, bot.store._direct = real_execute, direct  # type: ignore[method-assign]
        # Once the disk has room again, the same button works.
        response = await click_take(fake, people[seat], game_id, thread_id, 0, seat)
        assert response.type == 7 and session.version == 1
        REPORT["faults"] = REPORT.get("faults", 0) + 1


def before_snapshot(row: tuple[str, int, str | None]) -> dict[str, Any]:
    return json.loads(row[0])


async def test_a_database_of_an_older_schema_plays_on(tmp_path: Path) -> None:
    """A game in play stored by the schema of three versions ago (before `end_published`, the
    one-statement move and the table's recorded version) loads after the upgrade and ends
    exactly as it would have."""
    files = migration_files()

    async def downgrade(path: Path) -> None:
        async with aiosqlite.connect(path) as db:
            # Take the database back to version 2: drop what migrations 0003 to 0011 added.
            await db.execute("DROP VIEW moves")  # its trigger goes with it
            await db.execute("ALTER TABLE games DROP COLUMN end_published")
            await db.execute("ALTER TABLE games DROP COLUMN table_version")
            await db.execute("DROP TABLE guild_settings")
            await db.execute("ALTER TABLE user_settings DROP COLUMN pictures")
            await db.execute("ALTER TABLE seats DROP COLUMN away_user_id")
            await db.execute("ALTER TABLE seats DROP COLUMN away_name")
            await db.execute("DROP TABLE live_hands")
            await db.execute("ALTER TABLE hand_messages DROP COLUMN confirm_notice")
            await db.execute("ALTER TABLE hand_messages DROP COLUMN confirm_action")
            await db.execute("ALTER TABLE user_settings DROP COLUMN chosen_language")
            await db.execute("DROP TABLE seat_records")
            await db.execute("DROP TABLE ratings")
            await db.execute("PRAGMA user_version = 2")
            await db.commit()
        store = await SqliteStore.open(path)
        assert await store.schema_version() == files[-1][0]
        await store.close()

    straight = await play_through(tmp_path, "new.sqlite3", seed=5, stop_at=None)
    upgraded = await play_through(tmp_path, "old.sqlite3", seed=5, stop_at=8, between=downgrade)
    assert upgraded == straight
