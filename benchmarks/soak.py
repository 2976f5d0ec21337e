"""Soak: CPU-only games of every title for a long while; memory and tasks must not grow.

    python -m benchmarks.soak                 # 30 minutes
    python -m benchmarks.soak --minutes 3     # a quick look

The real bot runs in its own process (`bot.sandbox.botproc`) against the fake Discord
server of `bot/sandbox/fakediscord/` (schema checks off: they are the fake's cost). Games of every
title that has a renderer are started through the lobby, one after another in several slots at
once; the host then hands their seat to a CPU with `/game replace`, so each game is played by
CPUs to its end while the bot publishes every move. The bot reports its resident memory,
asyncio tasks, objects tracked by the garbage collector and games in memory every few seconds;
the soak prints them over time and, after a warm-up, checks for a growth trend (least-squares
slope over the rest of the run). It exits with status 1 if it finds one, and 2 when a short
run grows but has too little time after the warm-up to tell a trend from the warm-up itself.

Not part of CI: it runs for as long as it is told to.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bot.sandbox import botproc
from bot.sandbox.fakediscord import FakeDiscord, User
from bot.sandbox.players import create_lobby, game_id_of, lobby_click
from games import registry


@dataclass
class Sample:
    elapsed: float
    rss_mib: float
    tasks: int
    objects: int
    live_games: int
    games_done: int
    moves: int


def read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)


def game_row(path: Path, game_id: int) -> tuple[str, int | None, int]:
    """`(status, thread id, channel id)` of a game."""
    db = read_only(path)
    try:
        row = db.execute(
            "SELECT status, thread_id, channel_id FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    finally:
        db.close()
    return (row[0], row[1], row[2]) if row else ("missing", None, 0)


def stored_moves(path: Path) -> int:
    db = read_only(path)
    try:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        db.close()


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of `(x, y)` points (per unit of x)."""
    if len(points) < 2:
        return 0.0
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    var = sum((x - mean_x) ** 2 for x, _ in points)
    if var == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / var


class Soak:
    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.db = workdir / "soak.sqlite3"
        self.log_path = workdir / "bot.log"
        self.fake = FakeDiscord(spec=None)
        self.samples: list[Sample] = []
        self.games_done = 0
        self.moves = 0
        self.started = 0.0
        self.proc: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        self.titles = registry.ids()
        self.counter = 0
        self.problems: Counter[str] = Counter()

    # -- the bot ---------------------------------------------------------------------------

    async def start_bot(self) -> None:
        self.proc = await botproc.spawn(
            self.fake,
            self.db,
            self.log_path,
            seed=self.args.seed,
            args=[
                "--cpu-delay",
                str(self.args.cpu_delay),
                "--stats-every",
                str(self.args.sample_every),
            ],
        )
        self.reader = asyncio.create_task(self.read_bot(self.proc))
        await asyncio.wait_for(self.ready.wait(), 30)

    async def read_bot(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        async for raw in proc.stdout:
            line = raw.decode().strip()
            if line == "ready":
                self.ready.set()
            elif line.startswith("stats "):
                self.record(json.loads(line[6:]))

    def record(self, stats: dict[str, int]) -> None:
        self.moves = stored_moves(self.db)
        sample = Sample(
            elapsed=time.monotonic() - self.started,
            rss_mib=stats["rss_kib"] / 1024,
            tasks=stats["tasks"],
            objects=stats["objects"],
            live_games=stats["live_games"],
            games_done=self.games_done,
            moves=self.moves,
        )
        self.samples.append(sample)
        self.prune()
        if len(self.samples) % self.args.print_every == 1 or self.args.print_every == 1:
            print(
                f"{sample.elapsed / 60:6.1f} min  rss {sample.rss_mib:7.1f} MiB  "
                f"tasks {sample.tasks:4d}  objects {sample.objects:8d}  "
                f"games in play {sample.live_games:3d}  finished {sample.games_done:5d}  "
                f"moves {sample.moves:7d}",
                flush=True,
            )

    async def stop_bot(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    # -- games -----------------------------------------------------------------------------

    async def slot(self, number: int, until: float) -> None:
        host = self.fake.add_user(f"Host{number}", locale="en-US")
        while time.monotonic() < until:
            title = self.titles[self.counter % len(self.titles)]
            self.counter += 1
            await self.play(host, title, until)

    async def play(self, host: User, title: str, until: float) -> None:
        try:
            game_id, where = await self.start_game(host, title)
        except AssertionError as exc:  # the bot did not answer a lobby click in time
            self.problems[f"a lobby step failed ({str(exc)[:60]}…)"] += 1
            return
        while time.monotonic() < until + self.args.grace:
            if game_row(self.db, game_id)[0] == "finished":
                self.games_done += 1
                self.forget_channel(where)
                return
            await asyncio.sleep(0.5)
        self.problems["a game did not end in time"] += 1

    async def start_game(self, host: User, title: str) -> tuple[int, int]:
        """Lobby, CPUs, Start, then `/game replace` of the host: a game of CPUs only."""
        lobby = await create_lobby(self.fake, host, title, cpu=self.args.cpu_level)
        game_id = game_id_of(lobby)
        # Small tables (each title's smallest) keep many games going.
        for _ in range(registry.get(title).min_players - 1):
            await lobby_click(self.fake, host, lobby, "cpu")
        await lobby_click(self.fake, host, lobby, "start")
        status, thread_id, channel_id = game_row(self.db, game_id)
        while status == "lobby":
            await asyncio.sleep(0.05)
            status, thread_id, channel_id = game_row(self.db, game_id)
        where = thread_id or channel_id
        inter = await host.slash("game replace", {"player": host}, channel=where)
        await inter.response(timeout=30)
        return game_id, where

    # -- keeping the fake server small -------------------------------------------------------

    def forget_channel(self, channel_id: int) -> None:
        """Drop what the fake server kept of a finished game's thread (the soak watches the
        bot's memory, not the fake's)."""
        fake = self.fake
        for message_id in fake._order.pop(channel_id, []):
            fake.messages.pop(message_id, None)

    def prune(self) -> None:
        fake = self.fake
        fake.requests.clear()
        fake.errors.clear()
        for key, inter in list(fake.interactions.items()):
            if inter.callback is not None and time.monotonic() - inter.created_at > 60:
                fake.interactions.pop(key, None)
                fake._by_token.pop(inter.token, None)
        for session in fake._sessions:
            del session.events[:-100]  # kept for RESUME replays, which the soak never does

    # -- the run ---------------------------------------------------------------------------

    async def run(self) -> int:
        await self.fake.start()
        with self.fake.patch_client():
            try:
                self.started = time.monotonic()
                await self.start_bot()
                until = self.started + self.args.minutes * 60
                slots = [
                    asyncio.create_task(self.slot(n, until)) for n in range(self.args.parallel)
                ]
                await asyncio.gather(*slots)
            finally:
                await self.stop_bot()
                await self.fake.stop()
        return self.report()

    def report(self) -> int:
        samples = self.samples
        total = self.args.minutes * 60
        warmup = min(max(self.args.warmup * 60, total * 0.2), total / 2)
        steady = [s for s in samples if s.elapsed >= warmup]
        print()
        print(
            f"soak: {self.args.minutes:g} min, {self.games_done} games finished "
            f"({', '.join(self.titles)}), {self.moves} moves, {len(samples)} samples"
        )
        for violation in self.fake.violations:
            self.problems[f"fake Discord: {violation.kind}"] += 1
        for problem, count in sorted(self.problems.items()):
            print(f"soak: {count} × {problem}")
        if len(steady) < 5:
            print(f"soak: too few samples after the {warmup / 60:g}-minute warm-up for a trend")
            return 1
        span_hours = (steady[-1].elapsed - steady[0].elapsed) / 3600
        rss = [s.rss_mib for s in steady]
        rss_slope = slope([(s.elapsed / 3600, s.rss_mib) for s in steady])
        obj_slope = slope([(s.elapsed / 3600, s.objects) for s in steady])
        task_slope = slope([(s.elapsed / 3600, s.tasks) for s in steady])
        obj_median = statistics.median(s.objects for s in steady)
        thirds = max(1, len(steady) // 3)
        tasks_first = statistics.fmean(s.tasks for s in steady[:thirds])
        tasks_last = statistics.fmean(s.tasks for s in steady[-thirds:])
        rss_growth = rss_slope * span_hours
        obj_growth = obj_slope * span_hours
        window = f"over the {span_hours * 60:.0f} min after the warm-up"
        checks = [
            (
                "memory",
                rss_growth <= max(self.args.rss_tolerance_mib, 0.05 * statistics.median(rss)),
                f"rss {min(rss):.1f}–{max(rss):.1f} MiB, trend {rss_slope:+.1f} MiB/h "
                f"({rss_growth:+.1f} MiB {window})",
            ),
            (
                "objects",
                obj_growth <= 0.05 * obj_median,
                f"gc objects median {obj_median:.0f}, trend {obj_slope:+.0f}/h "
                f"({obj_growth:+.0f} {window})",
            ),
            (
                "tasks",
                tasks_last <= tasks_first * 1.5 + 2,
                f"asyncio tasks {min(s.tasks for s in steady)}–{max(s.tasks for s in steady)}, "
                f"mean {tasks_first:.1f} → {tasks_last:.1f}, trend {task_slope:+.1f}/h",
            ),
        ]
        failed = False
        for name, ok, text in checks:
            print(f"soak {name}: {'ok' if ok else 'GROWING'} — {text}")
            failed |= not ok
        if not failed:
            print("soak: no growth trend")
            return 0
        if span_hours * 60 < 10:
            print(
                "soak: inconclusive — growth, but fewer than 10 minutes after the warm-up (the "
                "CPU players' bounded caches take a few minutes to fill); run longer for a verdict"
            )
            return 2
        print("soak: a growth trend was found")
        return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to play")
    parser.add_argument("--parallel", type=int, default=6, help="games in play at once")
    parser.add_argument("--cpu-level", choices=("strong", "random"), default="strong")
    parser.add_argument("--cpu-delay", type=float, default=0.05, help="seconds before a CPU move")
    parser.add_argument("--sample-every", type=float, default=5.0, help="seconds")
    parser.add_argument("--print-every", type=int, default=6, help="print every n-th sample")
    parser.add_argument(
        "--warmup",
        type=float,
        default=4.0,
        help="minutes left out of the trend (at least 20%%, at most half the run)",
    )
    parser.add_argument("--grace", type=float, default=120.0, help="seconds to let games end")
    parser.add_argument("--rss-tolerance-mib", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path, help="database and bot log (default: a temp dir)")
    args = parser.parse_args(argv)
    # What the fake server notices (answers later than Discord allows...) is counted in the
    # report rather than logged line by line.
    logging.getLogger(FakeDiscord.__module__).setLevel(logging.ERROR)
    with contextlib.ExitStack() as stack:
        workdir = args.workdir or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        workdir.mkdir(parents=True, exist_ok=True)
        return asyncio.run(Soak(args, workdir).run())


if __name__ == "__main__":
    sys.exit(main())
