"""Every game's text-only table (pictures off) fits a phone screen: on the sandbox page at an
iPhone's width, the whole table message — embed and buttons — is at most `MAX_HEIGHT` pixels
tall, in both languages, at every few moves of a game at the game's largest player count.

The message is drawn as the sandbox page draws it (`bot.sandbox.render` and the page's own
style sheet, in Chromium), and its body passes the fake Discord's checks of Discord's limits.
The tallest table of each game goes to `$SANDBOX_SCREENSHOTS`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.publish import compose
from bot.sandbox.fakediscord.limits import check_message
from games import registry
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark, screenshots

__all__ = ["page", "pytestmark"]

#: A phone's screen (844 px) less Discord's own header and message bar.
MAX_HEIGHT = 800
#: A table is measured every this many moves.
EVERY = 2
#: Games played to the end: enough deals for each game's tallest moments (full tableaus,
#: duels, results of an earlier game, a long log).
SEEDS = (77, 5, 6)


def tables(game_id: str, lang: str, seed: int) -> list[dict[str, Any]]:
    """The text-only table every `EVERY` moves of a game at the game's largest player count,
    one person and CPUs, with a turn timer running, and at its end."""
    return [
        compose.table_payload(session) for session in played(game_id, lang, seed, ["Aoi"], EVERY)
    ]


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
async def test_text_table_fits_a_phone_screen(page: Any, tmp_path: Path, game_id: str) -> None:
    heights: dict[str, tuple[float, str]] = {}
    async with phone_page(page) as phone:
        for lang in ("ja", "en"):
            tallest = (0.0, "")
            for seed in SEEDS:
                for payload in tables(game_id, lang, seed):
                    data = body(payload)
                    assert check_message(data) == []
                    html = phone.html(data)
                    tallest = max(tallest, (await phone.height(html), html))
            heights[lang] = tallest
        for lang, (_, html) in heights.items():
            await phone.screenshot(html, screenshots(tmp_path) / f"text_table_{game_id}_{lang}.png")
    measured = {lang: round(height) for lang, (height, _) in heights.items()}
    print(f"{game_id}: tallest text table {measured} px")
    assert all(height <= MAX_HEIGHT for height in measured.values()), measured
