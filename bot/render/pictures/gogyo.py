"""五行 pictures: the field, the deck and every hand's face-up cards; the hand in its best
left-to-right scoring order with both runs marked; the two-game match at the end."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures.kit import (
    BODY,
    CARD_GREEN,
    CARD_RED,
    DARK_INK,
    GAP,
    GOLD,
    GREEN,
    INK,
    LARGE,
    MARGIN,
    MUTED,
    SMALL,
    WIDTH,
    Box,
    Card,
    Face,
    Panel,
    Scene,
    below,
    fan_boxes,
    final_panel,
    row_boxes,
    seat_boxes,
    seat_panel,
    title_note,
    titled,
)
from games.core import Lang, Result
from games.gogyo import texts
from games.gogyo.views import Arrangement, CardView, PrivateView, PublicView

#: Card colours by element (木 wood, 火 fire, 土 earth, 金 metal, 水 water); 天 and 閥 apart.
ELEMENT_FILL = {
    "木": (CARD_GREEN, INK),
    "火": (CARD_RED, INK),
    "土": ((0xC8, 0x9B, 0x3C), DARK_INK),
    "金": ((0xE4, 0xE6, 0xEB), DARK_INK),
    "水": ((0x3A, 0x5E, 0xB0), INK),
}
HEAVEN = ((0xF5, 0xE0, 0x8A), DARK_INK)
FACTION = ((0x7A, 0x4F, 0xB0), INK)

CARD_W, CARD_H = 64, 92
SMALL_W, SMALL_H = 48, 68
#: The table picture's field cards and the cards in front of each seat (compact for a phone).
FIELD_W, FIELD_H = 52, 74
SEAT_W, SEAT_H = 38, 54


def face(card: CardView, sub: str = "") -> Face:
    if card.element is None:
        fill, ink = HEAVEN if card.name == "天" else FACTION
        return Face(fill, ink, card.name, "", sub)
    fill, ink = ELEMENT_FILL[card.element]
    return Face(fill, ink, card.name, str(card.number), sub)


def _arranged(
    scene: Scene, tag: str, arrangement: Arrangement, x: int, y: int, w: int, h: int
) -> int:
    """The cards of an arrangement left to right with a gold line under the dynasty run and a
    green one under the element run; returns the y under it."""
    for i, (placed, box) in enumerate(
        zip(arrangement.cards, row_boxes(x, y, len(arrangement.cards), w, h), strict=True)
    ):
        sub = placed.stands_for or ""
        scene.add(Card(f"{tag}.{i}", box, face(placed.card, sub)))
        if placed.in_dynasty_run:
            scene.add(Panel(f"{tag}.{i}.dynasty", Box(box.x, box.bottom + 3, w, 5), GOLD))
        if placed.in_element_run:
            scene.add(Panel(f"{tag}.{i}.element", Box(box.x, box.bottom + 10, w, 5), GREEN))
    return y + h + 18


class GogyoPictures:
    game_id = "gogyo"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        header = texts.PICTURE_HEADER(lang, game=view.game_no)
        scene, y = titled("header", header, LARGE, width=300)
        deck = texts.PICTURE_DECK(lang, deck=view.deck_count, discard=view.discard_count)
        title_note(scene, "header.deck", deck, 360)
        scene.text("field.title", MARGIN, y, texts.PICTURE_FIELD(lang), SMALL, MUTED)
        y += SMALL + GAP
        room = WIDTH - 2 * MARGIN
        if view.discard_top is not None:
            room -= FIELD_W + 3 * GAP
            box = Box(WIDTH - MARGIN - FIELD_W, y, FIELD_W, FIELD_H)
            scene.add(Card("discard.top", box, face(view.discard_top)))
        field_boxes = fan_boxes(MARGIN, y, len(view.field), FIELD_W, FIELD_H, room)
        for i, (card, box) in enumerate(zip(view.field, field_boxes, strict=True)):
            scene.add(Card(f"field.{i}", box, face(card)))
        y += FIELD_H + 2 * GAP
        # The seats two by two: name and points, then the cards in front of each (face-down
        # ones as backs).
        height = BODY + SEAT_H + 3 * GAP
        boxes = seat_boxes(y, len(view.players), height, columns=2)
        for player, box in zip(view.players, boxes, strict=True):
            seat = player.seat
            total = texts.PICTURE_TOTAL(lang, n=player.total)
            active = seat in view.to_act
            seat_panel(scene, box, seat, names[seat], total, active=active, score_w=80)
            card_y = box.y + BODY + 2 * GAP
            count = len(player.face_up) + player.face_down_count
            cards = fan_boxes(box.x + GAP, card_y, count, SEAT_W, SEAT_H, box.w - 2 * GAP)
            for i, card in enumerate(player.face_up):
                scene.add(Card(f"seat.{seat}.hand.{i}", cards[i], face(card)))
            for i in range(player.face_down_count):
                index = len(player.face_up) + i
                scene.add(Card(f"seat.{seat}.hand.{index}", cards[index], Face(INK, back=True)))
        y = below(boxes)
        duel = view.last_duel
        if duel is not None:
            scene.text(
                "duel",
                MARGIN,
                y,
                texts.PICTURE_DUEL(
                    lang,
                    attacker=seat_mark(duel.attacker),
                    a=duel.attacker_card.name,
                    defender=seat_mark(duel.defender),
                    d=duel.defender_card.name,
                    winner=seat_mark(duel.winner),
                ),
                SMALL,
                MUTED,
            )
            y += SMALL + 2 * GAP
        scene.height = y + MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        down = {c.id for c in view.hand if c.face_down}
        pending = {c.id for c in (view.pending_discard, view.pending_loot) if c is not None}
        best = view.best
        for i, (placed, box) in enumerate(
            zip(
                best.cards,
                row_boxes(MARGIN, y, len(best.cards), CARD_W + 12, CARD_H + 16),
                strict=True,
            )
        ):
            sub = placed.stands_for or (
                texts.PICTURE_FACE_DOWN(lang) if placed.card.id in down else ""
            )
            mark = "pick" if placed.card.id in pending else ""
            scene.add(Card(f"hand.{i}", box, face(placed.card, sub), mark))
            if placed.in_dynasty_run:
                scene.add(Panel(f"hand.{i}.dynasty", Box(box.x, box.bottom + 3, box.w, 5), GOLD))
            if placed.in_element_run:
                scene.add(Panel(f"hand.{i}.element", Box(box.x, box.bottom + 10, box.w, 5), GREEN))
        y += CARD_H + 16 + 20
        scene.text(
            "hand.best",
            MARGIN,
            y,
            texts.PICTURE_BEST(
                lang, n=view.best_score, d=best.dynasty_points, e=best.element_points
            ),
            BODY,
            GOLD,
        )
        y += BODY + GAP
        scene.text("hand.runs", MARGIN, y, texts.PICTURE_RUNS(lang), SMALL, MUTED)
        scene.height = y + SMALL + MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("final.title", texts.FINAL(lang), LARGE)
        tiebreak = result.tiebreak or [0] * len(result.scores)
        order = sorted(
            range(len(result.scores)), key=lambda s: (-result.scores[s], -tiebreak[s], s)
        )
        game_h = SMALL_H + 18 + GAP
        for seat in order:
            height = BODY + 2 * GAP + len(view.games) * game_h + GAP
            total = texts.PICTURE_POINTS(lang, n=result.scores[seat])
            winner = seat in result.winners
            row_y = final_panel(scene, seat, y, height, names[seat], total, winner=winner)
            for game in view.games:
                tag = f"final.{seat}.game{game.game}"
                scene.text(
                    tag,
                    MARGIN + GAP,
                    row_y + SMALL_H // 2 - SMALL,
                    texts.PICTURE_GAME(lang, n=game.game),
                    SMALL,
                    MUTED,
                    width=130,
                )
                scene.text(
                    f"{tag}.points",
                    MARGIN + GAP,
                    row_y + SMALL_H // 2 + 2,
                    texts.PICTURE_POINTS(lang, n=game.scores[seat]),
                    SMALL,
                    INK,
                    width=130,
                )
                _arranged(
                    scene, tag, game.arrangements[seat], MARGIN + 150, row_y, SMALL_W, SMALL_H
                )
                row_y += game_h
            y += height + GAP
        scene.height = y + MARGIN
        return scene


PICTURES = GogyoPictures()
