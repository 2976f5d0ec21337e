"""Settings: `.env` is read, defaults apply, and a missing token is explained."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def private_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """`load_dotenv` writes to the environment: give each test its own copy."""
    monkeypatch.setattr(os, "environ", os.environ.copy())


def test_reads_env_file_and_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "CPU_DELAY_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc.def\nDEV_GUILD_ID=\nCPU_DELAY_SECONDS=0.5\n")
    monkeypatch.chdir(tmp_path)
    settings = load_settings(env)
    assert settings.discord_token.get_secret_value() == "abc.def"
    assert settings.dev_guild_id is None
    assert settings.cpu_delay_seconds == 0.5
    assert str(settings.database_path) == "data/kasane.sqlite3"
    assert "abc.def" not in repr(settings)


def test_missing_token_is_explained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=\n")
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is not set"):
        load_settings(env)


def test_env_example_lists_every_setting() -> None:
    from bot.settings import Settings

    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in Settings.model_fields:
        assert f"{name.upper()}=" in example


def test_shard_settings_parse_ranges_and_own_their_guilds(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import Settings, parse_shard_ids, shard_of

    assert parse_shard_ids("0-3") == [0, 1, 2, 3]
    assert parse_shard_ids("0-1, 4") == [0, 1, 4]
    for bad in ("a", "1-", "0,0"):
        with pytest.raises(ValueError):
            parse_shard_ids(bad)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/kasane")
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.sharded and settings.shard_ids == [2, 3]
    guild = (1234567 << 22) + 99
    assert shard_of(guild, 4) == 1234567 % 4 == 3
    assert settings.owns_guild(guild) and settings.owns_guild(guild - (1 << 22))  # 3 and 2
    assert not settings.owns_guild(guild - (2 << 22))  # shard 1: another process's
    assert not settings.owns_guild(None)  # DMs arrive on shard 0, another process's


def test_default_is_one_process_on_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.client import GameBot, ShardedGameBot, create_bot
    from bot.settings import Settings

    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None, discord_token="x")  # type: ignore[call-arg]
    assert settings.database_url is None and not settings.sharded
    assert settings.owns_guild(1 << 40) and settings.owns_guild(None)
    bot = create_bot(settings)
    assert type(bot) is GameBot and bot.shard_count is None
    sharded = create_bot(
        Settings(
            _env_file=None,  # type: ignore[call-arg]
            discord_token="x",
            database_url="postgresql://bot@db/kasane",
            shard_count=4,
            shard_ids="0-1",
        )
    )
    assert isinstance(sharded, ShardedGameBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [0, 1])


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"database_url": "sqlite:///x"}, "postgresql://"),
        ({"shard_ids": "0-1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"shard_count": 2, "shard_ids": "1-2", "database_url": "postgresql://d"}, "below"),
        ({"shard_count": 4, "shard_ids": "0-1"}, "DATABASE_URL"),
    ],
)
def test_inconsistent_scale_out_settings_are_refused(values: dict, message: str) -> None:
    from pydantic import ValidationError

    from bot.settings import Settings

    with pytest.raises(ValidationError, match=message):
        Settings(_env_file=None, discord_token="x", **values)  # type: ignore[call-arg]
