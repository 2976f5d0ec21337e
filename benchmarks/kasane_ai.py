"""Benchmark of the 襲ノ色目 strong CPU against random CPUs.

Plays seeded games of one `StrongPlayer` against `RandomPlayer`s, rotating the strong seat, for
3 and 4 players, and prints the strong player's wins (alone and shared), its margin and its
decision time p50/p99. Run from the repository root:

    .venv/bin/python benchmarks/kasane_ai.py            # 500 games per player count
    .venv/bin/python benchmarks/kasane_ai.py --games 100 --players 4
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import strong_series, summary
from games.kasane import GAME
from games.kasane.rules import KasaneOptions


def play(players: int, games: int, options: KasaneOptions) -> None:
    """Play `games` games and print the figures for that player count and options."""
    tally, times = strong_series(GAME, players, games, options, lambda game: game * 7919 + players)
    label = ",".join(k for k, v in options.model_dump().items() if v) or "default"
    print(summary(f"{players} players ({label})", players, tally, times))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count")
    parser.add_argument("--players", type=int, choices=(3, 4), action="append")
    parser.add_argument("--variant-a", action="store_true", help="3 players only")
    parser.add_argument("--variant-b", action="store_true")
    args = parser.parse_args()
    for players in args.players or [4, 3]:
        options = KasaneOptions(variant_a=args.variant_a and players == 3, variant_b=args.variant_b)
        play(players, args.games, options)


if __name__ == "__main__":
    main()
