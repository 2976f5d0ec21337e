"""Play again: a finished game's end message (and each finished hand) offers it; a click opens
a new lobby in the game's channel with the same title, options, language, timer and CPU seats,
hosted by whoever clicked, mentioning the last game's other players once, who join with one
click. A game not finished, and another server's game, are refused."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import messages as msg
from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import final_message, game_started, hand_messages, lobby_click, wait_until
from tests.e2e.test_kasane_e2e import play_out

PEOPLE = "Hana:en-US Ben:ja"


async def test_play_again_opens_a_lobby_like_the_last_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", PEOPLE, cpus=1, seed=7, cpu="random", turn_timer=5
    ) as game:
        fake, bot, _, game_id, thread_id, (hana, ben) = game
        old = await bot.store.get(game_id)
        assert old is not None
        # Before the end, Play again is refused (a forged click: no such button is shown yet),
        # on the table as a control it never carried, on the started lobby as not finished.
        table = fake.channel_messages(thread_id)[-1]
        early = await (await ben.click_raw(table.id, thread_id, f"pa:{game_id}")).response()
        assert early.type == 4 and msg.ERROR_UNKNOWN_CONTROL("ja") in early.text
        assert old.lobby_message_id is not None
        inter = await ben.click_raw(old.lobby_message_id, old.channel_id, f"pa:{game_id}")
        early = await inter.response()
        assert early.type == 4 and msg.ERROR_NOT_FINISHED("ja") in early.text
        await play_out(fake, bot, {0: hana, 1: ben}, game_id, thread_id)
        final = await final_message(fake, thread_id)
        assert f"pa:{game_id}" in final.custom_ids

        # Each finished hand offers it too.
        def offered() -> bool:
            return any(f"pa:{game_id}" in h.custom_ids for h in hand_messages(hana, game_id))

        await wait_until(fake, offered, "Play again on Hana's hand")
        # Ben clicks it on the end message: a new lobby in the channel (not the thread).
        before = {m.id for m in fake.channel_messages(old.channel_id)}
        inter = await ben.click(final, f"pa:{game_id}")
        await inter.response()
        answer = await inter.wait_original()
        assert answer.ephemeral
        lobbies = [m for m in fake.channel_messages(old.channel_id) if m.id not in before]
        assert len(lobbies) == 1
        lobby = lobbies[0]
        assert str(lobby.id) in answer.text  # a link to it
        records = await bot.store.games(statuses=("lobby",))
        (new,) = [r for r in records if r.lobby_message_id == lobby.id]
        assert new.game == old.game and new.options == old.options
        assert (new.language, new.turn_seconds, new.cpu_level) == (
            old.language,
            old.turn_seconds,
            old.cpu_level,
        )
        assert new.host_id == ben.id
        assert [s.user_id for s in new.seats] == [ben.id, None]  # the host and the one CPU
        # The last game's other player is mentioned once, and notified.
        assert lobby.content.count(hana.mention) == 1 and ben.mention in lobby.content
        (sent,) = [
            r.json
            for r in fake.requests_to("POST", "/channels/{channel_id}/messages")
            if isinstance(r.json, dict) and r.json.get("content") == lobby.content
        ]
        assert [int(u) for u in sent["allowed_mentions"]["users"]] == [hana.id]
        # One click on Join seats her.
        await lobby_click(fake, hana, lobby, "join")
        joined = await bot.store.get(new.id)
        assert joined is not None and [s.user_id for s in joined.seats] == [ben.id, None, hana.id]
        # A second Play again by Ben points to his open lobby instead of a third one.
        again = await (await ben.click(final, f"pa:{game_id}")).response()
        assert again.type == 4 and str(lobby.id) in again.text
        assert len([m for m in fake.channel_messages(old.channel_id) if m.id not in before]) == 1


async def test_play_again_of_another_servers_game_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(fake_discord, tmp_path, "kasane", PEOPLE, cpus=1, seed=7) as game:
        fake, _, _, game_id, thread_id, (hana, _) = game
        elsewhere = fake.add_guild("Elsewhere", "en")
        somewhere = await hana.say("hello", channel=elsewhere)
        inter = await hana.click_raw(somewhere.id, elsewhere.id, f"pa:{game_id}")
        refused = await inter.response()
        assert refused.type == 4 and msg.ERROR_UNKNOWN_GAME("en") in refused.text
        assert thread_id  # nothing was posted for it
