"""Persistence: a move's write against a bare SQLite upsert of the same size, and snapshot
sizes.

Both writes go the same way, in one temporary database, interleaved move by move, so they meet
the same disk and the same load; each way in a database of its own:

- the way the bot writes a move while the database is free (`SqliteStore._store_move`): on the
  store's direct connection, on the event loop's thread;
- through aiosqlite's thread, as the bot writes a move while the database is busy (and wrote
  every move before): there each write also pays for the call to that thread.

WAL, `synchronous=NORMAL` both ways. The move is `SqliteStore.write_move`, the write the bot
awaits before it answers a move (snapshot serialised, then the one statement whose trigger checks
the version and writes the action row, the snapshot and version, and for a last move the result; the
bot reads the row back only after the answer); the baseline is one `INSERT … ON CONFLICT DO UPDATE`
of a ready string as long as that snapshot's JSON. The target is checked through aiosqlite's thread,
where it was set.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.cpu_match import pct
from bot.storage.postgres import PostgresStore
from bot.storage.records import SeatRecord, dumps
from bot.storage.sqlite import SqliteStore
from games import registry
from games.core import Rng

#: Targets: storing a move at most this many times the bare upsert; snapshots below this.
RATIO_TARGET = 2.0
SNAPSHOT_TARGET = 16 * 1024


async def _play(
    store: SqliteStore | PostgresStore,
    game_id: str,
    players: int,
    seed: int,
    out: dict,
    bare_upsert: Callable[[str], Awaitable[object]],
) -> None:
    """One random game stored move by move, each commit followed by `bare_upsert` of a string
    as long as the move's snapshot."""
    game = registry.get(game_id)
    record = await store.create_game(
        game=game_id,
        guild_id=1,
        channel_id=2,
        host_id=10,
        host_name="host",
        language="en",
        seed=seed,
        options={},
        cpu_level="strong",
        turn_seconds=0,
    )
    await store.set_seats(
        record.id, [SeatRecord(seat=i, name=f"p{i}", user_id=10 + i) for i in range(players)]
    )
    state = game.new(players, seed=seed)
    await store.start_game(record.id, players=players, snapshot=state.snapshot(), deadline=None)
    cpu, rng = game.cpu("random"), Rng(seed)
    version = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = cpu.choose(state, seat, rng)
        state.apply(seat, action)
        version += 1
        snapshot = state.snapshot()
        over = state.is_over()
        result = state.result().model_dump(mode="json") if over else None
        start = time.perf_counter()
        await store.write_move(
            record.id,
            version=version,
            seat=seat,
            action=action.encode(),
            by_cpu=False,
            snapshot=snapshot,
            deadline=None,
            result=result,
            status="finished" if over else "playing",
        )
        move = time.perf_counter() - start
        blob = "x" * len(dumps(snapshot))
        start = time.perf_counter()
        await bare_upsert(blob)
        bare = time.perf_counter() - start
        out["move"].append(move)
        out["bare"].append(bare)
        size = len(dumps(snapshot).encode())
        sizes = out["sizes"].setdefault(game_id, [])
        sizes.append(size)


#: The bare write the move is measured against.
UPSERT = (
    "INSERT INTO bench_blob (id, blob) VALUES (1, ?) "
    "ON CONFLICT (id) DO UPDATE SET blob = excluded.blob"
)


async def _one_way(quick: bool, direct_writes: bool) -> dict[str, object]:
    """The move and the bare upsert on the store's direct connection (`direct_writes`), or
    both through aiosqlite's thread."""
    out: dict = {"move": [], "bare": [], "sizes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
        await store.db.execute("CREATE TABLE bench_blob (id INTEGER PRIMARY KEY, blob TEXT)")
        direct = store._direct
        assert direct is not None

        async def bare_upsert(blob: str) -> None:
            if direct_writes:
                direct.execute(UPSERT, (blob,))
            else:
                await store.db.execute(UPSERT, (blob,))

        if not direct_writes:
            store._direct = None  # every move through aiosqlite's thread
        try:
            await play_every_title(store, quick, out, bare_upsert)
        finally:
            store._direct = direct
            await store.close()
    print("the way the bot writes a move:" if direct_writes else "through aiosqlite's thread:")
    return report(out, target=not direct_writes, sizes=direct_writes)


async def _run(quick: bool) -> dict[str, object]:
    figures = await _one_way(quick, direct_writes=True)
    figures["through_aiosqlite"] = await _one_way(quick, direct_writes=False)
    return figures


async def play_every_title(
    store: SqliteStore | PostgresStore,
    quick: bool,
    out: dict,
    bare_upsert: Callable[[str], Awaitable[object]],
) -> None:
    games = 1 if quick else 6
    for game in registry.all():
        for players in range(game.min_players, game.max_players + 1):
            for n in range(games):
                await _play(store, game.id, players, 500 + n, out, bare_upsert)


def report(out: dict, *, target: bool = True, sizes: bool = True) -> dict[str, object]:
    """Print and return the move/upsert ratio (checked against its `target`) and the snapshot
    sizes (printed with `sizes`)."""
    move_ms = [v * 1000 for v in out["move"]]
    bare_ms = [v * 1000 for v in out["bare"]]
    ratio = statistics.median(move_ms) / statistics.median(bare_ms)
    ratio99 = pct(move_ms, 0.99) / pct(bare_ms, 0.99)
    verdict = "ok" if ratio <= RATIO_TARGET else "MISSED"
    print(
        f"move: p50 {statistics.median(move_ms):.3f} ms, p99 {pct(move_ms, 0.99):.3f}"
        f" ms; bare upsert of the same size: p50 {statistics.median(bare_ms):.3f} ms, p99 "
        f"{pct(bare_ms, 0.99):.3f} ms; ratio p50 {ratio:.2f}×, p99 {ratio99:.2f}× over "
        f"{len(move_ms)} moves" + (f" (target ≤ {RATIO_TARGET:.0f}×: {verdict})" if target else "")
    )
    snapshots: dict[str, dict[str, float]] = {}
    for game_id, values in out["sizes"].items():
        largest = max(values)
        verdict = "ok" if largest < SNAPSHOT_TARGET else "MISSED"
        if sizes:
            print(
                f"snapshot size, {game_id}: mean {statistics.mean(values) / 1024:.1f} KB, "
                f"max {largest / 1024:.1f} KB (target < 16 KB: {verdict})"
            )
        snapshots[game_id] = {"mean": statistics.mean(values), "max": largest}
    return {
        "move_p50_ms": statistics.median(move_ms),
        "bare_p50_ms": statistics.median(bare_ms),
        "ratio_p50": ratio,
        "ratio_p99": ratio99,
        "snapshot_bytes": snapshots,
    }


def run(quick: bool) -> dict[str, object]:
    print("== 5. Persistence")
    return asyncio.run(_run(quick))
