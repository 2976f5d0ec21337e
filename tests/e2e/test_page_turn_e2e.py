"""Pauses where the game turns a page: when a 襲ノ色目 round ends, the table and the player's
hand show the round's summary with Next, the hand offers no move of the next round yet, and
nothing is played until the player has pressed Next; then the game goes on."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import messages as msg
from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import (
    game_started,
    make_bot,
    start_through_lobby,
    table_message,
    table_showing,
    wait_stored,
)
from tests.e2e.test_hand_screen_e2e import current_hand, hand_moves, next_page, play_one


async def test_a_round_end_waits_for_next(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with game_started(
        fake, tmp_path, "kasane", "Aoi:en-US", cpus=2, cpu="random", pictures=False
    ) as started:
        session, (aoi,) = started.session, started.users
        moves = 0
        while session.pause is None:
            assert session.record.status == "playing"
            if 0 not in session.state.to_act():
                await wait_stored(fake, session, session.version, "the CPUs' moves")
                continue
            await play_one(fake, aoi, session, 0, moves)
            moves += 1
        pause = session.pause
        turned = pause.version
        assert pause.waiting == {0}
        assert any(event.kind == "round_end" for v, event in session.events if v == turned)
        # The table shows the summary and whom it waits for.
        table = await table_showing(
            fake, started.game_id, started.thread_id, msg.PAGE_TURN("en"), "the summary"
        )
        assert msg.PAGE_WAITING("en", names="Aoi") in table.text
        assert f"np:{started.game_id}:{turned}" in table.custom_ids
        # The hand: the summary and Next, no move of the next round yet.
        hand = await current_hand(fake, aoi, session, 0)
        assert msg.PAGE_TURN("en") in (hand.content or "")
        assert next_page(hand, session) == f"np:{started.game_id}:{turned}"
        assert not hand_moves(hand, session, 0)
        # Nothing was played meanwhile: the CPUs (who play at once here) wait for Next.
        assert session.version == turned and session.pause is pause
        response = await (await aoi.click(hand, f"np:{started.game_id}:{turned}")).response()
        assert response.type == 7
        assert session.pause is None and pause.over.is_set()
        shown = fake.message(hand.id)
        assert msg.PAGE_TURN("en") not in (shown.content or "")
        # The game goes on: a CPU moves, or Aoi's hand offers her moves.
        if 0 in session.state.to_act():
            assert hand_moves(await current_hand(fake, aoi, session, 0), session, 0)
        else:
            await wait_stored(fake, session, turned, "the next round's first move")
        # A Next pressed again (an old button) changes nothing and is answered quietly.
        stale = await aoi.click_raw(table.id, table.channel_id, f"np:{started.game_id}:{turned}")
        again = await stale.response()
        assert again.type == 6


async def test_no_pause_when_pauses_are_off(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """With `PAGE_PAUSE_SECONDS=0`, a round's end turns the page at once: no Next, no wait."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    bot = make_bot(fake, tmp_path / "db.sqlite3", page_pause=0, pictures=False)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(
            fake, aoi, [], "kasane", cpus=2, cpu="random"
        )
        session = await bot.sessions.get(game_id)
        assert session is not None
        moves = 0
        while not any(event.kind == "round_end" for _, event in session.events):
            assert session.pause is None
            if 0 not in session.state.to_act():
                await wait_stored(fake, session, session.version, "the CPUs' moves")
                continue
            await play_one(fake, aoi, session, 0, moves)
            moves += 1
        assert session.pause is None
        assert not any(
            c.startswith("np:") for c in table_message(fake, game_id, thread_id).custom_ids
        )
