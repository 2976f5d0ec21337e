"""`/game list|log|replay|abandon|replace|leave|return|pictures` and `/settings`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import answers
from bot.components import AbandonGame
from bot.guards import can_manage
from bot.i18n import CHOSEN, choose_language, lang_for, lang_of
from bot.i18n import messages as msg
from bot.names import shown_name
from bot.session import GameDamaged
from bot.storage.records import GameRecord
from cogs.common import BotCog, ls, options
from games import registry

if TYPE_CHECKING:
    from bot.client import GameBot
    from games.core import Lang

#: How many running and how many finished games `/game list` shows.
LIST_RUNNING = 15
LIST_FINISHED = 10


#: The optional game id of `/game log` and `/game abandon` (left out: the game of this thread).
GAME_ID_OPTION = options(game_id=(msg.OPT_ID, msg.OPT_ID_DESC))
#: A game id as the option takes it: games are numbered from 1, so that Discord's clients
#: offer no other, and anything else is "not valid" (`guards.option_problem`).
GameId = app_commands.Range[int, 1]

#: The two answers of a picture switch.
ON_OFF = [
    app_commands.Choice(name=ls(msg.CHOICE_PICTURES_ON), value="on"),
    app_commands.Choice(name=ls(msg.CHOICE_PICTURES_OFF), value="off"),
]


class AdminCog(BotCog):
    game = app_commands.Group(
        name=ls(msg.CMD_GAME),
        description=ls(msg.CMD_GAME_DESC),
        guild_only=True,
    )

    async def _game_here(
        self, interaction: discord.Interaction[Any], game_id: int | None
    ) -> GameRecord | None:
        """The game named by id, or the one running in this thread/channel."""
        lang = lang_for(interaction)
        if game_id is not None:
            record = await self.bot.store.get(game_id)
            if record is None or record.guild_id != interaction.guild_id:
                record = None
        else:
            here = await self.bot.store.games(channel_id=interaction.channel_id)
            record = here[-1] if len(here) == 1 else None
            if len(here) > 1:
                await interaction.response.send_message(msg.ERROR_WHICH_GAME(lang), ephemeral=True)
                return None
        if record is None or record.status not in ("lobby", "playing"):
            await interaction.response.send_message(msg.ERROR_NO_GAME_HERE(lang), ephemeral=True)
            return None
        return record

    async def _game_to_manage(
        self, interaction: discord.Interaction[Any], game_id: int | None
    ) -> GameRecord | None:
        """`_game_here`, if the user may manage it (its host, or a server manager); else None,
        the user told why."""
        record = await self._game_here(interaction, game_id)
        if record is not None and not can_manage(interaction, record):
            lang = lang_for(interaction)
            await interaction.response.send_message(msg.ERROR_HOST_ONLY(lang), ephemeral=True)
            return None
        return record

    @game.command(name=ls(msg.CMD_GAME_LIST), description=ls(msg.CMD_GAME_LIST_DESC))
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_for(interaction)
        store = self.bot.store
        running = await store.games(guild_id=interaction.guild_id, newest=LIST_RUNNING)
        finished = await store.games(
            statuses=("finished",), guild_id=interaction.guild_id, newest=LIST_FINISHED
        )
        if not running and not finished:
            await interaction.response.send_message(msg.GAME_LIST_EMPTY(lang), ephemeral=True)
            return
        results = await store.results([record.id for record in finished])
        lines = [self._list_line(record, lang) for record in running]
        if finished:
            lines.append(f"**{msg.GAME_LIST_FINISHED(lang)}**")
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
        status = msg.STATUSES[record.status](lang)
        if record.problem:
            status += " ⚠️ " + msg.STATUS_DAMAGED(lang)
        players = ", ".join(shown_name(s.name) for s in record.seats)
        if finished:
            return msg.GAME_LIST_FINISHED_LINE(
                lang, id=record.id, game=game.name(lang), where=where, players=players
            )
        return msg.GAME_LIST_LINE(
            lang, id=record.id, game=game.name(lang), status=status, where=where, players=players
        )

    @staticmethod
    def _result_text(record: GameRecord, scores: list[int], winners: list[int], lang: Lang) -> str:
        """ "🏆 Aoi · Aoi 42, Ben 30" for a finished game."""
        names = [shown_name(s.name) for s in record.seats]
        best = ", ".join(names[w] for w in winners if 0 <= w < len(names))
        points = ", ".join(f"{names[i]} {v}" for i, v in enumerate(scores) if i < len(names))
        return msg.GAME_LIST_RESULT(lang, winners=best, scores=points)

    @game.command(name=ls(msg.CMD_GAME_LOG), description=ls(msg.CMD_GAME_LOG_DESC))
    @GAME_ID_OPTION
    async def game_log(
        self, interaction: discord.Interaction[Any], game_id: GameId | None = None
    ) -> None:
        game_id = game_id or await self._started_game_here(interaction)
        if game_id is not None:
            await self.bot.history.show(interaction, game_id, None)

    async def _started_game_here(self, interaction: discord.Interaction[Any]) -> int | None:
        """The one game started in this thread or channel (in play or over); None, the user
        told why, when there is none or several."""
        here = await self.bot.store.games(
            statuses=("playing", "finished", "abandoned"),
            channel_id=interaction.channel_id,
            newest=2,
        )
        if len(here) != 1:
            lang = lang_for(interaction)
            refusal = msg.ERROR_WHICH_GAME if here else msg.ERROR_NO_GAME_HERE
            await interaction.response.send_message(refusal(lang), ephemeral=True)
            return None
        return here[0].id

    @game.command(name=ls(msg.CMD_GAME_REPLAY), description=ls(msg.CMD_GAME_REPLAY_DESC))
    @GAME_ID_OPTION
    async def replay(
        self, interaction: discord.Interaction[Any], game_id: GameId | None = None
    ) -> None:
        """A finished game stepped through move by move, privately (`Replays.show`)."""
        game_id = game_id or await self._started_game_here(interaction)
        if game_id is not None:
            await self.bot.replays.show(interaction, game_id, None)

    @game.command(name=ls(msg.CMD_GAME_ABANDON), description=ls(msg.CMD_GAME_ABANDON_DESC))
    @GAME_ID_OPTION
    async def abandon(
        self, interaction: discord.Interaction[Any], game_id: GameId | None = None
    ) -> None:
        """Asks the host (or a manager) once, privately, before the game ends for everyone:
        its "Abandon" button does it (`Play.abandon`)."""
        lang = lang_for(interaction)
        record = await self._game_to_manage(interaction, game_id)
        if record is None:
            return
        game = registry.get(record.game).name(lang)
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonGame(game_id=record.id, label=msg.GAME_ABANDON_CONFIRM(lang)))
        await interaction.response.send_message(
            msg.GAME_ABANDON_ASK(lang, id=record.id, game=game), view=view, ephemeral=True
        )

    @game.command(name=ls(msg.CMD_GAME_REPLACE), description=ls(msg.CMD_GAME_REPLACE_DESC))
    @options(player=(msg.OPT_PLAYER, msg.OPT_PLAYER_DESC))
    async def replace(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        lang = lang_for(interaction)
        record = await self._game_to_manage(interaction, None)
        if record is None:
            return
        seat = record.seat_of(player.id)
        if seat is None or record.status != "playing":
            await interaction.response.send_message(msg.ERROR_NOT_IN_GAME(lang), ephemeral=True)
            return
        text = msg.GAME_REPLACED(lang, player=f"<@{player.id}>", seat=seat + 1)
        await self._to_cpu(interaction, record, seat, text)

    @game.command(name=ls(msg.CMD_GAME_LEAVE), description=ls(msg.CMD_GAME_LEAVE_DESC))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """A player leaves their own seat to a CPU of the table's level (as the host's
        `replace` would), and takes it back with `/game return` or the table's button."""
        lang = lang_for(interaction)
        record = await self._game_here(interaction, None)
        if record is None:
            return
        seat = record.seat_of(interaction.user.id)
        if seat is None or record.status != "playing":
            await interaction.response.send_message(msg.ERROR_NOT_PLAYER(lang), ephemeral=True)
            return
        table_lang: Lang = record.language  # type: ignore[assignment]
        text = msg.GAME_LEFT(table_lang, player=interaction.user.mention, seat=seat + 1)
        await self._to_cpu(interaction, record, seat, text)

    async def _to_cpu(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, text: str
    ) -> None:
        """A CPU of the table's level takes over `seat` (its player is away until they return);
        the thread is told `text`."""
        lang = lang_for(interaction)
        try:
            stored = await self.bot.sessions.replace(
                record.id, seat, on_wait=answers.acknowledger(interaction)
            )
        except GameDamaged:
            await interaction.response.send_message(msg.ERROR_DAMAGED(lang), ephemeral=True)
            return
        if stored is None:
            await answers.send(interaction, msg.ERROR_NO_GAME_HERE(lang))
            return
        await answers.send(interaction, text, public=True)

    @game.command(name=ls(msg.CMD_GAME_RETURN), description=ls(msg.CMD_GAME_RETURN_DESC))
    async def return_seat(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._game_here(interaction, None)
        if record is None:
            return
        await self.bot.play.return_seat(interaction, record.id)

    @game.command(name=ls(msg.CMD_GAME_PICTURES), description=ls(msg.CMD_GAME_PICTURES_DESC))
    @options(shown=(msg.OPT_SHOWN, msg.OPT_SHOWN_DESC))
    @app_commands.choices(shown=ON_OFF)
    async def pictures(
        self, interaction: discord.Interaction[Any], shown: app_commands.Choice[str]
    ) -> None:
        lang = lang_for(interaction)
        perms = interaction.permissions
        if interaction.guild_id is None or not (perms and perms.manage_guild):
            await interaction.response.send_message(msg.ERROR_MANAGE_ONLY(lang), ephemeral=True)
            return
        await self.bot.store.set_guild_pictures(interaction.guild_id, shown.value == "on")
        await answers.send(
            interaction, msg.SETTINGS_SERVER_PICTURES[shown.value](lang), public=True
        )

    @app_commands.command(name=ls(msg.CMD_SETTINGS), description=ls(msg.CMD_SETTINGS_DESC))
    @options(
        hand=(msg.OPT_HAND, msg.OPT_HAND_DESC),
        pictures=(msg.OPT_PICTURES, msg.OPT_PICTURES_DESC),
        language=(msg.OPT_LANGUAGE, msg.OPT_MY_LANGUAGE_DESC),
    )
    @app_commands.choices(
        hand=[
            app_commands.Choice(
                name=ls(msg.CHOICE_HAND_EPHEMERAL),
                value="ephemeral",
            ),
            app_commands.Choice(name=ls(msg.CHOICE_HAND_DM), value="dm"),
        ],
        pictures=ON_OFF,
        language=[
            app_commands.Choice(name=ls(msg.CHOICE_LANG_JA), value="ja"),
            app_commands.Choice(name=ls(msg.CHOICE_LANG_EN), value="en"),
            app_commands.Choice(name=ls(msg.CHOICE_LANG_CLIENT), value="client"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Choice[str] | None = None,
        pictures: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        user_id = interaction.user.id
        lines = []
        if language is not None:
            chosen = None if language.value == "client" else language.value
            await self.bot.store.set_chosen_language(user_id, chosen)
            choose_language(interaction, chosen)
            if chosen is None:
                await self.bot.store.remember_language(user_id, lang_of(interaction.locale))
                interaction.extras.pop(CHOSEN, None)
        lang = lang_for(interaction)
        if language is not None:
            lines.append(msg.SETTINGS_LANGUAGE[language.value](lang))
        if hand is not None:
            await self.bot.store.set_user_settings(user_id, hand.value, lang)
            lines.append(msg.SETTINGS_HAND[hand.value](lang))
        if pictures is not None:
            await self.bot.store.set_user_pictures(user_id, pictures.value == "on")
            lines.append(msg.SETTINGS_PICTURES[pictures.value](lang))
        if not lines:
            delivery, _ = await self.bot.store.user_settings(user_id)
            shown = "on" if await self.bot.store.user_pictures(user_id) else "off"
            chosen = await self.bot.store.chosen_language(user_id) or "client"
            lines = [
                msg.SETTINGS_HAND[delivery](lang),
                msg.SETTINGS_PICTURES[shown](lang),
                msg.SETTINGS_LANGUAGE[chosen](lang),
            ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(AdminCog(bot))
