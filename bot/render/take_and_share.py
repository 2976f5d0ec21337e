"""Take & Share on Discord: the trick, share cards and gift log; the hand with one button a card."""

from __future__ import annotations

import discord

from bot.render import common
from bot.render.base import FIELD_MAX, Button, RenderContext, Rendered, Select
from games.core import Event, Lang
from games.take_and_share import actions as act
from games.take_and_share import texts
from games.take_and_share.views import Card, PlayedCard, PrivateView, PublicView, TrickRecord

#: Colour of hand messages (the table uses the platform's colour).
HAND_COLOUR = discord.Colour(0x4F8A5B)
#: The shares whose gifts the table lists: few enough for the table to fit a phone's screen.
RECENT_GIFT_TRICKS = 2


def short(card: Card) -> str:
    """`🔴7`: a card in tight spots (lists, buttons)."""
    return texts.card_short(card)


def shorts(cards: list[Card]) -> str:
    return " ".join(short(c) for c in cards) or "—"


def by_suit(cards: list[Card], *, sums: bool = False) -> str:
    """One line per suit, suits in order: `🔴 3 5 9` (with `= 17` when `sums`)."""
    lines = []
    for suit in range(len(texts.SUITS)):
        numbers = sorted(n for s, n in cards if s == suit)
        if not numbers:
            continue
        line = f"{texts.SUITS[suit].emoji} " + " ".join(str(n) for n in numbers)
        if sums and len(numbers) > 1:
            line += f" = {sum(numbers)}"
        lines.append(line)
    return "\n".join(lines)


def played(cards: list[PlayedCard]) -> str:
    """A trick in play order, compact: `①🔴7 · ②🔴9 · ③🟡3`."""
    return " · ".join(f"{common.seat_mark(c.seat)}{short((c.suit, c.number))}" for c in cards)


def share_line(view: PublicView, lang: Lang) -> str:
    """The face-up share cards; once the hands are empty they are the last trick's cards,
    which are never handed out."""
    label = texts.SHARE_CARDS if any(view.hand_sizes) else texts.UNSHARED
    return f"**{label(lang)}** {shorts(view.share_cards)}"


def keep_newest(lines: list[str], limit: int = FIELD_MAX) -> str:
    """As many of the newest lines as fit in `limit` characters (oldest first)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept)) or "—"


class TakeAndShareRenderer(common.GameRenderer[PublicView]):
    game_id = "take_and_share"

    # -- the table ------------------------------------------------------------------------

    def _step(self, view: PublicView, lang: Lang) -> str | None:
        if view.step == "lead":
            return texts.STEP_LEAD(lang)
        if view.step == "follow" and view.lead_suit is not None:
            return texts.STEP_FOLLOW(lang, suit=texts.suit_name(view.lead_suit, lang))
        if view.step == "give" and view.next_gift is not None:
            return texts.STEP_GIVE(lang, card=texts.card_name(view.next_gift, lang))
        return None

    def _last_trick(self, ctx: RenderContext, record: TrickRecord) -> list[str]:
        lang = ctx.lang
        rule = texts.RULE_NAMES[record.rule](lang)
        seat = common.seat_title(ctx, record.winner)
        return [
            "**" + texts.LAST_TRICK(lang, n=record.number, seat=seat, rule=rule) + "**",
            played(record.cards),
        ]

    def _description(self, ctx: RenderContext, view: PublicView) -> str:
        lang = ctx.lang
        lines = [common.turn_line(ctx, list(view.to_act), self._step(view, lang))]
        lines.append("")
        if view.trick:
            lead = texts.suit_name(view.trick[0].suit, lang)
            lines.append(f"**{texts.TRICK(lang)}** · {texts.LEAD(lang, suit=lead)}")
            lines += [
                f"{common.seat_title(ctx, c.seat)} — {texts.card_name((c.suit, c.number), lang)}"
                for c in view.trick
            ]
        elif view.history:
            lines += self._last_trick(ctx, view.history[-1])
            if view.phase == "play":
                lines.append(f"**{texts.TRICK(lang)}** {texts.NO_CARD(lang)}")
        else:
            lines.append(f"**{texts.TRICK(lang)}** {texts.NO_CARD(lang)}")
        lines.append("")
        if view.phase == "share" and view.next_gift is not None:
            done = " ".join(common.seat_mark(s) for s in view.share_received)
            given = texts.GIVEN(lang, seats=done) if done else ""
            lines.append(f"**{texts.TO_GIVE(lang)}** {shorts(view.to_give)}{given}")
            card = texts.card_name(view.next_gift, lang)
            lines.append(f"🎁 **{texts.GIVE_TO(lang, card=card)}**")
            label = texts.NEW_SHARE if any(view.hand_sizes) else texts.UNSHARED
            lines.append(f"**{label(lang)}** {shorts(view.share_cards)}")
        else:
            lines.append(share_line(view, lang))
        return "\n".join(lines)

    def _players(self, ctx: RenderContext, view: PublicView) -> str:
        lines = []
        for seat in range(view.players):
            line = f"{common.seat_mark(seat)} **{ctx.seat_label(seat)}** — " + texts.PLAYER_LINE(
                ctx.lang,
                hand=view.hand_sizes[seat],
                received=view.received_counts[seat],
            )
            if view.long_game:
                line += texts.PLAYER_TOTAL(ctx.lang, total=view.totals[seat])
            lines.append(line)
        return "\n".join(lines)[:FIELD_MAX]

    def _received(self, ctx: RenderContext, view: PublicView) -> tuple[str, str]:
        """The brief table's field of every seat's cards received (and in a series its running
        score) on one line, the picture showing the rest of the players' panels."""
        lang = ctx.lang
        if view.long_game:
            name = texts.BRIEF_RECEIVED_TOTAL(lang)
            counts = [
                texts.BRIEF_COUNT_TOTAL(lang, received=received, total=total)
                for received, total in zip(view.received_counts, view.totals, strict=True)
            ]
        else:
            name = texts.BRIEF_RECEIVED(lang)
            counts = [str(received) for received in view.received_counts]
        _, value = common.scores_line(ctx, counts)
        return name, value

    def _scores(self, ctx: RenderContext, view: PublicView) -> str:
        def row(values: list[int]) -> str:
            return " · ".join(f"{common.seat_mark(s)} {v}" for s, v in enumerate(values))

        lines = [
            texts.GAME_LINE(ctx.lang, n=n, scores=row(scores))
            for n, scores in enumerate(view.game_scores, start=1)
        ]
        lines.append(f"**{texts.TOTAL(ctx.lang, scores=row(view.totals))}**")
        return keep_newest(lines)

    def _gift_log(self, view: PublicView) -> str:
        """The gifts of the last `RECENT_GIFT_TRICKS` shares, a line each (the Log button
        lists every one)."""
        lines = []
        for record in view.history:
            if not record.gifts:
                continue
            gifts = " ".join(
                f"{short((g.suit, g.number))}→{common.seat_mark(g.to)}" for g in record.gifts
            )
            lines.append(f"`{record.number:>2}` {common.seat_mark(record.winner)}: {gifts}")
        return keep_newest(lines[-RECENT_GIFT_TRICKS:])

    def table(self, ctx: RenderContext) -> Rendered:
        view = self._public(ctx)
        lang = ctx.lang
        header = texts.TRICK_HEADER(lang, n=view.trick_number, total=view.tricks_per_game)
        if view.long_game:
            header = f"{texts.GAME_HEADER(lang, n=view.game_number)} · {header}"
        if ctx.pictures:
            lines = [common.turn_line(ctx, list(view.to_act), self._step(view, lang))]
            if view.phase == "share" and view.next_gift is not None:
                card = texts.card_name(view.next_gift, lang)
                lines.append(f"🎁 **{texts.GIVE_TO(lang, card=card)}**")
            embed = self._brief(ctx, header, "\n".join(lines), [self._received(ctx, view)])
            return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))
        embed = self._table_embed(ctx, header, self._description(ctx, view))
        embed.add_field(name=texts.PLAYERS(lang), value=self._players(ctx, view), inline=False)
        if view.long_game:
            embed.add_field(
                name=texts.SCORES(lang, target=view.target),
                value=self._scores(ctx, view),
                inline=False,
            )
        embed.add_field(name=texts.GIFT_LOG(lang), value=self._gift_log(view), inline=False)
        embed.add_field(
            name=texts.LABEL_LOG(lang),
            value=common.table_log(ctx, self.event_text),
            inline=False,
        )
        return Rendered(embeds=[embed], controls=self._table_controls(ctx, view))

    def _table_controls(self, ctx: RenderContext, view: PublicView) -> list[Button | Select]:
        """The share giver's buttons: the next card to each player still without one, each
        naming the player (the line above them asks who gets the card)."""
        controls: list[Button | Select] = []
        giver = view.share_giver
        if view.step == "give" and giver is not None and common.in_play(ctx):
            # The giver's moves, one button per player the next card may go to.
            for action in ctx.state.legal_actions(giver):
                assert isinstance(action, act.Give)
                controls.append(
                    Button(
                        label=common.seat_title(ctx, action.to),
                        action=action.encode(),
                        seat=giver,
                        style=discord.ButtonStyle.success,
                        row=0,
                    )
                )
        return controls

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        view = self._public(ctx)
        return view.step == "give" and view.share_giver == seat

    # -- the hand -------------------------------------------------------------------------

    def _prompt(self, ctx: RenderContext, private: PrivateView) -> str | None:
        view, lang = private.public, ctx.lang
        if view.phase == "over" or not view.to_act or not common.in_play(ctx):
            return None
        if private.my_turn:
            if view.step == "give":
                return texts.PROMPT_GIVE(lang)
            if view.step == "follow" and view.lead_suit is not None:
                return texts.PROMPT_FOLLOW(lang, suit=texts.suit_name(view.lead_suit, lang))
            return texts.PROMPT_LEAD(lang)
        return texts.WAIT(lang, who=ctx.seat_label(view.to_act[0]))

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        trick = played(view.trick) if view.trick else texts.NO_CARD(lang)
        description = "\n".join(
            [
                f"**{texts.HAND_TRICK(lang)}** {trick}",
                share_line(view, lang),
            ]
        )
        embed = discord.Embed(title=title[:256], description=description, colour=HAND_COLOUR)
        if not ctx.pictures:  # the picture shows the hand and the received cards
            embed.add_field(
                name=texts.YOUR_HAND(lang, n=len(private.hand)),
                value=by_suit(private.hand) or texts.NONE(lang),
                inline=False,
            )
            embed.add_field(
                name=texts.RECEIVED(lang, n=len(private.received)),
                value=by_suit(private.received, sums=True) or texts.NONE(lang),
                inline=False,
            )
        playable = set(private.playable)
        controls: list[Button | Select] = (
            [
                Button(
                    label=str(number),
                    emoji=texts.SUITS[suit].emoji,
                    action=common.action_code(act.Play, suit=suit, number=number),
                    seat=seat,
                    style=(
                        discord.ButtonStyle.primary
                        if (suit, number) in playable
                        else discord.ButtonStyle.secondary
                    ),
                    disabled=(suit, number) not in playable,
                )
                for suit, number in private.hand
            ]
            if common.in_play(ctx)
            else []
        )
        return Rendered(embeds=[embed], controls=controls, content=self._prompt(ctx, private))

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        kind = "share_last" if event.kind == "share" and event.data.get("last") else event.kind
        if kind == "give" and ctx.whole_log:
            kind = "give_unseen"
        template = texts.LOG.get(kind)
        if template is None:
            return None
        lang, data = ctx.lang, event.data
        values: dict[str, object] = {
            "seat": ctx.seat_label(event.seat) if event.seat is not None else "",
            "game": data.get("game", ""),
            "trick": data.get("trick", ""),
            "rule": texts.RULE_NAMES[data["rule"]](lang) if data.get("rule") else "",
            "card": (
                texts.card_name((int(data["suit"]), int(data["number"])), lang)
                if "suit" in data and "number" in data
                else ""
            ),
            "cards": shorts([(int(s), int(n)) for s, n in data.get("to_give", [])]),
            "to": ctx.seat_label(int(data["to"])) if "to" in data else "",
        }
        text = template(lang, **values)
        if event.kind == "game_end" and "scores" in data:
            text += " " + " · ".join(
                f"{common.seat_title(ctx, s)} {v}" for s, v in enumerate(data["scores"])
            )
        return text

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        view = self._public(ctx)
        lang = ctx.lang
        games = result.details.get("games", [])
        embed = common.table_embed(ctx, self._title(ctx, texts.FINAL(lang)), "")
        order = common.standings(result)
        for seat in order:
            if view.long_game:
                lines = [
                    texts.GAME_LINE(lang, n=g["number"], scores=g["scores"][seat]) for g in games
                ]
            else:
                game = games[-1] if games else None
                lines = self._suit_lines(game, seat, result.breakdown[seat])
                lines = lines or [texts.NO_RECEIVED(lang)]
            lines.append(f"**{texts.TOTAL_LINE(lang, n=result.scores[seat])}**")
            embed.add_field(
                name=common.seat_title(ctx, seat)[:256],
                value=keep_newest(lines),
                inline=True,
            )
        description = common.winners_line(ctx, result.winners)
        if view.long_game:
            description += "\n" + texts.LONG_FINAL(lang, games=len(games), target=view.target)
        embed.description = description
        return [embed]

    def _suit_lines(self, game: dict | None, seat: int, points: dict[str, int]) -> list[str]:
        """Per suit: the cards the seat received, their sum, and the points it scored."""
        received = [(int(s), int(n)) for s, n in (game["received"][seat] if game else [])]
        lines = []
        for suit, entry in enumerate(texts.SUITS):
            numbers = sorted(n for s, n in received if s == suit)
            if not numbers:
                continue
            sums = "+".join(str(n) for n in numbers)
            if len(numbers) > 1:
                sums += f"={sum(numbers)}"
            won = points.get(entry.key, 0)
            lines.append(f"{entry.emoji} {sums} → " + (f"**{won}** ✅" if won else "0"))
        return lines


RENDERER = TakeAndShareRenderer()
