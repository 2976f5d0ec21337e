"""The real bot in its own process, pointed at a fake Discord server on loopback.

    python -m benchmarks.bot_process --port 8123 --token <token> --db games.sqlite3

`bot.client.GameBot` runs unmodified; only discord.py's REST base and default gateway are
pointed at the fake server (as `FakeDiscord.patch_client` does in-process), new games get
seeds from `--seed` upwards, and one extra trivial handler answers clicks on custom_ids starting
with `bench:` with a short ephemeral message: the round trip a move is compared with. With
`--profile out.prof` the whole run is profiled with cProfile (written when the process ends on
SIGINT). The process prints `ready` on stdout once connected.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import logging
import sys
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from bot.client import GameBot
from bot.settings import Settings

#: custom_ids of the trivial handler start with this.
TRIVIAL_PREFIX = "bench:"


def point_at(port: int) -> None:
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")


def make_bot(db: Path, token: str, *, seed: int, cpu_delay: float) -> GameBot:
    settings = Settings(
        discord_token=token, database_path=db, cpu_delay_seconds=cpu_delay, sync_commands=True
    )
    bot = GameBot(settings)
    original_setup = bot.setup_hook
    original_interaction = bot.on_interaction
    seeds = itertools.count(seed)

    async def setup_hook() -> None:
        await original_setup()
        bot.lobby.new_seed = lambda: next(seeds)

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith(TRIVIAL_PREFIX):
            await interaction.response.send_message("pong", ephemeral=True)
            return
        await original_interaction(interaction)

    async def on_ready() -> None:
        sys.stdout.write("ready\n")
        sys.stdout.flush()

    async def before_identify_hook(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.on_interaction = on_interaction  # type: ignore[method-assign]
    bot.before_identify_hook = before_identify_hook  # type: ignore[method-assign]
    bot.add_listener(on_ready, "on_ready")
    bot._connection.guild_ready_timeout = 0.05  # one guild: no need to wait for more
    return bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-delay", type=float, default=0.0)
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args(argv)
    discord.utils.setup_logging(level=getattr(logging, args.log_level.upper()))
    point_at(args.port)
    bot = make_bot(args.db, args.token, seed=args.seed, cpu_delay=args.cpu_delay)
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    try:
        bot.run(args.token, log_handler=None)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
