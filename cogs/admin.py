"""`/game list|abandon|replace|pictures` and `/settings`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of, t
from bot.names import shown_name
from bot.sessions import GameDamaged
from bot.store import GameRecord
from cogs.common import ls
from games import registry

if TYPE_CHECKING:
    from bot.client import GameBot
    from games.core import Lang

#: How many running and how many finished games `/game list` shows.
LIST_RUNNING = 15
LIST_FINISHED = 10


#: The two answers of a picture switch.
ON_OFF = [
    app_commands.Choice(name=ls("Shown", "choice.pictures.on"), value="on"),
    app_commands.Choice(name=ls("Not shown", "choice.pictures.off"), value="off"),
]


def _can_manage(interaction: discord.Interaction[Any], record: GameRecord) -> bool:
    perms = interaction.permissions
    return interaction.user.id == record.host_id or bool(perms and perms.manage_guild)


def _acknowledger(interaction: discord.Interaction[Any]) -> Callable[[], Awaitable[None]]:
    """What the service calls when the command must wait (the game's lock, the database):
    acknowledge first so Discord's 3 seconds hold."""

    async def acknowledge() -> None:
        if not interaction.response.is_done():
            await interaction.response.defer()

    return acknowledge


async def _answer(interaction: discord.Interaction[Any], text: str) -> None:
    """The command's public answer, as its first response or after a deferral."""
    mentions = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, allowed_mentions=mentions)
    else:
        await interaction.response.send_message(text, allowed_mentions=mentions)


async def _say(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, as the first response or after a deferral."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class AdminCog(commands.Cog):
    game = app_commands.Group(
        name=ls("game", "cmd.game"),
        description=ls("Manage games in this server", "cmd.game.desc"),
        guild_only=True,
    )

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _game_here(
        self, interaction: discord.Interaction[Any], game_id: int | None
    ) -> GameRecord | None:
        """The game named by id, or the one running in this thread/channel."""
        lang = lang_of(interaction.locale)
        if game_id is not None:
            record = await self.bot.store.get(game_id)
            if record is None or record.guild_id != interaction.guild_id:
                record = None
        else:
            here = await self.bot.store.games(channel_id=interaction.channel_id)
            record = here[-1] if len(here) == 1 else None
            if len(here) > 1:
                await interaction.response.send_message(t(lang, "error.which_game"), ephemeral=True)
                return None
        if record is None or record.status not in ("lobby", "playing"):
            await interaction.response.send_message(t(lang, "error.no_game_here"), ephemeral=True)
            return None
        return record

    @game.command(
        name=ls("list", "cmd.game.list"),
        description=ls("Games in this server", "cmd.game.list.desc"),
    )
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        store = self.bot.store
        running = await store.games(guild_id=interaction.guild_id, newest=LIST_RUNNING)
        finished = await store.games(
            statuses=("finished",), guild_id=interaction.guild_id, newest=LIST_FINISHED
        )
        if not running and not finished:
            await interaction.response.send_message(t(lang, "game.list.empty"), ephemeral=True)
            return
        results = await store.results([record.id for record in finished])
        lines = [self._list_line(record, lang) for record in running]
        if finished:
            lines.append(f"**{t(lang, 'game.list.finished')}**")
            for record in reversed(finished):  # newest first
                line = self._list_line(record, lang, finished=True)
                if record.id in results:
                    scores, winners = results[record.id]
                    line += " — " + self._result_text(record, scores, winners, lang)
                lines.append(line)
        await interaction.response.send_message(
            "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @staticmethod
    def _list_line(record: GameRecord, lang: Lang, *, finished: bool = False) -> str:
        game = registry.get(record.game)
        where = f"<#{record.thread_id}>" if record.thread_id else f"<#{record.channel_id}>"
        status = t(lang, f"status.{record.status}")
        if record.problem:
            status += " ⚠️ " + t(lang, "status.damaged")
        key = "game.list.finished_line" if finished else "game.list.line"
        players = ", ".join(shown_name(s.name) for s in record.seats)
        return t(
            lang,
            key,
            id=record.id,
            game=game.name(lang),
            status=status,
            where=where,
            players=players,
        )

    @staticmethod
    def _result_text(record: GameRecord, scores: list[int], winners: list[int], lang: Lang) -> str:
        """ "🏆 Aoi · Aoi 42, Ben 30" for a finished game."""
        names = [shown_name(s.name) for s in record.seats]
        best = ", ".join(names[w] for w in winners if 0 <= w < len(names))
        points = ", ".join(f"{names[i]} {v}" for i, v in enumerate(scores) if i < len(names))
        return t(lang, "game.list.result", winners=best, scores=points)

    @game.command(
        name=ls("log", "cmd.game.log"),
        description=ls("A game's whole log, privately", "cmd.game.log.desc"),
    )
    @app_commands.rename(game_id=ls("id", "opt.id"))
    @app_commands.describe(game_id=ls("Game number (default: the game here)", "opt.id.desc"))
    async def game_log(
        self, interaction: discord.Interaction[Any], game_id: int | None = None
    ) -> None:
        if game_id is None:
            here = await self.bot.store.games(
                statuses=("playing", "finished", "abandoned"),
                channel_id=interaction.channel_id,
                newest=2,
            )
            if len(here) != 1:
                lang = lang_of(interaction.locale)
                key = "error.which_game" if here else "error.no_game_here"
                await interaction.response.send_message(t(lang, key), ephemeral=True)
                return
            game_id = here[0].id
        await self.bot.history.show(interaction, game_id, None)

    @game.command(
        name=ls("abandon", "cmd.game.abandon"),
        description=ls("Abandon a game (host or Manage Server)", "cmd.game.abandon.desc"),
    )
    @app_commands.rename(game_id=ls("id", "opt.id"))
    @app_commands.describe(game_id=ls("Game number (default: the game here)", "opt.id.desc"))
    async def abandon(
        self, interaction: discord.Interaction[Any], game_id: int | None = None
    ) -> None:
        lang = lang_of(interaction.locale)
        record = await self._game_here(interaction, game_id)
        if record is None:
            return
        if not _can_manage(interaction, record):
            await interaction.response.send_message(t(lang, "error.host_only"), ephemeral=True)
            return
        text = t(lang, "game.abandoned", id=record.id, game=registry.get(record.game).name(lang))
        try:
            stored = await self.bot.sessions.abandon(record.id, on_wait=_acknowledger(interaction))
        except GameDamaged:
            # A game that cannot be loaded can still be given up.
            stored = await self.bot.store.abandon_game(record.id)
        if stored is None:
            await _say(interaction, t(lang, "error.no_game_here"))
            return
        await _answer(interaction, text)

    @game.command(
        name=ls("replace", "cmd.game.replace"),
        description=ls("Replace an absent player with a CPU (host)", "cmd.game.replace.desc"),
    )
    @app_commands.rename(player=ls("player", "opt.player"))
    @app_commands.describe(player=ls("The player to replace", "opt.player.desc"))
    async def replace(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        lang = lang_of(interaction.locale)
        record = await self._game_here(interaction, None)
        if record is None:
            return
        if not _can_manage(interaction, record):
            await interaction.response.send_message(t(lang, "error.host_only"), ephemeral=True)
            return
        seat = record.seat_of(player.id)
        if seat is None or record.status != "playing":
            await interaction.response.send_message(t(lang, "error.not_in_game"), ephemeral=True)
            return
        try:
            stored = await self.bot.sessions.replace(
                record.id, seat, on_wait=_acknowledger(interaction)
            )
        except GameDamaged:
            await interaction.response.send_message(t(lang, "error.damaged"), ephemeral=True)
            return
        if stored is None:
            await _say(interaction, t(lang, "error.no_game_here"))
            return
        await _answer(
            interaction, t(lang, "game.replaced", player=f"<@{player.id}>", seat=seat + 1)
        )

    @game.command(
        name=ls("return", "cmd.game.return"),
        description=ls("Take back your seat that a CPU plays", "cmd.game.return.desc"),
    )
    async def return_seat(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._game_here(interaction, None)
        if record is None:
            return
        await self.bot.play.return_seat(interaction, record.id)

    @game.command(
        name=ls("pictures", "cmd.game.pictures"),
        description=ls("Pictures of tables and hands in this server", "cmd.game.pictures.desc"),
    )
    @app_commands.rename(shown=ls("shown", "opt.shown"))
    @app_commands.describe(shown=ls("Show pictures or not", "opt.shown.desc"))
    @app_commands.choices(shown=ON_OFF)
    async def pictures(
        self, interaction: discord.Interaction[Any], shown: app_commands.Choice[str]
    ) -> None:
        lang = lang_of(interaction.locale)
        perms = interaction.permissions
        if interaction.guild_id is None or not (perms and perms.manage_guild):
            await interaction.response.send_message(t(lang, "error.manage_only"), ephemeral=True)
            return
        await self.bot.store.set_guild_pictures(interaction.guild_id, shown.value == "on")
        await _answer(interaction, t(lang, f"settings.server_pictures.{shown.value}"))

    @app_commands.command(
        name=ls("settings", "cmd.settings"), description=ls("Your preferences", "cmd.settings.desc")
    )
    @app_commands.rename(hand=ls("hand", "opt.hand"), pictures=ls("pictures", "opt.pictures"))
    @app_commands.describe(
        hand=ls("Where your hand is shown", "opt.hand.desc"),
        pictures=ls("A picture of your hand", "opt.pictures.desc"),
    )
    @app_commands.choices(
        hand=[
            app_commands.Choice(
                name=ls("Ephemeral message in the channel", "choice.hand.ephemeral"),
                value="ephemeral",
            ),
            app_commands.Choice(name=ls("Direct message", "choice.hand.dm"), value="dm"),
        ],
        pictures=ON_OFF,
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Choice[str] | None = None,
        pictures: app_commands.Choice[str] | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        user_id = interaction.user.id
        lines = []
        if hand is not None:
            await self.bot.store.set_user_settings(user_id, hand.value, lang)
            lines.append(t(lang, f"settings.hand.{hand.value}"))
        if pictures is not None:
            await self.bot.store.set_user_pictures(user_id, pictures.value == "on")
            lines.append(t(lang, f"settings.pictures.{pictures.value}"))
        if not lines:
            delivery, _ = await self.bot.store.user_settings(user_id)
            shown = "on" if await self.bot.store.user_pictures(user_id) else "off"
            lines = [t(lang, f"settings.hand.{delivery}"), t(lang, f"settings.pictures.{shown}")]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(AdminCog(bot))
