"""Live hands end to end: a player's one private hand follows the game after everyone's moves,
replaces the previous one when opened again, closes itself before its token expires, and shows
the result at the end; no more than one live hand message per player at any time. The table is
re-posted at the bottom of its thread when the players' chat pushed it up."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.publish import compose
from bot.publish import feeds as feeds_module
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.sandbox.fakediscord.faults import SENDS
from bot.session import Session
from tests.e2e import test_irobae_e2e as irobae
from tests.e2e.harness import (
    Started,
    custom_id,
    game_started,
    hand_messages,
    hands_in_words,
    ids,
    make_bot,
    open_hand,
    refresh_hand,
    start_through_lobby,
    table_message,
    table_offering,
    wait_stored,
    wait_until,
)
from tests.e2e.test_kasane_e2e import human_turn, play_out

#: The players of a two-player table (with a CPU) and of a three-player one.
TWO = "Aoi:en-US Ben:en-US"
THREE = "Aoi:en-US Ben:en-US Chika:en-US"


async def someone_moves(
    fake: FakeDiscord,
    bot: GameBot,
    users: dict[int, User],
    session: Session,
    game_id: int,
    thread_id: int,
) -> None:
    """The player to act moves: a CPU on its own, a human by clicking."""
    version = session.version
    if session.record.seats[session.state.to_act()[0]].is_cpu:
        await wait_until(fake, lambda: session.version > version, "the CPU's move")
    else:
        await human_turn(fake, bot, users, session, thread_id)


async def follows_then_replaced(
    fake: FakeDiscord,
    bot: GameBot,
    session: Session,
    user: User,
    seat: int,
    lang: str,
    first: Message,
    shown_at: int,
) -> Message:
    """`first`, the user's live hand, is edited to the game as it is now (beyond the
    `shown_at` versions it had); a newly opened hand then replaces it. Returns the new one."""

    def current() -> bool:
        hand = fake.message(first.id)
        expected = compose.hand_payload(session, seat, lang)  # type: ignore[arg-type]
        return hand.content == (expected.content or "") and len(hand.versions) > shown_at

    await wait_until(fake, current, f"{user.name}'s hand to follow the game")
    assert not fake.message(first.id).deleted
    second = await open_hand(fake, user, session.id, session.record.play_channel_id)
    await wait_until(fake, lambda: fake.message(first.id).deleted, "the old hand deleted")
    assert [m.id for m in hand_messages(user, session.id)] == [second.id]
    return second


async def test_one_live_hand_follows_the_game_is_replaced_and_shows_the_end(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(fake_discord, tmp_path, "kasane", TWO, cpus=1, seed=7) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben) = game
        users = {0: aoi, 1: ben}
        ben_seat = session.record.seat_of(ben.id)
        assert ben_seat == 1
        while session.state.to_act() == [ben_seat]:  # Ben's first move, if he starts
            await human_turn(fake, bot, users, session, thread_id)
        first = await open_hand(fake, ben, game_id, thread_id)
        shown_at = len(fake.message(first.id).versions)
        # Someone else moves (Aoi, or the CPU): Ben's hand follows without his clicking.
        await someone_moves(fake, bot, users, session, game_id, thread_id)

        # It follows the game; opening it again replaces it: one live hand message at any time.
        await follows_then_replaced(fake, bot, session, ben, ben_seat, "en", first, shown_at)
        # Play to the end: never more than one live hand each; every open hand shows the end.
        await play_out(fake, bot, users, game_id, thread_id)
        await wait_until(
            fake, lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)), "the end"
        )
        for user in (aoi, ben):
            hands = hand_messages(user, game_id)
            assert len(hands) <= 1, [m.id for m in hands]
        ben_hands = hand_messages(ben, game_id)
        assert ben_hands
        await wait_until(fake, lambda: "🏁" in fake.message(ben_hands[0].id).text, "the result")
        # The ended hand offers no moves.
        assert not [c for c in fake.message(ben_hands[0].id).custom_ids if c.startswith("mv:")]


@pytest.mark.fake_discord(token_lifetime=6.0)
async def test_a_hand_closes_itself_before_its_token_expires_and_reopens_in_place(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="ja")
    ben = fake.add_user("Ben", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=7)
    bot.settings.hand_lifetime_seconds = 1.5
    async with fake.run_bot(bot):
        await hands_in_words(bot, ben)  # (a hand is told by its text)
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [ben], "kasane", cpus=1)
        hand = await open_hand(fake, ben, game_id, thread_id)
        assert "Your hand" in hand.text

        def closed() -> bool:
            return "Hand closed" in fake.message(hand.id).text

        await wait_until(fake, closed, "the hand to close itself")
        message = fake.message(hand.id)
        assert message.embeds == [] and message.custom_ids == [f"hd:{game_id}:r"]
        # Its button opens it again in place, and it is live again (it will close again).
        assert "Your hand" in (await refresh_hand(fake, ben, message, game_id)).text
        await wait_until(fake, closed, "the reopened hand to close itself again")
        assert [m.id for m in hand_messages(ben, game_id)] == [hand.id]


async def test_the_table_is_reposted_near_the_bottom_when_chat_pushes_it_up(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(feeds_module, "PUSHED_UP_CHECK_SECONDS", 0.0)  # look at every change
    async with game_started(fake_discord, tmp_path, "kasane", TWO, cpus=1, seed=7) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben) = game
        users = {0: aoi, 1: ben}
        # One move with the table where it is: edited in place.
        first = table_message(fake, game_id, thread_id)
        await human_turn(fake, bot, users, session, thread_id)
        assert table_message(fake, game_id, thread_id).id == first.id
        # The players talk: three messages push the table up the thread.
        for n, user in enumerate((aoi, ben, aoi)):
            await user.say(f"nice move {n}", channel=thread_id)
        version = session.version
        while session.version == version:
            if session.record.seats[session.state.to_act()[0]].is_cpu:
                await wait_until(fake, lambda: session.version > version, "the CPU")
            else:
                await human_turn(fake, bot, users, session, thread_id)

        def reposted() -> bool:
            tables = [
                m for m in fake.channel_messages(thread_id) if f"hd:{game_id}" in m.custom_ids
            ]
            return bool(tables) and tables[-1].id != first.id

        await wait_until(fake, reposted, "the table re-posted")
        table = table_message(fake, game_id, thread_id)
        assert fake.message(first.id).deleted  # one table, below the chat
        chat = [m for m in fake.channel_messages(thread_id) if "nice move" in m.content]
        assert table.id > max(m.id for m in chat)


async def open_dm_hand(fake: FakeDiscord, ben: User, game_id: int, thread_id: int) -> Message:
    """Ben clicks "Show my hand" on the table, is told it is in his DMs, and gets it there."""
    inter = await ben.click(table_message(fake, game_id, thread_id), f"hd:{game_id}")
    assert "in your DMs" in (await inter.response()).message.text  # type: ignore[union-attr]
    (dm,) = await fake.wait_for(lambda: ben.dms(), 5, "Ben's DM hand")
    return dm


async def test_a_dm_hand_keeps_a_pending_pick_while_others_move(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """色映に生へど's pass, picked on a hand by DM, waits for its Confirm click: another player's
    pass changes nothing Ben's hand shows, so the DM hand is left as it is, the pick and its
    Confirm button still on it, and that button plays it. A refresh click drops the pick, as on
    a live hand, and the next pass leaves the hand without it."""
    async with game_started(
        fake_discord, tmp_path, "irobae", THREE, dm_hands="Ben", seed=11, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika) = game
        seats = {user.id: session.record.seat_of(user.id) for user in (aoi, ben, chika)}
        ben_seat = seats[ben.id]
        assert ben_seat is not None
        dm = await open_dm_hand(fake, ben, game_id, thread_id)

        async def pick(message: Message) -> str:
            """Ben picks two cards in the DM hand's pass select; returns the Confirm's id."""
            select = irobae.pass_select(message, game_id, ben_seat)
            values = [o["value"] for o in select["options"]][:2]
            inter = await ben.select(message, select["custom_id"], values)
            assert (await inter.response()).type == 7
            shown = fake.message(message.id)
            assert "☑️" in shown.text
            label = session.controls_version(ben_seat)
            return custom_id(shown, rf"mv:{game_id}:{label}:{ben_seat}:pass\.\d+\.\d+")

        confirm = await pick(dm)
        edits = len(fake.message(dm.id).history)
        # Aoi passes from her own hand meanwhile: Ben's DM hand is left as it is, and still
        # waits for his Confirm.
        version = session.version
        aoi_hand = await irobae.open_hand(fake, aoi, game_id, thread_id)
        await irobae.choose_pass(fake, bot, session, aoi, seats[aoi.id], aoi_hand)  # type: ignore[arg-type]
        assert session.version > version
        await wait_until(fake, lambda: bot.publisher.idle(game_id), "the publisher")
        assert len(fake.message(dm.id).history) == edits
        assert confirm in fake.message(dm.id).custom_ids
        assert "☑️" in fake.message(dm.id).text and len(ben.dms()) == 1
        # A refresh drops the pick, and Chika's pass then leaves the hand without it.
        refreshed = await refresh_hand(fake, ben, fake.message(dm.id), game_id)
        assert not [c for c in refreshed.custom_ids if c.startswith("mv:")]
        version = session.version
        chika_hand = await irobae.open_hand(fake, chika, game_id, thread_id)
        await irobae.choose_pass(fake, bot, session, chika, seats[chika.id], chika_hand)  # type: ignore[arg-type]
        assert session.version > version
        await wait_until(fake, lambda: bot.publisher.idle(game_id), "the publisher")
        assert "☑️" not in fake.message(dm.id).text
        assert not [c for c in fake.message(dm.id).custom_ids if c.startswith("mv:")]
        # Picked again, the Confirm plays the pass.
        confirm = await pick(fake.message(dm.id))
        version = session.version
        inter = await ben.click(fake.message(dm.id), confirm)
        assert (await inter.response()).type == 7
        await wait_stored(fake, session, version)
        actions = await bot.store.actions(game_id)
        assert [a for _, s, a in actions if s == ben_seat] == [confirm.rsplit(":", 1)[1]]
        assert session.state.public_view().phase == "play"


async def pick_on_the_dm_hand(
    fake: FakeDiscord, session: Session, game_id: int, thread_id: int, ben: User, ben_seat: int
) -> tuple[Message, str, tuple[str, str]]:
    """Ben opens his hand by DM and picks two cards in its pass select, shown back for his
    Confirm. Returns the DM hand, the chosen cards (`"3.5"`) and the pick it shows (its
    notice, the encoded action its Confirm plays)."""
    dm = await open_dm_hand(fake, ben, game_id, thread_id)
    select = irobae.pass_select(dm, game_id, ben_seat)
    values = [o["value"] for o in select["options"]][:2]
    inter = await ben.select(dm, select["custom_id"], values)
    assert (await inter.response()).type == 7
    chosen = ".".join(sorted(values, key=int))
    label = session.controls_version(ben_seat)
    assert f"mv:{game_id}:{label}:{ben_seat}:pass.{chosen}" in fake.message(dm.id).custom_ids
    notice = next(line for line in fake.message(dm.id).text.splitlines() if "☑️" in line)
    return dm, chosen, (notice, f"pass.{chosen}")


async def test_a_dm_hand_keeps_its_pending_pick_across_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ben's pass, picked on his hand by DM, still waits for its Confirm when the bot
    restarts: the pick is kept with the DM hand message, and after the restart Aoi's pass,
    which edits Ben's hand, leaves the pick and its Confirm button on it, as before the
    restart; that button plays the pass, and the kept pick is then dropped."""
    async with game_started(
        fake_discord, tmp_path, "irobae", THREE, dm_hands="Ben", seed=11, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika) = game
        seats = {user.id: session.record.seat_of(user.id) for user in (aoi, ben, chika)}
        ben_seat = seats[ben.id]
        assert ben_seat is not None
        dm, chosen, pick = await pick_on_the_dm_hand(
            fake, session, game_id, thread_id, ben, ben_seat
        )
        version = session.version

    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=11)
    async with fake.run_bot(bot):
        stored = await bot.store.dm_hand(game_id, ben_seat)
        assert stored is not None and stored.message_id == dm.id
        assert stored.confirm is not None and stored.confirm[1] == pick[1]
        assert "☑️" in stored.confirm[0]
        session = await bot.sessions.get(game_id)  # type: ignore[assignment]
        assert session is not None and session.version == version
        edits = len(fake.message(dm.id).history)
        # Aoi passes: the new process edits Ben's DM hand (it has not sent it yet), with his
        # pick still on it.
        aoi_hand = await irobae.open_hand(fake, aoi, game_id, thread_id)
        await irobae.choose_pass(fake, bot, session, aoi, seats[aoi.id], aoi_hand)  # type: ignore[arg-type]
        assert session.version > version
        await wait_until(
            fake, lambda: len(fake.message(dm.id).history) > edits, "Ben's DM hand edited"
        )
        await wait_until(fake, lambda: bot.publisher.idle(game_id), "the publisher")
        shown = fake.message(dm.id)
        assert pick[0] in shown.text and len(ben.dms()) == 1
        label = session.controls_version(ben_seat)
        confirm = f"mv:{game_id}:{label}:{ben_seat}:pass.{chosen}"
        assert confirm in shown.custom_ids
        # The Confirm plays it.
        version = session.version
        inter = await ben.click(shown, confirm)
        assert (await inter.response()).type == 7
        await wait_stored(fake, session, version)
        actions = await bot.store.actions(game_id)
        assert [a for _, s, a in actions if s == ben_seat] == [f"pass.{chosen}"]
        assert "☑️" not in fake.message(dm.id).text
        await bot.publisher.dm_hands.picks_kept()
        stored = await bot.store.dm_hand(game_id, ben_seat)
        assert stored is not None and stored.confirm is None


async def test_a_dm_hand_pick_made_illegal_across_a_restart_is_dropped(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ben's pass, picked on his hand by DM, waits for its Confirm when the bot stops, and his
    turn's time runs out meanwhile: the next process plays the passes that timed out, and Ben's
    DM hand then shows the game moved on, without the pick, which is no longer kept."""
    async with game_started(
        fake_discord,
        tmp_path,
        "irobae",
        THREE,
        dm_hands="Ben",
        seed=11,
        language="en",
        turn_timer=1,
    ) as game:
        fake, bot, session, game_id, thread_id, (_, ben, _) = game
        ben_seat = session.record.seat_of(ben.id)
        assert ben_seat is not None
        dm, _, pick = await pick_on_the_dm_hand(fake, session, game_id, thread_id, ben, ben_seat)
        assert session.record.deadline is not None
        # The turn's time runs out while the bot is stopped.
        await bot.store.update_game(game_id, deadline=time.time() - 1)

    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=11)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)  # type: ignore[assignment]
        assert session is not None
        await wait_until(
            fake, lambda: session.state.public_view().phase == "play", "the passes timed out"
        )
        actions = await bot.store.actions(game_id)
        # Ben's pass was played for him (whichever cards the time-out chose).
        assert len([a for _, s, a in actions if s == ben_seat and a.startswith("pass.")]) == 1

        def moved_on() -> bool:
            shown = fake.message(dm.id)
            return bot.publisher.idle(game_id) and not ids(shown, rf"mk:{game_id}:.*:pass")

        await wait_until(fake, moved_on, "Ben's DM hand past the pass")
        shown = fake.message(dm.id)
        assert "☑️" not in shown.text and pick[0] not in shown.text
        assert not [c for c in shown.custom_ids if c.endswith(f":{pick[1]}")]
        await bot.publisher.dm_hands.picks_kept()
        stored = await bot.store.dm_hand(game_id, ben_seat)
        assert stored is not None and stored.message_id == dm.id and stored.confirm is None


async def test_live_hands_are_taken_over_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The process that starts after a restart keeps the hands the previous one kept live:
    edited after the next move without a click, replaced (deleted) when the player opens a
    new one, and closed before their token expires."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="ja")
    db = tmp_path / "db.sqlite3"
    users = {0: aoi, 1: ben}
    bot = make_bot(fake, db, seed=7)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [ben], "kasane", cpus=1)
        session = await bot.sessions.get(game_id)
        assert session is not None and session.record.seat_of(ben.id) == 1
        while session.state.to_act() == [1]:  # Ben's first move, if he starts
            await human_turn(fake, bot, users, session, thread_id)
        await wait_until(fake, lambda: not session.lock.locked(), "the move stored")
        first = await open_hand(fake, ben, game_id, thread_id)
    shown_at = len(fake.message(first.id).versions)

    bot = make_bot(fake, db, seed=7)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None
        # Someone else moves (Aoi, or the CPU): Ben's hand from before the restart follows.
        while session.state.to_act() == [1]:
            await human_turn(fake, bot, users, session, thread_id)
        await someone_moves(fake, bot, users, session, game_id, thread_id)

        # It follows the game; opening a new one replaces it: still one live hand message.
        second = await follows_then_replaced(fake, bot, session, ben, 1, "ja", first, shown_at)

    # Restarted once more, with hands that close sooner: the hand kept from the process
    # before closes itself in time (it is past its lifetime already: at once).
    bot = make_bot(fake, db, seed=7)
    bot.settings.hand_lifetime_seconds = 1.0
    async with fake.run_bot(bot):
        await wait_until(
            fake, lambda: "手札を閉じました" in fake.message(second.id).text, "the hand to close"
        )
        assert fake.message(second.id).custom_ids == [f"hd:{game_id}:r"]
        assert [m.id for m in hand_messages(ben, game_id)] == [second.id]


async def test_a_pick_in_a_hand_drawn_before_another_seats_pass_is_shown_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """色映に生へど's passes are made at once: Aoi's pass select was drawn before Ben passed, and
    her pick in it is shown back with its Confirm (at the version her controls carry, from
    before Ben's pass) rather than refused as stale, as a move from that control would be
    played."""
    async with game_started(
        fake_discord, tmp_path, "irobae", THREE, seed=11, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika) = game
        seats = {user.id: session.record.seat_of(user.id) for user in (aoi, ben, chika)}
        aoi_seat = seats[aoi.id]
        assert aoi_seat is not None
        aoi_hand = await irobae.open_hand(fake, aoi, game_id, thread_id)
        select = irobae.pass_select(aoi_hand, game_id, aoi_seat)
        ben_hand = await irobae.open_hand(fake, ben, game_id, thread_id)
        version = session.version
        await irobae.choose_pass(fake, bot, session, ben, seats[ben.id], ben_hand)  # type: ignore[arg-type]
        assert session.version > version
        values = [o["value"] for o in select["options"]][:2]
        inter = await aoi.click_raw(
            aoi_hand.id, aoi_hand.channel_id, select["custom_id"], 3, values=values
        )
        response = await inter.response()
        assert response.type == 7 and "☑️" in response.text and "⚠️" not in response.text
        chosen = ".".join(sorted(values, key=int))
        confirm = f"mv:{game_id}:{session.controls_version(aoi_seat)}:{aoi_seat}:pass.{chosen}"
        assert confirm in fake.message(aoi_hand.id).custom_ids
        version = session.version
        inter = await aoi.click(fake.message(aoi_hand.id), confirm)
        assert (await inter.response()).type == 7
        await wait_stored(fake, session, version)
        actions = await bot.store.actions(game_id)
        assert [a for _, s, a in actions if s == aoi_seat] == [f"pass.{chosen}"]


def melding_take(session: Session, seat: int) -> str | None:
    """The encoded take after which `seat` may meld (and so acts from its hand), if any."""
    for action in session.state.legal_actions(seat):
        after = session.state.copy()
        after.apply(seat, action)
        if after.to_act() == [seat]:
            return session.game.Action.encode(action)
    return None


async def ben_at_a_melding_take(game: Started) -> tuple[User, int, str, Message]:
    """In a game of `TWO` with a CPU, play on until Ben is to take a card that leaves him a meld
    (until then he takes cards that leave none, so no hand of his has been brought up); returns
    Ben, his seat, that take's custom_id and the table offering it."""
    fake, bot, session, game_id, thread_id, (aoi, ben) = game
    seat = session.record.seat_of(ben.id)
    assert seat == 1
    while True:
        if session.state.to_act() == [seat] and session.state.public_view().step == "take":
            take = melding_take(session, seat)
            if take is not None:
                break
        await someone_moves(fake, bot, {0: aoi, 1: ben}, session, game_id, thread_id)
    assert bot.publisher.hands.live(game_id, seat) is None
    take_id = f"mv:{game_id}:{session.version}:{seat}:{take}"
    table = await table_offering(fake, game_id, thread_id, take_id, "the melding take")
    return ben, seat, take_id, table


def hands_of(user: User, game_id: int) -> list[int]:
    return [m.id for m in hand_messages(user, game_id)]


async def test_a_hand_opened_while_the_bot_brings_one_up_stays_the_one_kept(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A take on 襲ノ色目's table that leaves a meld to make brings the player's hand up by itself
    (a follow-up to the click). Should the player click "Show my hand" while that follow-up is
    on its way, the hand they opened is the one kept: the follow-up is deleted as it lands, and
    a meld clicked on their hand is answered on it, not with "Done." on a hand deleted under
    them."""
    async with game_started(fake_discord, tmp_path, "kasane", TWO, cpus=1, seed=7) as game:
        fake, bot, session, game_id, thread_id, _ = game
        ben, ben_seat, take_id, table = await ben_at_a_melding_take(game)
        version = session.version
        # The follow-up hand reaches Discord three seconds late.
        fake.faults.add("slow", routes=SENDS, delay=3.0, when=lambda r: "/webhooks/" in r.path)
        await (await ben.click(table, take_id)).response()
        opened = await open_hand(fake, ben, game_id, thread_id)
        await wait_stored(fake, session, version)

        def landed() -> bool:
            return any(
                m.ephemeral_for == ben.id
                and m.id != opened.id
                and f"hd:{game_id}:r" in m.custom_ids
                for m in fake.messages.values()
            )

        await wait_until(fake, landed, "the follow-up hand")
        await wait_until(fake, lambda: hands_of(ben, game_id) == [opened.id], "Ben's hand alone")
        live = bot.publisher.hands.live(game_id, ben_seat)
        assert live is not None and live.message_id == opened.id
        # Ben melds (or passes) on the hand he opened: answered there, in place.
        hand = fake.message(opened.id)
        choices = ids(hand, rf"mv:{game_id}:{version + 1}:{ben_seat}:.*")
        assert choices, hand.custom_ids
        response = await (await ben.click(hand, choices[0])).response()
        assert response.type == 7 and response.message is not None
        assert response.message.id == opened.id
        await wait_stored(fake, session, version + 1)
        assert hands_of(ben, game_id) == [opened.id]


async def test_a_click_on_a_hand_being_replaced_leaves_the_new_one_live(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A player opens their hand again while the one before is still on screen (its deletion
    is slow to land) and clicks a meld on the older one: the move is played and answered on
    that message (or, if its deletion landed first after all, with "Done."), and the hand they
    opened last stays the live one, kept current, instead of being deleted for the older one
    (which would leave them with no hand at all)."""
    async with game_started(fake_discord, tmp_path, "kasane", TWO, cpus=1, seed=7) as game:
        fake, bot, session, game_id, thread_id, _ = game
        ben, ben_seat, take_id, table = await ben_at_a_melding_take(game)
        version = session.version
        await (await ben.click(table, take_id)).response()
        await wait_stored(fake, session, version)
        await wait_until(fake, lambda: hands_of(ben, game_id), "the hand brought up")
        (first,) = hand_messages(ben, game_id)
        # Deleting the first hand takes Discord two seconds.
        fake.faults.add("slow", delay=2.0, when=lambda r: r.method == "DELETE")
        second = await open_hand(fake, ben, game_id, thread_id)
        choices = ids(fake.message(first.id), rf"mv:{game_id}:{version + 1}:{ben_seat}:.*")
        assert choices
        response = await (await ben.click(fake.message(first.id), choices[0])).response()
        assert response.message is not None
        if response.type == 7:
            assert response.message.id == first.id
        else:  # the deletion landed first (a busy machine): told apart that it was played
            assert (response.type, response.message.text) == (4, "Done.")
        await wait_stored(fake, session, version + 1)
        live = bot.publisher.hands.live(game_id, ben_seat)
        assert live is not None and live.message_id == second.id
        await wait_until(fake, lambda: hands_of(ben, game_id) == [second.id], "Ben's new hand")

        def follows() -> bool:
            # The game as it is now: the CPU may have moved on since.
            expected = compose.hand_payload(session, ben_seat, "en")
            return fake.message(second.id).content == (expected.content or "")

        await wait_until(fake, follows, "the new hand to follow the game")
