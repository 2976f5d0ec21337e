"""襲ノ色目's take buttons on a phone: on the sandbox page at an iPhone's width, in Chromium, the
buttons for the grid's rows share one line of the table message in both languages, every few
moves of a four-player game (four rows), the person at seat 1 with the longest name the lobby
shows. Japanese is drawn in Noto Sans CJK JP (the font the pictures use, installed by pip), as
a phone draws it in a font of its own rather than in the page's fallback boxes."""

from __future__ import annotations

from typing import Any

import pytest
from noto_cjk_sans_jp_regular import FONT_PATH

from bot.table import Table
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark
from tests.sandbox.test_picture_table_height import LONG_NAMES

__all__ = ["page", "pytestmark"]

#: The page's font list names Noto Sans CJK JP; this gives it that font for Japanese only.
CJK_FONT = """@font-face { font-family: "Noto Sans CJK JP"; src: url("/noto-cjk-jp.otf");
  unicode-range: U+3000-30FF, U+4E00-9FFF, U+FF00-FFEF; }"""

#: Where each of the message's take buttons lies on the page: its line's top, and its right
#: edge against the right edge of its row of buttons.
TAKE_BUTTONS = """() => [...document.querySelectorAll('#messages button[data-custom-id*=":take."]')]
  .map(b => ({label: b.innerText, top: b.offsetTop, right: b.getBoundingClientRect().right,
    room: b.closest('.action-row').getBoundingClientRect().right}))"""

EVERY = 2
SEED = 5


@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_take_buttons_share_one_line_on_a_phone(page: Any, lang: str) -> None:
    table = Table(bot=None)  # type: ignore[arg-type]
    measured = 0
    async with phone_page(page) as phone:
        await page.route("**/noto-cjk-jp.otf", lambda route: route.fulfill(path=str(FONT_PATH)))
        await page.add_style_tag(content=CJK_FONT)
        for names in LONG_NAMES.values():
            for session in played("kasane", lang, SEED, names[:1], EVERY):
                payload = table.table_payload(session, pictures=True)
                rows = sum(bool(row.cards) for row in session.state.public_view().grid)
                await phone.height(phone.html(body(payload)))
                await page.evaluate("document.fonts.ready")
                buttons = await page.evaluate(TAKE_BUTTONS)
                if len(buttons) < 4:
                    continue
                assert len(buttons) == rows
                assert len({b["top"] for b in buttons}) == 1, buttons
                assert all(b["right"] <= b["room"] for b in buttons), buttons
                measured += 1
        # The Japanese labels were measured in the CJK font, not in fallback boxes.
        assert await page.evaluate("document.fonts.check('14px \"Noto Sans CJK JP\"', '行目')")
    assert measured >= 10
