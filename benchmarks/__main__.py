"""Run every benchmark and print the figures against the targets of BENCHMARKS.md.

    .venv/bin/python -m benchmarks                 # the full run (about ten minutes)
    .venv/bin/python -m benchmarks --quick         # small samples, for trying changes
    .venv/bin/python -m benchmarks --only load restart --profile profiles
    .venv/bin/python -m benchmarks --only shards   # two processes, four shards (on purpose only)

Not a test and not part of CI. The full run also writes `benchmarks/latency.svg`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import (
    engines,
    load,
    overhead,
    persistence,
    plot,
    postgres,
    rest_calls,
    restart,
    shards,
)
from benchmarks.driver import machine_line

HERE = Path(__file__).resolve().parent
NAMES = ("engines", "overhead", "rest", "load", "persistence", "restart", "postgres", "shards")
#: What a run without `--only` runs: the sharded load (1,000 games, about 15 minutes) only on
#: purpose.
DEFAULT = tuple(name for name in NAMES if name != "shards")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--only", nargs="+", choices=NAMES, help="run only these")
    parser.add_argument("--plot", type=Path, help="where to write the latency SVG")
    parser.add_argument("--profile", type=Path, help="write cProfile data of the bot here")
    parser.add_argument(
        "--steps", action="store_true", help="time each step of a click inside the bot (overhead)"
    )
    parser.add_argument("--load-games", type=int)
    parser.add_argument("--load-seconds", type=float)
    parser.add_argument(
        "--load-dm-hands", action="store_true", help="load: a player of each game takes hands by DM"
    )
    args = parser.parse_args(argv)
    chosen = args.only or DEFAULT
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)

    def profile(name: str) -> Path | None:
        return args.profile / f"{name}.prof" if args.profile else None

    print(machine_line(args.quick))
    started = time.monotonic()
    quick, games, seconds = args.quick, args.load_games, args.load_seconds
    #: Each benchmark's run, in the order of NAMES.
    runs: dict[str, Callable[[], dict[str, object]]] = {
        "engines": lambda: engines.run(quick),
        "overhead": lambda: overhead.run(quick, profile("overhead"), args.steps),
        "rest": lambda: rest_calls.run(quick),
        "load": lambda: load.run(quick, games, seconds, profile("load"), args.load_dm_hands),
        "persistence": lambda: persistence.run(quick),
        "restart": lambda: restart.run(quick, profile("restart")),
        "postgres": lambda: postgres.run(quick),
        "shards": lambda: shards.run(quick, games, seconds),
    }
    figures = {name: run() for name, run in runs.items() if name in chosen}
    target = args.plot or (None if args.quick else HERE / "latency.svg")
    if target is not None and "overhead" in figures:
        series = {
            "trivial button, one click at a time": figures["overhead"]["samples_ms"]["trivial"],
            "game move, one click at a time": figures["overhead"]["samples_ms"]["move"]
            + figures["overhead"]["samples_ms"]["hand move"],
        }
        marks = {}
        if "load" in figures:
            games = figures["load"]["games"]
            series[f"game move, {games} games under load"] = figures["load"]["samples_ms"]["move"]
            marks["load p99 target"] = load.P99_TARGET_MS
        title = "Bot latency: a click's round trip, by percentile"
        plot.write(target, series, title, marks)  # type: ignore[arg-type]
        print(f"wrote {target}")
    print(f"all done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
