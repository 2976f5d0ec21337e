"""The app_commands Translator: Japanese names and descriptions for every command and option.

Command strings are declared as `locale_str(english, key="cmd....")`; the Japanese catalog holds
the translation under that key. English is the default, so only Japanese is looked up.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import CATALOGS
from games import registry


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        if "game" in string.extras:
            return registry.get(string.extras["game"]).name("ja")[:100]
        key = string.extras.get("key")
        return CATALOGS["ja"].get(key) if key else None
