"""Whole games through the fake Discord with the games stored in PostgreSQL (DATABASE_URL):
the same end-to-end tests as on SQLite, a title each, with restarts, DM hands, live hands
taken over after a restart, a DM hand's pick kept across one, a seat taken back and fifty
simultaneous clicks, each bot on its own fresh database of the throwaway server."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.sandbox.fakediscord import FakeDiscord
from bot.sandbox.fakediscord.pytest_plugin import fake_discord, fake_discord_options
from bot.sandbox.postgres import Cluster
from tests.e2e import (
    harness,
    test_gogyo_e2e,
    test_irobae_e2e,
    test_kasane_e2e,
    test_live_hands_e2e,
    test_platform_e2e,
    test_sakura_e2e,
    test_seat_return_e2e,
    test_take_and_share_e2e,
)

__all__ = ["fake_discord", "fake_discord_options"]

GAMES: dict[str, Callable[[FakeDiscord, Path], Awaitable[None]]] = {
    name: getattr(module, f"test_{test}")
    for name, module, test in [
        ("kasane_four_humans", test_kasane_e2e, "four_humans_play_a_full_game"),
        ("kasane_fifty_clicks", test_kasane_e2e, "fifty_simultaneous_clicks_make_exactly_one_move"),
        ("gogyo_against_a_cpu", test_gogyo_e2e, "a_full_two_player_match_against_a_cpu"),
        (
            "irobae_restart",
            test_irobae_e2e,
            "three_humans_play_a_full_game_with_a_restart_in_the_pass",
        ),
        ("sakura_restarts", test_sakura_e2e, "three_players_with_a_cpu_and_restarts"),
        ("take_and_share_restart", test_take_and_share_e2e, "two_humans_and_a_cpu_with_a_restart"),
        ("dm_hands", test_platform_e2e, "hand_by_dm_and_the_fallback_when_dms_are_closed"),
        ("live_hands_restart", test_live_hands_e2e, "live_hands_are_taken_over_after_a_restart"),
        (
            "dm_hand_pick_restart",
            test_live_hands_e2e,
            "a_dm_hand_keeps_its_pending_pick_across_a_restart",
        ),
        ("seat_return", test_seat_return_e2e, "a_replaced_player_takes_the_seat_back"),
    ]
}


@pytest.fixture
def on_postgres(postgres_cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> dict[Path, str]:
    """Bots made by the harness store their games in PostgreSQL, a database per SQLite path."""
    urls: dict[Path, str] = {}

    def database_for(path: Path) -> str:
        if path not in urls:
            urls[path] = postgres_cluster.new_database()
        return urls[path]

    monkeypatch.setattr(harness, "postgres_database_for", database_for)
    return urls


@pytest.mark.parametrize("name", list(GAMES))
async def test_game_on_postgres(
    name: str, fake_discord: FakeDiscord, tmp_path: Path, on_postgres: dict[Path, str]
) -> None:
    await GAMES[name](fake_discord, tmp_path)
    assert on_postgres, "the bot did not use PostgreSQL"
    assert not list(tmp_path.rglob("*.sqlite3")), "a SQLite database was created"
