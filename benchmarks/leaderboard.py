"""Records and ratings: `/leaderboard`'s and `/stats`' queries over 10,000 finished games, and the
last move's write that keeps them.

One server's 10,000 games of 襲ノ色目 (3 or 4 seats: 60 people and the three CPU levels, drawn
at random with a fixed seed) are stored through the bot's own path: lobby, start, and a last
move by `GameStore.write_move`, whose transaction keeps each seat's record and updates the
ratings (`_record_end`). That write is timed, then `GameStore.leaderboard` (what `/leaderboard`
reads) and `GameStore.player_stats` (what `/stats` reads) are each asked 1,000 times for
readers drawn at random. Target: `/leaderboard`'s query p99 ≤ 100 ms.

    .venv/bin/python -m benchmarks.leaderboard [--games 10000] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.storage.queries import GameStore
from bot.storage.records import SeatRecord
from bot.storage.sqlite import SqliteStore

GUILD = 1
PEOPLE = 60
LEVELS = ("random", "strong", "expert")
ASKS = 1000


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def line(what: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"{what}: p50 {statistics.median(ms):.2f} ms, p99 {percentile(ms, 99):.2f} ms, "
        f"max {max(ms):.2f} ms ({len(ms)} samples)"
    )


async def fill(store: GameStore, games: int, rng: random.Random) -> list[float]:
    """Store `games` finished games; the time of each last move's write."""
    writes = []
    for n in range(games):
        seats_n = rng.choice((3, 4))
        people = rng.sample(range(1, PEOPLE + 1), rng.randint(1, seats_n))
        seats = [SeatRecord(i, f"Player {p}", 1000 + p) for i, p in enumerate(people)]
        seats += [
            SeatRecord(i, f"CPU {i}", None, rng.choice(LEVELS)) for i in range(len(seats), seats_n)
        ]
        record = await store.create_game(
            game="kasane",
            guild_id=GUILD,
            channel_id=2,
            host_id=seats[0].user_id or 1,
            host_name=seats[0].name,
            language="en",
            seed=n,
            options={},
            cpu_level="strong",
            turn_seconds=0,
        )
        await store.set_seats(record.id, seats)
        await store.start_game(record.id, players=seats_n, snapshot={"v": 0}, deadline=None)
        scores = [rng.randint(0, 40) for _ in seats]
        best = max(scores)
        result = {
            "scores": scores,
            "winners": [s for s, score in enumerate(scores) if score == best],
            "breakdown": [{"points": score} for score in scores],
            "tiebreak": [],
        }
        started = time.perf_counter()
        await store.write_move(
            record.id,
            version=1,
            seat=0,
            action="end",
            by_cpu=False,
            snapshot={"v": 1},
            deadline=None,
            result=result,
            status="finished",
        )
        writes.append(time.perf_counter() - started)
        if (n + 1) % 2000 == 0:
            print(f"  {n + 1} games stored", flush=True)
    return writes


async def measure(store: GameStore, games: int) -> None:
    rng = random.Random(40)
    writes = await fill(store, games, rng)
    print(line("last move's write (records and ratings)", writes))
    board, stats = [], []
    for _ in range(ASKS):
        viewer = 1000 + rng.randint(1, PEOPLE)
        started = time.perf_counter()
        await store.leaderboard(GUILD, "kasane", viewer=viewer)
        board.append(time.perf_counter() - started)
        started = time.perf_counter()
        await store.player_stats(GUILD, viewer)
        stats.append(time.perf_counter() - started)
    print(line("/leaderboard query", board))
    print(line("/stats query", stats))
    shown = await store.leaderboard(GUILD, "kasane", size=3)
    print("top:", ", ".join(f"{e.name} {round(e.rating)} ({e.games})" for e in shown.top))
    print("CPU levels:", ", ".join(f"{e.cpu_level} #{e.place}" for e in shown.beyond))


async def run(games: int, postgres: bool) -> None:
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    if postgres:
        from bot.sandbox.postgres import throwaway_cluster
        from bot.storage.postgres import PostgresStore

        with throwaway_cluster(durable=True) as cluster:
            store: GameStore = await PostgresStore.open(cluster.new_database())
            try:
                print(f"== PostgreSQL, {games} finished games")
                await measure(store, games)
            finally:
                await store.close()
        return
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "db.sqlite3")
        try:
            print(f"== SQLite, {games} finished games")
            await measure(store, games)
        finally:
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.postgres))


if __name__ == "__main__":
    main()
