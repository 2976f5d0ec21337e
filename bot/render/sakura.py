"""十年に一度咲く桜の木の伝説 on Discord: bag, fields, screens and the turn's flowers on the table;
each player's screen, the screen step and the end split in their own hand."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.render.base import FIELD_MAX, Button, RenderContext, Rendered, Select, SelectOption
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
from games.sakura import scoring, texts
from games.sakura.actions import (
    NO_COLOUR,
    AbilityAction,
    DoneAction,
    DrawAction,
    GiveAction,
    KeepAction,
    MoveAction,
    PickAction,
    PlaceAction,
    SakuraAction,
    ScreenAction,
    SplitAction,
    StopAction,
    TakeAction,
)
from games.sakura.scoring import (
    COLOURS,
    COOL,
    FIELD_COLOURS,
    UNCOUNTED,
    WARM,
    is_failure_counts,
)
from games.sakura.views import FinalSeatView, PrivateView, PublicView

#: One mark per flower colour. 水色 is literally "water colour", hence the drop.
FLOWER: dict[str, str] = {
    "red": "🔴",
    "yellow": "🟡",
    "lightblue": "💧",
    "blue": "🔵",
    "white": "⚪",
    "black": "⚫",
}

#: Steps whose moves are public and sequential: their buttons sit on the table.
TABLE_STEPS = frozenset(
    {"draw", "keep", "ability", "komatsuotome", "sakuyahime_give", "sakuyahime_take", "kokonoe"}
)
#: Steps that touch the player's own screen: their controls are in the player's hand.
HAND_STEPS = frozenset({"someiyoshino", "kenrokuen", "screen", "split"})

#: Split choices shown as buttons up to this many; more become one select.
SPLIT_BUTTONS_MAX = 15

#: Colour of hand messages (the table uses the platform's colour).
HAND_COLOUR = discord.Colour(0xE8A0BF)

TEXT: dict[Lang, dict[str, str]] = {
    "ja": {
        "header": "第{n}手番",
        "over": "ゲーム終了",
        "legend": "🔴赤 🟡黄 💧水色 🔵青 ⚪白 ⚫黒（何色にもなる）",
        "bag": "👜 巾着 **{n}**個",
        "removed": "（見ないまま除外{n}個）",
        "turn": "🌸 今回のコマ — {seat}",
        "turn_counts": "{draws}/{max_draws}回目・{drawn}/{max_flowers}個",
        "none": "（なし）",
        "risk": (
            "同色 {same}/{same_limit} ・ 色数 {colours}/{colours_limit}（黒は失敗する側に数える）"
        ),
        "fatal": "⚠️ 次の1個が {flowers} なら失敗",
        "fatal_all": "⚠️ 次の1個が何色でも失敗",
        "safe": "安全: {flowers}",
        "no_risk": "まだ失敗の心配はありません",
        "failed": "💥 失敗！ 違う色2個を選んで場へ（他は巾着へ）",
        "stopped": "✋ 止めました",
        "cards": "桜カード（{side}）",
        "card_line": "{mark} {condition} — **{card}**",
        "card_legend": "✅今回の条件を満たす ・ ☑️使用済み ・ ▫️満たさない",
        "ability": "✨ {card}",
        "ability_drawn": "引いたコマ: {flowers}",
        "ability_next": "置くコマ: {flowers}（次は{flower}）",
        "ability_give": "渡すコマ: {flower}（{source}）",
        "ability_taken": "奪ったコマ: {taken}",
        "split": "🙈 白・黒の振り分け",
        "split_waiting": "選択中: {seats}",
        "split_done": "提出済み: {seats}",
        "split_note": "ついたての中の白・黒を、全員が同時に秘密でグループへ振り分けます。",
        "seat_name": "{seat} — 場{points}点 ・ 🙈{screen}個",
        "seat_final": "{seat} — **{score}点**",
        "field_line": "場: {flowers} → **{points}点**",
        "black_line": "（黒→{colours}）",
        "black_none": "数えない×{n}",
        "screen_line": "ついたて: {flowers}",
        "wild_line": "白・黒{n}個 → 赤黄{warm}・水青{cool}",
        "warm_line": "🔴🟡 赤・黄 {count} → **{points}点**",
        "cool_line": "💧🔵 水色・青 {count} → **{points}点**",
        "total_line": "**合計 {score}点**（ついたて{flowers}個）",
        "log": "最近の手",
        "final": "最終得点",
        "tiebreak": "同点のため、ついたての中のコマが多い人の勝ちです。",
        "shared": "得点もついたての中のコマ数も同じなので、勝利を分かち合います。",
        "source.field": "場",
        "source.turn": "今回のコマ",
        # controls
        "draw": "{n}個引く",
        "stop": "止める",
        "keep": "{a}と{b}を残す",
        "use": "{card}",
        "done": "能力を使わずに次へ",
        "pick": "{colour}を場へ",
        "give": "{source}の{colour}を渡す",
        "take": "{seat}の{colour}",
        "kokonoe_done": "2人目からは奪わない",
        "move": "{source}の{colour}",
        "place_own": "自分の場",
        "place_screen": "ついたての中",
        "place_other": "{seat}の場",
        "screen_none": "入れない",
        "screen_n": "{colour}×{n}",
        "split_btn": "赤黄{warm}個（白黒+{w}）・水青{cool}個（+{c}）",
        "split_default": "（時間切れ時）",
        "split_choose": "振り分けを選ぶ…",
        # the hand
        "your_screen": "🙈 あなたのついたて（{n}個・秘密）",
        "screen_groups": "赤・黄 {warm}個 ・ 水色・青 {cool}個 ・ 白・黒 {wilds}個",
        "your_field": "あなたの場 — {points}点",
        "this_turn": "今回のコマ",
        "card_text": "{card}: {text}",
        "split_help": (
            "白・黒{wilds}個のうち何個を赤・黄へ回すか選んでください（残りは水色・青へ）。"
            "本物のコマがないグループには数えられません。"
        ),
        "split_default_line": "時間切れのときは 赤黄{warm}個・水青{cool}個 になります。",
        "split_prizes": "個数の順位で得点 — 赤黄: {warm} · 水青: {cool}",
        "split_prizes_two": "個数の多い方が得点 — 赤黄{warm}点・水青{cool}点（同数は半分ずつ）",
        "places": "{n}位",
        "pts": "{n}点",
        "card_effect": "　↳ {text}",
        "ref.cards": "このゲームの桜カード（{side}）",
        "split_deadline": "締め切り {when}",
        "split_mine": "あなたの振り分け: 赤黄{warm}・水青{cool}",
        "prompt.draw": "あなたの番です。卓のボタンで引く個数を選ぶか、止めてください。",
        "prompt.keep": "失敗しました。卓のボタンで場に残す2色を選んでください。",
        "prompt.ability": "卓のボタンで使う能力を選んでください（使わなくても構いません）。",
        "prompt.komatsuotome": "小松乙女: 卓のボタンで場に置く1個を選んでください。",
        "prompt.sakuyahime_give": "咲耶姫: 卓のボタンで渡すコマを選んでください。",
        "prompt.sakuyahime_take": "咲耶姫: 卓のボタンでもらうコマを選んでください。",
        "prompt.kokonoe": "九重: 卓のボタンで奪うコマを選んでください。",
        "prompt.someiyoshino": "染井吉野: ついたての中へ入れるコマを選んでください。",
        "prompt.kenrokuen": "兼六園熊谷: {flower}をどこに置きますか？",
        "prompt.screen": "ついたての中に入れる色と個数を選んでください（残りは場へ）。",
        "prompt.split": "白・黒を振り分けてください（全員同時・秘密）。",
        "prompt.split_done": "振り分けを提出しました。ほかのプレイヤーを待っています。",
        "prompt.split_none": "ついたての中に白・黒がないので、振り分けはありません。",
        "wait": "{who}の番です（{step}）。",
        "wait_split": "{who}の振り分けを待っています。",
        # the log
        "ev.draw": "{p}が{n}個引いた: {flowers}（巾着{bag}）",
        "ev.failure": "💥 {p}は失敗",
        "ev.failure_black": "💥 {p}は失敗、黒{n}個は巾着へ",
        "ev.keep": "{p}は{kept}を場に残し、{n}個を巾着へ",
        "ev.stop": "✋ {p}は{flowers}で止めた",
        "ev.stop_cards": "✋ {p}は{flowers}で止めた — {cards}",
        "ev.ability": "✨ {p}が{card}を使う",
        "ev.hidden_draw": "{p}は見せずに1個引いてついたての中へ",
        "ev.ability_draw": "{p}が引いた: {flowers}",
        "ev.all_black": "全部黒なので巾着へ戻す",
        "ev.move_to_screen": "{p}は{source}から1個をついたての中へ",
        "from.field": "自分の場",
        "from.turn": "今回のコマ",
        "ev.place_screen": "{p}はコマ1個をついたての中へ",
        "ev.place_own": "{p}は{flower}を自分の場へ",
        "ev.place_other": "{p}は{flower}を{other}の場へ",
        "ev.pick": "{p}は{flower}を場へ（{returned}は巾着へ）",
        "ev.pick_alone": "{p}は{flower}を場へ",
        "ev.swap": "{p}は{source}の{given}と{other}の{received}を交換",
        "ev.take": "{p}は{other}の場から{flower}を奪った",
        "ev.kokonoe_end": "{p}は九重を終えた",
        "ev.screen": "{p}は{n}個をついたての中へ",
        "ev.screen_none": "{p}はついたての中に入れなかった",
        "ev.to_field": "{p}の場へ: {flowers}",
        "ev.split_start": "👜 巾着が空になりました。{seats}が白・黒を振り分けます",
        "ev.split_start_none": "👜 巾着が空になりました",
        "ev.split_submitted": "{p}が振り分けを提出",
        "ev.reveal": "🙈 全員のついたてを公開",
        "ev.game_over": "🏁 ゲーム終了: {scores}",
    },
    "en": {
        "header": "Turn {n}",
        "over": "Game over",
        "legend": "🔴 red 🟡 yellow 💧 light blue 🔵 blue ⚪ white ⚫ black (wild)",
        "bag": "👜 Bag: **{n}** flowers",
        "removed": " ({n} removed unseen)",
        "turn": "🌸 This turn — {seat}",
        "turn_counts": "draw {draws}/{max_draws} · {drawn}/{max_flowers} flowers",
        "none": "(none)",
        "risk": (
            "Same colour {same}/{same_limit} · colours {colours}/{colours_limit} "
            "(black counts against you)"
        ),
        "fatal": "⚠️ The next flower fails on {flowers}",
        "fatal_all": "⚠️ Any next flower fails",
        "safe": "safe: {flowers}",
        "no_risk": "No risk of failure yet",
        "failed": "💥 Failed! Keep 2 of different colours on the field (the rest go back)",
        "stopped": "✋ Stopped",
        "cards": "Mastery cards ({side})",
        "card_line": "{mark} {condition} — **{card}**",
        "card_legend": "✅ this turn qualifies · ☑️ used · ▫️ does not qualify",
        "ability": "✨ {card}",
        "ability_drawn": "Drawn: {flowers}",
        "ability_next": "To place: {flowers} (next {flower})",
        "ability_give": "Giving: {flower} ({source})",
        "ability_taken": "Taken: {taken}",
        "split": "🙈 Splitting white and black",
        "split_waiting": "Choosing: {seats}",
        "split_done": "Submitted: {seats}",
        "split_note": "Everyone splits the white/black behind their screen at once, in secret.",
        "seat_name": "{seat} — field {points} pts · 🙈 {screen}",
        "seat_final": "{seat} — **{score} pts**",
        "field_line": "Field: {flowers} → **{points}**",
        "black_line": " (⚫ as {colours})",
        "black_none": "nothing ×{n}",
        "screen_line": "Screen: {flowers}",
        "wild_line": "⚪⚫ {n} → warm {warm} · cool {cool}",
        "warm_line": "🔴🟡 warm {count} → **{points}**",
        "cool_line": "💧🔵 cool {count} → **{points}**",
        "total_line": "**Total {score}** (screen {flowers} flowers)",
        "log": "Recent moves",
        "final": "Final scores",
        "tiebreak": "Tied on points: more flowers behind the screen wins.",
        "shared": "Tied on points and on screen flowers: the win is shared.",
        "source.field": "field",
        "source.turn": "this turn",
        # controls
        "draw": "Draw {n}",
        "stop": "Stop",
        "keep": "Keep {a} + {b}",
        "use": "{card}",
        "done": "No more abilities",
        "pick": "{colour} to my field",
        "give": "Give {colour} ({source})",
        "take": "{seat}: {colour}",
        "kokonoe_done": "Take nothing more",
        "move": "{colour} ({source})",
        "place_own": "My field",
        "place_screen": "Behind my screen",
        "place_other": "{seat}'s field",
        "screen_none": "Nothing",
        "screen_n": "{colour} ×{n}",
        "split_btn": "warm {warm} flowers (+{w} wild) · cool {cool} (+{c})",
        "split_default": " (default)",
        "split_choose": "Choose your split…",
        # the hand
        "your_screen": "🙈 Your screen ({n}, secret)",
        "screen_groups": "warm {warm} · cool {cool} · white/black {wilds}",
        "your_field": "Your field — {points} pts",
        "this_turn": "This turn",
        "card_text": "{card}: {text}",
        "split_help": (
            "Choose how many of your {wilds} white/black go to warm (the rest go to cool). "
            "They count only toward a group with a real flower behind your screen."
        ),
        "split_default_line": "If time runs out: warm {warm} flowers · cool {cool} flowers.",
        "split_prizes": "Points by rank of the counts — warm: {warm} · cool: {cool}",
        "split_prizes_two": (
            "The larger count scores — warm: {warm} pts · cool: {cool} pts (a tie halves it)"
        ),
        "places": "#{n}",
        "pts": "{n} pts",
        "card_effect": "　↳ {text}",
        "ref.cards": "Mastery cards in this game ({side})",
        "split_deadline": "Time runs out {when}",
        "split_mine": "Your split: warm {warm} · cool {cool}",
        "prompt.draw": "Your turn: choose how many to draw on the table, or stop.",
        "prompt.keep": "Your turn failed: choose the 2 colours to keep on the table.",
        "prompt.ability": "Choose an ability on the table (or none).",
        "prompt.komatsuotome": "小松乙女: choose the flower for your field on the table.",
        "prompt.sakuyahime_give": "咲耶姫: choose the flower to give on the table.",
        "prompt.sakuyahime_take": "咲耶姫: choose the flower to receive on the table.",
        "prompt.kokonoe": "九重: choose the flower to take on the table.",
        "prompt.someiyoshino": "染井吉野: choose the flower to put behind your screen.",
        "prompt.kenrokuen": "兼六園熊谷: where does {flower} go?",
        "prompt.screen": "Choose one colour and how many go behind your screen (the rest: field).",
        "prompt.split": "Split your white and black (everyone at once, in secret).",
        "prompt.split_done": "Your split is in. Waiting for the others.",
        "prompt.split_none": "No white or black behind your screen: nothing to split.",
        "wait": "Waiting for {who} ({step}).",
        "wait_split": "Waiting for {who} to split.",
        # the log
        "ev.draw": "{p} drew {n}: {flowers} (bag {bag})",
        "ev.failure": "💥 {p} failed",
        "ev.failure_black": "💥 {p} failed; {n} black back to the bag",
        "ev.keep": "{p} kept {kept} on the field, {n} back to the bag",
        "ev.stop": "✋ {p} stopped with {flowers}",
        "ev.stop_cards": "✋ {p} stopped with {flowers} — {cards}",
        "ev.ability": "✨ {p} uses {card}",
        "ev.hidden_draw": "{p} drew 1 unseen, behind the screen",
        "ev.ability_draw": "{p} drew {flowers}",
        "ev.all_black": "All black: back to the bag",
        "ev.move_to_screen": "{p} put 1 flower from {source} behind the screen",
        "from.field": "their field",
        "from.turn": "this turn's flowers",
        "ev.place_screen": "{p} put a flower behind the screen",
        "ev.place_own": "{p} put {flower} on their field",
        "ev.place_other": "{p} put {flower} on {other}'s field",
        "ev.pick": "{p} put {flower} on the field ({returned} back to the bag)",
        "ev.pick_alone": "{p} put {flower} on the field",
        "ev.swap": "{p} swapped {given} ({source}) for {other}'s {received}",
        "ev.take": "{p} took {flower} from {other}'s field",
        "ev.kokonoe_end": "{p} ended 九重",
        "ev.screen": "{p} put {n} behind the screen",
        "ev.screen_none": "{p} put nothing behind the screen",
        "ev.to_field": "To {p}'s field: {flowers}",
        "ev.split_start": "👜 The bag is empty: {seats} split white and black",
        "ev.split_start_none": "👜 The bag is empty",
        "ev.split_submitted": "{p} has split",
        "ev.reveal": "🙈 Every screen is revealed",
        "ev.game_over": "🏁 Game over: {scores}",
    },
}


_t = Texts(TEXT)


def counts(flowers: Mapping[str, int], lang: Lang) -> str:
    """Flowers by colour as marks and counts (`🔴5 🟡3`), or "(none)"."""
    parts = [f"{FLOWER[c]}{flowers[c]}" for c in COLOURS if flowers.get(c)]
    return " ".join(parts) if parts else _t(lang, "none")


def row(flowers: Mapping[str, int] | list[str], lang: Lang) -> str:
    """Flowers one mark each (`🔴🔴🟡`), for the few flowers of a turn or a draw."""
    if isinstance(flowers, list):
        marks = "".join(FLOWER[c] for c in flowers)
    else:
        marks = "".join(FLOWER[c] * flowers.get(c, 0) for c in COLOURS)
    return marks or _t(lang, "none")


def colour_label(colour: str, lang: Lang) -> str:
    return f"{FLOWER[colour]} {texts.colour_name(colour, lang)}"


def card_name(card: str, lang: Lang) -> str:
    return texts.card_name(card, lang)


def fatal_colours(turn: Mapping[str, int]) -> list[str]:
    """Colours whose next flower would make the turn fail."""
    base = [turn.get(c, 0) for c in COLOURS]
    fatal = []
    for i, colour in enumerate(COLOURS):
        after = list(base)
        after[i] += 1
        if is_failure_counts(after):
            fatal.append(colour)
    return fatal


def seat_title(ctx: RenderContext, seat: int) -> str:
    return f"{seat_mark(seat)} {ctx.seat_label(seat)}"


class SakuraRenderer:
    game_id = "sakura"

    def _public(self, ctx: RenderContext) -> PublicView:
        return ctx.state.public_view()  # type: ignore[return-value]

    def _step_name(self, view: PublicView, lang: Lang) -> str | None:
        if view.step == "over":
            return None
        return texts.STEPS[view.step]["ja" if lang == "ja" else "en"]

    # -- the table --------------------------------------------------------------------------

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        over = view.final is not None
        header = _t(lang, "over") if over else _t(lang, "header", n=view.turn_number)
        # Over, the header already says so: the winners take the turn line's place.
        if over:
            lines = [winners_line(ctx, view.final.winners)]  # type: ignore[union-attr]
        else:
            lines = [turn_line(ctx, list(view.to_act), self._step_name(view, lang))]
        bag = _t(lang, "bag", n=view.bag)
        if view.removed:
            bag += _t(lang, "removed", n=view.removed)
        lines += [bag, _t(lang, "legend")]
        embed = table_embed(
            ctx, f"🌸 {ctx.game.name(lang)} — {header}", "\n".join(lines) + status_suffix(ctx)
        )
        if view.turn is not None:
            embed.add_field(
                name=_t(lang, "turn", seat=seat_title(ctx, view.turn.seat))[:256],
                value=self._turn_text(view, lang),
                inline=False,
            )
            embed.add_field(
                name=_t(lang, "cards", side=texts.SIDE_NAMES[view.mastery_side][lang]),
                value=self._cards_text(view, lang),
                inline=False,
            )
        if view.ability is not None:
            embed.add_field(
                name=_t(lang, "ability", card=card_name(view.ability.card, lang)),
                value=self._ability_text(ctx, view),
                inline=False,
            )
        if view.step == "split":
            embed.add_field(name=_t(lang, "split"), value=self._split_text(ctx, view), inline=False)
        for seat_view in view.seats:
            seat = seat_view.seat
            if view.final is not None:
                final = view.final.seats[seat]
                name = _t(lang, "seat_final", seat=seat_title(ctx, seat), score=final.score)
                value = self._breakdown(view, final, lang)
            else:
                name = _t(
                    lang,
                    "seat_name",
                    seat=seat_title(ctx, seat),
                    points=seat_view.field_score,
                    screen=seat_view.screen_count,
                )
                value = counts(seat_view.field, lang)
            embed.add_field(name=name[:256], value=value[:FIELD_MAX], inline=False)
        embed.add_field(name=_t(lang, "log"), value=log_text(ctx, self.event_text), inline=False)
        return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))

    def _turn_text(self, view: PublicView, lang: Lang) -> str:
        turn = view.turn
        assert turn is not None
        lines = [
            _t(
                lang,
                "turn_counts",
                draws=turn.draws,
                max_draws=turn.max_draws,
                drawn=turn.drawn,
                max_flowers=turn.max_flowers,
            ),
            row(turn.flowers, lang),
        ]
        if turn.failed:
            lines.append(_t(lang, "failed"))
        elif view.step == "draw":
            lines.append(
                _t(
                    lang,
                    "risk",
                    same=turn.same_colour,
                    same_limit=turn.same_colour_limit,
                    colours=turn.colours,
                    colours_limit=turn.colours_limit,
                )
            )
            fatal = fatal_colours(turn.flowers)
            safe = [c for c in COLOURS if c not in fatal]
            if not fatal:
                lines.append(_t(lang, "no_risk"))
            elif not safe:
                lines.append(_t(lang, "fatal_all"))
            else:
                lines.append(
                    _t(lang, "fatal", flowers=row(fatal, lang))
                    + " · "
                    + _t(lang, "safe", flowers=row(safe, lang))
                )
        elif turn.draws:
            lines.append(_t(lang, "stopped"))
        return "\n".join(lines)

    def _cards_text(self, view: PublicView, lang: Lang) -> str:
        lines = []
        for card in view.cards:
            mark = "☑️" if card.used else ("✅" if card.qualifies else "▫️")
            lines.append(
                _t(
                    lang,
                    "card_line",
                    mark=mark,
                    condition=texts.CONDITIONS[card.condition][lang],
                    card=card_name(card.card, lang),
                )
            )
            if view.step == "ability" and card.qualifies and not card.used:
                # Choosing an ability now: say what each usable one does beside its name.
                lines.append(_t(lang, "card_effect", text=texts.CARDS[card.card]["text"][lang]))
        lines.append(_t(lang, "card_legend"))
        return "\n".join(lines)

    def _ability_text(self, ctx: RenderContext, view: PublicView) -> str:
        ability = view.ability
        assert ability is not None
        lang = ctx.lang
        lines = [texts.CARDS[ability.card]["text"][lang]]
        if ability.drawn and ability.stage == "kenrokuen":
            # drawn openly, placed one at a time in colour order
            flowers = row(ability.drawn, lang)
            lines.append(_t(lang, "ability_next", flowers=flowers, flower=FLOWER[ability.drawn[0]]))
        elif ability.drawn:
            lines.append(_t(lang, "ability_drawn", flowers=row(ability.drawn, lang)))
        if ability.give_colour is not None:
            source = _t(lang, f"source.{ability.give_source}")
            lines.append(
                _t(lang, "ability_give", flower=FLOWER[ability.give_colour], source=source)
            )
        if ability.taken:
            taken = " ".join(f"{FLOWER[c]}←{seat_mark(s)}" for s, c in ability.taken)
            lines.append(_t(lang, "ability_taken", taken=taken))
        return "\n".join(lines)[:FIELD_MAX]

    def _split_text(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = [_t(lang, "split_note")]
        if view.split_waiting:
            seats = ", ".join(seat_title(ctx, s) for s in view.split_waiting)
            lines.append(_t(lang, "split_waiting", seats=seats))
        if view.split_done:
            seats = ", ".join(seat_title(ctx, s) for s in view.split_done)
            lines.append(_t(lang, "split_done", seats=seats))
        return "\n".join(lines)[:FIELD_MAX]

    def _breakdown(self, view: PublicView, final: FinalSeatView, lang: Lang) -> str:
        """One seat's field points, revealed screen, split and screen points, and total."""
        field = view.seats[final.seat].field
        line = _t(lang, "field_line", flowers=counts(field, lang), points=final.field_points)
        marks = [
            f"{FLOWER[c]}{final.field_black[c]}" for c in FIELD_COLOURS if final.field_black.get(c)
        ]
        uncounted = final.field_black.get(UNCOUNTED, 0)
        if uncounted:
            marks.append(_t(lang, "black_none", n=uncounted))
        if marks:
            line += _t(lang, "black_line", colours=" ".join(marks))
        lines = [line]
        parts = [
            f"{FLOWER[c]}{final.field_colour_points[c]:+d}"
            for c in FIELD_COLOURS
            if field.get(c, 0) + final.field_black.get(c, 0)
        ]
        if parts:
            lines.append("　" + " ".join(parts))
        lines.append(_t(lang, "screen_line", flowers=counts(final.screen, lang)))
        wilds = final.warm_wilds + final.cool_wilds
        if wilds:
            lines.append(
                _t(lang, "wild_line", n=wilds, warm=final.warm_wilds, cool=final.cool_wilds)
            )
        lines.append(_t(lang, "warm_line", count=final.warm_count, points=final.warm_points))
        lines.append(_t(lang, "cool_line", count=final.cool_count, points=final.cool_points))
        lines.append(_t(lang, "total_line", score=final.score, flowers=final.screen_flowers))
        return "\n".join(lines)[:FIELD_MAX]

    def _table_controls(self, ctx: RenderContext, view: PublicView) -> list[Button | Select]:
        if ctx.record.status != "playing" or view.step not in TABLE_STEPS or not view.to_act:
            return []
        seat = view.to_act[0]
        if ctx.record.seats[seat].is_cpu:
            return []
        legal: list[SakuraAction] = ctx.state.legal_actions(seat)  # type: ignore[assignment]
        return [self._table_button(ctx, view, seat, action) for action in legal]

    def _table_button(
        self, ctx: RenderContext, view: PublicView, seat: int, action: SakuraAction
    ) -> Button:
        lang = ctx.lang
        code = action.encode()
        style = discord.ButtonStyle.secondary
        emoji: str | None = None
        row_no: int | None = None
        if isinstance(action, DrawAction):
            label = _t(lang, "draw", n=action.n)
            style = discord.ButtonStyle.primary
        elif isinstance(action, StopAction):
            label = _t(lang, "stop")
            style = discord.ButtonStyle.success
            emoji = "✋"
        elif isinstance(action, KeepAction):
            label = _t(lang, "keep", a=FLOWER[action.a], b=FLOWER[action.b])
            style = discord.ButtonStyle.primary
        elif isinstance(action, AbilityAction):
            label = _t(lang, "use", card=card_name(action.card, lang))
            style = discord.ButtonStyle.primary
            emoji = "🌸"
        elif isinstance(action, DoneAction):
            key = "kokonoe_done" if view.step == "kokonoe" else "done"
            label = _t(lang, key)
            emoji = "⏭️"
        elif isinstance(action, PickAction):
            label = _t(lang, "pick", colour=texts.colour_name(action.colour, lang))
            emoji = FLOWER[action.colour]
            style = discord.ButtonStyle.primary
        elif isinstance(action, GiveAction):
            source = _t(lang, f"source.{action.source}")
            label = _t(lang, "give", colour=texts.colour_name(action.colour, lang), source=source)
            emoji = FLOWER[action.colour]
            row_no = 0 if action.source == "field" else 1
        elif isinstance(action, TakeAction):
            label = _t(
                lang,
                "take",
                seat=seat_title(ctx, action.seat),
                colour=texts.colour_name(action.colour, lang),
            )
            emoji = FLOWER[action.colour]
            others = [s for s in range(view.players) if s != seat]
            row_no = others.index(action.seat) if action.seat in others else None
        else:  # pragma: no cover - every table step's action kinds are listed above
            label = code
        return Button(
            label=label[:80], action=code, seat=seat, style=style, emoji=emoji, row=row_no
        )

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        view = self._public(ctx)
        return view.step in TABLE_STEPS and seat in view.to_act

    # -- the hand ---------------------------------------------------------------------------

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = f"{ctx.game.name(lang)} #{ctx.record.id} — {seat_title(ctx, seat)}"
        embed = discord.Embed(title=title[:256], colour=HAND_COLOUR)
        screen = private.screen
        warm = sum(screen[COLOURS[i]] for i in WARM)
        cool = sum(screen[COLOURS[i]] for i in COOL)
        embed.add_field(
            name=_t(lang, "your_screen", n=sum(screen.values())),
            value=counts(screen, lang)
            + "\n"
            + _t(lang, "screen_groups", warm=warm, cool=cool, wilds=private.wilds),
            inline=False,
        )
        own = view.seats[seat]
        embed.add_field(
            name=_t(lang, "your_field", points=own.field_score),
            value=counts(own.field, lang),
            inline=False,
        )
        acting = seat in view.to_act and ctx.record.status == "playing"
        if view.turn is not None and view.turn.seat == seat and view.step != "draw":
            embed.add_field(
                name=_t(lang, "this_turn"), value=row(view.turn.flowers, lang), inline=False
            )
        if view.ability is not None and view.turn_seat == seat:
            card = view.ability.card
            embed.add_field(
                name=_t(lang, "ability", card=card_name(card, lang)),
                value=texts.CARDS[card]["text"][lang],
                inline=False,
            )
        if view.step == "split" and seat in view.split_waiting:
            lines = [_t(lang, "split_help", wilds=private.wilds), self._prizes(view, lang)]
            if private.default_split is not None:
                lines.append(
                    _t(
                        lang,
                        "split_default_line",
                        warm=self._group(warm, private.default_split),
                        cool=self._group(cool, private.wilds - private.default_split),
                    )
                )
            if ctx.record.deadline:
                when = f"<t:{int(ctx.record.deadline)}:R>"
                lines.append(_t(lang, "split_deadline", when=when))
            embed.add_field(name=_t(lang, "split"), value="\n".join(lines), inline=False)
        elif view.step == "split" and private.split is not None:
            embed.add_field(
                name=_t(lang, "split"),
                value=_t(
                    lang,
                    "split_mine",
                    warm=self._group(warm, private.split),
                    cool=self._group(cool, private.wilds - private.split),
                ),
                inline=False,
            )
        controls: list[Button | Select] = []
        if acting and view.step in HAND_STEPS:
            legal: list[SakuraAction] = ctx.state.legal_actions(seat)  # type: ignore[assignment]
            controls = self._hand_controls(ctx, view, private, seat, legal)
        return Rendered(embeds=[embed], controls=controls, content=self._prompt(ctx, private))

    @staticmethod
    def _prizes(view: PublicView, lang: Lang) -> str:
        """What each group's rank pays, so a split is chosen knowing its points."""
        if view.players == 2:
            two = scoring.PRIZES_TWO_PLAYERS
            return _t(lang, "split_prizes_two", warm=two["warm"], cool=two["cool"])

        def paid(group: str) -> str:
            prizes = scoring.PRIZES[group]
            return " / ".join(
                f"{_t(lang, 'places', n=n)} {_t(lang, 'pts', n=p)}"
                for n, p in enumerate(prizes, start=1)
            )

        return _t(lang, "split_prizes", warm=paid("warm"), cool=paid("cool"))

    @staticmethod
    def _group(real: int, wilds: int) -> int:
        """A group's count from real flowers and the wilds given to it (0 without a real one)."""
        return real + wilds if real else 0

    def _prompt(self, ctx: RenderContext, private: PrivateView) -> str | None:
        view, lang, seat = private.public, ctx.lang, private.seat
        if view.final is not None or ctx.record.status != "playing":
            return None
        if view.step == "split":
            if seat in view.split_waiting:
                return _t(lang, "prompt.split")
            key = "prompt.split_done" if seat in view.split_done else "prompt.split_none"
            waiting = ", ".join(ctx.seat_label(s) for s in view.split_waiting)
            return _t(lang, key) + ("\n" + _t(lang, "wait_split", who=waiting) if waiting else "")
        if seat in view.to_act:
            if view.step == "kenrokuen" and view.ability is not None and view.ability.drawn:
                flower = colour_label(view.ability.drawn[0], lang)
                return _t(lang, "prompt.kenrokuen", flower=flower)
            return _t(lang, f"prompt.{view.step}")
        if view.to_act:
            who = ", ".join(ctx.seat_label(s) for s in view.to_act)
            return _t(lang, "wait", who=who, step=self._step_name(view, lang))
        return None

    def _hand_controls(
        self,
        ctx: RenderContext,
        view: PublicView,
        private: PrivateView,
        seat: int,
        legal: list[SakuraAction],
    ) -> list[Button | Select]:
        lang = ctx.lang
        controls: list[Button | Select] = []
        if view.step == "split":
            return self._split_controls(ctx, private, seat, legal)
        for action in legal:
            emoji: str | None = None
            style = discord.ButtonStyle.secondary
            if isinstance(action, MoveAction):
                source = _t(lang, f"source.{action.source}")
                label = _t(
                    lang, "move", colour=texts.colour_name(action.colour, lang), source=source
                )
                emoji = FLOWER[action.colour]
                style = discord.ButtonStyle.primary
            elif isinstance(action, PlaceAction):
                if action.where == "screen":
                    label = _t(lang, "place_screen")
                    emoji = "🙈"
                    style = discord.ButtonStyle.primary
                elif action.seat == seat:
                    label = _t(lang, "place_own")
                    style = discord.ButtonStyle.primary
                else:
                    label = _t(lang, "place_other", seat=seat_title(ctx, action.seat))
            elif isinstance(action, ScreenAction):
                if action.colour == NO_COLOUR:
                    label = _t(lang, "screen_none")
                    emoji = "🚫"
                else:
                    label = _t(
                        lang,
                        "screen_n",
                        colour=texts.colour_name(action.colour, lang),
                        n=action.n,
                    )
                    emoji = FLOWER[action.colour]
                    style = discord.ButtonStyle.primary
            else:  # pragma: no cover - every hand step's action kinds are listed above
                label = action.encode()
            controls.append(
                Button(
                    label=label[:80], action=action.encode(), seat=seat, style=style, emoji=emoji
                )
            )
        return controls

    def _split_controls(
        self, ctx: RenderContext, private: PrivateView, seat: int, legal: list[SakuraAction]
    ) -> list[Button | Select]:
        lang = ctx.lang
        screen = private.screen
        warm = sum(screen[COLOURS[i]] for i in WARM)
        cool = sum(screen[COLOURS[i]] for i in COOL)
        splits = [a for a in legal if isinstance(a, SplitAction)]

        def label(action: SplitAction) -> str:
            text = _t(
                lang,
                "split_btn",
                w=action.warm,
                c=private.wilds - action.warm,
                warm=self._group(warm, action.warm),
                cool=self._group(cool, private.wilds - action.warm),
            )
            if action.warm == private.default_split:
                text += _t(lang, "split_default")
            return text

        if len(splits) <= SPLIT_BUTTONS_MAX:
            return [
                Button(
                    label=label(action)[:80],
                    action=action.encode(),
                    seat=seat,
                    style=discord.ButtonStyle.primary
                    if action.warm == private.default_split
                    else discord.ButtonStyle.secondary,
                )
                for action in splits
            ]
        options = tuple(
            SelectOption(label=label(action)[:100], value=action.encode()) for action in splits
        )
        return [Select(placeholder=_t(lang, "split_choose"), options=options[:25], seat=seat)]

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        if not event.public:
            return None
        lang, data, kind = ctx.lang, event.data, event.kind
        p = ctx.seat_label(event.seat) if event.seat is not None else ""

        def label(key: str) -> str:
            return ctx.seat_label(int(data[key]))

        if kind == "draw":
            return _t(
                lang,
                "ev.draw",
                p=p,
                n=data["n"],
                flowers=row(list(data["flowers"]), lang),
                bag=data["bag"],
            )
        if kind == "failure":
            blacks = int(data.get("blacks_returned", 0))
            if blacks:
                return _t(lang, "ev.failure_black", p=p, n=blacks)
            return _t(lang, "ev.failure", p=p)
        if kind == "keep":
            kept = row(list(data["kept"]), lang)
            return _t(lang, "ev.keep", p=p, kept=kept, n=data["returned"])
        if kind == "stop":
            flowers = row(dict(data["flowers"]), lang)
            cards = ", ".join(card_name(c, lang) for c in data.get("cards", []))
            if cards:
                return _t(lang, "ev.stop_cards", p=p, flowers=flowers, cards=cards)
            return _t(lang, "ev.stop", p=p, flowers=flowers)
        if kind == "ability":
            return _t(lang, "ev.ability", p=p, card=card_name(data["card"], lang))
        if kind == "hidden_draw":
            return _t(lang, "ev.hidden_draw", p=p)
        if kind == "ability_draw":
            return _t(lang, "ev.ability_draw", p=p, flowers=row(list(data["flowers"]), lang))
        if kind == "all_black":
            return _t(lang, "ev.all_black")
        if kind == "move_to_screen":
            return _t(lang, "ev.move_to_screen", p=p, source=_t(lang, f"from.{data['source']}"))
        if kind == "place":
            if data["where"] == "screen":
                return _t(lang, "ev.place_screen", p=p)
            flower = FLOWER[data["colour"]]
            if data["seat"] == event.seat:
                return _t(lang, "ev.place_own", p=p, flower=flower)
            return _t(lang, "ev.place_other", p=p, flower=flower, other=label("seat"))
        if kind == "pick":
            flower = FLOWER[data["colour"]]
            if data.get("returned"):
                returned = row(list(data["returned"]), lang)
                return _t(lang, "ev.pick", p=p, flower=flower, returned=returned)
            return _t(lang, "ev.pick_alone", p=p, flower=flower)
        if kind == "swap":
            return _t(
                lang,
                "ev.swap",
                p=p,
                source=_t(lang, f"source.{data['source']}"),
                given=FLOWER[data["given"]],
                other=label("other"),
                received=FLOWER[data["received"]],
            )
        if kind == "take":
            return _t(lang, "ev.take", p=p, flower=FLOWER[data["colour"]], other=label("other"))
        if kind == "kokonoe_end":
            return _t(lang, "ev.kokonoe_end", p=p)
        if kind == "screen":
            if data["n"]:
                return _t(lang, "ev.screen", p=p, n=data["n"])
            return _t(lang, "ev.screen_none", p=p)
        if kind == "to_field":
            flowers = dict(data["flowers"])
            if not any(flowers.values()):
                return None
            return _t(lang, "ev.to_field", p=p, flowers=row(flowers, lang))
        if kind == "split_start":
            seats = [int(s) for s in data.get("seats", [])]
            if not seats:
                return _t(lang, "ev.split_start_none")
            names = ", ".join(ctx.seat_label(s) for s in seats)
            return _t(lang, "ev.split_start", seats=names)
        if kind == "split_submitted":
            return _t(lang, "ev.split_submitted", p=p)
        if kind == "reveal":
            return _t(lang, "ev.reveal")
        if kind == "game_over":
            scores = " · ".join(f"{seat_mark(s)} {v}" for s, v in enumerate(data["scores"]))
            return _t(lang, "ev.game_over", scores=scores)
        return None

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """The mastery cards in play: the condition that unlocks each and what it does."""
        view, lang = self._public(ctx), ctx.lang
        side = texts.SIDE_NAMES[view.mastery_side][lang]
        embed = discord.Embed(title=_t(lang, "ref.cards", side=side), colour=HAND_COLOUR)
        for card in view.cards:
            embed.add_field(
                name=f"{texts.CONDITIONS[card.condition][lang]} — {card_name(card.card, lang)}",
                value=texts.CARDS[card.card]["text"][lang],
                inline=False,
            )
        return [embed]

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        view = self._public(ctx)
        lang = ctx.lang
        assert view.final is not None
        final = view.final
        embed = table_embed(ctx, f"🌸 {ctx.game.name(lang)} — {_t(lang, 'final')}", "")
        order = sorted(range(view.players), key=lambda s: (-final.scores[s], s))
        for seat in order:
            embed.add_field(
                name=seat_title(ctx, seat)[:256],
                value=self._breakdown(view, final.seats[seat], lang),
                inline=False,
            )
        description = winners_line(ctx, final.winners)
        top = max(final.scores)
        tied = [s for s in range(view.players) if final.scores[s] == top]
        if len(tied) > 1:
            key = "shared" if len(final.winners) > 1 else "tiebreak"
            description += "\n" + _t(lang, key)
        embed.description = description
        return [embed]


RENDERER = SakuraRenderer()
