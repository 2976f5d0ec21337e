"""The bot's worker processes: CPU decisions (`bot.cpu`) and pictures (`bot.render.pictures`).

A worker is a fresh interpreter, a child of the bot: never a fork of it, since the bot has
threads (the database's, the drawing's) and the gateway's sockets. It runs at a lower
scheduling priority than the bot, so on a busy machine the operating system gives the event
loop (the clicks) the processor first; it registers the games the bot registered from outside
`games/`; and it exits as soon as the bot is gone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games import registry

#: How often a worker checks that the bot that started it is still alive (seconds).
PARENT_CHECK_SECONDS = 0.5


def _watch_parent(parent: int) -> None:
    """A worker's watchdog: exit as soon as the bot process is gone. A pool's workers hold
    both ends of its queues, so a bot killed outright (SIGKILL, out of memory) would otherwise
    leave them running forever, holding its standard output open."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _init_worker(
    parent: int,
    niceness: int,
    added_games: list[str],
    then: Callable[..., None] | None,
    then_args: tuple[Any, ...],
) -> None:
    """Watch the bot at a lower priority, register the games it registered from outside
    `games/`, then run the pool's own `then(*then_args)`."""
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if hasattr(os, "nice") and niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    for module in added_games:
        registry.register(module)
    if then is not None:
        then(*then_args)


def worker_pool(
    workers: int,
    *,
    niceness: int,
    then: Callable[..., None] | None = None,
    then_args: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    """A pool of `workers` worker processes, `niceness` below the bot (`os.nice`), each set up
    by `then(*then_args)` (a module-level function: it is called in the worker) once it knows
    the bot's games. The processes start on the pool's first tasks, which can take seconds on a
    busy machine: submit those from a thread, never from the event loop."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_init_worker,
        initargs=(os.getpid(), niceness, registry.added(), then, then_args),
    )
