"""Every game's text-only table (pictures off) fits a phone screen: on the sandbox page at an
iPhone's width, the whole table message — embed and buttons — is at most `MAX_HEIGHT` pixels
tall, in both languages, at every few moves of a game at the game's largest player count.

The message is drawn as the sandbox page draws it (`bot.sandbox.render` and the page's own
style sheet, in Chromium), and its body passes the fake Discord's checks of Discord's limits.
The tallest table of each game goes to `$SANDBOX_SCREENSHOTS`."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest

from bot.render import renderer_for
from bot.sandbox import world
from bot.sandbox.fakediscord import FakeDiscord
from bot.sandbox.fakediscord.limits import check_message
from bot.sandbox.render import message_html
from bot.sandbox.web import SandboxWeb
from bot.sessions import Session
from bot.table import Table
from games import registry
from games.core import Rng
from tests.bot.test_renderers import record_for
from tests.sandbox.test_browser import page, pytestmark, screenshots
from tests.sandbox.test_pictures_browser import PHONE

__all__ = ["page", "pytestmark"]

#: A phone's screen (844 px) less Discord's own header and message bar.
MAX_HEIGHT = 800
#: A table is measured every this many moves.
EVERY = 2
#: Games played to the end: enough deals for each game's tallest moments (full tableaus,
#: duels, results of an earlier game, a long log).
SEEDS = (77, 5, 6)

MEASURE = """(html) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const message = holder.firstElementChild;
  document.querySelector('#messages').replaceChildren(message);
  return message.getBoundingClientRect().height;
}"""


def tables(game_id: str, lang: str, seed: int, players: int | None = None) -> list[dict[str, Any]]:
    """The text-only table every `EVERY` moves of a game of `players` (the game's largest
    player count by default), one person and CPUs, with a turn timer running."""
    game = registry.get(game_id)
    players = players or game.max_players
    state = game.new(players, seed=seed)
    record = record_for(game_id, players, lang, seed, deadline=time.time() + 180)
    record.seats = [
        dataclasses.replace(seat, name="Aoi")
        if seat.seat == 0
        else dataclasses.replace(seat, name=f"CPU {seat.seat}", user_id=None, cpu_level="normal")
        for seat in record.seats
    ]
    session = Session(record=record, game=game, state=state)
    session.events += [(0, event) for event in state.opening_events()]
    table = Table(bot=None)  # type: ignore[arg-type]
    renderer = renderer_for(game_id)
    assert renderer is not None
    rng, moves, shown = Rng(seed), 0, []
    while not state.is_over():
        if moves % EVERY == 0:
            shown.append(table.table_payload(session))
        seat = state.to_act()[0]
        events = state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(moves)))
        session.events += [(moves, event) for event in events if event.public]
        record.version += 1
        moves += 1
    record.status = "finished"
    shown.append(table.table_payload(session))  # the table left at the end
    return shown


def body(payload: dict[str, Any]) -> dict[str, Any]:
    """The message body discord.py sends for a table payload."""
    return {
        "content": payload["content"],
        "embeds": [embed.to_dict() for embed in payload["embeds"]],
        "components": payload["view"].to_components(),
    }


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
async def test_text_table_fits_a_phone_screen(page: Any, tmp_path: Path, game_id: str) -> None:
    fake = FakeDiscord(guild_name="Kasane Sandbox", channel_name="game-table")
    world.populate(fake)
    web = SandboxWeb(fake)
    async with fake:
        await web.start()
        try:
            await page.set_viewport_size(PHONE)
            await page.goto(web.url + "?user=Aoi")
            await page.wait_for_selector("#user-list .user-switch.active >> text=Aoi")
            viewer = web.view_of(next(u for u in fake.users.values() if u.name == "Aoi"))
            author = {"id": str(fake.bot_user_id), "username": fake.bot_name, "bot": True}
            heights: dict[str, tuple[float, str]] = {}
            for lang in ("ja", "en"):
                tallest = (0.0, "")
                for seed in SEEDS:
                    for payload in tables(game_id, lang, seed):
                        data = body(payload)
                        assert check_message(data) == []
                        html = message_html(data | {"id": "1", "author": author}, viewer)
                        height = await page.evaluate(MEASURE, html)
                        tallest = max(tallest, (height, html))
                heights[lang] = tallest
            for lang, (_, html) in heights.items():
                await page.set_viewport_size({"width": PHONE["width"], "height": 1600})
                await page.evaluate(MEASURE, html)
                path = screenshots(tmp_path) / f"text_table_{game_id}_{lang}.png"
                await page.locator("#messages .msg").screenshot(path=str(path))
        finally:
            # The page's long poll of the fake's changes ends with one: the server's stop
            # would otherwise wait for it.
            await page.goto("about:blank")
            fake._touch()
            await web.stop()
    measured = {lang: round(height) for lang, (height, _) in heights.items()}
    print(f"{game_id}: tallest text table {measured} px")
    assert all(height <= MAX_HEIGHT for height in measured.values()), measured
