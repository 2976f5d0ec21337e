"""PostgreSQL: a move's store write against a bare single-row upsert on the same server, and a
restart with 10,000 stored games.

The same random games of every title and player count as section 5 (persistence), stored by
`PostgresStore.write_move`, the write the bot awaits before it answers a move (one `INSERT INTO
moves` whose trigger checks the version under the game's row lock, writes the action row,
snapshot and version, and announces the move by NOTIFY), each followed by a bare `INSERT … ON
CONFLICT DO UPDATE` of a string as long as that snapshot through the same pool. The server is a
throwaway cluster (`bot.sandbox.postgres`) with PostgreSQL's durable defaults: fsync on, every
commit flushed.

The restart is section 6's (`benchmarks.restart`), the 10,000 games copied into PostgreSQL
before the new bot process starts on it.
"""

from __future__ import annotations

import asyncio

from benchmarks import restart
from benchmarks.persistence import play_every_title, report
from bot.sandbox.postgres import throwaway_cluster
from bot.storage.postgres import PostgresStore


async def _run(url: str, quick: bool) -> dict[str, object]:
    out: dict = {"move": [], "bare": [], "sizes": {}}
    store = await PostgresStore.open(url)
    try:
        async with store.pool.acquire() as conn:
            await conn.execute("CREATE TABLE bench_blob (id INTEGER PRIMARY KEY, blob TEXT)")

        async def bare_upsert(blob: str) -> None:
            async with store.pool.acquire() as conn:
                await conn.execute(
                    "INSERT INTO bench_blob (id, blob) VALUES (1, $1) "
                    "ON CONFLICT (id) DO UPDATE SET blob = excluded.blob",
                    blob,
                )

        await play_every_title(store, quick, out, bare_upsert)
    finally:
        await store.close()
    return report(out)


def run(quick: bool) -> dict[str, object]:
    with throwaway_cluster(durable=True) as cluster:
        print("== 7. PostgreSQL: a move's write")
        figures = asyncio.run(_run(cluster.new_database(), quick))
        print("== 7. PostgreSQL: restart")
        figures["restart"] = asyncio.run(restart._run(quick, None, cluster.new_database()))
    return figures


if __name__ == "__main__":
    run(quick=False)
