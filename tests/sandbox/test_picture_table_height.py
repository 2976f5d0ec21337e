"""A game's table message with its picture fits a phone screen with room to spare even for
a person with the longest name the lobby shows, the other seats CPUs: on the sandbox page at an
iPhone's width, the whole message — the brief text, the picture and the buttons — is at most
the game's `MAX_HEIGHT` pixels tall, in both languages, every few moves of a game at the game's
largest player count, the turn timer running.

The message is drawn as the sandbox page draws it (`bot.sandbox.render` and the page's own
style sheet, in Chromium) with the picture the publisher would attach, and its body passes the
fake Discord's checks of Discord's limits. The tallest message of each game goes to
`$SANDBOX_SCREENSHOTS`."""

from __future__ import annotations

import base64
import dataclasses
import re
import time
from pathlib import Path
from typing import Any

import pytest

from bot.names import NAME_MAX
from bot.render import pictures
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
from tests.sandbox.test_text_table_height import body

__all__ = ["page", "pytestmark"]

#: The tallest each game's message may be: a phone's screen (844 px) less some headroom, for
#: the games whose pictures are made to leave it (the message must not fill the screen to its
#: last pixel, or a longer last move or a notice above it pushes the buttons off).
MAX_HEIGHT = {"kasane": 810}
#: A table is measured every this many moves of a seeded game played to the end.
EVERY = 3
SEED = 5
#: The longest name the lobby shows (`NAME_MAX` characters) for the person at seat 1, the
#: other seats CPUs (as the lobby fills them): wide Latin letters, and Japanese, whose every
#: character takes two columns.
NAMES = {
    "latin": ("Wilhelmina Worthington-" + "W" * NAME_MAX)[:NAME_MAX],
    "japanese": ("長谷川" + "左衛門之助" * NAME_MAX)[:NAME_MAX],
}

#: The picture's address in the message as the page draws it.
IMAGE_SRC = re.compile(r'(class="embed-image" src=")[^"]*')

MEASURE = """async (html) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const message = holder.firstElementChild;
  document.querySelector('#messages').replaceChildren(message);
  await Promise.all([...message.querySelectorAll('img')].map(img => img.decode()));
  return message.getBoundingClientRect().height;
}"""


def tables(game_id: str, lang: str, name: str) -> list[tuple[dict[str, Any], bytes]]:
    """The table message with pictures on, and its picture, every `EVERY` moves of a game at
    the game's largest player count: a person called `name` and CPUs."""
    game = registry.get(game_id)
    players = game.max_players
    state = game.new(players, seed=SEED)
    record = record_for(game_id, players, lang, SEED, deadline=time.time() + 180)
    record.seats = [
        dataclasses.replace(seat, name=name)
        if seat.seat == 0
        else dataclasses.replace(seat, name=f"CPU {seat.seat}", user_id=None, cpu_level="normal")
        for seat in record.seats
    ]
    session = Session(record=record, game=game, state=state)
    session.events += [(0, event) for event in state.opening_events()]
    table = Table(bot=None)  # type: ignore[arg-type]
    rng, moves, shown = Rng(SEED), 0, []

    def look() -> None:
        payload = table.table_payload(session, pictures=True)
        picture = pictures.table_job(table.context(session, pictures=True))()
        shown.append((payload, picture.data))

    while not state.is_over():
        if moves % EVERY == 0:
            look()
        seat = state.to_act()[0]
        events = state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(moves)))
        session.events += [(moves, event) for event in events if event.public]
        record.version += 1
        moves += 1
    return shown


def with_picture(data: dict[str, Any], png: bytes) -> dict[str, Any]:
    """The message body as the fake Discord serves it once its picture is attached: the
    first embed's image with the picture's size (the page keeps its place by it)."""
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    embeds = [dict(embed) for embed in data["embeds"]]
    url = "https://cdn.discordapp.com/attachments/1/2/table.png"
    embeds[0]["image"] = {"url": url, "width": width, "height": height}
    return data | {"embeds": embeds}


@pytest.mark.parametrize("game_id", list(MAX_HEIGHT))
async def test_picture_table_fits_a_phone_screen(page: Any, tmp_path: Path, game_id: str) -> None:
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
            heights: dict[tuple[str, str], tuple[float, str]] = {}
            for lang in ("ja", "en"):
                for kind, name in NAMES.items():
                    tallest = (0.0, "")
                    for payload, png in tables(game_id, lang, name):
                        data = with_picture(body(payload), png)
                        assert check_message(data) == []
                        html = message_html(data | {"id": "1", "author": author}, viewer)
                        # The picture itself, so that the page lays it out as it shows it.
                        src = "data:image/png;base64," + base64.b64encode(png).decode()
                        html = IMAGE_SRC.sub(rf"\g<1>{src}", html, count=1)
                        height = await page.evaluate(MEASURE, html)
                        tallest = max(tallest, (height, html))
                    heights[lang, kind] = tallest
            for (lang, kind), (_, html) in heights.items():
                await page.set_viewport_size({"width": PHONE["width"], "height": 1600})
                await page.evaluate(MEASURE, html)
                path = screenshots(tmp_path) / f"picture_table_{game_id}_{lang}_{kind}.png"
                await page.locator("#messages .msg").screenshot(path=str(path))
        finally:
            # The page's long poll of the fake's changes ends with one: the server's stop
            # would otherwise wait for it.
            await page.goto("about:blank")
            fake._touch()
            await web.stop()
    measured = {f"{lang} {kind}": round(height) for (lang, kind), (height, _) in heights.items()}
    print(f"{game_id}: tallest picture table {measured} px")
    assert all(height <= MAX_HEIGHT[game_id] for height in measured.values()), measured
