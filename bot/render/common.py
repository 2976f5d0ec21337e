"""Helpers every renderer uses: the turn line, the recent-moves log, the winners line, the
brief table text shown beside a picture; and `GameRenderer`, the base of the games' renderers."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import discord

from bot.i18n import messages as msg
from bot.names import display_width
from bot.render.base import FIELD_MAX, TABLE_COLOUR, RenderContext
from games.core import Action, Event, Result

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


def seat_mark(seat: int) -> str:
    """A compact mark for a seat: ① for seat 0, ② for seat 1, …"""
    return CIRCLED[seat] if 0 <= seat < len(CIRCLED) else f"({seat + 1})"


@functools.lru_cache(maxsize=1024)
def action_code(kind: type[Action], **fields: Any) -> str:
    """`kind(**fields).encode()`, what a control for that move carries. Cached: a hand's
    controls name mostly the same moves at every render, and making an action validates it."""
    return kind(**fields).encode()


def seat_title(ctx: RenderContext, seat: int) -> str:
    """A seat as lines and fields name it: its mark and its label ("① Aoi", "② 🤖 CPU 1")."""
    return f"{seat_mark(seat)} {ctx.seat_label(seat)}"


def standings(result: Result) -> list[int]:
    """The seats of a finished game, best first: the winners, then by score, then by the
    game's tie-breaker (`Result.tiebreak`), then in seat order. An end screen lists them so,
    and a win decided by the tie-breaker never shows below a loser with the same score."""
    tiebreak = result.tiebreak or [0] * len(result.scores)
    return sorted(
        range(len(result.scores)),
        key=lambda s: (s not in result.winners, -result.scores[s], -tiebreak[s], s),
    )


def hand_title(ctx: RenderContext, seat: int) -> str:
    """A hand message's title: the game, its number and whose hand ("襲ノ色目 #12 — ① Aoi")."""
    return f"{ctx.game.name(ctx.lang)} #{ctx.record.id} — {seat_mark(seat)} {ctx.seat_name(seat)}"


def in_play(ctx: RenderContext) -> bool:
    """Whether the game is being played. A hand of a game that is over or abandoned asks
    nothing of anyone: no prompt to act, no line saying whom it waits for, no controls."""
    return ctx.record.status == "playing"


def turn_line(ctx: RenderContext, seats: list[int], step: str | None = None) -> str:
    """ "Turn: name (step) · ends in 3 minutes" for the seats to act (beside a picture, several
    seats by their marks alone); a game that no longer runs names no one (an abandoned game's
    seats to act and deadline are void)."""
    if ctx.record.status == "abandoned":
        return "⛔ " + msg.TABLE_ABANDONED(ctx.lang)
    if not seats:
        return msg.TABLE_OVER(ctx.lang)
    if ctx.pictures and len(seats) > 1:
        # Beside a picture, which marks the seats to act, several of them are named by their
        # marks (the scores line names each mark).
        who = ", ".join(seat_mark(s) for s in seats)
    else:
        who = ", ".join(f"{seat_mark(s)} **{ctx.seat_label(s)}**" for s in seats)
    line = msg.TABLE_TURN(ctx.lang, who=who)
    if step:
        line += f" — {step}"
    if ctx.record.deadline:
        line += " · " + msg.TABLE_DEADLINE(ctx.lang, when=f"<t:{int(ctx.record.deadline)}:R>")
    return line


#: The moves a table lists (its Log button shows them all): the newest that fit in
#: `TABLE_LOG_ROWS` rows of a phone's width (`PHONE_COLUMNS`), the last move always, so that
#: the table fits a phone's screen.
TABLE_LOG_ROWS = 3
#: The moves a hand lists as having happened since its seat's last move fit in this many rows
#: of a phone's width (the newest; a line under the heading counts those left out).
SINCE_ROWS = 3
#: Columns of Latin letters a phone shows in a line of an embed (at 390 px).
PHONE_COLUMNS = 42


def phone_rows(text: str) -> int:
    """How many rows `text` (one line) takes on a phone, about."""
    return max(1, -(-display_width(text) // PHONE_COLUMNS))


def log_lines(
    ctx: RenderContext,
    describe: Callable[[RenderContext, Event], str | None],
    events: list[tuple[int, Event]],
    keep: int = 6,
    rows: int | None = None,
) -> tuple[list[str], int]:
    """The lines of the `keep` most recent of `events` that say anything, oldest first, and
    with `rows` only the newest that fit in that many `phone_rows` (the last one always); a
    move the turn timer or a stand-in CPU made is marked ⏰. Also returns how many of the events
    that say anything were left out."""
    said = 0
    lines: list[str] = []
    for version, event in reversed(events):  # the newest back
        if text := describe(ctx, event):
            said += 1
            if len(lines) < keep:
                stand_in = "⏰ " if ctx.stand_ins.get(version, -1) == event.seat else ""
                lines.append(f"• {stand_in}{text}")
    lines.reverse()
    if rows is not None:
        heights = [phone_rows(line) for line in lines]
        total = sum(heights)
        while len(lines) > 1 and total > rows:
            total -= heights.pop(0)
            del lines[0]
    return lines, said - len(lines)


def log_text(
    ctx: RenderContext,
    describe: Callable[[RenderContext, Event], str | None],
    keep: int = 6,
    rows: int | None = None,
) -> str:
    """The `keep` most recent public events as `log_lines` ("—" when there are none)."""
    lines, _ = log_lines(ctx, describe, ctx.events, keep, rows)
    body = "\n".join(lines)
    return body[-1024:] if body else "—"


def since_text(
    ctx: RenderContext,
    describe: Callable[[RenderContext, Event], str | None],
    events: list[tuple[int, Event]],
) -> str | None:
    """What a hand lists as having happened since its seat's last move (`events`): a heading
    and the newest lines that fit in `SINCE_ROWS`, the heading counting those left out (the
    Log button shows them); None when nothing was said."""
    lines, left_out = log_lines(ctx, describe, events, keep=SINCE_ROWS, rows=SINCE_ROWS)
    if not lines:
        return None
    heading = msg.HAND_SINCE(ctx.lang)
    if left_out:
        heading += " · " + msg.HAND_SINCE_EARLIER(ctx.lang, n=left_out)
    return "\n".join([f"**{heading}**", *lines])


def table_log(ctx: RenderContext, describe: Callable[[RenderContext, Event], str | None]) -> str:
    """The recent moves a text-only table lists (`TABLE_LOG_ROWS`)."""
    return log_text(ctx, describe, keep=TABLE_LOG_ROWS, rows=TABLE_LOG_ROWS)


def brief(
    ctx: RenderContext,
    title: str,
    description: str,
    fields: list[tuple[str, str]],
    describe: Callable[[RenderContext, Event], str | None],
) -> discord.Embed:
    """The table's text beside its picture: what a screen reader or a notification needs —
    whose turn (in `description`), the standing of each seat and what is being decided now
    (`fields`: name, value), and the recent moves (`table_log`). The picture shows the rest."""
    embed = table_embed(ctx, title, description + status_suffix(ctx, description))
    for name, value in fields:
        embed.add_field(name=name[:256], value=value[:FIELD_MAX] or "—", inline=False)
    embed.add_field(
        name=msg.TABLE_RECENT_MOVES(ctx.lang), value=table_log(ctx, describe), inline=False
    )
    return embed


def scores_line(ctx: RenderContext, scores: list[str]) -> tuple[str, str]:
    """A brief table's field of every seat's score on one line: `scores[seat]` after the
    seat's mark and name."""
    value = " · ".join(f"{seat_title(ctx, s)} {score}" for s, score in enumerate(scores))
    return msg.TABLE_SCORES(ctx.lang), value


def table_embed(ctx: RenderContext, title: str, description: str) -> discord.Embed:
    embed = discord.Embed(title=title[:256], description=description[:4096], colour=TABLE_COLOUR)
    embed.set_footer(text=f"#{ctx.record.id} · {ctx.game.name(ctx.lang)}"[:2048])
    return embed


def winners_line(ctx: RenderContext, winners: list[int]) -> str:
    names = ", ".join(f"**{ctx.seat_label(s)}**" for s in winners)
    text = msg.FINAL_WINNER if len(winners) == 1 else msg.FINAL_WINNERS
    return "🏆 " + text(ctx.lang, winners=names)


def status_suffix(ctx: RenderContext, description: str = "") -> str:
    """A note for tables of games that no longer run, unless `description` (the text it goes
    under) says it already (`turn_line`)."""
    if ctx.record.status == "abandoned" and msg.TABLE_ABANDONED(ctx.lang) not in description:
        return "\n\n" + msg.TABLE_ABANDONED(ctx.lang)
    return ""


View = TypeVar("View")


class GameRenderer(ABC, Generic[View]):
    """The base of a game's renderer (`bot.render.base.Renderer`), typed by the game's public
    view: what every game's table and end embeds share — the title, the brief text beside a
    picture, the whole table's text — and no reference beyond the rules unless it says one."""

    game_id: str
    #: Put before the game's name in its embeds' titles.
    title_mark: str = ""

    @abstractmethod
    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """One log line for a public event (None to leave it out of the log)."""

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Nothing beyond the rules summary: every choice is explained where it is made."""
        return []

    def _public(self, ctx: RenderContext) -> View:
        return ctx.state.public_view()  # type: ignore[return-value]

    def _title(self, ctx: RenderContext, header: str) -> str:
        """An embed's title: the game's name, then `header` (the round, the trick, the end)."""
        return f"{self.title_mark}{ctx.game.name(ctx.lang)} — {header}"

    def _brief(
        self, ctx: RenderContext, header: str, description: str, fields: list[tuple[str, str]]
    ) -> discord.Embed:
        """The table's text beside its picture (`brief`), titled with `header` alone as the
        whole table's text is (`_table_embed`: the footer and the thread name the game, whose
        name may take a phone's line of its own)."""
        title = f"{self.title_mark}{header}"
        return brief(ctx, title, description, fields, self.event_text)

    def _table_embed(self, ctx: RenderContext, header: str, description: str) -> discord.Embed:
        """The whole table's text, titled with `header` alone (the footer and the thread name
        the game: a title of one short line keeps the table within a phone's screen), noting
        a game that no longer runs."""
        title = f"{self.title_mark}{header}"
        return table_embed(ctx, title, description + status_suffix(ctx, description))
