"""The app_commands Translator: Japanese names and descriptions for every command and option.

Command strings are declared as `ls(messages.CMD_...)` (`cogs.common.ls`): a `locale_str`
whose message is the English text and whose extras carry the `Text`, so the Japanese comes from
the same declaration. English is the default, so only Japanese is looked up.
"""

from __future__ import annotations

import discord
from discord import app_commands

from games import registry
from games.text import Text


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
        text = string.extras.get("text")
        return text.ja if isinstance(text, Text) else None
