"""Bot overhead: a game move's round trip against a trivial button's, in the same run.

The real bot runs in its own process against the fake Discord server on loopback. Users play
whole games of every title (humans only, so every move is a click), one click at a time: before
each move, the same user clicks two trivial controls on the same table message, each answered
with a short ephemeral reply: one handled by the bot's `on_interaction` before discord.py looks
at it, and a button on the table that discord.py dispatches as it does the bot's own
(`benchmarks.bot_process.TrivialButton`), so all three interactions carry the same message and
meet the same conditions. A latency is the time from INTERACTION_CREATE leaving the fake server
to the interaction callback arriving at it. Between clicks the bot is left to finish what
follows a move (the table edit after a hand move, the turn ping), so samples do not overlap.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
from pathlib import Path

from benchmarks import click_steps
from benchmarks.bot_process import TRIVIAL_BUTTON
from benchmarks.cpu_match import pct
from benchmarks.driver import BotProcess, Player, TimedFake, titles
from bot.storage.sqlite import SqliteStore

#: Target: a move's round trip at most this many times the trivial one, at p50 and at p99.
RATIO_TARGET = 2.0


async def settle(fake: TimedFake, quiet: float = 0.03) -> None:
    """Wait until the bot has made no request for `quiet` seconds."""
    seen = -1
    while seen != len(fake.requests):
        seen = len(fake.requests)
        await asyncio.sleep(quiet)


def ratios(moves: list[float], trivial: list[float], what: str) -> tuple[float, float]:
    """The moves' round trip over the `trivial` one at p50 and p99, printed with the verdict."""
    r50 = statistics.median(moves) / statistics.median(trivial)
    r99 = pct(moves, 0.99) / pct(trivial, 0.99)
    verdict = "ok" if max(r50, r99) <= RATIO_TARGET else "MISSED"
    print(
        f"move / {what} round trip: p50 {r50:.2f}×, p99 {r99:.2f}× "
        f"(target ≤ {RATIO_TARGET:.0f}×: {verdict})"
    )
    return r50, r99


async def _run(
    quick: bool, profile: Path | None, pictures: bool = True, steps: bool = False
) -> dict[str, object]:
    rng = random.Random(2)
    samples: dict[str, list[float]] = {
        "trivial": [],
        "trivial button": [],
        "move": [],
        "hand move": [],
        "hand": [],
    }
    per_title: dict[str, list[float]] = {}
    games = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        async with TimedFake() as fake:
            users = [fake.add_user(f"Player{i}", locale="en-US") for i in range(4)]
            stamps = Path(tmp) / "steps.json" if steps else None
            bot = BotProcess(fake, Path(tmp) / "bot.sqlite3", profile=profile, steps=stamps)
            if not pictures:  # the server's switch, set before the bot starts
                store = await SqliteStore.open(bot.db)
                await store.set_guild_pictures(fake.guild.id, False)
                await store.close()
            await bot.start()
            try:
                for title in titles():
                    per_title[title] = []
                    for n in range(games):
                        players = 3 if title != "gogyo" or n % 2 else 2
                        player = await Player.start(fake, bot.db, title, users[:players])
                        while not player.state.is_over():
                            await settle(fake)
                            seat = rng.choice(player.human_to_act())
                            table = player.find_table()
                            assert table is not None
                            trivial = await player.users[seat].click_raw(
                                table.id, table.channel_id, f"bench:{player.version}"
                            )
                            await trivial.response(10)
                            samples["trivial"].append(fake.latency(trivial) or 0.0)
                            await settle(fake)
                            # (A full table has no room for the trivial button.)
                            if table.component(TRIVIAL_BUTTON) is not None:
                                button = await player.users[seat].click_raw(
                                    table.id, table.channel_id, TRIVIAL_BUTTON
                                )
                                await button.response(10)
                                samples["trivial button"].append(fake.latency(button) or 0.0)
                                await settle(fake)
                            before = len(player.clicks)
                            click = await player.move(rng, seat)
                            for extra in player.clicks[before:-1]:
                                samples["hand"].append(fake.latency(extra.inter) or 0.0)
                            value = fake.latency(click.inter) or 0.0
                            samples["hand move" if click.on_hand else "move"].append(value)
                            per_title[title].append(value)
                        await settle(fake)
                errors = bot.errors()
            finally:
                await bot.stop()
            fake.check_deadlines()
            violations = [str(v) for v in fake.violations]
            if stamps is not None:
                print(click_steps.summary(stamps))
    moves = samples["move"] + samples["hand move"]
    ms = {k: [v * 1000 for v in vs] for k, vs in samples.items()}
    all_moves = [v * 1000 for v in moves]
    for kind, values in [*ms.items(), ("all moves", all_moves)]:
        if values:
            print(
                f"{kind:>10}: n {len(values):4d}, p50 {statistics.median(values):6.2f} ms, "
                f"p99 {pct(values, 0.99):6.2f} ms, max {max(values):6.2f} ms"
            )
    for title, values in per_title.items():
        vals = [v * 1000 for v in values]
        print(
            f"  moves of {title}: n {len(vals)}, p50 {statistics.median(vals):.2f} ms, "
            f"p99 {pct(vals, 0.99):.2f} ms"
        )
    r50, r99 = ratios(all_moves, ms["trivial"], "trivial")
    b50, b99 = ratios(all_moves, ms["trivial button"], "trivial button")
    print(f"bot errors {len(errors)}, fake violations {len(violations)}")
    for line in (errors + violations)[:10]:
        print(f"  ! {line}")
    return {
        "samples_ms": ms,
        "ratio_p50": r50,
        "ratio_p99": r99,
        "button_ratio_p50": b50,
        "button_ratio_p99": b99,
        "errors": len(errors),
    }


def ratios_table(runs: dict[str, list[dict[str, object]]]) -> str:
    """The runs of `_run` by what was set for them (e.g. pictures "on" / "off"), one row each:
    the trivial button's and the moves' p50, and the moves' ratio to each yardstick."""
    lines = [
        "| pictures | run | trivial button p50 | all moves p50 | move / button p50, p99 "
        "| move / handler p50, p99 |",
        "|---|---|---|---|---|---|",
    ]
    for setting, found in runs.items():
        for n, figures in enumerate(found, 1):
            samples: dict[str, list[float]] = figures["samples_ms"]  # type: ignore[assignment]
            moves = samples["move"] + samples["hand move"]
            lines.append(
                f"| {setting} | {n} | {statistics.median(samples['trivial button']):.2f} ms "
                f"| {statistics.median(moves):.2f} ms "
                f"| {figures['button_ratio_p50']:.2f}×, {figures['button_ratio_p99']:.2f}× "
                f"| {figures['ratio_p50']:.2f}×, {figures['ratio_p99']:.2f}× |"
            )
    return "\n".join(lines)


def run(quick: bool, profile: Path | None = None, steps: bool = False) -> dict[str, object]:
    """Section 2; with `steps`, also where each click's time goes inside the bot (the
    timestamps slow the bot a little: see `benchmarks.click_steps`)."""
    print("== 2. Bot overhead (move vs trivial round trip, sequential)")
    return asyncio.run(_run(quick, profile, steps=steps))
