"""Benchmark the Gogyo strong CPU against random CPUs.

Plays seeded matches of one `StrongPlayer` against `RandomPlayer`s for 2, 3 and 4 players,
rotating the strong seat, and prints its win rate (shared wins counted apart) and its decision
time p50/p99. Not a test; run it on purpose:

    .venv/bin/python benchmarks/gogyo_ai.py            # 500 matches per player count
    .venv/bin/python benchmarks/gogyo_ai.py --games 100 --players 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import decision_figures, play_strong_against_random
from games.core import Rng
from games.gogyo import GAME
from games.gogyo.ai import RandomPlayer, StrongPlayer


def play(players: int, seed: int, strong_seat: int, times: list[float]) -> tuple[bool, bool]:
    """One match; returns (strong seat won alone, strong seat shared the win)."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    result = play_strong_against_random(
        state, StrongPlayer(), RandomPlayer(), strong_seat, rng, times
    )
    winners = result.winners
    return winners == [strong_seat], strong_seat in winners and len(winners) > 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="matches per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        times: list[float] = []
        wins = shared = 0
        for g in range(args.games):
            won, tied = play(players, args.seed * 100_000 + g, g % players, times)
            wins += won
            shared += tied
        print(
            f"{players} players: strong won {wins}/{args.games} ({wins / args.games:.1%}, "
            f"chance {1 / players:.1%}), shared {shared}; {len(times)} decisions, "
            f"{decision_figures(times)}"
        )


if __name__ == "__main__":
    main()
