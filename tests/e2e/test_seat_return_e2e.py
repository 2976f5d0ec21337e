"""Seats come back, end to end: a player the host replaced with a CPU is shown as away, the CPU's
moves for them are marked ⏰ in the log, and they take their seat back with the table's button
or `/game return`; nobody else can."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.sandbox.fakediscord import FakeDiscord, Message
from tests.e2e.harness import game_started, table_message, table_showing, wait_until
from tests.e2e.test_kasane_e2e import human_turn, play_out


async def until_the_cpu_moved_for_seat_2(game: Any) -> None:
    """Play Aoi's (seat 1's) turns until the CPU that holds seat 2 has moved."""
    fake, bot, session, _, thread_id, (aoi, _) = game
    version = session.version
    while not any(v > version and s == 1 for v, s in session.movers):
        if session.state.to_act() == [0]:
            await human_turn(fake, bot, {0: aoi}, session, thread_id)
        else:
            moved = session.version
            await wait_until(fake, lambda m=moved: session.version > m, "a CPU move")


async def test_a_replaced_player_takes_the_seat_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    people = "Aoi:en-US Ben:ja"
    # Pictures off: the test reads the log in the table's text.
    async with game_started(
        fake_discord, tmp_path, "kasane", people, cpus=1, seed=8, pictures=False, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben) = game
        # Nobody is away: no way back is offered, and asking for one is refused.
        assert f"rs:{game_id}" not in table_message(fake, game_id, thread_id).custom_ids
        inter = await ben.slash("game return", {}, channel=thread_id)
        refused = (await inter.response()).message
        assert refused is not None and refused.ephemeral and "CPU" in refused.text
        # The host replaces Ben: the table says he is away and offers his way back.
        inter = await aoi.slash("game replace", {"player": ben}, channel=thread_id)
        await inter.response()

        def away() -> bool:
            table = table_message(fake, game_id, thread_id)
            return "Away (a CPU plays for them): Ben" in table.text

        await wait_until(fake, away, "the table to show Ben away")
        table = table_message(fake, game_id, thread_id)
        assert f"rs:{game_id}" in table.custom_ids
        # The CPU plays Ben's turns; its moves are marked in the log.
        await until_the_cpu_moved_for_seat_2(game)
        await table_showing(
            fake,
            game_id,
            thread_id,
            "⏰ 🤖 CPU (Ben) took",
            "the stand-in's move marked in the log",
        )
        # Someone else cannot take Ben's seat.
        inter = await aoi.click(table_message(fake, game_id, thread_id), f"rs:{game_id}")
        response = await inter.response()
        assert response.ephemeral and "No seat of yours" in response.message.text  # type: ignore[union-attr]
        assert session.record.seats[1].is_cpu
        # Ben, away, asks for his hand: he is told a CPU plays his seat and how to take it back
        # (in his own language), not that he is not playing.
        inter = await ben.click(table_message(fake, game_id, thread_id), f"hd:{game_id}")
        response = await inter.response()
        told = response.message.text  # type: ignore[union-attr]
        assert response.ephemeral and "CPUが代わりに遊んでいます" in told and "席に戻る" in told
        # Ben takes it back with the table's button: told in the thread, in the table's language.
        inter = await ben.click(table_message(fake, game_id, thread_id), f"rs:{game_id}")
        response = await inter.response()
        assert not response.ephemeral
        assert "is back in seat 2" in response.message.text  # type: ignore[union-attr]
        record = await bot.store.get(game_id)
        assert record is not None and record.seats[1].user_id == ben.id
        assert record.seats[1].name == "Ben" and record.seats[1].away_user_id is None
        await wait_until(fake, lambda: not away(), "the table to show Ben back")
        assert f"rs:{game_id}" not in table_message(fake, game_id, thread_id).custom_ids
        # Replaced once more, he comes back with `/game return` this time.
        inter = await aoi.slash("game replace", {"player": ben}, channel=thread_id)
        await inter.response()
        assert session.record.seats[1].away_user_id == ben.id
        inter = await ben.slash("game return", {}, channel=thread_id)
        response = await inter.response()
        assert "is back in seat 2" in response.message.text  # type: ignore[union-attr]
        assert session.record.seats[1].user_id == ben.id
        # From now on Ben plays his own turns again (play_out clicks for every human seat, and
        # a CPU decision made before his return is not played for him), to the end.
        await play_out(fake, bot, {0: aoi, 1: ben}, game_id, thread_id)
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "finished"
        assert record.seats[1].user_id == ben.id


async def test_a_player_leaves_their_own_seat_to_a_cpu_and_takes_it_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """`/game leave`: a player (not only the host) hands their own seat to a CPU of the table's
    level, which plays it until they come back; the thread is told in the table's language.
    Someone who holds no seat cannot leave one."""
    people = "Aoi:en-US Ben:ja"
    async with game_started(
        fake_discord, tmp_path, "kasane", people, cpus=1, seed=8, pictures=False, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (_, ben) = game
        eri = fake.add_user("Eri", locale="en-US")
        inter = await eri.slash("game leave", {}, channel=thread_id)
        refused = (await inter.response()).message
        assert refused is not None and refused.ephemeral
        assert refused.text == "You are not playing in this game."
        # Ben has his hand open; he (not the host) steps away: told publicly, in the table's
        # language (English), and his hand, a CPU's now, closes to how to take it back.
        inter = await ben.click(table_message(fake, game_id, thread_id), f"hd:{game_id}")
        hand = (await inter.response()).message
        assert hand is not None and hand.ephemeral and hand.embeds
        inter = await ben.slash("game leave", {}, channel=thread_id)
        response = await inter.response()
        assert response.message is not None and not response.ephemeral
        assert response.message.text.startswith(f"<@{ben.id}> stepped away: a CPU plays seat 2")
        seat = session.record.seats[1]
        assert seat.is_cpu and seat.away_user_id == ben.id
        assert seat.cpu_level == session.record.cpu_level  # the table's level
        away = "💤 あなたの席は今、CPUが代わりに遊んでいます。"
        await wait_until(
            fake, lambda: fake.message(hand.id).content.startswith(away), "Ben's hand closed"
        )
        assert not fake.message(hand.id).embeds
        assert fake.message(hand.id).custom_ids == [f"hd:{game_id}:r"]
        # The CPU plays his turns meanwhile.
        await until_the_cpu_moved_for_seat_2(game)
        # He takes it back with `/game return`.
        inter = await ben.slash("game return", {}, channel=thread_id)
        response = await inter.response()
        assert "is back in seat 2" in response.message.text  # type: ignore[union-attr]
        record = await bot.store.get(game_id)
        assert record is not None and record.seats[1].user_id == ben.id
        assert record.seats[1].away_user_id is None and not record.seats[1].is_cpu


async def test_the_turn_ping_of_a_player_who_leaves_their_seat_is_removed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A player pinged for their turn who then leaves the seat to a CPU is no longer to play:
    the ping that named them goes."""
    people = "Aoi:en-US Ben:ja"
    async with game_started(
        fake_discord, tmp_path, "kasane", people, cpus=1, seed=8, pictures=False, language="en"
    ) as game:
        fake, bot, session, _, thread_id, (aoi, ben) = game
        while session.state.to_act() != [1]:
            if session.state.to_act() == [0]:
                await human_turn(fake, bot, {0: aoi}, session, thread_id)
            else:
                moved = session.version
                await wait_until(fake, lambda m=moved: session.version > m, "a CPU move")

        def ben_pinged() -> Message | None:
            return next(
                (
                    m
                    for m in fake.public_messages()
                    if m.channel_id == thread_id and not m.deleted and f"<@{ben.id}>" in m.content
                ),
                None,
            )

        ping = await fake.wait_for(ben_pinged, 10, "Ben's turn ping")
        # The CPU that takes the seat over waits (as it would with people watching): the
        # ping goes because Ben left, not because a later turn replaced it.
        bot.sessions.cpu_delay = 30.0
        version = session.version
        inter = await ben.slash("game leave", {}, channel=thread_id)
        await inter.response()
        await wait_until(fake, lambda: fake.message(ping.id).deleted, "the ping removed")
        assert session.version == version and session.state.to_act() == [1]
