"""Strength and speed of the expert CPUs against the strong ones.

Run: `nice -n 10 .venv/bin/python benchmarks/expert_ai.py [--games N] [--only ID:PLAYERS ...]
[--mode one-expert|one-strong|both] [--rollouts R] [--workers W] [--progress FILE]
[--first-seed S]`.
For each game and player count it plays N seeded games (seeds S, S + 1, …; default 5000 and 200
games) with one expert among strong
players ("one-expert"), and N with one strong among experts ("one-strong"), rotating the lone
seat, and prints the lone player's win share (shared wins split), its mean score margin over the
best other seat, both with 95 % intervals (normal approximation), the fair share, and the expert's
decision time p50/p99 as CPU time of the process that played it (`time.process_time`: one core,
and not inflated when other work shares the machine). `--workers` plays the games of a
configuration in that many processes (the results do not depend on it: every game is seeded);
`--progress` appends a line per finished game to a file, for long runs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from games import registry
from games.core import Rng

CONFIGS = (
    ("sakura", 2),
    ("irobae", 3),
    ("kasane", 3),
    ("gogyo", 2),
    ("take_and_share", 4),
    ("sakura", 3),
    ("sakura", 4),
    ("irobae", 4),
    ("kasane", 4),
    ("gogyo", 3),
    ("gogyo", 4),
    ("take_and_share", 3),
    ("irobae", 5),
    ("irobae", 6),
)


def play(
    game_id: str, players: int, seed: int, lone: int, lone_level: str, rollouts: int
) -> tuple[float, int, list[float]]:
    """One game; returns (the lone seat's win share, its margin, expert decision seconds)."""
    game = registry.get(game_id)
    crowd_level = "strong" if lone_level == "expert" else "expert"
    cpus = {"strong": game.cpu("strong"), "expert": game.cpu("expert", rollouts=rollouts)}
    state = game.new(players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    times: list[float] = []
    moves = 0
    while not state.is_over():
        seat = state.to_act()[0]
        level = lone_level if seat == lone else crowd_level
        started = time.process_time()
        action = cpus[level].choose(state, seat, rng.fork(moves))
        if level == "expert":
            times.append(time.process_time() - started)
        state.apply(seat, action)
        moves += 1
    result = state.result()
    share = 1 / len(result.winners) if lone in result.winners else 0.0
    others = [s for i, s in enumerate(result.scores) if i != lone]
    return share, result.scores[lone] - max(others), times


def _play_job(job: tuple[str, int, int, int, str, int]) -> tuple[float, int, list[float]]:
    return play(*job)


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.2f} ± {half:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--only", nargs="*", help="ID:PLAYERS pairs (default: all)")
    parser.add_argument("--mode", choices=["one-expert", "one-strong", "both"], default="both")
    parser.add_argument("--rollouts", type=int, default=96, help="the expert's budget")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    parser.add_argument("--progress", type=Path, help="append a line per finished game here")
    parser.add_argument("--first-seed", type=int, default=5000, help="seed of the first game")
    args = parser.parse_args()
    configs = [(c.split(":")[0], int(c.split(":")[1])) for c in args.only] if args.only else CONFIGS
    modes = ["one-expert", "one-strong"] if args.mode == "both" else [args.mode]
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    for game_id, players in configs:
        for mode in modes:
            lone_level = "expert" if mode == "one-expert" else "strong"
            jobs = [
                (game_id, players, args.first_seed + n, n % players, lone_level, args.rollouts)
                for n in range(args.games)
            ]
            results = pool.map(_play_job, jobs) if pool else map(_play_job, jobs)
            shares: list[float] = []
            margins: list[float] = []
            times: list[float] = []
            for n, (share, margin, t) in enumerate(results):
                shares.append(share)
                margins.append(margin)
                times += t
                if args.progress:
                    with args.progress.open("a") as out:
                        out.write(f"{game_id} {players}p {mode} game {n}: {share} {margin}\n")
            times.sort()
            print(
                f"{game_id} {players}p {mode}: {args.games} games, lone {lone_level} "
                f"win share {interval(shares)} (fair {1 / players:.2f}), "
                f"margin {interval(margins)}, expert decisions {len(times)} "
                f"p50 {1000 * times[len(times) // 2]:.0f} ms "
                f"p99 {1000 * times[int(len(times) * 0.99)]:.0f} ms",
                flush=True,
            )
    if pool:
        pool.shutdown()


if __name__ == "__main__":
    main()
