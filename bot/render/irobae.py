"""色映に生へど on Discord: the trick with its trump marker, pass status and scores; the hand,
each player's whole screen: the trick in play with its trump and who is winning it, the 2-card
pass select, and one button a card saying whether it would win the trick."""

from __future__ import annotations

from typing import Any

import discord

from bot.render import common
from bot.render.base import FIELD_MAX, Button, RenderContext, Rendered, Select, SelectOption
from games.core import Event, Lang
from games.irobae import actions as act
from games.irobae import scoring, texts
from games.irobae.rules import as_pair, colour_of, number_of
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


def button_label(card: CardView, lang: Lang) -> str:
    """A card button's label beside its colour square: `花7` in Japanese, the number alone
    in English (whose colour names would make nine buttons take five rows on a phone)."""
    return texts.card_name(card.id, lang) if lang == "ja" else str(card.number)


def trick_leader_index(trick: list[PlayedCard]) -> int:
    """Index in `trick` of the card winning it as it stands."""
    return scoring.trick_winner([as_pair(p.card.id) for p in trick])


def taking_change(private: PrivateView, card: int) -> int | None:
    """What taking the trick as it stands, after playing `card`, changes in the seat's score
    for this deal; None when that card would not be winning it."""
    trick = [p.card.id for p in private.public.trick] + [card]
    pairs = [as_pair(c) for c in trick]
    if scoring.trick_winner(pairs) != len(trick) - 1:
        return None
    pile = [as_pair(c.id) for c in private.pile]
    return scoring.deal_score(pile + pairs) - scoring.deal_score(pile)


def counted_pile(cards: list[int], lang: Lang) -> str:
    """Won cards by colour as counted at a deal's end: `🟥 2 5 7 (0) · 🟦 6 (+6)`."""
    colours = scoring.colour_scores([as_pair(c) for c in cards])
    parts = []
    for colour, score in colours.items():
        numbers = sorted(number_of(c) for c in cards if colour_of(c) == colour)
        parts.append(f"{COLOUR_MARK[colour]} {' '.join(map(str, numbers))} ({signed(score)})")
    return " · ".join(parts) or texts.PILE_NONE(lang)


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

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """The colours' names, what may be played, who wins, the scoring and what the hand's
        button colours and points mean: one short embed."""
        lang = ctx.lang
        return [common.table_embed(ctx, texts.REFERENCE_TITLE(lang), texts.REFERENCE(lang))]

    # -- the hand -------------------------------------------------------------------------

    def _prompt(self, ctx: RenderContext, private: PrivateView) -> str | None:
        """What the seat is asked now, and for a card to play in a trick what each playable
        card would do (`_effects`)."""
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
        held = [c for c in view.follow_colours if any(card.colour == c for card in private.hand)]
        if held:
            prompt = texts.PROMPT_FOLLOW(lang, colours=colours_short(held, lang))
        else:
            prompt = texts.PROMPT_FREE(lang, colours=colours_short(view.follow_colours, lang))
        return "\n".join([prompt, *self._effects(private, lang)])

    @staticmethod
    def _effects(private: PrivateView, lang: Lang) -> list[str]:
        """Which playable cards would win the trick as it stands, each with what taking it so
        would change in the seat's score for this deal, and which would not."""
        wins, loses = [], []
        for card in private.hand:
            if card.id not in private.playable:
                continue
            change = taking_change(private, card.id)
            if change is None:
                loses.append(card_short(card))
            else:
                wins.append(texts.EFFECT_POINTS(lang, card=card_short(card), points=signed(change)))
        lines = []
        if wins:
            lines.append(texts.EFFECT_WINS(lang, cards=" · ".join(wins)))
        if loses:
            lines.append(texts.EFFECT_LOSES(lang, cards=" ".join(loses)))
        return lines

    def _trump_line(self, ctx: RenderContext, view: PublicView) -> str | None:
        """The trump and who is winning the trick in play so far (None with no trick)."""
        if not view.trick or view.trump is None:
            return None
        best = view.trick[trick_leader_index(view.trick)]
        return texts.TRUMP_LINE(
            ctx.lang,
            trump=colours_short([view.trump], ctx.lang),
            seat=common.seat_title(ctx, best.seat),
            card=card_short(best.card),
        )

    def _hand_description(self, ctx: RenderContext, private: PrivateView) -> str:
        """The deal and trick, then what the decision needs from the table: in words, the trick
        in play, its trump and who is winning it (the picture shows them above the hand), or
        who leads; beside a picture, the seat's own pass of this deal on one line (in words, a
        field)."""
        view, lang = private.public, ctx.lang
        lines = [self._header(view, lang)]
        if view.phase == "play":
            if view.trick:
                if not ctx.pictures:
                    trick = " · ".join(
                        f"{common.seat_mark(p.seat)}{card_short(p.card)}"
                        + (MARKER if i == view.marker else "")
                        for i, p in enumerate(view.trick)
                    )
                    lines.append(f"**{texts.HAND_TRICK(lang)}** {trick}")
                    lines.append(self._trump_line(ctx, view) or "")
            elif view.leader is not None:
                lead = texts.TRICK_EMPTY(
                    lang, n=view.trick_number, seat=common.seat_title(ctx, view.leader)
                )
                lines.append(f"**{lead}**")
            if ctx.pictures and (private.passed or private.received):
                lines.append(
                    texts.PASS_LINE(
                        lang,
                        to=common.seat_mark(private.pass_to),
                        passed=cards_short(private.passed) or "—",
                        giver=common.seat_mark(private.pass_from),
                        received=cards_short(private.received) or "—",
                    )
                )
        return "\n".join(line for line in lines if line)

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        embed = discord.Embed(
            title=title[:256], description=self._hand_description(ctx, private), colour=HAND_COLOUR
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
        elif view.phase != "pass" and not ctx.pictures and (private.passed or private.received):
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
        """The pass: one select of two cards, confirmed once (a pass cannot be taken back).
        The tricks: a button a card in hand, green for a card that would win the trick as it
        stands (after the lead), blue for one that would not (or any lead), grey and locked for
        one the follow rule forbids."""
        view, lang, seat = private.public, ctx.lang, private.seat
        if view.phase == "pass":
            if not private.passable:
                return []
            options = tuple(
                SelectOption(
                    label=texts.card_name(card, lang),
                    value=str(card),
                    emoji=COLOUR_MARK[colour_of(card)],
                    description=texts.PASS_OPTION(
                        lang,
                        colour=texts.colour_short(colour_of(card), lang),
                        numbers=" ".join(
                            str(c.number) for c in private.hand if c.colour == colour_of(card)
                        ),
                    ),
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
        buttons: list[Button | Select] = []
        for card in private.hand:
            if card.id not in playable:
                style = discord.ButtonStyle.secondary
            elif view.trick and taking_change(private, card.id) is not None:
                style = discord.ButtonStyle.success
            else:
                style = discord.ButtonStyle.primary
            buttons.append(
                Button(
                    label=button_label(card, lang),
                    emoji=COLOUR_MARK[card.colour],
                    action=common.action_code(act.PlayCard, card=card.id),
                    seat=seat,
                    style=style,
                    disabled=card.id not in playable,
                )
            )
        return buttons

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """One line a move, naming who did what; the deal's end as its whole summary (each
        player's won cards by colour, points and total), which the per-player piles counted
        in the open after it would only repeat (they say nothing of their own)."""
        if not event.public:
            return None
        kind, data, lang = event.kind, event.data, ctx.lang
        seat = common.seat_title(ctx, event.seat) if event.seat is not None else ""

        def titled(key: str) -> str:
            return common.seat_title(ctx, int(data[key])) if key in data else "—"

        if kind == "deal_start":
            return texts.EVENTS["deal_start"](
                lang,
                deal=data.get("deal", ""),
                deals=data.get("deals", ""),
                dealer=titled("dealer"),
                leader=titled("leader"),
            )
        if kind == "passed":
            return texts.EVENTS["passed"](lang, seat=seat)
        if kind == "pass_done":
            return texts.EVENTS["pass_done"](lang, leader=titled("leader"))
        if kind == "play":
            card = card_text(int(data["card"]), lang)
            if data.get("lead"):
                return texts.EVENTS["lead"](lang, seat=seat, card=card)
            if data.get("marker_moved"):
                trump = colours_short([int(data["trump"])], lang)
                return texts.EVENTS["marker_moved"](lang, seat=seat, card=card, trump=trump)
            if data.get("winning") == event.seat:
                return texts.EVENTS["winning"](lang, seat=seat, card=card)
            return texts.EVENTS["play"](lang, seat=seat, card=card)
        if kind == "trick_end":
            cards = [(int(s), int(c)) for s, c in data.get("cards", [])]
            best = next((c for s, c in cards if s == event.seat), None)
            return texts.EVENTS["trick_end"](
                lang,
                seat=seat,
                trick=data.get("trick", ""),
                card=card_text(best, lang) if best is not None else "—",
                cards=" ".join(card_short(c) for _, c in cards),
            )
        if kind == "deal_end":
            return self._deal_summary(ctx, data)
        if kind == "game_over":
            winners = [int(s) for s in data.get("winners", [])]
            scores = data.get("scores", [])
            return texts.EVENTS["game_over"](
                lang,
                winners=" & ".join(common.seat_title(ctx, s) for s in winners),
                score=int(scores[winners[0]]) if winners and scores else 0,
            )
        return None

    def _deal_summary(self, ctx: RenderContext, data: dict[str, Any]) -> str:
        """The deal's end on its own: the scoring rule, then a line a player with the deal's
        points, the total so far and the won cards by colour with each colour's points."""
        lang = ctx.lang
        scores = [int(v) for v in data.get("scores", [])]
        totals = [int(v) for v in data.get("totals", [])] or scores
        piles = data.get("piles") or [[] for _ in scores]
        lines = [texts.DEAL_END(lang, deal=data.get("deal", ""), deals=data.get("deals", "?"))]
        for seat, score in enumerate(scores):
            lines.append(
                texts.DEAL_END_LINE(
                    lang,
                    seat=common.seat_title(ctx, seat),
                    score=signed(score),
                    total=totals[seat] if seat < len(totals) else score,
                    pile=counted_pile([int(c) for c in piles[seat]], lang),
                )
            )
        return "\n".join(lines)

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
