"""The database schema as text, and the recorded schema after every migration.

`sqlite_schema` and `postgres_schema` describe a database's schema as a set of lines, one per
object (SQLite: every `sqlite_master` row; PostgreSQL: every column, constraint, index, view,
function and trigger, as `information_schema` and `pg_get_*def` print them), white space folded.
`schema_history.txt` holds, for each dialect, what each migration changed in those lines, as
recorded from the migration files of the release that introduced it: the schema an older
release left behind at any migration number can be rebuilt from it and compared.

Record a new migration's stage with `python -m tests.bot.schema` (it appends the numbers not
recorded yet and never rewrites a recorded one).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import asyncpg

from bot.storage.migrations import migration_files, sqlite_statements

HISTORY = Path(__file__).with_name("schema_history.txt")

Schema = frozenset[str]


def _folded(text: str | None) -> str:
    return " ".join((text or "").split())


def sqlite_schema(db: sqlite3.Connection) -> Schema:
    """Every `sqlite_master` row: `<type> <name> on <table>: <its SQL>`."""
    rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return frozenset(f"{kind} {name} on {table}: {_folded(sql)}" for kind, name, table, sql in rows)


def apply_sqlite(db: sqlite3.Connection, sql: str) -> None:
    """One migration's statements, run as `SqliteStore.migrate` runs them."""
    for statement in sqlite_statements(sql):
        db.execute(statement)


#: What describes a PostgreSQL schema; the migration runner's own `schema_migrations` is left out.
POSTGRES_QUERIES = {
    "column": """
        SELECT table_name || '.' || column_name,
               concat_ws(' ', ordinal_position, data_type,
                         CASE is_nullable WHEN 'NO' THEN 'NOT NULL' END,
                         'DEFAULT ' || column_default,
                         'GENERATED ' || identity_generation || ' AS IDENTITY')
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> 'schema_migrations'""",
    "constraint": """
        SELECT conrelid::regclass || '.' || conname, pg_get_constraintdef(oid)
        FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace
          AND conrelid::regclass::text <> 'schema_migrations'""",
    "index": """
        SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> 'schema_migrations'""",
    "view": """
        SELECT viewname, pg_get_viewdef(viewname::regclass) FROM pg_views
        WHERE schemaname = 'public'""",
    "function": """
        SELECT proname, pg_get_functiondef(oid) FROM pg_proc
        WHERE pronamespace = 'public'::regnamespace""",
    "trigger": """
        SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal""",
}


async def postgres_schema(conn: asyncpg.Connection) -> Schema:
    """Every row of `POSTGRES_QUERIES`: `<kind> <name>: <its definition>`."""
    lines = set()
    for kind, query in POSTGRES_QUERIES.items():
        for name, definition in await conn.fetch(query):
            lines.add(f"{kind} {name}: {_folded(definition)}")
    return frozenset(lines)


#: The kinds of object `rebuilding_statements` can create again, in the order to create them.
REBUILT_KINDS = ("view", "function", "trigger")


def rebuilding_statements(dialect: str, later: Schema, earlier: Schema) -> list[str]:
    """The statements that create again the views, functions and triggers `later` has and
    `earlier` lacks (what a test needs to rebuild the objects of a migration that a later
    release's files no longer create). Their columns come with the views."""
    statements = []
    for line in later - earlier:
        head, _, definition = line.partition(": ")
        kind, name = head.split(" ")[:2]
        if kind not in REBUILT_KINDS:
            continue
        if dialect == "postgres" and kind == "view":
            definition = f"CREATE VIEW {name} AS {definition}"
        statements.append((REBUILT_KINDS.index(kind), definition))
    return [statement for _, statement in sorted(statements)]


HEADER = [
    "# The schema after each migration, per dialect: `== <dialect> <number>`, then the lines",
    "# of `tests/bot/schema.py`'s schema description that migration removed (-) and added (+),",
    "# recorded from the migration files of the release that introduced it. Appended by",
    "# `python -m tests.bot.schema`; a recorded stage is never rewritten.",
]


def read_history() -> dict[str, dict[int, Schema]]:
    """For each dialect, the recorded schema after each migration number (0: empty)."""
    stages: dict[str, dict[int, Schema]] = {}
    current: set[str] = set()
    dialect, number = "", 0
    for line in HISTORY.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            _, dialect, digits = line.split()
            recorded = stages.setdefault(dialect, {0: frozenset()})
            current = set(recorded[max(recorded)])
            number = int(digits)
        elif line.startswith(("+ ", "- ")):
            (current.add if line[0] == "+" else current.discard)(line[2:])
        else:
            continue
        stages[dialect][number] = frozenset(current)
    return stages


def changes(number: int, dialect: str, before: Schema, after: Schema) -> Iterator[str]:
    """The history's lines for migration `number`: what it removed, then what it added."""
    yield f"== {dialect} {number}"
    yield from (f"- {line}" for line in sorted(before - after))
    yield from (f"+ {line}" for line in sorted(after - before))


def sqlite_stages() -> Iterator[tuple[int, Schema]]:
    """The schema after each migration file, applied one by one to a new SQLite database."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    for number, _, sql in migration_files("sqlite"):
        apply_sqlite(db, sql)
        yield number, sqlite_schema(db)
    db.close()


async def postgres_stages() -> list[tuple[int, Schema]]:
    """Likewise on a new database of a throwaway PostgreSQL server."""
    from bot.sandbox.postgres import throwaway_cluster

    with throwaway_cluster() as cluster:
        conn = await asyncpg.connect(cluster.new_database())
        try:
            found = []
            for number, _, sql in migration_files("postgres"):
                await conn.execute(sql)
                found.append((number, await postgres_schema(conn)))
            return found
        finally:
            await conn.close()


def record() -> None:
    """Append to the history the stages of the migrations it does not hold yet."""
    history = read_history() if HISTORY.exists() else {}
    built = {"sqlite": list(sqlite_stages()), "postgres": asyncio.run(postgres_stages())}
    lines: list[str] = []
    for dialect, stages in built.items():
        recorded = history.get(dialect, {0: frozenset()})
        for number, schema in stages:
            if number not in recorded:
                lines.extend(changes(number, dialect, recorded[number - 1], schema))
                recorded[number] = schema
        history[dialect] = recorded
    if not HISTORY.exists():
        lines[:0] = HEADER
    with HISTORY.open("a", encoding="utf-8") as out:
        out.writelines(f"{line}\n" for line in lines)
    print(f"{HISTORY.name}: {sum(line.startswith('== ') for line in lines)} stage(s) appended")


if __name__ == "__main__":
    record()
