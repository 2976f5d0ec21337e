"""Every player's language end to end: the table speaks the host's language unless the lobby
picks another, and the Japanese `/newgame` options are all translated."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import (
    create_lobby,
    custom_id,
    lobby_click,
    make_bot,
    start_from_lobby,
    table_message,
)
from tests.fakediscord import FakeDiscord


async def test_table_language_follows_the_host_and_the_lobby(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord  # a Japanese server
    ann = fake.add_user("Ann", locale="en-US")
    ben = fake.add_user("Ben", locale="ja")
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    async with fake.run_bot(bot):
        # An English host on a Japanese server gets an English lobby.
        lobby = await create_lobby(fake, ann, "kasane")
        assert "Join" in [b["label"] for b in lobby.buttons]
        assert "Table language**: English" in lobby.text
        # Only the host may change the language; a guest's try changes nothing.
        select = custom_id(lobby, r"lo:\d+:language")
        inter = await ben.select(fake.message(lobby.id), select, ["ja"])
        refusal = await inter.response()
        assert refusal.ephemeral and "ホストだけ" in refusal.message.text  # type: ignore[union-attr]
        assert "Join" in [b["label"] for b in fake.message(lobby.id).buttons]
        # The host switches the table to Japanese: the lobby, then the table, speak it.
        inter = await ann.select(fake.message(lobby.id), select, ["ja"])
        assert (await inter.response()).type == 7
        assert "参加" in [b["label"] for b in fake.message(lobby.id).buttons]
        assert "卓の言語" in fake.message(lobby.id).text
        await lobby_click(fake, ben, lobby, "join")
        await lobby_click(fake, ann, lobby, "cpu")
        game_id, thread_id = await start_from_lobby(fake, ann, lobby)
        record = await bot.store.get(game_id)
        assert record is not None and record.language == "ja"
        assert "手札を見る" in table_message(fake, game_id, thread_id).text


async def test_japanese_newgame_options_are_all_translated_bug(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    async with fake.run_bot(bot):

        def synced() -> list[dict]:
            return [c for store in fake.commands.values() for c in store.values()]

        await fake.wait_for(lambda: any(c["name"] == "newgame" for c in synced()), 10, "commands")
        newgame = next(c for c in synced() if c["name"] == "newgame")
        for option in newgame["options"]:
            japanese = option["name_localizations"]["ja"]
            assert japanese != option["name"], option
