"""What happened since your last move: when a player's turn comes back after the CPUs' moves,
their hand lists what each CPU did, newest last, worded as the log words it; a hand that is not
to act lists nothing; and the table lists the recent moves, not only the last."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import messages as msg
from bot.publish import compose
from bot.render import renderer_for
from bot.render.common import SINCE_ROWS, log_lines
from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import game_started, table_message, wait_stored
from tests.e2e.test_hand_screen_e2e import current_hand, play_one


async def test_a_hand_lists_what_the_cpus_did_since_its_last_move(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with game_started(
        fake, tmp_path, "gogyo", "Aoi:en-US", cpus=2, cpu="random", pictures=False
    ) as started:
        session, (aoi,) = started.session, started.users
        checked = 0
        moves = 0
        while session.record.status == "playing" and checked < 3:
            if 0 not in session.state.to_act():
                await wait_stored(fake, session, session.version, "the CPUs' moves")
                continue
            since = session.since_last_move(0)
            cpu_moved = any(event.seat in (1, 2) for _, event in since)
            if moves and cpu_moved:
                hand = await current_hand(fake, aoi, session, 0)
                text = hand.content or ""
                assert msg.HAND_SINCE("en") in text, text
                ctx = compose.context(session, "en")
                describe = renderer_for("gogyo").event_text
                lines, _ = log_lines(ctx, describe, since, keep=SINCE_ROWS, rows=SINCE_ROWS)
                assert lines and all(line in text for line in lines), (lines, text)
                assert "CPU" in lines[-1] or any("CPU" in line for line in lines)
                # Everything listed happened after Aoi's own latest move.
                mine = session.last_moves[0]
                assert all(version > mine for version, _ in since)
                checked += 1
            await play_one(fake, aoi, session, 0, moves)
            moves += 1
            # Aoi is not to act now: the hand she just played from lists nothing.
            if 0 not in session.state.to_act() and session.record.status == "playing":
                payload = compose.hand_payload(session, 0, "en")
                assert msg.HAND_SINCE("en") not in (payload.content or "")
        assert checked == 3
        table = table_message(fake, started.game_id, started.thread_id)
        assert table.text.count("\n• ") >= 2, table.text  # the recent moves, not only the last
