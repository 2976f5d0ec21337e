"""襲ノ色目 end to end: the real bot against the fake Discord server, played through buttons."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

from bot.client import GameBot
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.session import Session
from tests.e2e import harness
from tests.e2e.harness import (
    TABLE_ANSWERS,
    custom_id,
    final_message,
    finished_outcome,
    game_started,
    hands_in_words,
    ids,
    make_bot,
    refresh_hand,
    refusal,
    start_through_lobby,
    table_message,
    table_offering,
    wait_stored,
    wait_until,
)

HAND_TITLES = ("あなたの手札", "Your hand")


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
    fake: FakeDiscord, bot: GameBot, users: dict[int, User], session: Session, thread_id: int
) -> None:
    """Play one step for the human to act."""
    game_id, state = session.id, session.state
    seat = state.to_act()[0]
    user = users[seat]
    view = state.public_view()
    version = session.version
    if view.step == "take":
        pattern = rf"mv:{game_id}:{version}:{seat}:take\.\d"
        table = await table_offering(fake, game_id, thread_id, pattern, "the take buttons")
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


#: Humans play by `human_turn`, CPUs on their own, until the end or `human_moves` human moves.
play_out = partial(harness.humans_play, human_turn)


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
        await hands_in_words(bot, *people)  # (the hands' text is compared with what is public)
        game_id, thread_id, lobby = await start_through_lobby(fake, people[0], people[1:], "kasane")
        users = {seat: people[seat] for seat in range(4)}
        await play_out(fake, bot, users, game_id, thread_id)
        final = await final_message(fake, thread_id)
        record, result, actions = await finished_outcome(bot, game_id)
        assert (len(record.seats), record.seed) == (4, 42)
        assert len(actions) >= 48  # 12 takes per player, plus melds and passes
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
        game_id, thread_id, _ = await start_through_lobby(fake, host, [], "kasane", cpus=2)
        await play_out(fake, bot, {0: host}, game_id, thread_id)
        await final_message(fake, thread_id)
        _, result, _ = await finished_outcome(bot, game_id)
        assert len(result["scores"]) == 3
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
        game_id, thread_id, _ = await start_through_lobby(fake, people[0], people[1:], "kasane")
        await play_out(fake, bot, users, game_id, thread_id, human_moves=restart_after)
        if restart_after is None:
            _, result, actions = await finished_outcome(bot, game_id)
            return result, actions
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
        await refresh_hand(fake, users[seat], old_hand, game_id)
        await play_out(fake, bot, users, game_id, thread_id)
        _, result, actions = await finished_outcome(bot, game_id)
        return result, actions


async def test_restart_mid_game_continues_with_the_same_result(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    straight, straight_log = await run_to_end(fake_discord, tmp_path, "s", restart_after=None)
    restarted, restarted_log = await run_to_end(fake_discord, tmp_path, "r", restart_after=9)
    assert [a[1:] for a in restarted_log] == [a[1:] for a in straight_log]
    assert restarted == straight


async def test_refusals_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    people = "Aoi:en-US Ben:en-US Chika:en-US Eve:ja"  # Eve only looks on
    async with game_started(fake_discord, tmp_path, "kasane", people, seated=3, seed=5) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika, outsider) = game
        users = {0: aoi, 1: ben, 2: chika}
        seat = session.state.to_act()[0]
        table = table_message(fake, game_id, thread_id)
        take = ids(table, rf"mv:{game_id}:0:{seat}:take\.\d")[0]
        before = session.state.snapshot()

        assert "参加者ではありません" in await refusal(outsider, table, take)
        other = users[(seat + 1) % 3]
        assert "not your turn" in await refusal(other, table, take)
        assert "not one of mine" in await refusal(aoi, table, "mv:1:2:3:" + "x" * 80)
        assert "not valid" in await refusal(users[seat], table, f"mv:{game_id}:0:{seat}:take.x")
        assert "no card" in await refusal(users[seat], table, f"mv:{game_id}:0:{seat}:take.7")
        assert session.state.snapshot() == before and session.version == 0

        # A double click: the first plays, the second is told the table moved on.
        first = await users[seat].click(table, take)
        assert (await first.response()).type == 7
        second = await users[seat].click_raw(table.id, table.channel_id, take)
        response = await second.response()
        assert response.ephemeral and "changed" in response.message.text  # type: ignore[union-attr]
        assert session.version == 1
        await play_out(fake, bot, users, game_id, thread_id, human_moves=0)
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
        game_id, thread_id, _ = await start_through_lobby(fake, people[0], people[1:], "kasane")
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
