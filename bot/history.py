"""What a player reads privately beside the table: a game's whole log and its reference.

The table shows only the last few moves; `/game log` and the table's 📜 button answer with every
public event of the game so far (or of a finished game), replayed from its stored action log, in
the reader's language, one page at a time with ◀ ▶ buttons that edit the same private message.
The table's 📖 button answers with the rules summary and the renderer's reference material, one
phone screen a page, paged the same way. Each player keeps one such reading per game
(`answers.Readings`): a new one replaces the last.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.answers import Readings
from bot.components import LogPage
from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.render import renderer_for
from bot.render.base import TABLE_COLOUR, RenderContext
from bot.render.common import phone_rows
from games import registry
from games.core import Event, IllegalAction, Lang

if TYPE_CHECKING:
    from bot.ports import HistoryRecords
    from bot.storage.records import GameRecord

log = logging.getLogger(__name__)

#: Phone rows a page of the log or of the rules holds, so that a page with its title, footer
#: and buttons fits a phone's screen (an embed description holds 4096 characters).
PAGE_ROWS = 24


def pages_of(lines: list[str], rows: int = PAGE_ROWS) -> list[list[str]]:
    """`lines` cut into pages of at most `rows` phone rows each (a longer line alone)."""
    pages: list[list[str]] = [[]]
    used = 0
    for line in lines:
        height = phone_rows(line) if line else 1
        if pages[-1] and used + height > rows:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += height
    return pages


def page_buttons(game_id: int, page: int, pages: int, *, reference: bool) -> discord.ui.View:
    """◀ ▶ under page `page` of `pages`."""
    view = discord.ui.View(timeout=None)
    ways = ((False, page - 1, page == 0), (True, page + 1, page >= pages - 1))
    for forward, to, disabled in ways:
        view.add_item(
            LogPage(
                game_id=game_id, page=to, forward=forward, disabled=disabled, reference=reference
            )
        )
    return view


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


def page_payload(
    record: GameRecord, lines: list[str], page: int | None, lang: Lang
) -> dict[str, Any]:
    """One page of the log (the last one for None or a page past the end) with its ◀ ▶
    buttons."""
    pages = pages_of([f"• {line}" for line in lines])
    last = len(pages) - 1
    page = last if page is None else min(max(page, 0), last)
    game = registry.get(record.game)
    embed = discord.Embed(
        title=msg.HISTORY_TITLE(lang, game=game.name(lang), id=record.id)[:256],
        description="\n".join(pages[page])[:4096] or msg.HISTORY_EMPTY(lang),
        colour=TABLE_COLOUR,
    )
    embed.set_footer(text=msg.HISTORY_PAGE(lang, page=page + 1, pages=len(pages)))
    return {"embeds": [embed], "view": page_buttons(record.id, page, len(pages), reference=False)}


def reference_pages(record: GameRecord, lang: Lang) -> list[discord.Embed]:
    """The rules summary, cut at its paragraphs into pages of a phone's screen, then each page
    of the renderer's reference (`Renderer.reference`)."""
    game = registry.get(record.game)
    title = msg.REFERENCE_TITLE(lang, game=game.name(lang))[:256]
    paragraphs = game.rules_summary(lang).split("\n\n")
    chunks: list[list[str]] = [[]]
    used = 0
    for paragraph in paragraphs:
        height = sum(phone_rows(line) if line else 1 for line in paragraph.split("\n")) + 1
        if chunks[-1] and used + height > PAGE_ROWS:
            chunks.append([])
            used = 0
        chunks[-1].append(paragraph)
        used += height
    rules = [
        discord.Embed(title=title, description="\n\n".join(chunk)[:4096], colour=TABLE_COLOUR)
        for chunk in chunks
    ]
    # Reference is what does not change in play (yaku and their slots, the ability cards):
    # the game as dealt shows it, without reading (or locking) the game in progress.
    state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
    ctx = RenderContext(game=game, state=state, record=record, lang=lang, events=[])
    return rules + renderer_for(game.id).reference(ctx)


class History:
    """`/game log`, the table's 📜 and 📖 buttons and their pages; one instance per bot."""

    def __init__(self, records: HistoryRecords, readings: Readings) -> None:
        self._records = records
        self._readings = readings

    async def show(
        self, interaction: discord.Interaction[Any], game_id: int, page: int | None
    ) -> None:
        """Answer privately with a page of the game's log (the newest page when `page` is
        None); a page button's click edits its own message. Only games of the server asked
        from, and only once they started."""
        lang = lang_for(interaction)
        record = await self._records.get(game_id)
        if record is None or record.guild_id != interaction.guild_id or record.status == "lobby":
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        rows = await self._records.actions(game_id)
        lines = replayed_lines(record, rows, lang)
        payload = page_payload(record, lines, page, lang)
        await self._answer(interaction, game_id, payload, turning=page is not None)

    async def reference(
        self, interaction: discord.Interaction[Any], game_id: int, page: int | None = None
    ) -> None:
        """The rules summary and the game's reference, privately, in the reader's language,
        a page at a time (the first when `page` is None)."""
        lang = lang_for(interaction)
        record = await self._records.get(game_id)
        if record is None or record.guild_id != interaction.guild_id:
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        pages = reference_pages(record, lang)
        shown = min(max(page or 0, 0), len(pages) - 1)
        embed = pages[shown]
        if len(pages) > 1:
            embed.set_footer(text=msg.HISTORY_PAGE(lang, page=shown + 1, pages=len(pages)))
        payload: dict[str, Any] = {"embeds": [embed]}
        if len(pages) > 1:
            payload["view"] = page_buttons(record.id, shown, len(pages), reference=True)
        await self._answer(interaction, game_id, payload, turning=page is not None)

    async def _answer(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        payload: dict[str, Any],
        *,
        turning: bool,
    ) -> None:
        """A page turned (`turning`) edits its own message; else the page is a new reading,
        which replaces the player's last one."""
        if turning and interaction.message is not None:
            await interaction.response.edit_message(**payload)
            return
        await interaction.response.send_message(**payload, ephemeral=True)
        await self._readings.shown(interaction, game_id)
