"""The drawing process (`bot.render.pictures.start_process`): pictures drawn in a worker process
of the bot are the very pictures its thread draws, for every game (the tests' extra game, which
the bot registered from outside `games/`, included); a process that dies costs no picture and
is replaced; a stopped bot leaves none behind."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.render import pictures
from games import registry
from tests.bot.test_pictures import context, finished, position

#: How long the process may take to start or to go on a busy machine: a deadline for progress
#: that never comes, not a measure of speed.
PATIENCE = 120.0


class NoThread:
    """An executor that refuses work: with it as the drawing thread, a picture can only have
    been drawn in the drawing process."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("drawn in the bot's thread")


async def until(check: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + PATIENCE
    while not (value := check()):
        assert time.monotonic() < deadline, f"{what} within {PATIENCE:.0f} s"
        await asyncio.sleep(0.05)
    return value


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A child that has exited but not been waited for yet is gone for this purpose (and one
    # waited for between the two looks has no entry left).
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.fixture
def drawing_process() -> Iterator[None]:
    pictures.start_process()
    try:
        yield
    finally:
        pictures.stop_process()


def jobs(game_id: str) -> list[pictures.Job]:
    game = registry.get(game_id)
    players = game.max_players
    playing = position(game_id, players, 3, 7)
    over = finished(game_id, players, 3)
    seat = playing.to_act()[0]
    return [
        pictures.table_job(context(playing, game_id, "ja", players)),
        pictures.table_job(context(playing, game_id, "en", players)),
        pictures.hand_job(context(playing, game_id, "en", players), seat),
        pictures.final_job(context(over, game_id, "ja", players)),
    ]


async def test_the_process_draws_every_game_s_pictures_as_the_thread_does(
    drawing_process: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = await until(pictures.drawing_process, "the drawing process started")
    assert pid != os.getpid() and alive(pid)
    expected = {game.id: [job() for job in jobs(game.id)] for game in registry.all()}
    assert "high_card" in expected  # the game registered from outside `games/`
    monkeypatch.setattr(pictures, "_thread", NoThread())
    for game_id, pictures_here in expected.items():
        drawn = [await pictures.draw(job) for job in jobs(game_id)]
        assert drawn == pictures_here, game_id
    assert [p.filename for p in drawn] == ["table.png", "table.png", "hand.png", "final.png"]


async def test_a_dead_drawing_process_costs_no_picture_and_is_replaced(
    drawing_process: None,
) -> None:
    first = await until(pictures.drawing_process, "the drawing process started")
    job = jobs("kasane")[0]
    expected = job()
    os.kill(first, signal.SIGKILL)
    await until(lambda: not alive(first), "the killed process gone")
    # The picture asked for meanwhile is drawn all the same (in the bot's thread).
    assert await pictures.draw(job) == expected

    def replaced() -> int | None:
        pid = pictures.drawing_process()
        return pid if pid != first else None

    second = await until(replaced, "another drawing process")
    assert alive(second)
    assert await pictures.draw(job) == expected


async def test_a_stopped_bot_leaves_no_drawing_process() -> None:
    pictures.start_process()
    pid = await until(pictures.drawing_process, "the drawing process started")
    pictures.stop_process()
    assert pictures.drawing_process() is None
    await until(lambda: not alive(pid), "the stopped process gone")
    # Stopped while it starts: the process that was starting is not put in use.
    pictures.start_process()
    pictures.stop_process()
    starting = [t for t in threading.enumerate() if t.name == "pictures-process"]
    for thread in starting:
        await asyncio.to_thread(thread.join, PATIENCE)
    assert pictures.drawing_process() is None
    job = jobs("gogyo")[0]
    assert await pictures.draw(job) == job()  # drawn in the thread again
