"""Whether the bot can run and is running: the database check at start-up, the status file the
running bot keeps fresh, and `python -m bot --health`, which reads it (the container's
HEALTHCHECK).

At start-up the database file is opened, checked (`PRAGMA quick_check`) and written to before
anything else happens: a corrupt file, a file that is not a database, or one the bot may not
write to stops the bot at once with one line saying which file, what is wrong and what to do.

While it runs, the bot writes a small JSON status file every `HEALTH_INTERVAL_SECONDS`: when,
whether it is connected to Discord, and whether its last test write to the database worked.
`--health` fails when that file is missing, stale, or reports either problem.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.settings import Settings

log = logging.getLogger(__name__)

#: The status file counts as stale after this many intervals without a refresh.
STALE_INTERVALS = 3


class DatabaseUnusable(RuntimeError):
    """The database file cannot be used; the message says which, why and what to do."""


def check_database(path: Path) -> None:
    """Open the database, check its integrity and make a test write (that changes nothing).
    Raises `DatabaseUnusable` with one readable line otherwise. A missing file is fine: the
    store creates it (and its folder) on first start."""
    if str(path) == ":memory:":
        return
    where = f"DATABASE_PATH={path}"
    if path.is_dir():
        raise DatabaseUnusable(f"{where} is a folder, not a file. Point it at a file.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseUnusable(
            f"{where}: its folder cannot be created ({exc.strerror}). Create it, or choose "
            "another path."
        ) from None
    try:
        db = sqlite3.connect(path, timeout=5, isolation_level=None)
    except sqlite3.Error as exc:
        raise DatabaseUnusable(f"{where} cannot be opened ({exc}). Check the path.") from None
    try:
        try:
            rows = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as exc:
            raise DatabaseUnusable(
                f"{where} is not a usable SQLite database ({exc}). Restore it from a backup, "
                "or move it away to start with an empty one."
            ) from None
        problems = [line for r in rows if r and r[0] != "ok" for line in str(r[0]).splitlines()]
        if problems:
            raise DatabaseUnusable(
                f"{where} is damaged ({problems[0]}; {len(problems)} problem(s) in all). "
                "Restore it from a backup (or try `sqlite3 <file> .recover`)."
            )
        try:
            # Writing the schema version back as it is: a real write and commit, no change.
            (version,) = db.execute("PRAGMA user_version").fetchone()
            db.execute(f"PRAGMA user_version = {int(version)}")
        except sqlite3.Error as exc:
            raise DatabaseUnusable(
                f"{where} cannot be written to ({exc}). Give the bot's user write access to "
                "the file and its folder, and check that the disk is not full."
            ) from None
    finally:
        db.close()


def health_file(settings: Settings) -> Path:
    """Where the running bot keeps its status (HEALTH_FILE, or next to the database)."""
    if settings.health_file is not None:
        return settings.health_file
    return settings.database_path.parent / "health.json"


def _write_status(path: Path, status: dict[str, Any]) -> None:
    """Replace the status file in one step (a reader never sees half of it)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(status))
    os.replace(partial, path)


class Writable(Protocol):
    """A database the bot writes to (`GameStore.check_writable` makes a test write)."""

    async def check_writable(self) -> None: ...


def connected(client: discord.Client) -> bool:
    """Whether the client is logged in with an open gateway connection."""
    if client.is_closed() or not client.is_ready():
        return False
    socket = getattr(client, "ws", None)
    return socket is not None and bool(getattr(socket, "open", False))


async def report(client: discord.Client, store: Writable, path: Path, every: float) -> None:
    """Refresh the status file every `every` seconds until cancelled; remove it then."""
    try:
        while True:
            problem = None
            try:
                await store.check_writable()
            except Exception as exc:  # any failure means "not writable"; say which
                problem = f"{type(exc).__name__}: {exc}"
                log.error("the database cannot be written to: %s", problem)
            status = {
                "time": time.time(),
                "connected": connected(client),
                "database": problem or "ok",
            }
            try:
                await asyncio.to_thread(_write_status, path, status)
            except OSError as exc:
                log.warning("could not write the status file %s: %s", path, exc)
            await asyncio.sleep(every)
    finally:
        path.unlink(missing_ok=True)


def check_status(path: Path, every: float, *, now: float | None = None) -> str | None:
    """What is wrong according to the status file, or None when all is well."""
    try:
        status = json.loads(path.read_text())
    except FileNotFoundError:
        return f"no status file at {path}: the bot is not running (or not started yet)"
    except (OSError, ValueError) as exc:
        return f"the status file {path} cannot be read: {exc}"
    age = (time.time() if now is None else now) - float(status.get("time", 0))
    if age > STALE_INTERVALS * every:
        return f"the status is {age:.0f} s old: the bot is stuck or stopped"
    if status.get("database") != "ok":
        return f"the database cannot be written to: {status.get('database')}"
    if not status.get("connected"):
        return "the bot is not connected to Discord"
    return None
