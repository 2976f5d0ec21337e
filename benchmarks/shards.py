"""Load on a sharded bot: two processes on four shards sharing PostgreSQL, beside one process on
SQLite under the same load.

    .venv/bin/python -m benchmarks --only shards [--load-games 1000 --load-seconds 30]
    .venv/bin/python -m benchmarks.shards --games 1000 --seconds 30

The fake Discord holds four guilds, one on each shard. Process A runs shards 0–1 and process B
shards 2–3 (`SHARD_COUNT=4`, `SHARD_IDS`), both on one throwaway PostgreSQL server with its
durable defaults (`bot.sandbox.postgres`). Games of every title in turn, three human players each
(distinct users), are opened in the four guilds in turn, so each process owns half of them;
half of the players (every other one) take their hand by DM. Discord sends DM clicks to shard 0,
so the DM moves of the games of shards 2–3 are applied by process A, which does not own them
(the database serialises them; the owner hears of them by NOTIFY and publishes). Then every game
gets one move every two seconds, on a schedule spread over the two seconds, as in section 4
(`benchmarks.load.measure`, which also counts the "Show my hand" clicks and replaces games that
end). The comparison is the same load on one process without shards on SQLite.

Targets: p99 ≤ 250 ms over moves and hand clicks, no answer after 3 s, 0 errors.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from benchmarks.driver import BotProcess, Player, TimedFake, close_databases, titles
from benchmarks.load import measure
from bot.sandbox.fakediscord import Channel, User
from bot.sandbox.postgres import throwaway_cluster

SHARDS = 4
#: Seconds between two moves of one game.
INTERVAL = 2.0
#: Games set up at once (lobby, seats, start) before the load begins.
SETTING_UP = 8


def _guilds(fake: TimedFake) -> list[Channel]:
    """A channel in each of four guilds, the n-th guild on shard n."""
    return [fake.channel] + [
        fake.add_guild(f"Server {n}", "en-US", shard=(n, SHARDS)) for n in range(1, SHARDS)
    ]


def _game_maker(fake: TimedFake, db: Path | str, channels: list[Channel]):
    names = titles()

    async def new_game(n: int) -> Player:
        title = names[n % len(names)]
        users = [fake.add_user(f"G{n}P{i}", locale="en-US") for i in range(3)]
        dms: list[User] = [u for i, u in enumerate(users) if (3 * n + i) % 2 == 0]
        channel = channels[n % len(channels)]
        return await Player.start(fake, db, title, users, channel=channel, dms=dms)

    return new_game


#: Where the bot processes' logs go (a temporary folder, removed, unless set: `--logs`), and
#: their cProfile data when `PROFILE` is set (`--profile`).
LOGS: Path | None = None
PROFILE = False


async def _sharded(games: int, seconds: float, url: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = LOGS or Path(tmp)
        async with TimedFake(guild_shard=(0, SHARDS)) as fake:
            channels = _guilds(fake)
            bots = [
                BotProcess(
                    fake,
                    Path(tmp) / f"shards-{ids}.sqlite3",
                    log=folder / f"shards-{ids}.log",
                    profile=folder / f"shards-{ids}.prof" if PROFILE else None,
                    seed=seed,
                    database_url=url,
                    shards=(SHARDS, ids),
                    time_database=True,
                )
                for ids, seed in (("0-1", 1), ("2-3", 1_000_000))
            ]
            for bot in bots:
                await bot.start()
            await fake.wait_for(lambda: len(fake._live_sessions()) == SHARDS, 30, "the four shards")
            try:
                new_game = _game_maker(fake, url, channels)
                return await measure(
                    fake, bots, new_game, games, seconds, interval=INTERVAL, setting_up=SETTING_UP
                )
            finally:
                await close_databases()


async def _single(games: int, seconds: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        async with TimedFake(guild_shard=(0, SHARDS)) as fake:
            channels = _guilds(fake)
            log = (LOGS or Path(tmp)) / "single.log"
            profile = log.with_suffix(".prof") if PROFILE else None
            bot = BotProcess(
                fake, Path(tmp) / "bot.sqlite3", log=log, profile=profile, time_database=True
            )
            await bot.start()
            new_game = _game_maker(fake, bot.db, channels)
            return await measure(
                fake, [bot], new_game, games, seconds, interval=INTERVAL, setting_up=SETTING_UP
            )


def run(quick: bool, games: int | None = None, seconds: float | None = None) -> dict[str, object]:
    games = games or (100 if quick else 1000)
    seconds = seconds or (10.0 if quick else 30.0)
    figures: dict[str, object] = {}
    with throwaway_cluster(durable=True) as cluster:
        print(
            f"== 9. Two processes on four shards, PostgreSQL ({games} games in four guilds, "
            f"a move per game every {INTERVAL:.0f} s, half the players with DM hands, "
            f"{seconds:.0f} s)"
        )
        figures["sharded"] = asyncio.run(_sharded(games, seconds, cluster.new_database()))
    print(f"== 9. The same load on one process, SQLite ({games} games, {seconds:.0f} s)")
    figures["single"] = asyncio.run(_single(games, seconds))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=("sharded", "single"))
    parser.add_argument("--logs", type=Path, help="keep the bot processes' logs in this folder")
    parser.add_argument("--profile", action="store_true", help="cProfile them (with --logs)")
    args = parser.parse_args(argv)
    global LOGS, PROFILE
    LOGS, PROFILE = args.logs, args.profile
    if args.only == "single":
        asyncio.run(_single(args.games or 100, args.seconds or 10.0))
    elif args.only == "sharded":
        with throwaway_cluster(durable=True) as cluster:
            url = cluster.new_database()
            asyncio.run(_sharded(args.games or 100, args.seconds or 10.0, url))
    else:
        run(args.quick, args.games, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
