"""A game's table message with its picture fits a phone screen with room to spare even for
people with the longest names the lobby shows: on the sandbox page at an iPhone's width, the
whole message — the brief text, the picture and the buttons — is at most the game's
`MAX_HEIGHT` pixels tall, with one such person and the other seats CPUs and with such a person
at every seat, in both languages, every few moves of a game at the game's largest player
count, the turn timer running.

The message is drawn as the sandbox page draws it (`bot.sandbox.render` and the page's own
style sheet, in Chromium) with the picture the publisher would attach, and its body passes the
fake Discord's checks of Discord's limits. The tallest message of each game goes to
`$SANDBOX_SCREENSHOTS`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.names import NAME_MAX
from bot.publish import compose
from bot.render import pictures
from games import registry
from tests.sandbox.phone import body, phone_page, played
from tests.sandbox.test_browser import page, pytestmark, screenshots

__all__ = ["page", "pytestmark"]

#: The tallest each game's message may be: a phone's screen (844 px) less some headroom (the
#: message must not fill the screen to its last pixel, or a longer last move or a notice above
#: it pushes the buttons off). Every game's pictures are made to leave it, and the text beside
#: them names the seats briefly (`bot.names.brief_name`), however many people sit at the table.
MAX_HEIGHT = {game.id: 810 for game in registry.all()}
#: A table is measured every this many moves of a seeded game played to the end.
EVERY = 3
SEED = 5
#: Names as long as the lobby shows (`NAME_MAX` characters), one for each seat of the largest
#: table: wide Latin letters, and Japanese, whose every character takes two columns.
LONG_NAMES = {
    "latin": [
        (f"{given} {family}-" + "W" * NAME_MAX)[:NAME_MAX]
        for given, family in (
            ("Wilhelmina", "Worthington"),
            ("Maximiliana", "Montmorency"),
            ("Bartholomew", "Wadsworth"),
            ("Gwendolyn", "Merriweather"),
            ("Wolfgang", "Mountbatten"),
            ("Marguerite", "Wolverhampton"),
        )
    ],
    "japanese": [
        (family + given * NAME_MAX)[:NAME_MAX]
        for family, given in (
            ("長谷川", "左衛門之助"),
            ("勘解由小路", "右京大夫"),
            ("東三条院", "藤原朝臣"),
            ("五百旗頭", "御門左大臣"),
            ("小比類巻", "兵部少輔"),
            ("源頼朝", "征夷大将軍"),
        )
    ],
}
#: Who sits at the table: one person with a long name and CPUs (as the lobby fills the seats),
#: or a person with a long name at every seat, each name in the turn, score and last-move lines.
CASTS = ("one person", "every seat a person")


def tables(game_id: str, lang: str, people: list[str]) -> list[tuple[dict[str, Any], bytes]]:
    """The table message with pictures on, and its picture, every `EVERY` moves of a game at
    the game's largest player count (persons called `people` in the first seats, CPUs in the
    rest) and at its end."""
    return [
        (
            compose.table_payload(session, pictures=True),
            pictures.table_job(compose.context(session, pictures=True))().data,
        )
        for session in played(game_id, lang, SEED, people, EVERY)
    ]


@pytest.mark.parametrize("cast", CASTS)
@pytest.mark.parametrize("game_id", list(MAX_HEIGHT))
async def test_picture_table_fits_a_phone_screen(
    page: Any, tmp_path: Path, game_id: str, cast: str
) -> None:
    players = registry.get(game_id).max_players
    heights: dict[tuple[str, str], tuple[float, str]] = {}
    async with phone_page(page) as phone:
        for lang in ("ja", "en"):
            for kind, names in LONG_NAMES.items():
                people = names[:players] if cast == "every seat a person" else names[:1]
                tallest = (0.0, "")
                for payload, png in tables(game_id, lang, people):
                    html = phone.picture_html(body(payload), png)
                    tallest = max(tallest, (await phone.height(html), html))
                heights[lang, kind] = tallest
        for (lang, kind), (_, html) in heights.items():
            shot = f"picture_table_{game_id}_{cast.replace(' ', '_')}_{lang}_{kind}.png"
            await phone.screenshot(html, screenshots(tmp_path) / shot)
    measured = {f"{lang} {kind}": round(height) for (lang, kind), (height, _) in heights.items()}
    print(f"{game_id}, {cast}: tallest picture table {measured} px")
    assert all(height <= MAX_HEIGHT[game_id] for height in measured.values()), measured
