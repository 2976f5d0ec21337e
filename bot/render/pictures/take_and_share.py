"""Take & Share pictures: the trick in play, the share cards and received-card counts; the hand
with its playable cards set apart; the suit majorities of each finished game."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures.kit import (
    BODY,
    CARD_BLUE,
    CARD_GREEN,
    CARD_PURPLE,
    CARD_RED,
    DARK_INK,
    GAP,
    GOLD,
    INK,
    LARGE,
    MARGIN,
    MUTED,
    SMALL,
    WIDTH,
    Box,
    Card,
    Dot,
    Face,
    Scene,
    below,
    fan_boxes,
    final_panel,
    per_row,
    row_boxes,
    seat_boxes,
    seat_panel,
    title_note,
    titled,
)
from games.core import Lang, Result
from games.take_and_share import texts
from games.take_and_share.texts import SUITS
from games.take_and_share.views import PrivateView, PublicView

#: The game's own shades of yellow and black.
SUIT_YELLOW, SUIT_BLACK = (0xF2, 0xC9, 0x3B), (0x24, 0x24, 0x28)
#: Suit colours, in the order of `texts.SUITS` (red, yellow, green, blue, purple, black).
SUIT_FILL = (CARD_RED, SUIT_YELLOW, CARD_GREEN, CARD_BLUE, CARD_PURPLE, SUIT_BLACK)
SUIT_INK = (INK, DARK_INK, INK, INK, INK, INK)

CARD_W, CARD_H = 64, 92
SMALL_W, SMALL_H = 44, 62


def face(suit: int, number: int, lang: Lang) -> Face:
    """A card: its number, and its suit's name in the corner (colour-blind players read it)."""
    return Face(SUIT_FILL[suit], SUIT_INK[suit], str(number), _suit(suit, lang))


def _suit(suit: int, lang: Lang) -> str:
    return SUITS[suit].name(lang)


class TakeAndSharePictures:
    game_id = "take_and_share"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        header = texts.PICTURE_HEADER(
            lang, game=view.game_number, trick=view.trick_number, tricks=view.tricks_per_game
        )
        width = WIDTH - 2 * MARGIN - (150 if view.target else 0)
        scene, y = titled("header", header, LARGE, width=width)
        if view.target:
            title_note(scene, "header.target", texts.PICTURE_TARGET(lang, target=view.target), 140)
        scene.text("trick.title", MARGIN, y, texts.PICTURE_TRICK(lang), SMALL, MUTED, width=300)
        if view.lead_suit is not None:
            scene.text(
                "trick.lead",
                WIDTH - MARGIN,
                y,
                texts.PICTURE_LEAD(lang, suit=_suit(view.lead_suit, lang)),
                SMALL,
                MUTED,
                anchor="ra",
                width=300,
            )
        y += SMALL + GAP
        slot_w = (WIDTH - 2 * MARGIN) // max(1, view.players)
        for i, played in enumerate(view.trick):
            x = MARGIN + i * slot_w + (slot_w - CARD_W) // 2
            card = face(played.suit, played.number, lang)
            scene.add(Card(f"trick.{i}", Box(x, y, CARD_W, CARD_H), card))
            scene.text(
                f"trick.{i}.seat",
                x + CARD_W // 2,
                y + CARD_H + GAP,
                f"{seat_mark(played.seat)} {names[played.seat]}",
                SMALL,
                MUTED,
                anchor="ma",
                width=slot_w - GAP,
            )
        if not view.trick:
            scene.text(
                "trick.empty",
                MARGIN,
                y + CARD_H // 2 - BODY // 2,
                texts.PICTURE_NONE(lang),
                BODY,
                MUTED,
            )
        y += CARD_H + SMALL + 3 * GAP
        scene.text("share.title", MARGIN, y, texts.PICTURE_SHARE(lang), SMALL, MUTED)
        y += SMALL + GAP
        shares = view.to_give if view.phase == "share" else view.share_cards
        boxes = row_boxes(MARGIN, y, len(shares), SMALL_W, SMALL_H)
        for i, ((suit, number), box) in enumerate(zip(shares, boxes, strict=True)):
            mark = "pick" if view.phase == "share" and i == 0 else ""
            scene.add(Card(f"share.{i}", box, face(suit, number, lang), mark))
        if not shares:
            scene.text("share.empty", MARGIN, y, texts.PICTURE_NONE(lang), BODY, MUTED)
        y += SMALL_H + 2 * GAP
        boxes = seat_boxes(y, view.players, BODY * 2 + 3 * GAP)
        for seat, box in enumerate(boxes):
            total = texts.PICTURE_TOTAL(lang, n=view.totals[seat])
            active = seat in view.to_act
            seat_panel(scene, box, seat, names[seat], total, active=active, score_w=100)
            scene.text(
                f"seat.{seat}.counts",
                box.x + GAP,
                box.y + BODY + 2 * GAP,
                f"{texts.PICTURE_HAND(lang, n=view.hand_sizes[seat])} · "
                f"{texts.PICTURE_RECEIVED(lang, n=view.received_counts[seat])}",
                SMALL,
                MUTED,
                width=box.w - 2 * GAP,
            )
        scene.height = below(boxes) + MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        playable = set(view.playable)
        per_line = per_row(WIDTH - 2 * MARGIN, CARD_W, 10)
        for start in range(0, max(1, len(view.hand)), per_line):
            line = view.hand[start : start + per_line]
            boxes = row_boxes(MARGIN, y, len(line), CARD_W, CARD_H, 10)
            for i, (card, box) in enumerate(zip(line, boxes, strict=True)):
                mark = "pick" if card in playable else ("dim" if view.my_turn else "")
                scene.add(Card(f"hand.{start + i}", box, face(*card, lang), mark))
            y += CARD_H + 2 * GAP
        scene.text("received.title", MARGIN, y, texts.PICTURE_YOUR_RECEIVED(lang), SMALL, MUTED)
        y += SMALL + GAP
        boxes = fan_boxes(MARGIN, y, len(view.received), SMALL_W, SMALL_H, WIDTH - 2 * MARGIN)
        for i, (card, box) in enumerate(zip(view.received, boxes, strict=True)):
            scene.add(Card(f"received.{i}", box, face(*card, lang)))
        if not view.received:
            scene.text("received.empty", MARGIN, y, texts.PICTURE_NONE(lang), BODY, MUTED)
        scene.height = y + SMALL_H + MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("final.title", texts.FINAL(lang), LARGE)
        order = sorted(range(view.players), key=lambda s: (-result.scores[s], s))
        line_h = SMALL + 28 + 2 * GAP
        for seat in order:
            height = BODY + 2 * GAP + len(view.games) * line_h + GAP
            total = texts.PICTURE_POINTS(lang, n=result.scores[seat])
            winner = seat in result.winners
            row_y = final_panel(scene, seat, y, height, names[seat], total, winner=winner)
            for game in view.games:
                tag = f"final.{seat}.game{game.number}"
                score = texts.PICTURE_POINTS(lang, n=game.scores[seat])
                scene.text(
                    tag,
                    MARGIN + GAP,
                    row_y,
                    f"{texts.PICTURE_GAME(lang, n=game.number)}: {score}",
                    SMALL,
                    MUTED,
                )
                dot_y = row_y + SMALL + GAP
                for suit, points in enumerate(game.suit_points[seat]):
                    x = MARGIN + GAP + suit * 70
                    count = sum(1 for s, _ in game.received[seat] if s == suit)
                    scene.add(
                        Dot(
                            f"{tag}.suit{suit}",
                            Box(x, dot_y, 28, 28),
                            SUIT_FILL[suit],
                            outline=GOLD if points else None,
                            label=str(count),
                            ink=SUIT_INK[suit],
                        )
                    )
                    scene.text(
                        f"{tag}.suit{suit}.points",
                        x + 32,
                        dot_y + 2,
                        f"+{points}" if points else "·",
                        SMALL,
                        GOLD if points else MUTED,
                        width=42,
                    )
                row_y += line_h
            y += height + GAP
        scene.height = y + MARGIN
        return scene


PICTURES = TakeAndSharePictures()
