"""Benchmark of the cherry-tree flower game's strong CPU against random CPUs.

Run: `.venv/bin/python benchmarks/sakura_ai.py [--games N] [--side classic|advanced|both]`.
For each player count (2, 3, 4) it plays N seeded games (default 500) with one strong CPU and
random CPUs, rotating the strong seat, alternating the mastery side, and prints the strong
player's win rate (sole and shared wins), its average score margin and its decision time p50/p99.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import decision_figures, margin, play_strong_against_random
from games.core import Rng
from games.sakura import GAME
from games.sakura.ai import RandomPlayer, StrongPlayer


def play(
    players: int, seed: int, strong_seat: int, side: str
) -> tuple[int, list[int], list[float]]:
    """One game; returns (strong seat's margin, winners, strong decision times in seconds)."""
    state = GAME.new(players, seed=seed, options={"mastery_side": side})
    times: list[float] = []
    result = play_strong_against_random(
        state, StrongPlayer(), RandomPlayer(), strong_seat, Rng(seed * 7919 + 1), times
    )
    return margin(result, strong_seat), result.winners, times


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
            seat_margin, winners, t = play(players, 1000 * players + game, seat, side)
            times += t
            if winners == [seat]:
                wins += 1
            elif seat in winners:
                shared += 1
            margins.append(seat_margin)
        all_times += times
        print(
            f"{players} players: {args.games} games, strong wins {wins} "
            f"({100 * wins / args.games:.1f}%, chance {100 / players:.1f}%), shared {shared}, "
            f"margin vs best random {statistics.mean(margins):+.1f}, {decision_figures(times)}"
        )
    print(f"all: {len(all_times)} decisions, {decision_figures(all_times)}")


if __name__ == "__main__":
    main()
