"""襲ノ色目 on Discord: the grid, tableaus and yaku board; the hand with its meld buttons."""

from __future__ import annotations

import discord

from bot.render.base import (
    FIELD_MAX,
    TABLE_COLOUR,
    Button,
    RenderContext,
    Rendered,
    Select,
    SelectOption,
)
from bot.render.common import (
    Texts,
    log_text,
    seat_mark,
    status_suffix,
    table_embed,
    turn_line,
    winners_line,
)
from games.core import Event, Lang
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

TEXT: dict[Lang, dict[str, str]] = {
    "ja": {
        "round": "第{round}/{rounds}ラウンド",
        "grid": "共通の場（【】が取れるカード）",
        "row": "{n}行目",
        "take": "{n}行目: {card}",
        "empty": "（なし）",
        "tableau": "場",
        "hand": "手札{n}枚",
        "points": "{n}点",
        "yaku_board": "役（○空き・①〜④使用者・×使用済み）",
        "log": "最近の手",
        "your_hand": "あなたの手札（左が下、右が1番上）",
        "hand_empty": "手札はありません。",
        "melds": "達成できる役",
        "meld_label": "{yaku} {count}枚 +{points}",
        "no_meld": "役を達成しない",
        "choose_meld": "役を選ぶ…",
        "wait_take": "あなたの番です。卓のボタンでカードを取ってください。",
        "wait": "{who}の番です。",
        "deck": "山札{deck}枚・捨て札{discard}枚",
        "final": "最終得点",
        "yaku": "役",
        "plus_one": "+1",
        "colour_bonus": "色ボーナス",
        "empty_hand_bonus": "手札0ボーナス",
        "total": "合計",
        "tableau_size": "場の枚数",
        "step.take": "カードを取る",
        "ref.yaku": "役の条件と枠",
        "ref.notation": (
            "卓の役の表の `2:1 ○○` は「2枚で達成すると1点の枠が2つ」。"
            "○は空き、①〜④はその枠を使ったプレイヤー、×は始めから使用済み。"
            "役は手札の上から連続する枚数で作ります。"
        ),
        "ref.slot": "{count}枚→{points}点×{n}",
        "step.meld": "役を達成するか選ぶ",
    },
    "en": {
        "round": "Round {round}/{rounds}",
        "grid": "Grid (【】 marks the card you can take)",
        "row": "Row {n}",
        "take": "Row {n}: {card}",
        "empty": "(empty)",
        "tableau": "Tableau",
        "hand": "hand {n}",
        "points": "{n} pts",
        "yaku_board": "Yaku (○ free · ①–④ used by · × pre-used)",
        "log": "Recent moves",
        "your_hand": "Your hand (left is the bottom, right is the top)",
        "hand_empty": "Your hand is empty.",
        "melds": "Melds you can make",
        "meld_label": "{yaku} {count} cards +{points}",
        "no_meld": "No meld",
        "choose_meld": "Choose a meld…",
        "wait_take": "Your turn: take a card with the buttons on the table.",
        "wait": "Waiting for {who}.",
        "deck": "Deck {deck} · discards {discard}",
        "final": "Final scores",
        "yaku": "Yaku",
        "plus_one": "+1",
        "colour_bonus": "Colour bonus",
        "empty_hand_bonus": "Empty hand",
        "total": "Total",
        "tableau_size": "Tableau cards",
        "step.take": "take a card",
        "ref.yaku": "What each yaku needs, and its slots",
        "ref.notation": (
            "On the table's yaku board, `2:1 ○○` means two slots for a 2-card meld worth 1 point "
            "each. ○ is free, ①–④ is the player who took that slot, × was used from the start. "
            "A meld is made from the top cards of your hand, in order."
        ),
        "ref.slot": "{count} cards → {points} pts ×{n}",
        "step.meld": "meld or pass",
    },
}


_t = Texts(TEXT)


def card(value: int) -> str:
    """A card as its colour mark and number (`✚+1` for the +1 card)."""
    return f"{COLOUR_MARK[value]}{texts.card_name(value)}"


def cards(values: list[int]) -> str:
    return " ".join(card(v) for v in values)


def yaku_name(yaku: str, lang: Lang) -> str:
    return texts.YAKU_NAME[yaku][lang]


class KasaneRenderer:
    game_id = "kasane"

    def _public(self, ctx: RenderContext) -> PublicView:
        return ctx.state.public_view()  # type: ignore[return-value]

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        seats = [] if view.turn_seat is None else [view.turn_seat]
        step = None if view.over else _t(lang, f"step.{view.step}")
        header = _t(lang, "round", round=view.round, rounds=view.rounds)
        lines = [turn_line(ctx, seats, step), ""]
        lines.append(f"**{_t(lang, 'grid')}**")
        for n, row in enumerate(view.grid, start=1):
            if not row.cards:
                lines.append(f"`{n}` {_t(lang, 'empty')}")
                continue
            shown = [card(c) for c in row.cards[:-1]] + [f"【{card(row.cards[-1])}】"]
            lines.append(f"`{n}` " + " ".join(shown))
        lines.append(_t(lang, "deck", deck=view.deck_size, discard=view.discard_size))
        embed = table_embed(
            ctx, f"{ctx.game.name(lang)} — {header}", "\n".join(lines) + status_suffix(ctx)
        )
        for seat in range(view.players):
            tableau = view.tableaus[seat]
            points = _t(lang, "points", n=view.scores[seat])
            hand = _t(lang, "hand", n=view.hand_sizes[seat])
            name = f"{seat_mark(seat)} {ctx.seat_label(seat)} — {points} · {hand}"
            embed.add_field(
                name=name[:256], value=(cards(tableau) or "—")[:FIELD_MAX], inline=False
            )
        embed.add_field(name=_t(lang, "yaku_board"), value=self._board(view, lang), inline=False)
        embed.add_field(name=_t(lang, "log"), value=log_text(ctx, self.event_text), inline=False)
        controls: list[Button | Select] = []
        if view.step == "take" and view.turn_seat is not None and ctx.record.status == "playing":
            for n, row in enumerate(view.grid):
                if row.front is None:
                    continue
                controls.append(
                    Button(
                        label=_t(lang, "take", n=n + 1, card=texts.card_name(row.front)),
                        emoji=COLOUR_MARK[row.front],
                        action=f"take.{n}",
                        seat=view.turn_seat,
                        style=discord.ButtonStyle.primary,
                        row=0,
                    )
                )
        return Rendered(embeds=[embed], controls=controls)

    def _board(self, view: PublicView, lang: Lang) -> str:
        lines: list[str] = []
        for yaku in texts.YAKU_NAME:
            slots = [s for s in view.slots if s.yaku == yaku]
            counts: dict[int, list[str]] = {}
            points: dict[int, list[int]] = {}
            for slot in slots:
                mark = "○" if not slot.used else ("×" if slot.by is None else seat_mark(slot.by))
                counts.setdefault(slot.count, []).append(mark)
                points.setdefault(slot.count, []).append(slot.points)
            parts = [
                f"{count}:{'/'.join(str(p) for p in dict.fromkeys(points[count]))} "
                + "".join(marks)
                for count, marks in counts.items()
            ]
            lines.append(f"**{yaku_name(yaku, lang)}** " + " · ".join(parts))
        return "\n".join(lines)[:FIELD_MAX]

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        view = self._public(ctx)
        return view.step == "take" and view.turn_seat == seat

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = f"{ctx.game.name(lang)} #{ctx.record.id} — {seat_mark(seat)} {ctx.seat_name(seat)}"
        embed = discord.Embed(
            title=title[:256],
            colour=discord.Colour(0x6A8CB0),
        )
        if private.hand:
            shown = [card(c) for c in private.hand[:-1]] + [f"**【{card(private.hand[-1])}】**"]
            embed.add_field(name=_t(lang, "your_hand"), value=" → ".join(shown), inline=False)
        else:
            embed.add_field(name=_t(lang, "your_hand"), value=_t(lang, "hand_empty"), inline=False)
        tableau = view.tableaus[seat]
        embed.add_field(
            name=f"{_t(lang, 'tableau')} — {_t(lang, 'points', n=view.scores[seat])}",
            value=(cards(tableau) or "—")[:FIELD_MAX],
            inline=False,
        )
        controls: list[Button | Select] = []
        if ctx.record.status == "playing" and private.melds:
            lines = [
                f"{yaku_name(m.yaku, lang)} {m.count} — {cards(m.cards)} → +{m.points}"
                for m in private.melds
            ]
            embed.add_field(
                name=_t(lang, "melds"), value="\n".join(lines)[:FIELD_MAX], inline=False
            )
            labels = [
                _t(lang, "meld_label", yaku=yaku_name(m.yaku, lang), count=m.count, points=m.points)
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
                    Select(placeholder=_t(lang, "choose_meld"), options=options[:25], seat=seat)
                )
            controls.append(Button(label=_t(lang, "no_meld"), action="pass", seat=seat, emoji="⏭️"))
            content = None
        elif view.turn_seat == seat and view.step == "take":
            content = _t(lang, "wait_take")
        elif view.turn_seat is not None:
            content = _t(lang, "wait", who=ctx.seat_label(view.turn_seat))
        else:
            content = None
        return Rendered(embeds=[embed], controls=controls, content=content)

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        template = texts.EVENTS.get(event.kind, {}).get(ctx.lang)
        if template is None:
            return None
        data = event.data
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
        text = template.format(**values)
        if event.kind == "meld" and "cards" in data:
            text += f" ({cards(list(data['cards']))})"
        return text

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Each yaku's condition and its slots (cards → points), and the board's notation."""
        view, lang = self._public(ctx), ctx.lang
        embed = discord.Embed(
            title=_t(lang, "ref.yaku"), description=_t(lang, "ref.notation"), colour=TABLE_COLOUR
        )
        for yaku in texts.YAKU_NAME:
            slots: dict[tuple[int, int], int] = {}
            for slot in view.slots:
                if slot.yaku == yaku:
                    key = (slot.count, slot.points)
                    slots[key] = slots.get(key, 0) + 1
            offered = " · ".join(
                _t(lang, "ref.slot", count=count, points=points, n=n)
                for (count, points), n in slots.items()
            )
            embed.add_field(
                name=yaku_name(yaku, lang),
                value=f"{texts.YAKU_CONDITION[yaku][lang]}\n{offered or '—'}"[:FIELD_MAX],
                inline=False,
            )
        return [embed]

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        lang = ctx.lang
        embed = table_embed(ctx, f"{ctx.game.name(lang)} — {_t(lang, 'final')}", "")
        order = sorted(range(len(result.scores)), key=lambda s: (-result.scores[s], s))
        for seat in order:
            parts = result.breakdown[seat]
            lines = [
                f"{_t(lang, key)}: {parts.get(key, 0)}"
                for key in ("yaku", "plus_one", "colour_bonus", "empty_hand_bonus")
            ]
            lines.append(f"**{_t(lang, 'total')}: {result.scores[seat]}**")
            if result.tiebreak:
                lines.append(f"{_t(lang, 'tableau_size')}: {result.tiebreak[seat]}")
            embed.add_field(
                name=f"{seat_mark(seat)} {ctx.seat_label(seat)}"[:256],
                value="\n".join(lines),
                inline=True,
            )
        embed.description = winners_line(ctx, result.winners)
        return [embed]


RENDERER = KasaneRenderer()
