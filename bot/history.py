"""What a player reads privately beside the table: a game's whole log and its reference.

The table shows only the last few moves; `/game log` and the table's 📜 button answer with every
public event of the game so far (or of a finished game), replayed from its stored action log, in
the reader's language, one page at a time with ◀ ▶ buttons that edit the same private message.
The table's 📖 button answers with the rules summary and the renderer's reference material.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.components import LogPage
from bot.i18n import lang_of
from bot.i18n import messages as msg
from bot.render import renderer_for
from bot.render.base import TABLE_COLOUR, RenderContext
from games import registry
from games.core import Event, IllegalAction, Lang

if TYPE_CHECKING:
    from bot.ports import HistoryRecords
    from bot.storage.records import GameRecord

log = logging.getLogger(__name__)

#: Log lines per page (an embed description holds 4096 characters; a line is rarely over 150).
PAGE_LINES = 20


def replayed_lines(record: GameRecord, rows: list[tuple[int, int, str]], lang: Lang) -> list[str]:
    """Every public event of the game as the table's log words it, oldest first."""
    game = registry.get(record.game)
    renderer = renderer_for(record.game)
    state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
    events: list[tuple[int, Event]] = [(0, e) for e in state.opening_events() if e.public]
    try:
        for version, seat, text in rows:
            events += [
                (version, e) for e in state.apply(seat, game.Action.decode(text)) if e.public
            ]
    except (IllegalAction, ValueError) as exc:
        log.warning("game %s: its log does not replay (%s); shown up to there", record.id, exc)
    ctx = RenderContext(
        game=game, state=state, record=record, lang=lang, events=events, whole_log=True
    )
    return [line for _, event in events if (line := renderer.event_text(ctx, event))]


def page_payload(record: GameRecord, lines: list[str], page: int, lang: Lang) -> dict[str, Any]:
    """One page of the log (the last one for a page past the end) with its ◀ ▶ buttons."""
    pages = max(1, -(-len(lines) // PAGE_LINES))
    page = min(max(page, 0), pages - 1)
    shown = lines[page * PAGE_LINES : (page + 1) * PAGE_LINES]
    game = registry.get(record.game)
    embed = discord.Embed(
        title=msg.HISTORY_TITLE(lang, game=game.name(lang), id=record.id)[:256],
        description="\n".join(f"• {line}" for line in shown)[:4096] or msg.HISTORY_EMPTY(lang),
        colour=TABLE_COLOUR,
    )
    embed.set_footer(text=msg.HISTORY_PAGE(lang, page=page + 1, pages=pages))
    view = discord.ui.View(timeout=None)
    view.add_item(LogPage(game_id=record.id, page=page - 1, forward=False, disabled=page == 0))
    view.add_item(
        LogPage(game_id=record.id, page=page + 1, forward=True, disabled=page >= pages - 1)
    )
    return {"embeds": [embed], "view": view}


class History:
    """`/game log` and the log's page buttons; one instance per bot."""

    def __init__(self, records: HistoryRecords) -> None:
        self._records = records

    async def show(
        self, interaction: discord.Interaction[Any], game_id: int, page: int | None
    ) -> None:
        """Answer privately with a page of the game's log (the newest page when `page` is
        None); a page button's click edits its own message. Only games of the server asked
        from, and only once they started."""
        lang = lang_of(interaction.locale)
        record = await self._records.get(game_id)
        if record is None or record.guild_id != interaction.guild_id or record.status == "lobby":
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        rows = await self._records.actions(game_id)
        lines = replayed_lines(record, rows, lang)
        last = max(0, -(-len(lines) // PAGE_LINES) - 1)
        payload = page_payload(record, lines, last if page is None else page, lang)
        if page is not None and interaction.message is not None:
            await interaction.response.edit_message(**payload)
        else:
            await interaction.response.send_message(**payload, ephemeral=True)

    async def reference(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The rules summary and the game's reference, privately, in the reader's language."""
        lang = lang_of(interaction.locale)
        record = await self._records.get(game_id)
        if record is None or record.guild_id != interaction.guild_id:
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        game = registry.get(record.game)
        # Reference is what does not change in play (yaku and their slots, the ability cards):
        # the game as dealt shows it, without reading (or locking) the game in progress.
        state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
        rules = discord.Embed(
            title=msg.REFERENCE_TITLE(lang, game=game.name(lang))[:256],
            description=game.rules_summary(lang)[:4096],
            colour=TABLE_COLOUR,
        )
        ctx = RenderContext(game=game, state=state, record=record, lang=lang, events=[])
        extra = renderer_for(game.id).reference(ctx)
        await interaction.response.send_message(embeds=[rules, *extra][:10], ephemeral=True)
