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


#: The table picture, compact enough for a phone: the round and the deck over the grid (left
#: column) beside the yaku board (right, from the top), the legend under both, the seats below.
#: Grid cards (`GRID_STEP` from row to row), tableau cards, board tokens.
GRID_W, GRID_H = 40, 50
GRID_STEP = GRID_H + 6
#: The grid's row numbers' width, and how far a row's front card stands apart from the card
#: under it (its gold frame is 4 px wide, 3 of them outside the card).
GRID_LABEL_W = 16
FRONT_APART = 4
#: A tableau card: its number is set as large as a grid card's (the top card is the one a
#: meld may use).
TABLEAU_W, TABLEAU_H = 40, 48
#: A board token, its number set at `TOKEN_LABEL` (13 px as a phone shows the picture, at
#: about 0.62 of its size), one yaku's line `BOARD_LINE` tall; a used slot's token is a
#: `TAKEN_RING` ring on `TAKEN`. A line's tokens touch, leaving its name the most room.
TOKEN = 30
TOKEN_LABEL = 21
BOARD_LINE = TOKEN + 2
TAKEN = kit.BACKGROUND
TAKEN_RING = kit.MUTED
#: The left column (the round, the deck and the grid: five cards a row still show each
#: card's number); the board takes the rest of the width, `NAME_GAP` between a yaku's name
#: and its first token.
GRID_COLUMN = 186
NAME_GAP = 6
#: On an English table each yaku is named by its reading alone (`Kasane`, as the text
#: table's board names it), one line a yaku at this size: the largest at which the longest
#: reading beside four tokens (`Setsugetsu-fūka`) stays whole.
READING = 17
#: The legend under the grid and the board: what the board's tokens mean, at this size (13 px
#: as a phone shows the picture), a token of each kind with its meaning beside it.
LEGEND = 21
LEGEND_SPACE = 14
#: A seat's panel: the space above its name line, between the name and the tableau, and
#: under the tableau.
SEAT_PAD = 5


def _grid(scene: kit.Scene, view: PublicView, y: int) -> int:
    """The grid's rows, one above the other, in the left column, each numbered at its left
    (as the take buttons name the rows); the front cards (the ones that can be taken) framed
    in gold, `FRONT_APART` right of the card under them so that the frame covers nothing of
    that card's number."""
    takeable = view.step == "take"
    cards_x = kit.MARGIN + GRID_LABEL_W
    for r, row in enumerate(view.grid):
        scene.text(
            f"grid.{r}.label",
            kit.MARGIN,
            y + GRID_H // 2 - kit.middle(kit.SMALL),
            str(r + 1),
            kit.SMALL,
            kit.MUTED,
        )
        room = GRID_COLUMN - GRID_LABEL_W - FRONT_APART
        boxes = kit.fan_boxes(cards_x, y, len(row.cards), GRID_W, GRID_H, room)
        for c, (card, box) in enumerate(zip(row.cards, boxes, strict=True)):
            front = c == len(row.cards) - 1
            if front and c > 0:
                box = kit.Box(box.x + FRONT_APART, box.y, box.w, box.h)
            mark = "pick" if front and takeable else ""
            scene.add(kit.Card(f"grid.{r}.{c}", box, FACES[card], mark))
        y += GRID_STEP
    return y - GRID_STEP + GRID_H


def _board(scene: kit.Scene, view: PublicView, lang: Lang, y: int) -> int:
    """The yaku board in the right column from `y`: a line per yaku, its name left (on a
    Japanese table in Japanese, on an English one its reading, as the text table's board
    names it), a token per slot right, the last at the right margin — gold with the cards it
    needs while free, a ring with the number of the seat that took it once used. A name has
    the width its line's tokens leave, and is centred on them. Returns the y under the last
    line."""
    x0 = kit.MARGIN + GRID_COLUMN + kit.GAP
    right = kit.WIDTH - kit.MARGIN
    by_yaku: dict[str, list] = {}
    for slot in view.slots:
        by_yaku.setdefault(slot.yaku, []).append(slot)
    name_size = kit.SMALL if lang == "ja" else READING
    name_y = max(0, TOKEN // 2 - kit.middle(name_size))
    bottom = y
    for yaku in YAKU:
        slots = by_yaku.get(yaku, [])
        if not slots:
            continue
        first = right - len(slots) * TOKEN
        name = texts.YAKU_SHORT[yaku](lang)
        scene.text(f"board.{yaku}", x0, y + name_y, name, name_size, width=first - NAME_GAP - x0)
        for i, slot in enumerate(slots):
            tag = f"board.{yaku}.{slot.count}.{slot.index}"
            label = _taken_label(slot.by) if slot.used else str(slot.count)
            _token(scene, tag, first + i * TOKEN, y, slot.used, label)
        bottom = y + TOKEN
        y += BOARD_LINE
    return bottom


def _token(scene: kit.Scene, tag: str, x: int, y: int, used: bool, label: str) -> None:
    """A board token: gold with the cards its meld needs while free; once used, a light ring
    on the dark ground with the seat's number in white inside (a ring round a number reads as
    the seat's mark, ①), or `×` for a slot used before the game."""
    box = kit.Box(x, y, TOKEN, TOKEN)
    if used:
        scene.add(
            kit.Dot(tag, box, TAKEN, TAKEN_RING, label=label, ink=kit.INK, label_size=TOKEN_LABEL)
        )
    else:
        scene.add(kit.Dot(tag, box, kit.GOLD, label=label, label_size=TOKEN_LABEL))


def _taken_label(seat: int | None) -> str:
    """What a used slot's token says: the number of the seat that took it (its ring makes it
    the seat's mark), or `×` for a slot used before the game."""
    return "×" if seat is None else str(seat + 1)


def _legend(scene: kit.Scene, lang: Lang, y: int) -> int:
    """What the board's tokens mean, the canvas wide from `y` (`legend.free`, `legend.taken`,
    `legend.preused`): a token of each kind, its meaning beside it. Returns the y under it."""
    entries = (
        ("free", False, "2", texts.PICTURE_LEGEND_FREE(lang, n=2)),
        ("taken", True, _taken_label(0), texts.PICTURE_LEGEND_TAKEN(lang, seat=seat_mark(0))),
        ("preused", True, _taken_label(None), texts.PICTURE_LEGEND_PREUSED(lang)),
    )
    x = kit.MARGIN
    text_y = y + TOKEN // 2 - kit.middle(LEGEND)
    for key, used, label, meaning in entries:
        _token(scene, f"legend.{key}", x, y, used, label)
        text = scene.text(f"legend.{key}.text", x + TOKEN + 5, text_y, meaning, LEGEND, kit.MUTED)
        x = text.box.right + LEGEND_SPACE
    return y + TOKEN


def _tableaus(scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    """The seats two by two from `y`: each one's name and points, its tableau as a fan and
    its hand's size. Returns the y under the last row."""
    height = SEAT_PAD + kit.BODY + SEAT_PAD + TABLEAU_H + SEAT_PAD
    seats = kit.seat_boxes(y, len(view.tableaus), height, columns=2)
    for seat, (tableau, seat_box) in enumerate(zip(view.tableaus, seats, strict=True)):
        score = texts.POINTS(lang, n=view.scores[seat])
        active = seat == view.turn_seat
        kit.seat_panel(
            scene,
            seat_box,
            seat,
            names[seat],
            score,
            active=active,
            score_w=70,
            score_tag="score",
            top=SEAT_PAD,
        )
        card_y = seat_box.y + SEAT_PAD + kit.BODY + SEAT_PAD
        hand_w = 84
        room = seat_box.w - 3 * kit.GAP - hand_w
        boxes = kit.fan_boxes(
            seat_box.x + kit.GAP, card_y, len(tableau), TABLEAU_W, TABLEAU_H, room
        )
        for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
            scene.add(kit.Card(f"seat.{seat}.tableau.{i}", box, FACES[card]))
        # The hand's size at the bottom right, its baseline a little above the cards' bottom
        # edge: ideographs reach under the baseline, and a framed panel's edge is close.
        scene.text(
            f"seat.{seat}.hand",
            seat_box.right - kit.GAP,
            card_y + TABLEAU_H - kit.ascent(kit.SMALL) - 2,
            texts.PICTURE_HAND_SIZE(lang, n=view.hand_sizes[seat]),
            kit.SMALL,
            kit.MUTED,
            anchor="ra",
            width=hand_w,
        )
    return max(box.bottom for box in seats)


class KasanePictures:
    game_id = "kasane"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.ROUND(lang, round=view.round, rounds=view.rounds)
        scene, _ = kit.titled("header.round", header, kit.BODY, width=GRID_COLUMN)
        deck = texts.PICTURE_DECK(lang, deck=view.deck_size, discard=view.discard_size)
        deck_y = kit.MARGIN + kit.BODY + 6
        scene.text("header.deck", kit.MARGIN, deck_y, deck, kit.SMALL, kit.MUTED, width=GRID_COLUMN)
        grid_y = deck_y + kit.SMALL + 2 * kit.GAP
        y = max(_grid(scene, view, grid_y), _board(scene, view, lang, kit.MARGIN)) + kit.GAP
        y = _legend(scene, lang, y) + kit.GAP
        scene.height = _tableaus(scene, view, names, lang, y) + kit.MARGIN
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
            title = texts.TABLEAU_POINTS(lang, n=view.public.scores[view.seat])
            y += kit.GAP
            scene.text("tableau.title", kit.MARGIN, y, title, kit.SMALL, kit.MUTED)
            y += kit.SMALL
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
