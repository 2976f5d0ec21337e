"""五行 pictures: the field, the deck and every hand's face-up cards; the hand in its best
left-to-right scoring order with both runs marked; the two-game match at the end."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.gogyo import texts
from games.gogyo.views import Arrangement, CardView, PrivateView, PublicView

#: Card colours by element (木 wood, 火 fire, 土 earth, 金 metal, 水 water); 天 and 閥 apart.
ELEMENT_FILL = {
    "木": (kit.CARD_GREEN, kit.INK),
    "火": (kit.CARD_RED, kit.INK),
    "土": ((0xC8, 0x9B, 0x3C), kit.DARK_INK),
    "金": ((0xE4, 0xE6, 0xEB), kit.DARK_INK),
    "水": ((0x3A, 0x5E, 0xB0), kit.INK),
}
HEAVEN = ((0xF5, 0xE0, 0x8A), kit.DARK_INK)
FACTION = ((0x7A, 0x4F, 0xB0), kit.INK)

CARD_W, CARD_H = 64, 92
SMALL_W, SMALL_H = 48, 68
#: The table picture's field cards and the cards in front of each seat (compact for a phone).
FIELD_W, FIELD_H = 52, 74
SEAT_W, SEAT_H = 38, 54


def face(card: CardView, sub: str = "") -> kit.Face:
    if card.element is None:
        fill, ink = HEAVEN if card.name == "天" else FACTION
        return kit.Face(fill, ink, card.name, "", sub)
    fill, ink = ELEMENT_FILL[card.element]
    return kit.Face(fill, ink, card.name, str(card.number), sub)


def _arranged(
    scene: kit.Scene, tag: str, arrangement: Arrangement, x: int, y: int, w: int, h: int
) -> int:
    """The cards of an arrangement left to right with a gold line under the dynasty run and a
    green one under the element run; returns the y under it."""
    for i, (placed, box) in enumerate(
        zip(arrangement.cards, kit.row_boxes(x, y, len(arrangement.cards), w, h), strict=True)
    ):
        sub = placed.stands_for or ""
        scene.add(kit.Card(f"{tag}.{i}", box, face(placed.card, sub)))
        if placed.in_dynasty_run:
            scene.add(
                kit.Panel(f"{tag}.{i}.dynasty", kit.Box(box.x, box.bottom + 3, w, 5), kit.GOLD)
            )
        if placed.in_element_run:
            scene.add(
                kit.Panel(f"{tag}.{i}.element", kit.Box(box.x, box.bottom + 10, w, 5), kit.GREEN)
            )
    return y + h + 18


class GogyoPictures:
    game_id = "gogyo"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.PICTURE_HEADER(lang, game=view.game_no)
        scene, y = kit.titled("header", header, kit.LARGE, width=300)
        deck = texts.PICTURE_DECK(lang, deck=view.deck_count, discard=view.discard_count)
        kit.title_note(scene, "header.deck", deck, 360)
        scene.text("field.title", kit.MARGIN, y, texts.PICTURE_FIELD(lang), kit.SMALL, kit.MUTED)
        y += kit.SMALL + kit.GAP
        room = kit.WIDTH - 2 * kit.MARGIN
        if view.discard_top is not None:
            room -= FIELD_W + 3 * kit.GAP
            box = kit.Box(kit.WIDTH - kit.MARGIN - FIELD_W, y, FIELD_W, FIELD_H)
            scene.add(kit.Card("discard.top", box, face(view.discard_top)))
            scene.text(
                "discard.title",
                box.right,
                y - kit.SMALL - kit.GAP,
                texts.PICTURE_DISCARD(lang),
                kit.SMALL,
                kit.MUTED,
                anchor="ra",
                width=room // 2,
            )
        field_boxes = kit.fan_boxes(kit.MARGIN, y, len(view.field), FIELD_W, FIELD_H, room)
        for i, (card, box) in enumerate(zip(view.field, field_boxes, strict=True)):
            scene.add(kit.Card(f"field.{i}", box, face(card)))
        y += FIELD_H + 2 * kit.GAP
        # The seats two by two: name and match total (labelled as such: the hand picture shows
        # the hand's own score), then the cards in front of each (face-down ones as backs).
        height = kit.BODY + SEAT_H + 3 * kit.GAP
        boxes = kit.seat_boxes(y, len(view.players), height, columns=2)
        for player, box in zip(view.players, boxes, strict=True):
            seat = player.seat
            total = texts.PICTURE_TOTAL(lang, n=player.total)
            active = seat in view.to_act
            kit.seat_panel(
                scene,
                box,
                seat,
                names[seat],
                total,
                active=active,
                score_w=80,
                score_label=texts.PICTURE_TOTAL_LABEL(lang),
            )
            card_y = box.y + kit.BODY + 2 * kit.GAP
            count = len(player.face_up) + player.face_down_count
            cards = kit.fan_boxes(
                box.x + kit.GAP, card_y, count, SEAT_W, SEAT_H, box.w - 2 * kit.GAP
            )
            for i, card in enumerate(player.face_up):
                scene.add(kit.Card(f"seat.{seat}.hand.{i}", cards[i], face(card)))
            for i in range(player.face_down_count):
                index = len(player.face_up) + i
                scene.add(
                    kit.Card(
                        f"seat.{seat}.hand.{index}", cards[index], kit.Face(kit.INK, back=True)
                    )
                )
        y = kit.below(boxes)
        duel = view.last_duel
        if duel is not None:
            scene.text(
                "duel",
                kit.MARGIN,
                y,
                texts.PICTURE_DUEL(
                    lang,
                    attacker=seat_mark(duel.attacker),
                    a=duel.attacker_card.name,
                    defender=seat_mark(duel.defender),
                    d=duel.defender_card.name,
                    winner=seat_mark(duel.winner),
                ),
                kit.SMALL,
                kit.MUTED,
            )
            y += kit.SMALL + 2 * kit.GAP
        scene.height = y + kit.MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        scene, y = kit.titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        down = {c.id for c in view.hand if c.face_down}
        pending = {c.id for c in (view.pending_discard, view.pending_loot) if c is not None}
        best = view.best
        for i, (placed, box) in enumerate(
            zip(
                best.cards,
                kit.row_boxes(kit.MARGIN, y, len(best.cards), CARD_W + 12, CARD_H + 16),
                strict=True,
            )
        ):
            sub = placed.stands_for or (
                texts.PICTURE_FACE_DOWN(lang) if placed.card.id in down else ""
            )
            mark = "pick" if placed.card.id in pending else ""
            scene.add(kit.Card(f"hand.{i}", box, face(placed.card, sub), mark))
            if placed.in_dynasty_run:
                scene.add(
                    kit.Panel(
                        f"hand.{i}.dynasty", kit.Box(box.x, box.bottom + 3, box.w, 5), kit.GOLD
                    )
                )
            if placed.in_element_run:
                scene.add(
                    kit.Panel(
                        f"hand.{i}.element", kit.Box(box.x, box.bottom + 10, box.w, 5), kit.GREEN
                    )
                )
        y += CARD_H + 16 + 20
        scene.text(
            "hand.best",
            kit.MARGIN,
            y,
            texts.PICTURE_BEST(
                lang, n=view.best_score, d=best.dynasty_points, e=best.element_points
            ),
            kit.BODY,
            kit.GOLD,
        )
        y += kit.BODY + kit.GAP
        scene.text("hand.runs", kit.MARGIN, y, texts.PICTURE_RUNS(lang), kit.SMALL, kit.MUTED)
        scene.height = y + kit.SMALL + kit.MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        game_h = SMALL_H + 18 + kit.GAP

        def games(scene: kit.Scene, seat: int, row_y: int) -> None:
            for game in view.games:
                tag = f"final.{seat}.game{game.game}"
                scene.text(
                    tag,
                    kit.MARGIN + kit.GAP,
                    row_y + SMALL_H // 2 - kit.SMALL,
                    texts.PICTURE_GAME(lang, n=game.game),
                    kit.SMALL,
                    kit.MUTED,
                    width=130,
                )
                scene.text(
                    f"{tag}.points",
                    kit.MARGIN + kit.GAP,
                    row_y + SMALL_H // 2 + 2,
                    texts.PICTURE_POINTS(lang, n=game.scores[seat]),
                    kit.SMALL,
                    kit.INK,
                    width=130,
                )
                _arranged(
                    scene, tag, game.arrangements[seat], kit.MARGIN + 150, row_y, SMALL_W, SMALL_H
                )
                row_y += game_h

        return kit.final_panels(
            texts.FINAL(lang),
            result,
            names,
            lambda n: texts.PICTURE_POINTS(lang, n=n),
            kit.BODY + 2 * kit.GAP + len(view.games) * game_h + kit.GAP,
            games,
        )


PICTURES = GogyoPictures()
