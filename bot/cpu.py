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
    game_id: str, snapshot: dict[str, Any], seat: int, level: str, seed: int, version: int
) -> Decision:
    """The CPU move of `seat` in the game stored as `snapshot` at `version` (runs in a worker:
    the arguments and the result are plain values)."""
    started = time.perf_counter()
    game = registry.get(game_id)
    state = game.load(snapshot)
    action = game.cpu(level).choose(state, seat, cpu_rng(seed, version))
    return Decision(action.encode(), time.perf_counter() - started, os.getpid())


def _warm_up() -> int:
    """Import the engines in a fresh worker (the pool starts its processes on demand)."""
    registry.all()
    return os.getpid()


class CpuPool:
    """A process pool for CPU decisions, sized to the machine unless told otherwise."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            # A fork of this process (threads of the database, the gateway's sockets) is not
            # safe; a fork server starts workers from a clean process with the engines loaded.
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                context.set_forkserver_preload(["games.registry"])
            self._executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._executor

    async def decide(
        self, game_id: str, snapshot: dict[str, Any], seat: int, level: str, seed: int, version: int
    ) -> Decision:
        loop = asyncio.get_running_loop()
        args = (game_id, snapshot, seat, level, seed, version)
        try:
            return await loop.run_in_executor(self._pool(), decide, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and ask once more.
            log.error("a CPU worker died; restarting the pool")
            self.close()
            return await loop.run_in_executor(self._pool(), decide, *args)

    async def warm_up(self) -> None:
        """Start every worker now rather than at the first CPU move."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm_up) for _ in range(self.workers)))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
