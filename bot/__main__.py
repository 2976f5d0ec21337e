"""`python -m bot`: read the settings and run the bot until interrupted.

With `--sandbox` it runs the local sandbox instead: the bot against a fake Discord on
127.0.0.1, played from a Discord-like page in the browser. Without a DISCORD_TOKEN it does so
too when started from a terminal (a newcomer trying the first command of the README); without
a terminal (a container, a service manager) it exits with status 2 and says what to set, so a
deployment that lost its token fails visibly instead of serving a sandbox nobody can reach.
`python -m bot migrate-sqlite-to-postgres` copies the SQLite database into PostgreSQL;
`python -m bot recompute-ratings` rebuilds every rating from the records of finished games.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import discord

from bot import health
from bot.settings import MissingToken, Settings, SettingsError, load_settings

if TYPE_CHECKING:
    from bot.storage.queries import GameStore

MIGRATE_COMMAND = "migrate-sqlite-to-postgres"
RECOMPUTE_COMMAND = "recompute-ratings"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Kasane Table Discord bot (settings from the environment and .env).",
    )
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="play locally in the browser: the bot against a fake Discord on 127.0.0.1 "
        "(the default when DISCORD_TOKEN is not set and the command runs in a terminal)",
    )
    parser.add_argument(
        "--health",
        action="store_true",
        help="check the running bot's status file and exit 0 if it is connected to Discord "
        "and can write its database, 1 otherwise (the container's HEALTHCHECK)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help="port of the sandbox page (default: SANDBOX_PORT, 8765; 0 picks a free one)",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")
    migrate = commands.add_parser(
        MIGRATE_COMMAND,
        help="copy every game, action and result from the SQLite database into PostgreSQL, "
        "then verify the copy (safe to run twice; stop the bot first)",
        description="Copy the SQLite database (DATABASE_PATH) into PostgreSQL (DATABASE_URL), "
        "verify row counts and replay every game. Safe to run twice. Stop the bot first.",
    )
    migrate.add_argument("--sqlite", type=Path, help="the SQLite file (default: DATABASE_PATH)")
    migrate.add_argument("--url", help="postgresql://… (default: DATABASE_URL)")
    recompute = commands.add_parser(
        RECOMPUTE_COMMAND,
        help="rebuild every rating from the stored records of finished games, in order",
        description="Rebuild every player's and CPU level's rating, per server and game, from "
        "the records of the games that ended, in the order they ended (after a change of the "
        "rating system). The database is DATABASE_URL if set, else DATABASE_PATH. Games that "
        "end meanwhile wait for it.",
    )
    recompute.add_argument("--sqlite", type=Path, help="the SQLite file (default: DATABASE_PATH)")
    recompute.add_argument("--url", help="postgresql://… (default: DATABASE_URL)")
    return parser.parse_args(argv)


def run_migration(args: argparse.Namespace) -> int:
    import os

    from dotenv import load_dotenv

    from bot.storage.copy import MigrationError, migrate_sqlite_to_postgres

    load_dotenv(".env", override=False)
    sqlite_path = args.sqlite or Path(os.environ.get("DATABASE_PATH") or "data/kasane.sqlite3")
    url = args.url or os.environ.get("DATABASE_URL")
    if not url:
        print("Set DATABASE_URL (or pass --url postgresql://…) to copy into.", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)
    try:
        report = asyncio.run(migrate_sqlite_to_postgres(sqlite_path, url))
    except (MigrationError, OSError) as exc:
        print(f"The copy failed and nothing was kept: {exc}", file=sys.stderr)
        return 1
    for line in report.lines():
        print(line)
    return 0


def run_recompute(args: argparse.Namespace) -> int:
    """`recompute-ratings`: every rating rebuilt from the records; prints what it did."""
    import os

    from dotenv import load_dotenv

    from bot.storage.records import STORAGE_ERRORS

    load_dotenv(".env", override=False)
    url = args.url or (None if args.sqlite else os.environ.get("DATABASE_URL"))
    path = args.sqlite or Path(os.environ.get("DATABASE_PATH") or "data/kasane.sqlite3")
    if url is None and not path.exists():
        print(f"No database at {path} (set DATABASE_PATH or DATABASE_URL).", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)

    async def recompute() -> tuple[int, int]:
        if url:
            from bot.storage.postgres import PostgresStore

            store: GameStore = await PostgresStore.open(url)
        else:
            from bot.storage.sqlite import SqliteStore

            store = await SqliteStore.open(path)
        try:
            return await store.recompute_ratings()
        finally:
            await store.close()

    try:
        games, players = asyncio.run(recompute())
    except (*STORAGE_ERRORS, OSError) as exc:
        print(f"The ratings were not rebuilt (nothing changed): {exc}", file=sys.stderr)
        return 1
    print(f"{games} game(s) rated again in order: {players} rating(s) rebuilt")
    return 0


def _logging(settings: Settings) -> None:
    discord.utils.setup_logging(level=getattr(logging, settings.log_level.upper(), logging.INFO))


def run_sandbox(settings: Settings, port: int | None) -> int:
    from bot.sandbox.runner import serve
    from bot.sandbox.world import WorldError

    _logging(settings)
    try:
        asyncio.run(serve(settings, port=settings.sandbox_port if port is None else port))
    except KeyboardInterrupt:
        pass
    except (OSError, WorldError, health.DatabaseUnusable) as exc:
        print(f"The sandbox could not start: {exc}", file=sys.stderr)
        return 1
    return 0


def check_health() -> int:
    """`--health`: 0 when the running bot reports itself connected with a writable database."""
    try:
        settings = load_settings()
    except MissingToken:  # the check does not need the token; the bot it checks does
        settings = Settings(_env_file=None, discord_token="unused")  # type: ignore[call-arg]
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    problem = health.check_status(health.health_file(settings), settings.health_interval_seconds)
    print(problem or "healthy", file=sys.stderr if problem else sys.stdout)
    return 1 if problem else 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.health:
        return check_health()
    if args.command == MIGRATE_COMMAND:
        return run_migration(args)
    if args.command == RECOMPUTE_COMMAND:
        return run_recompute(args)
    if not args.sandbox:
        try:
            settings = load_settings()
        except MissingToken:
            if not sys.stdin.isatty():
                print(
                    "DISCORD_TOKEN is not set: set it (in the environment or .env) to run the "
                    "bot on Discord, or run `python -m bot --sandbox` for the local sandbox.",
                    file=sys.stderr,
                )
                return 2
            print(
                "DISCORD_TOKEN is not set, so the local sandbox starts instead: a Discord-like "
                "page in your browser where you play as several users. To run on Discord, copy "
                ".env.example to .env and put your bot token there.",
                flush=True,
            )
            args.sandbox = True
        except SettingsError as exc:
            print(exc, file=sys.stderr)
            return 2
        else:
            from bot.client import create_bot

            try:
                if not settings.database_url:  # PostgreSQL is checked as the bot connects
                    health.check_database(settings.database_path)
            except health.DatabaseUnusable as exc:
                print(f"The bot cannot start: {exc}", file=sys.stderr)
                return 1
            _logging(settings)
            bot = create_bot(settings)
            try:
                bot.run(settings.discord_token.get_secret_value(), log_handler=None)
            except health.DatabaseUnusable as exc:  # it broke between the check and the start
                print(f"The bot cannot start: {exc}", file=sys.stderr)
                return 1
            return 0
    try:
        settings = load_settings(sandbox=True)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    return run_sandbox(settings, args.port)


if __name__ == "__main__":
    sys.exit(main())
