"""ハイカード on Discord: the trick on the table, the hand with one button per legal card, and
its pictures."""

from __future__ import annotations

import discord

from bot.render import common
from bot.render.base import Button, RenderContext, Rendered
from bot.render.pictures.kit import BODY, LARGE, MARGIN, WIDTH, Face, Scene, row_boxes
from bot.render.pictures.kit import Card as CardItem
from games.core import Event, Lang, Result
from tests.extra_game import texts
from tests.extra_game.game import Play, PrivateView, PublicView


def trick_text(view: PublicView) -> str:
    return " · ".join(f"{common.seat_mark(seat)} {card}" for seat, card in view.trick) or "—"


class HighCardRenderer:
    game_id = "high_card"

    def table(self, ctx: RenderContext) -> Rendered:
        view: PublicView = ctx.state.public_view()  # type: ignore[assignment]
        lang = ctx.lang
        turn = common.turn_line(ctx, [] if view.turn is None else [view.turn])
        if ctx.pictures:
            scores = [texts.TRICKS(lang, n=n) for n in view.tricks_won]
            fields = [common.scores_line(ctx, scores)]
            embed = common.brief(ctx, ctx.game.name(lang), turn, fields, self.event_text)
            return Rendered(embeds=[embed])
        lines = [turn]
        if view.low_wins:
            lines.append(texts.LOW_WINS(lang))
        description = "\n".join(lines)
        embed = common.table_embed(
            ctx, ctx.game.name(lang), description + common.status_suffix(ctx, description)
        )
        embed.add_field(name=texts.TRICK(lang), value=trick_text(view), inline=False)
        for seat in range(view.players):
            value = f"{texts.TRICKS(lang, n=view.tricks_won[seat])} · "
            value += texts.HAND(lang, n=view.hand_sizes[seat])
            embed.add_field(
                name=f"{common.seat_mark(seat)} {ctx.seat_label(seat)}"[:256], value=value
            )
        embed.add_field(name="📜", value=common.log_text(ctx, self.event_text), inline=False)
        return Rendered(embeds=[embed])

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        return False

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        private: PrivateView = ctx.state.private_view(seat)  # type: ignore[assignment]
        lang = ctx.lang
        embed = discord.Embed(
            title=f"{ctx.game.name(lang)} #{ctx.record.id} — {ctx.seat_name(seat)}"[:256]
        )
        held = " · ".join(f"[{card}]" for card in private.hand) or "—"
        embed.add_field(name=texts.YOUR_HAND(lang), value=f"{common.seat_mark(seat)} {held}")
        controls: list[Button] = []
        content = None
        if ctx.record.status == "playing":
            for action in ctx.state.legal_actions(seat) if seat in ctx.state.to_act() else []:
                assert isinstance(action, Play)
                label = texts.PLAY(lang, card=action.card)
                controls.append(Button(label=label, action=action.encode(), seat=seat))
            if not controls and private.public.turn is not None:
                content = texts.WAIT(lang, who=ctx.seat_label(private.public.turn))
        return Rendered(embeds=[embed], controls=controls, content=content)

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        player = ctx.seat_label(event.seat) if event.seat is not None else ""
        if event.kind == "play":
            return texts.EVENTS["play"](ctx.lang, player=player, card=event.data["card"])
        if event.kind == "trick":
            return texts.EVENTS["trick"](ctx.lang, player=player, won=event.data["won"])
        return None

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        result = ctx.state.result()
        lang = ctx.lang
        embed = common.table_embed(ctx, f"{ctx.game.name(lang)} — {texts.FINAL(lang)}", "")
        for seat, score in enumerate(result.scores):
            name = f"{common.seat_mark(seat)} {ctx.seat_label(seat)}"[:256]
            embed.add_field(name=name, value=texts.TRICKS(lang, n=score))
        embed.description = common.winners_line(ctx, result.winners)
        return [embed]


CARD_FACE = (0xF4, 0xF1, 0xE8)


def _cards(scene: Scene, tag: str, y: int, cards: list[int], back: bool = False) -> int:
    for n, box in enumerate(row_boxes(MARGIN, y, len(cards), 56, 80)):
        face = Face(CARD_FACE, back=True) if back else Face(CARD_FACE, label=str(cards[n]))
        scene.add(CardItem(f"{tag}.{n}", box, face))
    return y + 80 + MARGIN


class HighCardPictures:
    game_id = "high_card"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        scene = Scene()
        scene.text("title", MARGIN, MARGIN, texts.TRICK(lang), LARGE)
        y = _cards(scene, "trick", MARGIN * 2 + LARGE, [card for _, card in view.trick])
        for seat, name in enumerate(names):
            line = f"{common.seat_mark(seat)} {name}: {texts.TRICKS(lang, n=view.tricks_won[seat])}"
            scene.text(f"seat.{seat}", MARGIN, y, line, BODY)
            y += BODY + MARGIN
        scene.height = y
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene = Scene()
        scene.text("title", MARGIN, MARGIN, texts.YOUR_HAND(lang), LARGE)
        scene.height = _cards(scene, "hand", MARGIN * 2 + LARGE, view.hand)
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        """Seats by score, best first: `★` before the winners' names, their tricks at right."""
        scene = Scene(width=WIDTH)
        scene.text("title", MARGIN, MARGIN, texts.FINAL(lang), LARGE)
        y = MARGIN * 2 + LARGE
        for seat in sorted(range(len(names)), key=lambda s: (-result.scores[s], s)):
            mark = "★ " if seat in result.winners else ""
            scene.text(f"final.{seat}.name", MARGIN, y, f"{mark}{names[seat]}", BODY, width=300)
            total = texts.TRICKS(lang, n=result.scores[seat])
            scene.text(f"final.{seat}.total", WIDTH - MARGIN, y, total, BODY, anchor="ra")
            y += BODY + MARGIN
        scene.height = y
        return scene


RENDERER = HighCardRenderer()
PICTURES = HighCardPictures()
