"""Picture figures: time and size of every game's table, hand and end pictures, and whether
drawing in a thread leaves the event loop free.

    .venv/bin/python -m benchmarks.pictures            # about a minute
    .venv/bin/python -m benchmarks.pictures --quick
    .venv/bin/python -m benchmarks.pictures --round-trips   # and 3., a few minutes more
    .venv/bin/python -m benchmarks.pictures --quick --round-trips --rounds 3   # 3., alternated

1. Per picture, over seeded random games of every title and player count, in both languages:
   the CPU time of one job (lay out, paint, encode, as the bot runs it) on one thread, p50 / p99
   / max per kind, and the largest file. Card faces and texts are cached across pictures, as in
   a running bot once it has drawn each game (`pictures.warm_up` fills them first; timed apart).
2. Drawing and the event loop: the same jobs drawn one after another in a thread of the
   process, then in the bot's drawing process (`pictures.start_process`), while the loop ticks
   every millisecond; the loop's worst and p99 tick delay show how much of the work holds the
   interpreter from it (against the same loop with nothing drawing). And the jobs run on one
   thread and then on two: a ratio under 1 means Pillow let both run at once.
3. With `--round-trips`: the bot-overhead benchmark (a move's round trip against a trivial
   click's, `benchmarks/overhead.py`) with pictures on, then with the server's switch off.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from benchmarks import overhead
from benchmarks.cpu_match import pct
from benchmarks.driver import machine_line
from bot.render import pictures
from bot.render.pictures import Job, Picture, warm_up
from games import registry
from games.core import Lang

#: Targets of the issue: per picture on one core, and per file.
P99_MS = 25.0
MAX_KB = 150.0

NAMES = ["Aoi", "Ben", "Chika", "Dan", "Eri", "Fumi"]


def jobs(games_per_count: int, every: int) -> dict[str, list[tuple[str, Job]]]:
    """Picture jobs of seeded random games, as the bot makes them: `(game id, job)` per kind,
    a table and the acting seat's hand every `every` moves, and the end in both languages."""
    found: dict[str, list[tuple[str, Job]]] = {"table": [], "hand": [], "final": []}
    for game in registry.all():
        for players in range(game.min_players, game.max_players + 1):
            names = tuple(NAMES[:players])
            for n in range(games_per_count):
                seed = 100 * players + n
                state = game.new(players, seed=seed)
                rng = random.Random(seed)
                step = 0
                while not state.is_over():
                    seat = state.to_act()[0]
                    if step % every == 0:
                        lang: Lang = "ja" if (step // every) % 2 else "en"
                        table = Job("table", game.id, state.public_view(), names, lang)
                        hand = Job("hand", game.id, state.private_view(seat), names, lang)
                        found["table"].append((game.id, table))
                        found["hand"].append((game.id, hand))
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    step += 1
                view, result = state.public_view(), state.result()
                for lang in ("ja", "en"):
                    final = Job("final", game.id, view, names, lang, result=result)
                    found["final"].append((game.id, final))
    return found


def per_picture(found: dict[str, list[tuple[str, Job]]]) -> dict[str, dict[str, float]]:
    figures: dict[str, dict[str, float]] = {}
    for kind, entries in found.items():
        times: list[float] = []
        sizes: list[int] = []
        by_game: dict[str, list[float]] = {}
        for game_id, job in entries:
            started = time.thread_time()
            picture = job()
            spent = (time.thread_time() - started) * 1000
            times.append(spent)
            sizes.append(len(picture.data))
            by_game.setdefault(game_id, []).append(spent)
        p50, p99 = statistics.median(times), pct(times, 0.99)
        kb = max(sizes) / 1024
        verdict = "ok" if p99 <= P99_MS and kb <= MAX_KB else "MISSED"
        worst = max(by_game, key=lambda g: pct(by_game[g], 0.99))
        print(
            f"{kind:5} pictures: {len(times)}, CPU p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"max {max(times):.1f} ms (slowest game {worst}: p99 "
            f"{pct(by_game[worst], 0.99):.1f} ms); largest {kb:.0f} KB, mean "
            f"{statistics.mean(sizes) / 1024:.0f} KB (targets p99 ≤ {P99_MS:.0f} ms, "
            f"≤ {MAX_KB:.0f} KB: {verdict})"
        )
        figures[kind] = {"p50": p50, "p99": p99, "max": max(times), "max_kb": kb}
    return figures


async def loop_delay_while_drawing(
    all_jobs: list[Job], draw: Callable[[Job], Awaitable[Picture]]
) -> tuple[float, float, float]:
    """Draw the jobs one after another with `draw`, as the bot's publisher does, while the loop
    ticks every millisecond; return the loop's p99 and worst tick delay (ms) and the drawing's
    wall time (s)."""

    async def draw_all() -> None:
        for job in all_jobs:
            await draw(job)

    delays: list[float] = []
    started = time.perf_counter()
    drawing = asyncio.create_task(draw_all())
    while not drawing.done():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        delays.append((time.perf_counter() - before) * 1000 - 1.0)
    await drawing
    return pct(delays, 0.99), max(delays), time.perf_counter() - started


async def in_thread(all_jobs: list[Job]) -> tuple[float, float, float]:
    """`loop_delay_while_drawing` with the jobs drawn in one thread of this process."""
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(max_workers=1) as thread:
        return await loop_delay_while_drawing(
            all_jobs, lambda job: loop.run_in_executor(thread, job)
        )


async def in_process(all_jobs: list[Job]) -> tuple[float, float, float]:
    """`loop_delay_while_drawing` with the jobs drawn in the bot's drawing process, started
    first and given the jobs once untimed, so that its caches hold what this process's hold
    when the thread draws them (`per_picture` drew them all here)."""
    pictures.start_process()
    try:
        while pictures.drawing_process() is None:
            await asyncio.sleep(0.05)
        for job in all_jobs:
            await pictures.draw(job)
        return await loop_delay_while_drawing(all_jobs, pictures.draw)
    finally:
        pictures.stop_process()


async def loop_delay_idle(seconds: float) -> tuple[float, float]:
    """The loop's p99 and worst tick delay (ms) with nothing drawing: the machine's own noise,
    to read the figures above against."""
    delays: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        delays.append((time.perf_counter() - before) * 1000 - 1.0)
    return pct(delays, 0.99), max(delays)


def threads_ratio(all_jobs: list[Job]) -> tuple[float, float]:
    """Wall time of the jobs on one thread, and on two threads sharing them."""
    started = time.perf_counter()
    for job in all_jobs:
        job()
    one = time.perf_counter() - started
    halves = [all_jobs[0::2], all_jobs[1::2]]
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda part: [job() for job in part], halves))
    two = time.perf_counter() - started
    return one, two


def run(quick: bool) -> dict[str, object]:
    print("== Pictures")
    started = time.perf_counter()
    warm_up()
    cold = (time.perf_counter() - started) * 1000
    print(f"warm-up (font, a table and a hand per game and language, cold): {cold:.0f} ms")
    found = jobs(1 if quick else 3, 6 if quick else 2)
    figures: dict[str, object] = {"cold_ms": cold, "kinds": per_picture(found)}
    sample = [job for entries in found.values() for _, job in entries][:: 4 if quick else 2]
    p99, worst, wall = asyncio.run(in_thread(sample))
    idle_p99, idle_worst = asyncio.run(loop_delay_idle(wall))
    print(
        f"event loop while a thread of its process draws {len(sample)} pictures ({wall:.1f} s): "
        f"tick delay p99 {p99:.1f} ms, worst {worst:.1f} ms; with nothing drawing for as long: "
        f"p99 {idle_p99:.1f} ms, worst {idle_worst:.1f} ms"
    )
    process_p99, process_worst, process_wall = asyncio.run(in_process(sample))
    print(
        f"event loop while the drawing process draws them ({process_wall:.1f} s): tick delay "
        f"p99 {process_p99:.1f} ms, worst {process_worst:.1f} ms"
    )
    one, two = threads_ratio(sample)
    print(
        f"the same pictures on one thread {one:.2f} s, on two threads {two:.2f} s "
        f"(ratio {two / one:.2f}; 0.5 would be fully parallel, 1.0 fully serialised)"
    )
    figures.update(
        {
            "loop_p99_ms": p99,
            "loop_worst_ms": worst,
            "process_loop_p99_ms": process_p99,
            "process_loop_worst_ms": process_worst,
            "idle_p99_ms": idle_p99,
            "two_threads_ratio": two / one,
        }
    )
    return figures


def round_trips(quick: bool, rounds: int = 1) -> dict[str, list[dict[str, object]]]:
    """The bot-overhead benchmark (move vs trivial round trip) with pictures on, then off,
    `rounds` times alternated (the machine's moment moves the ratio more than one run can
    tell), then each run's ratios side by side."""
    found: dict[str, list[dict[str, object]]] = {"on": [], "off": []}
    for n in range(rounds):
        for shown in (True, False):
            print(f"-- move round trips with pictures {'on' if shown else 'off'}, run {n + 1}")
            found["on" if shown else "off"].append(asyncio.run(overhead._run(quick, None, shown)))
    print(overhead.ratios_table(found))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--round-trips", action="store_true", help="also the move round trips, pictures on/off"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="with --round-trips: how many on/off pairs"
    )
    args = parser.parse_args()
    print(machine_line(args.quick))
    run(args.quick)
    if args.round_trips:
        round_trips(args.quick, args.rounds)


if __name__ == "__main__":
    main()
