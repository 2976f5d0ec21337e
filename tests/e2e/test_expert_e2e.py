"""The expert CPU level end to end: chosen in /newgame, named in the lobby in the table's
language, given to every CPU seat, and playing its moves."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import bot_running, create_lobby, seat_and_start, wait_until


async def test_expert_level_from_the_lobby_to_the_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with bot_running(fake_discord, tmp_path, "Aoi:en-US") as (fake, bot, (aoi,)):
        lobby = await create_lobby(fake, aoi, "irobae", language="ja", cpu="expert")
        assert "**CPUの強さ**: 達人" in fake.message(lobby.id).text
        game_id, _thread_id = await seat_and_start(fake, aoi, lobby, cpus=2)
        record = await bot.store.get(game_id)
        assert record is not None and record.cpu_level == "expert"
        assert [s.cpu_level for s in record.seats] == [None, "expert", "expert"]
        # the pass is simultaneous: both expert seats choose theirs without waiting for Aoi
        session = await bot.sessions.get(game_id)
        assert session is not None
        await wait_until(fake, lambda: session.version >= 2, "the CPUs' passes")
        assert session.state.to_act() == [0]

        english = await create_lobby(fake, aoi, "sakura", language="en", cpu="expert")
        assert "**CPU strength**: Expert" in fake.message(english.id).text
