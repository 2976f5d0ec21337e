"""The pictures on the sandbox page in a real browser, at phone width: for every game the table
message shows its picture (loaded through the page's server, drawn at full width), and "Show
my hand" brings the player's hand with its own picture. Screenshots of each game's table and
hand go to `$SANDBOX_SCREENSHOTS` (the README's come from here)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import messages as msg
from bot.render.pictures.kit import WIDTH
from bot.sandbox.runner import Sandbox
from bot.settings import Settings
from games import registry
from tests.sandbox.test_browser import open_thread, page, pytestmark, run_command, screenshots

__all__ = ["page", "pytestmark"]

#: An iPhone-sized viewport: the width pictures are made for first.
PHONE = {"width": 390, "height": 844}
#: Who plays each game, and in which language (both languages across the five).
PLAYERS = {
    "kasane": ("Aoi", "日本語"),
    "gogyo": ("Ben", "English"),
    "take_and_share": ("Chika", "日本語"),
    "sakura": ("Dan", "English"),
    "irobae": ("Ben", "日本語"),
}


async def loaded_width(image: Any) -> int:
    """The picture's own width once the browser has loaded it (0 if it failed)."""
    await image.wait_for()
    return await image.evaluate(
        "img => img.complete ? img.naturalWidth : "
        "new Promise(done => { img.onload = () => done(img.naturalWidth); "
        "img.onerror = () => done(0); })"
    )


@pytest.mark.parametrize("game_id", list(PLAYERS))
async def test_table_and_hand_pictures_at_phone_width(
    page: Any, tmp_path: Path, game_id: str
) -> None:
    game = registry.get(game_id)
    name, language = PLAYERS[game_id]
    lang = "ja" if language == "日本語" else "en"
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=30
    )
    shots = screenshots(tmp_path)
    await page.set_viewport_size(PHONE)
    async with Sandbox(settings) as sandbox:
        user = next(u for u in sandbox.users if u.name == name)
        await page.goto(sandbox.url + f"?user={name}")
        await page.wait_for_selector(f"#user-list .user-switch.active >> text={name}")
        title = game.name("ja" if user.locale == "ja" else "en")
        await run_command(page, "/newg", {"game": title[:4], "language": language})
        lobby = page.locator("#messages .msg").filter(has=page.locator(".embed")).last
        await lobby.locator(".reply-bar >> text=/newgame").wait_for()
        add_cpu = re.compile(f"{msg.LOBBY_CPU('ja')}|{msg.LOBBY_CPU('en')}")
        for _ in range(game.min_players - 1):
            seats = await lobby.locator(".embed").inner_text()
            await lobby.locator("button.btn", has_text=add_cpu).first.click()
            await page.wait_for_function(
                "([seats]) => [...document.querySelectorAll('#messages .embed')]"
                ".some(e => e.innerText !== seats)",
                arg=[seats],
            )
        start = re.compile(f"{msg.LOBBY_START('ja')}|{msg.LOBBY_START('en')}")
        await lobby.locator("button.btn", has_text=start).click()
        await open_thread(page)

        table = page.locator("#messages .msg").filter(has=page.locator("img.embed-image")).last
        assert await loaded_width(table.locator("img.embed-image")) == WIDTH
        shown = await table.locator("img.embed-image").evaluate("img => img.clientWidth")
        assert 0 < shown <= PHONE["width"]  # scaled down to the phone, never wider
        src = await table.locator("img.embed-image").get_attribute("src")
        assert src is not None and src.startswith("/attachments/")
        await table.scroll_into_view_if_needed()
        await page.evaluate("document.fonts.ready")
        await page.screenshot(path=str(shots / f"sandbox_{game_id}_table_{lang}.png"))

        await table.locator("button.btn", has_text=msg.TABLE_SHOW_HAND(lang)).click()
        hand = page.locator("#messages .msg.ephemeral").filter(has=page.locator("img.embed-image"))
        assert await loaded_width(hand.last.locator("img.embed-image")) == WIDTH
        await hand.last.scroll_into_view_if_needed()
        await page.evaluate("document.fonts.ready")
        await page.screenshot(path=str(shots / f"sandbox_{game_id}_hand_{lang}.png"))
        assert sandbox.fake.violations == []
