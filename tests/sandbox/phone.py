"""Messages measured as a phone shows them: a seeded game every few moves, and the sandbox page
at an iPhone's width in Chromium to draw each message and measure it (the height tests of
`test_text_table_height`, `test_picture_table_height` and `test_picture_hand_height`)."""

from __future__ import annotations

import base64
import dataclasses
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.publish.payload import Payload
from bot.sandbox import world
from bot.sandbox.fakediscord import FakeDiscord
from bot.sandbox.fakediscord.limits import check_message
from bot.sandbox.render import message_html
from bot.sandbox.web import SandboxWeb
from bot.session import Session
from games import registry
from games.core import Rng
from tests.bot.test_renderers import record_for
from tests.sandbox.test_pictures_browser import PHONE

#: Puts one message on the page, waits for its pictures and fonts, and gives its height in
#: pixels.
MEASURE = """async (html) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const message = holder.firstElementChild;
  document.querySelector('#messages').replaceChildren(message);
  await Promise.all([...message.querySelectorAll('img')].map(img => img.decode()));
  message.getBoundingClientRect();  // laid out, it asks for the fonts its text needs
  await document.fonts.ready;
  return message.getBoundingClientRect().height;
}"""


def played(
    game_id: str, lang: str, seed: int, people: Sequence[str], every: int
) -> Iterator[Session]:
    """A game at its largest player count, played to the end by random moves: persons called
    `people` in the first seats (as many as there are names, up to every seat) and CPUs in the
    rest, a turn timer running. The session is given every `every` moves, and once more when
    the game has finished."""
    game = registry.get(game_id)
    players = game.max_players
    state = game.new(players, seed=seed)
    record = record_for(game_id, players, lang, seed, deadline=time.time() + 180)
    record.seats = [
        dataclasses.replace(seat, name=people[seat.seat])
        if seat.seat < len(people)
        else dataclasses.replace(seat, name=f"CPU {seat.seat}", user_id=None, cpu_level="normal")
        for seat in record.seats
    ]
    session = Session(record=record, game=game, state=state)
    session.events += [(0, event) for event in state.opening_events()]
    rng, moves = Rng(seed), 0
    while not state.is_over():
        if moves % every == 0:
            yield session
        seat = state.to_act()[0]
        events = state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(moves)))
        session.events += [(moves, event) for event in events if event.public]
        record.version += 1
        moves += 1
    record.status = "finished"
    yield session  # the table left at the end


def body(payload: Payload) -> dict[str, Any]:
    """The message body discord.py sends for a table payload."""
    return {
        "content": payload.content,
        "embeds": [embed.to_dict() for embed in payload.embeds],
        "components": payload.view.to_components() if payload.view is not None else [],
    }


#: The picture's address in the message as the page draws it.
IMAGE_SRC = re.compile(r'(class="embed-image" src=")[^"]*')


def with_picture(data: dict[str, Any], png: bytes) -> dict[str, Any]:
    """The message body as the fake Discord serves it once its picture is attached: the
    first embed's image with the picture's size (the page keeps its place by it)."""
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    embeds = [dict(embed) for embed in data["embeds"]]
    url = "https://cdn.discordapp.com/attachments/1/2/picture.png"
    embeds[0]["image"] = {"url": url, "width": width, "height": height}
    return data | {"embeds": embeds}


@dataclasses.dataclass
class PhonePage:
    """The sandbox page at a phone's width, as a member of the sandbox's server sees it."""

    page: Any
    #: The page's HTML of a message body, as the bot's message.
    html: Callable[[dict[str, Any]], str]

    def picture_html(self, data: dict[str, Any], png: bytes) -> str:
        """The page's HTML of message body `data` once `png` is attached as its first embed's
        picture (the body checked against Discord's limits), the picture itself in it, so
        that the page lays it out as it shows it."""
        data = with_picture(data, png)
        assert check_message(data) == []
        src = "data:image/png;base64," + base64.b64encode(png).decode()
        # (A function, not a template: re would parse the picture's characters.)
        return IMAGE_SRC.sub(lambda m: m[1] + src, self.html(data), count=1)

    async def height(self, html: str) -> float:
        """The height of message `html` on the page, in pixels."""
        return float(await self.page.evaluate(MEASURE, html))

    async def screenshot(self, html: str, path: Path) -> None:
        """A picture of message `html` alone, whatever its height."""
        await self.page.set_viewport_size({"width": PHONE["width"], "height": 1600})
        await self.page.evaluate(MEASURE, html)
        await self.page.locator("#messages .msg").screenshot(path=str(path))
        await self.page.set_viewport_size(PHONE)


@asynccontextmanager
async def phone_page(page: Any) -> AsyncIterator[PhonePage]:
    """The sandbox, and `page` showing it at a phone's width to one of its people."""
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
            yield PhonePage(
                page=page,
                html=lambda data: message_html(data | {"id": "1", "author": author}, viewer),
            )
        finally:
            # The page's long poll of the fake's changes ends with one: the server's stop
            # would otherwise wait for it.
            await page.goto("about:blank")
            fake._touch()
            await web.stop()
