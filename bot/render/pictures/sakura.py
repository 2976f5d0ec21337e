"""Cherry-tree flower game pictures: the bag, this turn's flowers with the failure risk, each
field by colour, the mastery cards with what qualifies; the own screen; the revealed screens
and the breakdown at the end."""

from __future__ import annotations

from collections.abc import Mapping

from bot.render.common import seat_mark
from bot.render.pictures.kit import (
    BODY,
    CARD_BLACK,
    CARD_WHITE,
    CARD_YELLOW,
    DARK_INK,
    GAP,
    GOLD,
    INK,
    LARGE,
    MARGIN,
    MUTED,
    RED,
    SMALL,
    WIDTH,
    Box,
    Card,
    Dot,
    Face,
    Panel,
    Scene,
    below,
    final_panel,
    seat_boxes,
    seat_panel,
    title_note,
    titled,
)
from games.core import Lang, Result
from games.sakura import texts
from games.sakura.views import PrivateView, PublicView

COLOURS = ("red", "yellow", "lightblue", "blue", "white", "black")
FILL = {
    "red": (0xE0, 0x4B, 0x5A),
    "yellow": CARD_YELLOW,
    "lightblue": (0x8F, 0xD3, 0xF0),
    "blue": (0x34, 0x62, 0xC4),
    "white": CARD_WHITE,
    "black": CARD_BLACK,
}
DOT_INK = {
    "red": INK,
    "yellow": DARK_INK,
    "lightblue": DARK_INK,
    "blue": INK,
    "white": DARK_INK,
    "black": INK,
}
BLOSSOM = (0xF4, 0xB6, 0xC8)

DOT = 34
#: The table picture's mastery cards and the flowers of each seat's field (compact for a phone).
MASTERY_H = 64
FIELD_DOT = 26


def _flowers(
    scene: Scene, tag: str, flowers: Mapping[str, int], x: int, y: int, size: int = DOT
) -> int:
    """One dot per colour present, with its count; returns the x after them."""
    for colour in COLOURS:
        count = flowers.get(colour, 0)
        if count:
            scene.add(
                Dot(
                    f"{tag}.{colour}",
                    Box(x, y, size, size),
                    FILL[colour],
                    label=str(count),
                    ink=DOT_INK[colour],
                )
            )
            x += size + 6
    return x


class SakuraPictures:
    game_id = "sakura"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        turn = view.turn
        bag = texts.PICTURE_BAG(lang, n=view.bag)
        if turn is None:
            header = texts.PICTURE_HEADER(lang, turn=view.turn_number)
            scene, y = titled("header", header, LARGE, width=300)
            title_note(scene, "header.bag", bag, 300, BODY, BLOSSOM)
        else:
            scene, y = Scene(), MARGIN
            # The turn's panel comes first (the turn's number is in the message's title): whose
            # flowers, the bag beside them, the flowers drawn and the risk of the next one.
            box = Box(MARGIN, y, WIDTH - 2 * MARGIN, BODY + DOT + SMALL + 4 * GAP)
            scene.add(Panel("turn", box, outline=RED if turn.failed else GOLD))
            scene.text(
                "turn.title",
                box.x + GAP,
                box.y + GAP,
                texts.PICTURE_TURN(lang, name=f"{seat_mark(turn.seat)} {names[turn.seat]}"),
                BODY,
                width=box.w - 170,
            )
            scene.text(
                "header.bag",
                box.right - GAP,
                box.y + GAP + 2,
                bag,
                SMALL,
                BLOSSOM,
                anchor="ra",
                width=150,
            )
            flower_y = box.y + BODY + 2 * GAP
            _flowers(scene, "turn.flowers", turn.flowers, box.x + GAP, flower_y)
            risky = (
                turn.same_colour >= turn.same_colour_limit - 1
                or turn.colours >= turn.colours_limit - 1
            )
            risk = texts.PICTURE_RISK(
                lang,
                same=turn.same_colour,
                same_limit=turn.same_colour_limit,
                colours=turn.colours,
                colours_limit=turn.colours_limit,
            )
            risk += " · " + texts.PICTURE_DRAWS(lang, draws=turn.draws, max=turn.max_draws)
            if turn.failed:
                risk = f"{texts.PICTURE_FAILED(lang)} · {risk}"
            scene.text(
                "turn.risk",
                box.x + GAP,
                flower_y + DOT + GAP,
                risk,
                SMALL,
                RED if turn.failed or risky else MUTED,
                width=box.w - 2 * GAP,
            )
            y = box.bottom + 2 * GAP
        # The mastery cards: gold when their condition is met, faded once used.
        card_w = (WIDTH - 2 * MARGIN - 2 * GAP) // max(1, len(view.cards))
        for i, card in enumerate(view.cards):
            box = Box(MARGIN + i * (card_w + GAP), y, card_w, MASTERY_H)
            condition = texts.CONDITIONS[card.condition](lang)
            sub = texts.PICTURE_USED(lang) if card.used else condition
            name = texts.card_name(card.card, "ja")
            mark = "dim" if card.used else ("pick" if card.qualifies else "")
            scene.add(Card(f"cards.{i}", box, Face(BLOSSOM, DARK_INK, name, "", sub), mark))
        y += MASTERY_H + 2 * GAP
        # The seats two by two: name and points, then each colour of the field and the
        # screen's count.
        height = BODY + FIELD_DOT + 3 * GAP
        boxes = seat_boxes(y, view.players, height, columns=2)
        for seat_view, box in zip(view.seats, boxes, strict=True):
            seat = seat_view.seat
            score = texts.PICTURE_FIELD(lang, n=seat_view.field_score)
            active = seat in view.to_act
            seat_panel(
                scene, box, seat, names[seat], score, active=active, score_w=80, score_tag="score"
            )
            dot_y = box.y + BODY + 2 * GAP
            screen_w = 76
            colours = max(1, sum(1 for n in seat_view.field.values() if n))
            size = min(FIELD_DOT, (box.w - 3 * GAP - screen_w) // colours - 6)
            x = _flowers(scene, f"seat.{seat}.field", seat_view.field, box.x + GAP, dot_y, size)
            scene.text(
                f"seat.{seat}.screen",
                box.right - GAP,
                dot_y + 2,
                texts.PICTURE_SCREEN(lang, n=seat_view.screen_count),
                SMALL,
                MUTED,
                anchor="ra",
                width=max(screen_w, box.right - GAP - x - GAP),
            )
        scene.height = below(boxes) + MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("screen.title", texts.PICTURE_YOUR_SCREEN(lang))
        x = _flowers(scene, "screen", view.screen, MARGIN, y, 44)
        if x == MARGIN:
            scene.text("screen.empty", MARGIN, y + 8, texts.PICTURE_EMPTY(lang), BODY, MUTED)
        y += 44 + 2 * GAP
        line = texts.PICTURE_WILDS(lang, n=view.wilds)
        if view.split is not None:
            line += " · " + texts.PICTURE_SPLIT(lang, n=view.split)
        scene.text("screen.wilds", MARGIN, y, line, SMALL, MUTED)
        scene.height = y + SMALL + MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        scene, y = titled("final.title", texts.FINAL(lang), LARGE)
        final = view.final
        seats = {s.seat: s for s in final.seats} if final else {}
        order = sorted(range(view.players), key=lambda s: (-result.scores[s], s))
        for seat in order:
            detail = seats.get(seat)
            height = BODY + SMALL + 2 * DOT + 6 * GAP
            total = texts.PICTURE_POINTS(lang, n=result.scores[seat])
            winner = seat in result.winners
            row_y = final_panel(scene, seat, y, height, names[seat], total, winner=winner)
            if detail is not None:
                scene.text(
                    f"final.{seat}.breakdown",
                    MARGIN + GAP,
                    row_y,
                    texts.PICTURE_BREAKDOWN(
                        lang,
                        field=detail.field_points,
                        warm=detail.warm_points,
                        cool=detail.cool_points,
                    ),
                    SMALL,
                    MUTED,
                )
                row_y += SMALL + GAP
                field = view.seats[seat].field
                _flowers(scene, f"final.{seat}.field", field, MARGIN + GAP, row_y)
                row_y += DOT + GAP
                scene.add(
                    Panel(
                        f"final.{seat}.screen",
                        Box(MARGIN + GAP, row_y - 2, WIDTH - 2 * MARGIN - 2 * GAP, DOT + 4),
                        (0x45, 0x3A, 0x48),
                    )
                )
                scene.text(
                    f"final.{seat}.screen.title",
                    MARGIN + 2 * GAP,
                    row_y + 4,
                    texts.PICTURE_SCREEN_FINAL(lang),
                    SMALL,
                    MUTED,
                    width=130,
                )
                _flowers(scene, f"final.{seat}.screen", detail.screen, MARGIN + 150, row_y)
            y += height + GAP
        scene.height = y + MARGIN
        return scene


PICTURES = SakuraPictures()
