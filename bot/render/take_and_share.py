"""Take & Share on Discord: the table (the trick, the share cards, the gift log) and the hand,
each player's whole screen: the trick in play and who is winning it, the share cards, what each
playable card would do, a button a card, and for the trick's winner the share's buttons."""

from __future__ import annotations

import discord

from bot.render import common
from bot.render.base import FIELD_MAX, TABLE_COLOUR, Button, RenderContext, Rendered, Select
from games.core import Event, Lang
from games.take_and_share import actions as act
from games.take_and_share import scoring, texts
from games.take_and_share.views import Card, PlayedCard, PrivateView, PublicView, TrickRecord

#: Colour of hand messages (the table uses the platform's colour).
HAND_COLOUR = discord.Colour(0x4F8A5B)
#: The shares whose gifts the table lists: few enough for the table to fit a phone's screen.
RECENT_GIFT_TRICKS = 2
#: Card buttons a row of the hand: five of them (or four and the platform's Refresh button)
#: do not fit a phone's line, and a row that wraps takes two.
HAND_ROW = 4


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


def share_lines(view: PublicView, lang: Lang) -> list[str]:
    """The share cards, named alike on the table and in every hand. During a share: the old
    share cards being handed out (and who has one already), then the trick's cards that become
    the new share cards; else the face-up share cards. Once the hands are empty the face-up
    cards are the last trick's, which are never handed out."""
    unshared = not any(view.hand_sizes)
    if view.phase == "share":
        done = " ".join(common.seat_mark(s) for s in view.share_received)
        given = texts.GIVEN(lang, seats=done) if done else ""
        label = texts.UNSHARED if unshared else texts.NEW_SHARE
        return [
            f"**{texts.HANDING_OUT(lang)}** {shorts(view.to_give)}{given}",
            f"**{label(lang)}** {shorts(view.share_cards)}",
        ]
    if unshared:
        return [f"**{texts.UNSHARED(lang)}** {shorts(view.share_cards)}"]
    return [f"**{texts.SHARE_CARDS(lang)}** {shorts(view.share_cards)}"]


def winning(trick: list[PlayedCard]) -> tuple[int, str]:
    """Who would win `trick` (at least one card) if it ended now, and by which rule
    (`highest` or `lowest`, keys of `texts.RULE_NAMES`)."""
    cards = [(c.suit, c.number) for c in trick]
    rule = "highest" if scoring.all_followed(cards) else "lowest"
    return trick[scoring.trick_winner(cards)].seat, rule


def card_rows(count: int) -> list[int]:
    """The row of each of `count` card buttons: `HAND_ROW` a row, the first row shorter so that
    the platform's Refresh button (placed in the first row with room) joins it without making
    it wrap."""
    rows = -(-(count + 1) // HAND_ROW)
    first = count - HAND_ROW * (rows - 1)
    return [0 if i < first else 1 + (i - first) // HAND_ROW for i in range(count)]


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

    def _last_trick(
        self, ctx: RenderContext, record: TrickRecord, *, brief: bool = False
    ) -> list[str]:
        """The trick just won, who won it and by which rule (`brief`: the rule in short), then
        its cards in play order."""
        lang = ctx.lang
        rule = (texts.RULE_SHORT if brief else texts.RULE_NAMES)[record.rule](lang)
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
        lines += share_lines(view, lang)
        if view.phase == "share" and view.next_gift is not None:
            card = texts.card_name(view.next_gift, lang)
            lines.append(f"🎁 **{texts.GIVE_TO(lang, card=card)}**")
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
        """What the seat is asked, and why some of its cards are greyed out."""
        view, lang = private.public, ctx.lang
        if view.phase == "over" or not view.to_act or not common.in_play(ctx):
            return None
        if private.my_turn:
            if view.step == "give" and view.next_gift is not None:
                card = texts.card_name(view.next_gift, lang)
                return texts.PROMPT_GIVE(lang, n=view.history[-1].number, card=card)
            if view.step == "follow" and view.lead_suit is not None:
                suit = texts.suit_name(view.lead_suit, lang)
                if any(s == view.lead_suit for s, _ in private.hand):
                    return texts.PROMPT_FOLLOW(lang, suit=suit)
                return texts.PROMPT_ANY(lang, suit=suit)
            return texts.PROMPT_LEAD(lang)
        who = ctx.seat_label(view.to_act[0])
        return texts.WAIT_GIVE(lang, who=who) if view.step == "give" else texts.WAIT(lang, who=who)

    def _trick_lines(self, ctx: RenderContext, view: PublicView) -> list[str]:
        """The trick in play (who played what, the lead suit, who is winning and why), or
        during a share the trick just won."""
        lang = ctx.lang
        if view.phase == "share" and view.history:
            return self._last_trick(ctx, view.history[-1], brief=True)
        if view.phase == "over":
            return []
        header = texts.TRICK_HEADER(lang, n=view.trick_number, total=view.tricks_per_game)
        if not view.trick:
            return [f"**{header}** {texts.NO_CARD(lang)}"]
        seat, rule = winning(view.trick)
        lead = texts.suit_name(view.trick[0].suit, lang)
        ahead = texts.WINNING(
            lang, seat=common.seat_title(ctx, seat), rule=texts.RULE_SHORT[rule](lang)
        )
        return [f"**{header}** · {texts.LEAD(lang, suit=lead)}", f"{played(view.trick)} → {ahead}"]

    def _effect_line(self, ctx: RenderContext, private: PrivateView) -> str | None:
        """Which of the seat's playable cards would win the trick in play: those that take it
        when the seat plays last, else those that would be winning so far."""
        view, lang = private.public, ctx.lang
        if not private.my_turn or view.step != "follow" or not common.in_play(ctx):
            return None
        so_far = [(c.suit, c.number) for c in view.trick]
        wins = [c for c in private.playable if scoring.trick_winner([*so_far, c]) == len(so_far)]
        if not wins:
            return texts.WINS_NONE(lang)
        last = len(view.trick) == view.players - 1
        return (texts.WINS_TRICK if last else texts.WINS_SO_FAR)(lang, cards=shorts(wins))

    def _give_buttons(self, ctx: RenderContext, seat: int) -> list[Button | Select]:
        """The share giver's moves: the next card to each player still without one, each
        label naming the card and its receiver."""
        buttons: list[Button | Select] = []
        for action in ctx.state.legal_actions(seat):
            assert isinstance(action, act.Give)
            you = texts.YOU(ctx.lang) if action.to == seat else ""
            card = short((action.suit, action.number))
            buttons.append(
                Button(
                    label=f"{card} → {common.seat_title(ctx, action.to)}{you}",
                    action=action.encode(),
                    seat=seat,
                    style=discord.ButtonStyle.success,
                )
            )
        return buttons

    def _card_buttons(self, private: PrivateView, seat: int) -> list[Button | Select]:
        """A button a card of the hand, in suit order, `HAND_ROW` a row; the cards it may not
        play now greyed out (the prompt says why)."""
        playable = set(private.playable)
        return [
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
                row=row,
            )
            for (suit, number), row in zip(private.hand, card_rows(len(private.hand)), strict=True)
        ]

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        view, lang = private.public, ctx.lang
        title = common.hand_title(ctx, seat)
        lines = self._trick_lines(ctx, view) + share_lines(view, lang)
        if effect := self._effect_line(ctx, private):
            lines.append(f"🏆 {effect}")
        embed = discord.Embed(title=title[:256], description="\n".join(lines), colour=HAND_COLOUR)
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
        controls: list[Button | Select] = []
        if common.in_play(ctx):
            if private.my_turn and view.step == "give":
                controls = self._give_buttons(ctx, seat)
            else:
                controls = self._card_buttons(private, seat)
        return Rendered(embeds=[embed], controls=controls, content=self._prompt(ctx, private))

    # -- the log and the end ----------------------------------------------------------------

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """A log line naming the player and the cards: every gift too, which everyone sees as
        it is handed out (「渡されたカードの内容が全てのプレイヤーが確認できるように配ります」),
        in the live log and the whole log alike."""
        lang, data = ctx.lang, event.data
        seat = ctx.seat_label(event.seat) if event.seat is not None else ""
        card = (
            texts.card_name((int(data["suit"]), int(data["number"])), lang)
            if "suit" in data and "number" in data
            else ""
        )
        log = texts.LOG
        if event.kind == "game_start":
            cards = shorts([(int(s), int(n)) for s, n in data.get("share", [])])
            return log["game_start"](lang, game=data["game"], seat=seat, cards=cards)
        if event.kind == "play":
            if not data.get("position"):
                return log["lead"](lang, seat=seat, card=card)
            lead = data.get("lead")
            if lead is not None and int(lead) != int(data["suit"]):
                suit = texts.suit_name(int(lead), lang)
                return log["play_off"](lang, seat=seat, card=card, lead=suit)
            return log["play"](lang, seat=seat, card=card)
        if event.kind == "trick_won":
            won = next((int(s), int(n)) for who, s, n in data["cards"] if int(who) == event.seat)
            rule = texts.RULE_NAMES[data["rule"]](lang)
            return log["trick_won"](
                lang, seat=seat, card=texts.card_name(won, lang), trick=data["trick"], rule=rule
            )
        if event.kind == "share":
            cards = shorts([(int(s), int(n)) for s, n in data["to_give"]])
            new = shorts([(int(s), int(n)) for s, n in data["new_share"]])
            text = log["share_last"] if data.get("last") else log["share"]
            return text(lang, seat=seat, cards=cards, new=new)
        if event.kind == "give":
            to = ctx.seat_label(int(data["to"]))
            if data.get("auto"):
                return log["give_last"](lang, card=card, to=to)
            return log["give"](lang, seat=seat, card=card, to=to)
        if event.kind == "game_end":
            return self._game_end(ctx, event)
        if event.kind == "game_over":
            winners = ", ".join(ctx.seat_label(s) for s in data["winners"])
            points = data["scores"][data["winners"][0]] if data["winners"] else 0
            return log["game_over"](lang, winners=winners, points=points)
        return None

    def _game_end(self, ctx: RenderContext, event: Event) -> str:
        """A game's end as a summary: each player's points and the suits that gave them (the
        cards of the suit and their sum, the highest), and in a series the running totals."""
        lang, data = ctx.lang, event.data
        received = [[(int(s), int(n)) for s, n in cards] for cards in data["received"]]
        points = scoring.suit_points(received)
        lines = [texts.LOG["game_end"](lang, game=data["game"])]
        for seat, cards in enumerate(received):
            who = common.seat_title(ctx, seat)
            won = [
                texts.END_SUIT(
                    lang,
                    suit=texts.SUITS[suit].emoji,
                    count=points[seat][suit],
                    sum=sum(n for s, n in cards if s == suit),
                )
                for suit in range(len(texts.SUITS))
                if points[seat][suit]
            ]
            if won:
                total = sum(points[seat])
                lines.append(texts.END_SEAT(lang, seat=who, points=total, suits=" · ".join(won)))
            else:
                lines.append(texts.END_NO_SUIT(lang, seat=who))
        view = self._public(ctx)
        if view.long_game and view.target is not None:
            totals = " · ".join(
                f"{common.seat_mark(s)} {t}" for s, t in enumerate(data.get("totals", []))
            )
            lines.append(texts.END_TOTALS(lang, totals=totals, target=view.target))
        return "\n".join(lines)

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """The rules in detail after the summary, a phone screen a page: tricks and shares
        (with examples of who wins), then scoring, who sees what and the long game."""
        lang = ctx.lang
        pages = [
            (texts.REF_TRICKS_TITLE(lang), texts.REF_TRICKS(lang)),
            (texts.REF_SCORING_TITLE(lang), texts.REF_SCORING(lang)),
        ]
        return [
            discord.Embed(title=title, description=text.strip(), colour=TABLE_COLOUR)
            for title, text in pages
        ]

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
