"""襲ノ色目's take buttons on a phone: on the sandbox page at an iPhone's width, in Chromium, the
buttons for the grid's rows share one line of the table message in both languages, every few
moves of a four-player game (four rows), the person at seat 1 with the longest name the lobby
shows. Japanese is measured in the page's own Japanese font (the pictures' Noto Sans CJK JP,
installed by pip), as a phone draws it, not in empty boxes, and in the same font whether or not
the machine has Japanese fonts of its own (Debian's fonts-noto-cjk, say): the labels are laid out
alike on both, and the test checks which font drew each of their characters."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.publish import compose
from bot.sandbox.web import STATIC
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark
from tests.sandbox.test_picture_table_height import LONG_NAMES

__all__ = ["page", "pytestmark"]

#: The message's take buttons.
TAKE_BUTTON = '#messages button[data-custom-id*=":take."]'
#: Where each of them lies on the page: its line's top, and its right edge against the right
#: edge of its row of buttons.
TAKE_BUTTONS = """() => [...document.querySelectorAll('#messages button[data-custom-id*=":take."]')]
  .map(b => ({label: b.innerText, top: b.offsetTop, right: b.getBoundingClientRect().right,
    room: b.closest('.action-row').getBoundingClientRect().right}))"""

#: Whether the page's Japanese font (bot/sandbox/static/style.css) was fetched and is in use.
JAPANESE_FONT_LOADED = """() => [...document.fonts].some(
  face => face.family.replaceAll('"', '') === 'Sandbox CJK' && face.status === 'loaded')"""

#: The first family of each take button's font list: the page's Japanese font must come before
#: any font a machine may have, or a machine with Japanese fonts draws the labels in its own.
FIRST_FONTS = """(selector) => [...document.querySelectorAll(selector)]
  .map(b => getComputedStyle(b).fontFamily.split(',')[0].trim().replaceAll('"', ''))"""


def japanese_ranges() -> list[tuple[int, int]]:
    """The characters the page draws in its Japanese font: the `unicode-range` of its
    `@font-face` in the style sheet."""
    face = re.search(r"@font-face\s*{[^}]*}", (STATIC / "style.css").read_text())
    assert face is not None and "Sandbox CJK" in face[0]
    found = re.search(r"unicode-range:([^;]*);", face[0])
    assert found is not None
    return [
        (int(low, 16), int(high or low, 16))
        for low, high in re.findall(r"U\+([0-9A-F]+)(?:-([0-9A-F]+))?", found[1], re.I)
    ]


async def glyphs_by_font(page: Any, selector: str) -> dict[tuple[str, bool], int]:
    """How many glyphs of the elements matching `selector` each font drew, as Chromium laid
    them out: (family, whether it is a web font of the page) → glyphs."""
    cdp = await page.context.new_cdp_session(page)
    try:
        await cdp.send("DOM.enable")
        await cdp.send("CSS.enable")
        root = (await cdp.send("DOM.getDocument", {"depth": 0}))["root"]["nodeId"]
        found = await cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})
        glyphs: dict[tuple[str, bool], int] = {}
        for node in found["nodeIds"]:
            used = await cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})
            for font in used["fonts"]:
                key = (font["familyName"], font["isCustomFont"])
                glyphs[key] = glyphs.get(key, 0) + font["glyphCount"]
        return glyphs
    finally:
        await cdp.detach()


EVERY = 2
SEED = 5


@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_take_buttons_share_one_line_on_a_phone(page: Any, lang: str) -> None:
    ranges = japanese_ranges()
    measured = 0
    async with phone_page(page) as phone:
        for names in LONG_NAMES.values():
            for session in played("kasane", lang, SEED, names[:1], EVERY):
                payload = compose.table_payload(session, pictures=True)
                rows = sum(bool(row.cards) for row in session.state.public_view().grid)
                await phone.height(phone.html(body(payload)))
                buttons = await page.evaluate(TAKE_BUTTONS)
                if len(buttons) < 4:
                    continue
                assert len(buttons) == rows
                assert len({b["top"] for b in buttons}) == 1, buttons
                assert all(b["right"] <= b["room"] for b in buttons), buttons
                # Every Japanese character of the labels was drawn in the page's own Japanese
                # font, not in empty boxes nor in a Japanese font of this machine.
                drawn = await glyphs_by_font(page, TAKE_BUTTON)
                japanese = sum(
                    any(low <= ord(char) <= high for low, high in ranges)
                    for b in buttons
                    for char in b["label"]
                )
                assert sum(n for (_, web), n in drawn.items() if web) == japanese, drawn
                assert japanese > 0 or lang == "en", buttons
                assert set(await page.evaluate(FIRST_FONTS, TAKE_BUTTON)) == {"Sandbox CJK"}
                measured += 1
        assert await page.evaluate(JAPANESE_FONT_LOADED)
    assert measured >= 10
