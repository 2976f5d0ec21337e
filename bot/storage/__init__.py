"""The bot's database: records, shared queries, the SQLite and PostgreSQL backends, migrations."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.storage.queries import GameStore


async def open_store(settings: Settings) -> GameStore:
    """The database the settings name: PostgreSQL with `DATABASE_URL` (several processes may
    share it), otherwise the SQLite file at `DATABASE_PATH` (the default)."""
    if settings.database_url:
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.open(settings.database_url)
    from bot.storage.sqlite import SqliteStore

    return await SqliteStore.open(settings.database_path)
