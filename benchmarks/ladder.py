"""The CPU levels' strength ladder: their ratings after CPU-only games, rated as the bot rates.

For each title, seeded games with CPUs in every seat are played in-process (the engine alone,
no Discord) by a pool of worker processes, each CPU move drawn as the bot draws it
(`game.cpu(level).choose` with `bot.cpu.cpu_rng(seed, moves so far)`). Every game is then rated
in order exactly as the store rates a finished game: `ratings.places` of the result, each seat's
key `ratings.player_key(None, level)`, `ratings.rate` over the ratings so far (one pool per
title, as one server's). It prints each level's mu, sigma, the displayed ordinal (mu - 3 sigma)
and rated games, per title.

The seats: each game's player count is drawn uniformly from the title's, and its levels from the
title's `cpu_levels` so that every level meets every other. The expert is the slow one, so
`--expert-games` of the `--games` (spread evenly through the sequence) have exactly one expert
seat, the others drawn from the remaining levels; the rest draw from the levels but the expert,
with at least two different levels at the table (a level alone against itself rates nothing).
`--time` plays one one-expert game per title and player count first and prints what the run
would cost. Every draw and game is seeded (`--seed`): a run repeats whatever `--workers` is.

    nice -n 10 .venv/bin/python -m benchmarks.ladder [--games 1000] [--expert-games 300]
        [--rollouts 96] [--workers 2] [--only ID ...] [--seed 40000] [--time]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from concurrent.futures import Future, ProcessPoolExecutor

from bot.cpu import cpu_rng
from bot.storage import ratings
from games import registry
from games.core import CpuPlayer
from games.search import DEFAULT_ROLLOUTS

EXPERT = "expert"

Job = tuple[str, int, tuple[str, ...]]


def schedule(game_id: str, games: int, expert_games: int, seed: int) -> list[Job]:
    """The title's games in rating order: (title, game seed, each seat's level)."""
    game = registry.get(game_id)
    draw = random.Random(f"{seed}:{game_id}")
    others = [level for level in game.cpu_levels if level != EXPERT]
    jobs: list[Job] = []
    for n in range(games):
        players = draw.choice(list(game.player_counts))
        with_expert = EXPERT in game.cpu_levels and (
            (n + 1) * expert_games // games > n * expert_games // games
        )
        while True:
            if with_expert:
                levels = [draw.choice(others) for _ in range(players - 1)]
                levels.insert(draw.randrange(players), EXPERT)
            else:
                levels = [draw.choice(others) for _ in range(players)]
            if len(set(levels)) >= 2:
                break
        jobs.append((game_id, seed + n, tuple(levels)))
    return jobs


def play(job: Job, rollouts: int) -> tuple[dict[str, object], float]:
    """One game: its result as the bot stores it, and the CPU seconds it took."""
    game_id, seed, levels = job
    game = registry.get(game_id)
    started = time.process_time()
    cpus: dict[str, CpuPlayer] = {
        level: game.cpu(level, rollouts=rollouts) for level in set(levels)
    }
    state = game.new(len(levels), seed=seed)
    version = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = cpus[levels[seat]].choose(state, seat, cpu_rng(seed, version))
        state.apply(seat, action)
        version += 1
    return state.result().model_dump(mode="json"), time.process_time() - started


def _play_job(job_and_rollouts: tuple[Job, int]) -> tuple[dict[str, object], float]:
    return play(*job_and_rollouts)


def rate_all(jobs: list[Job], results: list[dict[str, object]]) -> dict[str, ratings.Skill]:
    """Every game rated in order as the store rates a finished one (`GameStore._record_end`)."""
    known: dict[str, ratings.Skill] = {}
    for (_, _, levels), result in zip(jobs, results, strict=True):
        keys = [ratings.player_key(None, level) for level in levels]
        rated = ratings.rate(known, keys, ratings.places(result))
        known.update(rated.ratings)
    return known


def timing(rollouts: int) -> dict[str, float]:
    """CPU seconds of one game with one expert among strong CPUs, per title (mean over its
    player counts), printed beside a game without an expert."""
    means: dict[str, float] = {}
    for game in registry.all():
        expert, plain = [], []
        for players in game.player_counts:
            levels = (EXPERT,) + ("strong",) * (players - 1)
            expert.append(play((game.id, 1, levels), rollouts)[1])
            levels = ("random", "strong") + ("random",) * (players - 2)
            plain.append(play((game.id, 1, levels), rollouts)[1])
        means[game.id] = sum(expert) / len(expert)
        print(
            f"  {game.id}: one expert {means[game.id]:.2f} s a game "
            f"({', '.join(f'{t:.2f}' for t in expert)} s by player count), "
            f"without {sum(plain) / len(plain):.2f} s",
            flush=True,
        )
    return means


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per title")
    parser.add_argument(
        "--expert-games", type=int, default=300, help="of them, games with one expert seat"
    )
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="expert budget")
    parser.add_argument("--workers", type=int, default=2, help="processes playing the games")
    parser.add_argument("--only", nargs="*", help="title ids (default: all)")
    parser.add_argument("--seed", type=int, default=40000, help="seed of the draws and games")
    parser.add_argument("--time", action="store_true", help="time expert games first, and stop")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    if args.time:
        means = timing(args.rollouts)
        plain = args.games - args.expert_games
        cost = sum(args.expert_games * t for t in means.values())
        print(
            f"{args.expert_games} one-expert games a title: about {cost / 60:.0f} CPU minutes "
            f"(+ {plain} without), {cost / 60 / args.workers:.0f} minutes on {args.workers} "
            f"workers; all {args.games} with an expert: "
            f"{args.games * sum(means.values()) / 60 / args.workers:.0f} minutes"
        )
        return
    titles = args.only or registry.ids()
    plans = {
        game_id: schedule(game_id, args.games, args.expert_games, args.seed) for game_id in titles
    }
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        # Expert games first, so the cheap ones fill the workers at the end.
        order = sorted(
            ((game_id, n) for game_id, jobs in plans.items() for n in range(len(jobs))),
            key=lambda item: EXPERT not in plans[item[0]][item[1]][2],
        )
        futures: dict[tuple[str, int], Future[tuple[dict[str, object], float]]] = {
            item: pool.submit(_play_job, (plans[item[0]][item[1]], args.rollouts)) for item in order
        }
        for game_id, jobs in plans.items():
            done = [futures[(game_id, n)].result() for n in range(len(jobs))]
            results = [result for result, _ in done]
            seconds = [(EXPERT in job[2], s) for job, (_, s) in zip(jobs, done, strict=True)]
            expert_seconds = [s for expert, s in seconds if expert]
            plain_seconds = [s for expert, s in seconds if not expert]
            known = rate_all(jobs, results)
            counts = sorted({len(levels) for _, _, levels in jobs})
            print(
                f"== {game_id}: {len(jobs)} games ({len(expert_seconds)} with one expert, "
                f"{sum(expert_seconds) / max(1, len(expert_seconds)):.2f} CPU s each; "
                f"{len(plain_seconds)} without, "
                f"{sum(plain_seconds) / max(1, len(plain_seconds)):.2f} s), "
                f"{counts[0]}-{counts[-1]} players, seeds {args.seed}-{args.seed + len(jobs) - 1}",
                flush=True,
            )
            for level in registry.get(game_id).cpu_levels:
                skill = known.get(ratings.player_key(None, level) or "")
                if skill is None:
                    continue
                print(
                    f"  {level:7} mu {skill.mu:7.1f}  sigma {skill.sigma:5.1f}  "
                    f"ordinal {ratings.rating_text(skill.ordinal):>6}  games {skill.games}",
                    flush=True,
                )
    print(f"wall time {(time.perf_counter() - started) / 60:.1f} minutes")


if __name__ == "__main__":
    main()
