"""`/newgame`: post a lobby for a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import messages as msg
from cogs.common import BotCog, cpu_choices, game_choices, ls, options

if TYPE_CHECKING:
    from bot.client import GameBot


class LobbyCog(BotCog):
    @app_commands.command(name=ls(msg.CMD_NEWGAME), description=ls(msg.CMD_NEWGAME_DESC))
    @app_commands.guild_only()
    @options(
        game=(msg.OPT_GAME, msg.OPT_GAME_DESC),
        language=(msg.OPT_LANGUAGE, msg.OPT_LANGUAGE_DESC),
        turn_timer=(msg.OPT_TURN_TIMER, msg.OPT_TURN_TIMER_DESC),
        cpu=(msg.OPT_CPU, msg.OPT_CPU_DESC),
    )
    @app_commands.choices(
        game=game_choices(),
        language=[
            app_commands.Choice(name=ls(msg.CHOICE_LANG_JA), value="ja"),
            app_commands.Choice(name=ls(msg.CHOICE_LANG_EN), value="en"),
        ],
        turn_timer=[
            app_commands.Choice(name=ls(msg.CHOICE_TIMER_OFF), value=0),
            app_commands.Choice(name=ls(msg.CHOICE_TIMER_1), value=1),
            app_commands.Choice(name=ls(msg.CHOICE_TIMER_2), value=2),
            app_commands.Choice(name=ls(msg.CHOICE_TIMER_5), value=5),
            app_commands.Choice(name=ls(msg.CHOICE_TIMER_10), value=10),
        ],
        cpu=cpu_choices(),
    )
    async def newgame(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        language: app_commands.Choice[str] | None = None,
        turn_timer: app_commands.Choice[int] | None = None,
        cpu: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.lobby.create(
            interaction,
            game.value,
            language=language.value if language else None,
            turn_minutes=turn_timer.value if turn_timer else 0,
            cpu_level=cpu.value if cpu else None,
        )


async def setup(bot: GameBot) -> None:
    await bot.add_cog(LobbyCog(bot))
