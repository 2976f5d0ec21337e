"""What a player reads of the server's records and ratings: `/stats` and `/leaderboard`.

Both answer privately, in the reader's language, from the seats' records and the ratings the
store keeps of every game that ended (`bot.storage.ratings`): a player's games, wins against the
fair share, margins, best score, the CPU levels met and their rating per title; a title's best
players with the CPU levels among them. A rating is the conservative μ − 3σ of openskill's
Weng-Lin model, shown once its player has `MIN_GAMES` rated games (each answer says so).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.names import shown_name
from bot.render.base import TABLE_COLOUR
from bot.storage.ratings import MIN_GAMES, Board, BoardEntry, TitleStats, rating_text
from games import registry

if TYPE_CHECKING:
    from bot.ports import StandingRecords
    from games.core import Lang

log = logging.getLogger(__name__)

#: How many of a title's best players `/leaderboard` lists (the CPU levels and the reader
#: are listed beyond them, with their places).
BOARD_SIZE = 10


def cpu_name(level: str, lang: Lang) -> str:
    """A CPU level as the records name it."""
    known = msg.CPU_LEVELS.get(level)
    return msg.RECORDS_CPU(lang, level=known(lang) if known is not None else level)


def stats_lines(stats: TitleStats, lang: Lang) -> list[str]:
    """A player's record at one title, a line a subject."""
    lines = []
    if stats.games:
        lines.append(
            msg.STATS_GAMES(
                lang,
                games=stats.games,
                wins=stats.wins,
                share=f"{stats.win_share:.0%}",
                fair=f"{stats.fair_share:.0%}",
            )
        )
        lines.append(
            msg.STATS_MARGIN(
                lang, margin=f"{stats.average_margin:+.1f}", best=stats.best_score or 0
            )
        )
    else:
        lines.append(msg.STATS_NO_FINISHED(lang))
    if stats.cpu_met:
        met = ", ".join(
            msg.STATS_CPU_LEVEL(lang, level=cpu_name(level, lang), games=games)
            for level, games in sorted(stats.cpu_met.items(), key=lambda item: -item[1])
        )
        lines.append(msg.STATS_CPU_MET(lang, levels=met))
    rating = stats.rating
    if rating is not None and rating.games >= MIN_GAMES:
        lines.append(msg.STATS_RATING(lang, rating=rating_text(rating.ordinal), games=rating.games))
    else:
        played = rating.games if rating is not None else 0
        lines.append(msg.STATS_RATING_LATER(lang, games=played, min=MIN_GAMES))
    if stats.left or stats.abandoned:
        lines.append(msg.STATS_NEITHER(lang, left=stats.left, abandoned=stats.abandoned))
    return lines


def stats_embed(name: str, titles: list[TitleStats], lang: Lang) -> discord.Embed:
    """`/stats`' answer: one field per title the player played."""
    embed = discord.Embed(title=msg.STATS_TITLE(lang, player=name)[:256], colour=TABLE_COLOUR)
    for stats in titles[:25]:
        embed.add_field(
            name=registry.get(stats.game).name(lang)[:256],
            value="\n".join(stats_lines(stats, lang))[:1024],
            inline=False,
        )
    embed.set_footer(text=msg.RATINGS_RULE(lang, min=MIN_GAMES))
    return embed


def board_line(entry: BoardEntry, lang: Lang, viewer: int | None) -> str:
    """One line of a leaderboard: place, who, rating and games; the reader's own in bold."""
    name = (
        cpu_name(entry.cpu_level, lang)
        if entry.user_id is None and entry.cpu_level is not None
        else shown_name(entry.name)
    )
    line = msg.BOARD_LINE(
        lang, place=entry.place, name=name, rating=rating_text(entry.rating), games=entry.games
    )
    return f"**{line}**" if viewer is not None and entry.user_id == viewer else line


def board_embed(game: str, board: Board, lang: Lang, viewer: int | None) -> discord.Embed:
    """`/leaderboard`'s answer."""
    title = registry.get(game).name(lang)
    lines = [board_line(entry, lang, viewer) for entry in board.top]
    if board.beyond:
        lines.append("…")
        lines += [board_line(entry, lang, viewer) for entry in board.beyond]
    if not lines:
        lines = [msg.BOARD_EMPTY(lang, game=title, min=MIN_GAMES)]
    embed = discord.Embed(
        title=msg.BOARD_TITLE(lang, game=title)[:256],
        description="\n".join(lines)[:4096],
        colour=TABLE_COLOUR,
    )
    footer = msg.RATINGS_RULE(lang, min=MIN_GAMES)
    if board.unranked:
        footer += " " + msg.BOARD_UNRANKED(lang, n=board.unranked, min=MIN_GAMES)
    embed.set_footer(text=footer)
    return embed


class Records:
    """`/stats` and `/leaderboard`; one instance per bot."""

    def __init__(self, records: StandingRecords) -> None:
        self._records = records

    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.abc.User | None,
        game: str | None,
    ) -> None:
        """A player's record in this server (the reader's own by default), per title or at
        `game`, privately."""
        lang = lang_for(interaction)
        if interaction.guild_id is None or (game is not None and not _known(game)):
            await interaction.response.send_message(msg.ERROR_BAD_OPTION(lang), ephemeral=True)
            return
        who = player or interaction.user
        name = shown_name(who.display_name)
        titles = await self._records.player_stats(interaction.guild_id, who.id, game)
        if not titles:
            text = (
                msg.STATS_NONE_GAME(lang, player=name, game=registry.get(game).name(lang))
                if game is not None
                else msg.STATS_NONE(lang, player=name)
            )
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        await interaction.response.send_message(
            embed=stats_embed(name, titles, lang), ephemeral=True
        )

    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        """A title's best players in this server with the CPU levels among them, privately."""
        lang = lang_for(interaction)
        if interaction.guild_id is None or not _known(game):
            await interaction.response.send_message(msg.ERROR_BAD_OPTION(lang), ephemeral=True)
            return
        viewer = interaction.user.id
        board = await self._records.leaderboard(
            interaction.guild_id, game, size=BOARD_SIZE, viewer=viewer
        )
        await interaction.response.send_message(
            embed=board_embed(game, board, lang, viewer), ephemeral=True
        )


def _known(game: str) -> bool:
    """Whether `game` names a registered title (an option's value can be anything)."""
    return any(known.id == game for known in registry.all())
