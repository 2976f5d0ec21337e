"""Benchmark of the cherry-tree flower game's strong CPU against random CPUs.

Run: `.venv/bin/python benchmarks/sakura_ai.py [--games N] [--side classic|advanced|both]`.
For each player count (2, 3, 4) it plays N seeded games (default 500) with one strong CPU and
random CPUs, rotating the strong seat, alternating the mastery side, and prints the strong
player's win rate (sole and shared wins), its average score margin and its decision time p50/p99.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.core import Rng
from games.sakura import GAME
from games.sakura.ai import RandomPlayer, StrongPlayer


def play(
    players: int, seed: int, strong_seat: int, side: str
) -> tuple[list[int], list[int], list[float]]:
    """One game; returns (scores, winners, strong decision times in seconds)."""
    state = GAME.new(players, seed=seed, options={"mastery_side": side})
    strong, weak = StrongPlayer(), RandomPlayer()
    rng = Rng(seed * 7919 + 1)
    times: list[float] = []
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == strong_seat:
            start = time.perf_counter()
            action = strong.choose(state, seat, rng)
            times.append(time.perf_counter() - start)
        else:
            action = weak.choose(state, seat, rng)
        state.apply(seat, action)
    result = state.result()
    return result.scores, result.winners, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count")
    parser.add_argument("--side", choices=["classic", "advanced", "both"], default="both")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    all_times: list[float] = []
    for players in args.players:
        wins = shared = 0
        margins: list[float] = []
        times: list[float] = []
        for game in range(args.games):
            side = args.side if args.side != "both" else ("classic", "advanced")[game % 2]
            seat = game % players
            scores, winners, t = play(players, 1000 * players + game, seat, side)
            times += t
            if winners == [seat]:
                wins += 1
            elif seat in winners:
                shared += 1
            others = [s for i, s in enumerate(scores) if i != seat]
            margins.append(scores[seat] - max(others))
        all_times += times
        times.sort()
        print(
            f"{players} players: {args.games} games, strong wins {wins} "
            f"({100 * wins / args.games:.1f}%, chance {100 / players:.1f}%), shared {shared}, "
            f"margin vs best random {statistics.mean(margins):+.1f}, "
            f"decision p50 {1000 * times[len(times) // 2]:.1f} ms "
            f"p99 {1000 * times[int(len(times) * 0.99)]:.1f} ms"
        )
    all_times.sort()
    print(
        f"all: {len(all_times)} decisions, p50 {1000 * all_times[len(all_times) // 2]:.1f} ms, "
        f"p99 {1000 * all_times[int(len(all_times) * 0.99)]:.1f} ms, "
        f"max {1000 * all_times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
