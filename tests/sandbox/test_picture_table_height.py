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
import re
from pathlib import Path
from typing import Any

import pytest

from bot.names import NAME_MAX
from bot.render import pictures
from bot.sandbox.fakediscord.limits import check_message
from bot.table import Table
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark, screenshots

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


def tables(game_id: str, lang: str, name: str) -> list[tuple[dict[str, Any], bytes]]:
    """The table message with pictures on, and its picture, every `EVERY` moves of a game at
    the game's largest player count (a person called `name` and CPUs) and at its end."""
    table = Table(bot=None)  # type: ignore[arg-type]
    return [
        (
            table.table_payload(session, pictures=True),
            pictures.table_job(table.context(session, pictures=True))().data,
        )
        for session in played(game_id, lang, SEED, name, EVERY)
    ]


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
    heights: dict[tuple[str, str], tuple[float, str]] = {}
    async with phone_page(page) as phone:
        for lang in ("ja", "en"):
            for kind, name in NAMES.items():
                tallest = (0.0, "")
                for payload, png in tables(game_id, lang, name):
                    data = with_picture(body(payload), png)
                    assert check_message(data) == []
                    # The picture itself, so that the page lays it out as it shows it.
                    src = "data:image/png;base64," + base64.b64encode(png).decode()
                    html = IMAGE_SRC.sub(rf"\g<1>{src}", phone.html(data), count=1)
                    tallest = max(tallest, (await phone.height(html), html))
                heights[lang, kind] = tallest
        for (lang, kind), (_, html) in heights.items():
            path = screenshots(tmp_path) / f"picture_table_{game_id}_{lang}_{kind}.png"
            await phone.screenshot(html, path)
    measured = {f"{lang} {kind}": round(height) for (lang, kind), (height, _) in heights.items()}
    print(f"{game_id}: tallest picture table {measured} px")
    assert all(height <= MAX_HEIGHT[game_id] for height in measured.values()), measured
