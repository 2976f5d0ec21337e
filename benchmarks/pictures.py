"""Picture figures: time and size of every game's table, hand and end pictures, and whether
drawing in a thread leaves the event loop free.

    .venv/bin/python -m benchmarks.pictures            # about a minute
    .venv/bin/python -m benchmarks.pictures --quick
    .venv/bin/python -m benchmarks.pictures --round-trips   # and 3., a few minutes more

1. Per picture, over seeded random games of every title and player count, in both languages:
   the CPU time of one job (lay out, paint, encode, as the bot runs it) on one thread, p50 / p99
   / max per kind, and the largest file. Card faces and texts are cached across pictures, as in
   a running bot once it has drawn each game (`pictures.warm_up` fills them first; timed apart).
2. The drawing thread and the event loop: the same jobs run in the drawing thread while the
   loop ticks every millisecond; the loop's worst and p99 tick delay show how much of the work
   holds the GIL (against the same loop with nothing drawing). And the jobs run on one thread
   and then on two: a ratio under 1 means Pillow let both run at once (the bot itself draws in
   one thread: FreeType faces are not shared between threads).
3. With `--round-trips`: the bot-overhead benchmark (a move's round trip against a trivial
   click's, `benchmarks/overhead.py`) with pictures on, then with the server's switch off.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from benchmarks import overhead
from benchmarks.cpu_match import pct
from bot.render.pictures import Picture, pictures_for, warm_up
from bot.render.pictures.kit import encode, paint
from games import registry

#: Targets of the issue: per picture on one core, and per file.
P99_MS = 25.0
MAX_KB = 150.0

NAMES = ["Aoi", "Ben", "Chika", "Dan", "Eri", "Fumi"]

Job = Callable[[], Picture]


def _job(kind: str, lay_out: Callable[[], object]) -> Job:
    def run() -> Picture:
        scene = lay_out()
        return Picture(kind, encode(scene, paint(scene)))  # type: ignore[arg-type]

    return run


def jobs(games_per_count: int, every: int) -> dict[str, list[tuple[str, Job]]]:
    """Picture jobs of seeded random games: `(game id, job)` per kind, every `every` moves."""
    found: dict[str, list[tuple[str, Job]]] = {"table": [], "hand": [], "final": []}
    for game in registry.all():
        pictures = pictures_for(game.id)
        for players in range(game.min_players, game.max_players + 1):
            names = NAMES[:players]
            for n in range(games_per_count):
                seed = 100 * players + n
                state = game.new(players, seed=seed)
                rng = random.Random(seed)
                step = 0
                while not state.is_over():
                    if step % every == 0:
                        lang = "ja" if (step // every) % 2 else "en"
                        seat = state.to_act()[0]
                        for kind, seen, draw in (
                            ("table", state.public_view(), pictures.table),
                            ("hand", state.private_view(seat), pictures.hand),
                        ):
                            job = _job(
                                kind[0], lambda d=draw, v=seen, la=lang, nm=names: d(v, nm, la)
                            )
                            found[kind].append((game.id, job))
                    seat = state.to_act()[0]
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    step += 1
                view, result = state.public_view(), state.result()
                for lang in ("ja", "en"):
                    found["final"].append(
                        (
                            game.id,
                            _job(
                                "f",
                                lambda v=view, r=result, g=pictures, la=lang, nm=names: g.final(
                                    v, r, nm, la
                                ),
                            ),
                        )
                    )
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


async def loop_delay_while_drawing(all_jobs: list[Job]) -> tuple[float, float, float]:
    """Run the jobs in one drawing thread while the loop ticks every millisecond; return the
    loop's p99 and worst tick delay (ms) and the drawing's wall time (s)."""
    pool = ThreadPoolExecutor(max_workers=1)
    loop = asyncio.get_running_loop()
    done = threading.Event()

    def draw_all() -> None:
        for job in all_jobs:
            job()
        done.set()

    delays: list[float] = []
    started = time.perf_counter()
    future = loop.run_in_executor(pool, draw_all)
    while not done.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        delays.append((time.perf_counter() - before) * 1000 - 1.0)
    await future
    wall = time.perf_counter() - started
    pool.shutdown()
    return pct(delays, 0.99), max(delays), wall


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
    p99, worst, wall = asyncio.run(loop_delay_while_drawing(sample))
    idle_p99, idle_worst = asyncio.run(loop_delay_idle(wall))
    print(
        f"event loop while the drawing thread draws {len(sample)} pictures ({wall:.1f} s): "
        f"tick delay p99 {p99:.1f} ms, worst {worst:.1f} ms; with nothing drawing for as long: "
        f"p99 {idle_p99:.1f} ms, worst {idle_worst:.1f} ms"
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
            "idle_p99_ms": idle_p99,
            "two_threads_ratio": two / one,
        }
    )
    return figures


def round_trips(quick: bool) -> dict[str, object]:
    """The bot-overhead benchmark (move vs trivial round trip) with pictures on, then off."""
    found = {}
    for pictures in (True, False):
        print(f"-- move round trips with pictures {'on' if pictures else 'off'}")
        found["on" if pictures else "off"] = asyncio.run(overhead._run(quick, None, pictures))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--round-trips", action="store_true", help="also the move round trips, pictures on/off"
    )
    args = parser.parse_args()
    run(args.quick)
    if args.round_trips:
        round_trips(args.quick)


if __name__ == "__main__":
    main()
