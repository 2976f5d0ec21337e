"""The publisher's turns to draw (`bot.table.DrawingTurns`): one picture at a time, the urgent
ones (a picture a person is to act beside) before the others, first come first served within
each; a picture given up while it waits, or just as its turn comes, holds up no other."""

from __future__ import annotations

import asyncio

from bot.table import TEXT_AHEAD_SECONDS, DrawingTurns


async def drawer(turns: DrawingTurns, name: str, urgent: bool, order: list[str]) -> None:
    async with turns.turn(urgent):
        order.append(name)
        await asyncio.sleep(0.01)


async def test_urgent_pictures_are_drawn_first_and_each_kind_in_order() -> None:
    turns, order = DrawingTurns(), []
    async with turns.turn():  # a picture being drawn
        tasks = []
        for name, urgent in [("a", False), ("b", True), ("c", False), ("d", True)]:
            tasks.append(asyncio.create_task(drawer(turns, name, urgent, order)))
            await asyncio.sleep(0)
        # Three pictures ahead of a new one, two ahead of a new urgent one.
        turns.drawing_seconds = 0.07
        assert round(turns.wait(), 6) == 0.35 and round(turns.wait(urgent=True), 6) == 0.21
        assert TEXT_AHEAD_SECONDS == 0.25
        assert turns.backed_up() and not turns.backed_up(urgent=True)
    await asyncio.gather(*tasks)
    assert order == ["b", "d", "a", "c"]
    assert turns.wait() == 0  # free again


async def test_a_picture_given_up_holds_up_no_other() -> None:
    turns, order = DrawingTurns(), []
    async with turns.turn():
        waiting = asyncio.create_task(drawer(turns, "gone", False, order))
        handed = asyncio.create_task(drawer(turns, "handed", True, order))
        last = asyncio.create_task(drawer(turns, "last", False, order))
        await asyncio.sleep(0)
        waiting.cancel()  # given up while it waits
    # The turn has just been handed to `handed`, which gives up before it takes it.
    handed.cancel()
    await asyncio.wait_for(last, 5)
    assert order == ["last"]
    assert turns.wait() == 0
