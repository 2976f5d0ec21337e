"""The migrations, written once for both backends, build exactly the schema recorded for each
migration number from the files of the release that introduced it (`schema_history.txt`): on a
new database, and on a database an older release left at any number."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage.migrations import in_dialect, migration_files
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore
from tests.bot.schema import (
    Schema,
    apply_sqlite,
    postgres_schema,
    read_history,
    rebuilding_statements,
    sqlite_schema,
)

HISTORY = read_history()

#: Migrations whose objects a later one creates in their current form, for every database.
SUPERSEDED = {4: "0005 replaces the view and trigger of 0004 and creates them for every database"}


def assert_same(built: Schema, recorded: Schema, where: str) -> None:
    missing, extra = sorted(recorded - built), sorted(built - recorded)
    assert not missing and not extra, f"{where}: missing {missing}, not recorded {extra}"


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_every_migration_has_its_recorded_schema(dialect: str) -> None:
    numbers = [number for number, _, _ in migration_files(dialect)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert numbers == sorted(HISTORY[dialect])[1:], (
        "record the schema of a new migration with `python -m tests.bot.schema`"
    )


def test_sqlite_migrations_build_each_recorded_stage() -> None:
    """Applied one by one, every migration leaves the schema the release that introduced it
    left; where a migration is superseded, its old objects are rebuilt from the record (a
    database an older release left at that number) and the next migrations replace them."""
    history = HISTORY["sqlite"]
    db = sqlite3.connect(":memory:", isolation_level=None)
    for number, name, sql in migration_files("sqlite"):
        apply_sqlite(db, sql)
        if number in SUPERSEDED:
            assert_same(sqlite_schema(db), history[number - 1], f"{name} (superseded)")
            for statement in rebuilding_statements("sqlite", history[number], history[number - 1]):
                db.execute(statement)
        assert_same(sqlite_schema(db), history[number], name)
    db.close()


async def test_a_new_sqlite_database_has_the_recorded_schema(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "new.sqlite3")
    await store.close()
    db = sqlite3.connect(tmp_path / "new.sqlite3")
    history = HISTORY["sqlite"]
    assert db.execute("PRAGMA user_version").fetchone()[0] == max(history)
    assert_same(sqlite_schema(db), history[max(history)], "new database")
    db.close()


async def test_postgres_migrations_build_each_recorded_stage(postgres_url: str) -> None:
    """As on SQLite, each migration's SQL run as `PostgresStore.migrate` runs it."""
    history = HISTORY["postgres"]
    conn = await asyncpg.connect(postgres_url)
    try:
        for number, name, sql in migration_files("postgres"):
            await conn.execute(sql)
            if number in SUPERSEDED:
                built = await postgres_schema(conn)
                assert_same(built, history[number - 1], f"{name} (superseded)")
                old = rebuilding_statements("postgres", history[number], history[number - 1])
                for statement in old:
                    await conn.execute(statement)
            assert_same(await postgres_schema(conn), history[number], name)
    finally:
        await conn.close()


async def test_a_new_postgres_database_has_the_recorded_schema(postgres_url: str) -> None:
    history = HISTORY["postgres"]
    store = await PostgresStore.open(postgres_url)
    try:
        assert await store.schema_version() == max(history)
        async with store.pool.acquire() as conn:
            built = await postgres_schema(conn)
    finally:
        await store.close()
    assert_same(built, history[max(history)], "new database")


def test_each_dialect_gets_its_words_and_sections() -> None:
    sql = "a {int64} {float64}\n-- [sqlite]\nb\n-- [postgres]\nc {null_text}\n-- [both]\nd\n"
    assert in_dialect(sql, "sqlite") == "a INTEGER REAL\nb\nd\n"
    assert in_dialect(sql, "postgres") == "a BIGINT DOUBLE PRECISION\nc NULL::TEXT\nd\n"
    assert in_dialect("DEFAULT '{}'", "postgres") == "DEFAULT '{}'\n"
    with pytest.raises(KeyError, match="int23"):
        in_dialect("x {int23}", "sqlite")
    with pytest.raises(ValueError, match="mysql"):
        in_dialect("-- [mysql]\nx", "sqlite")
