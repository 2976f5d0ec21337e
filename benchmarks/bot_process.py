"""The real bot in its own process, pointed at a fake Discord server on loopback.

    python -m benchmarks.bot_process --port 8123 --token <token> --db games.sqlite3

`bot.client.GameBot` runs unmodified; only discord.py's REST base and default gateway are
pointed at the fake server (as `FakeDiscord.patch_client` does in-process), new games get
seeds from `--seed` upwards, and two trivial handlers answer with a short ephemeral message: the
round trips a move is compared with. One answers clicks on custom_ids starting with `bench:`
from the bot's `on_interaction`, before discord.py's dispatch of components; the other is a
button on every table in play (`TrivialButton`, custom_id `trivial`), a `DynamicItem` that
discord.py dispatches as it does the bot's own buttons. With
`--profile out.prof` the whole run is profiled with cProfile (written when the process ends on
SIGINT). The process prints `ready` on stdout once connected, and when it ends a line
`stats {...}` with how long its event loop was held up (lag) and its full garbage collections.
`--database-url postgresql://…` keeps the games in PostgreSQL instead of `--db`, and
`--shard-count 4 --shard-ids 0-1` runs those shards (discord.py's AutoShardedBot). The usage
limits (`bot.quotas`) are off, since the load's few users open many games at once; `--quotas`
keeps them at their defaults.
With `--steps out.json`, it notes when each click reaches each step inside the bot
(`benchmarks.click_steps`) and writes that when it ends.
With `--timeline`, the process writes `timeline <event> <time.monotonic()>` lines to stderr as it
starts: `main` (imports done), `setup` (setup_hook begins), `setup_done`, `ready` (on_ready),
`first_interaction`, `restored` (every game in play restored); `time.monotonic()` is the
system's monotonic clock, so the parent compares it with when it started the process.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any

import aiosqlite
import discord

from benchmarks import click_steps
from bot.client import GameBot
from bot.publish import compose
from bot.publish.payload import Payload
from bot.sandbox.botproc import process_bot, process_parser

#: custom_ids of the trivial handler start with this.
TRIVIAL_PREFIX = "bench:"


#: The custom_id of the trivial button on every table.
TRIVIAL_BUTTON = "trivial"


class TrivialButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TRIVIAL_BUTTON):
    """A button whose handler only answers with a word, dispatched by discord.py as the bot's
    own buttons are (the clicked message's view rebuilt, the item made from its custom_id)."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="·", custom_id=TRIVIAL_BUTTON))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: Any, /
    ) -> TrivialButton:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong", ephemeral=True)


def bench_hooks(bot: GameBot, seed: int) -> None:
    """Give the bot's new games seeds from `seed` upwards, answer clicks on custom_ids
    starting with `TRIVIAL_PREFIX` with a short ephemeral message, and put a `TrivialButton`
    on every table in play that has room for it."""
    original_setup = bot.setup_hook
    original_interaction = bot.on_interaction
    seeds = itertools.count(seed)

    async def setup_hook() -> None:
        await original_setup()
        bot.lobby.new_seed = lambda: next(seeds)
        bot.add_dynamic_items(TrivialButton)
        # A module function the publisher's parts call as `compose.table_payload`: replacing
        # the module attribute reaches them all (once per process).
        table_payload = compose.table_payload
        if getattr(table_payload, "with_trivial_button", False):
            return

        def with_trivial_button(session: Any, **kwargs: Any) -> Payload:
            payload = table_payload(session, **kwargs)
            if session.record.status == "playing" and payload.view is not None:
                with contextlib.suppress(ValueError):
                    payload.view.add_item(TrivialButton())
            return payload

        with_trivial_button.with_trivial_button = True  # type: ignore[attr-defined]
        compose.table_payload = with_trivial_button

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith(TRIVIAL_PREFIX):
            await interaction.response.send_message("pong", ephemeral=True)
            return
        if custom_id == TRIVIAL_BUTTON:
            return  # discord.py dispatches it to its DynamicItem; the bot does not know it
        await original_interaction(interaction)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.on_interaction = on_interaction  # type: ignore[method-assign]


def note(event: str) -> None:
    """A `timeline` line on stderr (see the module's docstring)."""
    sys.stderr.write(f"timeline {event} {time.monotonic():.4f}\n")
    sys.stderr.flush()


class Watch:
    """How long the bot's event loop was held up: a task that asks to wake every 5 ms notes
    how late it wakes, and garbage collections are timed."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.gc: list[tuple[int, float]] = []
        self._gc_start = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc.append((info["generation"], time.perf_counter() - self._gc_start))

    async def run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            self.lags.append(time.perf_counter() - start - 0.005)

    def time_database(self, bot: GameBot) -> None:
        """Also time every call to the database thread (queue wait included) and every wait
        for the store's write lock, when it has one."""
        self.hops: list[float] = []
        self.write_waits: list[float] = []
        original = aiosqlite.Connection._execute
        hops = self.hops

        async def timed_execute(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(conn, fn, *args, **kwargs)
            finally:
                hops.append(time.perf_counter() - start)

        aiosqlite.Connection._execute = timed_execute  # type: ignore[method-assign]
        lock = getattr(bot.store, "_writing", None)
        if isinstance(lock, asyncio.Lock):
            waits = self.write_waits
            original_acquire = lock.acquire

            async def acquire() -> bool:
                start = time.perf_counter()
                try:
                    return await original_acquire()
                finally:
                    waits.append(time.perf_counter() - start)

            lock.acquire = acquire  # type: ignore[method-assign]

    def report(self) -> str:
        extra: dict[str, float] = {}
        for name in ("hops", "write_waits"):
            values = sorted(getattr(self, name, []))
            if values:
                extra[f"{name}_n"] = len(values)
                extra[f"{name}_p50_ms"] = 1000 * values[len(values) // 2]
                extra[f"{name}_p99_ms"] = 1000 * values[int(len(values) * 0.99)]
        lags = sorted(self.lags) or [0.0]
        slow_gc = [d for g, d in self.gc if g == 2]
        # What one full collection costs with everything the bot holds at the end.
        start = time.perf_counter()
        gc.collect()
        extra["gc_collect_at_end_ms"] = 1000 * (time.perf_counter() - start)
        return "stats " + json.dumps(
            {
                "lag_p99_ms": 1000 * lags[int(len(lags) * 0.99)],
                "lag_max_ms": 1000 * lags[-1],
                "lags_over_50ms": sum(1 for v in lags if v > 0.05),
                "gc_full": len(slow_gc),
                "gc_full_max_ms": 1000 * max(slow_gc, default=0.0),
                **extra,
            }
        )


def main(argv: list[str] | None = None) -> int:
    parser = process_parser(__doc__.split("\n", 1)[0])
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--time-database", action="store_true")
    parser.add_argument("--quotas", action="store_true", help="keep the usage limits on")
    parser.add_argument("--timeline", action="store_true", help="note when start-up steps end")
    parser.add_argument("--steps", type=Path, help="write each click's timestamps here")
    args = parser.parse_args(argv)
    if args.steps:
        click_steps.install(TrivialButton)
    if args.timeline:
        note("main")
    bot = process_bot(parser, args, quotas_on=args.quotas)
    bench_hooks(bot, args.seed)
    watch = Watch()
    original_setup = bot.setup_hook

    async def setup_hook() -> None:
        bot.loop.create_task(watch.run())
        if args.timeline:
            note("setup")
        await original_setup()
        if args.timeline:
            note("setup_done")
            restoring = bot._restoring
            if restoring is not None:
                restoring.add_done_callback(lambda _: note("restored"))
        if args.time_database:
            watch.time_database(bot)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    if args.timeline:
        original_interaction = bot.on_interaction

        async def on_interaction(interaction: discord.Interaction[Any]) -> None:
            if not getattr(bot, "_noted_interaction", False):
                bot._noted_interaction = True  # type: ignore[attr-defined]
                note("first_interaction")
            await original_interaction(interaction)

        async def on_ready() -> None:
            note("ready")

        bot.on_interaction = on_interaction  # type: ignore[method-assign]
        bot.add_listener(on_ready, "on_ready")
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    try:
        bot.run(args.token, log_handler=None)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        if args.steps:
            click_steps.write(args.steps)
        sys.stdout.write(watch.report() + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
