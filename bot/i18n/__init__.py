"""Languages: which one a Discord locale reads, and where the texts are.

The platform's texts are `bot.i18n.messages` (constants such as `messages.LOBBY_TITLE`, called
with a language: `messages.LOBBY_TITLE(lang, game=...)`), read from `messages.toml`; games keep
theirs in `games/<id>/texts.toml`, read by `games/<id>/texts.py`. Both are `games.text.Text`
values. `lang_of(locale)` maps a Discord
locale to `"ja"` or `"en"`.
"""

from __future__ import annotations

import discord

from games.core import Lang

#: The languages of the catalogs, in the order a language choice lists them.
LANGS: tuple[Lang, ...] = ("ja", "en")


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """Japanese for the Japanese locale, English for everything else."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "ja" if value.startswith("ja") else "en"
