"""五行中国史カードゲーム on Discord: field, hands and duels on the table; turns in the hand."""

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
from games.gogyo import actions as act
from games.gogyo import texts
from games.gogyo.cards import DYNASTIES, card_id
from games.gogyo.rules import GAMES_PER_MATCH
from games.gogyo.state import shown_step
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
#: A duel winner's choice: label, emoji, style and row (looting first, destroying below).
DUEL_LOOK: dict[str, tuple[Text, str, discord.ButtonStyle, int]] = {
    "loot": (texts.LOOT_BTN, "🫳", discord.ButtonStyle.success, 0),
    "destroy": (texts.DESTROY_BTN, "🔥", discord.ButtonStyle.danger, 1),
}
#: Up to this many cards in the loser's hand, the duel winner's choice is a button per card
#: and way; with more, a select per way (a button per card and way, two per card, would take
#: a phone's screen).
DUEL_BUTTONS_MAX = 2
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
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        embed = discord.Embed(title=title[:256], colour=discord.Colour(0x3B7A57))
        if not ctx.pictures:  # the picture shows the hand in its best order, and that score
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
        me = view.players[seat]
        if me.game_scores:
            scores = [
                texts.GAME_POINTS(lang, n=n, points=p)
                for n, p in enumerate(me.game_scores, start=1)
            ]
            embed.description = " · ".join(scores)
        acting = seat in view.to_act and common.in_play(ctx) and not view.over
        if acting:
            embed.add_field(
                name=texts.FIELD_NOW(lang, deck=view.deck_count),
                value=cards(view.field) or texts.EMPTY(lang),
                inline=False,
            )
            others = [
                f"{common.seat_title(ctx, p.seat)}: "
                + " ".join([card(c) for c in p.face_up] + [HIDDEN_CARD] * p.face_down_count)
                for p in view.players
                if p.seat != seat
            ]
            embed.add_field(
                name=texts.OTHERS(lang), value="\n".join(others)[:FIELD_MAX], inline=False
            )
        if not ctx.pictures:  # the picture's cards show their numbers; Rules holds the legend
            embed.set_footer(text=texts.FOOTER(lang))
        if not acting:
            content = None
            if view.to_act and not view.over and common.in_play(ctx):
                who = ", ".join(ctx.seat_label(s) for s in view.to_act)
                content = texts.WAIT(lang, who=who, step=self._step(view, lang))
            return Rendered(embeds=[embed], controls=[], content=content)
        content, controls = self._moves(ctx, private, seat)
        return Rendered(embeds=[embed], controls=controls, content=content)

    def _moves(
        self, ctx: RenderContext, private: PrivateView, seat: int
    ) -> tuple[str, list[Button | Select]]:
        """The prompt of the seat's current step and its legal actions as controls, each
        labelled from the card or seat it names (the engine decides which moves exist)."""
        view, lang = private.public, ctx.lang
        legal = ctx.state.legal_actions(seat)
        held = {c.id: c for c in private.hand}

        def named(card_id: int) -> str:
            """A card of the seat's own hand with its face-down mark, any other by its name."""
            own = held.get(card_id)
            return (
                label(own) + (f" {DOWN_MARK}" if own.face_down else "")
                if own
                else label(card_view(card_id))
            )

        controls: list[Button | Select] = []
        singles: list[SelectOption] = []
        pairs: list[SelectOption] = []
        duel_cards = {a.card for a in legal if isinstance(a, act.Loot)}
        duel_options: dict[str, list[SelectOption]] = {way: [] for way in DUEL_SELECT}
        for action in legal:
            code = action.encode()
            if isinstance(action, act.Field | act.Deck | act.Declare | act.EndTurn | act.Back):
                emoji, style = ACTION_LOOK[action.kind]
                name = texts.ACTION_NAMES[action.kind](lang)
                controls.append(
                    Button(label=name, action=code, seat=seat, emoji=emoji, style=style)
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
            elif isinstance(action, act.Discard | act.Take | act.Give):
                shown = card_view(action.card)
                style = BUTTON_STYLE[action.kind]
                own = held.get(action.card)
                controls.append(
                    Button(
                        label=button_label(own or shown, lang)
                        + (f" {DOWN_MARK}" if own and own.face_down else ""),
                        action=code,
                        seat=seat,
                        emoji=mark(shown),
                        style=style,
                    )
                )
            elif isinstance(action, act.Loot | act.Destroy) and len(duel_cards) > DUEL_BUTTONS_MAX:
                shown = card_view(action.card)
                duel_options[action.kind].append(
                    SelectOption(
                        label=button_label(shown, lang),
                        value=code,
                        description=reading(shown, lang)[:100],
                        emoji=mark(shown),
                    )
                )
            elif isinstance(action, act.Loot | act.Destroy):
                text, emoji, style, row = DUEL_LOOK[action.kind]
                controls.append(
                    Button(
                        label=text(lang, card=button_label(card_view(action.card), lang)),
                        action=code,
                        seat=seat,
                        emoji=emoji,
                        style=style,
                        row=row,
                    )
                )
            elif isinstance(action, act.Draw) and len(action.cards) == 1:
                shown = card_view(action.cards[0])
                singles.append(
                    SelectOption(
                        label=named(shown.id),
                        value=code,
                        description=reading(shown, lang)[:100],
                        emoji=mark(shown),
                    )
                )
            elif isinstance(action, act.Draw):
                both = " + ".join(
                    hand_card(held[c]) if c in held else card(card_view(c)) for c in action.cards
                )
                gloss = " + ".join(reading(card_view(c), lang) for c in action.cards)
                pairs.append(SelectOption(label=both[:100], value=code, description=gloss[:100]))
        if singles:
            controls.insert(
                0,
                Select(
                    placeholder=texts.DRAW1(lang), options=tuple(singles), seat=seat, confirm=True
                ),
            )
        if pairs:
            controls.insert(
                1,
                Select(
                    placeholder=texts.DRAW2(lang), options=tuple(pairs), seat=seat, confirm=True
                ),
            )
        for way, options in duel_options.items():
            if options:
                placeholder = f"{DUEL_LOOK[way][1]} {DUEL_SELECT[way](lang)}"
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
            return texts.PROMPT_ACT(lang), controls
        if step == "field_discard":
            return texts.PROMPT_FIELD_DISCARD(lang), controls
        if step == "loot_discard":
            loot = private.pending_loot
            return texts.PROMPT_LOOT_DISCARD(lang, card=card(loot) if loot else "?"), controls
        if step == "field_take":
            pending = private.pending_discard
            return texts.PROMPT_FIELD_TAKE(lang, card=card(pending) if pending else "?"), controls
        if step == "duel_give":
            assert view.last_duel is not None
            loser = ctx.seat_label(view.last_duel.loser)
            return texts.PROMPT_DUEL_GIVE(lang, loser=loser), controls
        if step == "deck_discard":
            return (texts.PROMPT_DECK_DISCARD if pairs else texts.PROMPT_DECK_ONE)(lang), controls
        if step == "duel_choice":
            assert view.last_duel is not None
            loser = ctx.seat_label(view.last_duel.loser)
            return texts.PROMPT_DUEL_CHOICE(lang, loser=loser), controls
        if step == "declare":
            return texts.PROMPT_DECLARE(lang, points=private.best_score), controls
        return "", controls

    # -- the log --------------------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
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
            values["ending"] = texts.ENDINGS[str(data.get("ended_by", "deck"))](lang)
            values["scores"] = " · ".join(
                f"{ctx.seat_label(s)} {p}" for s, p in enumerate(data.get("scores", []))
            )
        if event.kind == "match_end":
            values["scores"] = " · ".join(
                f"{ctx.seat_label(s)} {p}" for s, p in enumerate(data.get("totals", []))
            )
        try:
            return template(lang, **values)
        except KeyError:
            return None

    # -- the end --------------------------------------------------------------------------

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        view = self._public(ctx)
        lang = ctx.lang
        embed = common.table_embed(ctx, self._title(ctx, texts.FINAL(lang)), "")
        order = common.standings(result)
        for seat in order:
            parts = result.breakdown[seat]
            lines: list[str] = []
            for game in view.games:
                n = game.game
                arrangement = game.arrangements[seat]
                dp = parts.get(f"game{n}_dynasty", arrangement.dynasty_points)
                ep = parts.get(f"game{n}_element", arrangement.element_points)
                lines.append(
                    f"**{texts.GAME_POINTS(lang, n=n, points=dp + ep)}** · "
                    + yaku_line(arrangement, lang)
                )
                lines.append("　" + arranged(arrangement))
            name = (
                f"{common.seat_title(ctx, seat)} — {texts.TOTAL(lang, points=result.scores[seat])}"
            )
            embed.add_field(
                name=name[:256], value="\n".join(lines)[:FIELD_MAX] or "—", inline=False
            )
        # Each game's scores are in the players' fields; here only how each game ended.
        endings = [
            texts.ENDED(lang, n=game.game, ending=self._ending(ctx, game)) for game in view.games
        ]
        description = [common.winners_line(ctx, result.winners)]
        top = max(result.scores)
        if sum(1 for s in result.scores if s == top) > 1:
            description.append((texts.SHARED if len(result.winners) > 1 else texts.TIEBREAK)(lang))
        description += [*endings, texts.MARKS(lang)]
        embed.description = "\n".join(description)[:4096]
        return [embed]


RENDERER = GogyoRenderer()
