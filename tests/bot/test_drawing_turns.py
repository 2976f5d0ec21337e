"""The publisher's turns to draw (`bot.publish.drawing.DrawingTurns`): one picture at a time,
first come first served, those drawn `later` (in the background, for a message nobody is to act
on) after the others; a picture given up while it waits, or just as its turn comes, holds up no
other."""

from __future__ import annotations

import asyncio

from bot.publish import drawing as drawing_module
from bot.publish.drawing import TEXT_AHEAD_SECONDS, DrawingTurns


async def drawer(turns: DrawingTurns, name: str, later: bool, order: list[str]) -> None:
    async with turns.turn(later):
        order.append(name)
        await asyncio.sleep(0.01)


async def test_later_pictures_wait_for_the_others_and_each_kind_in_order() -> None:
    turns, order = DrawingTurns(), []
    async with turns.turn():  # a picture being drawn
        tasks = []
        for name, later in [("a", True), ("b", False), ("c", True), ("d", False)]:
            tasks.append(asyncio.create_task(drawer(turns, name, later, order)))
            await asyncio.sleep(0)
        # The one drawn and the two others (not the later ones) are ahead of a new picture.
        turns.drawing_seconds = 0.07
        assert round(turns.wait(), 6) == 0.21
        turns.drawing_seconds = TEXT_AHEAD_SECONDS / 3 * 0.9
        assert not turns.backed_up()
        turns.drawing_seconds = TEXT_AHEAD_SECONDS / 3 * 1.1
        assert turns.backed_up()
    await asyncio.gather(*tasks)
    assert order == ["b", "d", "a", "c"]
    assert turns.wait() == 0  # free again


async def test_a_picture_given_up_holds_up_no_other() -> None:
    turns, order = DrawingTurns(), []
    async with turns.turn():
        waiting = asyncio.create_task(drawer(turns, "gone", False, order))
        handed = asyncio.create_task(drawer(turns, "handed", False, order))
        last = asyncio.create_task(drawer(turns, "last", True, order))
        await asyncio.sleep(0)
        waiting.cancel()  # given up while it waits
    # The turn has just been handed to `handed`, which gives up before it takes it.
    handed.cancel()
    await asyncio.wait_for(last, 5)
    assert order == ["last"]
    assert turns.wait() == 0


async def test_a_later_picture_waits_no_longer_than_its_bound(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(drawing_module, "LATER_WAITS_AT_MOST", 0.05)
    turns, order = DrawingTurns(), []
    async with turns.turn():
        overdue = asyncio.create_task(drawer(turns, "later", True, order))
        await asyncio.sleep(0.1)  # it has waited past its bound
        other = asyncio.create_task(drawer(turns, "other", False, order))
        await asyncio.sleep(0)
    await asyncio.gather(overdue, other)
    assert order == ["later", "other"]


async def test_overdue_later_pictures_take_every_other_turn(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Later pictures past their bound do not hold up the others until they have all been
    drawn (under load that never lets up, hundreds of them can be waiting): they take every
    other turn, and a picture's wait is estimated with them."""
    monkeypatch.setattr(drawing_module, "LATER_WAITS_AT_MOST", 0.05)
    turns, order = DrawingTurns(), []
    async with turns.turn():
        tasks = [asyncio.create_task(drawer(turns, f"later{i}", True, order)) for i in range(4)]
        await asyncio.sleep(0.1)  # they have waited past their bound
        for i in range(2):
            tasks.append(asyncio.create_task(drawer(turns, f"other{i}", False, order)))
        await asyncio.sleep(0)
        # The one drawn and the two others, each after a later one.
        turns.drawing_seconds = 0.07
        assert round(turns.wait(), 6) == 0.42
    await asyncio.gather(*tasks)
    assert order == ["later0", "other0", "later1", "other1", "later2", "later3"]
