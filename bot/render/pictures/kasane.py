"""襲ノ色目 pictures: the grid with the takeable front cards, the yaku board (each slot's points
while free, the mark of the seat that took it once used) with a legend of its tokens, and every
card of each seat's tableau; the hand (on its turn to take, the grid's rows with what each take
would give the seat) with its tableau; the final breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.kasane import texts
from games.kasane.rules import SETUP
from games.kasane.scoring import PLUS_ONE, PLUS_ONE_POINTS, YAKU, MeldOption, SlotId, legal_melds
from games.kasane.views import PrivateView, PublicView, SlotView

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


#: The hand's cards, and its tableau's under them.
CARD_W, CARD_H = 48, 68
SMALL_W, SMALL_H = 36, 48
#: The space between the parts of the end breakdown, and the height of a part's label chip.
BREAKDOWN_SPACE = 14
CHIP_H = kit.SMALL + 6


#: The table picture, compact enough for a phone: the round and the deck over the grid (left
#: column) beside the yaku board (right, from the top), the legend under both, a line a seat
#: below. Grid cards (`GRID_SPACE` between rows), tableau cards, board tokens.
GRID_W, GRID_H = 40, 50
GRID_SPACE = 6
#: The grid's row numbers' width, and how far a row's front card stands apart from the card
#: under it (its gold frame is 4 px wide, 3 of them outside the card).
GRID_LABEL_W = 16
FRONT_APART = 4
#: A tableau card: its number is set as large as a grid card's (the top card is the one a
#: meld may use).
TABLEAU_W, TABLEAU_H = 40, 48
#: A board token, its number set at `TOKEN_LABEL` (13 px as a phone shows the picture, at
#: about 0.62 of its size), one yaku's line `BOARD_LINE` tall; a used slot's token is a
#: `TAKEN_RING` ring on `TAKEN`. The tokens of one count touch; `COUNT_GAP` sets the counts
#: apart (襲ね's two 2-card slots, then its two 3-card slots, then its 4-card slot).
TOKEN = 30
TOKEN_LABEL = 21
BOARD_LINE = TOKEN + 1
COUNT_GAP = 3
TAKEN = kit.BACKGROUND
TAKEN_RING = kit.MUTED
#: A used slot's mark: the seat's mark (①, as the seats' lines and the text name them) set a
#: little larger than a number, so that its own ring fills the token.
MARK_LABEL = 27
#: The left column (the round, the deck and the grid: five cards a row still show each
#: card's number); the board takes the rest of the width, `NAME_GAP` between a yaku's name
#: and its first token.
GRID_COLUMN = 186
NAME_GAP = 6
#: On an English table each yaku is named by its reading alone (`Kasane`, as the text
#: table's board names it), one line a yaku at this size: the largest at which the longest
#: reading beside four tokens (`Setsugetsu-fūka`) stays whole.
READING = 16
#: The legend under the grid and the board: what the board's tokens mean, at this size (13 px
#: as a phone shows the picture), a token of each kind with its meaning beside it, and under
#: them the rules' decision on a count's two slots.
LEGEND = 21
LEGEND_SPACE = 14
#: A seat's line: its mark and name over its points and hand size in `NAME_COLUMN`, then
#: every card of its tableau (overlapping only as much as twelve cards need, each number
#: whole); `SEAT_PAD` around the cards, `SEAT_SPACE` between the lines.
NAME_COLUMN = 150
SEAT_PAD = 4
SEAT_SPACE = 4
#: How far above a seat's panel's bottom edge its second line (points, hand size) is set.
SEAT_LINE = 31
#: The hand picture's rows of the grid, on the seat's turn to take: what each take gives is
#: written right of the row, from `TAKE_TEXT_X`.
TAKE_TEXT_X = kit.MARGIN + GRID_COLUMN + kit.GAP
#: The hand picture's grid cards, smaller than the table's (the hand's own cards come under
#: them).
TAKE_W, TAKE_H = 36, 42


@dataclass(frozen=True)
class TakeOutcome:
    """What taking a row's front card would give the seat: `points` at once (a `+1`), and the
    best meld the take then allows (`meld`, None: none; a `+1` allows one only with variant
    B)."""

    row: int
    card: int
    points: int
    meld: MeldOption | None


def take_outcomes(view: PrivateView) -> list[TakeOutcome]:
    """For each row with cards, what taking its front card would give `view`'s seat, from its
    own hand and tableau and the free slots (the engine's own meld search)."""
    public = view.public
    used: dict[SlotId, int | None] = {
        (slot.yaku, slot.count, slot.index): slot.by for slot in public.slots if slot.used
    }
    tableau = public.tableaus[view.seat]
    outcomes = []
    for r, row in enumerate(public.grid):
        if row.front is None:
            continue
        if row.front == PLUS_ONE:
            allowed = public.variant_b
            melds = legal_melds(view.hand, [*tableau, PLUS_ONE], used) if allowed else []
            points = PLUS_ONE_POINTS
        else:
            melds = legal_melds([*view.hand, row.front], tableau, used)
            points = 0
        outcomes.append(TakeOutcome(r, row.front, points, melds[0] if melds else None))
    return outcomes


def outcome_text(outcome: TakeOutcome, lang: Lang) -> str:
    """A take's outcome in a few words: its point, the best meld it allows, or no meld."""
    parts = []
    if outcome.points:
        parts.append(texts.GAIN_POINTS(lang, n=outcome.points))
    if outcome.meld is not None:
        meld = outcome.meld
        yaku = texts.YAKU_SHORT[meld.yaku](lang)
        parts.append(texts.GAIN_MELD(lang, yaku=yaku, count=meld.count, points=meld.points))
    return " · ".join(parts) or texts.GAIN_NOTHING(lang)


def _grid(
    scene: kit.Scene,
    view: PublicView,
    y: int,
    takeable: bool,
    size: tuple[int, int] = (GRID_W, GRID_H),
) -> int:
    """The grid's rows, one above the other, in the left column, each numbered at its left
    (as the take buttons name the rows); the front cards (the ones that can be taken) framed
    in gold while a card is to be taken, `FRONT_APART` right of the card under them so that
    the frame covers nothing of that card's number. A row's cards keep the places a full row
    gives them: a row with fewer cards ends sooner, with no gap between its cards. Cards of
    `size` (the table's, or the hand's smaller ones), a row under the other. Returns the y
    under the last row."""
    w, h = size
    cols = SETUP[view.players].cols
    cards_x = kit.MARGIN + GRID_LABEL_W
    room = GRID_COLUMN - GRID_LABEL_W - FRONT_APART
    step = min(w + kit.GAP, (room - w) // max(1, cols - 1))
    for r, row in enumerate(view.grid):
        scene.text(
            f"grid.{r}.label",
            kit.MARGIN,
            y + h // 2 - kit.middle(kit.SMALL),
            str(r + 1),
            kit.SMALL,
            kit.MUTED,
        )
        for c, card in enumerate(row.cards):
            front = c == len(row.cards) - 1
            x = cards_x + c * step + (FRONT_APART if front and c > 0 else 0)
            mark = "pick" if front and takeable else ""
            scene.add(kit.Card(f"grid.{r}.{c}", kit.Box(x, y, w, h), FACES[card], mark))
        y += h + GRID_SPACE
    return y - GRID_SPACE


def _board(scene: kit.Scene, view: PublicView, lang: Lang, y: int) -> int:
    """The yaku board in the right column from `y`: a line per yaku, its name left (on a
    Japanese table in Japanese, on an English one its reading, as the text table's board
    names it), a token per slot right, the last at the right margin, by count (fewest cards
    first) — gold with the slot's points while free, the mark of the seat that took it once
    used. A name has the width its line's tokens leave, and is centred on them. Returns the y
    under the last line."""
    x0 = kit.MARGIN + GRID_COLUMN + kit.GAP
    right = kit.WIDTH - kit.MARGIN
    by_yaku: dict[str, list[SlotView]] = {}
    for slot in view.slots:
        by_yaku.setdefault(slot.yaku, []).append(slot)
    name_size = kit.SMALL if lang == "ja" else READING
    name_y = max(0, TOKEN // 2 - kit.middle(name_size))
    bottom = y
    for yaku in YAKU:
        slots = by_yaku.get(yaku, [])
        if not slots:
            continue
        counts = len({slot.count for slot in slots})
        first = right - len(slots) * TOKEN - (counts - 1) * COUNT_GAP
        name = texts.YAKU_SHORT[yaku](lang)
        scene.text(f"board.{yaku}", x0, y + name_y, name, name_size, width=first - NAME_GAP - x0)
        x = first
        for i, slot in enumerate(slots):
            if i and slot.count != slots[i - 1].count:
                x += COUNT_GAP
            tag = f"board.{yaku}.{slot.count}.{slot.index}"
            _token(scene, tag, x, y, slot)
            x += TOKEN
        bottom = y + TOKEN
        y += BOARD_LINE
    return bottom


def _token(scene: kit.Scene, tag: str, x: int, y: int, slot: SlotView) -> None:
    """A board token: gold with the slot's points while free; once used, on the dark ground,
    the mark of the seat that took it (①, its own ring the token's edge), or `×` in a light
    ring for a slot used before the game."""
    box = kit.Box(x, y, TOKEN, TOKEN)
    if not slot.used:
        label = str(slot.points)
        scene.add(kit.Dot(tag, box, kit.GOLD, label=label, label_size=TOKEN_LABEL))
    elif slot.by is None:
        scene.add(
            kit.Dot(tag, box, TAKEN, TAKEN_RING, label="×", ink=kit.INK, label_size=TOKEN_LABEL)
        )
    else:
        mark = seat_mark(slot.by)
        scene.add(kit.Dot(tag, box, TAKEN, TAKEN, label=mark, ink=kit.INK, label_size=MARK_LABEL))


def _legend(scene: kit.Scene, view: PublicView, lang: Lang, y: int) -> int:
    """What the board's tokens mean, the canvas wide from `y` (`legend.free`, `legend.taken`,
    and `legend.preused` when a slot was used before the game): a token of each kind, its
    meaning beside it; under them, that one player may take both slots of a count
    (`legend.both`). Returns the y under it."""
    sample = next((s for s in view.slots if s.count == 3 and s.index == 0), view.slots[0])
    entries = [
        (
            "free",
            sample.model_copy(update={"used": False, "by": None}),
            texts.PICTURE_LEGEND_FREE(lang),
        ),
        (
            "taken",
            sample.model_copy(update={"used": True, "by": 0}),
            texts.PICTURE_LEGEND_TAKEN(lang, seat=seat_mark(0)),
        ),
    ]
    if any(slot.used and slot.by is None for slot in view.slots):
        preused = sample.model_copy(update={"used": True, "by": None})
        entries.append(("preused", preused, texts.PICTURE_LEGEND_PREUSED(lang)))
    x = kit.MARGIN
    text_y = y + TOKEN // 2 - kit.middle(LEGEND)
    for key, slot, meaning in entries:
        _token(scene, f"legend.{key}", x, y, slot)
        text = scene.text(f"legend.{key}.text", x + TOKEN + 5, text_y, meaning, LEGEND, kit.MUTED)
        x = text.box.right + LEGEND_SPACE
    y += TOKEN + 2
    scene.text("legend.both", kit.MARGIN, y, texts.PICTURE_LEGEND_BOTH(lang), LEGEND, kit.MUTED)
    return y + LEGEND


def _seats(scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    """A line a seat from `y`, the canvas wide: its mark and name, under them its points and
    its hand's size, then every card of its tableau (bottom to top, the top one right), each
    card's number whole. Returns the y under the last line."""
    height = TABLEAU_H + 2 * SEAT_PAD
    width = kit.WIDTH - 2 * kit.MARGIN
    for seat, tableau in enumerate(view.tableaus):
        box = kit.Box(kit.MARGIN, y, width, height)
        active = seat == view.turn_seat
        scene.add(kit.Panel(f"seat.{seat}", box, outline=kit.GOLD if active else None))
        text_w = NAME_COLUMN - kit.GAP
        name = f"{seat_mark(seat)} {names[seat]}"
        scene.text(f"seat.{seat}.name", box.x + kit.GAP, y + 3, name, kit.SMALL, width=text_w)
        # The second line's ideographs reach under its baseline: it ends 4 px above the
        # panel's edge (a gold frame on the turn's seat).
        second = y + height - SEAT_LINE
        score = scene.text(
            f"seat.{seat}.score",
            box.x + kit.GAP,
            second,
            texts.POINTS(lang, n=view.scores[seat]),
            kit.SMALL,
            kit.GOLD,
            width=text_w,
        )
        scene.text(
            f"seat.{seat}.hand",
            score.box.right + kit.GAP,
            second,
            texts.PICTURE_HAND_SIZE(lang, n=view.hand_sizes[seat]),
            kit.SMALL,
            kit.MUTED,
            width=box.x + NAME_COLUMN - score.box.right - kit.GAP,
        )
        x = box.x + NAME_COLUMN
        room = box.right - kit.GAP - x
        boxes = kit.fan_boxes(x, y + SEAT_PAD, len(tableau), TABLEAU_W, TABLEAU_H, room)
        for i, (card, card_box) in enumerate(zip(tableau, boxes, strict=True)):
            scene.add(kit.Card(f"seat.{seat}.tableau.{i}", card_box, FACES[card]))
        y += height + SEAT_SPACE
    return y - SEAT_SPACE


def _takes(scene: kit.Scene, view: PrivateView, lang: Lang, y: int) -> int:
    """On the seat's turn to take: the grid's rows as the table draws them, and right of each
    what taking its front card would give (`take.<row>`: its point, the best meld it allows,
    or no meld). Returns the y under them."""
    scene.text("take.title", kit.MARGIN, y, texts.PICTURE_TAKES(lang), kit.SMALL, kit.MUTED)
    y += kit.SMALL + kit.GAP
    bottom = _grid(scene, view.public, y, takeable=True, size=(TAKE_W, TAKE_H))
    for outcome in take_outcomes(view):
        row_y = y + outcome.row * (TAKE_H + GRID_SPACE) + TAKE_H // 2 - kit.middle(kit.SMALL)
        ink = kit.GOLD if outcome.meld is not None or outcome.points else kit.MUTED
        scene.text(
            f"take.{outcome.row}", TAKE_TEXT_X, row_y, outcome_text(outcome, lang), kit.SMALL, ink
        )
    return bottom


class KasanePictures:
    game_id = "kasane"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.ROUND(lang, round=view.round, rounds=view.rounds)
        scene, _ = kit.titled("header.round", header, kit.BODY, width=GRID_COLUMN)
        deck = texts.PICTURE_DECK(lang, deck=view.deck_size, discard=view.discard_size)
        deck_y = kit.MARGIN + kit.BODY + 6
        scene.text("header.deck", kit.MARGIN, deck_y, deck, kit.SMALL, kit.MUTED, width=GRID_COLUMN)
        grid_y = deck_y + kit.SMALL + 2 * kit.GAP
        grid_bottom = _grid(scene, view, grid_y, takeable=view.step == "take")
        y = max(grid_bottom, _board(scene, view, lang, kit.MARGIN)) + kit.GAP
        y = _legend(scene, view, lang, y) + kit.GAP
        scene.height = _seats(scene, view, names, lang, y) + kit.MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        """On the seat's turn to take, the grid's rows with what each take gives; then the
        hand (bottom to top, the top card framed unless a card is being taken) and the
        tableau with its points."""
        public = view.public
        scene = kit.Scene()
        y = kit.MARGIN
        taking = public.step == "take" and public.turn_seat == view.seat
        if taking:
            y = _takes(scene, view, lang, y) + 2 * kit.GAP
        scene.text("hand.title", kit.MARGIN, y, texts.PICTURE_YOUR_HAND(lang), kit.SMALL, kit.MUTED)
        y += kit.SMALL + kit.GAP
        if not view.hand:
            scene.text("hand.empty", kit.MARGIN, y, texts.PICTURE_EMPTY(lang), kit.BODY, kit.MUTED)
            y += kit.BODY + kit.GAP
        else:
            boxes = kit.fan_boxes(
                kit.MARGIN, y, len(view.hand), CARD_W, CARD_H, kit.WIDTH - 2 * kit.MARGIN
            )
            for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
                top = i == len(view.hand) - 1 and not taking
                scene.add(kit.Card(f"hand.{i}", box, FACES[card], "pick" if top else ""))
            y += CARD_H + kit.GAP
        tableau = public.tableaus[view.seat]
        if tableau:
            title = texts.TABLEAU_POINTS(lang, n=public.scores[view.seat])
            y += kit.GAP
            scene.text("tableau.title", kit.MARGIN, y, title, kit.SMALL, kit.MUTED)
            y += kit.SMALL + kit.GAP
            boxes = kit.fan_boxes(
                kit.MARGIN, y, len(tableau), SMALL_W, SMALL_H, kit.WIDTH - 2 * kit.MARGIN
            )
            for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
                scene.add(kit.Card(f"tableau.{i}", box, FACES[card]))
            y += SMALL_H + kit.GAP
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
