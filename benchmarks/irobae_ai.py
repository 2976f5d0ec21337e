"""Benchmark of the 色映に生へど CPU: the strong player against random players.

Run: `.venv/bin/python benchmarks/irobae_ai.py [--games N] [--seed S]`. Plays N seeded games
(default 500) spread evenly over 3–6 players, alternating the open-minimums option, with the
strong player's seat rotating; prints the strong player's win rate (outright and shared) per
player count next to the 1/N a random player would get, and its decision time p50/p99.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.core import Rng
from games.irobae import GAME
from games.irobae.rules import MAX_PLAYERS, MIN_PLAYERS, IrobaeOptions


def play_one(players: int, seed: int, strong_seat: int, times: list[float]) -> tuple[bool, bool]:
    """Play one game; return (strong seat among the winners, the win was shared)."""
    options = IrobaeOptions(open_minimums=bool(seed % 2))
    state = GAME.new(players, seed=seed, options=options)
    strong, weak = GAME.cpu("strong"), GAME.cpu("random")
    rng = Rng(seed * 7919 + 1)
    while not state.is_over():
        for seat in state.to_act():
            if seat == strong_seat:
                start = time.perf_counter()
                action = strong.choose(state, seat, rng)
                times.append(time.perf_counter() - start)
            else:
                action = weak.choose(state, seat, rng)
            state.apply(seat, action)
            if state.is_over() or state.phase != "pass":
                break
    winners = state.result().winners
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
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"all: {total_games} games, strong won {total_wins} ({total_wins / total_games:.1%}, "
        f"{total_shared} shared); random baseline {expected / total_games:.1%}"
    )
    print(
        f"decision time over {len(times)} decisions: "
        f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
