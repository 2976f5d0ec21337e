"""Benchmark the Gogyo strong CPU against random CPUs, or against its previous declaration.

Plays seeded matches of one `StrongPlayer` against `RandomPlayer`s for 2, 3 and 4 players,
rotating the strong seat, and prints its win rate (shared wins counted apart) and its decision
time p50/p99. Not a test; run it on purpose:

    .venv/bin/python benchmarks/gogyo_ai.py            # 500 matches per player count
    .venv/bin/python benchmarks/gogyo_ai.py --games 100 --players 2
    .venv/bin/python benchmarks/gogyo_ai.py --old      # the strong player before "for the match"

`--against-old` measures the strong player against `OldStrongPlayer`, the same player with the
declaration it had before it weighed the match (declare when its total with its hand beats
every other seat's total with that seat's average estimated hand). On each seed it plays three
matches with the same deal and random stream: one new strong player among old ones (the lone
seat rotating), the same with every seat old (the pair's baseline), and every seat new. It
prints the lone seat's win share (a shared win counts 1/k) in the first two and their paired
difference, each with a 95 % interval (normal approximation), and for the all-old and all-new
matches how many second-game declarations there were and how many of them lost the match:

    nice -n 10 .venv/bin/python benchmarks/gogyo_ai.py --against-old --games 200 --players 3
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cpu_match import decision_figures, play_strong_against_random
from games.core import CpuPlayer, Rng
from games.gogyo import GAME
from games.gogyo import actions as act
from games.gogyo.ai import Observation, RandomPlayer, StrongPlayer
from games.gogyo.match import final_share
from games.gogyo.rules import GAMES_PER_MATCH
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import GogyoState


def play(
    players: int, seed: int, strong_seat: int, times: list[float], strong: CpuPlayer
) -> tuple[bool, bool]:
    """One match; returns (strong seat won alone, strong seat shared the win)."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    result = play_strong_against_random(state, strong, RandomPlayer(), strong_seat, rng, times)
    winners = result.winners
    return winners == [strong_seat], strong_seat in winners and len(winners) > 1


class OldStrongPlayer(StrongPlayer):
    """The strong player with its declaration before it weighed the match: it declared when its
    total with its hand beat every other seat's total with that seat's mean score over
    `samples` draws of its face-down cards (each seat drawn on its own)."""

    def _estimate(self, obs: Observation, seat: int, rng: Rng) -> float:
        known = obs.face_up[seat]
        hidden = obs.down_count[seat]
        if not hidden:
            return best_score_ids(known)
        pool = list(obs.unseen)
        total = 0
        for _ in range(self.samples):
            picks: list[int] = []
            for _ in range(hidden):
                picks.append(pool.pop(rng.below(len(pool))))
            total += best_score_ids((*known, *picks))
            pool.extend(picks)
        return total / self.samples

    def _should_declare(self, obs: Observation, rng: Rng) -> bool:
        mine = obs.totals[obs.seat] + best_score_ids(obs.hand)
        return all(
            mine > obs.totals[s] + self._estimate(obs, s, rng)
            for s in range(obs.players)
            if s != obs.seat
        )


@dataclass
class Declarations:
    """Second-game declarations over matches: how many, how many lost the match, and how many
    ended in a shared win; and the second-game declare steps (a seat that may declare, before it
    chooses) where declaring would lose the match with the hands as they are (`losing_steps`)
    and those where it would win it alone (`winning_steps`), with how many of each the seat
    declared."""

    made: int = 0
    lost: int = 0
    shared: int = 0
    losing_steps: int = 0
    losing_declared: int = 0
    winning_steps: int = 0
    winning_declared: int = 0

    def step(self, state: GogyoState, seat: int, declared: bool) -> None:
        """Count one second-game declare step of `seat`."""
        share = final_share([best_score_ids(h) for h in state.hands], state.totals(), seat)
        if share == 0:
            self.losing_steps += 1
            self.losing_declared += declared
        elif share == 1:
            self.winning_steps += 1
            self.winning_declared += declared

    def __str__(self) -> str:
        return (
            f"{self.lost} of {self.made} declarations lost the match ({self.shared} shared); "
            f"declared at {self.losing_declared} of {self.losing_steps} declare steps that "
            f"lose, {self.winning_declared} of {self.winning_steps} that win"
        )


def play_match(
    players: int, seed: int, cpus: list[CpuPlayer], declarations: Declarations
) -> list[int]:
    """One seeded match, `cpus[s]` at seat s, all drawing from one stream; its winners. Counts
    the second-game declaration, if the match ended by one, in `declarations`."""
    state = GAME.new(players, seed=seed)
    assert isinstance(state, GogyoState)
    rng = Rng(seed * 7919 + 1)
    declarer = None
    while not state.is_over():
        seat = state.to_act()[0]
        action = cpus[seat].choose(state, seat, rng)
        if state.step == "declare" and state.game_no == GAMES_PER_MATCH:
            declarations.step(state, seat, isinstance(action, act.Declare))
            if isinstance(action, act.Declare):
                declarer = seat
        state.apply(seat, action)
    winners = state.result().winners
    if declarer is not None:
        declarations.made += 1
        declarations.lost += declarer not in winners
        declarations.shared += declarer in winners and len(winners) > 1
    return winners


def interval(values: list[float]) -> str:
    """`mean ± half-width` of a 95 % normal interval."""
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.mean(values):.3f} ± {half:.3f}"


def against_old(players: int, games: int, first_seed: int) -> None:
    """The `--against-old` figures for one player count (see the module docstring)."""
    new, old = StrongPlayer(), OldStrongPlayer()
    lone_new: list[float] = []
    lone_old: list[float] = []
    by_old, by_new = Declarations(), Declarations()
    for k in range(games):
        seed, lone = first_seed + k, k % players
        mixed = [new if s == lone else old for s in range(players)]
        winners = play_match(players, seed, mixed, Declarations())
        lone_new.append(1 / len(winners) if lone in winners else 0.0)
        winners = play_match(players, seed, [old] * players, by_old)
        lone_old.append(1 / len(winners) if lone in winners else 0.0)
        play_match(players, seed, [new] * players, by_new)
    paired = [a - b for a, b in zip(lone_new, lone_old, strict=True)]
    print(
        f"{players} players, {games} seeds from {first_seed}: one new strong among old "
        f"{interval(lone_new)}, one old among old {interval(lone_old)} (fair "
        f"{1 / players:.3f}), paired difference {interval(paired)}; all old: {by_old}; "
        f"all new: {by_new}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="matches per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--against-old",
        action="store_true",
        help="the strong player against its previous declaration, paired per seed",
    )
    parser.add_argument(
        "--old", action="store_true", help="against random: the strong player as it was before"
    )
    args = parser.parse_args()
    strong = OldStrongPlayer() if args.old else StrongPlayer()
    if args.against_old:
        for players in args.players:
            against_old(players, args.games, args.seed * 100_000)
        return
    for players in args.players:
        times: list[float] = []
        wins = shared = 0
        for g in range(args.games):
            won, tied = play(players, args.seed * 100_000 + g, g % players, times, strong)
            wins += won
            shared += tied
        print(
            f"{players} players: strong won {wins}/{args.games} ({wins / args.games:.1%}, "
            f"chance {1 / players:.1%}), shared {shared}; {len(times)} decisions, "
            f"{decision_figures(times)}"
        )


if __name__ == "__main__":
    main()
