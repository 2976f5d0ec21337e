"""十年に一度咲く桜の木の伝説 on Discord: bag, fields, screens and the turn's flowers on the table;
each player's hand is their whole screen: the turn with its risk, their field and screen, and the
controls of every step they play, each saying what it does and what it does to the points."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import discord

from bot.render import common
from bot.render.base import FIELD_MAX, Button, RenderContext, Rendered, Select, SelectOption
from games.core import Event, Lang
from games.sakura import actions as act
from games.sakura import rules, scoring, texts
from games.sakura.scoring import (
    COLOURS,
    FIELD_COLOURS,
    UNCOUNTED,
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

#: Steps whose moves are public and sequential: their buttons sit on the table too, as
#: shortcuts (the hand carries every step's controls).
TABLE_STEPS = frozenset(
    {"draw", "keep", "ability", "komatsuotome", "sakuyahime_give", "sakuyahime_take", "kokonoe"}
)
#: A hand's choices of one step shown as buttons up to this many; more become one select
#: whose options say the same (a button saying what it does and its points takes a phone's line).
HAND_BUTTONS_MAX = 5
#: The draws a hand shows as buttons (one tap each, saying its chance to fail) up to this many
#: (every draw the rules allow), beside Stop; more would become one select.
DRAW_BUTTONS_MAX = 8

#: Split choices shown as buttons up to this many; more become one select.
SPLIT_BUTTONS_MAX = 15

#: Pairs of flowers to keep after a failed turn shown as buttons up to this many (one row of
#: buttons); more become one select (at most 15 pairs of six colours).
KEEP_BUTTONS_MAX = 5

#: Colour of hand messages (the table uses the platform's colour).
HAND_COLOUR = discord.Colour(0xE8A0BF)


def counts(flowers: Mapping[str, int], lang: Lang, sep: str = " ") -> str:
    """Flowers by colour as marks and counts (`🔴5 🟡3`; `🔴5🟡3` with `sep=""`, where each
    mark sets its count apart from the one before), or "(none)"."""
    parts = [f"{FLOWER[c]}{flowers[c]}" for c in COLOURS if flowers.get(c)]
    return sep.join(parts) if parts else texts.NONE(lang)


def row(flowers: Mapping[str, int] | list[str], lang: Lang) -> str:
    """Flowers one mark each (`🔴🔴🟡`), for the few flowers of a turn or a draw."""
    if isinstance(flowers, list):
        marks = "".join(FLOWER[c] for c in flowers)
    else:
        marks = "".join(FLOWER[c] * flowers.get(c, 0) for c in COLOURS)
    return marks or texts.NONE(lang)


def colour_label(colour: str, lang: Lang) -> str:
    return f"{FLOWER[colour]} {texts.colour_name(colour, lang)}"


def card_name(card: str, lang: Lang) -> str:
    return texts.card_name(card, lang)


def failure_reason(flowers: Mapping[str, int], lang: Lang) -> str:
    """Why a turn with these flowers failed: three of a colour, or five colours (each black
    counting as whatever makes it fail)."""
    blacks = flowers.get("black", 0)
    plain = [flowers.get(c, 0) for c in FIELD_COLOURS]
    if max(plain) + blacks >= scoring.FAIL_SAME_COLOUR:
        return texts.FAIL_SAME(lang)
    return texts.FAIL_COLOURS(lang)


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


def signed(n: int) -> str:
    """A difference of points as a player reads it: `+3`, `−3`, `±0`."""
    if n > 0:
        return f"+{n}"
    return f"−{-n}" if n < 0 else "±0"


def field_change(field: Mapping[str, int], now: int, change: Mapping[str, int]) -> tuple[int, str]:
    """A field's points once `change` (colour → flowers added, or removed when negative) is
    made, and the difference from its points `now` (`signed`)."""
    changed = {c: field.get(c, 0) + change.get(c, 0) for c in COLOURS}
    after = scoring.field_score(changed)
    return after, signed(after - now)


def _draws(unseen: tuple[int, ...], n: int, start: int = 0) -> Iterator[tuple[list[int], int]]:
    """Every way to draw `n` flowers from unseen flowers of these colour counts (from colour
    `start` on): the flowers of each colour drawn, and in how many ways."""
    if start == len(unseen) - 1:
        if n <= unseen[start]:
            yield [n], math.comb(unseen[start], n)
        return
    for k in range(min(n, unseen[start]) + 1):
        for rest, ways in _draws(unseen, n - k, start + 1):
            yield [k, *rest], math.comb(unseen[start], k) * ways


@functools.lru_cache(maxsize=512)
def _fail_share(unseen: tuple[int, ...], turn: tuple[int, ...], n: int) -> float:
    """The share of the draws of `n` unseen flowers that fail the turn."""
    total = math.comb(sum(unseen), n)
    failing = sum(
        ways
        for drawn, ways in _draws(unseen, n)
        if scoring.is_failure_counts([a + b for a, b in zip(turn, drawn, strict=True)])
    )
    return failing / total if total else 0.0


def fail_chances(private: PrivateView) -> dict[int, int]:
    """For each draw allowed now, the chance in percent that it fails the turn, as the seat can
    tell: the flowers on no field, not among this turn's and not behind its own screen are in
    the bag, behind the other screens or (2 players) removed unseen, each as likely as any
    other to be in the bag. A chance that is neither none nor certain never reads 0 or 100."""
    view = private.public
    turn = view.turn
    if turn is None:
        return {}
    plain, black, _ = rules.SETUP[view.players]
    unseen = tuple(
        max(
            0,
            (black if colour == "black" else plain)
            - sum(seat.field.get(colour, 0) for seat in view.seats)
            - turn.flowers.get(colour, 0)
            - private.screen.get(colour, 0),
        )
        for colour in COLOURS
    )
    base = tuple(turn.flowers.get(colour, 0) for colour in COLOURS)
    chances: dict[int, int] = {}
    for n in range(1, min(turn.draw_max, sum(unseen)) + 1):
        share = _fail_share(unseen, base, n)
        percent = round(100 * share)
        if 0 < share < 1:
            percent = min(99, max(1, percent))
        chances[n] = percent
    return chances


@dataclass(frozen=True)
class Choice:
    """One move as the hand offers it: what it does (`label`), what it does to the points
    (`points`, "" when nothing it changes is scored now), its mark and its button's style."""

    action: str
    label: str
    points: str = ""
    emoji: str | None = None
    style: discord.ButtonStyle = discord.ButtonStyle.secondary

    def button(self, lang: Lang) -> str:
        """The label of its button: what it does, then the points."""
        if not self.points:
            return self.label
        return texts.WITH_POINTS(lang, label=self.label, points=self.points)


class SakuraRenderer(common.GameRenderer[PublicView]):
    game_id = "sakura"
    title_mark = "🌸 "

    def _step_name(self, view: PublicView, lang: Lang) -> str | None:
        if view.step == "over":
            return None
        return texts.STEPS[view.step](lang)

    # -- the table --------------------------------------------------------------------------

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        over = view.final is not None
        header = texts.OVER(lang) if over else texts.HEADER(lang, n=view.turn_number)
        # Over, the header already says so: the winners take the turn line's place.
        if over:
            lines = [common.winners_line(ctx, view.final.winners)]  # type: ignore[union-attr]
        else:
            lines = [common.turn_line(ctx, list(view.to_act), self._step_name(view, lang))]
        bag = texts.BAG(lang, n=view.bag)
        if view.removed:
            bag += texts.REMOVED(lang, n=view.removed)
        if ctx.pictures:
            # The picture shows the turn's flowers and counts; the text says what they mean,
            # and each seat's points under them (as few lines as the draw buttons leave).
            outlook = self._outlook(view, lang) if view.turn is not None else None
            if outlook:
                lines.append(outlook)
            scores = [
                texts.PTS(lang, n=view.final.seats[s.seat].score if view.final else s.field_score)
                for s in view.seats
            ]
            lines.append(common.scores_line(ctx, scores)[1])
            fields: list[tuple[str, str]] = []
            if view.ability is not None:
                name = texts.ABILITY(lang, card=card_name(view.ability.card, lang))
                fields.append((name, self._ability_text(ctx, view)))
            if view.step == "split":
                fields.append((texts.SPLIT(lang), self._split_text(ctx, view)))
            embed = self._brief(ctx, header, "\n".join(lines), fields)
            return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))
        lines.append(bag)
        embed = self._table_embed(ctx, header, "\n".join(lines))
        if view.turn is not None:
            embed.add_field(
                name=texts.TURN(lang, seat=common.seat_title(ctx, view.turn.seat))[:256],
                value=self._turn_text(view, lang),
                inline=False,
            )
            embed.add_field(
                name=texts.LABEL_CARDS(lang, side=texts.SIDE_NAMES[view.mastery_side](lang)),
                value=self._cards_text(view, lang),
                inline=False,
            )
        if view.ability is not None:
            embed.add_field(
                name=texts.ABILITY(lang, card=card_name(view.ability.card, lang)),
                value=self._ability_text(ctx, view),
                inline=False,
            )
        if view.step == "split":
            embed.add_field(name=texts.SPLIT(lang), value=self._split_text(ctx, view), inline=False)
        if view.final is not None:
            # Each seat's score and its screen, revealed; the end's own message breaks the
            # scores down.
            seats = []
            for seat_view in view.seats:
                final = view.final.seats[seat_view.seat]
                title = common.seat_title(ctx, seat_view.seat)
                seats.append(
                    texts.SEAT_FINAL(lang, seat=title, score=final.score)
                    + " · "
                    + texts.SCREEN_LINE(lang, flowers=counts(final.screen, lang, sep=""))
                )
            embed.add_field(
                name=texts.REVEALED(lang), value="\n".join(seats)[:FIELD_MAX], inline=False
            )
        else:
            # A line a seat, its field's points, screen and flowers, so that the table fits a
            # phone's screen.
            seats = [
                texts.SEAT_NAME(
                    lang,
                    seat=f"**{common.seat_title(ctx, seat_view.seat)}**",
                    points=seat_view.field_score,
                    screen=seat_view.screen_count,
                )
                + f" · {counts(seat_view.field, lang, sep='')}"
                for seat_view in view.seats
            ]
            embed.add_field(
                name=texts.FIELDS(lang), value="\n".join(seats)[:FIELD_MAX], inline=False
            )
        embed.add_field(
            name=texts.LOG(lang),
            value=common.table_log(ctx, self.event_text),
            inline=False,
        )
        return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))

    def _turn_text(self, view: PublicView, lang: Lang) -> str:
        turn = view.turn
        assert turn is not None
        progress = texts.TURN_COUNTS(
            lang,
            draws=turn.draws,
            max_draws=turn.max_draws,
            drawn=turn.drawn,
            max_flowers=turn.max_flowers,
        )
        lines = [f"{progress} · {row(turn.flowers, lang)}"]
        if view.step == "draw" and not turn.failed:
            lines.append(
                texts.RISK(
                    lang,
                    same=turn.same_colour,
                    same_limit=turn.same_colour_limit,
                    colours=turn.colours,
                    colours_limit=turn.colours_limit,
                )
            )
        outlook = self._outlook(view, lang)
        if outlook:
            lines.append(outlook)
        return "\n".join(lines)

    def _outlook(self, view: PublicView, lang: Lang) -> str | None:
        """The turn in one line: failed, what the next flower would fail on, or stopped."""
        turn = view.turn
        assert turn is not None
        if turn.failed:
            return texts.FAILED(lang)
        if view.step == "draw":
            fatal = fatal_colours(turn.flowers)
            safe = [c for c in COLOURS if c not in fatal]
            if not fatal:
                return texts.NO_RISK(lang)
            if not safe:
                return texts.FATAL_ALL(lang)
            return (
                texts.FATAL(lang, flowers=row(fatal, lang))
                + " · "
                + texts.SAFE(lang, flowers=row(safe, lang))
            )
        if turn.draws:
            return texts.STOPPED(lang)
        return None

    def _cards_text(self, view: PublicView, lang: Lang) -> str:
        lines = []
        for card in view.cards:
            mark = "☑️" if card.used else ("✅" if card.qualifies else "▫️")
            lines.append(
                texts.CARD_LINE(
                    lang,
                    mark=mark,
                    condition=texts.CONDITIONS[card.condition](lang),
                    card=card_name(card.card, lang),
                )
            )
            if view.step == "ability" and card.qualifies and not card.used:
                # Choosing an ability now: say what each usable one does beside its name.
                lines.append(texts.CARD_EFFECT(lang, text=texts.CARDS[card.card]["text"](lang)))
        lines.append(texts.CARD_LEGEND(lang))
        return "\n".join(lines)

    def _ability_text(self, ctx: RenderContext, view: PublicView) -> str:
        ability = view.ability
        assert ability is not None
        lang = ctx.lang
        lines = [texts.CARDS[ability.card]["text"](lang)]
        if ability.drawn and ability.stage == "kenrokuen":
            # drawn openly, placed one at a time in colour order
            flowers = row(ability.drawn, lang)
            lines.append(texts.ABILITY_NEXT(lang, flowers=flowers, flower=FLOWER[ability.drawn[0]]))
        elif ability.drawn:
            lines.append(texts.ABILITY_DRAWN(lang, flowers=row(ability.drawn, lang)))
        if ability.give_colour is not None:
            source = texts.SOURCES[ability.give_source](lang)
            lines.append(
                texts.ABILITY_GIVE(lang, flower=FLOWER[ability.give_colour], source=source)
            )
        if ability.taken:
            taken = " ".join(f"{FLOWER[c]}←{common.seat_mark(s)}" for s, c in ability.taken)
            lines.append(texts.ABILITY_TAKEN(lang, taken=taken))
        return "\n".join(lines)[:FIELD_MAX]

    def _split_text(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = [texts.SPLIT_NOTE(lang)]
        if view.split_waiting:
            seats = ", ".join(common.seat_title(ctx, s) for s in view.split_waiting)
            lines.append(texts.SPLIT_WAITING(lang, seats=seats))
        if view.split_done:
            seats = ", ".join(common.seat_title(ctx, s) for s in view.split_done)
            lines.append(texts.SPLIT_DONE(lang, seats=seats))
        return "\n".join(lines)[:FIELD_MAX]

    def _breakdown(self, view: PublicView, final: FinalSeatView, lang: Lang) -> str:
        """One seat's field points, revealed screen, split and screen points, and total."""
        field = view.seats[final.seat].field
        line = texts.FIELD_LINE(lang, flowers=counts(field, lang), points=final.field_points)
        marks = [
            f"{FLOWER[c]}{final.field_black[c]}" for c in FIELD_COLOURS if final.field_black.get(c)
        ]
        uncounted = final.field_black.get(UNCOUNTED, 0)
        if uncounted:
            marks.append(texts.BLACK_NONE(lang, n=uncounted))
        if marks:
            line += texts.BLACK_LINE(lang, colours=" ".join(marks))
        lines = [line]
        parts = [
            f"{FLOWER[c]}{final.field_colour_points[c]:+d}"
            for c in FIELD_COLOURS
            if field.get(c, 0) + final.field_black.get(c, 0)
        ]
        if parts:
            lines.append("　" + " ".join(parts))
        lines.append(texts.SCREEN_LINE(lang, flowers=counts(final.screen, lang)))
        wilds = final.warm_wilds + final.cool_wilds
        if wilds:
            lines.append(
                texts.WILD_LINE(lang, n=wilds, warm=final.warm_wilds, cool=final.cool_wilds)
            )
        lines.append(texts.WARM_LINE(lang, count=final.warm_count, points=final.warm_points))
        lines.append(texts.COOL_LINE(lang, count=final.cool_count, points=final.cool_points))
        lines.append(texts.TOTAL_LINE(lang, score=final.score, flowers=final.screen_flowers))
        return "\n".join(lines)[:FIELD_MAX]

    def _table_controls(self, ctx: RenderContext, view: PublicView) -> list[Button | Select]:
        if not common.in_play(ctx) or view.step not in TABLE_STEPS or not view.to_act:
            return []
        seat = view.to_act[0]
        legal: list[act.SakuraAction] = ctx.state.legal_actions(seat)  # type: ignore[assignment]
        if view.step == "keep" and len(legal) > KEEP_BUTTONS_MAX:
            # Many pairs to keep: one select, so that the table fits a phone's screen.
            options = tuple(
                SelectOption(
                    label=self._table_button(ctx, view, seat, action).label, value=action.encode()
                )
                for action in legal
            )
            return [Select(placeholder=texts.KEEP_CHOOSE(ctx.lang), options=options, seat=seat)]
        return [self._table_button(ctx, view, seat, action) for action in legal]

    def _table_button(
        self, ctx: RenderContext, view: PublicView, seat: int, action: act.SakuraAction
    ) -> Button:
        lang = ctx.lang
        code = action.encode()
        style = discord.ButtonStyle.secondary
        emoji: str | None = None
        row_no: int | None = None
        if isinstance(action, act.DrawAction):
            label = texts.DRAW(lang, n=action.n)
            style = discord.ButtonStyle.primary
        elif isinstance(action, act.StopAction):
            label = texts.STOP(lang)
            style = discord.ButtonStyle.success
            emoji = "✋"
        elif isinstance(action, act.KeepAction):
            label = texts.KEEP(lang, a=FLOWER[action.a], b=FLOWER[action.b])
            style = discord.ButtonStyle.primary
        elif isinstance(action, act.AbilityAction):
            label = texts.USE(lang, card=texts.CARDS[action.card]["short"](lang))
            style = discord.ButtonStyle.primary
            emoji = "🌸"
        elif isinstance(action, act.DoneAction):
            label = (texts.KOKONOE_DONE if view.step == "kokonoe" else texts.DONE)(lang)
            emoji = "⏭️"
        elif isinstance(action, act.PickAction):
            label = texts.PICK(lang, colour=texts.colour_name(action.colour, lang))
            emoji = FLOWER[action.colour]
            style = discord.ButtonStyle.primary
        elif isinstance(action, act.GiveAction):
            source = texts.SOURCES[action.source](lang)
            label = texts.GIVE(lang, colour=texts.colour_name(action.colour, lang), source=source)
            emoji = FLOWER[action.colour]
            row_no = 0 if action.source == "field" else 1
        elif isinstance(action, act.TakeAction):
            label = texts.TAKE(
                lang,
                seat=common.seat_title(ctx, action.seat),
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
        """The seat's own screen: above all, what its decision needs from the table (this
        turn's flowers and their risk, an ability's flowers, the fields it may reach), then its
        field and screen (drawn by the picture beside a picture), and the controls of every
        step it plays, the table's public steps included (the table keeps them as shortcuts)."""
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        who = common.seat_title(ctx, seat)
        title = texts.HAND_TITLE(lang, id=ctx.record.id, seat=who)
        embed = discord.Embed(
            title=title[:256],
            description=self._situation(ctx, private)[:4096] or None,
            colour=HAND_COLOUR,
        )
        screen = private.screen
        warm, cool = scoring.real_groups(screen)
        if not ctx.pictures:  # the picture shows the own field and screen
            own = view.seats[seat]
            embed.add_field(
                name=texts.YOUR_FIELD(lang, points=own.field_score),
                value=counts(own.field, lang),
                inline=False,
            )
            embed.add_field(
                name=texts.YOUR_SCREEN(lang, n=sum(screen.values())),
                value=counts(screen, lang)
                + "\n"
                + texts.SCREEN_GROUPS(lang, warm=warm, cool=cool, wilds=private.wilds),
                inline=False,
            )
        if view.step == "split" and seat in view.split_waiting:
            lines = [texts.SPLIT_HELP(lang, wilds=private.wilds), self._prizes(view, lang)]
            if private.default_split is not None:
                lines.append(
                    texts.SPLIT_DEFAULT_LINE(
                        lang,
                        warm=self._group(warm, private.default_split),
                        cool=self._group(cool, private.wilds - private.default_split),
                    )
                )
            if ctx.record.deadline:
                when = f"<t:{int(ctx.record.deadline)}:R>"
                lines.append(texts.SPLIT_DEADLINE(lang, when=when))
            embed.add_field(name=texts.SPLIT(lang), value="\n".join(lines), inline=False)
        elif view.step == "split" and private.split is not None:
            embed.add_field(
                name=texts.SPLIT(lang),
                value=texts.SPLIT_MINE(
                    lang,
                    warm=self._group(warm, private.split),
                    cool=self._group(cool, private.wilds - private.split),
                ),
                inline=False,
            )
        controls: list[Button | Select] = []
        if seat in view.to_act and common.in_play(ctx):
            legal: list[act.SakuraAction] = ctx.state.legal_actions(seat)  # type: ignore[assignment]
            if view.step == "split":
                controls = self._split_controls(ctx, private, seat, legal)
            else:
                controls = self._hand_controls(ctx, private, legal)
        return Rendered(embeds=[embed], controls=controls, content=self._prompt(ctx, private))

    def _situation(self, ctx: RenderContext, private: PrivateView) -> str:
        """What the seat's decision needs from the table, above its own flowers: the turn in
        progress (in words; the picture draws it), and on the seat's own turn the step's
        stakes: the next flower's risk, an ability's flowers and the fields it reaches, the
        field's points before the screen step (each choice's button gives them after)."""
        view, lang, seat = private.public, ctx.lang, private.seat
        turn = view.turn
        if turn is None:
            return ""
        mine = turn.seat == seat
        lines: list[str] = []
        if not ctx.pictures:
            progress = texts.TURN_COUNTS(
                lang,
                draws=turn.draws,
                max_draws=turn.max_draws,
                drawn=turn.drawn,
                max_flowers=turn.max_flowers,
            )
            who = texts.HAND_MY_TURN(lang) if mine else common.seat_title(ctx, turn.seat)
            lines.append(
                texts.HAND_TURN(lang, who=who, flowers=row(turn.flowers, lang), progress=progress)
            )
        if not mine or not common.in_play(ctx):
            return "\n".join(lines)
        step = view.step
        if step == "draw":
            lines.append(self._outlook(view, lang) or "")
        elif step == "screen":
            points = view.seats[seat].field_score
            lines.append(texts.SCREEN_HELP(lang, points=points))
        elif view.ability is not None:
            lines.append(self._ability_text(ctx, view))
            if step in ("kenrokuen", "sakuyahime_take", "kokonoe"):
                # The fields the ability reaches, with their points.
                for other in view.seats:
                    if other.seat == seat:
                        continue
                    lines.append(
                        texts.OTHER_FIELD(
                            lang,
                            seat=common.seat_title(ctx, other.seat),
                            points=other.field_score,
                            flowers=counts(other.field, lang, sep=""),
                        )
                    )
        return "\n".join(line for line in lines if line)

    @staticmethod
    def _prizes(view: PublicView, lang: Lang) -> str:
        """What each group's rank pays, so a split is chosen knowing its points."""
        if view.players == 2:
            two = scoring.PRIZES_TWO_PLAYERS
            return texts.SPLIT_PRIZES_TWO(lang, warm=two["warm"], cool=two["cool"])

        def paid(group: str) -> str:
            prizes = scoring.PRIZES[group]
            return " / ".join(
                f"{texts.PLACES(lang, n=n)} {texts.PTS(lang, n=p)}"
                for n, p in enumerate(prizes, start=1)
            )

        return texts.SPLIT_PRIZES(lang, warm=paid("warm"), cool=paid("cool"))

    @staticmethod
    def _group(real: int, wilds: int) -> int:
        """A group's count from real flowers and the wilds given to it (0 without a real one)."""
        return real + wilds if real else 0

    def _prompt(self, ctx: RenderContext, private: PrivateView) -> str | None:
        view, lang, seat = private.public, ctx.lang, private.seat
        if view.final is not None or not common.in_play(ctx):
            return None
        if view.step == "split":
            if seat in view.split_waiting:
                return texts.PROMPT_SPLIT(lang)
            prompt = texts.PROMPT_SPLIT_DONE if seat in view.split_done else texts.PROMPT_SPLIT_NONE
            waiting = ", ".join(ctx.seat_label(s) for s in view.split_waiting)
            return prompt(lang) + ("\n" + texts.WAIT_SPLIT(lang, who=waiting) if waiting else "")
        if seat in view.to_act:
            if view.step == "kenrokuen" and view.ability is not None and view.ability.drawn:
                flower = colour_label(view.ability.drawn[0], lang)
                return texts.PROMPT_KENROKUEN(lang, flower=flower)
            prompt = texts.PROMPTS.get(view.step)
            return prompt(lang) if prompt else None
        if view.to_act:
            who = ", ".join(ctx.seat_label(s) for s in view.to_act)
            return texts.WAIT(lang, who=who, step=self._step_name(view, lang))
        return None

    def _hand_controls(
        self, ctx: RenderContext, private: PrivateView, legal: list[act.SakuraAction]
    ) -> list[Button | Select]:
        """Every move of the step as a button saying what it does and what it does to the
        points; more than `HAND_BUTTONS_MAX` choices of one step (of the draws, more than
        `DRAW_BUTTONS_MAX`) are one select, each option saying the same, chosen in one tap."""
        view, lang, seat = private.public, ctx.lang, private.seat
        chances = fail_chances(private) if view.step == "draw" else {}
        choices = [self._choice(ctx, private, action, chances) for action in legal]
        listed = choices if len(choices) > HAND_BUTTONS_MAX else []
        if view.step == "draw":
            # The draws (up to eight) in one select, each saying its chance to fail; Stop
            # stays a button of its own.
            draws = [c for c in choices if c.action.startswith("draw.")]
            listed = draws if len(draws) > DRAW_BUTTONS_MAX else []
        controls: list[Button | Select] = []
        if listed:
            options = tuple(
                SelectOption(
                    label=choice.label[:100],
                    value=choice.action,
                    description=choice.points[:100] or None,
                    emoji=choice.emoji,
                )
                for choice in listed
            )
            placeholder = texts.CHOOSE[view.step](lang)
            controls.append(Select(placeholder=placeholder[:150], options=options[:25], seat=seat))
        controls += [
            Button(
                label=choice.button(lang)[:80],
                action=choice.action,
                seat=seat,
                style=choice.style,
                emoji=choice.emoji,
            )
            for choice in choices
            if choice not in listed
        ]
        return controls

    def _choice(
        self,
        ctx: RenderContext,
        private: PrivateView,
        action: act.SakuraAction,
        chances: Mapping[int, int],
    ) -> Choice:
        """One move of the hand: its label (what it does), what it does to the points, its
        mark and its style."""
        view, lang, seat = private.public, ctx.lang, private.seat
        own = view.seats[seat]

        def field_after(change: Mapping[str, int]) -> str:
            """The own field's points once `change` is made, and the difference."""
            after, delta = field_change(own.field, own.field_score, change)
            return texts.FIELD_AFTER(lang, after=after, delta=delta)

        code = action.encode()
        primary = discord.ButtonStyle.primary
        if isinstance(action, act.DrawAction):
            chance = texts.FAIL_CHANCE(lang, p=chances.get(action.n, 0))
            return Choice(code, texts.DRAW(lang, n=action.n), chance, style=primary)
        if isinstance(action, act.StopAction):
            live = [card.card for card in view.cards if card.qualifies]
            if live:
                short = texts.LIST_SEP(lang).join(texts.CARDS[card]["short"](lang) for card in live)
                label = texts.STOP_WITH(lang, cards=short)
            else:
                label = texts.STOP_PLAIN(lang)
            return Choice(code, label, emoji="✋", style=discord.ButtonStyle.success)
        if isinstance(action, act.KeepAction):
            label = texts.KEEP(lang, a=FLOWER[action.a], b=FLOWER[action.b])
            points = field_after({action.a: 1, action.b: 1})
            return Choice(code, label, points, style=primary)
        if isinstance(action, act.AbilityAction):
            return Choice(code, texts.CARDS[action.card]["button"](lang), emoji="🌸", style=primary)
        if isinstance(action, act.DoneAction):
            done = texts.KOKONOE_DONE if view.step == "kokonoe" else texts.DONE_SCREEN
            return Choice(code, done(lang), emoji="⏭️")
        if isinstance(action, act.MoveAction):
            colour = texts.colour_name(action.colour, lang)
            if action.source == "field":
                points = field_after({action.colour: -1})
                return Choice(
                    code,
                    texts.MOVE_FIELD(lang, colour=colour),
                    points,
                    FLOWER[action.colour],
                    primary,
                )
            return Choice(
                code, texts.MOVE_TURN(lang, colour=colour), "", FLOWER[action.colour], primary
            )
        if isinstance(action, act.PlaceAction):
            ability = view.ability
            flower = ability.drawn[0] if ability is not None and ability.drawn else None
            if action.where == "screen":
                return Choice(code, texts.PLACE_SCREEN(lang), emoji="🙈", style=primary)
            change = {flower: 1} if flower else {}
            if action.seat == seat:
                return Choice(code, texts.PLACE_OWN(lang), field_after(change), style=primary)
            other = view.seats[action.seat]
            after, delta = field_change(other.field, other.field_score, change)
            label = texts.PLACE_OTHER(lang, seat=common.seat_title(ctx, action.seat))
            return Choice(code, label, texts.THEIR_FIELD(lang, after=after, delta=delta))
        if isinstance(action, act.PickAction):
            label = texts.PICK(lang, colour=texts.colour_name(action.colour, lang))
            points = field_after({action.colour: 1})
            return Choice(code, label, points, FLOWER[action.colour], primary)
        if isinstance(action, act.GiveAction):
            colour = texts.colour_name(action.colour, lang)
            source = texts.SOURCES[action.source](lang)
            label = texts.GIVE(lang, colour=colour, source=source)
            points = field_after({action.colour: -1}) if action.source == "field" else ""
            return Choice(code, label, points, FLOWER[action.colour])
        if isinstance(action, act.TakeAction):
            change = {action.colour: 1}
            ability = view.ability
            given = ability.give_colour if ability is not None else None
            from_field = ability is not None and ability.give_source == "field"
            if view.step == "sakuyahime_take" and given is not None and from_field:
                # 咲耶姫 from the field: the flower given leaves it as the other comes.
                change[given] = change.get(given, 0) - 1
            label = texts.HAND_TAKE(
                lang,
                seat=common.seat_title(ctx, action.seat),
                colour=texts.colour_name(action.colour, lang),
            )
            return Choice(code, label, field_after(change), FLOWER[action.colour])
        if isinstance(action, act.ScreenAction):
            to_field = dict(view.turn.flowers) if view.turn is not None else {}
            if action.colour == act.NO_COLOUR:
                return Choice(code, texts.SCREEN_NONE(lang), field_after(to_field), "🚫")
            to_field[action.colour] = to_field.get(action.colour, 0) - action.n
            label = texts.SCREEN_N(lang, colour=texts.colour_name(action.colour, lang), n=action.n)
            return Choice(code, label, field_after(to_field), FLOWER[action.colour], primary)
        return Choice(code, code)  # pragma: no cover - every hand step's action is listed above

    def _split_controls(
        self, ctx: RenderContext, private: PrivateView, seat: int, legal: list[act.SakuraAction]
    ) -> list[Button | Select]:
        lang = ctx.lang
        screen = private.screen
        warm, cool = scoring.real_groups(screen)
        splits = [a for a in legal if isinstance(a, act.SplitAction)]

        def label(action: act.SplitAction) -> str:
            """What the player does, as the button says it: the white/black sent to each
            group, and the counts that makes (the split time running out would choose is the
            highlighted button, named in the hand's text)."""
            return texts.SPLIT_BTN(
                lang,
                w=action.warm,
                c=private.wilds - action.warm,
                warm=self._group(warm, action.warm),
                cool=self._group(cool, private.wilds - action.warm),
            )

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
            SelectOption(
                label=label(action)[:100],
                value=action.encode(),
                description=(
                    texts.SPLIT_DEFAULT(lang) if action.warm == private.default_split else None
                ),
            )
            for action in splits
        )
        return [Select(placeholder=texts.SPLIT_CHOOSE(lang), options=options[:25], seat=seat)]

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        if not event.public:
            return None
        lang, data, kind = ctx.lang, event.data, event.kind
        p = ctx.seat_label(event.seat) if event.seat is not None else ""

        def label(key: str) -> str:
            return ctx.seat_label(int(data[key]))

        if kind == "draw":
            return texts.EV_DRAW(
                lang,
                p=p,
                n=data["n"],
                flowers=row(list(data["flowers"]), lang),
                bag=data["bag"],
            )
        if kind == "failure":
            # The turn's flowers as they failed, the blacks (gone back to the bag) with them.
            blacks = int(data.get("blacks_returned", 0))
            flowers = {c: int(n) for c, n in dict(data.get("flowers", {})).items()}
            flowers["black"] = flowers.get("black", 0) + blacks
            line = texts.EV_FAILURE(
                lang, p=p, flowers=row(flowers, lang), why=failure_reason(flowers, lang)
            )
            return line + (texts.EV_FAILURE_BLACK(lang, n=blacks) if blacks else "")
        if kind == "keep":
            if not data["kept"]:  # only black flowers were drawn: they all went back
                return texts.EV_KEEP_NONE(lang, p=p)
            line = texts.EV_KEEP(lang, p=p, kept=row(list(data["kept"]), lang))
            if data.get("returned"):
                line += texts.EV_KEEP_RETURNED(lang, n=data["returned"])
            if "field_points" in data:
                line += texts.EV_FIELD_NOW(lang, points=data["field_points"])
            return line
        if kind == "stop":
            flowers = row(dict(data["flowers"]), lang)
            cards = texts.LIST_SEP(lang).join(card_name(c, lang) for c in data.get("cards", []))
            if cards:
                return texts.EV_STOP_CARDS(lang, p=p, flowers=flowers, cards=cards)
            return texts.EV_STOP(lang, p=p, flowers=flowers)
        if kind == "ability":
            return texts.EV_ABILITY(lang, p=p, card=card_name(data["card"], lang))
        if kind == "hidden_draw":
            return texts.EV_HIDDEN_DRAW(lang, p=p)
        if kind == "ability_draw":
            flowers = row(list(data["flowers"]), lang)
            return texts.EV_ABILITY_DRAW(lang, p=p, flowers=flowers, bag=data.get("bag", 0))
        if kind == "all_black":
            return texts.EV_ALL_BLACK(lang)
        if kind == "move_to_screen":
            return texts.EV_MOVE_TO_SCREEN(
                lang, p=p, source=texts.FROM_SOURCES[data["source"]](lang)
            )
        if kind == "place":
            if data["where"] == "screen":
                return texts.EV_PLACE_SCREEN(lang, p=p)
            flower = FLOWER[data["colour"]]
            if data["seat"] == event.seat:
                return texts.EV_PLACE_OWN(lang, p=p, flower=flower)
            return texts.EV_PLACE_OTHER(lang, p=p, flower=flower, other=label("seat"))
        if kind == "pick":
            flower = FLOWER[data["colour"]]
            if data.get("returned"):
                returned = row(list(data["returned"]), lang)
                return texts.EV_PICK(lang, p=p, flower=flower, returned=returned)
            return texts.EV_PICK_ALONE(lang, p=p, flower=flower)
        if kind == "swap":
            return texts.EV_SWAP(
                lang,
                p=p,
                source=texts.SOURCES[data["source"]](lang),
                given=FLOWER[data["given"]],
                other=label("other"),
                received=FLOWER[data["received"]],
            )
        if kind == "take":
            return texts.EV_TAKE(lang, p=p, flower=FLOWER[data["colour"]], other=label("other"))
        if kind == "kokonoe_end":
            return texts.EV_KOKONOE_END(lang, p=p)
        if kind == "screen":
            if data["n"]:
                return texts.EV_SCREEN(lang, p=p, n=data["n"])
            return texts.EV_SCREEN_NONE(lang, p=p)
        if kind == "to_field":
            flowers = dict(data["flowers"])
            if not any(flowers.values()):
                return None
            line = texts.EV_TO_FIELD(lang, p=p, flowers=row(flowers, lang))
            if "field_points" in data:
                line += texts.EV_FIELD_NOW(lang, points=data["field_points"])
            return line
        if kind == "split_start":
            seats = [int(s) for s in data.get("seats", [])]
            if not seats:
                return texts.EV_SPLIT_START_NONE(lang)
            names = ", ".join(ctx.seat_label(s) for s in seats)
            return texts.EV_SPLIT_START(lang, seats=names)
        if kind == "split_submitted":
            return texts.EV_SPLIT_SUBMITTED(lang, p=p)
        if kind == "reveal":
            return self._reveal_text(ctx, event)
        if kind == "game_over":
            return self._game_over_text(ctx, event)
        return None

    def _reveal_text(self, ctx: RenderContext, event: Event) -> str:
        """Every screen as it is revealed, a line a seat: its flowers, where its white and
        black went, and the counts each group ranks by."""
        lang = ctx.lang
        screens = list(event.data.get("screens", []))
        splits = list(event.data.get("splits", []))
        lines = [texts.EV_REVEAL(lang)]
        for seat, screen in enumerate(screens):
            named = {c: int(n) for c, n in dict(screen).items()}
            warm_wilds = int(splits[seat]["warm"]) if seat < len(splits) else 0
            warm, cool = scoring.group_totals(named, warm_wilds)
            line = texts.EV_REVEAL_SEAT(
                lang,
                seat=common.seat_title(ctx, seat),
                flowers=counts(named, lang, sep=""),
                warm=warm,
                cool=cool,
            )
            wilds = named.get("white", 0) + named.get("black", 0)
            if wilds:
                line += texts.EV_REVEAL_WILDS(lang, warm=warm_wilds, cool=wilds - warm_wilds)
            lines.append(line)
        return "\n".join(lines)

    def _game_over_text(self, ctx: RenderContext, event: Event) -> str:
        """The end's summary: each seat's total and what it is made of, best first, the
        winners marked."""
        lang = ctx.lang
        scores = [int(v) for v in event.data["scores"]]
        winners = {int(s) for s in event.data.get("winners", [])}
        breakdown = list(event.data.get("breakdown", []))
        lines = [texts.EV_GAME_OVER(lang)]
        for seat in sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s], s)):
            line = ("🏆 " if seat in winners else "") + texts.EV_SCORE(
                lang, seat=common.seat_title(ctx, seat), score=scores[seat]
            )
            if seat < len(breakdown):
                parts = breakdown[seat]
                line += texts.EV_SCORE_PARTS(
                    lang, field=parts["field"], warm=parts["warm"], cool=parts["cool"]
                )
            lines.append(line)
        return "\n".join(lines)

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """The flowers' colours, and the mastery cards in play: the condition that unlocks
        each and what it does."""
        view, lang = self._public(ctx), ctx.lang
        side = texts.SIDE_NAMES[view.mastery_side](lang)
        embed = discord.Embed(
            title=texts.REF_CARDS(lang, side=side),
            description=texts.LEGEND(lang),
            colour=HAND_COLOUR,
        )
        for card in view.cards:
            embed.add_field(
                name=f"{texts.CONDITIONS[card.condition](lang)} — {card_name(card.card, lang)}",
                value=texts.CARDS[card.card]["text"](lang),
                inline=False,
            )
        return [embed, self._scoring_reference(view, lang)]

    @staticmethod
    def _scoring_reference(view: PublicView, lang: Lang) -> discord.Embed:
        """What scores at the end, a page of its own: a field colour's points by its count,
        and what each screen group's ranks pay at this table's player count."""
        table = " · ".join(
            f"{count}{'+' if count == len(scoring.FIELD_TABLE) - 1 else ''}: {signed(points)}"
            for count, points in enumerate(scoring.FIELD_TABLE)
            if count
        )
        embed = discord.Embed(title=texts.REF_SCORING(lang), colour=HAND_COLOUR)
        embed.add_field(name=texts.REF_FIELD(lang), value=table, inline=False)
        embed.add_field(
            name=texts.REF_SCREEN(lang),
            value=texts.REF_SCREEN_NOTE(lang) + "\n" + SakuraRenderer._prizes(view, lang),
            inline=False,
        )
        return embed

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        view = self._public(ctx)
        lang = ctx.lang
        assert view.final is not None
        final = view.final
        embed = common.table_embed(ctx, self._title(ctx, texts.FINAL(lang)), "")
        order = common.standings(ctx.state.result())
        for seat in order:
            embed.add_field(
                name=common.seat_title(ctx, seat)[:256],
                value=self._breakdown(view, final.seats[seat], lang),
                inline=False,
            )
        description = common.winners_line(ctx, final.winners)
        top = max(final.scores)
        tied = [s for s in range(view.players) if final.scores[s] == top]
        if len(tied) > 1:
            note = texts.SHARED if len(final.winners) > 1 else texts.TIEBREAK
            description += "\n" + note(lang)
        embed.description = description
        return [embed]


RENDERER = SakuraRenderer()
