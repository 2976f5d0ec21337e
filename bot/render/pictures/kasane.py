"""襲ノ色目 pictures: the grid with the takeable front cards, each tableau as a fan of kimono
layers with its score, the yaku board with its used slots and a legend of its tokens; the
hand; the final breakdown."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.kasane import texts
from games.kasane.scoring import YAKU
from games.kasane.views import PrivateView, PublicView

#: Each number is a colour of the game (1 red … 9 white); `0` is the `+1` card.
FACES: dict[int, kit.Face] = {
    1: kit.Face(kit.CARD_RED, kit.INK, "1"),
    2: kit.Face(kit.CARD_ORANGE, kit.DARK_INK, "2"),
    3: kit.Face(kit.CARD_YELLOW, kit.DARK_INK, "3"),
    4: kit.Face(kit.CARD_GREEN, kit.INK, "4"),
    5: kit.Face(kit.CARD_BLUE, kit.INK, "5"),
    6: kit.Face(kit.CARD_PURPLE, kit.INK, "6"),
    7: kit.Face((0x8A, 0x5A, 0x3A), kit.INK, "7"),
    8: kit.Face(kit.CARD_BLACK, kit.INK, "8"),
    9: kit.Face(kit.CARD_WHITE, kit.DARK_INK, "9"),
    0: kit.Face((0xA8, 0xAD, 0xB5), kit.DARK_INK, "+1"),
}


CARD_W, CARD_H = 56, 80
SMALL_W, SMALL_H = 40, 58
#: The space between the parts of the end breakdown, and the height of a part's label chip.
BREAKDOWN_SPACE = 14
CHIP_H = kit.SMALL + 6


#: The table picture, compact enough for a phone: the grid (left) beside the yaku board
#: (right), the seats below. Grid cards, tableau cards, board tokens.
GRID_W, GRID_H = 40, 56
TABLEAU_W, TABLEAU_H = 32, 46
TOKEN = 22
#: The left column (the grid); the board takes the rest of the width.
GRID_COLUMN = 206
#: On an English table each yaku's line holds its Japanese name (this size) over its reading
#: (`READING`), in `READING_LINE` pixels.
READING_NAME = 18
READING = 14
READING_LINE = 31
#: The legend under the grid and the board: what the board's tokens mean, at this size (15 px
#: as a phone shows the picture), a token of each kind with its meaning beside it.
LEGEND = 18
LEGEND_SPACE = 14


def _grid(scene: kit.Scene, view: PublicView, y: int) -> int:
    """The grid's rows, one above the other, in the left column; the front cards (the ones
    that can be taken) framed in gold."""
    takeable = view.step == "take"
    label_w = 20
    for r, row in enumerate(view.grid):
        scene.text(
            f"grid.{r}.label",
            kit.MARGIN,
            y + GRID_H // 2 - kit.SMALL // 2,
            str(r + 1),
            kit.SMALL,
            kit.MUTED,
        )
        boxes = kit.fan_boxes(
            kit.MARGIN + label_w, y, len(row.cards), GRID_W, GRID_H, GRID_COLUMN - label_w
        )
        for c, (card, box) in enumerate(zip(row.cards, boxes, strict=True)):
            front = c == len(row.cards) - 1
            mark = "pick" if front and takeable else ""
            scene.add(kit.Card(f"grid.{r}.{c}", box, FACES[card], mark))
        y += GRID_H + kit.GAP
    return y


def _reading(yaku: str) -> str:
    """The yaku name's reading in Latin letters (its English name is `Japanese (reading)`)."""
    name = texts.YAKU_NAME[yaku]
    return name.en.removeprefix(name.ja).strip().removeprefix("(").removesuffix(")")


def _board(scene: kit.Scene, view: PublicView, lang: Lang, y: int) -> int:
    """The yaku board in the right column: a line per yaku (its Japanese name; on an English
    table with its reading beneath, as the text says `襲ね (Kasane)`) with a token per slot —
    gold with the cards it needs while free, grey with the seat that took it."""
    x0 = kit.MARGIN + GRID_COLUMN + 2 * kit.GAP
    by_yaku: dict[str, list] = {}
    for slot in view.slots:
        by_yaku.setdefault(slot.yaku, []).append(slot)
    most = max((len(slots) for slots in by_yaku.values()), default=0)
    step = TOKEN + 2
    name_w = kit.WIDTH - kit.MARGIN - x0 - most * step - kit.GAP
    line = (4 * (GRID_H + kit.GAP)) // max(1, len(YAKU))
    name_size = kit.SMALL
    if lang != "ja":
        line, name_size = READING_LINE, READING_NAME
    for yaku in YAKU:
        slots = by_yaku.get(yaku, [])
        if not slots:
            continue
        name = texts.YAKU_NAME[yaku].ja
        scene.text(f"board.{yaku}", x0, y + 1, name, name_size, width=name_w)
        if lang != "ja":
            scene.text(
                f"board.{yaku}.reading",
                x0,
                y + name_size,
                _reading(yaku),
                READING,
                kit.MUTED,
                width=kit.WIDTH - kit.MARGIN - x0,  # the longest stays left of the tokens above it
            )
        x = x0 + name_w + kit.GAP
        for slot in slots:
            tag = f"board.{yaku}.{slot.count}.{slot.index}"
            if slot.used:
                label = seat_mark(slot.by) if slot.by is not None else "×"
            else:
                label = str(slot.count)
            _token(scene, tag, x, y, slot.used, label)
            x += step
        y += line
    return y


def _token(scene: kit.Scene, tag: str, x: int, y: int, used: bool, label: str) -> None:
    """A board token: gold with the cards its meld needs while free, grey with who took it."""
    box = kit.Box(x, y, TOKEN, TOKEN)
    if used:
        scene.add(kit.Dot(tag, box, kit.PANEL_EDGE, label=label, ink=kit.MUTED))
    else:
        scene.add(kit.Dot(tag, box, kit.GOLD, label=label))


def _legend(scene: kit.Scene, lang: Lang, y: int) -> int:
    """What the board's tokens mean, the canvas wide from `y` (`legend.free`, `legend.taken`,
    `legend.preused`): a token of each kind, its meaning beside it. Returns the y under it."""
    taken = seat_mark(0)
    entries = (
        ("free", False, "2", texts.PICTURE_LEGEND_FREE(lang, n=2)),
        ("taken", True, taken, texts.PICTURE_LEGEND_TAKEN(lang, seat=taken)),
        ("preused", True, "×", texts.PICTURE_LEGEND_PREUSED(lang)),
    )
    x = kit.MARGIN
    text_y = y + TOKEN // 2 - kit.middle(LEGEND)
    for key, used, label, meaning in entries:
        _token(scene, f"legend.{key}", x, y, used, label)
        text = scene.text(f"legend.{key}.text", x + TOKEN + 5, text_y, meaning, LEGEND, kit.MUTED)
        x = text.box.right + LEGEND_SPACE
    return y + TOKEN


def _tableaus(scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    height = kit.BODY + TABLEAU_H + 3 * kit.GAP
    seats = kit.seat_boxes(y, len(view.tableaus), height, columns=2)
    for seat, (tableau, seat_box) in enumerate(zip(view.tableaus, seats, strict=True)):
        score = texts.POINTS(lang, n=view.scores[seat])
        active = seat == view.turn_seat
        kit.seat_panel(
            scene, seat_box, seat, names[seat], score, active=active, score_w=70, score_tag="score"
        )
        card_y = seat_box.y + kit.BODY + 2 * kit.GAP
        hand_w = 84
        room = seat_box.w - 3 * kit.GAP - hand_w
        boxes = kit.fan_boxes(
            seat_box.x + kit.GAP, card_y, len(tableau), TABLEAU_W, TABLEAU_H, room
        )
        for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
            scene.add(kit.Card(f"seat.{seat}.tableau.{i}", box, FACES[card]))
        scene.text(
            f"seat.{seat}.hand",
            seat_box.right - kit.GAP,
            card_y + TABLEAU_H - kit.SMALL,
            texts.PICTURE_HAND_SIZE(lang, n=view.hand_sizes[seat]),
            kit.SMALL,
            kit.MUTED,
            anchor="ra",
            width=hand_w,
        )
    rows = (len(view.tableaus) + 1) // 2
    return y + rows * (height + kit.GAP)


class KasanePictures:
    game_id = "kasane"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.ROUND(lang, round=view.round, rounds=view.rounds)
        scene, y = kit.titled("header.round", header, kit.LARGE, width=kit.WIDTH // 2)
        deck = texts.PICTURE_DECK(lang, deck=view.deck_size, discard=view.discard_size)
        kit.title_note(scene, "header.deck", deck, kit.WIDTH // 2 - kit.MARGIN)
        y = max(_grid(scene, view, y), _board(scene, view, lang, y) + kit.GAP)
        y = _legend(scene, lang, y) + kit.GAP
        scene.height = _tableaus(scene, view, names, lang, y) + kit.MARGIN - kit.GAP
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        scene, y = kit.titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        if not view.hand:
            scene.text("hand.empty", kit.MARGIN, y, texts.PICTURE_EMPTY(lang), kit.BODY, kit.MUTED)
            scene.height = y + kit.BODY + kit.MARGIN
            return scene
        boxes = kit.fan_boxes(
            kit.MARGIN, y, len(view.hand), CARD_W, CARD_H, kit.WIDTH - 2 * kit.MARGIN
        )
        for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
            top = i == len(view.hand) - 1
            scene.add(kit.Card(f"hand.{i}", box, FACES[card], "pick" if top else ""))
        y += CARD_H + kit.GAP
        tableau = view.public.tableaus[view.seat]
        if tableau:
            boxes = kit.fan_boxes(
                kit.MARGIN, y + kit.GAP, len(tableau), SMALL_W, SMALL_H, kit.WIDTH - 2 * kit.MARGIN
            )
            for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
                scene.add(kit.Card(f"tableau.{i}", box, FACES[card]))
            y += SMALL_H + 2 * kit.GAP
        scene.height = y + kit.MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        def yaku_and_tableau(scene: kit.Scene, seat: int, row_y: int) -> None:
            # Each part's label on a chip of its own, its number bright beside it: "+1 1" and
            # "手札0 0" read as one number when set alike.
            breakdown = result.breakdown[seat] if result.breakdown else {}
            x = kit.MARGIN + kit.GAP
            for key, label in texts.PICTURE_BREAKDOWN.items():
                tag = f"final.{seat}.breakdown.{key}"
                text = label(lang)
                middle = row_y + kit.middle(kit.SMALL)  # the chip is centred on its text
                chip = kit.Box(
                    x, middle - CHIP_H // 2, kit.text_width(text, kit.SMALL) + 10, CHIP_H
                )
                scene.add(kit.Panel(f"{tag}.chip", chip, kit.PANEL_EDGE))
                scene.text(tag, x + 5, row_y, text, kit.SMALL, kit.MUTED)
                value = str(breakdown.get(key, 0))
                x = scene.text(f"{tag}.value", chip.right + 5, row_y, value, kit.SMALL).box.right
                x += BREAKDOWN_SPACE
            tableau = view.tableaus[seat]
            card_y = row_y + CHIP_H + kit.GAP
            boxes = kit.fan_boxes(
                kit.MARGIN + kit.GAP,
                card_y,
                len(tableau),
                SMALL_W,
                SMALL_H,
                kit.WIDTH - 2 * kit.MARGIN - 2 * kit.GAP,
            )
            for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
                scene.add(kit.Card(f"final.{seat}.tableau.{i}", box, FACES[card]))

        return kit.final_panels(
            texts.FINAL(lang),
            result,
            names,
            lambda n: texts.POINTS(lang, n=n),
            kit.BODY + CHIP_H + SMALL_H + 4 * kit.GAP,
            yaku_and_tableau,
        )


PICTURES = KasanePictures()
