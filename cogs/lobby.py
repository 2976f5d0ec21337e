"""`/newgame`: post a lobby for a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import cpu_choices, game_choices, ls

if TYPE_CHECKING:
    from bot.client import GameBot


class LobbyCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("newgame", "cmd.newgame"), description=ls("Start a new game", "cmd.newgame.desc")
    )
    @app_commands.guild_only()
    @app_commands.rename(
        game=ls("game", "opt.game"),
        language=ls("language", "opt.language"),
        turn_timer=ls("turn_timer", "opt.turn_timer"),
        cpu=ls("cpu", "opt.cpu"),
    )
    @app_commands.describe(
        game=ls("Which game to play", "opt.game.desc"),
        language=ls("Language of the table (default: the server's)", "opt.language.desc"),
        turn_timer=ls(
            "Minutes per turn before a CPU plays for an absent player", "opt.turn_timer.desc"
        ),
        cpu=ls("Strength of CPU players", "opt.cpu.desc"),
    )
    @app_commands.choices(
        game=game_choices(),
        language=[
            app_commands.Choice(name=ls("日本語", "choice.lang.ja"), value="ja"),
            app_commands.Choice(name=ls("English", "choice.lang.en"), value="en"),
        ],
        turn_timer=[
            app_commands.Choice(name=ls("Off", "choice.timer.off"), value=0),
            app_commands.Choice(name=ls("1 minute", "choice.timer.1"), value=1),
            app_commands.Choice(name=ls("2 minutes", "choice.timer.2"), value=2),
            app_commands.Choice(name=ls("5 minutes", "choice.timer.5"), value=5),
            app_commands.Choice(name=ls("10 minutes", "choice.timer.10"), value=10),
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
