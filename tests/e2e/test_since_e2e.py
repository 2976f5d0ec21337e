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
from bot.sandbox.fakediscord.faults import EDITS
from bot.sandbox.fakediscord.objects import message_text
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


async def test_each_cpu_move_is_on_the_table_before_the_next(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """With people watching and a CPU delay set, the CPUs' moves are paced by the table: every
    CPU move is the newest line of the table's recent moves in some version of the table
    message, none is skipped by the next one coming first."""
    fake = fake_discord
    async with game_started(
        fake, tmp_path, "gogyo", "Aoi:en-US", cpus=2, cpu="random", pictures=False, cpu_delay=0.01
    ) as started:
        session, (aoi,) = started.session, started.users
        # Discord answers edits slowly: CPUs that did not wait for the table would play several
        # moves while one edit is on its way, and the next edit would show only the latest.
        fake.faults.add("slow", routes=EDITS, delay=0.2)
        describe = renderer_for("gogyo").event_text
        newest: dict[int, str] = {}  # CPU move's version → its newest log line
        moves = 0
        while session.record.status == "playing" and moves < 8:
            if 0 not in session.state.to_act():
                version = session.version
                await wait_stored(fake, session, version, "the CPUs' moves")
                continue
            await play_one(fake, aoi, session, 0, moves)
            moves += 1
        ctx = compose.context(session)
        for version, event in session.events:
            if event.seat in (1, 2) and (text := describe(ctx, event)):
                newest[version] = text
        tables = [
            m
            for m in fake.channel_messages(started.thread_id)
            if f"hd:{started.game_id}" in m.custom_ids
        ]
        last_lines = set()
        for shown in (version for table in tables for version in table.versions):
            lines = [line for line in message_text(shown).splitlines() if line.startswith("• ")]
            if lines:
                last_lines.add(lines[-1].removeprefix("• "))
        cpu_versions = sorted(newest)
        assert len(cpu_versions) >= 4
        missing = [v for v in cpu_versions if newest[v] not in last_lines]
        assert not missing, [newest[v] for v in missing]
