"""Cherry-tree flower game pictures: the bag, this turn's flowers with the failure risk, each
field by colour, the mastery cards with what qualifies; the own screen; the revealed screens
and the breakdown at the end."""

from __future__ import annotations

from collections.abc import Mapping

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.sakura import texts
from games.sakura.scoring import real_groups
from games.sakura.views import PrivateView, PublicView, TurnView

COLOURS = ("red", "yellow", "lightblue", "blue", "white", "black")
FILL = {
    "red": (0xE0, 0x4B, 0x5A),
    "yellow": kit.CARD_YELLOW,
    "lightblue": (0x8F, 0xD3, 0xF0),
    "blue": (0x34, 0x62, 0xC4),
    "white": kit.CARD_WHITE,
    "black": kit.CARD_BLACK,
}
DOT_INK = {
    "red": kit.INK,
    "yellow": kit.DARK_INK,
    "lightblue": kit.DARK_INK,
    "blue": kit.INK,
    "white": kit.DARK_INK,
    "black": kit.INK,
}
BLOSSOM = (0xF4, 0xB6, 0xC8)

DOT = 34
#: The table picture's mastery cards (compact for a phone), with what qualifies set at
#: `MASTERY_SUB` under the card's name: the picture is shown at about 0.62 of its size on a
#: phone, where this is 13 px.
MASTERY_H = 64
MASTERY_SUB = 21
#: Each seat's field on the table picture: a row of its own in the seat's panel, all six
#: colours side by side in a half-width panel, each count set at `FIELD_LABEL` (the picture is
#: shown at about 0.6 of its size on a phone, where this is about 13 px).
FIELD_DOT = 30
FIELD_STEP = FIELD_DOT + 4
FIELD_LABEL = 22
#: The space between the parts of the table picture (this turn, the mastery cards, the seats).
SPACE = 12
#: The hand picture's rows (the own field, the own screen): their label's width, then the dots.
ROW_LABEL = 160


def _flowers(
    scene: kit.Scene,
    tag: str,
    flowers: Mapping[str, int],
    x: int,
    y: int,
    size: int = DOT,
    *,
    step: int | None = None,
    label_size: int = 0,
) -> int:
    """One dot per colour present, with its count, every `step` pixels (default: the dot and a
    gap); returns the x after them."""
    for colour in COLOURS:
        count = flowers.get(colour, 0)
        if count:
            scene.add(
                kit.Dot(
                    f"{tag}.{colour}",
                    kit.Box(x, y, size, size),
                    FILL[colour],
                    label=str(count),
                    ink=DOT_INK[colour],
                    label_size=label_size,
                )
            )
            x += step or size + 6
    return x


def _turn_panel(scene: kit.Scene, turn: TurnView, title: str, bag: str, y: int, lang: Lang) -> int:
    """The turn in progress in a panel from `y`: whose flowers (`title`), the bag beside them,
    the flowers drawn and the risk of the next one; returns the panel's bottom."""
    box = kit.Box(
        kit.MARGIN, y, kit.WIDTH - 2 * kit.MARGIN, kit.BODY + DOT + kit.SMALL + 4 * kit.GAP
    )
    scene.add(kit.Panel("turn", box, outline=kit.RED if turn.failed else kit.GOLD))
    scene.text("turn.title", box.x + kit.GAP, box.y + kit.GAP, title, kit.BODY, width=box.w - 170)
    scene.text(
        "header.bag",
        box.right - kit.GAP,
        box.y + kit.GAP + 2,
        bag,
        kit.SMALL,
        BLOSSOM,
        anchor="ra",
        width=150,
    )
    flower_y = box.y + kit.BODY + 2 * kit.GAP
    _flowers(scene, "turn.flowers", turn.flowers, box.x + kit.GAP, flower_y)
    risky = turn.same_colour >= turn.same_colour_limit - 1 or turn.colours >= turn.colours_limit - 1
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
        box.x + kit.GAP,
        flower_y + DOT + kit.GAP,
        risk,
        kit.SMALL,
        kit.RED if turn.failed or risky else kit.MUTED,
        width=box.w - 2 * kit.GAP,
    )
    return box.bottom


class SakuraPictures:
    game_id = "sakura"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        turn = view.turn
        bag = texts.PICTURE_BAG(lang, n=view.bag)
        if turn is None:
            header = texts.PICTURE_HEADER(lang, turn=view.turn_number)
            scene, y = kit.titled("header", header, kit.LARGE, width=300)
            kit.title_note(scene, "header.bag", bag, 300, kit.BODY, BLOSSOM)
        else:
            scene = kit.Scene()
            # The turn's panel comes first (the turn's number is in the message's title).
            title = texts.PICTURE_TURN(lang, name=f"{seat_mark(turn.seat)} {names[turn.seat]}")
            y = _turn_panel(scene, turn, title, bag, kit.MARGIN, lang) + SPACE
        # The mastery cards: gold when their condition is met, faded once used.
        card_w = (kit.WIDTH - 2 * kit.MARGIN - 2 * kit.GAP) // max(1, len(view.cards))
        for i, card in enumerate(view.cards):
            box = kit.Box(kit.MARGIN + i * (card_w + kit.GAP), y, card_w, MASTERY_H)
            condition = texts.CONDITIONS[card.condition](lang)
            sub = texts.PICTURE_USED(lang) if card.used else condition
            name = texts.card_name(card.card, "ja")
            mark = "dim" if card.used else ("pick" if card.qualifies else "")
            scene.add(
                kit.Card(
                    f"cards.{i}",
                    box,
                    kit.Face(BLOSSOM, kit.DARK_INK, name, "", sub, sub_size=MASTERY_SUB),
                    mark,
                )
            )
        y += MASTERY_H + SPACE
        # The seats two by two: name and points, then each colour of the field on a row of its
        # own, then the screen's count.
        height = kit.BODY + FIELD_DOT + kit.SMALL + 3 * kit.GAP + 6
        boxes = kit.seat_boxes(y, view.players, height, columns=2)
        for seat_view, box in zip(view.seats, boxes, strict=True):
            seat = seat_view.seat
            score = texts.PICTURE_FIELD(lang, n=seat_view.field_score)
            active = seat in view.to_act
            kit.seat_panel(
                scene,
                box,
                seat,
                names[seat],
                score,
                active=active,
                score_w=80,
                score_tag="score",
            )
            dot_y = box.y + kit.BODY + 2 * kit.GAP
            _flowers(
                scene,
                f"seat.{seat}.field",
                seat_view.field,
                box.x + kit.GAP,
                dot_y,
                FIELD_DOT,
                step=FIELD_STEP,
                label_size=FIELD_LABEL,
            )
            scene.text(
                f"seat.{seat}.screen",
                box.x + kit.GAP,
                dot_y + FIELD_DOT + 2,
                texts.PICTURE_SCREEN(lang, n=seat_view.screen_count),
                kit.SMALL,
                kit.MUTED,
                width=box.w - 2 * kit.GAP,
            )
        scene.height = max(b.bottom for b in boxes) + kit.MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        """The seat's own screen: the turn in progress (the own flowers, or whose they are)
        with its risk, then the own field with its points and the flowers behind the own
        screen, each on a row of its own."""
        public = view.public
        scene, y = kit.Scene(), kit.MARGIN
        turn = public.turn
        if turn is not None:
            if turn.seat == view.seat:
                title = texts.PICTURE_YOUR_TURN(lang)
            else:
                title = texts.PICTURE_TURN(lang, name=f"{seat_mark(turn.seat)} {names[turn.seat]}")
            bag = texts.PICTURE_BAG(lang, n=public.bag)
            y = _turn_panel(scene, turn, title, bag, y, lang) + SPACE
        own = public.seats[view.seat]
        rows = (
            ("field", texts.PICTURE_YOUR_FIELD(lang, n=own.field_score), own.field),
            ("screen", texts.PICTURE_YOUR_SCREEN(lang), view.screen),
        )
        for tag, title, flowers in rows:
            scene.text(
                f"{tag}.title",
                kit.MARGIN,
                y + (DOT - kit.BODY) // 2,
                title,
                kit.BODY,
                width=ROW_LABEL,
            )
            x = _flowers(scene, tag, flowers, kit.MARGIN + ROW_LABEL + kit.GAP, y)
            if x == kit.MARGIN + ROW_LABEL + kit.GAP:
                scene.text(
                    f"{tag}.empty",
                    x,
                    y + (DOT - kit.BODY) // 2,
                    texts.PICTURE_EMPTY(lang),
                    kit.BODY,
                    kit.MUTED,
                )
            y += DOT + kit.GAP
        warm, cool = real_groups(view.screen)
        line = texts.SCREEN_GROUPS(lang, warm=warm, cool=cool, wilds=view.wilds)
        if view.split is not None:
            line += " · " + texts.PICTURE_SPLIT(lang, n=view.split)
        scene.text(
            "screen.wilds",
            kit.MARGIN,
            y,
            line,
            kit.SMALL,
            kit.MUTED,
            width=kit.WIDTH - 2 * kit.MARGIN,
        )
        scene.height = y + kit.SMALL + kit.MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        final = view.final
        seats = {s.seat: s for s in final.seats} if final else {}

        def field_and_screen(scene: kit.Scene, seat: int, row_y: int) -> None:
            detail = seats.get(seat)
            if detail is not None:
                scene.text(
                    f"final.{seat}.breakdown",
                    kit.MARGIN + kit.GAP,
                    row_y,
                    texts.PICTURE_BREAKDOWN(
                        lang,
                        field=detail.field_points,
                        warm=detail.warm_points,
                        cool=detail.cool_points,
                    ),
                    kit.SMALL,
                    kit.MUTED,
                )
                row_y += kit.SMALL + kit.GAP
                field = view.seats[seat].field
                _flowers(scene, f"final.{seat}.field", field, kit.MARGIN + kit.GAP, row_y)
                row_y += DOT + kit.GAP
                scene.add(
                    kit.Panel(
                        f"final.{seat}.screen",
                        kit.Box(
                            kit.MARGIN + kit.GAP,
                            row_y - 2,
                            kit.WIDTH - 2 * kit.MARGIN - 2 * kit.GAP,
                            DOT + 4,
                        ),
                        (0x45, 0x3A, 0x48),
                    )
                )
                scene.text(
                    f"final.{seat}.screen.title",
                    kit.MARGIN + 2 * kit.GAP,
                    row_y + 4,
                    texts.PICTURE_SCREEN_FINAL(lang),
                    kit.SMALL,
                    kit.MUTED,
                    width=130,
                )
                _flowers(scene, f"final.{seat}.screen", detail.screen, kit.MARGIN + 150, row_y)

        return kit.final_panels(
            texts.FINAL(lang),
            result,
            names,
            lambda n: texts.PICTURE_POINTS(lang, n=n),
            kit.BODY + kit.SMALL + 2 * DOT + 6 * kit.GAP,
            field_and_screen,
        )


PICTURES = SakuraPictures()
