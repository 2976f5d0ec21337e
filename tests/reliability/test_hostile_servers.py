"""What one server (or one user) can do to others: forged clicks naming another server's
games, ids no database holds, commands in shapes no client sends. Each test prints its counts.

The fake Discord has one server; a game "of another server" is one whose stored server id is
changed to one the fake does not have, which is exactly what the bot sees when a custom_id of
a game elsewhere is forged into a click here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.sandbox.fakediscord import FakeDiscord, Interaction, User
from tests.e2e.harness import (
    ErrorLog,
    create_lobby,
    custom_id,
    game_id_of,
    make_bot,
    start_through_lobby,
    table_message,
)

OTHER_GUILD = 4242


@pytest.fixture
def errors() -> Iterator[ErrorLog]:
    handler = ErrorLog()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)
    assert not handler.records, [r.getMessage() for r in handler.records]


async def refusal(inter: Interaction) -> str:
    """The text of a private refusal (fails on anything else)."""
    response = await inter.response(timeout=10)
    assert response.type == 4 and response.ephemeral, response
    assert response.message is not None
    return response.message.text


async def move_to_other_guild(bot: GameBot, game_id: int) -> None:
    await bot.store.db.execute("UPDATE games SET guild_id = ? WHERE id = ?", (OTHER_GUILD, game_id))


async def test_a_click_acts_only_in_its_own_server(
    fake_discord: FakeDiscord, tmp_path: Path, errors: ErrorLog
) -> None:
    fake = fake_discord
    aoi, ben, chika = (fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika"))
    eve = fake.add_user("Eve", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    tried = refused = 0
    async with fake.run_bot(bot):
        # A lobby and a game in play, both "of another server".
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [ben, chika], "kasane")
        far_lobby = await create_lobby(fake, aoi, "kasane")  # (once the first has started)
        far_lobby_id = game_id_of(far_lobby)
        table = table_message(fake, game_id, thread_id)
        await move_to_other_guild(bot, far_lobby_id)
        await move_to_other_guild(bot, game_id)
        bot.sessions.forget(game_id)
        # Eve's own lobby here, to forge controls onto.
        here = await create_lobby(fake, eve, "take_and_share")
        session = await bot.sessions.get(game_id)
        assert session is not None
        seat = session.state.to_act()[0]
        player = (aoi, ben, chika)[seat]
        move = next(c for c in table.custom_ids if c.startswith(f"mv:{game_id}:0:{seat}:"))

        attempts: list[tuple[User, int, int, str]] = [
            # lb:<far lobby>:join forged onto a lobby here (the attack as reported) ...
            (eve, here.id, here.channel_id, f"lb:{far_lobby_id}:join"),
            # ... and clicked on the far lobby's own message, and from a DM.
            (eve, far_lobby.id, far_lobby.channel_id, f"lb:{far_lobby_id}:join"),
            (eve, far_lobby.id, eve.dm_channel.id, f"lb:{far_lobby_id}:join"),
            (eve, far_lobby.id, far_lobby.channel_id, f"lo:{far_lobby_id}:variant_a"),
            # The game's controls from a server it does not belong to, even by its players.
            (eve, here.id, here.channel_id, f"hd:{game_id}"),
            (player, table.id, table.channel_id, f"hd:{game_id}"),
            (player, table.id, table.channel_id, move),
            # A DM hand for a game the clicker does not play in.
            (eve, fake.snowflake(), eve.dm_channel.id, f"hd:{game_id}:r"),
        ]
        for user, message_id, channel_id, cid in attempts:
            kind = 3 if cid.startswith("lo:") else 2
            values = ["on"] if kind == 3 else None
            inter = await user.click_raw(message_id, channel_id, cid, kind, values=values)
            text = await refusal(inter)
            tried += 1
            assert "can't find" in text or "not one of mine" in text, (cid, text)
            refused += 1
        far = await bot.store.get(far_lobby_id)
        assert far is not None and [s.user_id for s in far.seats] == [aoi.id]
        assert session.version == 0 and (await bot.store.get(game_id)).version == 0  # type: ignore[union-attr]
        shown = player.ephemerals() + eve.ephemerals()
        assert not [m for m in shown if f"hd:{game_id}:r" in m.custom_ids]
        # A click of this server still works.
        inter = await eve.click(here, custom_id(here, r"lb:\d+:cpu"))
        assert (await inter.response()).type == 7
    print(f"\nforged clicks from another server: {tried} tried, {refused} refused, 0 applied")


async def test_impossible_ids_and_commands_get_a_plain_answer(
    fake_discord: FakeDiscord, tmp_path: Path, errors: ErrorLog
) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US", manage_guild=True)
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    tried = answered = 0
    async with fake.run_bot(bot):
        lobby = await create_lobby(fake, aoi, "kasane")
        huge = [2**63, 2**64 + 7, 10**30]
        for number in huge:
            for cid in (
                f"mv:{number}:0:0:take.1",
                f"hd:{number}",
                f"lb:{number}:join",
                f"mv:{game_id_of(lobby)}:{number}:{number}:take.1",
            ):
                inter = await aoi.click_raw(lobby.id, lobby.channel_id, cid)
                text = await refusal(inter)
                tried += 1
                assert "went wrong" not in text, (cid, text)
                answered += 1

        def command(name: str) -> dict:
            return next(
                c for cmds in fake.commands.values() for c in cmds.values() if c["name"] == name
            )

        game = command("game")
        forged = [
            # /game abandon id:<beyond SQLite>
            {
                "id": game["id"],
                "name": "game",
                "type": 1,
                "options": [
                    {
                        "name": "abandon",
                        "type": 1,
                        "options": [{"name": "id", "type": 4, "value": n}],
                    }
                ],
            }
            for n in huge
        ]
        # /newgame without its required option.
        forged.append({"id": command("newgame")["id"], "name": "newgame", "type": 1})
        for data in forged:
            inter = await fake._start_interaction(aoi, 2, fake.channel, data)
            text = await refusal(inter)
            tried += 1
            assert "went wrong" not in text, (data, text)
            answered += 1
        assert (await bot.store.get(game_id_of(lobby))).status == "lobby"  # type: ignore[union-attr]
    print(f"\nimpossible inputs: {tried} tried, {answered} answered plainly, 0 internal errors")
