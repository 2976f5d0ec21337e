"""Strength and speed of the expert CPUs against the strong ones.

Run: `nice -n 10 .venv/bin/python benchmarks/expert_ai.py [--games N] [--only ID:PLAYERS ...]
[--mode one-expert|one-strong|both] [--rollouts R] [--workers W] [--progress FILE]
[--first-seed S] [--expert-sees-all]`.
For each game and player count it plays N seeded games (seeds S, S + 1, …; default 5000 and 200
games) with one expert among strong
players ("one-expert"), and N with one strong among experts ("one-strong"), rotating the lone
seat, and prints the lone player's win share (shared wins split), its mean score margin over the
best other seat, both with 95 % intervals (normal approximation), the fair share, and the expert's
decision time p50/p99 as CPU time of the process that played it (`time.process_time`: one core,
and not inflated when other work shares the machine). `--workers` plays the games of a
configuration in that many processes (the results do not depend on it: every game is seeded);
`--progress` appends a line per finished game to a file, for long runs. `--expert-sees-all` (a
diagnostic, 色映に生へど only, unreachable from the bot) hands the expert every hidden card, so
its search runs on the true deal: the ceiling of the search itself, without the cost of
sampling.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from games import registry
from games.core import Action, Rng, State
from games.irobae.ai import _Knowledge
from games.irobae.expert import Expert as IrobaeExpert
from games.irobae.state import IrobaeState
from games.irobae.views import PrivateView
from games.search import SeatKnowledge

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


class SeeingIrobaeExpert(IrobaeExpert):
    """色映に生へど's expert handed the true state: every world it searches is the real deal
    (the other hands, the cards passed). A diagnostic of the benchmark only."""

    truth: IrobaeState

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, IrobaeState)
        self.truth = state
        return super().choose(state, seat, rng)

    def _knowledge_of(self, view: PrivateView) -> _Knowledge:
        know = _Knowledge.of(view)
        hands = [list(h) for h in self.truth.hands]
        know.sample_hands = lambda rnd: [list(h) for h in hands]  # type: ignore[method-assign]
        return know

    def sample(self, knowledge: SeatKnowledge[IrobaeState], rng: Rng) -> IrobaeState:
        world = self.truth.copy()
        world.rng = Rng(rng.next64())
        return world


def play(
    game_id: str,
    players: int,
    seed: int,
    lone: int,
    lone_level: str,
    rollouts: int,
    sees_all: bool = False,
) -> tuple[float, int, list[float]]:
    """One game; returns (the lone seat's win share, its margin, expert decision seconds)."""
    game = registry.get(game_id)
    crowd_level = "strong" if lone_level == "expert" else "expert"
    expert = SeeingIrobaeExpert(rollouts) if sees_all else game.cpu("expert", rollouts=rollouts)
    cpus = {"strong": game.cpu("strong"), "expert": expert}
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


def _play_job(
    job: tuple[str, int, int, int, str, int, bool],
) -> tuple[float, int, list[float]]:
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
    parser.add_argument(
        "--expert-sees-all",
        action="store_true",
        help="diagnostic (irobae only): the expert searches the true deal, every hand shown",
    )
    args = parser.parse_args()
    configs = [(c.split(":")[0], int(c.split(":")[1])) for c in args.only] if args.only else CONFIGS
    if args.expert_sees_all and any(game_id != "irobae" for game_id, _ in configs):
        parser.error("--expert-sees-all is a diagnostic of 色映に生へど only (--only irobae:N)")
    modes = ["one-expert", "one-strong"] if args.mode == "both" else [args.mode]
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    for game_id, players in configs:
        for mode in modes:
            lone_level = "expert" if mode == "one-expert" else "strong"
            jobs = [
                (
                    game_id,
                    players,
                    args.first_seed + n,
                    n % players,
                    lone_level,
                    args.rollouts,
                    args.expert_sees_all,
                )
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
                f"p99 {1000 * times[int(len(times) * 0.99)]:.0f} ms"
                + (" (the expert sees every hand)" if args.expert_sees_all else ""),
                flush=True,
            )
    if pool:
        pool.shutdown()


if __name__ == "__main__":
    main()
