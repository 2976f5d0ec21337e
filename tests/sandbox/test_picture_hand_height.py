"""A hand message with its picture fits a phone screen: on the sandbox page at an iPhone's
width, the whole private message — its notice, the text beside the picture (which leaves out
what the picture shows), the picture and the buttons — is at most `MAX_HEIGHT` pixels tall,
for the seat to act every few moves of a seeded game at the game's largest player count, in
both languages, every seat a person with a name as long as the lobby shows.

The message is drawn as the sandbox page draws it, with the picture the publisher attaches, and
its body passes the fake Discord's checks of Discord's limits. Each game's tallest hand goes to
`$SANDBOX_SCREENSHOTS`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.publish import compose
from bot.render import pictures
from games import registry
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import PHONE, page, pytestmark, screenshots
from tests.sandbox.test_picture_table_height import LONG_NAMES

__all__ = ["page", "pytestmark"]

#: The tallest a hand message may be: a phone's screen less the headroom a table keeps (a
#: longer notice above it must not push its buttons off the screen).
MAX_HEIGHT = 810
#: A hand is measured every this many moves of a seeded game played to the end.
EVERY = 3
SEED = 5
#: An ephemeral message, as a hand shown in the channel is ("Only you can see this").
EPHEMERAL = 1 << 6


def hands(game_id: str, lang: str, people: list[str]) -> list[tuple[dict[str, Any], bytes]]:
    """The hand message of the seat to act, with pictures on, and its picture, every `EVERY`
    moves of a game at the game's largest player count with `people` in every seat."""
    shown = []
    for session in played(game_id, lang, SEED, people, EVERY):
        if session.state.is_over():
            continue
        seat = session.state.to_act()[0]
        payload = compose.hand_payload(session, seat, lang, pictures=True)  # type: ignore[arg-type]
        job = pictures.hand_job(compose.context(session, lang), seat)  # type: ignore[arg-type]
        shown.append((payload, job().data))
    return shown


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
async def test_picture_hand_fits_a_phone_screen(page: Any, tmp_path: Path, game_id: str) -> None:
    players = registry.get(game_id).max_players
    heights: dict[tuple[str, str], tuple[float, str]] = {}
    async with phone_page(page) as phone:
        for lang in ("ja", "en"):
            for kind, names in LONG_NAMES.items():
                tallest = (0.0, "")
                for payload, png in hands(game_id, lang, names[:players]):
                    html = phone.picture_html(body(payload) | {"flags": EPHEMERAL}, png)
                    tallest = max(tallest, (await phone.height(html), html))
                heights[lang, kind] = tallest
        for (lang, kind), (_, html) in heights.items():
            await phone.screenshot(
                html, screenshots(tmp_path) / f"picture_hand_{game_id}_{lang}_{kind}.png"
            )
    measured = {f"{lang} {kind}": round(height) for (lang, kind), (height, _) in heights.items()}
    print(f"{game_id}: tallest picture hand {measured} px (phone {PHONE['height']})")
    assert all(height <= MAX_HEIGHT for height in measured.values()), measured
