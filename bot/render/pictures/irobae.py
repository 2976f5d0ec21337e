"""色映に生へど pictures: the trick with the trump marker and the tricks won; the hand with its
playable cards set apart; the deal-by-deal totals."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures.kit import (
    BODY,
    CARD_BLUE,
    CARD_GREEN,
    CARD_ORANGE,
    CARD_RED,
    CARD_YELLOW,
    DARK_INK,
    GAP,
    GOLD,
    INK,
    LARGE,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    SMALL,
    WIDTH,
    Box,
    Card,
    Dot,
    Face,
    Panel,
    Scene,
    below,
    fan_boxes,
    row_boxes,
    seat_boxes,
    seat_panel,
    titled,
)
from games.core import Lang, Result
from games.irobae import texts
from games.irobae.texts import COLOURS
from games.irobae.views import CardView, PrivateView, PublicView

#: Colours 0–4: 花 red, 鳥 orange, 傘 yellow, 扇 green, 蝶 blue.
FILL = (CARD_RED, CARD_ORANGE, CARD_YELLOW, CARD_GREEN, CARD_BLUE)
CARD_INK = (INK, DARK_INK, DARK_INK, INK, INK)

CARD_W, CARD_H = 64, 92
SMALL_W, SMALL_H = 40, 58


def face(card: CardView) -> Face:
    return Face(
        FILL[card.colour], CARD_INK[card.colour], str(card.number), COLOURS[card.colour].motif
    )


def _colour(colour: int, lang: Lang) -> str:
    return COLOURS[colour].picture(lang)


class IrobaePictures:
    game_id = "irobae"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        header = (
            texts.PICTURE_PASS(lang, deal=view.deal, deals=view.deals)
            if view.phase == "pass"
            else texts.PICTURE_HEADER(
                lang,
                deal=view.deal,
                deals=view.deals,
                trick=view.trick_number,
                tricks=view.tricks_per_deal,
            )
        )
        scene, y = titled("header", header, LARGE)
        scene.text("trick.title", MARGIN, y, texts.PICTURE_TRICK(lang), SMALL, MUTED, width=300)
        trump = (
            texts.PICTURE_TRUMP(lang, colour=_colour(view.trump, lang))
            if view.trump is not None
            else texts.PICTURE_NO_TRUMP(lang)
        )
        scene.text("trick.trump", WIDTH - MARGIN, y, trump, SMALL, GOLD, anchor="ra", width=340)
        y += SMALL + GAP
        slot_w = min(116, (WIDTH - 2 * MARGIN) // max(1, view.players))
        for i, played in enumerate(view.trick):
            x = MARGIN + i * slot_w + (slot_w - CARD_W) // 2
            scene.add(Card(f"trick.{i}", Box(x, y, CARD_W, CARD_H), face(played.card)))
            scene.text(
                f"trick.{i}.seat",
                x + CARD_W // 2,
                y + CARD_H + GAP + 14,
                f"{seat_mark(played.seat)} {names[played.seat]}",
                SMALL,
                MUTED,
                anchor="ma",
                width=slot_w - 4,
            )
            if i == view.marker:
                scene.add(
                    Dot("trick.marker", Box(x + CARD_W // 2 - 9, y + CARD_H + 2, 18, 18), GOLD)
                )
        y += CARD_H + SMALL + 3 * GAP + 14
        boxes = seat_boxes(y, view.players, BODY * 2 + 3 * GAP)
        for seat, box in enumerate(boxes):
            total = texts.PICTURE_TOTAL(lang, n=view.totals[seat])
            active = seat in view.to_act
            seat_panel(scene, box, seat, names[seat], total, active=active, score_w=100)
            counts = (
                f"{texts.PICTURE_HAND(lang, n=view.hand_sizes[seat])} · "
                f"{texts.PICTURE_TRICKS(lang, n=view.tricks_won[seat])}"
            )
            if view.phase == "pass" and view.passed[seat]:
                counts += f" · {texts.PICTURE_PASSED(lang)}"
            scene.text(
                f"seat.{seat}.counts",
                box.x + GAP,
                box.y + BODY + 2 * GAP,
                counts,
                SMALL,
                MUTED,
                width=box.w - 2 * GAP,
            )
        y = below(boxes)
        if view.open_minimums and any(view.minimums):
            for seat, cards in enumerate(view.minimums):
                if not cards:
                    continue
                scene.text(f"minimums.{seat}", MARGIN, y + 16, seat_mark(seat), BODY, MUTED)
                for i, (card, box) in enumerate(
                    zip(cards, row_boxes(MARGIN + 40, y, len(cards), SMALL_W, SMALL_H), strict=True)
                ):
                    scene.add(Card(f"minimums.{seat}.{i}", box, face(card)))
                y += SMALL_H + GAP
            y += GAP
        if view.last_trick is not None and not view.trick:
            last = view.last_trick
            scene.text(
                "last.title",
                MARGIN,
                y,
                texts.PICTURE_LAST(lang, winner=names[last.winner]),
                SMALL,
                MUTED,
            )
            y += SMALL + GAP
            for i, (played, box) in enumerate(
                zip(
                    last.cards, row_boxes(MARGIN, y, len(last.cards), SMALL_W, SMALL_H), strict=True
                )
            ):
                winner = played.seat == last.winner
                scene.add(Card(f"last.{i}", box, face(played.card), "pick" if winner else ""))
            y += SMALL_H + 2 * GAP
        scene.height = y + MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        choosable = set(view.playable) | set(view.passable)
        acting = bool(choosable)
        boxes = fan_boxes(MARGIN, y, len(view.hand), CARD_W, CARD_H, WIDTH - 2 * MARGIN)
        for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
            mark = "pick" if card.id in choosable else ("dim" if acting else "")
            scene.add(Card(f"hand.{i}", box, face(card), mark))
        y += CARD_H + 2 * GAP
        scene.text(
            "pile.title", MARGIN, y, texts.PICTURE_PILE(lang, n=view.pile_score), SMALL, MUTED
        )
        y += SMALL + GAP
        boxes = fan_boxes(MARGIN, y, len(view.pile), SMALL_W, SMALL_H, WIDTH - 2 * MARGIN)
        for i, (card, box) in enumerate(zip(view.pile, boxes, strict=True)):
            scene.add(Card(f"pile.{i}", box, face(card)))
        scene.height = y + SMALL_H + MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("final.title", texts.FINAL(lang), LARGE)
        players = view.players
        first = 150
        col = (WIDTH - 2 * MARGIN - first) // players
        row_h = 34
        height = (len(view.deal_scores) + 2) * row_h + 2 * GAP
        scene.add(Panel("final.board", Box(MARGIN, y, WIDTH - 2 * MARGIN, height)))
        y += GAP
        for seat in range(players):
            x = MARGIN + first + seat * col + col // 2
            winner = seat in result.winners
            scene.text(
                f"final.{seat}.name",
                x,
                y,
                ("★" if winner else "") + seat_mark(seat),
                BODY,
                GOLD if winner else INK,
                anchor="ma",
                width=col,
            )
        y += row_h
        for d, scores in enumerate(view.deal_scores):
            scene.text(
                f"final.deal{d + 1}",
                MARGIN + GAP,
                y,
                texts.PICTURE_DEAL(lang, n=d + 1),
                SMALL,
                MUTED,
                width=first - GAP,
            )
            for seat, score in enumerate(scores):
                x = MARGIN + first + seat * col + col // 2
                scene.text(
                    f"final.deal{d + 1}.{seat}",
                    x,
                    y,
                    f"{score:+d}" if score else "0",
                    SMALL,
                    INK,
                    anchor="ma",
                    width=col,
                )
            y += row_h
        scene.add(
            Panel(
                "final.rule", Box(MARGIN + GAP, y - 4, WIDTH - 2 * MARGIN - 2 * GAP, 2), PANEL_EDGE
            )
        )
        scene.text(
            "final.sum", MARGIN + GAP, y + 2, texts.PICTURE_SUM(lang), BODY, width=first - GAP
        )
        for seat in range(players):
            x = MARGIN + first + seat * col + col // 2
            scene.text(
                f"final.{seat}.total",
                x,
                y + 2,
                str(result.scores[seat]),
                BODY,
                GOLD,
                anchor="ma",
                width=col,
            )
        y += row_h + 2 * GAP
        for seat in range(players):
            scene.text(
                f"final.{seat}.label", MARGIN, y, f"{seat_mark(seat)} {names[seat]}", SMALL, MUTED
            )
            y += SMALL + GAP
        scene.height = y + MARGIN
        return scene


PICTURES = IrobaePictures()
