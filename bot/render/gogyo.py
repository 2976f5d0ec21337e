"""五行中国史カードゲーム on Discord: field, hands and duels on the table; turns in the hand."""

from __future__ import annotations

from itertools import combinations

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
from games.gogyo import texts
from games.gogyo.cards import DYNASTIES, card_id
from games.gogyo.rules import GAMES_PER_MATCH
from games.gogyo.views import (
    Arrangement,
    CardView,
    DuelView,
    GameResultView,
    HandCard,
    PrivateView,
    PublicView,
    card_view,
)

#: One coloured square per element (the traditional 五行 colours, water as blue).
ELEMENT_MARK: dict[str, str] = {"木": "🟩", "火": "🟥", "土": "🟨", "金": "⬜", "水": "🟦"}
HEAVEN_MARK = "✨"
FACTION_MARK = "🏴"
#: A face-down card as the table sees it, and the mark on the owner's face-down cards.
HIDDEN_CARD = "🂠"
DOWN_MARK = "🔒"
NUMBERS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫"

TEXT: dict[Lang, dict[str, str]] = {
    "ja": {
        "game": "第{n}ゲーム（全{total}ゲーム）",
        "field": "場札",
        "piles": "🂠 山札 {deck}枚 · 🗑️ 捨札 {discard}枚",
        "top": "（一番上 {card}）",
        "face_down": "裏向き{n}枚",
        "game_points": "第{n}ゲーム {points}点",
        "total": "合計{points}点",
        "empty": "（なし）",
        "duel": "⚔️ 直近の決闘: {attacker} {acard} 対 {defender} {dcard} → **{winner}**の勝ち",
        "duel_tie": "（同数は防御側の勝ち）",
        "duel_loot": "略奪: {card}（{winner}は{discard}を捨てた）",
        "duel_destroy": "破棄: {card}",
        "duel_given": "{loser}は場札{card}を受け取った",
        "legend": "🟩木 🟥火 🟨土 ⬜金 🟦水 · ✨天＝好きな王朝 · 🏴閥＝好きな五行 · 🂠裏向き",
        "log": "最近の手",
        "results": "第{n}ゲームの結果（{ending}）",
        "ended": "第{n}ゲームの終わり：{ending}",
        "declared_by": "{player}が終了宣言",
        "marks": "__下線__＝王朝役 · **太字**＝五行役",
        "score_line": "{seat} — **{points}点**",
        "dynasty_yaku": "王朝役",
        "element_yaku": "五行役",
        "no_run": "なし",
        "your_hand": "あなたの手札",
        "down_note": "🔒＝裏向き（あなただけが知っています）",
        "best": "現在の最高得点: {points}点",
        "field_now": "場札（山札{deck}枚）",
        "others": "ほかのプレイヤー",
        "prompt.act": "あなたの番です。行動を選んでください。",
        "prompt.field_discard": "場札入手: まず捨てる手札を1枚選んでください。",
        "prompt.field_take": "場札入手: {card}を捨てます。もらう場札を選んでください。",
        "prompt.deck_discard": (
            "山札入手: 捨てる手札を1〜2枚選んでください（同じ枚数を裏向きで引きます）。"
        ),
        "prompt.deck_one": "山札入手: 山札が1枚なので、捨てる手札を1枚選んでください。",
        "prompt.duel_choice": (
            "決闘に勝ちました。{loser}の手札1枚を略奪（自分の1枚と入れ替え）か"
            "破棄（捨てさせる）してください。"
        ),
        "prompt.loot_discard": "略奪: {card}をもらいます。自分の捨てる手札を選んでください。",
        "prompt.duel_give": "{loser}が受け取る場札を選んでください。",
        "prompt.declare": "手札は{points}点です。ゲーム終了を宣言できます。",
        "wait": "{who}の番です（{step}）。",
        "duel_btn": "決闘 → {who}",
        "duel_off": "決闘（山札3枚以上のときだけ）",
        "loot_btn": "略奪 {card}",
        "destroy_btn": "破棄 {card}",
        "draw1": "1枚捨てて1枚引く…",
        "draw2": "2枚捨てて2枚引く…",
        "final": "最終得点",
        "tiebreak": "合計が同点のため、第2ゲームの得点で決めました。",
        "shared": "合計も第2ゲームの得点も同じなので、勝利を分かち合います。",
        "footer": "夏① 殷② 周③ 秦④ 漢⑤ 晋⑥ 隋⑦ 唐⑧ 宋⑨ 元⑩ 明⑪ 清⑫ · 木→火→土→金→水→木",
    },
    "en": {
        "game": "Game {n} of {total}",
        "field": "Field (場札)",
        "piles": "🂠 Deck {deck} · 🗑️ discards {discard}",
        "top": " (top {card})",
        "face_down": "{n} face down",
        "game_points": "game {n}: {points}",
        "total": "total {points}",
        "empty": "(none)",
        "duel": "⚔️ Latest duel: {attacker} {acard} vs {defender} {dcard} → **{winner}** wins",
        "duel_tie": " (a tie goes to the defender)",
        "duel_loot": "Loot: {card} ({winner} discarded {discard})",
        "duel_destroy": "Destroyed: {card}",
        "duel_given": "{loser} took the field card {card}",
        "legend": (
            "🟩木 wood 🟥火 fire 🟨土 earth ⬜金 metal 🟦水 water · ✨天 Heaven: any dynasty · "
            "🏴閥 Faction: any element · 🂠 face down"
        ),
        "log": "Recent moves",
        "results": "Game {n} results ({ending})",
        "ended": "Game {n} ended: {ending}",
        "declared_by": "{player} declared",
        "marks": "__underlined__ = 王朝役 dynasty run · **bold** = 五行役 element run",
        "score_line": "{seat} — **{points} pts**",
        "dynasty_yaku": "王朝役 dynasty",
        "element_yaku": "五行役 element",
        "no_run": "none",
        "your_hand": "Your hand",
        "down_note": "🔒 = face down (only you know it)",
        "best": "Best score now: {points}",
        "field_now": "Field (deck {deck})",
        "others": "Other players",
        "prompt.act": "Your turn: choose an action.",
        "prompt.field_discard": "Field: first choose the card to discard.",
        "prompt.field_take": "Field: you discard {card}. Choose the field card to take.",
        "prompt.deck_discard": "Deck: choose 1 or 2 cards to discard (you draw as many face down).",
        "prompt.deck_one": "Deck: the deck holds 1 card, so choose 1 card to discard.",
        "prompt.duel_choice": (
            "You won the duel. Loot one of {loser}'s cards (swap it for one of yours) or "
            "destroy one."
        ),
        "prompt.loot_discard": "Loot: you take {card}. Choose your own card to discard.",
        "prompt.duel_give": "Choose the field card {loser} must take.",
        "prompt.declare": "Your hand scores {points}. You may declare the end of the game.",
        "wait": "Waiting for {who} ({step}).",
        "duel_btn": "決闘 duel → {who}",
        "duel_off": "決闘 duel (needs 3+ deck cards)",
        "loot_btn": "Loot {card}",
        "destroy_btn": "Destroy {card}",
        "draw1": "Discard 1, draw 1…",
        "draw2": "Discard 2, draw 2…",
        "final": "Final scores",
        "tiebreak": "Totals were tied: the game 2 score decided.",
        "shared": "Totals and game 2 scores are tied: the win is shared.",
        "footer": (
            "夏 Xia① 殷 Yin② 周 Zhou③ 秦 Qin④ 漢 Han⑤ 晋 Jin⑥ 隋 Sui⑦ 唐 Tang⑧ 宋 Song⑨ "
            "元 Yuan⑩ 明 Ming⑪ 清 Qing⑫ · 木→火→土→金→水→木"
        ),
    },
}


_t = Texts(TEXT)


def number_mark(number: int) -> str:
    """A dynasty's number as a circled digit (① for 夏 … ⑫ for 清)."""
    return NUMBERS[number - 1] if 1 <= number <= len(NUMBERS) else str(number)


def mark(c: CardView) -> str:
    """The card's colour mark: its element's square, or the mark of 天 / 閥."""
    if c.element is not None:
        return ELEMENT_MARK[c.element]
    return HEAVEN_MARK if c.name == "天" else FACTION_MARK


def label(c: CardView) -> str:
    """The card without its mark (`夏木①`, `天`, `閥`), for buttons and options."""
    return f"{c.name}{number_mark(c.number)}" if c.dynasty is not None else c.name


def card(c: CardView) -> str:
    """The card with its mark: `🟩夏木①`."""
    return f"{mark(c)}{label(c)}"


def cards(values: list[CardView] | list[HandCard]) -> str:
    return " ".join(card(c) for c in values)


def named(name: str) -> CardView:
    """A card from its name in an event (`"夏木"`, `"天"`, `"閥"`)."""
    return card_view(card_id(name))


def reading(c: CardView, lang: Lang) -> str:
    """The card's dynasty and element with readings (天 and 閥 with their meaning)."""
    if c.dynasty is None or c.element is None:
        return texts.SPECIAL_NAMES[c.name][lang]
    dynasty = texts.DYNASTY_NAMES[c.dynasty][lang]
    element = texts.ELEMENT_NAMES[c.element][lang]
    return f"{dynasty} · {element}"


def hand_card(c: HandCard) -> str:
    return card(c) + (DOWN_MARK if c.face_down else "")


def arranged(arrangement: Arrangement) -> str:
    """A hand in its scoring order: dynasty-run cards underlined, element-run cards bold, and
    what 天 / 閥 stand for."""
    parts: list[str] = []
    for pos in arrangement.cards:
        text = label(pos.card)
        if pos.stands_for is not None:
            if pos.card.name == "天":
                number = DYNASTIES.index(pos.stands_for) + 1
                text += f"→{pos.stands_for}{number_mark(number)}"
            else:
                text += f"→{pos.stands_for}"
        if pos.in_element_run:
            text = f"**{text}**"
        if pos.in_dynasty_run:
            text = f"__{text}__"
        parts.append(mark(pos.card) + text)
    return " ".join(parts)


def yaku_line(arrangement: Arrangement, lang: Lang) -> str:
    """Both yaku with the values of their runs (⑤⑥⑦, 火土金) and their points."""
    dyn: list[str] = []
    ele: list[str] = []
    for pos in arrangement.cards:
        c = pos.card
        if pos.in_dynasty_run:
            number = (
                c.number if c.dynasty is not None else DYNASTIES.index(pos.stands_for or "夏") + 1
            )
            dyn.append(number_mark(number))
        if pos.in_element_run:
            ele.append(c.element or pos.stands_for or "")
    dynasty = _t(lang, "dynasty_yaku")
    element = _t(lang, "element_yaku")
    no_run = _t(lang, "no_run")
    parts = [
        f"{dynasty} {''.join(dyn)} +{arrangement.dynasty_points}"
        if arrangement.dynasty_points
        else f"{dynasty} {no_run}",
        f"{element} {''.join(ele)} +{arrangement.element_points}"
        if arrangement.element_points
        else f"{element} {no_run}",
    ]
    return " · ".join(parts)


class GogyoRenderer:
    game_id = "gogyo"

    def _public(self, ctx: RenderContext) -> PublicView:
        return ctx.state.public_view()  # type: ignore[return-value]

    def _seat(self, ctx: RenderContext, seat: int) -> str:
        return f"{seat_mark(seat)} {ctx.seat_label(seat)}"

    def _step(self, view: PublicView, lang: Lang) -> str:
        return texts.STEPS[view.step][lang]

    # -- the table ------------------------------------------------------------------------

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        step = None if view.over else self._step(view, lang)
        header = _t(lang, "game", n=view.game_no, total=GAMES_PER_MATCH)
        lines = [turn_line(ctx, view.to_act, step), ""]
        lines.append(f"**{_t(lang, 'field')}** {cards(view.field) or _t(lang, 'empty')}")
        piles = _t(lang, "piles", deck=view.deck_count, discard=view.discard_count)
        if view.discard_top is not None:
            piles += _t(lang, "top", card=card(view.discard_top))
        lines.append(piles)
        if view.last_duel is not None:
            lines.append(self._duel(ctx, view.last_duel))
        lines += ["", _t(lang, "legend")]
        embed = table_embed(
            ctx, f"{ctx.game.name(lang)} — {header}", "\n".join(lines) + status_suffix(ctx)
        )
        for player in view.players:
            name = self._seat(ctx, player.seat)
            extra = [
                _t(lang, "game_points", n=n, points=p)
                for n, p in enumerate(player.game_scores, start=1)
            ]
            if player.face_down_count:
                extra.insert(0, _t(lang, "face_down", n=player.face_down_count))
            if extra:
                name += " · " + " · ".join(extra)
            value = " ".join(
                [card(c) for c in player.face_up] + [HIDDEN_CARD] * player.face_down_count
            )
            embed.add_field(name=name[:256], value=value or "—", inline=False)
        for game in view.games:
            embed.add_field(
                name=self._results_title(ctx, game)[:256],
                value=self._results(ctx, game)[:FIELD_MAX],
                inline=False,
            )
        embed.add_field(name=_t(lang, "log"), value=log_text(ctx, self.event_text), inline=False)
        return Rendered(embeds=[embed], controls=[])

    def _duel(self, ctx: RenderContext, duel: DuelView) -> str:
        lang = ctx.lang
        line = _t(
            lang,
            "duel",
            attacker=ctx.seat_label(duel.attacker),
            acard=card(duel.attacker_card),
            defender=ctx.seat_label(duel.defender),
            dcard=card(duel.defender_card),
            winner=ctx.seat_label(duel.winner),
        )
        if duel.attacker_number == duel.defender_number:
            line += _t(lang, "duel_tie")
        after: list[str] = []
        if duel.mode == "loot" and duel.card is not None and duel.winner_discard is not None:
            after.append(
                _t(
                    lang,
                    "duel_loot",
                    card=card(duel.card),
                    winner=ctx.seat_label(duel.winner),
                    discard=card(duel.winner_discard),
                )
            )
        elif duel.mode == "destroy" and duel.card is not None:
            after.append(_t(lang, "duel_destroy", card=card(duel.card)))
        if duel.given is not None:
            after.append(
                _t(lang, "duel_given", loser=ctx.seat_label(duel.loser), card=card(duel.given))
            )
        if after:
            line += "\n　" + " · ".join(after)
        return line

    def _ending(self, ctx: RenderContext, game: GameResultView) -> str:
        """How one game ended: the deck ran out, or who declared."""
        if game.declarer is not None:
            return _t(ctx.lang, "declared_by", player=ctx.seat_label(game.declarer))
        return texts.ENDINGS[game.ended_by][ctx.lang]

    def _results_title(self, ctx: RenderContext, game: GameResultView) -> str:
        return _t(ctx.lang, "results", n=game.game, ending=self._ending(ctx, game))

    def _results(self, ctx: RenderContext, game: GameResultView) -> str:
        lang = ctx.lang
        lines: list[str] = []
        for seat, arrangement in enumerate(game.arrangements):
            lines.append(
                _t(lang, "score_line", seat=self._seat(ctx, seat), points=game.scores[seat])
                + f" · {yaku_line(arrangement, lang)}"
            )
            lines.append("　" + arranged(arrangement))
        lines.append(_t(lang, "marks"))
        return "\n".join(lines)

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        # Every choice of a turn involves the hand or leads into it: all moves are in the hand.
        return False

    # -- the hand -------------------------------------------------------------------------

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = f"{ctx.game.name(lang)} #{ctx.record.id} — {seat_mark(seat)} {ctx.seat_name(seat)}"
        embed = discord.Embed(title=title[:256], colour=discord.Colour(0x3B7A57))
        hand_text = " ".join(hand_card(c) for c in private.hand) or "—"
        if any(c.face_down for c in private.hand):
            hand_text += "\n" + _t(lang, "down_note")
        embed.add_field(name=_t(lang, "your_hand"), value=hand_text[:FIELD_MAX], inline=False)
        best = f"{arranged(private.best)}\n{yaku_line(private.best, lang)}"
        embed.add_field(
            name=_t(lang, "best", points=private.best_score), value=best[:FIELD_MAX], inline=False
        )
        me = view.players[seat]
        if me.game_scores:
            scores = [
                _t(lang, "game_points", n=n, points=p)
                for n, p in enumerate(me.game_scores, start=1)
            ]
            embed.description = " · ".join(scores)
        acting = seat in view.to_act and ctx.record.status == "playing" and not view.over
        if acting:
            embed.add_field(
                name=_t(lang, "field_now", deck=view.deck_count),
                value=cards(view.field) or _t(lang, "empty"),
                inline=False,
            )
            others = [
                f"{self._seat(ctx, p.seat)}: "
                + " ".join([card(c) for c in p.face_up] + [HIDDEN_CARD] * p.face_down_count)
                for p in view.players
                if p.seat != seat
            ]
            embed.add_field(
                name=_t(lang, "others"), value="\n".join(others)[:FIELD_MAX], inline=False
            )
        embed.set_footer(text=_t(lang, "footer"))
        if not acting:
            content = None
            if view.to_act and not view.over:
                who = ", ".join(ctx.seat_label(s) for s in view.to_act)
                content = _t(lang, "wait", who=who, step=self._step(view, lang))
            return Rendered(embeds=[embed], controls=[], content=content)
        content, controls = self._moves(ctx, private, seat)
        return Rendered(embeds=[embed], controls=controls, content=content)

    def _moves(
        self, ctx: RenderContext, private: PrivateView, seat: int
    ) -> tuple[str, list[Button | Select]]:
        """The prompt and the controls of the seat's current step."""
        view, lang = private.public, ctx.lang
        step = view.step
        controls: list[Button | Select] = []
        back = Button(label=texts.ACTION_NAMES["back"][lang], action="back", seat=seat, emoji="↩️")
        if step == "act":
            controls.append(
                Button(
                    label=texts.ACTION_NAMES["field"][lang],
                    action="field",
                    seat=seat,
                    emoji="🎴",
                    style=discord.ButtonStyle.primary,
                )
            )
            controls.append(
                Button(
                    label=texts.ACTION_NAMES["deck"][lang],
                    action="deck",
                    seat=seat,
                    emoji=HIDDEN_CARD,
                    style=discord.ButtonStyle.primary,
                )
            )
            legal = {a.encode() for a in ctx.state.legal_actions(seat)}
            targets = [(seat + k) % len(view.players) for k in range(1, len(view.players))]
            duels = [t for t in targets if f"duel.{t}" in legal]
            for target in duels:
                controls.append(
                    Button(
                        label=_t(lang, "duel_btn", who=ctx.seat_label(target)),
                        action=f"duel.{target}",
                        seat=seat,
                        emoji="⚔️",
                        style=discord.ButtonStyle.danger,
                    )
                )
            if not duels:
                controls.append(
                    Button(
                        label=_t(lang, "duel_off"),
                        action=f"duel.{targets[0]}",
                        seat=seat,
                        emoji="⚔️",
                        disabled=True,
                    )
                )
            return _t(lang, "prompt.act"), controls
        if step in ("field_discard", "loot_discard"):
            for c in private.hand:
                controls.append(
                    Button(
                        label=label(c) + (f" {DOWN_MARK}" if c.face_down else ""),
                        action=f"discard.{c.id}",
                        seat=seat,
                        emoji=mark(c),
                    )
                )
            controls.append(back)
            if step == "field_discard":
                return _t(lang, "prompt.field_discard"), controls
            loot = private.pending_loot
            return _t(lang, "prompt.loot_discard", card=card(loot) if loot else "?"), controls
        if step in ("field_take", "duel_give"):
            style = (
                discord.ButtonStyle.success if step == "field_take" else discord.ButtonStyle.primary
            )
            for c in view.field:
                controls.append(
                    Button(
                        label=label(c),
                        action=f"{'take' if step == 'field_take' else 'give'}.{c.id}",
                        seat=seat,
                        emoji=mark(c),
                        style=style,
                    )
                )
            if step == "field_take":
                controls.append(back)
                pending = private.pending_discard
                prompt = _t(lang, "prompt.field_take", card=card(pending) if pending else "?")
                return prompt, controls
            assert view.last_duel is not None
            return _t(
                lang, "prompt.duel_give", loser=ctx.seat_label(view.last_duel.loser)
            ), controls
        if step == "deck_discard":
            singles = tuple(
                SelectOption(
                    label=label(c) + (f" {DOWN_MARK}" if c.face_down else ""),
                    value=f"draw.{c.id}",
                    description=reading(c, lang)[:100],
                    emoji=mark(c),
                )
                for c in private.hand
            )
            # Discarding to draw cannot be taken back: the pick is confirmed by a second click.
            controls.append(
                Select(placeholder=_t(lang, "draw1"), options=singles, seat=seat, confirm=True)
            )
            if view.deck_count >= 2:
                pairs = tuple(
                    SelectOption(
                        label=f"{hand_card(a)} + {hand_card(b)}",
                        value=f"draw.{a.id}-{b.id}",
                    )
                    for a, b in combinations(private.hand, 2)
                )
                controls.append(
                    Select(placeholder=_t(lang, "draw2"), options=pairs, seat=seat, confirm=True)
                )
                prompt = _t(lang, "prompt.deck_discard")
            else:
                prompt = _t(lang, "prompt.deck_one")
            controls.append(back)
            return prompt, controls
        if step == "duel_choice":
            assert view.last_duel is not None
            loser = view.last_duel.loser
            victim = view.players[loser].face_up
            for kind, key, emoji, style in (
                ("loot", "loot_btn", "🫳", discord.ButtonStyle.success),
                ("destroy", "destroy_btn", "🔥", discord.ButtonStyle.danger),
            ):
                for c in victim:
                    controls.append(
                        Button(
                            label=_t(lang, key, card=label(c)),
                            action=f"{kind}.{c.id}",
                            seat=seat,
                            emoji=emoji,
                            style=style,
                            row=0 if kind == "loot" else 1,
                        )
                    )
            return _t(lang, "prompt.duel_choice", loser=ctx.seat_label(loser)), controls
        if step == "declare":
            controls.append(
                Button(
                    label=texts.ACTION_NAMES["declare"][lang],
                    action="declare",
                    seat=seat,
                    emoji="🏁",
                    style=discord.ButtonStyle.success,
                )
            )
            controls.append(
                Button(
                    label=texts.ACTION_NAMES["end"][lang],
                    action="end",
                    seat=seat,
                    emoji="⏭️",
                )
            )
            return _t(lang, "prompt.declare", points=private.best_score), controls
        return "", controls

    # -- the log --------------------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        if not event.public:
            return None
        template = EVENTS.get(event.kind, {}).get(ctx.lang)
        if template is None:
            return None
        data = event.data
        lang = ctx.lang

        def who(key: str) -> str:
            return ctx.seat_label(int(data[key])) if key in data else ""

        values: dict[str, object] = {
            "player": ctx.seat_label(event.seat) if event.seat is not None else "",
            "game": data.get("game", ""),
            "attacker": who("attacker"),
            "defender": who("defender"),
            "winner": who("winner"),
            "loser": who("loser"),
            "score": data.get("score", ""),
            "count": data.get("count", ""),
        }
        for key in ("take", "card", "attacker_card", "defender_card"):
            if isinstance(data.get(key), str):
                values[key] = card(named(data[key]))
        if isinstance(data.get("discard"), str):
            values["discard"] = card(named(data["discard"]))
        elif isinstance(data.get("discard"), list):
            values["discard"] = " ".join(card(named(n)) for n in data["discard"])
        if event.kind == "game_end":
            values["ending"] = texts.ENDINGS[str(data.get("ended_by", "deck"))][lang]
            values["scores"] = " · ".join(
                f"{ctx.seat_label(s)} {p}" for s, p in enumerate(data.get("scores", []))
            )
        if event.kind == "match_end":
            values["scores"] = " · ".join(
                f"{ctx.seat_label(s)} {p}" for s, p in enumerate(data.get("totals", []))
            )
        try:
            return template.format(**values)
        except KeyError:
            return None

    # -- the end --------------------------------------------------------------------------

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Nothing beyond the rules summary: every choice is explained where it is made."""
        return []

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        view = self._public(ctx)
        lang = ctx.lang
        embed = table_embed(ctx, f"{ctx.game.name(lang)} — {_t(lang, 'final')}", "")
        tiebreak = result.tiebreak or [0] * len(result.scores)
        order = sorted(
            range(len(result.scores)), key=lambda s: (-result.scores[s], -tiebreak[s], s)
        )
        for seat in order:
            parts = result.breakdown[seat]
            lines: list[str] = []
            for game in view.games:
                n = game.game
                arrangement = game.arrangements[seat]
                dp = parts.get(f"game{n}_dynasty", arrangement.dynasty_points)
                ep = parts.get(f"game{n}_element", arrangement.element_points)
                lines.append(
                    f"**{_t(lang, 'game_points', n=n, points=dp + ep)}** · "
                    + yaku_line(arrangement, lang)
                )
                lines.append("　" + arranged(arrangement))
            name = f"{self._seat(ctx, seat)} — {_t(lang, 'total', points=result.scores[seat])}"
            embed.add_field(
                name=name[:256], value="\n".join(lines)[:FIELD_MAX] or "—", inline=False
            )
        # Each game's scores are in the players' fields; here only how each game ended.
        endings = [
            _t(lang, "ended", n=game.game, ending=self._ending(ctx, game)) for game in view.games
        ]
        description = [winners_line(ctx, result.winners)]
        top = max(result.scores)
        if sum(1 for s in result.scores if s == top) > 1:
            description.append(_t(lang, "shared" if len(result.winners) > 1 else "tiebreak"))
        description += [*endings, _t(lang, "marks")]
        embed.description = "\n".join(description)[:4096]
        return [embed]


#: Log lines by event kind (`turn`, `refill`, `reveal` and private events are left out: the
#: table shows the turn, the field and every face-up card anyway).
EVENTS: dict[str, dict[Lang, str]] = {
    "game_start": {
        "ja": "第{game}ゲーム開始 — 最初の手番は{player}",
        "en": "Game {game} begins — {player} starts",
    },
    "field": {
        "ja": "{player}: {discard}を捨て、場札{take}を取った",
        "en": "{player} discarded {discard} and took {take} from the field",
    },
    "draw": {
        "ja": "{player}: {discard}を捨て、山札から{count}枚（裏向き）",
        "en": "{player} discarded {discard} and drew {count} face down",
    },
    "duel": {
        "ja": "⚔️ {attacker} {attacker_card} 対 {defender} {defender_card} → {winner}の勝ち",
        "en": "⚔️ {attacker} {attacker_card} vs {defender} {defender_card} → {winner} wins",
    },
    "loot": {
        "ja": "{player}: {loser}の{card}を略奪し、{discard}を捨てた",
        "en": "{player} looted {card} from {loser} and discarded {discard}",
    },
    "destroy": {
        "ja": "{player}: {loser}の{card}を破棄",
        "en": "{player} destroyed {loser}'s {card}",
    },
    "give": {
        "ja": "{player}: {loser}に場札{card}を渡した",
        "en": "{player} gave {loser} the field card {card}",
    },
    "declare": {
        "ja": "🏁 {player}がゲーム終了を宣言（{score}点）",
        "en": "🏁 {player} declared the end ({score} pts)",
    },
    "game_end": {
        "ja": "第{game}ゲーム終了（{ending}）: {scores}",
        "en": "Game {game} over ({ending}): {scores}",
    },
    "match_end": {
        "ja": "試合終了 — 合計 {scores}",
        "en": "Match over — totals {scores}",
    },
}


RENDERER = GogyoRenderer()
