"""Run the real bot in its own process against a fake Discord server at `--host`/`--port`.

    python -m bot.sandbox.botproc --port 8123 --token <token> --db game.sqlite3

(`--database-url postgresql://…` and `--shard-count 4 --shard-ids 0-1` for one process of a
sharded bot on PostgreSQL; `--label first` to tell processes apart, see below.)

The bot is `bot.client.GameBot` with `bot.settings.Settings`, unmodified; only discord.py's
REST base and default gateway are pointed at the fake server (as `FakeDiscord.patch_client`
does in-process), and every new game gets its seed from a fixed source (`--seed` plus the
number of games already stored), so a run can be repeated.

The process reports on stdout, one line each: `ready` once the bot is connected (its games
restored), `commit-open <game> <version>` when the test hook below holds a move's transaction
open, and with `--stats-every <seconds>` a line `stats {json}` that often: resident memory,
asyncio tasks, objects tracked by the garbage collector (frozen ones included) and games in
memory (what the soak benchmark watches). It is meant to be killed (SIGKILL) at any moment.

With `--label NAME`, the process adds ` process/NAME` to the User-Agent of its REST requests
(the fake server records it with each request) and writes a line `cpu-move <game> <version>`
to its log (stderr) for every CPU move it stores, so a test can tell which process published a
table and which played a game's CPU turns.

Test hook, off unless set: with `BOTPROC_HOLD_COMMIT=<n>:<seconds>` the n-th move of this
process is written inside a transaction that waits that long before its `COMMIT`, so a kill can
land while the move is written but not committed. The bot proper has no such hook.

The benchmarks run the bot the same way: `benchmarks.soak` through `spawn`, and
`benchmarks.bot_process` with this module's `bot_settings` and `point_at`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from bot import quotas
from bot.client import GameBot, create_bot
from bot.session import MoveOutcome
from bot.sessions import Sessions
from bot.settings import Settings
from bot.storage.queries import MOVE_SQL
from bot.storage.sqlite import SqliteStore
from games import registry

log = logging.getLogger("botproc")

#: Tasks of this module (kept referenced while they run).
_background: set[asyncio.Task[None]] = set()


ROOT = Path(__file__).resolve().parents[2]
#: The environment variable of the test hook (see the module's docstring).
HOLD_COMMIT = "BOTPROC_HOLD_COMMIT"


async def spawn(
    fake: Any,
    db: Path,
    log_path: Path,
    *,
    seed: int,
    args: Sequence[str] = (),
    hold: str | None = None,
    own_group: bool = False,
) -> asyncio.subprocess.Process:
    """Start this module as a child process against the fake server `fake`: the protocol on
    its stdout (a pipe), its log appended to `log_path`, `args` added to the command line and
    the test hook set to `hold` (off when None). With `own_group`, the process leads a process
    group of its own, so `os.killpg` kills it with the CPU pool's processes it started."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(HOLD_COMMIT, None)
    if hold:
        env[HOLD_COMMIT] = hold
    with log_path.open("ab") as log_file:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.sandbox.botproc",
            "--port",
            str(fake._port),
            f"--token={fake.token}",  # one argument: a token may start with "-"
            "--db",
            str(db),
            "--seed",
            str(seed),
            *(f"--install={module}" for module in registry.added()),
            *args,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=log_file,
            start_new_session=own_group,
        )


def bot_settings(
    token: str,
    db: Path,
    *,
    database_url: str | None = None,
    shards: tuple[int, Any] | None = None,
    cpu_delay: float = 0.0,
    page_pause: float = 90.0,
    quotas_on: bool = False,
) -> Settings:
    """The settings of a bot under test or measurement: its database at `db` (or
    `database_url`), with `shards` `(count, ids)` one process of a sharded bot, commands
    synced, and the usage limits off unless `quotas_on` (a few users open many games here; the
    quotas have their own tests)."""
    return Settings(
        discord_token=token,
        database_path=db,
        database_url=database_url,
        shard_count=None if shards is None else shards[0],
        shard_ids=None if shards is None else shards[1],
        cpu_delay_seconds=cpu_delay,
        page_pause_seconds=page_pause,
        sync_commands=True,
        **({} if quotas_on else quotas.OFF),
    )


def say(line: str) -> None:
    """One line of the protocol on stdout."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def point_at(host: str, port: int) -> None:
    """Send discord.py's REST calls and gateway connection to the fake server."""
    discord.http.Route.BASE = f"http://{host}:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://{host}:{port}/gateway")


def hold_commits(spec: str) -> None:
    """Install the hook of `BOTPROC_HOLD_COMMIT` (`<n>:<seconds>`).

    A move is one statement (`MOVE_SQL`), atomic by itself, so the window a kill could land in
    is short. For the n-th move the hook runs that statement inside an explicit transaction and
    waits before its `COMMIT`: the move is then written but not committed, the state a kill in
    the middle of the statement would leave."""
    nth_text, _, seconds_text = spec.partition(":")
    nth, seconds = int(nth_text), float(seconds_text or "1")
    moves = itertools.count(1)
    original_store = SqliteStore._store_move
    original_move = SqliteStore.write_move
    current: list[int] = [0, 0]

    async def store_move(self: SqliteStore, *args: Any) -> None:
        if next(moves) != nth:
            await original_store(self, *args)
            return
        async with self.transaction():
            await self.db.execute(MOVE_SQL, args)
            say(f"commit-open {current[0]} {current[1]}")
            await asyncio.sleep(seconds)

    async def write_move(self: SqliteStore, game_id: int, *, version: int, **kwargs: Any) -> Any:
        current[:] = [game_id, version]
        return await original_move(self, game_id, version=version, **kwargs)

    SqliteStore._store_move = store_move  # type: ignore[method-assign]
    SqliteStore.write_move = write_move  # type: ignore[method-assign]


def resident_kib() -> int:
    """This process's resident memory in KiB (Linux `/proc`; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


async def report_stats(bot: GameBot, every: float) -> None:
    """Print a `stats` line every `every` seconds (after a full garbage collection, so the
    figures do not depend on when the collector last ran)."""
    while True:
        await asyncio.sleep(every)
        gc.collect()
        stats = {
            "rss_kib": resident_kib(),
            "tasks": len(asyncio.all_tasks()),
            "objects": len(gc.get_objects()) + gc.get_freeze_count(),
            "live_games": len(bot.sessions._live),
        }
        say("stats " + json.dumps(stats))


def trace_cpu_moves() -> None:
    """Write `cpu-move <game> <version>` to stderr for each CPU move this process stores: the
    service's `play` is wrapped for the whole process, before the bot restores any game."""
    original_play = Sessions.play

    async def play(
        self: Sessions, game_id: int, seat: int, action: Any, **kwargs: Any
    ) -> MoveOutcome:
        outcome = await original_play(self, game_id, seat, action, **kwargs)
        if kwargs.get("source") == "cpu":
            sys.stderr.write(f"cpu-move {game_id} {outcome.version}\n")
            sys.stderr.flush()
        return outcome

    Sessions.play = play  # type: ignore[method-assign]


def seeds(base: int, stored: int) -> Iterator[int]:
    """Seeds of the games this process creates: `base + 1000 * k` for the k-th game overall."""
    number = stored
    while True:
        number += 1
        yield base + 1000 * number


def process_parser(description: str) -> argparse.ArgumentParser:
    """The command line every bot process takes: where the fake Discord listens, the token, the
    database, the first seed and the shards (`benchmarks.bot_process` adds its own options)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", default=os.environ.get("DISCORD_TOKEN"))
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-delay", type=float, default=0.0)
    parser.add_argument(
        "--page-pause", type=float, default=90.0, help="PAGE_PAUSE_SECONDS (0: no pauses)"
    )
    parser.add_argument("--log-level", default="WARNING")
    parser.add_argument("--database-url", help="PostgreSQL instead of --db")
    parser.add_argument("--shard-count", type=int)
    parser.add_argument("--shard-ids", help="the shards of this process, e.g. 0-1")
    return parser


def process_bot(
    parser: argparse.ArgumentParser, args: argparse.Namespace, *, quotas_on: bool = False
) -> GameBot:
    """The bot of a process started with `process_parser`'s command line (`args`): discord.py's
    logging set up and pointed at the fake server, `ready` said on stdout once connected, and no
    5-second pause before a re-IDENTIFY. The usage limits are off unless `quotas_on`."""
    if not args.token:
        parser.error("--token (or DISCORD_TOKEN) is required")
    discord.utils.setup_logging(level=getattr(logging, args.log_level.upper(), logging.WARNING))
    point_at(args.host, args.port)
    shards = None if args.shard_count is None else (args.shard_count, args.shard_ids)
    settings = bot_settings(
        args.token,
        args.db,
        database_url=args.database_url,
        shards=shards,
        cpu_delay=args.cpu_delay,
        page_pause=args.page_pause,
        quotas_on=quotas_on,
    )
    bot = create_bot(settings, guild_ready_timeout=0.05)  # one guild: no need to wait for more

    async def on_ready() -> None:
        say("ready")

    async def before_identify_hook(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    bot.before_identify_hook = before_identify_hook  # type: ignore[method-assign]
    bot.add_listener(on_ready, "on_ready")
    return bot


def main(argv: list[str] | None = None) -> int:
    parser = process_parser(__doc__.split("\n", 1)[0])
    parser.add_argument("--stats-every", type=float, default=0, help="seconds (0: never)")
    parser.add_argument("--label", help="tell this process's requests and CPU moves apart")
    parser.add_argument(
        "--install",
        action="append",
        default=[],
        help="a module whose install() adds a game (the tests' extra game); `spawn` passes "
        "every game the tests registered",
    )
    args = parser.parse_args(argv)
    for module in args.install:
        import_module(module).install()
    hold = os.environ.get(HOLD_COMMIT)
    if hold:
        hold_commits(hold)
    bot = process_bot(parser, args)
    original = bot.setup_hook

    async def setup_hook() -> None:
        if args.label is not None:
            # Before the bot's own setup: the restore it starts there publishes, and plays CPU
            # turns, at once.
            bot.http.user_agent += f" process/{args.label}"
            trace_cpu_moves()
        await original()
        every = ("lobby", "playing", "finished", "abandoned")
        source = seeds(args.seed, len(await bot.store.games(statuses=every)))
        bot.lobby.new_seed = lambda: next(source)
        if args.stats_every > 0:
            _background.add(asyncio.create_task(report_stats(bot, args.stats_every)))

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.run(args.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
