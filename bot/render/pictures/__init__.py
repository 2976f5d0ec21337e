"""Pictures of a game (`bot/render/pictures/<id>.py`, each exposing `PICTURES`): the public
table, a seat's hand and the end, laid out as a `kit.Scene` and drawn off the event loop.

Each picture is prepared on the event loop as a *job*: the views it draws from are taken then
(the public view alone for table and end pictures, so nothing hidden can be drawn into them),
and the job lays out, paints and encodes in the drawing thread. Pillow releases the GIL while it
pastes, rasterises and compresses, so the event loop keeps running (see BENCHMARKS.md).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.render.common import in_play
from bot.render.pictures.kit import Scene, encode, paint, unmarked
from games import registry
from games.core import Lang, Result

if TYPE_CHECKING:
    from bot.render.base import RenderContext

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


Job = Callable[[], Picture]

_cache: dict[str, Pictures] = {}


def pictures_for(game_id: str) -> Pictures:
    """The picture module of a registered game."""
    if game_id not in _cache:
        _cache[game_id] = import_module(f"bot.render.pictures.{game_id}").PICTURES
    return _cache[game_id]


def register(drawing: Pictures) -> None:
    """Use `drawing` for the game `drawing.game_id` (see `bot.render.register`)."""
    _cache[drawing.game_id] = drawing


def seat_names(ctx: RenderContext) -> list[str]:
    """Display names for pictures: control characters become spaces, CPU seats say so."""
    names = []
    for info in ctx.record.seats:
        name = "".join(ch if ch.isprintable() else " " for ch in info.name).strip() or "?"
        names.append(f"CPU {name}" if info.is_cpu and "CPU" not in name else name)
    return names


def _job(filename: str, lay_out: Callable[[], Scene]) -> Job:
    def run() -> Picture:
        scene = lay_out()
        return Picture(filename, encode(scene, paint(scene)))

    return run


def table_job(ctx: RenderContext) -> Job:
    """The public table picture, from the public view taken now."""
    pictures, view = pictures_for(ctx.game.id), ctx.state.public_view()
    names, lang = seat_names(ctx), ctx.lang
    return _job(TABLE_FILE, lambda: pictures.table(view, names, lang))


def hand_job(ctx: RenderContext, seat: int) -> Job:
    """`seat`'s hand picture, from its private view taken now (for that seat's eyes only). Once
    the game is over or abandoned nothing can be played: no card is framed or faded then."""
    pictures, view = pictures_for(ctx.game.id), ctx.state.private_view(seat)
    names, lang, playing = seat_names(ctx), ctx.lang, in_play(ctx)

    def scene() -> Scene:
        hand = pictures.hand(view, names, lang)
        return hand if playing else unmarked(hand)

    return _job(HAND_FILE, scene)


def final_job(ctx: RenderContext) -> Job:
    """The end-of-game picture, from the public view and the result of a finished game."""
    pictures, view, result = pictures_for(ctx.game.id), ctx.state.public_view(), ctx.state.result()
    names, lang = seat_names(ctx), ctx.lang
    return _job(FINAL_FILE, lambda: pictures.final(view, result, names, lang))


_drawing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


async def draw(job: Job) -> Picture:
    """Run a picture job in the drawing thread."""
    return await asyncio.get_running_loop().run_in_executor(_drawing, job)


def warm_up() -> None:
    """Load the font and fill the face and text caches with a table and a hand of each game in
    both languages: what the first pictures of a running bot do as they are drawn (the bot
    does not run this at start-up, where it would hold the drawing thread while clicks after a
    restart need it; the picture benchmark runs it to time the steady state apart)."""
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
