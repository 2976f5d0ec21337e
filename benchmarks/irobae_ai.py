"""Benchmark of the 色映に生へど CPU: the strong player against random players.

Run: `.venv/bin/python benchmarks/irobae_ai.py [--games N] [--seed S]`. Plays N seeded games
(default 500) spread evenly over 3–6 players, alternating the open-minimums option, with the
strong player's seat rotating; prints the strong player's win rate (outright and shared) per
player count next to the 1/N a random player would get, and its decision time p50/p99.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import decision_figures, play_strong_against_random
from games.core import Rng
from games.irobae import GAME
from games.irobae.rules import MAX_PLAYERS, MIN_PLAYERS, IrobaeOptions


def play_one(players: int, seed: int, strong_seat: int, times: list[float]) -> tuple[bool, bool]:
    """Play one game; return (strong seat among the winners, the win was shared)."""
    options = IrobaeOptions(open_minimums=bool(seed % 2))
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed * 7919 + 1)
    result = play_strong_against_random(
        state, GAME.cpu("strong"), GAME.cpu("random"), strong_seat, rng, times
    )
    winners = result.winners
    return strong_seat in winners, strong_seat in winners and len(winners) > 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    times: list[float] = []
    total_wins = total_shared = total_games = 0
    expected = 0.0
    for index, players in enumerate(counts):
        games = args.games // len(counts) + (1 if index < args.games % len(counts) else 0)
        wins = shared = 0
        for g in range(games):
            won, tie = play_one(
                players, args.seed * 100_000 + players * 10_000 + g, g % players, times
            )
            wins += won
            shared += tie
        total_wins += wins
        total_shared += shared
        total_games += games
        expected += games / players
        print(
            f"{players} players: {games} games, strong won {wins} ({wins / max(games, 1):.1%}, "
            f"{shared} shared); random baseline {1 / players:.1%}"
        )
    print(
        f"all: {total_games} games, strong won {total_wins} ({total_wins / total_games:.1%}, "
        f"{total_shared} shared); random baseline {expected / total_games:.1%}"
    )
    print(f"{len(times)} decisions: {decision_figures(times)}")


if __name__ == "__main__":
    main()
