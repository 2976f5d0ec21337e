"""CPU decisions in a process pool: the engine's CPU players, off the event loop.

A decision is `game.cpu(level).choose(state, seat, rng)`, run in a worker process on the state
rebuilt from its stored snapshot, with randomness fixed by the game's seed and the version the
decision is for. The same stored game therefore always meets the same CPU replies, whichever
process computes them, and a long search never holds up the clicks of other games.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core import Rng

log = logging.getLogger(__name__)


def cpu_rng(seed: int, version: int) -> Rng:
    """The CPU's randomness for the move that makes `version + 1`: fixed by the game's seed and
    the version, so the same human moves always meet the same CPU replies."""
    return Rng(seed).fork(version + 1)


@dataclass(frozen=True)
class Decision:
    """What a worker decided: the encoded action, how long it took, and where it ran."""

    action: str
    seconds: float
    pid: int


def decide(
    game_id: str,
    snapshot: dict[str, Any],
    seat: int,
    level: str,
    seed: int,
    version: int,
    rollouts: int | None = None,
) -> Decision:
    """The CPU move of `seat` in the game stored as `snapshot` at `version` (runs in a worker:
    the arguments and the result are plain values). `rollouts` is the search budget of an
    expert CPU (`Game.cpu`); None leaves the game's default."""
    started = time.perf_counter()
    game = registry.get(game_id)
    state = game.load(snapshot)
    action = game.cpu(level, rollouts=rollouts).choose(state, seat, cpu_rng(seed, version))
    return Decision(action.encode(), time.perf_counter() - started, os.getpid())


#: How often a worker checks that the bot that started it is still alive (seconds).
PARENT_CHECK_SECONDS = 0.5


def _watch_parent(parent: int) -> None:
    """A worker's watchdog: exit as soon as the bot process is gone. A pool's workers hold
    both ends of its queues, so a bot killed outright (SIGKILL, out of memory) would otherwise
    leave them running forever, holding its standard output open."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _init_worker(parent: int, added_games: list[str]) -> None:
    """Watch the bot, and register the games it registered from outside `games/`."""
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    for module in added_games:
        registry.register(module)


def _warm_up() -> int:
    """Import the engines in a fresh worker (the pool starts its processes on demand)."""
    registry.all()
    return os.getpid()


class CpuPool:
    """A process pool for CPU decisions, sized to the machine unless told otherwise."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._executor: Executor | None = None
        self._starting: asyncio.Future[None] | None = None

    def _spawn(self) -> None:
        """Create the pool and start every worker (blocking: run in a thread). Starting the
        processes took seconds on a busy machine: never on the event loop."""
        if self._executor is None:
            # A fork of this process (threads of the database, the gateway's sockets) is not
            # safe: workers are fresh interpreters, children of the bot, which they watch.
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(os.getpid(), registry.added()),
            )
        executor = self._executor
        for future in [executor.submit(_warm_up) for _ in range(self.workers)]:
            future.result()

    async def start(self) -> None:
        """Start the workers (once; later calls wait for that start). The first decision does
        it: a restart with no CPU to move spends nothing on them."""
        if self._starting is None:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._spawn))
        starting = self._starting
        try:
            await asyncio.shield(starting)
        except Exception:
            if starting.done() and self._starting is starting:
                self.close()  # the next call starts afresh
            raise

    async def decide(
        self,
        game_id: str,
        snapshot: dict[str, Any],
        seat: int,
        level: str,
        seed: int,
        version: int,
        rollouts: int | None = None,
    ) -> Decision:
        await self.start()
        loop = asyncio.get_running_loop()
        args = (game_id, snapshot, seat, level, seed, version, rollouts)
        try:
            assert self._executor is not None
            return await loop.run_in_executor(self._executor, decide, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and ask once more.
            log.error("a CPU worker died; restarting the pool")
            self.close()
            await self.start()
            assert self._executor is not None
            return await loop.run_in_executor(self._executor, decide, *args)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._starting = None
