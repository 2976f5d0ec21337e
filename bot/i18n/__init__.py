"""Message catalogs (ja + en) and the helpers that pick a language.

`t(lang, key, **values)` formats a platform message; games keep their own texts in
`games/<id>/texts.py`. `lang_of(locale)` maps a Discord locale to `"ja"` or `"en"`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import en, ja
from games.core import Lang

CATALOGS: dict[Lang, dict[str, str]] = {"ja": ja.MESSAGES, "en": en.MESSAGES}
LANGS: tuple[Lang, ...] = ("ja", "en")


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """Japanese for the Japanese locale, English for everything else."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "ja" if value.startswith("ja") else "en"


def t(lang: Lang, key: str, **values: Any) -> str:
    """The message `key` in `lang`, formatted with `values` (English if the key is missing)."""
    text = CATALOGS[lang].get(key) or CATALOGS["en"][key]
    return text.format(**values) if values else text


def has(key: str) -> bool:
    return key in CATALOGS["en"]
