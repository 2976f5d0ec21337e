"""Take & Share CPU benchmark: the strong CPU against random CPUs.

Run: `.venv/bin/python benchmarks/take_and_share_ai.py [--games N] [--players 3 4] [--long]`

For each player count it plays N seeded games (default 500), rotating the strong player's seat,
and prints its win rate (a shared win counts as a win, and is also counted separately), its
average score margin, and its decision time p50/p99 (every decision, forced ones included).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import strong_series, summary
from games.take_and_share import GAME


def bench(players: int, games: int, long_game: bool) -> None:
    tally, times = strong_series(
        GAME, players, games, {"long_game": long_game}, lambda game: (10_000 + game) * 7919 + 1
    )
    print(summary(f"{players} players{' (long game)' if long_game else ''}", players, tally, times))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--long", action="store_true", help="play long games")
    args = parser.parse_args()
    for players in args.players:
        bench(players, args.games, args.long)


if __name__ == "__main__":
    main()
