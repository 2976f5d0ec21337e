"""Runtime settings read from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from dotenv import load_dotenv
from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def parse_shard_ids(text: str | list[int] | None) -> list[int] | None:
    """`"0-3"` → [0, 1, 2, 3]; `"0,2"` and `"0-1,4"` likewise; empty → None."""
    if text is None or isinstance(text, list):
        return text
    ids: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{part!r} is neither a shard id nor a range like 0-3")
        ids.extend(range(int(first), int(last) + 1) if dash else [int(first)])
    if not ids:
        return None
    if len(set(ids)) != len(ids):
        raise ValueError("a shard id is listed twice")
    return sorted(ids)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events on."""
    return (guild_id >> 22) % shard_count


class Settings(BaseSettings):
    """Everything the bot reads at start-up. See `.env.example` for each variable."""

    model_config = SettingsConfigDict(extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr = Field(description="The bot token from the Developer Portal.")
    database_path: Path = Field(Path("data/kasane.sqlite3"), description="SQLite file.")
    cpu_delay_seconds: float = Field(1.5, ge=0, le=30, description="Pause before a CPU move.")
    page_pause_seconds: float = Field(
        90,
        ge=0,
        le=3600,
        description="The longest the CPUs wait at a page turn (a round's end) for the people to"
        " press Next, when the game has no turn timer; 0 turns the pauses off.",
    )
    cpu_expert_rollouts: int = Field(
        96,
        ge=8,
        le=2000,
        description="Search budget of one expert CPU decision (rollouts): larger is stronger "
        "and slower; 96 keeps a decision within 300 ms on one core.",
    )
    cpu_workers: int = Field(
        0, ge=0, le=64, description="Processes deciding CPU moves (0: one per CPU core)."
    )
    picture_process: bool = Field(
        True,
        description="Draw pictures in a process of their own (on another core where there is "
        "one), not in a thread of the bot, where the drawing's Python code holds up the clicks.",
    )
    cpu_moves_per_second: float = Field(
        20,
        ge=0,
        le=1000,
        description="CPU moves the bot makes per second over all its games, in turn (games "
        "with a person at the table first); a flood of CPU games slows down, people's clicks "
        "do not (0: no limit).",
    )
    log_level: str = Field("INFO", description="Python logging level.")
    dev_guild_id: int | None = Field(
        None, description="Sync slash commands to this guild only (instant, for development)."
    )
    sync_commands: bool = Field(True, description="Sync slash commands at start-up.")
    hand_lifetime_seconds: float = Field(
        840,
        gt=0,
        le=890,
        description=(
            "Close a private hand to one line this long after it was last shown (Discord lets "
            "the bot edit it for 15 minutes)."
        ),
    )
    table_repost_minutes: int = Field(
        55, ge=1, description="Re-post the table embed when it is older than this."
    )
    max_lobbies_per_user: int = Field(
        3, ge=0, description="Open lobbies one user may sit in at once (0: no limit)."
    )
    max_lobbies_per_channel: int = Field(
        5, ge=0, description="Open lobbies one channel may hold at once (0: no limit)."
    )
    max_games_per_user: int = Field(
        5,
        ge=0,
        description="Games in play one user may sit in at once; a game every human left "
        "counts against its host (0: no limit).",
    )
    lobby_expiry_minutes: float = Field(
        30, ge=0, description="A lobby unchanged this long closes by itself (0: never)."
    )
    newgame_cooldown_seconds: float = Field(
        10, ge=0, description="Seconds a user waits between two /newgame (0: none)."
    )
    health_file: Path | None = Field(
        None,
        description="Status file the running bot refreshes for `python -m bot --health` "
        "(default: health.json next to the database).",
    )
    health_interval_seconds: float = Field(
        30, gt=0, le=3600, description="How often the status file is refreshed."
    )
    stop_grace_seconds: float = Field(
        5, ge=0, le=60, description="On SIGTERM/SIGINT, how long moves in flight may take."
    )
    sandbox_port: int = Field(
        8765, ge=0, le=65535, description="Port of the sandbox page on 127.0.0.1 (0: any)."
    )
    sandbox_database_path: Path = Field(
        Path("data/sandbox.sqlite3"),
        description="SQLite file of the local sandbox, kept apart from the real bot's games.",
    )
    database_url: str | None = Field(
        None,
        description="postgresql://user:password@host:port/database: store the games in "
        "PostgreSQL (shared by several bot processes) instead of DATABASE_PATH.",
    )
    shard_count: int | None = Field(
        None, ge=1, description="Total number of shards over all processes (unset: no sharding)."
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        None, description="The shards this process runs, e.g. 0-3 or 0,2 (unset: all of them)."
    )

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, url: str | None) -> str | None:
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("DATABASE_URL must start with postgresql:// (SQLite: DATABASE_PATH)")
        return url or None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value: str | list[int] | None) -> list[int] | None:
        return parse_shard_ids(value)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            outside = [n for n in self.shard_ids if n >= self.shard_count]
            if outside:
                raise ValueError(f"SHARD_IDS {outside} are not below SHARD_COUNT")
        if self.shard_count is not None and self.shard_count > 1 and not self.database_url:
            # Each process would keep its own SQLite file: a DM click (always on shard 0)
            # could not reach the games of another process's guilds.
            owned = self.shard_ids or list(range(self.shard_count))
            if len(owned) != self.shard_count:
                raise ValueError(
                    "running some of the shards in this process needs a database shared with "
                    "the other processes: set DATABASE_URL"
                )
        return self

    @property
    def sharded(self) -> bool:
        """Whether the bot runs discord.py's AutoShardedBot (SHARD_COUNT is set)."""
        return self.shard_count is not None

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that guild (None: DMs, shard 0), and so owns
        its games: their CPU turns, timers and table publishing."""
        if self.shard_count is None:
            return True
        shard = 0 if guild_id is None else shard_of(guild_id, self.shard_count)
        return self.shard_ids is None or shard in self.shard_ids


class SettingsError(RuntimeError):
    """Raised with a readable message when the environment is incomplete."""


class MissingToken(SettingsError):
    """DISCORD_TOKEN is not set (`python -m bot` then starts the sandbox)."""


def load_settings(env_file: str | Path | None = ".env", *, sandbox: bool = False) -> Settings:
    """Load `.env` (if present) into the environment, then validate the settings. For the
    `sandbox`, DISCORD_TOKEN may be missing: the sandbox's fake Discord issues its own."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    try:
        if sandbox:
            settings = Settings(_env_file=None, discord_token="sandbox")  # type: ignore[call-arg]
            return settings.model_copy(
                update={
                    "database_path": settings.sandbox_database_path,
                    "database_url": None,
                    "shard_count": None,
                    "shard_ids": None,
                }
            )
        return Settings(_env_file=None)  # type: ignore[call-arg]
    except ValidationError as exc:
        missing = [".".join(str(p) for p in err["loc"]) for err in exc.errors()]
        if "discord_token" in missing:
            raise MissingToken(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token "
                "there (Discord Developer Portal → your application → Bot → Reset Token)."
            ) from None
        raise SettingsError(f"Invalid settings: {exc}") from None
