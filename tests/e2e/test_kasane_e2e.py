"""襲ノ色目 end to end: the real bot against the fake Discord server, played through buttons."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.client import GameBot
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from games import registry
from tests.e2e.harness import (
    TABLE_ANSWERS,
    create_lobby,
    custom_id,
    ids,
    lobby_click,
    make_bot,
    start_from_lobby,
    table_message,
    wait_stored,
    wait_until,
)

HAND_TITLES = ("あなたの手札", "Your hand")


async def start_game(
    fake: FakeDiscord, host: User, others: list[User], cpus: int = 0
) -> tuple[int, int, Message]:
    """Lobby → joins → CPUs → Start. Returns (game id, thread id, lobby message)."""
    lobby = await create_lobby(fake, host, "kasane")
    for user in others:
        updated = await lobby_click(fake, user, lobby, "join")
        assert user.mention in updated.text
    for _ in range(cpus):
        await lobby_click(fake, host, lobby, "cpu")
    game_id, thread_id = await start_from_lobby(fake, host, lobby)
    return game_id, thread_id, lobby


def choose_take(buttons: list[str]) -> str:
    """A fixed policy: the take of the highest row number (keeps games varied yet repeatable)."""
    return sorted(buttons, key=lambda c: int(c.rsplit(".", 1)[1]))[-1]


def choose_meld(buttons: list[str]) -> str:
    """A fixed policy: the first meld offered, else no meld."""
    melds = [c for c in buttons if ":meld." in c]
    return melds[0] if melds else next(c for c in buttons if c.endswith(":pass"))


async def latest_hand(
    fake: FakeDiscord, user: User, game_id: int, version: int, seat: int
) -> Message:
    """The user's ephemeral hand once it carries the moves of `version` (it arrives as a
    follow-up right after the take)."""

    def found() -> Message | None:
        hands = [m for m in user.ephemerals() if f"hd:{game_id}:r" in m.custom_ids]
        if hands and ids(hands[-1], rf"mv:{game_id}:{version}:{seat}:.*"):
            return hands[-1]
        return None

    return await fake.wait_for(found, 10, "the hand with its meld buttons")


async def human_turn(
    fake: FakeDiscord, bot: GameBot, users: dict[int, User], game_id: int, thread_id: int
) -> bool:
    """Play one step for the human to act. False once the game is over."""
    session = await bot.sessions.get(game_id)
    if session is None:
        return False
    state = session.state
    seat = state.to_act()[0]
    user = users[seat]
    view = state.public_view()
    version = session.version
    if view.step == "take":
        pattern = rf"mv:{game_id}:{version}:{seat}:take\.\d"

        def ready() -> Message | None:
            current = table_message(fake, game_id, thread_id)
            return current if ids(current, pattern) else None

        table = await fake.wait_for(ready, 10, "the table's take buttons")
        takes = ids(table, pattern)
        inter = await user.click(table, choose_take(takes))
        response = await inter.response()
        assert response.type in TABLE_ANSWERS
    else:
        hand = await latest_hand(fake, user, game_id, version, seat)
        choices = ids(hand, rf"mv:{game_id}:{version}:{seat}:.*")
        inter = await user.click(hand, choose_meld(choices))
        response = await inter.response()
        assert response.message is not None and response.message.ephemeral
        if response.type == 4:
            # The hand was replaced by a newer one while the click was on its way: the move
            # is played all the same, and the player is told so.
            assert fake.message(hand.id).deleted and response.message.text == "Done."
        else:
            assert response.type == 7
    await wait_stored(fake, session, version)
    return True


async def play_out(
    fake: FakeDiscord,
    bot: GameBot,
    users: dict[int, User],
    game_id: int,
    thread_id: int,
    *,
    stop_after: int | None = None,
) -> None:
    steps = 0
    while True:
        session = await bot.sessions.get(game_id)
        if session is None:
            return
        if stop_after is not None and steps >= stop_after:
            return
        seats = session.state.to_act()
        if not seats:
            return
        if session.record.seats[seats[0]].is_cpu:
            await wait_stored(fake, session, session.version, "a CPU move")
            continue
        await human_turn(fake, bot, users, game_id, thread_id)
        steps += 1


def hand_texts(people: list[User]) -> set[str]:
    """Every rendering of a hand any player was shown privately (all message versions)."""
    found = set()
    for user in people:
        for message in user.ephemerals() + user.dms():
            for version in message.versions:
                for embed in version.get("embeds") or []:
                    for field in embed.get("fields") or []:
                        if field.get("name", "").startswith(HAND_TITLES) and "→" in field["value"]:
                            found.add(field["value"])
    return found


async def final_result(bot: GameBot, game_id: int) -> dict:
    result = await bot.store.result(game_id)
    assert result is not None
    return result


async def test_four_humans_play_a_full_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    people = [
        fake.add_user("Aoi", locale="ja"),
        fake.add_user("Ben", locale="en-US"),
        fake.add_user("Chika", locale="ja"),
        fake.add_user("Dan", locale="en-GB"),
    ]
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=42)
    async with fake.run_bot(bot):
        game_id, thread_id, lobby = await start_game(fake, people[0], people[1:])
        users = {seat: people[seat] for seat in range(4)}
        await play_out(fake, bot, users, game_id, thread_id)
        await wait_until(
            fake,
            lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)),
            "the final message",
        )
        result = await final_result(bot, game_id)
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "finished"
        actions = await bot.store.actions(game_id)
        replay = registry.get("kasane").replay(4, 42, {}, [(s, a) for _, s, a in actions])
        assert replay.result().model_dump(mode="json") == result
        assert len(actions) >= 48  # 12 takes per player, plus melds and passes
        final = [m for m in fake.channel_messages(thread_id) if "🏆" in m.text][-1]
        fields = {f["name"]: f["value"] for f in final.embeds[0]["fields"]}
        for seat, score in enumerate(result["scores"]):
            value = next(v for name, v in fields.items() if people[seat].name in name)
            assert f": {score}**" in value, value
        winners = [people[s].name for s in result["winners"]]
        assert all(name in final.text for name in winners)
        # The lobby message is edited with the end right after the final message is posted.
        await wait_until(
            fake,
            lambda: "🏆" in fake.message(lobby.id).text or "終了" in fake.message(lobby.id).text,
            "the lobby message to show the end",
        )
        # Each player was pinged on their turns; pings are deleted as the turn moves on.
        pings = [m for m in fake.channel_messages(thread_id) if "<@" in m.content]
        assert len(pings) <= 1
        public = fake.public_text()
        assert not any(title in public for title in HAND_TITLES)
        hands = hand_texts(people)
        assert len(hands) >= 5  # the players really looked at their hands
        assert not [hand for hand in hands if hand in public]


async def test_one_human_and_two_cpus(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    host = fake.add_user("Hana", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=7)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_game(fake, host, [], cpus=2)
        await play_out(fake, bot, {0: host}, game_id, thread_id)
        result = await final_result(bot, game_id)
        assert len(result["scores"]) == 3
        await wait_until(
            fake,
            lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)),
            "the final message",
        )
        text = "\n".join(m.text for m in fake.channel_messages(thread_id))
        assert "CPU 1" in text and "CPU 2" in text and "🏆" in text


async def run_to_end(
    fake: FakeDiscord, tmp_path: Path, name: str, *, restart_after: int | None
) -> tuple[dict, list]:
    """Three humans play a seeded game with a fixed policy, with or without a restart."""
    people = [fake.add_user(f"{name}{i}", locale="en-US") for i in range(3)]
    db = tmp_path / f"{name}.sqlite3"
    users = {seat: people[seat] for seat in range(3)}
    bot = make_bot(fake, db, seed=99)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_game(fake, people[0], people[1:])
        await play_out(fake, bot, users, game_id, thread_id, stop_after=restart_after)
        if restart_after is None:
            return await final_result(bot, game_id), await bot.store.actions(game_id)
        session = await bot.sessions.get(game_id)
        assert session is not None
        old_table = table_message(fake, game_id, thread_id)
        seat = session.state.to_act()[0]
        # Open a hand before the restart, to use its buttons afterwards.
        inter = await users[seat].click(old_table, f"hd:{game_id}")
        await inter.response()
        old_hand = await inter.wait_original()
    bot = make_bot(fake, db, seed=99)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None
        assert session.state.to_act() == [seat]
        if session.state.public_view().step == "take":
            # The table message from before the restart still works.
            takes = ids(old_table, rf"mv:{game_id}:{session.version}:{seat}:take\.\d")
            inter = await users[seat].click(old_table, choose_take(takes))
            assert (await inter.response()).type == 7
        # So does the ephemeral hand sent before the restart.
        inter = await users[seat].click(old_hand, f"hd:{game_id}:r")
        response = await inter.response()
        assert response.type == 7 and response.message is not None
        assert response.message.id == old_hand.id
        await play_out(fake, bot, users, game_id, thread_id)
        return await final_result(bot, game_id), await bot.store.actions(game_id)


async def test_restart_mid_game_continues_with_the_same_result(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    straight, straight_log = await run_to_end(fake_discord, tmp_path, "s", restart_after=None)
    restarted, restarted_log = await run_to_end(fake_discord, tmp_path, "r", restart_after=9)
    assert [a[1:] for a in restarted_log] == [a[1:] for a in straight_log]
    assert restarted == straight


async def test_refusals_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    aoi, ben, chika = (fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika"))
    outsider = fake.add_user("Eve", locale="ja")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=5)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_game(fake, aoi, [ben, chika])
        users = {0: aoi, 1: ben, 2: chika}
        session = await bot.sessions.get(game_id)
        assert session is not None
        seat = session.state.to_act()[0]
        table = table_message(fake, game_id, thread_id)
        take = ids(table, rf"mv:{game_id}:0:{seat}:take\.\d")[0]
        before = session.state.snapshot()

        async def answer(user: User, cid: str, message: Message | None = None) -> str:
            inter = await user.click_raw((message or table).id, (message or table).channel_id, cid)
            response = await inter.response()
            assert response.type == 4 and response.ephemeral
            return response.text

        assert "参加者ではありません" in await answer(outsider, take)
        other = users[(seat + 1) % 3]
        assert "not your turn" in await answer(other, take)
        assert "not one of mine" in await answer(aoi, "mv:1:2:3:" + "x" * 80)
        assert "not valid" in await answer(users[seat], f"mv:{game_id}:0:{seat}:take.x")
        assert "no card" in await answer(users[seat], f"mv:{game_id}:0:{seat}:take.7")
        assert session.state.snapshot() == before and session.version == 0

        # A double click: the first plays, the second is told the table moved on.
        first = await users[seat].click(table, take)
        assert (await first.response()).type == 7
        second = await users[seat].click_raw(table.id, table.channel_id, take)
        response = await second.response()
        assert response.ephemeral and "changed" in response.message.text  # type: ignore[union-attr]
        assert session.version == 1
        await play_out(fake, bot, users, game_id, thread_id, stop_after=0)
        # A stale meld button: a hand shown at an earlier version no longer plays.
        if session.state.public_view().step == "meld":
            hand = await latest_hand(fake, users[seat], game_id, 1, seat)
            choice = ids(hand, rf"mv:{game_id}:1:{seat}:.*")[0]
            inter = await users[seat].click(hand, choice)
            assert (await inter.response()).type == 7
            version = session.version
            again = await users[seat].click_raw(hand.id, hand.channel_id, choice)
            response = await again.response()
            assert response.type == 7 and "⚠️" in response.message.text  # type: ignore[union-attr]
            assert session.version == version
        assert custom_id(table_message(fake, game_id, thread_id), rf"hd:{game_id}")


async def test_fifty_simultaneous_clicks_make_exactly_one_move(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    people = [fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika")]
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=13)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_game(fake, people[0], people[1:])
        session = await bot.sessions.get(game_id)
        assert session is not None
        seat = session.state.to_act()[0]
        table = table_message(fake, game_id, thread_id)
        take = ids(table, rf"mv:{game_id}:0:{seat}:take\.\d")[0]
        clicks = await asyncio.gather(
            *(people[seat].click_raw(table.id, table.channel_id, take) for _ in range(50))
        )
        responses = await asyncio.gather(*(c.response() for c in clicks))
        assert all(r is not None for r in responses)
        await wait_until(
            fake,
            lambda: all(c.messages or c.response_type == 7 for c in clicks),
            "every click to be answered",
        )
        assert session.version == 1
        assert len(await bot.store.actions(game_id)) == 1
        stale = [c for c in clicks if any("changed" in m.text for m in c.messages)]
        assert len(stale) == 49
