"""Persistence: a move's transaction against a bare SQLite upsert of the same size, and
snapshot sizes.

Both writes go through the bot's own `Store` connection (aiosqlite, WAL, `synchronous=NORMAL`)
in one temporary database and are interleaved move by move, so they meet the same disk and the
same load. The move is `Store.commit_move` exactly as the bot calls it (snapshot serialised,
action row, version check, one `BEGIN IMMEDIATE` transaction); the baseline is one
`INSERT … ON CONFLICT DO UPDATE` of a ready string as long as that snapshot's JSON. For
comparison, the same two writes are also made in one transaction in a single call to aiosqlite's
database thread (its private `_execute`; the bot does not do this): the difference to the move
is what aiosqlite's one-thread-hop-per-statement costs.
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bot.store import SeatRecord, Store, _dumps
from games import registry
from games.core import Rng

#: Targets: a move's transaction at most this many times the bare upsert; snapshots below this.
RATIO_TARGET = 2.0
SNAPSHOT_TARGET = 16 * 1024


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _one_call(conn: sqlite3.Connection, snapshot: str, version: int, action: str) -> None:
    """A move's two writes in one transaction, run in one call on aiosqlite's thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT INTO bench_blob (id, blob) VALUES (2, ?) "
            "ON CONFLICT (id) DO UPDATE SET blob = excluded.blob",
            (snapshot,),
        )
        conn.execute(
            "INSERT INTO bench_log (version, action) VALUES (?, ?) "
            "ON CONFLICT (version) DO UPDATE SET action = excluded.action",
            (version, action),
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


async def _play(store: Store, game_id: str, players: int, seed: int, out: dict) -> None:
    """One random game stored move by move, each commit followed by a bare upsert."""
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
        await store.commit_move(
            record.id,
            version=version,
            seat=seat,
            action=action.encode(),
            by_cpu=False,
            snapshot=snapshot,
            deadline=None,
            result=result,
        )
        move = time.perf_counter() - start
        blob = "x" * len(_dumps(snapshot))
        start = time.perf_counter()
        await store.db.execute(
            "INSERT INTO bench_blob (id, blob) VALUES (1, ?) "
            "ON CONFLICT (id) DO UPDATE SET blob = excluded.blob",
            (blob,),
        )
        bare = time.perf_counter() - start
        text = _dumps(snapshot)
        start = time.perf_counter()
        await store.db._execute(_one_call, store.db._conn, text, version, action.encode())
        one_call = time.perf_counter() - start
        out["move"].append(move)
        out["bare"].append(bare)
        out["one_call"].append(one_call)
        size = len(_dumps(snapshot).encode())
        sizes = out["sizes"].setdefault(game_id, [])
        sizes.append(size)


async def _run(quick: bool) -> dict[str, object]:
    out: dict = {"move": [], "bare": [], "one_call": [], "sizes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        await store.db.execute("CREATE TABLE bench_blob (id INTEGER PRIMARY KEY, blob TEXT)")
        await store.db.execute("CREATE TABLE bench_log (version INTEGER PRIMARY KEY, action TEXT)")
        games = 1 if quick else 6
        for game in registry.all():
            for players in range(game.min_players, game.max_players + 1):
                for n in range(games):
                    await _play(store, game.id, players, 500 + n, out)
        await store.close()
    move_ms = [v * 1000 for v in out["move"]]
    bare_ms = [v * 1000 for v in out["bare"]]
    ratio = statistics.median(move_ms) / statistics.median(bare_ms)
    ratio99 = pct(move_ms, 0.99) / pct(bare_ms, 0.99)
    verdict = "ok" if ratio <= RATIO_TARGET else "MISSED"
    print(
        f"move transaction: p50 {statistics.median(move_ms):.3f} ms, p99 {pct(move_ms, 0.99):.3f}"
        f" ms; bare upsert of the same size: p50 {statistics.median(bare_ms):.3f} ms, p99 "
        f"{pct(bare_ms, 0.99):.3f} ms; ratio p50 {ratio:.2f}×, p99 {ratio99:.2f}× over "
        f"{len(move_ms)} moves (target ≤ {RATIO_TARGET:.0f}×: {verdict})"
    )
    one_ms = [v * 1000 for v in out["one_call"]]
    print(
        f"  for comparison, the same two writes in one transaction made in one call to "
        f"aiosqlite's thread (serialised snapshot given): p50 {statistics.median(one_ms):.3f} ms"
        f" = {statistics.median(one_ms) / statistics.median(bare_ms):.2f}× the bare upsert"
    )
    sizes: dict[str, dict[str, float]] = {}
    for game_id, values in out["sizes"].items():
        largest = max(values)
        verdict = "ok" if largest < SNAPSHOT_TARGET else "MISSED"
        print(
            f"snapshot size, {game_id}: mean {statistics.mean(values) / 1024:.1f} KB, "
            f"max {largest / 1024:.1f} KB (target < 16 KB: {verdict})"
        )
        sizes[game_id] = {"mean": statistics.mean(values), "max": largest}
    return {
        "move_p50_ms": statistics.median(move_ms),
        "bare_p50_ms": statistics.median(bare_ms),
        "ratio_p50": ratio,
        "ratio_p99": ratio99,
        "snapshot_bytes": sizes,
    }


def run(quick: bool) -> dict[str, object]:
    print("== 5. Persistence")
    return asyncio.run(_run(quick))
