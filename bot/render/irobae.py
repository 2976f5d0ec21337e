"""色映に生へど on Discord: the trick with its trump marker, pass status and scores; the hand with
its 2-card pass select and one button a card."""

from __future__ import annotations

import discord

from bot.render import common
from bot.render.base import FIELD_MAX, Button, RenderContext, Rendered, Select, SelectOption
from games.core import Event, Lang
from games.irobae import actions as act
from games.irobae import texts
from games.irobae.rules import colour_of, number_of
from games.irobae.views import CardView, PlayedCard, PrivateView, PublicView, TrickView

#: One square per colour, in the engine's colour order (花 red, 鳥 orange, 傘 yellow, 扇 green,
#: 蝶 blue): the colour is what play turns on, so it leads every card shown.
COLOUR_MARK = ("🟥", "🟧", "🟨", "🟩", "🟦")

#: Beside the card the trump marker (切り札表示カード) lies next to.
MARKER = "🚩"

#: The pass select's prefix: the platform joins the two chosen card ids to it in option order
#: (ascending), which is the engine's `pass.<a>.<b>` with `a < b`.
PASS_PREFIX = "pass"

#: Colour of hand messages (the table uses the platform's colour).
HAND_COLOUR = discord.Colour(0x5B7FA6)


def signed(value: int) -> str:
    """A score with its sign: `+5`, `-3`, `0`."""
    return f"+{value}" if value > 0 else str(value)


def card_text(card: int | CardView, lang: Lang) -> str:
    """A card as its colour square and name: `🟥花7` / `🟥 flower 7`."""
    cid = card.id if isinstance(card, CardView) else card
    sep = "" if lang == "ja" else " "
    return f"{COLOUR_MARK[colour_of(cid)]}{sep}{texts.card_name(cid, lang)}"


def card_short(card: int | CardView) -> str:
    """A card in tight spots: `🟥7`."""
    cid = card.id if isinstance(card, CardView) else card
    return f"{COLOUR_MARK[colour_of(cid)]}{number_of(cid)}"


def cards_short(cards: list[CardView]) -> str:
    return " ".join(card_short(c) for c in cards)


def colour_text(colour: int, lang: Lang) -> str:
    """A colour in full: `🟥 花（赤）` / `🟥 花 hana (flower, red)`."""
    return f"{COLOUR_MARK[colour]} {texts.colour_name(colour, lang)}"


def colours_short(colours: list[int], lang: Lang) -> str:
    """Colours compactly: `🟥花・🟦蝶` / `🟥 flower, 🟦 butterfly`."""
    sep = "・" if lang == "ja" else ", "
    gap = "" if lang == "ja" else " "
    return sep.join(f"{COLOUR_MARK[c]}{gap}{texts.colour_short(c, lang)}" for c in colours)


def by_colour(cards: list[CardView], lang: Lang) -> list[tuple[int, str]]:
    """One line per colour held: `(colour, "🟥 花: 2 5 7")`, colours in order."""
    lines = []
    for colour in range(len(COLOUR_MARK)):
        numbers = [c.number for c in cards if c.colour == colour]
        if numbers:
            name = texts.colour_short(colour, lang)
            lines.append((colour, f"{COLOUR_MARK[colour]} {name}: " + " ".join(map(str, numbers))))
    return lines


class IrobaeRenderer(common.GameRenderer[PublicView]):
    game_id = "irobae"

    # -- the table ------------------------------------------------------------------------

    def _step(self, view: PublicView, lang: Lang) -> str | None:
        if view.phase == "pass":
            return texts.STEP_PASS(lang)
        if view.phase == "play":
            if not view.trick:
                return texts.STEP_LEAD(lang)
            return texts.STEP_FOLLOW(lang, colours=colours_short(view.follow_colours, lang))
        return None

    def _header(self, view: PublicView, lang: Lang) -> str:
        if view.trick_number:
            return texts.HEADER_TRICK(
                lang,
                deal=view.deal,
                deals=view.deals,
                trick=view.trick_number,
                tricks=view.tricks_per_deal,
            )
        return texts.HEADER(lang, deal=view.deal, deals=view.deals)

    def _trick_lines(
        self, ctx: RenderContext, cards: list[PlayedCard], marker: int | None
    ) -> list[str]:
        """The trick in play order, one card a line, 🚩 beside the marker's card."""
        lines = []
        for i, played in enumerate(cards):
            flag = f" {MARKER}" if i == marker else ""
            lines.append(
                f"{common.seat_title(ctx, played.seat)} — {card_text(played.card, ctx.lang)}{flag}"
            )
        return lines

    def _last_trick(self, ctx: RenderContext, trick: TrickView) -> list[str]:
        lang = ctx.lang
        head = texts.LAST_TRICK(
            lang,
            n=trick.number,
            seat=common.seat_title(ctx, trick.winner),
            trump=colours_short([trick.trump], lang),
        )
        cards = " · ".join(
            f"{common.seat_mark(p.seat)}{card_short(p.card)}"
            + (MARKER if i == trick.marker else "")
            for i, p in enumerate(trick.cards)
        )
        return [f"**{head}**", cards]

    def _description(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = [common.turn_line(ctx, list(view.to_act), self._step(view, lang))]
        if view.phase == "over":
            return "\n".join(lines)
        lines.append(
            texts.DEALER_LINE(lang, seat=common.seat_title(ctx, view.dealer), n=view.unused_count)
        )
        if view.phase == "pass":
            lines.append(f"**{texts.PASS_TITLE(lang)}**")
            lines.append(
                " · ".join(
                    ("✅ " if view.passed[s] else "⏳ ")
                    + f"{common.seat_mark(s)}→{common.seat_mark(view.pass_to[s])}"
                    for s in range(view.players)
                )
            )
            lines.append(texts.PASS_LEGEND(lang))
            if view.leader is not None:
                lines.append(texts.FIRST_LEADER(lang, seat=common.seat_title(ctx, view.leader)))
            if view.last_trick is not None:
                lines.append("")
                lines += self._last_trick(ctx, view.last_trick)
            return "\n".join(lines)
        if view.trick:
            lines.append(f"**{texts.TRICK(lang, n=view.trick_number)}**")
            lines += self._trick_lines(ctx, view.trick, view.marker)
            if view.trump is not None:
                lines.append(f"{MARKER} **{texts.TRUMP(lang)}** {colour_text(view.trump, lang)}")
            lines.append(f"**{texts.FOLLOW(lang)}** {colours_short(view.follow_colours, lang)}")
        else:
            if view.last_trick is not None:
                lines += self._last_trick(ctx, view.last_trick)
                lines.append("")
            if view.leader is not None:
                leader = common.seat_title(ctx, view.leader)
                lines.append(f"**{texts.TRICK_EMPTY(lang, n=view.trick_number, seat=leader)}**")
        return "\n".join(lines)

    def _players(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = []
        for seat in range(view.players):
            mark = ""
            if view.phase == "pass":
                mark = "✅ " if view.passed[seat] else "⏳ "
            line = f"{mark}{common.seat_mark(seat)} **{ctx.seat_label(seat)}**"
            if view.phase != "over" and seat == view.dealer:
                line += f" 🎴{texts.DEALER(lang)}"
            line += " — " + texts.PLAYER_LINE(
                lang,
                hand=view.hand_sizes[seat],
                won=view.tricks_won[seat],
                total=view.totals[seat],
            )
            lines.append(line)
            if view.open_minimums and view.minimums[seat]:
                lines.append("　" + texts.MINIMUMS(lang, cards=cards_short(view.minimums[seat])))
        return "\n".join(lines)[:FIELD_MAX]

    def _scores(self, view: PublicView, lang: Lang) -> str:
        """The last deal's scores (the players' lines have their totals; the end shows every
        deal)."""
        scores = " · ".join(
            f"{common.seat_mark(s)} {signed(v)}" for s, v in enumerate(view.deal_scores[-1])
        )
        return texts.DEAL_LINE(lang, n=len(view.deal_scores), scores=scores)

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        if ctx.pictures:
            lines = [common.turn_line(ctx, list(view.to_act), self._step(view, lang))]
            if view.phase == "pass":
                lines.append(
                    " · ".join(
                        ("✅ " if view.passed[s] else "⏳ ")
                        + f"{common.seat_mark(s)}→{common.seat_mark(view.pass_to[s])}"
                        for s in range(view.players)
                    )
                )
            # Each seat's total on one line (the picture shows hands and tricks), the dealer
            # marked, which the picture does not show.
            totals = [
                str(view.totals[s])
                + (f" 🎴{texts.DEALER(lang)}" if view.phase != "over" and s == view.dealer else "")
                for s in range(view.players)
            ]
            embed = self._brief(
                ctx, self._header(view, lang), "\n".join(lines), [common.scores_line(ctx, totals)]
            )
            return Rendered(embeds=[embed], controls=[])
        embed = self._table_embed(ctx, self._header(view, lang), self._description(ctx, view))
        embed.add_field(name=texts.PLAYERS(lang), value=self._players(ctx, view), inline=False)
        if view.deal_scores:
            embed.add_field(
                name=texts.DEAL_SCORES(lang), value=self._scores(view, lang), inline=False
            )
        embed.add_field(
            name=texts.LOG(lang), value=common.table_log(ctx, self.event_text), inline=False
        )
        return Rendered(embeds=[embed], controls=[])

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        """Every move of this game comes from a hidden hand."""
        return False

    # -- the hand -------------------------------------------------------------------------

    def _prompt(self, ctx: RenderContext, private: PrivateView) -> str | None:
        view, lang, seat = private.public, ctx.lang, private.seat
        if not common.in_play(ctx):
            return None
        if view.phase == "pass":
            if private.passable:
                return texts.PROMPT_PASS(lang, seat=common.seat_title(ctx, private.pass_to))
            waiting = ", ".join(common.seat_title(ctx, s) for s in view.to_act)
            return texts.PROMPT_PASSED(lang, who=waiting)
        if view.phase != "play" or view.turn is None:
            return None
        if view.turn != seat:
            return texts.WAIT(lang, who=common.seat_title(ctx, view.turn))
        if not view.trick:
            return texts.PROMPT_LEAD(lang)
        colours = colours_short(view.follow_colours, lang)
        if any(c.colour in view.follow_colours for c in private.hand):
            return texts.PROMPT_FOLLOW(lang, colours=colours)
        return texts.PROMPT_FREE(lang, colours=colours)

    def _hand_description(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = [self._header(view, lang)]
        if view.phase == "play":
            if view.trick:
                trick = " · ".join(
                    f"{common.seat_mark(p.seat)}{card_short(p.card)}"
                    + (MARKER if i == view.marker else "")
                    for i, p in enumerate(view.trick)
                )
                lines.append(f"**{texts.HAND_TRICK(lang)}** {trick}")
                if view.trump is not None:
                    lines.append(
                        f"{MARKER} **{texts.TRUMP(lang)}** {colour_text(view.trump, lang)}"
                    )
                lines.append(f"**{texts.FOLLOW(lang)}** {colours_short(view.follow_colours, lang)}")
            elif view.leader is not None:
                lead = texts.TRICK_EMPTY(
                    lang, n=view.trick_number, seat=common.seat_title(ctx, view.leader)
                )
                lines.append(f"**{lead}**")
        return "\n".join(lines)

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        embed = discord.Embed(
            title=title[:256], description=self._hand_description(ctx, view), colour=HAND_COLOUR
        )
        if not ctx.pictures:  # the picture shows the hand and the won cards with their score
            hand_lines = [line for _, line in by_colour(private.hand, lang)]
            embed.add_field(
                name=texts.YOUR_HAND(lang, n=len(private.hand)),
                value="\n".join(hand_lines) or texts.NONE(lang),
                inline=False,
            )
        if private.pass_choice:
            embed.add_field(
                name=texts.PASS_CHOICE(lang, seat=common.seat_title(ctx, private.pass_to))[:256],
                value=" ".join(card_text(c, lang) for c in private.pass_choice),
                inline=False,
            )
        elif view.phase != "pass" and (private.passed or private.received):
            embed.add_field(
                name=texts.PASS_DONE(lang),
                value="\n".join(
                    [
                        texts.PASSED_TO(
                            lang,
                            seat=common.seat_title(ctx, private.pass_to),
                            cards=cards_short(private.passed) or "—",
                        ),
                        texts.RECEIVED_FROM(
                            lang,
                            seat=common.seat_title(ctx, private.pass_from),
                            cards=cards_short(private.received) or "—",
                        ),
                    ]
                )[:FIELD_MAX],
                inline=False,
            )
        if view.phase != "pass" and not ctx.pictures:
            embed.add_field(
                name=texts.PILE(lang, score=signed(private.pile_score)),
                value=self._pile(private.pile, lang),
                inline=False,
            )
        if lang == "en":
            legend = " · ".join(colour_text(c, lang) for c in range(len(COLOUR_MARK)))
            embed.set_footer(text=legend)
        controls: list[Button | Select] = []
        if common.in_play(ctx):
            controls = self._hand_controls(ctx, private)
        return Rendered(embeds=[embed], controls=controls, content=self._prompt(ctx, private))

    def _pile(self, pile: list[CardView], lang: Lang) -> str:
        """The won cards by colour with what each colour scores now."""
        lines = []
        for colour, line in by_colour(pile, lang):
            numbers = [c.number for c in pile if c.colour == colour]
            score = min(numbers) - (len(numbers) - 1)
            lines.append(texts.PILE_LINE(lang, cards=line, score=signed(score)))
        return "\n".join(lines)[:FIELD_MAX] or texts.NONE(lang)

    def _hand_controls(self, ctx: RenderContext, private: PrivateView) -> list[Button | Select]:
        view, lang, seat = private.public, ctx.lang, private.seat
        if view.phase == "pass":
            if not private.passable:
                return []
            options = tuple(
                SelectOption(
                    label=texts.card_name(card, lang),
                    value=str(card),
                    emoji=COLOUR_MARK[colour_of(card)],
                )
                for card in sorted(private.passable)
            )
            return [
                Select(
                    placeholder=texts.CHOOSE_PASS(
                        lang, seat=common.seat_title(ctx, private.pass_to)
                    ),
                    options=options,
                    seat=seat,
                    prefix=PASS_PREFIX,
                    min_values=private.pass_count,
                    max_values=private.pass_count,
                    confirm=True,  # the pass cannot be taken back
                )
            ]
        if view.phase != "play":
            return []
        playable = set(private.playable)
        return [
            Button(
                label=texts.card_name(card.id, lang),
                emoji=COLOUR_MARK[card.colour],
                action=common.action_code(act.PlayCard, card=card.id),
                seat=seat,
                style=discord.ButtonStyle.primary
                if card.id in playable
                else discord.ButtonStyle.secondary,
                disabled=card.id not in playable,
            )
            for card in private.hand
        ]

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        if not event.public:
            return None
        kind, data, lang = event.kind, event.data, ctx.lang
        if kind == "play" and data.get("marker_moved"):
            kind = "marker_moved"
        template = texts.EVENTS.get(kind)
        if template is None:
            return None
        card = ""
        if "card" in data:
            card = card_text(int(data["card"]), lang)
            if event.kind == "play" and data.get("lead"):
                card += f" {MARKER}"
        values: dict[str, object] = {
            "seat": common.seat_title(ctx, event.seat) if event.seat is not None else "",
            "deal": data.get("deal", ""),
            "deals": data.get("deals", ""),
            "dealer": common.seat_title(ctx, int(data["dealer"])) if "dealer" in data else "",
            "trick": data.get("trick", ""),
            "card": card,
            "trump": colours_short([int(data["trump"])], lang) if "trump" in data else "",
        }
        if kind == "deal_pile":
            values["pile"] = self._counted_pile(data, lang)
            values["score"] = signed(int(data.get("score", 0)))
        text = template(lang, **values)
        if kind == "deal_end" and "scores" in data:
            text += ("：" if lang == "ja" else ": ") + " · ".join(
                f"{common.seat_mark(s)} {signed(int(v))}" for s, v in enumerate(data["scores"])
            )
        return text

    @staticmethod
    def _counted_pile(data: dict, lang: Lang) -> str:
        """A deal's won cards by colour as counted in the open: `🟥 2 5 7 (0)` per colour."""
        cards = [CardView.of(int(c)) for c in data.get("cards", [])]
        colours = {int(c): int(v) for c, v in (data.get("colours") or {}).items()}
        parts = []
        for colour in range(len(COLOUR_MARK)):
            numbers = sorted(c.number for c in cards if c.colour == colour)
            if numbers:
                score = signed(colours.get(colour, 0))
                parts.append(f"{COLOUR_MARK[colour]} {' '.join(map(str, numbers))} ({score})")
        return " · ".join(parts) or texts.EVENTS["pile_none"](lang)

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        lang = ctx.lang
        dealers = list(result.details.get("dealers", []))
        embed = common.table_embed(ctx, self._title(ctx, texts.FINAL(lang)), "")
        order = common.standings(result)
        for seat in order:
            parts = result.breakdown[seat]
            lines = []
            for n in range(1, len(parts) + 1):
                dealer = common.seat_mark(dealers[n - 1]) if n - 1 < len(dealers) else "—"
                score = signed(parts.get(f"deal{n}", 0))
                lines.append(texts.FINAL_DEAL(lang, n=n, dealer=dealer, score=score))
            lines.append(f"**{texts.FINAL_TOTAL(lang, score=signed(result.scores[seat]))}**")
            embed.add_field(
                name=common.seat_title(ctx, seat)[:256],
                value="\n".join(lines)[:FIELD_MAX],
                inline=True,
            )
        embed.description = common.winners_line(ctx, result.winners)
        return [embed]


RENDERER = IrobaeRenderer()
