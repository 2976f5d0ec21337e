"""`/stats` and `/leaderboard`: the server's records and ratings (`bot.records`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import messages as msg
from cogs.common import BotCog, game_choices, ls, options

if TYPE_CHECKING:
    from bot.client import GameBot


class RecordsCog(BotCog):
    @app_commands.command(name=ls(msg.CMD_STATS), description=ls(msg.CMD_STATS_DESC))
    @app_commands.guild_only()
    @options(
        player=(msg.OPT_PLAYER, msg.OPT_STATS_PLAYER_DESC),
        game=(msg.OPT_GAME, msg.OPT_STATS_GAME_DESC),
    )
    @app_commands.choices(game=game_choices())
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.records.stats(interaction, player, game.value if game else None)

    @app_commands.command(name=ls(msg.CMD_LEADERBOARD), description=ls(msg.CMD_LEADERBOARD_DESC))
    @app_commands.guild_only()
    @options(game=(msg.OPT_GAME, msg.OPT_BOARD_GAME_DESC))
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        await self.bot.records.leaderboard(interaction, game.value)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(RecordsCog(bot))
