"""CPU decisions in a process pool: the engine's CPU players, off the event loop.

A decision is `game.cpu(level).choose(state, seat, rng)`, run in a worker process on the state
rebuilt from its stored snapshot, with randomness fixed by the game's seed and the version the
decision is for. The same stored game therefore always meets the same CPU replies, whichever
process computes them, and a long search never holds up the clicks of other games. The workers
run at a lower scheduling priority than the bot, so on a busy machine the operating system
gives the event loop (the clicks) the processor first.

`CpuTurns` decides when a game's CPU may move: every game of the process shares one budget of
CPU moves a second, granted in turn, and a human move under way goes first. Under a flood of CPU
games each of them slows down; the people's clicks do not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.workers import worker_pool
from games import registry
from games.core import Rng

log = logging.getLogger(__name__)


def cpu_rng(seed: int, version: int) -> Rng:
    """The CPU's randomness for the move that makes `version + 1`: fixed by the game's seed and
    the version, so the same human moves always meet the same CPU replies."""
    return Rng(seed).fork(version + 1)


@dataclass(frozen=True)
class Question:
    """What a worker is asked: the CPU move of `seat` in the game `game_id` stored as
    `snapshot` at `version`, at CPU `level`, with the game's `seed`. `rollouts` is the search
    budget of an expert CPU (`Game.cpu`); None leaves the game's default. Plain values only:
    it crosses to another process."""

    game_id: str
    snapshot: dict[str, Any]
    seat: int
    level: str
    seed: int
    version: int
    rollouts: int | None = None


@dataclass(frozen=True)
class Decision:
    """What a worker decided: the encoded action, how long it took, and where it ran."""

    action: str
    seconds: float
    pid: int


def decide(question: Question) -> Decision:
    """The answer to `question` (runs in a worker)."""
    started = time.perf_counter()
    game = registry.get(question.game_id)
    state = game.load(question.snapshot)
    cpu = game.cpu(question.level, rollouts=question.rollouts)
    action = cpu.choose(state, question.seat, cpu_rng(question.seed, question.version))
    return Decision(action.encode(), time.perf_counter() - started, os.getpid())


#: How much lower a worker's scheduling priority is than the bot's (`os.nice`): a CPU search
#: then gets the processor only when the bot's event loop does not need it.
WORKER_NICENESS = 10


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
            self._executor = worker_pool(self.workers, niceness=WORKER_NICENESS)
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

    async def decide(self, question: Question) -> Decision:
        """The answer to `question`, decided in a worker."""
        await self.start()
        loop = asyncio.get_running_loop()
        try:
            assert self._executor is not None
            return await loop.run_in_executor(self._executor, decide, question)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and ask once more.
            log.error("a CPU worker died; restarting the pool")
            self.close()
            await self.start()
            assert self._executor is not None
            return await loop.run_in_executor(self._executor, decide, question)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._starting = None


#: How long a CPU move gives way to the human moves under way before it goes anyway (seconds):
#: CPU games slow down under load, they do not stop.
HUMANS_FIRST_SECONDS = 0.5


class CpuTurns:
    """When the next CPU move of any game may be made: the budget all games share.

    A game's CPU asks for a turn (`turn`) before it decides. Turns are granted one at a time,
    at most `rate` a second (0: no limit), in the order they were asked for, except that games
    with a person at the table come before CPU-only games; each game asks again after its move,
    so games take turns. No turn is granted while a human move is under way (`human`), for at
    most `humans_first` seconds at a time.
    """

    def __init__(self, rate: float = 0.0, *, humans_first: float = HUMANS_FIRST_SECONDS) -> None:
        self.rate = rate
        self.humans_first_seconds = humans_first
        #: Turns asked for: games with a person at the table, then CPU-only games.
        self._waiting: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (
            deque(),
            deque(),
        )
        #: Loop time before which no further turn is granted (the budget).
        self._next_at = 0.0
        self._human_moves = 0
        self._no_human_moves = asyncio.Event()
        self._no_human_moves.set()
        self._granting: asyncio.Task[None] | None = None
        #: Turns granted so far (for the health report and the tests).
        self.granted = 0

    @contextlib.contextmanager
    def human(self) -> Iterator[None]:
        """Around a human move: no CPU turn is granted meanwhile."""
        self._human_moves += 1
        self._no_human_moves.clear()
        try:
            yield
        finally:
            self._human_moves -= 1
            if not self._human_moves:
                self._no_human_moves.set()

    async def humans_first(self) -> None:
        """Wait while human moves are under way (for `humans_first` seconds at most)."""
        if not self._no_human_moves.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._no_human_moves.wait(), self.humans_first_seconds)

    def waiting(self) -> int:
        """How many games wait for a turn."""
        return sum(len(queue) for queue in self._waiting)

    async def turn(self, *, watched: bool) -> None:
        """Wait for this game's CPU turn; `watched`: a person sits at the game's table."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting[0 if watched else 1]
        queue.append(future)
        if self._granting is None or self._granting.done():
            self._granting = asyncio.create_task(self._grant(), name="cpu-turns")
        try:
            await future
        except asyncio.CancelledError:
            with contextlib.suppress(ValueError):
                queue.remove(future)
            raise

    def close(self) -> None:
        """Stop granting turns (the bot is stopping)."""
        if self._granting is not None:
            self._granting.cancel()

    async def _grant(self) -> None:
        """Grant the turns asked for, in order, within the budget, humans first."""
        loop = asyncio.get_running_loop()
        while self.waiting():
            await self.humans_first()
            pause = self._next_at - loop.time()
            if pause > 0:
                await asyncio.sleep(pause)
                continue  # a human move or a more urgent game may have come meanwhile
            future = next((queue.popleft() for queue in self._waiting if queue), None)
            if future is None or future.done():
                continue  # its game stopped waiting
            future.set_result(None)
            self.granted += 1
            if self.rate > 0:
                self._next_at = loop.time() + 1 / self.rate
