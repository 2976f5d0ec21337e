"""Load: 200 games in progress at once, each receiving a move every second.

The real bot runs in its own process against the fake Discord server. 200 games (every title in
turn, three human players each, distinct users) are set up first; then for `--load-seconds`
every game gets one move a second from its simulated players, on a schedule spread over the
second. A move that is played from the hand needs the hand first, so those players click "Show
my hand" just before (as people do); those clicks are measured too. A game that ends is replaced
by a new one. Latency is INTERACTION_CREATE → interaction callback at the fake server. Errors are
refused moves, the bot's ERROR log lines and everything the fake server flags (a first response
after 3 seconds among them). With `--load-dm-hands`, the first player of each game takes the
hand by DM, and the moves' waits for their controls are given apart for those players.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.bot_process import Watch
from benchmarks.cpu_match import pct
from benchmarks.driver import BotProcess, Player, TimedFake, titles

#: Targets under load.
P99_TARGET_MS = 250.0


async def _run(
    games: int, seconds: float, profile: Path | None, dm_hands: bool
) -> dict[str, object]:
    names = titles()
    with tempfile.TemporaryDirectory() as tmp:
        async with TimedFake() as fake:
            bot = BotProcess(fake, Path(tmp) / "bot.sqlite3", profile=profile, time_database=True)
            await bot.start()

            async def new_game(n: int) -> Player:
                title = names[n % len(names)]
                users = [fake.add_user(f"G{n}P{i}", locale="en-US") for i in range(3)]
                dms = users[:1] if dm_hands else ()
                return await Player.start(fake, bot.db, title, users, dms=dms)

            return await measure(fake, [bot], new_game, games, seconds)


async def measure(
    fake: TimedFake,
    bots: list[BotProcess],
    new_game: Callable[[int], Awaitable[Player]],
    games: int,
    seconds: float,
    *,
    interval: float = 1.0,
    setting_up: int = 1,
) -> dict[str, object]:
    """Set up `games` games with `new_game(n)` (`setting_up` at a time), then give each a move
    every `interval` seconds for `seconds`, replacing the games that end; stop the `bots`
    (started already) and print and return the figures of the module's docstring."""
    latencies: dict[str, list[float]] = {"move": [], "hand": []}
    problems: list[str] = []
    control_waits: list[float] = []
    #: The same, for the moves of players who take their hand by DM.
    dm_control_waits: list[float] = []
    started = {"games": 0, "deferred": 0, "dm": 0, "done apart": 0}

    async def next_game() -> Player:
        started["games"] += 1
        return await new_game(started["games"] - 1)

    try:
        setup = time.monotonic()
        gate = asyncio.Semaphore(setting_up)

        async def set_up() -> Player:
            async with gate:
                return await next_game()

        players = list(await asyncio.gather(*(set_up() for _ in range(games))))
        setup = time.monotonic() - setup
        print(f"set up {games} games in {setup:.1f} s")
        # The fake server is the instrument: keep its (large) heap's collections out
        # of the figures. The bot collects as usual.
        gc.collect()
        gc.disable()
        watch = Watch()
        watcher = asyncio.create_task(watch.run())
        cpu_before, wall = [bot.cpu_seconds() for bot in bots], time.monotonic()
        requests_before = len(fake.requests)
        driver_before = time.process_time()
        stop = wall + seconds

        async def play(index: int, player: Player, rng: random.Random) -> None:
            next_at = wall + interval * rng.random()
            while True:
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                if time.monotonic() >= stop:
                    return
                next_at += interval
                if player.state.is_over():
                    player = await next_game()
                    continue
                before, waited = len(player.clicks), len(player.control_waits)
                seat = rng.choice(player.human_to_act())
                try:
                    await player.move(rng, seat)
                except Exception as exc:
                    problems.append(f"{player.title} {player.game_id}: {exc!r}")
                    return
                finally:
                    waits = player.control_waits[waited:]
                    (dm_control_waits if seat in player.dm_seats else control_waits).extend(waits)
                for click in player.clicks[before:]:
                    started["deferred"] += click.deferred
                    started["done apart"] += click.done_apart
                    started["dm"] += "guild_id" not in click.inter.payload
                    value = fake.latency(click.inter)
                    if value is None:
                        problems.append(f"{player.title}: no latency for {click.kind}")
                    else:
                        latencies[click.kind].append(value * 1000)

        await asyncio.gather(*(play(i, p, random.Random(i)) for i, p in enumerate(players)))
        wall = time.monotonic() - wall
        routes = Counter(r.route or r.method for r in fake.requests[requests_before:])
        requests = sum(routes.values())
        cpu = sum(bot.cpu_seconds() - before for bot, before in zip(bots, cpu_before, strict=True))
        driver = time.process_time() - driver_before
        watcher.cancel()
        gc.enable()
        rss = sum(bot.rss_mb() for bot in bots)
        await asyncio.sleep(1.0)
        errors = [line for bot in bots for line in bot.errors()]
    finally:
        for bot in bots:
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
        f"bot CPU {100 * cpu / wall:.0f}% of a core"
        + (f" ({len(bots)} processes)" if len(bots) > 1 else "")
        + f", driver and fake server {100 * driver / wall:.0f}%, bot RSS {rss:.0f} MB"
    )
    lag = json.loads(watch.report()[len("stats ") :])
    for bot in bots:
        print(
            f"  event loop held up: bot max {bot.stats.get('lag_max_ms', float('nan')):.0f} ms "
            f"({bot.stats.get('lags_over_50ms', 0):.0f} times over 50 ms, "
            f"{bot.stats.get('gc_full', 0):.0f} full collections, longest "
            f"{bot.stats.get('gc_full_max_ms', 0):.0f} ms)"
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
    print(
        f"  driver and fake server: event loop max {lag['lag_max_ms']:.0f} ms "
        f"({lag['lags_over_50ms']} times over 50 ms)"
    )
    for kind, values in (("moves", moves), ("hand", hands), ("all", every)):
        if values:
            print(
                f"  {kind:>5}: p50 {statistics.median(values):.1f} ms, p99 "
                f"{pct(values, 0.99):.1f} ms, max {max(values):.1f} ms"
            )
    print(
        f"  {requests / max(1, len(moves)):.2f} requests to Discord per move (the clicks' "
        "answers included), the most: "
        + ", ".join(
            f"{route} {count / max(1, len(moves)):.2f}" for route, count in routes.most_common(4)
        )
    )
    for waits, whose in ((control_waits, ""), (dm_control_waits, " (hands by DM)")):
        if waits:
            print(
                f"  {len(waits)} moves{whose} waited for their player's controls (the table or "
                f"hand not yet showing the turn): p50 {statistics.median(waits):.2f} s, "
                f"max {max(waits):.2f} s"
            )
    if control_waits or dm_control_waits:
        print(f"  {len(problems)} moves waited 10 s for their controls in vain")
    p99 = pct(every, 0.99) if every else float("nan")
    total_errors = len(problems) + len(errors) + len(violations)
    verdict = "ok" if p99 <= P99_TARGET_MS and total_errors == 0 and late == 0 else "MISSED"
    print(
        f"load: p99 {p99:.1f} ms (target ≤ {P99_TARGET_MS:.0f} ms), errors {total_errors} "
        f"(driver {len(problems)}, bot log {len(errors)}, fake server {len(violations)}), "
        f"3-second violations {late}: {verdict}"
    )
    if started["dm"]:
        print(f"  {started['dm']} of the clicks were made in DMs (delivered on shard 0)")
    if started["deferred"]:
        print(
            f"  {started['deferred']} moves were acknowledged first and answered later (a "
            "table click while the table's edit was under way, or a game busy for 1.5 s)"
        )
    if started["done apart"]:
        print(
            f'  {started["done apart"]} moves were played but answered "Done." apart: the hand '
            "they were clicked on had been deleted meanwhile"
        )
    for line in problems[:4] + errors[:4] + violations[:4]:
        print(f"  ! {line}")
    return {
        "samples_ms": {"move": moves, "hand": hands},
        "p50": statistics.median(every) if every else float("nan"),
        "p99": p99,
        "max": max(every, default=float("nan")),
        "errors": total_errors,
        "late": late,
        "bot_cpu": cpu / wall,
        "games": games,
        "dm_clicks": started["dm"],
    }


def run(
    quick: bool,
    games: int | None = None,
    seconds: float | None = None,
    profile: Path | None = None,
    dm_hands: bool = False,
) -> dict[str, object]:
    games = games or (40 if quick else 200)
    seconds = seconds or (10.0 if quick else 30.0)
    dms = ", a player of each by DM" if dm_hands else ""
    print(f"== 4. Load ({games} games{dms}, a move per game per second, {seconds:.0f} s)")
    return asyncio.run(_run(games, seconds, profile, dm_hands))
