"""Every player's language end to end: the table speaks the host's language unless the lobby
picks another, and the Japanese `/newgame` options are all translated."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.fakediscord import FakeDiscord, Message
from tests.e2e.harness import (
    create_lobby,
    custom_id,
    game_started,
    make_bot,
    seat_and_start,
    table_message,
)


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
        game_id, thread_id = await seat_and_start(fake, ann, lobby, [ben], cpus=1)
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


async def test_turn_ping_speaks_each_players_language_and_opens_the_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    # A Japanese table; the pass of 色映に生へど is played from every hand at once.
    async with game_started(fake_discord, tmp_path, "irobae", "Ben:ja Ann:en-US", cpus=1) as game:
        fake, _, _, game_id, thread_id, (ben, ann) = game

        def the_ping() -> Message | None:
            found = [m for m in fake.channel_messages(thread_id) if ann.mention in m.content]
            return found[-1] if found else None

        ping = await fake.wait_for(the_ping, 10, "the turn ping")
        lines = ping.content.splitlines()
        mine = next(line for line in lines if ann.mention in line)
        theirs = next(line for line in lines if ben.mention in line)
        assert "your turn" in mine and "Show my hand" in mine
        assert "あなたの番です" in theirs
        # The ping's own button opens the clicker's hand, privately and in their language.
        button = custom_id(ping, rf"hd:{game_id}:p")
        assert ping.component(button)["label"] == "手札を見る · Show my hand"  # type: ignore[index]
        inter = await ann.click(ping, button)
        hand = (await inter.response()).message
        assert hand is not None and hand.ephemeral and "Choose 2 cards" in hand.text
        inter = await ben.click(ping, button)
        hand = (await inter.response()).message
        assert hand is not None and hand.ephemeral and "2枚選んでください" in hand.text
        # The table is still the one message with "Show my hand" (the ping is not a table).
        assert table_message(fake, game_id, thread_id).id != ping.id


async def test_settings_language_sets_the_language_of_a_players_own_messages(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ann's Discord speaks English; with `/settings language:日本語` her hand, her refusals and
    her log are in Japanese, her client's language again once she picks it; the table keeps
    the table's language."""
    async with game_started(fake_discord, tmp_path, "irobae", "Ben:ja Ann:en-US", cpus=1) as game:
        fake, bot, _, game_id, thread_id, (_, ann) = game
        inter = await ann.slash("settings", {"language": "ja"})
        said = (await inter.response()).message
        assert said is not None and said.ephemeral and "日本語で表示します" in said.text
        assert await bot.store.chosen_language(ann.id) == "ja"
        table = table_message(fake, game_id, thread_id)
        inter = await ann.click(table, f"hd:{game_id}")
        hand = (await inter.response()).message
        assert hand is not None and "2枚選んでください" in hand.text
        inter = await ann.click(table, f"ti:{game_id}:log")
        log = (await inter.response()).message
        assert log is not None and "全記録" in log.text
        refused = await (
            await ann.click_raw(table.id, table.channel_id, f"rs:{game_id}")
        ).response()
        assert refused.type == 4 and "Take" not in refused.text and refused.text.isascii() is False
        # /settings with nothing shows the choice in the chosen language.
        shown = (await (await ann.slash("settings")).response()).message
        assert shown is not None and "日本語で表示します" in shown.text
        # Back to her client's language.
        inter = await ann.slash("settings", {"language": "client"})
        said = (await inter.response()).message
        assert said is not None and "follow your Discord's language" in said.text
        assert await bot.store.chosen_language(ann.id) is None
        inter = await ann.click(table_message(fake, game_id, thread_id), f"hd:{game_id}")
        hand = (await inter.response()).message
        assert hand is not None and "Choose 2 cards" in hand.text
