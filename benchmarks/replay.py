"""Replay figures: what one step of a finished game's replay costs, against the table picture's
time.

    .venv/bin/python -m benchmarks.replay            # a few seconds
    .venv/bin/python -m benchmarks.replay --quick

Over seeded random games of every title at its smallest and largest table, for steps spread over
each game (the deal, every few moves, the last), in both languages, caches warm: the CPU time on
one thread of each part of a step as `bot.replays` makes it — the game rebuilt from its seed and
stored moves (`rebuild`, the whole log: the jumps need every page turn), the step's message
rendered (`step_page`: the table or final breakdown, the move's lines, every seat's hand), and
its picture drawn (the step's `Job`, the table's or the end's) — against the table picture of
the same state alone (`pictures.table_job`), which every move of a game in play draws. The
target: the replay's own work (rebuild and render) within the table picture's time, so that a
step costs at most what a move's table costs twice, p50 and p99.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from benchmarks.cpu_match import pct
from benchmarks.driver import machine_line
from bot.render import pictures
from bot.replays import at_step, replay_whole, step_page
from bot.storage.records import GameRecord, SeatRecord
from games import registry
from games.core import Lang

NAMES = ["Aoi", "Ben", "Chika", "Dan", "Eri", "Fumi"]

T = TypeVar("T")


def played(game_id: str, players: int, seed: int) -> tuple[GameRecord, list[tuple[int, int, str]]]:
    """A finished game of random legal moves, as its stored record and action log."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    rows: list[tuple[int, int, str]] = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        rows.append((len(rows) + 1, seat, action.encode()))
    seats = [SeatRecord(s, NAMES[s], 100 + s) for s in range(players)]
    record = GameRecord(
        id=seed, game=game_id, status="finished", guild_id=1, channel_id=2, host_id=100,
        language="ja", seed=seed, created_at=0.0, updated_at=0.0, seats=seats,
        snapshot=state.snapshot(),
    )  # fmt: skip
    return record, rows


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """`work()` and the CPU time it took on this thread, in ms."""
    started = time.thread_time()
    done = work()
    return done, (time.thread_time() - started) * 1000


def measure(games: int, every: int) -> dict[str, dict[str, list[float]]]:
    """Per title, the ms of each part of a step: the whole game replayed (`whole`, what opening
    a replay does once: later steps use it kept), the step rebuilt from it (`rebuild`), its
    message (`render`), its picture (`picture`: the table's, or the end's at the last step);
    and of the table picture (`table`: the steps before the last)."""
    found: dict[str, dict[str, list[float]]] = {}
    kinds = ("whole", "rebuild", "render", "picture", "table")
    for game in registry.all():
        times = found.setdefault(game.id, {kind: [] for kind in kinds})
        # The title's texts and renderer loaded, as in a bot that has shown its games.
        record, rows = played(game.id, game.min_players, seed=1)
        for lang in ("ja", "en"):
            step_page(record, at_step(replay_whole(record, rows), 1), lang, pictures_on=True)
        for players in sorted({game.min_players, game.max_players}):
            for n in range(games):
                record, rows = played(game.id, players, seed=1000 * players + n)
                replayed, whole = timed(partial(replay_whole, record, rows))
                times["whole"].append(whole)
                for at in sorted({*range(0, len(rows), every), len(rows)}):
                    lang: Lang = "ja" if (at // every) % 2 else "en"
                    rebuilt, rebuilding = timed(partial(at_step, replayed, at))
                    page, rendering = timed(
                        partial(step_page, record, rebuilt, lang, pictures_on=True)
                    )
                    assert page.job is not None
                    _, drawing = timed(page.job)
                    times["rebuild"].append(rebuilding)
                    times["render"].append(rendering)
                    times["picture"].append(drawing)
                    if page.job.kind == "table":
                        times["table"].append(drawing)
    return found


def report(found: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, float]]:
    """One line per title and one for all: p50 / p99 of each part, and a step's own work
    (rebuilt from the kept replay, and rendered) against the table picture."""
    every: dict[str, list[float]] = {}
    figures: dict[str, dict[str, float]] = {}
    for game_id, times in [*found.items(), ("all", every)]:
        if game_id != "all":
            for kind, values in times.items():
                every.setdefault(kind, []).extend(values)
        own = [r + d for r, d in zip(times["rebuild"], times["render"], strict=True)]
        step = [o + p for o, p in zip(own, times["picture"], strict=True)]
        row = {
            f"{kind}_{q}": (statistics.median(values) if q == "p50" else pct(values, 0.99))
            for kind, values in [*times.items(), ("own", own), ("step", step)]
            for q in ("p50", "p99")
        }
        met = row["own_p50"] <= row["table_p50"] and row["own_p99"] <= row["table_p99"]
        print(
            f"{game_id:14} {len(step):4} steps: whole game {row['whole_p50']:.1f}/"
            f"{row['whole_p99']:.1f} ms; a step: rebuild {row['rebuild_p50']:.1f}/"
            f"{row['rebuild_p99']:.1f}, render {row['render_p50']:.1f}/{row['render_p99']:.1f},"
            f" picture {row['picture_p50']:.1f}/{row['picture_p99']:.1f}, in all "
            f"{row['step_p50']:.1f}/{row['step_p99']:.1f} ms; table picture "
            f"{row['table_p50']:.1f}/{row['table_p99']:.1f} ms (p50/p99): rebuild + render "
            f"{row['own_p50']:.1f}/{row['own_p99']:.1f} ms {'within' if met else 'OVER'} it"
        )
        figures[game_id] = row
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(machine_line(args.quick))
    print("== Replay steps (CPU time on one thread, caches warm)")
    pictures.warm_up()
    report(measure(1 if args.quick else 3, 12 if args.quick else 5))


if __name__ == "__main__":
    main()
