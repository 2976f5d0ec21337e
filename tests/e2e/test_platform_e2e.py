"""The platform end to end: lobby rules, options, /rules, /settings with DMs, /game commands."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.sandbox.fakediscord import FakeDiscord, Message, User
from games import registry
from tests.e2e.harness import (
    bot_running,
    create_lobby,
    custom_id,
    game_id_of,
    game_started,
    hands_in_words,
    lobby_click,
    make_bot,
    start_from_lobby,
    start_through_lobby,
    table_message,
    wait_until,
)


async def ephemeral_answer(user: User, message: Message, op: str) -> str:
    inter = await user.click(message, custom_id(message, rf"lb:\d+:{op}"))
    response = await inter.response()
    assert response.type == 4 and response.ephemeral, response
    return response.text


async def choose_option(user: User, lobby: Message, field: str, value: str) -> object:
    inter = await user.select(lobby, custom_id(lobby, rf"lo:\d+:{field}"), [value])
    return await inter.response()


async def test_lobby_rules_and_options(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="ja")
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    async with fake.run_bot(bot):
        lobby = await create_lobby(fake, aoi, "kasane", language="en")
        assert "lobby" in lobby.text and "3–4 players" in lobby.text
        assert "needs 3–4 players" in await ephemeral_answer(aoi, lobby, "start")
        assert "ホストだけ" in await ephemeral_answer(ben, lobby, "start")
        assert "ホストだけ" in await ephemeral_answer(ben, lobby, "cpu")
        assert "ホストだけ" in await ephemeral_answer(ben, lobby, "cancel")
        assert "参加者ではありません" in await ephemeral_answer(ben, lobby, "leave")
        await lobby_click(fake, ben, lobby, "join")
        assert ben.mention in fake.message(lobby.id).text
        assert "すでに参加" in await ephemeral_answer(ben, fake.message(lobby.id), "join")
        await lobby_click(fake, ben, lobby, "leave")
        assert ben.mention not in fake.message(lobby.id).text
        await lobby_click(fake, ben, lobby, "join")
        # Options: only the host may set them; the lobby shows the choice.
        response = await choose_option(ben, fake.message(lobby.id), "variant_b", "on")
        assert response.ephemeral  # type: ignore[attr-defined]
        response = await choose_option(aoi, fake.message(lobby.id), "variant_b", "on")
        assert response.type == 7  # type: ignore[attr-defined]
        assert "Variant B (easier)**: On" in fake.message(lobby.id).text
        # Variant A is for 3 players: with 4 seats Start explains, and nothing starts.
        await lobby_click(fake, aoi, lobby, "cpu")
        await lobby_click(fake, aoi, lobby, "cpu")
        await choose_option(aoi, fake.message(lobby.id), "variant_a", "on")
        assert await ephemeral_answer(aoi, fake.message(lobby.id), "start") == (
            "These settings don't fit this number of players: Variant A is for 3 players only."
        )
        await choose_option(aoi, fake.message(lobby.id), "variant_a", "off")
        game_id, thread_id = await start_from_lobby(fake, aoi, lobby)
        record = await bot.store.get(game_id)
        assert record is not None and record.options == {"variant_a": False, "variant_b": True}
        assert [s.name for s in record.seats] == ["Aoi", "Ben", "CPU 1", "CPU 2"]
        # The lobby now points at the thread; its buttons answer that the game started.
        assert f"<#{thread_id}>" in fake.message(lobby.id).text
        inter = await aoi.click_raw(lobby.id, lobby.channel_id, f"lb:{game_id}:join")
        assert "already started" in (await inter.response()).message.text  # type: ignore[union-attr]


async def test_options_refusal_in_the_clickers_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A Japanese host starting 4 seats with variant A (3 players only) is told why in Japanese,
    in an English-language lobby too, and nothing starts."""
    async with bot_running(fake_discord, tmp_path, "Aoi:ja") as (fake, bot, (aoi,)):
        lobby = await create_lobby(fake, aoi, "kasane", language="en")
        for _ in range(3):
            await lobby_click(fake, aoi, lobby, "cpu")
        await choose_option(aoi, fake.message(lobby.id), "variant_a", "on")
        answer = await ephemeral_answer(aoi, fake.message(lobby.id), "start")
        assert answer == "この設定はこの人数では使えません：ヴァリアントAは3人専用です。"
        record = await bot.store.get(game_id_of(lobby))
        assert record is not None and record.status == "lobby"


async def test_cancel_and_two_games_in_one_channel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with bot_running(fake_discord, tmp_path, "Aoi:ja") as (fake, _, (aoi,)):
        first = await create_lobby(fake, aoi, "kasane")
        second = await create_lobby(fake, aoi, "gogyo")  # (a second kasane: pointed to the first)
        first_id, second_id = game_id_of(first), game_id_of(second)
        assert first_id != second_id
        inter = await aoi.click(first, custom_id(first, r"lb:\d+:cancel"))
        assert (await inter.response()).type == 7
        assert "中止" in fake.message(first.id).text
        assert fake.message(first.id).custom_ids == []
        inter = await aoi.slash("game list")
        text = (await inter.response()).message.text  # type: ignore[union-attr]
        assert f"#{second_id} " in text and f"#{first_id} " not in text


async def test_rules_in_both_languages(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    ja, en = fake.add_user("Aoi", locale="ja"), fake.add_user("Ben", locale="en-US")
    async with fake.run_bot(make_bot(fake, tmp_path / "db.sqlite3")):
        inter = await ja.slash("rules", {"game": "kasane"})
        response = await inter.response()
        assert response.ephemeral and "手番" in response.message.text  # type: ignore[union-attr]
        inter = await en.slash("rules", {"game": "kasane"})
        response = await inter.response()
        assert response.ephemeral and "Your turn" in response.message.text  # type: ignore[union-attr]


async def start_with_cpus(
    fake: FakeDiscord, host: User, others: list[User], cpus: int
) -> tuple[int, int]:
    game_id, thread_id, _ = await start_through_lobby(
        fake, host, others, "kasane", cpus=cpus, language="en"
    )
    return game_id, thread_id


async def alone_with_dm_hands(fake: FakeDiscord, user: User) -> tuple[int, int, Message]:
    """`user` asks for hands by DM (`/settings hand:dm`), then plays Kasane against two CPUs.
    Returns (game id, thread id, table message)."""
    inter = await user.slash("settings", {"hand": "dm"})
    assert "DM" in (await inter.response()).message.text  # type: ignore[union-attr]
    game_id, thread_id = await start_with_cpus(fake, user, [], cpus=2)
    return game_id, thread_id, table_message(fake, game_id, thread_id)


async def test_hand_by_dm_and_the_fallback_when_dms_are_closed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=3)
    async with fake.run_bot(bot):
        await hands_in_words(bot, aoi)  # (a hand is told by its text)
        game_id, thread_id, table = await alone_with_dm_hands(fake, aoi)
        inter = await aoi.click(table, f"hd:{game_id}")
        response = await inter.response()
        assert response.ephemeral and "in your DMs" in response.message.text  # type: ignore[union-attr]
        dm = await fake.wait_for(lambda: aoi.dms(), 5, "the DM hand")
        assert "Your hand" in dm[-1].text
        # The DM hand follows the game: after moves it is edited, not re-sent.
        session = await bot.sessions.get(game_id)
        assert session is not None
        await wait_until(fake, lambda: session.state.to_act() == [0], "Aoi's turn")
        version = session.version
        table = table_message(fake, game_id, thread_id)
        take = next(c for c in table.custom_ids if c.startswith(f"mv:{game_id}:{version}:0:take"))
        await (await aoi.click(table, take)).response()
        await wait_until(fake, lambda: session.version > version, "the take")
        assert len(aoi.dms()) == 1
        dm_hand = aoi.dms()[-1]
        if session.state.public_view().step == "meld":
            await wait_until(
                fake,
                lambda: any(":pass" in c for c in fake.message(dm_hand.id).custom_ids),
                "meld buttons in the DM",
            )
            pass_id = next(c for c in fake.message(dm_hand.id).custom_ids if c.endswith(":pass"))
            response = await (await aoi.click(dm_hand, pass_id)).response()
            assert response.type == 7 and response.message.id == dm_hand.id  # type: ignore[union-attr]
        # With DMs closed the hand comes as an ephemeral, saying why.
        aoi.close_dms()
        await bot.store.delete_hand_message(game_id, 0)
        table = table_message(fake, game_id, thread_id)
        inter = await aoi.click(table, f"hd:{game_id}")
        response = await inter.response()
        assert response.ephemeral
        assert "DMs are closed" in response.message.text  # type: ignore[union-attr]
        assert "Your hand" in response.message.text  # type: ignore[union-attr]


KASANE_EN = registry.get("kasane").name("en")


def question_done(game_id: int) -> str:
    return f"Game #{game_id}, {KASANE_EN}, was abandoned."  # (its name has brackets)


async def test_replace_and_abandon(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="en-US")
    mod = fake.add_user("Mod", locale="en-US", manage_guild=True)
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=8)
    async with fake.run_bot(bot):
        game_id, thread_id = await start_with_cpus(fake, aoi, [ben], cpus=1)
        table_id = table_message(fake, game_id, thread_id).id
        inter = await ben.slash("game replace", {"player": aoi}, channel=thread_id)
        assert "Only the host" in (await inter.response()).message.text  # type: ignore[union-attr]
        inter = await aoi.slash("game replace", {"player": ben}, channel=thread_id)
        response = await inter.response()
        assert not response.ephemeral and "CPU" in response.message.text  # type: ignore[union-attr]
        record = await bot.store.get(game_id)
        assert record is not None and record.seats[1].is_cpu
        # Ben's seat now plays by itself: the game moves on whenever only CPUs are to act.
        session = await bot.sessions.get(game_id)
        assert session is not None
        await wait_until(fake, lambda: session.state.to_act() == [0], "the turn to come to Aoi")
        inter = await ben.slash("game abandon", {}, channel=thread_id)
        assert "Only the host" in (await inter.response()).message.text  # type: ignore[union-attr]
        # The manager is asked once, privately; nothing ends before the answer.
        inter = await mod.slash("game abandon", {}, channel=thread_id)
        question = (await inter.response()).message
        assert question is not None and question.ephemeral
        asked = f"Abandon game #{game_id}, {KASANE_EN}, for everyone? This cannot be undone."
        assert question.content == asked
        assert question.custom_ids == [f"ab:{game_id}"]
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "playing"
        inter = await mod.click(question, f"ab:{game_id}")
        response = await inter.response()
        assert response.type == 7 and fake.message(question.id).custom_ids == []
        assert fake.message(question.id).content == question_done(game_id)
        told = await fake.wait_for(
            lambda: [
                m
                for m in fake.public_messages()
                if m.channel_id == thread_id and m.content == question_done(game_id)
            ],
            5,
            "the thread told",
        )
        assert len(told) == 1
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "abandoned"
        table = fake.message(table_id)
        await wait_until(fake, lambda: "abandoned" in fake.message(table_id).text, "the note")
        assert [c for c in table.custom_ids if c.startswith("mv:")] == []


async def test_dm_hands_are_forgotten_when_the_game_ends_bug(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The table remembered the text of every DM hand it ever showed, for every game ever
    played (a slow leak); a finished game's are dropped."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=4)
    async with fake.run_bot(bot):
        game_id, thread_id, table = await alone_with_dm_hands(fake, aoi)
        await (await aoi.click(table, f"hd:{game_id}")).response()
        await fake.wait_for(lambda: aoi.dms(), 5, "the DM hand")
        assert (game_id, 0) in bot.publisher.dm_hands._shown
        inter = await aoi.slash("game replace", {"player": aoi}, channel=thread_id)
        await inter.response()
        await wait_until(
            fake,
            lambda: (
                bot.sessions._live.get(game_id) is None
                and game_id not in bot.publisher.feeds._feeds
            ),
            "the CPUs to finish the game and its end to be published",
        )
        assert not [key for key in bot.publisher.dm_hands._shown if key[0] == game_id]


async def test_two_dm_hand_requests_at_once_make_one_message_bug(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Two updates of one DM hand at once (a move's refresh and a "Show my hand", or two
    clicks) both found no hand message yet and each sent one: the player got two hands, and
    only one of them followed the game. They now take turns, so there is one message."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=3)
    async with fake.run_bot(bot):
        game_id, _, table = await alone_with_dm_hands(fake, aoi)
        first, second = await asyncio.gather(
            aoi.click(table, f"hd:{game_id}"), aoi.click(table, f"hd:{game_id}")
        )
        for inter in (first, second):
            response = await inter.response()
            assert response.ephemeral and "in your DMs" in response.message.text  # type: ignore[union-attr]
        await fake.wait_for(lambda: aoi.dms(), 5, "the DM hand")
        await asyncio.sleep(0.2)
        assert len(aoi.dms()) == 1
        assert await bot.store.hand_message(game_id, 0) == (
            aoi.dms()[0].channel_id,
            aoi.dms()[0].id,
        )


async def test_a_move_clicked_in_a_dm_hand_edits_that_hand_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The click's own answer updates the DM hand it was made on; the refresh of DM hands after
    the move leaves that message alone (it already shows the hand as it is), so the player's
    move costs no second edit of it."""
    people = "Aoi:en-US Ben:en-US Chika:en-US"
    async with game_started(
        fake_discord, tmp_path, "kasane", people, dm_hands="Aoi", seed=3, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika) = game
        users = {session.record.seat_of(u.id): u for u in (aoi, ben, chika)}
        seat = session.record.seat_of(aoi.id)
        # Everyone takes the first card offered until Aoi may meld (from her hand).
        while not (session.state.to_act() == [seat] and session.state.public_view().step == "meld"):
            mover = session.state.to_act()[0]
            action = session.state.legal_actions(mover)[0].encode()
            table = table_message(fake, game_id, thread_id)
            control = f"mv:{game_id}:{session.version}:{mover}:{action}"
            await wait_until(
                fake,
                lambda c=control: c in table_message(fake, game_id, thread_id).custom_ids,
                "the move on the table",
            )
            await (
                await users[mover].click(table_message(fake, game_id, thread_id), control)
            ).response()
        table = table_message(fake, game_id, thread_id)
        dm_hand = (await fake.wait_for(lambda: aoi.dms(), 5, "the DM hand"))[-1]
        await wait_until(
            fake,
            lambda: any(":pass" in c for c in fake.message(dm_hand.id).custom_ids),
            "meld buttons in the DM",
        )
        feed = bot.publisher.feeds._feeds[game_id]
        await wait_until(fake, lambda: feed.task is None or feed.task.done(), "the feed idle")
        before = len(fake.requests)
        version = session.version
        pass_id = next(c for c in fake.message(dm_hand.id).custom_ids if c.endswith(":pass"))
        response = await (await aoi.click(dm_hand, pass_id)).response()
        assert response.type == 7 and response.message.id == dm_hand.id  # type: ignore[union-attr]
        assert session.version == version + 1 and seat not in session.state.to_act()
        await wait_until(fake, lambda: feed.task is None or feed.task.done(), "the feed idle")
        await asyncio.sleep(0.3)
        after = fake.requests[before:]
        # The table was brought up to date; Aoi's DM hand was not edited again.
        assert any(r.method == "PATCH" and r.path.endswith(f"/messages/{table.id}") for r in after)
        dm_edits = [r for r in after if r.path.endswith(f"/messages/{dm_hand.id}")]
        assert dm_edits == []
        assert fake.message(dm_hand.id).custom_ids == response.message.custom_ids  # type: ignore[union-attr]
