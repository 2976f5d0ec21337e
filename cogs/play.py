"""`/hand`: bring up your hand in the game of this thread (the same as "Show my hand")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import lang_for
from bot.i18n import messages as msg
from cogs.common import BotCog, ls

if TYPE_CHECKING:
    from bot.client import GameBot


class PlayCog(BotCog):
    @app_commands.command(name=ls(msg.CMD_HAND), description=ls(msg.CMD_HAND_DESC))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_for(interaction)
        games = await self.bot.store.games(statuses=("playing",), channel_id=interaction.channel_id)
        mine = [g for g in games if g.seat_of(interaction.user.id) is not None]
        if not mine:
            await interaction.response.send_message(msg.ERROR_NO_GAME_HERE(lang), ephemeral=True)
            return
        await self.bot.play.show_hand(interaction, mine[-1].id, refresh=False)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(PlayCog(bot))
