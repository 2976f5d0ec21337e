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
from bot.render.pictures.kasane import TakeOutcome, outcome_text, take_outcomes
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

#: Buttons for melds before they become one select: a meld's button takes a phone's line, and
#: the hand must fit a phone's screen.
MELD_BUTTONS_MAX = 4

#: The hand's colour beside its embed.
HAND_COLOUR = discord.Colour(0x6A8CB0)

#: The quick reference's pages, each short enough for a phone's screen: how the board reads
#: with the yaku of one colour, of a sum and of a set of three; then the runs and the odd and
#: even yaku.
REFERENCE_PAGES: tuple[tuple[str, ...], ...] = (
    ("kasane", "ju", "sakura_chirashi", "chidori", "asanoha"),
    ("kagen", "jogen", "kachofugetsu", "setsugetsufuka"),
)


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
        """The seat's screen: on its turn to take, the grid's rows with what each take would
        give it (its point, the best meld it then allows) and a button a row; at its meld step
        the melds it can make (cards and points) and a button each, or a select when there are
        many, and No meld; then its hand and its tableau (in the picture, when it goes out
        with one)."""
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        embed = discord.Embed(title=common.hand_title(ctx, seat)[:256], colour=HAND_COLOUR)
        playing = common.in_play(ctx)
        controls: list[Button | Select] = []
        content: str | None = None
        lines: list[str] = []
        if playing and view.step == "take" and view.turn_seat == seat:
            outcomes = take_outcomes(private)
            lines.append(f"**{texts.TAKE_PROMPT(lang)}**")
            if not ctx.pictures:
                embed.add_field(
                    name=texts.TAKES(lang),
                    value=self._takes(view, outcomes, lang)[:FIELD_MAX],
                    inline=False,
                )
            controls += [
                Button(
                    label=texts.TAKE_BUTTON(lang, n=o.row + 1, gain=self._gain(o)).strip(),
                    action=common.action_code(act.Take, row=o.row),
                    seat=seat,
                    style=discord.ButtonStyle.primary,
                )
                for o in outcomes
            ]
        elif playing and private.melds:
            lines.append(f"**{texts.MELD_PROMPT(lang)}**")
            controls += self._meld_controls(embed, private, seat, lang)
        elif playing and view.turn_seat is not None and view.turn_seat != seat:
            content = texts.WAIT(lang, who=ctx.seat_label(view.turn_seat))
        tableau_title = texts.TABLEAU_POINTS(lang, n=view.scores[seat])
        if ctx.pictures:
            # The picture shows the rows, the hand and the tableau with its points.
            embed.description = "\n".join(lines) or f"**{tableau_title}**"
        else:
            if lines:
                embed.description = "\n".join(lines)
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
        return Rendered(embeds=[embed], controls=controls, content=content)

    @staticmethod
    def _gain(outcome: TakeOutcome) -> str:
        """What a take button says its take gives: the points of its +1 and of the best meld
        it allows (`+3`), or nothing."""
        points = outcome.points + (outcome.meld.points if outcome.meld is not None else 0)
        return f"+{points}" if points else ""

    @staticmethod
    def _takes(view: PublicView, outcomes: list[TakeOutcome], lang: Lang) -> str:
        """The grid's rows for the hand in words: each row's cards (its front card, the one
        taken, in 【】) and what taking it gives."""
        gains = {o.row: outcome_text(o, lang) for o in outcomes}
        lines = []
        for n, row in enumerate(view.grid, start=1):
            if not row.cards:
                lines.append(f"`{n}` {texts.EMPTY(lang)}")
                continue
            shown = [card(c) for c in row.cards[:-1]] + [f"【{card(row.cards[-1])}】"]
            lines.append(f"`{n}` {' '.join(shown)} → **{gains[n - 1]}**")
        return "\n".join(lines)

    def _meld_controls(
        self, embed: discord.Embed, private: PrivateView, seat: int, lang: Lang
    ) -> list[Button | Select]:
        """The meld step's controls: a button a meld (its yaku, cards and points listed
        above them), or with many melds one select whose options say the same; and No
        meld."""
        controls: list[Button | Select] = []
        labels = [
            texts.MELD_LABEL(
                lang, yaku=texts.YAKU_SHORT[m.yaku](lang), count=m.count, points=m.points
            )
            for m in private.melds
        ]
        if len(private.melds) <= MELD_BUTTONS_MAX:
            listed = [
                f"{label} — {cards(m.cards)}" + (f" {texts.USES_TOP(lang)}" if m.top else "")
                for m, label in zip(private.melds, labels, strict=True)
            ]
            embed.add_field(
                name=texts.MELDS(lang), value="\n".join(listed)[:FIELD_MAX], inline=False
            )
            controls += [
                Button(
                    label=label[:80], action=m.action, seat=seat, style=discord.ButtonStyle.success
                )
                for m, label in zip(private.melds, labels, strict=True)
            ]
        else:
            options = tuple(
                SelectOption(
                    label=label[:100],
                    value=m.action,
                    description=(cards(m.cards) + (f" {texts.USES_TOP(lang)}" if m.top else ""))[
                        :100
                    ],
                )
                for m, label in zip(private.melds, labels, strict=True)
            )
            controls.append(
                Select(placeholder=texts.CHOOSE_MELD(lang), options=options[:25], seat=seat)
            )
        controls.append(Button(label=texts.NO_MELD(lang), action="pass", seat=seat, emoji="⏭️"))
        return controls

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """A log line: who took which row's card (a +1 with its point), who made which yaku
        with which cards for how many points, who chose no meld; a round's start, and its end
        as a summary of the round (each seat's points in it and in all), the game's end with
        the final scores and their end bonuses."""
        data, lang = event.data, ctx.lang
        kind = event.kind
        if kind == "no_meld" and data.get("forced"):
            return None  # the take before it says what happened; nobody chose to skip
        if kind == "take" and "points" in data:
            kind = "take_plus_one"  # a +1 scores at once, and no meld may follow it
        if kind == "round_end" and "scores" in data:
            return f"🔔 **{texts.EVENTS['round_end'](lang, round=data['round'])}** · " + (
                self._round_scores(ctx, event)
            )
        if kind == "game_over" and "scores" in data:
            return f"🏁 **{texts.EVENTS['game_over'](lang)}** · " + self._final_scores(ctx, data)
        template = texts.EVENTS.get(kind)
        if template is None:
            return None
        values: dict[str, object] = {
            "player": ctx.seat_label(event.seat) if event.seat is not None else "",
            "round": data.get("round", ""),
            "rounds": data.get("rounds", ""),
            "row": data.get("row", 0) + 1 if "row" in data else "",
            "card": card(data["card"]) if "card" in data else "",
            "yaku": texts.YAKU_SHORT[data["yaku"]](lang) if "yaku" in data else "",
            "cards": cards(list(data.get("cards", []))),
            "count": data.get("count", ""),
            "points": data.get("points", ""),
        }
        text = template(lang, **values)
        if event.kind in ("round_end", "round_start"):
            text = f"🔔 **{text}**"  # a new grid: announced so that no one misses it
        if event.kind == "round_start" and "start_player" in data:
            starter = ctx.seat_label(int(data["start_player"]))
            text += " " + texts.ROUND_STARTER(lang, player=starter)
        return text

    @staticmethod
    def _round_scores(ctx: RenderContext, event: Event) -> str:
        """Each seat's points in the round that `event` ends and in all: the round's start
        (among the events the context holds) says where each seat stood; without it, the
        points in all alone."""
        scores = [int(n) for n in event.data["scores"]]
        start = next(
            (
                e.data.get("scores")
                for _, e in reversed(ctx.events)
                if e.kind == "round_start" and e.data.get("round") == event.data["round"]
            ),
            None,
        )
        parts = []
        for seat, total in enumerate(scores):
            who = common.seat_title(ctx, seat)
            if start is not None and len(start) == len(scores):
                gained = total - int(start[seat])
                parts.append(texts.ROUND_SEAT(ctx.lang, seat=who, gained=gained, total=total))
            else:
                parts.append(texts.ROUND_SEAT_TOTAL(ctx.lang, seat=who, total=total))
        return " · ".join(parts)

    @staticmethod
    def _final_scores(ctx: RenderContext, data: dict[str, object]) -> str:
        """Each seat's final score, with the end bonuses it includes (colours, empty hand)."""
        scores = list(data["scores"])  # type: ignore[call-overload]
        breakdown = list(data.get("breakdown") or [{}] * len(scores))  # type: ignore[call-overload]
        parts = []
        for seat, total in enumerate(scores):
            who = common.seat_title(ctx, seat)
            parts_of = breakdown[seat] if seat < len(breakdown) else {}
            bonus = int(parts_of.get("colour_bonus", 0)) + int(parts_of.get("empty_hand_bonus", 0))
            if bonus:
                parts.append(texts.FINAL_SEAT_BONUS(ctx.lang, seat=who, total=total, bonus=bonus))
            else:
                parts.append(texts.FINAL_SEAT(ctx.lang, seat=who, total=total))
        return " · ".join(parts)

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Each yaku's condition and its slots (cards → points), and how the board reads, on
        pages that each fit a phone's screen (`REFERENCE_PAGES`)."""
        view, lang = self._public(ctx), ctx.lang
        pages = []
        for number, page in enumerate(REFERENCE_PAGES, start=1):
            title = texts.REF_YAKU(lang, page=number, pages=len(REFERENCE_PAGES))
            embed = discord.Embed(title=title, colour=TABLE_COLOUR)
            if number == 1:
                embed.description = texts.REF_NOTATION(lang)
            for yaku in page:
                slots: dict[tuple[int, int], int] = {}
                for slot in view.slots:
                    if slot.yaku == yaku:
                        key = (slot.count, slot.points)
                        slots[key] = slots.get(key, 0) + 1
                offered = " · ".join(
                    texts.REF_SLOTS(lang, count=count, points=points, n=n)
                    if n > 1
                    else texts.REF_SLOT(lang, count=count, points=points)
                    for (count, points), n in slots.items()
                )
                embed.add_field(
                    name=yaku_name(yaku, lang),
                    value=f"{texts.YAKU_CONDITION[yaku](lang)}\n{offered or '—'}"[:FIELD_MAX],
                    inline=False,
                )
            pages.append(embed)
        return pages

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
