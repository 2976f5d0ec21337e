"""Restart: with 10,000 games in the database (5,000 of them unfinished), the time from the bot's
process start to the first click served, and its resident memory once loaded.

A first bot process creates one real game through the fake Discord server and plays two moves;
then 9,999 more games are written straight into its database (every title, 2–6 seats, every
other game with a CPU seat; random play-outs: half finished with their results, half stopped
part-way, where people are to act, with their snapshot and action log; the tables of ten of
those show the version before their last move, as if the process had stopped between a move's
commit and its publication). A new bot process is
started; as soon as it is connected, a player of the real game clicks their next move. Timed:
process start → that click's callback at the fake server (and → the first click's, when the
move needs the hand first). Memory: VmRSS of the bot process right after, and again a few
seconds later. Edits: the table edits the restart sends (target ≤ 20: only the tables behind).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from benchmarks.driver import BotProcess, Player, TimedFake
from bot.storage.copy import TABLES, _rows
from bot.storage.postgres import PostgresStore
from bot.storage.records import dumps
from bot.storage.sqlite import SqliteStore
from games import registry
from games.core import Rng

#: Targets.
FIRST_CLICK_TARGET_S = 5.0
RSS_TARGET_MB = 500.0
EDITS_TARGET = 20

#: Games in play whose last move was stored but never published (their table is behind).
BEHIND = 10

#: Distinct random play-outs per title and player count, reused by the generated games.
PLAYOUTS = 12


Playout = tuple[str, int, int, list[tuple[int, str]], list[dict], list[list[int]], dict]


def _playouts() -> list[Playout]:
    """`(title, players, seed, actions, snapshots and seats to act by version, result)` of
    random games."""
    found = []
    for game in registry.all():
        cpu = game.cpu("random")
        for players in range(game.min_players, game.max_players + 1):
            for n in range(PLAYOUTS):
                seed = 7_000 + n
                state = game.new(players, seed=seed)
                rng = Rng(seed)
                actions: list[tuple[int, str]] = []
                snapshots = [state.snapshot()]
                to_act = [state.to_act()]
                while not state.is_over():
                    seat = state.to_act()[0]
                    action = cpu.choose(state, seat, rng)
                    state.apply(seat, action)
                    actions.append((seat, action.encode()))
                    snapshots.append(state.snapshot())
                    to_act.append(state.to_act())
                result = state.result().model_dump(mode="json")
                found.append((game.id, players, seed, actions, snapshots, to_act, result))
    return found


async def populate(
    fake: TimedFake, db: Path, total: int, unfinished: int, rng: random.Random, behind: int = 0
) -> list[int]:
    """Write `total` games (`unfinished` of them in play) straight into the bot's database; the
    fake server gets a thread with a table message for each game in play (archived threads for
    the finished ones are left out: nothing touches them). The tables of the first `behind`
    games in play show the version before their game's last move (it was stored, then the
    process stopped); the others show their game as stored. Returns the tables' message ids."""
    pool = _playouts()
    now = time.time()
    games, seats, actions, results = [], [], [], []
    tables: list[int] = []
    with sqlite3.connect(db) as conn:
        next_id = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM games").fetchone()[0]
        for n in range(total):
            game_id = next_id + n
            title, players, seed, log, snapshots, to_act, result = rng.choice(pool)
            playing = n < unfinished
            channel, thread, table = fake.channel.id, None, None
            if playing:
                made = fake._new_thread(fake.channel, {"name": f"game {game_id}"}, thread_type=11)
                message = await fake._create_message(made, {"content": f"table {game_id}"}, [])
                thread, table = made.id, message.id
                tables.append(table)
            # Every other game has a CPU in its last seat; a game in play is stopped where
            # people are to act (a CPU to act would move at once, and nothing here shows its
            # thread to the fake server).
            cpu = players - 1 if n % 2 else None
            version = len(log)
            while playing and (version == len(log) or cpu in to_act[version]):
                version = rng.randrange(1, len(log))
            host = 10**17 + rng.randrange(10**16)
            games.append(
                (
                    game_id,
                    title,
                    "playing" if playing else "finished",
                    fake.guild.id,
                    channel,
                    thread,
                    None,
                    table,
                    now,
                    host,
                    "en",
                    "{}",
                    "strong",
                    0,
                    seed,
                    players,
                    version,
                    dumps(snapshots[version]),
                    now,
                    now,
                    version - 1 if playing and n < behind else version,
                )
            )
            seats += [
                (game_id, s, None, "random", "CPU")
                if s == cpu
                else (game_id, s, host + s, None, "p")
                for s in range(players)
            ]
            actions += [(game_id, v + 1, s, a, 0, now) for v, (s, a) in enumerate(log[:version])]
            if not playing:
                results.append(
                    (
                        game_id,
                        title,
                        now,
                        dumps(result["scores"]),
                        dumps(result["winners"]),
                        dumps(result),
                    )
                )
        conn.executemany(
            "INSERT INTO games (id, game, status, guild_id, channel_id, thread_id, "
            "lobby_message_id, table_message_id, table_posted_at, host_id, language, options, "
            "cpu_level, turn_seconds, seed, players, version, snapshot, created_at, updated_at, "
            "table_version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            games,
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, cpu_level, name) VALUES (?,?,?,?,?)", seats
        )
        conn.executemany(
            "INSERT INTO actions (game_id, version, seat, action, by_cpu, created_at) "
            "VALUES (?,?,?,?,?,?)",
            actions,
        )
        conn.executemany("INSERT INTO results VALUES (?,?,?,?,?,?)", results)
    return tables


async def _run(
    quick: bool, profile: Path | None, postgres_url: str | None = None
) -> dict[str, object]:
    """With `postgres_url`, the games written are copied into that PostgreSQL database (by
    `python -m bot migrate-sqlite-to-postgres`'s code) and the restarted bot runs on it."""
    total = 1_000 if quick else 10_000
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bot.sqlite3"
        async with TimedFake() as fake:
            users = [fake.add_user(f"Player{i}", locale="en-US") for i in range(3)]
            first = BotProcess(fake, db)
            await first.start()
            try:
                player = await Player.start(fake, db, "kasane", users)
                for _ in range(2):
                    await player.move(rng)
                await asyncio.sleep(0.2)
            finally:
                await first.stop()
            start = time.monotonic()
            tables = await populate(fake, db, total - 1, total // 2 - 1, rng, behind=BEHIND)
            size = db.stat().st_size / 2**20
            print(
                f"database: {total:,} games, {total // 2:,} unfinished, {size:.0f} MB "
                f"(written in {time.monotonic() - start:.1f} s)"
            )
            if postgres_url is not None:
                start = time.monotonic()
                copied = await copy_to_postgres(db, postgres_url)
                print(
                    f"copied into PostgreSQL in {time.monotonic() - start:.1f} s ({copied:,} rows)"
                )
            bot = BotProcess(fake, db, profile=profile, database_url=postgres_url, timeline=True)
            before = len(player.clicks)
            click_task = asyncio.create_task(_first_click(fake, player, rng))
            await bot.start()
            await click_task
            clicks = player.clicks[before:]
            served = [fake.callback_at[c.inter.id] - bot.started for c in clicks]
            rss = bot.rss_mb()
            await asyncio.sleep(3.0)
            rss_later = bot.rss_mb()
            # A restart publishes the games whose table is behind: how long until they all
            # are, and how many table edits the restart sent in all (10 s after that).
            waiting = set(tables[:BEHIND])
            while waiting and time.monotonic() - bot.started < 600:
                waiting = {t for t in waiting if not fake.messages[t].history}
                await asyncio.sleep(0.1)
            published = time.monotonic() - bot.started
            await asyncio.sleep(10.0)
            paths = {f"/messages/{t}" for t in tables}
            edits = sum(
                1
                for r in fake.requests
                if r.method == "PATCH"
                and r.at >= bot.started
                and r.path[r.path.rfind("/messages/") :] in paths
            )
            rss_end = bot.rss_mb()
            errors = bot.errors()
            timeline = bot.timeline()
            await bot.stop()
            stats = bot.stats
    first_s, move_s = served[0], served[-1]
    ok = move_s < FIRST_CLICK_TARGET_S and max(rss, rss_later, rss_end) < RSS_TARGET_MB
    print(
        f"process start → first click served {first_s:.2f} s"
        + (f" ('Show my hand'), → the move {move_s:.2f} s" if len(clicks) > 1 else " (a move)")
        + f"; RSS {rss:.0f} MB, {rss_later:.0f} MB 3 s later "
        f"(targets < {FIRST_CLICK_TARGET_S:.0f} s, < {RSS_TARGET_MB:.0f} MB: "
        f"{'ok' if ok else 'MISSED'}); bot errors {len(errors)}"
    )
    print(
        f"  the restart republishes the {BEHIND} tables left behind, the last "
        f"{published:.1f} s after the process started"
        + (f" ({len(waiting)} never)" if waiting else "")
        + f"; table edits sent in all: {edits} of {len(tables):,} tables "
        f"(target ≤ {EDITS_TARGET}: {'ok' if edits <= EDITS_TARGET else 'MISSED'}); "
        f"RSS then {rss_end:.0f} MB"
    )
    print(
        f"  event loop held up: max {stats.get('lag_max_ms', float('nan')):.0f} ms, "
        f"{stats.get('lags_over_50ms', 0):.0f} times over 50 ms; "
        f"{stats.get('gc_full', 0):.0f} full garbage collections, longest "
        f"{stats.get('gc_full_max_ms', 0):.0f} ms; one full collection at the end "
        f"{stats.get('gc_collect_at_end_ms', float('nan')):.0f} ms"
    )
    print(
        "  start-up: "
        + ", ".join(f"{event} {at:.2f} s" for event, at in sorted(timeline.items(), key=_second))
        + f"; first click served {first_s:.2f} s"
    )
    for line in errors[:5]:
        print(f"  ! {line}")
    return {
        "first_click_s": first_s,
        "move_s": move_s,
        "rss_mb": max(rss, rss_later, rss_end),
        "published_s": published,
        "table_edits": edits,
    }


async def copy_to_postgres(db: Path, url: str) -> int:
    """Every row of the SQLite file into PostgreSQL with COPY, as `python -m bot
    migrate-sqlite-to-postgres` converts them (`bot.storage.copy`) but without its verification,
    which replays every game (a quarter of an hour for these 10,000 games on a loaded machine).
    Returns the rows copied."""
    source = await SqliteStore.open(db)
    target = await PostgresStore.open(url)
    copied = 0
    try:
        async with target.pool.acquire() as conn, conn.transaction():
            for table, (columns, _) in TABLES.items():
                rows = await _rows(source, table)
                await conn.copy_records_to_table(table, records=rows, columns=columns)
                copied += len(rows)
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), "
                "GREATEST((SELECT COALESCE(MAX(id), 0) FROM games), 1))"
            )
    finally:
        await target.close()
        await source.close()
    return copied


def _second(item: tuple[str, float]) -> float:
    return item[1]


async def _first_click(fake: TimedFake, player: Player, rng: random.Random) -> None:
    """Click as soon as a bot is connected to the fake gateway."""
    while not any(s.connection is not None for s in fake._live_sessions()):
        await asyncio.sleep(0.005)
    await player.move(rng)


def run(quick: bool, profile: Path | None = None) -> dict[str, object]:
    print("== 6. Restart")
    return asyncio.run(_run(quick, profile))


def main(argv: list[str] | None = None) -> int:
    """`python -m benchmarks.restart [--quick] [--postgres]`: section 6's restart, or with
    `--postgres` the same games copied into a throwaway PostgreSQL server (section 9)."""
    import argparse

    from bot.sandbox.postgres import throwaway_cluster

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 games instead of 10,000")
    parser.add_argument("--postgres", action="store_true", help="restart on PostgreSQL")
    parser.add_argument("--profile", type=Path, help="cProfile the restarted bot into this file")
    args = parser.parse_args(argv)
    if not args.postgres:
        run(args.quick, args.profile)
        return 0
    with throwaway_cluster(durable=True) as cluster:
        print("== 9. Restart on PostgreSQL")
        asyncio.run(_run(args.quick, args.profile, cluster.new_database()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
