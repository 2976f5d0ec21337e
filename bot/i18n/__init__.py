"""Languages: which one a Discord locale reads, and where the texts are.

The platform's texts are `bot.i18n.messages` (constants such as `messages.LOBBY_TITLE`, called
with a language: `messages.LOBBY_TITLE(lang, game=...)`), read from `messages.toml`; games keep
theirs in `games/<id>/texts.toml`, read by `games/<id>/texts.py`. Both are `games.text.Text`
values. `lang_of(locale)` maps a Discord
locale to `"ja"` or `"en"`; `lang_for(interaction)` is the language to answer an interaction in:
the one its user chose (`/settings language`, noted on the interaction by `choose_language`
before any handler runs), else their client's.
"""

from __future__ import annotations

from typing import Any

import discord

from games.core import Lang

#: Where an interaction carries its user's chosen language (`discord.Interaction.extras`).
CHOSEN = "chosen_language"

#: The languages of the catalogs, in the order a language choice lists them.
LANGS: tuple[Lang, ...] = ("ja", "en")


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """Japanese for the Japanese locale, English for everything else."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "ja" if value.startswith("ja") else "en"


def lang_for(interaction: discord.Interaction[Any]) -> Lang:
    """The language to answer `interaction` in: its user's chosen one, else their client's."""
    chosen = interaction.extras.get(CHOSEN)
    if chosen in LANGS:
        return chosen  # type: ignore[no-any-return]
    return lang_of(interaction.locale)


def choose_language(interaction: discord.Interaction[Any], chosen: str | None) -> None:
    """Note on `interaction` the language its user chose (None: their client's)."""
    if chosen in LANGS:
        interaction.extras[CHOSEN] = chosen
