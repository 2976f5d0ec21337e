"""Pictures of a game (`bot/render/pictures/<id>.py`, each exposing `PICTURES`): the public
table, a seat's hand and the end, laid out as a `kit.Scene` and drawn off the event loop.

Each picture is prepared on the event loop as a *job*: the views it draws from are taken then
(the public view alone for table and end pictures, so nothing hidden can be drawn into them),
and the job lays out, paints and encodes off the event loop: in the drawing process (a worker
process of the bot, `start_process`), or in a thread of the bot while that process starts, after
it failed, or when `PICTURE_PROCESS` is off. In a thread, Pillow releases the interpreter while it
pastes, rasterises and compresses, but the layout's Python code holds it from the event loop,
which under load kept clicks waiting (see BENCHMARKS.md, section 10).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

from bot.render.common import in_play
from bot.render.pictures.kit import Scene, encode, paint, unmarked
from bot.workers import worker_pool
from games import registry
from games.core import Lang, Result

if TYPE_CHECKING:
    from bot.render.base import RenderContext

log = logging.getLogger(__name__)

#: Picture file names: the embed shows `attachment://<name>`.
TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
FINAL_FILE = "final.png"


class Pictures(Protocol):
    """One per game: lays out scenes from engine views (`names` are the seats' display names)."""

    game_id: str

    def table(self, view: Any, names: list[str], lang: Lang) -> Scene:
        """The public table, from the public view only."""

    def hand(self, view: Any, names: list[str], lang: Lang) -> Scene:
        """A seat's hand, from its private view."""

    def final(self, view: Any, result: Result, names: list[str], lang: Lang) -> Scene:
        """The end of the game: final scores with the game's breakdown."""


@dataclass(frozen=True)
class Picture:
    """An encoded picture and the file name it is attached under."""

    filename: str
    data: bytes

    @property
    def url(self) -> str:
        """What an embed's image points at."""
        return f"attachment://{self.filename}"

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), filename=self.filename)


_cache: dict[str, Pictures] = {}


def pictures_for(game_id: str) -> Pictures:
    """The picture module of a registered game."""
    if game_id not in _cache:
        _cache[game_id] = import_module(f"bot.render.pictures.{game_id}").PICTURES
    return _cache[game_id]


#: The picture modules given to `register`: what the drawing process registers too.
_added: list[Pictures] = []


def register(drawing: Pictures) -> None:
    """Use `drawing` for the game `drawing.game_id` (see `bot.render.register`)."""
    _cache[drawing.game_id] = drawing
    if drawing not in _added:
        _added.append(drawing)


def seat_names(ctx: RenderContext) -> list[str]:
    """Display names for pictures: control characters become spaces, CPU seats say so."""
    names = []
    for info in ctx.record.seats:
        name = "".join(ch if ch.isprintable() else " " for ch in info.name).strip() or "?"
        names.append(f"CPU {name}" if info.is_cpu and "CPU" not in name else name)
    return names


@dataclass(frozen=True)
class Job:
    """A picture to draw: what it is drawn from, taken on the event loop (`table_job`,
    `hand_job`, `final_job`). Calling it lays out, paints and encodes the picture. Plain data,
    so that it crosses to the drawing process."""

    kind: Literal["table", "hand", "final"]
    game_id: str
    view: Any
    names: tuple[str, ...]
    lang: Lang
    #: A hand of a game in play (otherwise no card is framed or faded: nothing can be played).
    playing: bool = True
    #: The result a final picture shows.
    result: Result | None = None

    def scene(self) -> Scene:
        pictures, names = pictures_for(self.game_id), list(self.names)
        if self.kind == "table":
            return pictures.table(self.view, names, self.lang)
        if self.kind == "hand":
            hand = pictures.hand(self.view, names, self.lang)
            return hand if self.playing else unmarked(hand)
        assert self.result is not None, "a final picture is drawn from the game's result"
        return pictures.final(self.view, self.result, names, self.lang)

    def __call__(self) -> Picture:
        scene = self.scene()
        return Picture(FILES[self.kind], encode(scene, paint(scene)))


FILES = {"table": TABLE_FILE, "hand": HAND_FILE, "final": FINAL_FILE}


def table_job(ctx: RenderContext) -> Job:
    """The public table picture, from the public view taken now."""
    return Job("table", ctx.game.id, ctx.state.public_view(), tuple(seat_names(ctx)), ctx.lang)


def hand_job(ctx: RenderContext, seat: int) -> Job:
    """`seat`'s hand picture, from its private view taken now (for that seat's eyes only)."""
    view = ctx.state.private_view(seat)
    return Job("hand", ctx.game.id, view, tuple(seat_names(ctx)), ctx.lang, in_play(ctx))


def final_job(ctx: RenderContext) -> Job:
    """The end-of-game picture, from the public view and the result of a finished game."""
    state = ctx.state
    names = tuple(seat_names(ctx))
    return Job("final", ctx.game.id, state.public_view(), names, ctx.lang, result=state.result())


#: How much lower the drawing process's scheduling priority is than the bot's: none, since a
#: hand a player asked for is part of the click's answer (the thread it replaces ran at the
#: bot's priority); the publisher's pictures already wait their turn behind the clicks'.
DRAWING_NICENESS = 0

#: Where pictures are drawn while there is no drawing process (it is starting, it failed, or
#: the bot was told not to start one): one thread of the bot.
_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


def _warmed_up() -> int:
    """In the drawing process, as it starts: `warm_up`; its process id."""
    warm_up()
    return os.getpid()


def _registered(drawings: list[Pictures]) -> None:
    """In the drawing process: use the picture modules the bot registered (`register`)."""
    for drawing in drawings:
        register(drawing)


class _Process:
    """The drawing process: one worker process (`bot.workers`) that draws every picture, so
    that the drawing's Python code never holds the bot's interpreter from its event loop, and
    runs on another core where the machine has one. It is started by a thread of its own (that
    takes seconds on a busy machine); pictures are drawn in the bot's thread meanwhile."""

    def __init__(self) -> None:
        self.pool: ProcessPoolExecutor | None = None
        #: The process's id, while `pool` is in use.
        self.pid: int | None = None
        self._wanted = False
        self._starting = False
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the process in the background, unless it runs or is starting."""
        with self._lock:
            self._wanted = True
        self._restart()

    def _restart(self) -> None:
        with self._lock:
            if not self._wanted or self._starting or self.pool is not None:
                return
            self._starting = True
        threading.Thread(target=self._spawn, name="pictures-process", daemon=True).start()

    def _spawn(self) -> None:
        """Start the process, fill its caches, and put it in use, unless the bot stopped it
        meanwhile (runs in its own thread)."""
        try:
            pool = worker_pool(1, niceness=DRAWING_NICENESS, then=_registered, then_args=(_added,))
            try:
                pid = pool.submit(_warmed_up).result()
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            with self._lock:
                used = self._wanted and self.pool is None
                if used:
                    self.pool, self.pid = pool, pid
            if used:
                log.info("pictures are drawn in process %s", pid)
            else:
                pool.shutdown(wait=False, cancel_futures=True)
        except Exception as exc:
            log.error("the drawing process did not start; drawing in a thread: %s", exc)
        finally:
            with self._lock:
                self._starting = False

    def stop(self) -> None:
        with self._lock:
            self._wanted = False
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def draw(self, job: Job) -> Picture:
        loop = asyncio.get_running_loop()
        pool = self.pool
        if pool is not None:
            try:
                return await loop.run_in_executor(pool, job)
            except BrokenProcessPool:
                # The process died (killed, out of memory): this picture is drawn here, and
                # another process is started for the next ones.
                with self._lock:
                    broken = self.pool is pool
                    if broken:
                        self.pool = None
                if broken:
                    log.error("the drawing process died; starting another")
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._restart()
        return await loop.run_in_executor(_thread, job)


_process = _Process()


def start_process() -> None:
    """Draw pictures in a process of their own from now on, once it has started (the bot
    calls this at start-up unless `PICTURE_PROCESS` is off)."""
    _process.start()


def stop_process() -> None:
    """Stop the drawing process (the bot is stopping); pictures are drawn in a thread again."""
    _process.stop()


def drawing_process() -> int | None:
    """The drawing process's id, or None while pictures are drawn in the bot's thread."""
    return _process.pid if _process.pool is not None else None


async def draw(job: Job) -> Picture:
    """Draw `job` off the event loop: in the drawing process, or in the drawing thread while
    there is none."""
    return await _process.draw(job)


def warm_up() -> None:
    """Load the font and fill the face and text caches with a table and a hand of each game in
    both languages: what the first pictures of a running bot do as they are drawn. The drawing
    process runs it as it starts (the bot's thread draws meanwhile); the picture benchmark
    runs it to time the steady state apart."""
    for game in registry.all():
        pictures = pictures_for(game.id)
        state = game.new(game.max_players, seed=0)
        names = [f"{n + 1}" for n in range(game.max_players)]
        for lang in ("ja", "en"):
            for scene in (
                pictures.table(state.public_view(), names, lang),
                pictures.hand(state.private_view(0), names, lang),
            ):
                encode(scene, paint(scene))
