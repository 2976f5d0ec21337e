"""Load: 200 games in progress at once, each receiving a move every second.

The real bot runs in its own process against the fake Discord server. 200 games (every title in
turn, three human players each, distinct users) are set up first; then for `--load-seconds`
every game gets one move a second from its simulated players, on a schedule spread over the
second. A move that is played from the hand needs the hand first, so those players click "Show
my hand" just before (as people do); those clicks are measured too. A game that ends is replaced
by a new one. Latency is INTERACTION_CREATE → interaction callback at the fake server. Errors are
refused moves, the bot's ERROR log lines and everything the fake server flags (a first response
after 3 seconds among them).
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bot_process import Watch
from benchmarks.driver import BotProcess, Player, TimedFake, pct, titles

#: Targets under load.
P99_TARGET_MS = 250.0


async def _run(games: int, seconds: float, profile: Path | None) -> dict[str, object]:
    names = titles()
    latencies: dict[str, list[float]] = {"move": [], "hand": []}
    problems: list[str] = []
    started = {"games": 0, "deferred": 0}
    with tempfile.TemporaryDirectory() as tmp:
        async with TimedFake() as fake:
            bot = BotProcess(fake, Path(tmp) / "bot.sqlite3", profile=profile, time_database=True)
            await bot.start()

            async def new_game(n: int) -> Player:
                title = names[n % len(names)]
                users = [fake.add_user(f"G{n}P{i}", locale="en-US") for i in range(3)]
                started["games"] += 1
                return await Player.start(fake, bot.db, title, users)

            try:
                setup = time.monotonic()
                players = [await new_game(n) for n in range(games)]
                setup = time.monotonic() - setup
                print(f"set up {games} games in {setup:.1f} s")
                # The fake server is the instrument: keep its (large) heap's collections out
                # of the figures. The bot collects as usual.
                gc.collect()
                gc.disable()
                watch = Watch()
                watcher = asyncio.create_task(watch.run())
                cpu_before, wall = bot.cpu_seconds(), time.monotonic()
                driver_before = time.process_time()
                stop = wall + seconds

                async def play(index: int, player: Player, rng: random.Random) -> None:
                    next_at = wall + rng.random()
                    while True:
                        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                        if time.monotonic() >= stop:
                            return
                        next_at += 1.0
                        if player.state.is_over():
                            player = await new_game(started["games"])
                            continue
                        before = len(player.clicks)
                        try:
                            await player.move(rng)
                        except Exception as exc:
                            problems.append(f"{player.title} {player.game_id}: {exc!r}")
                            return
                        for click in player.clicks[before:]:
                            started["deferred"] += click.deferred
                            value = fake.latency(click.inter)
                            if value is None:
                                problems.append(f"{player.title}: no latency for {click.kind}")
                            else:
                                latencies[click.kind].append(value * 1000)

                await asyncio.gather(*(play(i, p, random.Random(i)) for i, p in enumerate(players)))
                wall = time.monotonic() - wall
                cpu = bot.cpu_seconds() - cpu_before
                driver = time.process_time() - driver_before
                watcher.cancel()
                gc.enable()
                rss = bot.rss_mb()
                await asyncio.sleep(1.0)
                errors = bot.errors()
            finally:
                await bot.stop()
            fake.check_deadlines()
            violations = [str(v) for v in fake.violations]
    moves, hands = latencies["move"], latencies["hand"]
    every = moves + hands
    late = sum(1 for v in every if v > 3000) + sum(
        1 for v in violations if v.startswith(("no_response", "late_response"))
    )
    print(
        f"{len(moves)} moves and {len(hands)} 'Show my hand' clicks in {wall:.1f} s "
        f"({len(moves) / wall:.0f} moves/s, {len(every) / wall:.0f} interactions/s); "
        f"bot CPU {100 * cpu / wall:.0f}% of a core, driver and fake server "
        f"{100 * driver / wall:.0f}%, bot RSS {rss:.0f} MB"
    )
    lag = json.loads(watch.report()[len("stats ") :])
    print(
        f"  event loop held up: bot max {bot.stats.get('lag_max_ms', float('nan')):.0f} ms "
        f"({bot.stats.get('lags_over_50ms', 0):.0f} times over 50 ms, "
        f"{bot.stats.get('gc_full', 0):.0f} full collections, longest "
        f"{bot.stats.get('gc_full_max_ms', 0):.0f} ms); driver and fake server max "
        f"{lag['lag_max_ms']:.0f} ms ({lag['lags_over_50ms']} times over 50 ms)"
    )
    if "hops_n" in bot.stats:
        print(
            f"  database: {bot.stats['hops_n']:.0f} calls to its thread, p50 "
            f"{bot.stats['hops_p50_ms']:.2f} ms, p99 {bot.stats['hops_p99_ms']:.2f} ms"
            + (
                f"; waits for the write lock p50 {bot.stats['write_waits_p50_ms']:.2f} ms, "
                f"p99 {bot.stats['write_waits_p99_ms']:.2f} ms"
                if "write_waits_n" in bot.stats
                else ""
            )
        )
    for kind, values in (("moves", moves), ("hand", hands), ("all", every)):
        if values:
            print(
                f"  {kind:>5}: p50 {statistics.median(values):.1f} ms, p99 "
                f"{pct(values, 0.99):.1f} ms, max {max(values):.1f} ms"
            )
    p99 = pct(every, 0.99)
    total_errors = len(problems) + len(errors) + len(violations)
    verdict = "ok" if p99 <= P99_TARGET_MS and total_errors == 0 and late == 0 else "MISSED"
    print(
        f"load: p99 {p99:.1f} ms (target ≤ {P99_TARGET_MS:.0f} ms), errors {total_errors} "
        f"(driver {len(problems)}, bot log {len(errors)}, fake server {len(violations)}), "
        f"3-second violations {late}: {verdict}"
    )
    if started["deferred"]:
        print(
            f"  {started['deferred']} moves were acknowledged first (their game was busy "
            f"for {1.5:.1f} s) and answered later"
        )
    for line in (problems + errors + violations)[:10]:
        print(f"  ! {line}")
    return {
        "samples_ms": {"move": moves, "hand": hands},
        "p50": statistics.median(every),
        "p99": p99,
        "max": max(every),
        "errors": total_errors,
        "late": late,
        "bot_cpu": cpu / wall,
        "games": games,
    }


def run(
    quick: bool,
    games: int | None = None,
    seconds: float | None = None,
    profile: Path | None = None,
) -> dict[str, object]:
    games = games or (40 if quick else 200)
    seconds = seconds or (10.0 if quick else 30.0)
    print(f"== 4. Load ({games} games, a move per game per second, {seconds:.0f} s)")
    return asyncio.run(_run(games, seconds, profile))
