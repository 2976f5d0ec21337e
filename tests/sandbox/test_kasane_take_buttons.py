"""襲ノ色目's take buttons on a phone: on the sandbox page at an iPhone's width, in Chromium, the
buttons for the grid's rows share one line of the table message in both languages, every few
moves of a four-player game (four rows), the person at seat 1 with the longest name the lobby
shows. Japanese is measured in a Japanese font (the page falls back on the pictures' Noto Sans
CJK JP, installed by pip), as a phone draws it, not in empty boxes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.table import Table
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark
from tests.sandbox.test_picture_table_height import LONG_NAMES

__all__ = ["page", "pytestmark"]

#: Where each of the message's take buttons lies on the page: its line's top, and its right
#: edge against the right edge of its row of buttons.
TAKE_BUTTONS = """() => [...document.querySelectorAll('#messages button[data-custom-id*=":take."]')]
  .map(b => ({label: b.innerText, top: b.offsetTop, right: b.getBoundingClientRect().right,
    room: b.closest('.action-row').getBoundingClientRect().right}))"""

#: Whether the page's Japanese font (bot/sandbox/static/style.css) was fetched and is in use.
JAPANESE_FONT_LOADED = """() => [...document.fonts].some(
  face => face.family.replaceAll('"', '') === 'Sandbox CJK' && face.status === 'loaded')"""

EVERY = 2
SEED = 5


@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_take_buttons_share_one_line_on_a_phone(page: Any, lang: str) -> None:
    table = Table(bot=None)  # type: ignore[arg-type]
    measured = 0
    async with phone_page(page) as phone:
        for names in LONG_NAMES.values():
            for session in played("kasane", lang, SEED, names[:1], EVERY):
                payload = table.table_payload(session, pictures=True)
                rows = sum(bool(row.cards) for row in session.state.public_view().grid)
                await phone.height(phone.html(body(payload)))
                buttons = await page.evaluate(TAKE_BUTTONS)
                if len(buttons) < 4:
                    continue
                assert len(buttons) == rows
                assert len({b["top"] for b in buttons}) == 1, buttons
                assert all(b["right"] <= b["room"] for b in buttons), buttons
                measured += 1
        # The Japanese labels were measured in the page's Japanese font, not in empty boxes.
        assert await page.evaluate(JAPANESE_FONT_LOADED)
    assert measured >= 10
