"""`/rules`: a game's rules summary in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.render.base import TABLE_COLOUR
from cogs.common import BotCog, game_choices, ls, options
from games import registry

if TYPE_CHECKING:
    from bot.client import GameBot


class HelpCog(BotCog):
    @app_commands.command(name=ls(msg.CMD_RULES), description=ls(msg.CMD_RULES_DESC))
    @options(game=(msg.OPT_GAME, msg.OPT_RULES_GAME_DESC))
    @app_commands.choices(game=game_choices())
    async def rules(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        lang = lang_for(interaction)
        chosen = registry.get(game.value)
        embed = discord.Embed(
            title=chosen.name(lang),
            description=chosen.rules_summary(lang)[:4096],
            colour=TABLE_COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(HelpCog(bot))
