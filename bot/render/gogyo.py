"""五行中国史カードゲーム on Discord: field, hands and duels on the table; turns in the hand."""

from __future__ import annotations

import discord

from bot.names import brief_name
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
from games.gogyo import actions as act
from games.gogyo import texts
from games.gogyo.cards import DYNASTIES, card_id
from games.gogyo.rules import GAMES_PER_MATCH
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import shown_step
from games.gogyo.views import (
    Arrangement,
    CardView,
    DuelView,
    GameResultView,
    HandCard,
    PrivateView,
    PublicView,
    arrangement,
    card_view,
)
from games.text import Text

#: One coloured square per element (the traditional 五行 colours, water as blue).
ELEMENT_MARK: dict[str, str] = {"木": "🟩", "火": "🟥", "土": "🟨", "金": "⬜", "水": "🟦"}
HEAVEN_MARK = "✨"
FACTION_MARK = "🏴"
#: A face-down card as the table sees it, and the mark on the owner's face-down cards.
HIDDEN_CARD = "🂠"
DOWN_MARK = "🔒"
NUMBERS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫"

#: How the buttons of moves without a card look: emoji and style.
ACTION_LOOK: dict[str, tuple[str, discord.ButtonStyle]] = {
    "field": ("🎴", discord.ButtonStyle.primary),
    "deck": (HIDDEN_CARD, discord.ButtonStyle.primary),
    "declare": ("🏁", discord.ButtonStyle.success),
    "end": ("⏭️", discord.ButtonStyle.secondary),
    "back": ("↩️", discord.ButtonStyle.secondary),
}
#: The style of a card button, by the move it makes.
BUTTON_STYLE: dict[str, discord.ButtonStyle] = {
    "discard": discord.ButtonStyle.secondary,
    "take": discord.ButtonStyle.success,
    "give": discord.ButtonStyle.primary,
}
#: A duel winner's choice: emoji, style and row (looting first, destroying below).
DUEL_LOOK: dict[str, tuple[str, discord.ButtonStyle, int]] = {
    "loot": ("🫳", discord.ButtonStyle.success, 0),
    "destroy": ("🔥", discord.ButtonStyle.danger, 1),
}
#: Up to this many cards in the loser's hand, the duel winner's choice is a button per card
#: and way; with more, a select per way (a button per card and way, two per card, would take
#: a phone's screen).
DUEL_BUTTONS_MAX = 2
#: Up to this many opponents, a duel is a button per opponent; with more, a select (a
#: button each would take a phone's line each).
DUEL_TARGET_BUTTONS_MAX = 2
#: A duel winner's choice as selects (`DUEL_BUTTONS_MAX`): placeholder, by way.
DUEL_SELECT: dict[str, Text] = {
    "loot": texts.LOOT_SELECT,
    "destroy": texts.DESTROY_SELECT,
}


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


def _gloss(name: str) -> str:
    """The English gloss inside a name's brackets: `夏 (Xia) ①` → `Xia`, `木 (moku, wood)` →
    `wood`."""
    inside = name.partition("(")[2].partition(")")[0]
    return inside.rpartition(", ")[2] or inside


def button_label(c: CardView, lang: Lang) -> str:
    """A card on a button: `夏木①`, and in English with its gloss, `夏木① Xia wood`."""
    if lang == "ja":
        return label(c)
    if c.dynasty is None or c.element is None:
        return f"{label(c)} {_gloss(texts.SPECIAL_NAMES[c.name].en)}"
    dynasty = _gloss(texts.DYNASTY_NAMES[c.dynasty].en)
    return f"{label(c)} {dynasty} {_gloss(texts.ELEMENT_NAMES[c.element].en)}"


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
        return texts.SPECIAL_NAMES[c.name](lang)
    dynasty = texts.DYNASTY_NAMES[c.dynasty](lang)
    element = texts.ELEMENT_NAMES[c.element](lang)
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
    dynasty = texts.DYNASTY_YAKU(lang)
    element = texts.ELEMENT_YAKU(lang)
    no_run = texts.NO_RUN(lang)
    parts = [
        f"{dynasty} {''.join(dyn)} +{arrangement.dynasty_points}"
        if arrangement.dynasty_points
        else f"{dynasty} {no_run}",
        f"{element} {''.join(ele)} +{arrangement.element_points}"
        if arrangement.element_points
        else f"{element} {no_run}",
    ]
    return " · ".join(parts)


def runs(arrangement: Arrangement, lang: Lang) -> str:
    """The runs that score, briefly: `王朝③④⑤ 10 · 五行火土金 6`, or that none does."""
    parts: list[str] = []
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
    if arrangement.dynasty_points:
        parts.append(texts.RUN_DYNASTY(lang, run="".join(dyn), points=arrangement.dynasty_points))
    if arrangement.element_points:
        parts.append(texts.RUN_ELEMENT(lang, run="".join(ele), points=arrangement.element_points))
    return " · ".join(parts) or texts.RUN_NONE(lang)


def duel_card(c: CardView) -> str:
    """A duel's card with the number it counts: `🟥隋火⑦`, and `✨天 0` for 天 and 閥."""
    return card(c) if c.dynasty is not None else f"{card(c)} 0"


class GogyoRenderer(common.GameRenderer[PublicView]):
    game_id = "gogyo"

    def _step(self, view: PublicView, lang: Lang) -> str:
        """The step as the whole table is told of it (`shown_step`: nothing its seat can
        still take back)."""
        return texts.STEPS[shown_step(view.step)](lang)

    # -- the table ------------------------------------------------------------------------

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        step = None if view.over else self._step(view, lang)
        header = texts.GAME(lang, n=view.game_no, total=GAMES_PER_MATCH)
        if ctx.pictures:
            totals = [texts.TOTAL(lang, points=sum(p.game_scores)) for p in view.players]
            embed = self._brief(
                ctx,
                header,
                common.turn_line(ctx, view.to_act, step),
                [common.scores_line(ctx, totals)],
            )
            return Rendered(embeds=[embed], controls=[])
        lines = [common.turn_line(ctx, view.to_act, step), ""]
        lines.append(f"**{texts.FIELD(lang)}** {cards(view.field) or texts.EMPTY(lang)}")
        piles = texts.PILES(lang, deck=view.deck_count, discard=view.discard_count)
        if view.discard_top is not None:
            piles += texts.TOP(lang, card=card(view.discard_top))
        lines.append(piles)
        if view.last_duel is not None:
            lines.append(self._duel(ctx, view.last_duel))
        # Each seat in two lines, its cards below its name (no field of its own), so that the
        # table fits a phone's screen; the legend of the marks is in the reference (Rules).
        lines.append("")
        for player in view.players:
            head = f"**{common.seat_title(ctx, player.seat)}**"
            if player.face_down_count:
                head += " · " + texts.FACE_DOWN(lang, n=player.face_down_count)
            shown = [card(c) for c in player.face_up] + [HIDDEN_CARD] * player.face_down_count
            lines += [head, " ".join(shown) or "—"]
        embed = self._table_embed(ctx, header, "\n".join(lines))
        for game in view.games:
            # A game over: how it ended, and each seat's points (the end shows the runs).
            scores = " · ".join(
                texts.SCORE_LINE(lang, seat=common.seat_title(ctx, seat), points=points)
                for seat, points in enumerate(game.scores)
            )
            embed.add_field(
                name=self._results_title(ctx, game)[:256], value=scores[:FIELD_MAX], inline=False
            )
        embed.add_field(
            name=texts.LOG(lang),
            value=common.table_log(ctx, self.event_text),
            inline=False,
        )
        return Rendered(embeds=[embed], controls=[])

    def _duel(self, ctx: RenderContext, duel: DuelView) -> str:
        lang = ctx.lang
        line = texts.DUEL(
            lang,
            attacker=ctx.seat_label(duel.attacker),
            acard=card(duel.attacker_card),
            defender=ctx.seat_label(duel.defender),
            dcard=card(duel.defender_card),
            winner=ctx.seat_label(duel.winner),
        )
        if duel.attacker_number == duel.defender_number:
            line += texts.DUEL_TIE(lang)
        after: list[str] = []
        if duel.mode == "loot" and duel.card is not None and duel.winner_discard is not None:
            after.append(
                texts.DUEL_LOOT(
                    lang,
                    card=card(duel.card),
                    winner=ctx.seat_label(duel.winner),
                    discard=card(duel.winner_discard),
                )
            )
        elif duel.mode == "destroy" and duel.card is not None:
            after.append(texts.DUEL_DESTROY(lang, card=card(duel.card)))
        if duel.given is not None:
            after.append(
                texts.DUEL_GIVEN(lang, loser=ctx.seat_label(duel.loser), card=card(duel.given))
            )
        if after:
            line += "\n　" + " · ".join(after)
        return line

    def _ending(self, ctx: RenderContext, game: GameResultView) -> str:
        """How one game ended: the deck ran out, or who declared."""
        if game.declarer is not None:
            return texts.DECLARED_BY(ctx.lang, player=ctx.seat_label(game.declarer))
        return texts.ENDINGS[game.ended_by](ctx.lang)

    def _results_title(self, ctx: RenderContext, game: GameResultView) -> str:
        return texts.RESULTS(ctx.lang, n=game.game, ending=self._ending(ctx, game))

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        # Every choice of a turn involves the hand or leads into it: all moves are in the hand.
        return False

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """What the table's marks stand for: the elements' colours, 天 and 閥, a face-down
        card, and how runs are marked in hands and scores."""
        lang = ctx.lang
        legend = f"{texts.LEGEND(lang)}\n{texts.MARKS(lang)}\n{texts.FOOTER(lang)}"
        return [discord.Embed(title=texts.REF_MARKS(lang), description=legend, colour=TABLE_COLOUR)]

    # -- the hand -------------------------------------------------------------------------

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        """The seat's screen: at its step, what the decision needs from the table (the field,
        the others' open cards, a duel's loser's hand), its own hand and every move it may make.
        Beside the picture (which shows the cards, the field and the others') the text keeps the
        prompt and the game scores; in words it lists them all."""
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = texts.HAND_TITLE(lang, id=ctx.record.id, seat=common.seat_title(ctx, seat))
        embed = discord.Embed(title=title[:256], colour=discord.Colour(0x3B7A57))
        me = view.players[seat]
        if me.game_scores and not ctx.pictures:  # the table's picture shows the totals
            scores = [
                texts.GAME_POINTS(lang, n=n, points=p)
                for n, p in enumerate(me.game_scores, start=1)
            ]
            embed.description = " · ".join(scores)
        acting = seat in view.to_act and common.in_play(ctx) and not view.over
        if not ctx.pictures:
            for name, value in self._table_fields(ctx, private, acting):
                embed.add_field(name=name[:256], value=value[:FIELD_MAX], inline=False)
            hand_text = " ".join(hand_card(c) for c in private.hand) or "—"
            if any(c.face_down for c in private.hand):
                hand_text += "\n" + texts.DOWN_NOTE(lang)
            embed.add_field(name=texts.YOUR_HAND(lang), value=hand_text[:FIELD_MAX], inline=False)
            best = f"{arranged(private.best)}\n{yaku_line(private.best, lang)}"
            embed.add_field(
                name=texts.BEST(lang, points=private.best_score),
                value=best[:FIELD_MAX],
                inline=False,
            )
            embed.set_footer(text=texts.FOOTER(lang))
        if not acting:
            content = None
            if view.to_act and not view.over and common.in_play(ctx):
                who = ", ".join(ctx.seat_label(s) for s in view.to_act)
                content = texts.WAIT(lang, who=who, step=self._step(view, lang))
            return Rendered(embeds=[embed], controls=[], content=content)
        content, controls = self._moves(ctx, private, seat)
        return Rendered(embeds=[embed], controls=controls, content=content)

    def _table_fields(
        self, ctx: RenderContext, private: PrivateView, acting: bool
    ) -> list[tuple[str, str]]:
        """What a hand in words shows of the table for its step: the field when a field card is
        chosen (or the turn begins), the others' open cards when the turn begins, a duel's
        loser's hand while the winner chooses; while waiting, the field and the others."""
        view, lang, seat = private.public, ctx.lang, private.seat
        step = view.step if acting else "act"
        duel = view.last_duel
        fields: list[tuple[str, str]] = []
        if step in ("act", "field_discard", "field_take", "duel_give"):
            fields.append(
                (
                    texts.FIELD_NOW(lang, deck=view.deck_count),
                    cards(view.field) or texts.EMPTY(lang),
                )
            )
        if step == "act":
            others = [
                f"{common.seat_title(ctx, p.seat)}: "
                + " ".join([card(c) for c in p.face_up] + [HIDDEN_CARD] * p.face_down_count)
                for p in view.players
                if p.seat != seat
            ]
            fields.append((texts.OTHERS(lang), "\n".join(others)))
        if step in ("duel_choice", "loot_discard", "duel_give") and duel is not None:
            loser = view.players[duel.loser]
            name = texts.LOSER_HAND(
                lang,
                loser=common.seat_title(ctx, duel.loser),
                points=best_score_ids(c.id for c in loser.face_up),
            )
            fields.append((name, f"{self._duel(ctx, duel)}\n{cards(loser.face_up) or '—'}"))
        return fields

    def _moves(
        self, ctx: RenderContext, private: PrivateView, seat: int
    ) -> tuple[str, list[Button | Select]]:
        """The prompt of the seat's current step and its legal actions as controls, each
        labelled with the card or seat it names, what it does and the score it leads to (the
        engine decides which moves exist). One card is one tap (a button, or a select without
        confirmation where the buttons would not fit); two cards at once are one option of a
        select shown back for confirmation."""
        view, lang = private.public, ctx.lang
        legal = ctx.state.legal_actions(seat)
        held = {c.id: c for c in private.hand}
        mine = [c.id for c in private.hand]
        duel = view.last_duel
        loser_cards = [c.id for c in view.players[duel.loser].face_up] if duel is not None else []
        loser = ctx.seat_label(duel.loser) if duel is not None else ""

        def without(cards_: list[int], card_id: int) -> list[int]:
            rest = list(cards_)
            rest.remove(card_id)
            return rest

        def own_label(card_id: int) -> str:
            """A card of the seat's own hand on a control, its face-down mark with it."""
            own = held[card_id]
            return button_label(own, lang) + (f" {DOWN_MARK}" if own.face_down else "")

        def up_to_with_field(card_id: int) -> int:
            """The best score after discarding `card_id` and taking the best field card."""
            rest = without(mine, card_id)
            return max((best_score_ids([*rest, f.id]) for f in view.field), default=0)

        def loot_best(card_id: int) -> int:
            """The best score after looting `card_id` and discarding the worst own card."""
            return max(best_score_ids([*without(mine, d), card_id]) for d in mine)

        controls: list[Button | Select] = []
        pairs: list[SelectOption] = []
        targets = [a for a in legal if isinstance(a, act.Duel)]
        duel_targets: list[SelectOption] = []
        duel_cards = {a.card for a in legal if isinstance(a, act.Loot)}
        duel_options: dict[str, list[SelectOption]] = {way: [] for way in DUEL_SELECT}
        for action in legal:
            code = action.encode()
            if isinstance(action, act.Field):
                best = max((up_to_with_field(c) for c in mine), default=0)
                controls.append(
                    Button(
                        label=texts.FIELD_BTN(lang, n=best),
                        action=code,
                        seat=seat,
                        emoji=ACTION_LOOK["field"][0],
                        style=ACTION_LOOK["field"][1],
                    )
                )
            elif isinstance(action, act.Deck):
                emoji, style = ACTION_LOOK["deck"]
                controls.append(
                    Button(
                        label=texts.DECK_BTN(lang), action=code, seat=seat, emoji=emoji, style=style
                    )
                )
            elif isinstance(action, act.Declare):
                emoji, style = ACTION_LOOK["declare"]
                controls.append(
                    Button(
                        label=texts.DECLARE_BTN(lang, n=private.best_score),
                        action=code,
                        seat=seat,
                        emoji=emoji,
                        style=style,
                    )
                )
            elif isinstance(action, act.EndTurn | act.Back):
                emoji, style = ACTION_LOOK[action.kind]
                name = texts.ACTION_NAMES[action.kind](lang)
                controls.append(
                    Button(label=name, action=code, seat=seat, emoji=emoji, style=style)
                )
            elif isinstance(action, act.Duel) and len(targets) > DUEL_TARGET_BUTTONS_MAX:
                target = view.players[action.target]
                duel_targets.append(
                    SelectOption(
                        label=common.seat_title(ctx, action.target)[:100],
                        value=code,
                        description=texts.DUEL_OPTION(
                            lang, up=len(target.face_up), down=target.face_down_count
                        ),
                        emoji="⚔️",
                    )
                )
            elif isinstance(action, act.Duel):
                controls.append(
                    Button(
                        label=texts.DUEL_BTN(lang, who=ctx.seat_label(action.target)),
                        action=code,
                        seat=seat,
                        emoji="⚔️",
                        style=discord.ButtonStyle.danger,
                    )
                )
            elif isinstance(action, act.Discard):
                if view.step == "field_discard":
                    text = texts.DISCARD_UPTO(
                        lang, card=own_label(action.card), n=up_to_with_field(action.card)
                    )
                else:  # a loot's own discard: the looted card comes in
                    after = [*without(mine, action.card)]
                    if private.pending_loot is not None:
                        after.append(private.pending_loot.id)
                    text = texts.AFTER(lang, card=own_label(action.card), n=best_score_ids(after))
                controls.append(
                    Button(
                        label=text,
                        action=code,
                        seat=seat,
                        emoji=mark(card_view(action.card)),
                        style=BUTTON_STYLE["discard"],
                    )
                )
            elif isinstance(action, act.Take):
                rest = list(mine)
                if private.pending_discard is not None:
                    rest = without(rest, private.pending_discard.id)
                shown = card_view(action.card)
                controls.append(
                    Button(
                        label=texts.TAKE_BTN(
                            lang,
                            card=button_label(shown, lang),
                            n=best_score_ids([*rest, action.card]),
                        ),
                        action=code,
                        seat=seat,
                        emoji=mark(shown),
                        style=BUTTON_STYLE["take"],
                    )
                )
            elif isinstance(action, act.Give):
                shown = card_view(action.card)
                controls.append(
                    Button(
                        label=texts.GIVE_BTN(
                            lang,
                            card=button_label(shown, lang),
                            loser=loser,
                            n=best_score_ids([*loser_cards, action.card]),
                        ),
                        action=code,
                        seat=seat,
                        emoji=mark(shown),
                        style=BUTTON_STYLE["give"],
                    )
                )
            elif isinstance(action, act.Loot | act.Destroy):
                shown = card_view(action.card)
                looting = isinstance(action, act.Loot)
                points = (
                    loot_best(action.card)
                    if looting
                    else best_score_ids(without(loser_cards, action.card))
                )
                if len(duel_cards) > DUEL_BUTTONS_MAX:
                    description = (
                        texts.LOOT_OPTION(lang, n=points)
                        if looting
                        else texts.DESTROY_OPTION(lang, loser=loser, n=points)
                    )
                    duel_options[action.kind].append(
                        SelectOption(
                            label=button_label(shown, lang),
                            value=code,
                            description=description[:100],
                            emoji=mark(shown),
                        )
                    )
                else:
                    emoji, style, row = DUEL_LOOK[action.kind]
                    shown_label = button_label(shown, lang)
                    controls.append(
                        Button(
                            label=texts.LOOT_BTN(lang, card=shown_label, n=points)
                            if looting
                            else texts.DESTROY_BTN(lang, card=shown_label, loser=loser, n=points),
                            action=code,
                            seat=seat,
                            emoji=emoji,
                            style=style,
                            row=row,
                        )
                    )
            elif isinstance(action, act.Draw) and len(action.cards) == 1:
                (single,) = action.cards
                controls.append(
                    Button(
                        label=own_label(single),
                        action=code,
                        seat=seat,
                        emoji=mark(card_view(single)),
                        style=BUTTON_STYLE["discard"],
                    )
                )
            elif isinstance(action, act.Draw):
                both = " + ".join(label(held[c]) for c in action.cards)
                kept = best_score_ids(c for c in mine if c not in action.cards)
                pairs.append(
                    SelectOption(label=both[:100], value=code, description=texts.KEEP(lang, n=kept))
                )
        if duel_targets:
            controls.append(
                Select(
                    placeholder=f"⚔️ {texts.DUEL_SELECT(lang)}",
                    options=tuple(duel_targets),
                    seat=seat,
                )
            )
        if pairs:
            controls.append(
                Select(
                    placeholder=f"{HIDDEN_CARD} {texts.DRAW2(lang)}",
                    options=tuple(pairs),
                    seat=seat,
                    confirm=True,
                )
            )
        for way, options in duel_options.items():
            if options:
                placeholder = f"{DUEL_LOOK[way][0]} {DUEL_SELECT[way](lang)}"
                controls.append(Select(placeholder=placeholder, options=tuple(options), seat=seat))
        # Back last, where the player looks for it.
        controls.sort(key=lambda c: isinstance(c, Button) and c.action == "back")
        step = view.step
        if step == "act":
            if not any(isinstance(a, act.Duel) for a in legal):
                # No duel now (the deck is too small): say so with a disabled button.
                target = (seat + 1) % len(view.players)
                controls.append(
                    Button(
                        label=texts.DUEL_OFF(lang),
                        action=f"duel.{target}",
                        seat=seat,
                        emoji="⚔️",
                        disabled=True,
                    )
                )
            return texts.PROMPT_ACT(lang, points=private.best_score), controls
        if step == "field_discard":
            return texts.PROMPT_FIELD_DISCARD(lang), controls
        if step == "loot_discard":
            loot = private.pending_loot
            return texts.PROMPT_LOOT_DISCARD(lang, card=card(loot) if loot else "?"), controls
        if step == "field_take":
            pending = private.pending_discard
            return texts.PROMPT_FIELD_TAKE(lang, card=card(pending) if pending else "?"), controls
        if step == "duel_give":
            return texts.PROMPT_DUEL_GIVE(lang, loser=loser), controls
        if step == "deck_discard":
            return (texts.PROMPT_DECK_DISCARD if pairs else texts.PROMPT_DECK_ONE)(lang), controls
        if step == "duel_choice":
            return texts.PROMPT_DUEL_CHOICE(lang, loser=loser), controls
        if step == "declare":
            return texts.PROMPT_DECLARE(lang, points=private.best_score), controls
        return "", controls

    # -- the log --------------------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """One line a move, naming who made it, with the cards and numbers a player needs (a
        duel's two cards and who won); a game's end as a summary, seat by seat."""
        if not event.public:
            return None
        template = texts.EVENTS.get(event.kind)
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
            "loser": who("loser"),
            "score": data.get("score", ""),
            "count": data.get("count", ""),
        }
        for key in ("take", "card"):
            if isinstance(data.get(key), str):
                values[key] = card(named(data[key]))
        if isinstance(data.get("discard"), str):
            values["discard"] = card(named(data["discard"]))
        elif isinstance(data.get("discard"), list):
            values["discard"] = " ".join(card(named(n)) for n in data["discard"])
        if event.kind == "duel":
            values["acard"] = duel_card(named(str(data.get("attacker_card", "天"))))
            values["dcard"] = duel_card(named(str(data.get("defender_card", "天"))))
            if data.get("winner") == data.get("attacker"):
                outcome = "won"
            elif data.get("attacker_number") == data.get("defender_number"):
                outcome = "tie"
            else:
                outcome = "lost"
            values["outcome"] = texts.DUEL_OUTCOME[outcome](lang)
        if event.kind == "game_end":
            return self._game_end(ctx, event)
        if event.kind == "match_end":
            totals = data.get("totals", [])
            values["scores"] = " · ".join(
                f"{common.seat_title(ctx, s)} **{p}**" for s, p in enumerate(totals)
            )
        try:
            return template(lang, **values)
        except KeyError:
            return None

    def _game_end(self, ctx: RenderContext, event: Event) -> str:
        """A game's end as a summary: how it ended, each seat's points with the runs that made
        them and its hand (revealed now) in scoring order, and the match so far."""
        data, lang = event.data, ctx.lang
        if event.seat is not None:
            ending = texts.DECLARED_BY(lang, player=ctx.seat_label(event.seat))
        else:
            ending = texts.ENDINGS[str(data.get("ended_by", "deck"))](lang)
        lines = [texts.EVENTS["game_end"](lang, game=data.get("game", ""), ending=ending)]
        scores = list(data.get("scores", []))
        hands = list(data.get("hands", []))
        for seat, points in enumerate(scores):
            hand = arrangement(card_id(n) for n in hands[seat]) if seat < len(hands) else None
            lines.append(
                texts.END_SEAT(
                    lang,
                    seat=common.seat_title(ctx, seat),
                    points=points,
                    yaku=runs(hand, lang) if hand is not None else "",
                    hand=arranged(hand) if hand is not None else "",
                )
            )
        totals = data.get("totals")
        if isinstance(totals, list) and totals != scores:
            lines.append(
                texts.END_TOTALS(
                    lang,
                    scores=" · ".join(
                        f"{common.seat_title(ctx, s)} **{p}**" for s, p in enumerate(totals)
                    ),
                )
            )
        game = data.get("game")
        if isinstance(game, int) and game < GAMES_PER_MATCH:
            lines.append(f"{texts.MARKS(lang)} · {texts.END_NEXT(lang, game=game + 1)}")
        else:
            lines.append(texts.MARKS(lang))
        return "\n".join(lines)

    # -- the end --------------------------------------------------------------------------

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        """The match's end, brief enough for a phone with its picture below: the winners and
        why, each seat's total with each game's points (best first, names cut short), and how
        each game ended. Each game's runs and hands are in the picture and in the summary of
        the game's end."""
        result = ctx.state.result()
        view = self._public(ctx)
        lang = ctx.lang
        lines = [common.winners_line(ctx, result.winners)]
        top = max(result.scores)
        if sum(1 for s in result.scores if s == top) > 1:
            lines.append((texts.SHARED if len(result.winners) > 1 else texts.TIEBREAK)(lang))
        for seat in common.standings(result):
            name = brief_name(ctx.record.seats[seat].name)
            if ctx.record.seats[seat].is_cpu:
                name = f"🤖 {name}"
            games = " + ".join(str(game.scores[seat]) for game in view.games)
            lines.append(
                texts.FINAL_SEAT(
                    lang,
                    seat=f"{common.seat_mark(seat)} {name}",
                    total=result.scores[seat],
                    games=games,
                )
            )
        lines.append(
            " · ".join(
                texts.ENDED(lang, n=game.game, ending=self._ending(ctx, game))
                for game in view.games
            )
        )
        title = texts.FINAL_TITLE(lang, id=ctx.record.id)
        embed = discord.Embed(
            title=title[:256], description="\n".join(lines)[:4096], colour=TABLE_COLOUR
        )
        return [embed]


RENDERER = GogyoRenderer()
