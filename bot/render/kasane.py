"""襲ノ色目 on Discord: the grid, tableaus and yaku board; the hand with its meld buttons."""

from __future__ import annotations

import discord

from bot.render import common
from bot.render.base import (
    FIELD_MAX,
    TABLE_COLOUR,
    Button,
    RenderContext,
    Rendered,
    Select,
    SelectOption,
)
from games.core import Event, Lang
from games.kasane import actions as act
from games.kasane import texts
from games.kasane.views import PrivateView, PublicView

#: Each number is a colour in the game; one square per colour makes tableaus readable at a glance.
COLOUR_MARK = {
    1: "🟥",
    2: "🟧",
    3: "🟨",
    4: "🟩",
    5: "🟦",
    6: "🟪",
    7: "🟫",
    8: "⬛",
    9: "⬜",
    0: "✚",
}

#: Buttons for melds before the list switches to a select (4 rows of 5; row 5 holds the rest).
MELD_BUTTONS_MAX = 19


def card(value: int) -> str:
    """A card as its colour mark and number (`✚+1` for the +1 card)."""
    return f"{COLOUR_MARK[value]}{texts.card_name(value)}"


def cards(values: list[int]) -> str:
    return " ".join(card(v) for v in values)


def yaku_name(yaku: str, lang: Lang) -> str:
    return texts.YAKU_NAME[yaku](lang)


class KasaneRenderer(common.GameRenderer[PublicView]):
    game_id = "kasane"

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        seats = [] if view.turn_seat is None else [view.turn_seat]
        step = None if view.over else texts.STEPS[view.step](lang)
        header = texts.ROUND(lang, round=view.round, rounds=view.rounds)
        if ctx.pictures:
            # Beside the picture, in as few lines as a phone's screen needs with a grid's
            # moves on the table: each seat's points under whose turn it is.
            scores = [texts.POINTS(lang, n=view.scores[s]) for s in range(view.players)]
            _, standing = common.scores_line(ctx, scores)
            description = f"{common.turn_line(ctx, seats, step)}\n{standing}"
            if view.step == "take" and not view.over:
                # What the take buttons ("Row 2") take, for whoever does not see the picture.
                fronts = [
                    f"`{n}` {card(row.front)}"
                    for n, row in enumerate(view.grid, start=1)
                    if row.front is not None
                ]
                description += f"\n{texts.TAKEABLE(lang)}: " + " · ".join(fronts)
            embed = self._brief(ctx, header, description, [])
            return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))
        lines = [common.turn_line(ctx, seats, step), ""]
        deck = texts.DECK(lang, deck=view.deck_size, discard=view.discard_size)
        lines.append(f"**{texts.GRID(lang)}** · {deck}")
        for n, row in enumerate(view.grid, start=1):
            if not row.cards:
                lines.append(f"`{n}` {texts.EMPTY(lang)}")
                continue
            shown = [card(c) for c in row.cards[:-1]] + [f"【{card(row.cards[-1])}】"]
            lines.append(f"`{n}` " + " ".join(shown))
        # One line per seat: its points, hand size and tableau in brief (how many cards, and
        # the top one, which a meld may use), so that the table fits a phone's screen. The
        # hand message shows the seat's own tableau in full.
        for seat in range(view.players):
            points = texts.POINTS(lang, n=view.scores[seat])
            hand = texts.HAND(lang, n=view.hand_sizes[seat])
            line = f"**{common.seat_title(ctx, seat)}** {points} · {hand}"
            tableau = view.tableaus[seat]
            if tableau:
                line += " · " + texts.TABLEAU_BRIEF(lang, n=len(tableau), top=card(tableau[-1]))
            lines.append(line)
        embed = self._table_embed(ctx, header, "\n".join(lines))
        embed.add_field(name=texts.YAKU_BOARD(lang), value=self._board(view, lang), inline=False)
        embed.add_field(
            name=texts.LOG(lang),
            value=common.table_log(ctx, self.event_text),
            inline=False,
        )
        return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))

    def _table_controls(self, ctx: RenderContext, view: PublicView) -> list[Button | Select]:
        """The take buttons, one per row of the grid, for the seat to take."""
        lang = ctx.lang
        controls: list[Button | Select] = []
        if view.step == "take" and view.turn_seat is not None and common.in_play(ctx):
            # The turn's moves: one button per row whose front card may be taken, named by the
            # row alone (the picture and the text table show the card at its end), so that the
            # four rows' buttons share one line on a phone.
            for action in ctx.state.legal_actions(view.turn_seat):
                assert isinstance(action, act.Take)
                controls.append(
                    Button(
                        label=texts.TAKE(lang, n=action.row + 1),
                        action=action.encode(),
                        seat=view.turn_seat,
                        style=discord.ButtonStyle.primary,
                        row=0,
                    )
                )
        return controls

    def _board(self, view: PublicView, lang: Lang) -> str:
        lines: list[str] = []
        for yaku in texts.YAKU_NAME:
            slots = [s for s in view.slots if s.yaku == yaku]
            counts: dict[int, list[str]] = {}
            points: dict[int, list[int]] = {}
            for slot in slots:
                mark = (
                    "○"
                    if not slot.used
                    else ("×" if slot.by is None else common.seat_mark(slot.by))
                )
                counts.setdefault(slot.count, []).append(mark)
                points.setdefault(slot.count, []).append(slot.points)
            parts = [
                f"{count}:{'/'.join(str(p) for p in dict.fromkeys(points[count]))} "
                + "".join(marks)
                for count, marks in counts.items()
            ]
            entry = f"**{texts.YAKU_SHORT[yaku](lang)}** " + "  ".join(parts)
            # Short entries share a line when it stays within a phone's width.
            joined = f"{lines[-1]} · {entry}" if lines else entry
            if lines and common.display_width(joined.replace("**", "")) <= common.PHONE_COLUMNS:
                lines[-1] = joined
            else:
                lines.append(entry)
        return "\n".join(lines)[:FIELD_MAX]

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        view = self._public(ctx)
        return view.step == "take" and view.turn_seat == seat

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        embed = discord.Embed(
            title=title[:256],
            colour=discord.Colour(0x6A8CB0),
        )
        tableau_title = texts.TABLEAU_POINTS(lang, n=view.scores[seat])
        if ctx.pictures:
            # The picture shows the hand and the tableau; their score is said here.
            embed.description = f"**{tableau_title}**"
        else:
            if private.hand:
                shown = [card(c) for c in private.hand[:-1]]
                shown.append(f"**【{card(private.hand[-1])}】**")
                hand_text = " → ".join(shown)
            else:
                hand_text = texts.HAND_EMPTY(lang)
            embed.add_field(name=texts.YOUR_HAND(lang), value=hand_text, inline=False)
            embed.add_field(
                name=tableau_title,
                value=(cards(view.tableaus[seat]) or "—")[:FIELD_MAX],
                inline=False,
            )
        controls: list[Button | Select] = []
        if not common.in_play(ctx):
            content = None
        elif private.melds:
            lines = [
                f"{yaku_name(m.yaku, lang)} {m.count} — {cards(m.cards)} → +{m.points}"
                for m in private.melds
            ]
            embed.add_field(
                name=texts.MELDS(lang), value="\n".join(lines)[:FIELD_MAX], inline=False
            )
            labels = [
                texts.MELD_LABEL(lang, yaku=yaku_name(m.yaku, lang), count=m.count, points=m.points)
                for m in private.melds
            ]
            if len(private.melds) <= MELD_BUTTONS_MAX:
                controls += [
                    Button(
                        label=label, action=m.action, seat=seat, style=discord.ButtonStyle.success
                    )
                    for m, label in zip(private.melds, labels, strict=True)
                ]
            else:
                options = tuple(
                    SelectOption(label=label, value=m.action, description=cards(m.cards)[:100])
                    for m, label in zip(private.melds, labels, strict=True)
                )
                controls.append(
                    Select(placeholder=texts.CHOOSE_MELD(lang), options=options[:25], seat=seat)
                )
            controls.append(Button(label=texts.NO_MELD(lang), action="pass", seat=seat, emoji="⏭️"))
            content = None
        elif view.turn_seat == seat and view.step == "take":
            content = texts.WAIT_TAKE(lang)
        elif view.turn_seat is not None:
            content = texts.WAIT(lang, who=ctx.seat_label(view.turn_seat))
        else:
            content = None
        return Rendered(embeds=[embed], controls=controls, content=content)

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        data = event.data
        kind = event.kind
        if kind == "no_meld" and data.get("forced"):
            return None  # the take before it says what happened; nobody chose to skip
        if kind == "take" and "points" in data:
            kind = "take_plus_one"  # a +1 scores at once, and no meld may follow it
        template = texts.EVENTS.get(kind)
        if template is None:
            return None
        values: dict[str, object] = {
            "player": ctx.seat_label(event.seat) if event.seat is not None else "",
            "round": data.get("round", ""),
            "rounds": data.get("rounds", ""),
            "row": data.get("row", 0) + 1 if "row" in data else "",
            "card": card(data["card"]) if "card" in data else "",
            "yaku": yaku_name(data["yaku"], ctx.lang) if "yaku" in data else "",
            "count": data.get("count", ""),
            "points": data.get("points", ""),
        }
        if event.kind == "round_start" and "start_player" in data:
            values["player"] = ctx.seat_label(int(data["start_player"]))
        text = template(ctx.lang, **values)
        if event.kind == "meld" and "cards" in data:
            text += f" ({cards(list(data['cards']))})"
        if event.kind in ("round_end", "round_start"):
            text = f"🔔 **{text}**"  # a new grid: announced so that no one misses it
        return text

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Each yaku's condition and its slots (cards → points), and the board's notation."""
        view, lang = self._public(ctx), ctx.lang
        embed = discord.Embed(
            title=texts.REF_YAKU(lang), description=texts.REF_NOTATION(lang), colour=TABLE_COLOUR
        )
        for yaku in texts.YAKU_NAME:
            slots: dict[tuple[int, int], int] = {}
            for slot in view.slots:
                if slot.yaku == yaku:
                    key = (slot.count, slot.points)
                    slots[key] = slots.get(key, 0) + 1
            offered = " · ".join(
                texts.REF_SLOT(lang, count=count, points=points, n=n)
                for (count, points), n in slots.items()
            )
            embed.add_field(
                name=yaku_name(yaku, lang),
                value=f"{texts.YAKU_CONDITION[yaku](lang)}\n{offered or '—'}"[:FIELD_MAX],
                inline=False,
            )
        return [embed]

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        lang = ctx.lang
        embed = common.table_embed(ctx, self._title(ctx, texts.FINAL(lang)), "")
        order = common.standings(result)
        for seat in order:
            parts = result.breakdown[seat]
            lines = [
                f"{label(lang)}: {parts.get(key, 0)}" for key, label in texts.BREAKDOWN.items()
            ]
            lines.append(f"**{texts.TOTAL(lang)}: {result.scores[seat]}**")
            if result.tiebreak:
                lines.append(f"{texts.TABLEAU_SIZE(lang)}: {result.tiebreak[seat]}")
            embed.add_field(
                name=common.seat_title(ctx, seat)[:256],
                value="\n".join(lines),
                inline=True,
            )
        embed.description = common.winners_line(ctx, result.winners)
        return [embed]


RENDERER = KasaneRenderer()
