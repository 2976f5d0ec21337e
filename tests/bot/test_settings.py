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
