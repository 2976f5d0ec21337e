"""襲ノ色目 pictures: the grid with the takeable front cards, each tableau as a fan of kimono
layers with its score, the yaku board with its used slots; the hand; the final breakdown."""

from __future__ import annotations

from bot.render.common import Texts, seat_mark
from bot.render.pictures.kit import (
    BODY,
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
    fan_boxes,
)
from games.core import Lang, Result
from games.kasane import texts
from games.kasane.views import PrivateView, PublicView

#: Each number is a colour of the game (1 red … 9 white); `0` is the `+1` card.
FACES: dict[int, Face] = {
    1: Face((0xD9, 0x3A, 0x3A), INK, "1"),
    2: Face((0xEE, 0x8A, 0x2B), (0x1E, 0x1F, 0x22), "2"),
    3: Face((0xF2, 0xD0, 0x3B), (0x1E, 0x1F, 0x22), "3"),
    4: Face((0x4C, 0xA8, 0x5A), INK, "4"),
    5: Face((0x3A, 0x78, 0xD0), INK, "5"),
    6: Face((0x8E, 0x4F, 0xC4), INK, "6"),
    7: Face((0x8A, 0x5A, 0x3A), INK, "7"),
    8: Face((0x1C, 0x1C, 0x20), INK, "8"),
    9: Face((0xF4, 0xF1, 0xE8), (0x1E, 0x1F, 0x22), "9"),
    0: Face((0xA8, 0xAD, 0xB5), (0x1E, 0x1F, 0x22), "+1"),
}

YAKU_ORDER = (
    "kasane",
    "ju",
    "sakura_chirashi",
    "chidori",
    "asanoha",
    "kagen",
    "jogen",
    "kachofugetsu",
    "setsugetsufuka",
)

_t = Texts(
    {
        "ja": {
            "round": "第{round}/{rounds}ラウンド",
            "deck": "山札{deck}・捨て札{discard}",
            "hand_size": "手札{n}枚",
            "points": "{n}点",
            "your_hand": "あなたの手札（右が1番上）",
            "empty": "なし",
            "final": "最終得点",
            "yaku": "役",
            "plus_one": "+1",
            "colour_bonus": "色",
            "empty_hand_bonus": "手札0",
            "total": "合計",
            "winner": "勝者",
        },
        "en": {
            "round": "Round {round}/{rounds}",
            "deck": "deck {deck} · discard {discard}",
            "hand_size": "hand {n}",
            "points": "{n} pts",
            "your_hand": "Your hand (right is the top)",
            "empty": "none",
            "final": "Final scores",
            "yaku": "yaku",
            "plus_one": "+1",
            "colour_bonus": "colour",
            "empty_hand_bonus": "empty hand",
            "total": "total",
            "winner": "winner",
        },
    }
)

CARD_W, CARD_H = 56, 80
SMALL_W, SMALL_H = 40, 58


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
READING_LINE = 32


def _header(scene: Scene, view: PublicView, lang: Lang, y: int) -> int:
    scene.text(
        "header.round",
        MARGIN,
        y,
        _t(lang, "round", round=view.round, rounds=view.rounds),
        LARGE,
        width=WIDTH // 2,
    )
    scene.text(
        "header.deck",
        WIDTH - MARGIN,
        y + 8,
        _t(lang, "deck", deck=view.deck_size, discard=view.discard_size),
        SMALL,
        MUTED,
        anchor="ra",
        width=WIDTH // 2 - MARGIN,
    )
    return y + LARGE + GAP * 2


def _grid(scene: Scene, view: PublicView, y: int) -> int:
    """The grid's rows, one above the other, in the left column; the front cards (the ones
    that can be taken) framed in gold."""
    takeable = view.step == "take"
    label_w = 20
    for r, row in enumerate(view.grid):
        scene.text(
            f"grid.{r}.label", MARGIN, y + GRID_H // 2 - SMALL // 2, str(r + 1), SMALL, MUTED
        )
        boxes = fan_boxes(
            MARGIN + label_w, y, len(row.cards), GRID_W, GRID_H, GRID_COLUMN - label_w
        )
        for c, (card, box) in enumerate(zip(row.cards, boxes, strict=True)):
            front = c == len(row.cards) - 1
            mark = "pick" if front and takeable else ""
            scene.add(Card(f"grid.{r}.{c}", box, FACES[card], mark))
        y += GRID_H + GAP
    return y


def _reading(yaku: str) -> str:
    """The yaku name's reading in Latin letters (its English name is `Japanese (reading)`)."""
    name = texts.YAKU_NAME[yaku]
    return name["en"].removeprefix(name["ja"]).strip().removeprefix("(").removesuffix(")")


def _board(scene: Scene, view: PublicView, lang: Lang, y: int) -> int:
    """The yaku board in the right column: a line per yaku (its Japanese name; on an English
    table with its reading beneath, as the text says `襲ね (Kasane)`) with a token per slot —
    gold with the cards it needs while free, grey with the seat that took it."""
    x0 = MARGIN + GRID_COLUMN + 2 * GAP
    by_yaku: dict[str, list] = {}
    for slot in view.slots:
        by_yaku.setdefault(slot.yaku, []).append(slot)
    most = max((len(slots) for slots in by_yaku.values()), default=0)
    step = TOKEN + 2
    name_w = WIDTH - MARGIN - x0 - most * step - GAP
    line = (4 * (GRID_H + GAP)) // max(1, len(YAKU_ORDER))
    name_size = SMALL
    if lang != "ja":
        line, name_size = READING_LINE, READING_NAME
    for yaku in YAKU_ORDER:
        slots = by_yaku.get(yaku, [])
        if not slots:
            continue
        name = texts.YAKU_NAME[yaku]["ja"]
        scene.text(f"board.{yaku}", x0, y + 1, name, name_size, width=name_w)
        if lang != "ja":
            scene.text(
                f"board.{yaku}.reading",
                x0,
                y + name_size,
                _reading(yaku),
                READING,
                MUTED,
                width=WIDTH - MARGIN - x0,  # the longest stays left of the tokens above it
            )
        x = x0 + name_w + GAP
        for slot in slots:
            tag = f"board.{yaku}.{slot.count}.{slot.index}"
            box = Box(x, y, TOKEN, TOKEN)
            if slot.used:
                label = seat_mark(slot.by) if slot.by is not None else "×"
                scene.add(Dot(tag, box, PANEL_EDGE, label=label, ink=MUTED))
            else:
                scene.add(Dot(tag, box, GOLD, label=str(slot.count)))
            x += step
        y += line
    return y


def _tableaus(scene: Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    half = (WIDTH - 2 * MARGIN - GAP) // 2
    height = BODY + TABLEAU_H + 3 * GAP
    for seat, tableau in enumerate(view.tableaus):
        x = MARGIN + (seat % 2) * (half + GAP)
        top = y + (seat // 2) * (height + GAP)
        outline = GOLD if seat == view.turn_seat else None
        scene.add(Panel(f"seat.{seat}", Box(x, top, half, height), outline=outline))
        scene.text(
            f"seat.{seat}.name",
            x + GAP,
            top + GAP,
            f"{seat_mark(seat)} {names[seat]}",
            BODY,
            width=half - 80,
        )
        scene.text(
            f"seat.{seat}.score",
            x + half - GAP,
            top + GAP,
            _t(lang, "points", n=view.scores[seat]),
            BODY,
            GOLD,
            anchor="ra",
            width=70,
        )
        card_y = top + BODY + 2 * GAP
        hand_w = 84
        room = half - 3 * GAP - hand_w
        boxes = fan_boxes(x + GAP, card_y, len(tableau), TABLEAU_W, TABLEAU_H, room)
        for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
            scene.add(Card(f"seat.{seat}.tableau.{i}", box, FACES[card]))
        scene.text(
            f"seat.{seat}.hand",
            x + half - GAP,
            card_y + TABLEAU_H - SMALL,
            _t(lang, "hand_size", n=view.hand_sizes[seat]),
            SMALL,
            MUTED,
            anchor="ra",
            width=hand_w,
        )
    rows = (len(view.tableaus) + 1) // 2
    return y + rows * (height + GAP)


class KasanePictures:
    game_id = "kasane"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> Scene:
        scene = Scene()
        y = _header(scene, view, lang, MARGIN)
        y = max(_grid(scene, view, y), _board(scene, view, lang, y)) + GAP
        scene.height = _tableaus(scene, view, names, lang, y) + MARGIN - GAP
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> Scene:
        scene = Scene()
        y = MARGIN
        scene.text("hand.title", MARGIN, y, _t(lang, "your_hand"), BODY)
        y += BODY + 2 * GAP
        if not view.hand:
            scene.text("hand.empty", MARGIN, y, _t(lang, "empty"), BODY, MUTED)
            scene.height = y + BODY + MARGIN
            return scene
        boxes = fan_boxes(MARGIN, y, len(view.hand), CARD_W, CARD_H, WIDTH - 2 * MARGIN)
        for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
            top = i == len(view.hand) - 1
            scene.add(Card(f"hand.{i}", box, FACES[card], "pick" if top else ""))
        y += CARD_H + GAP
        tableau = view.public.tableaus[view.seat]
        if tableau:
            boxes = fan_boxes(MARGIN, y + GAP, len(tableau), SMALL_W, SMALL_H, WIDTH - 2 * MARGIN)
            for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
                scene.add(Card(f"tableau.{i}", box, FACES[card]))
            y += SMALL_H + 2 * GAP
        scene.height = y + MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> Scene:
        scene = Scene()
        y = MARGIN
        scene.text("final.title", MARGIN, y, _t(lang, "final"), LARGE)
        y += LARGE + 2 * GAP
        order = sorted(range(len(result.scores)), key=lambda s: (-result.scores[s], s))
        parts = ("yaku", "plus_one", "colour_bonus", "empty_hand_bonus")
        for seat in order:
            height = BODY + SMALL + SMALL_H + 4 * GAP
            winner = seat in result.winners
            scene.add(
                Panel(
                    f"final.{seat}",
                    Box(MARGIN, y, WIDTH - 2 * MARGIN, height),
                    outline=GOLD if winner else None,
                )
            )
            crown = "★ " if winner else ""
            scene.text(
                f"final.{seat}.name",
                MARGIN + GAP,
                y + GAP,
                f"{crown}{seat_mark(seat)} {names[seat]}",
                BODY,
                width=WIDTH - 240,
            )
            scene.text(
                f"final.{seat}.total",
                WIDTH - MARGIN - GAP,
                y + GAP,
                _t(lang, "points", n=result.scores[seat]),
                BODY,
                GOLD,
                anchor="ra",
                width=140,
            )
            breakdown = result.breakdown[seat] if result.breakdown else {}
            line = " · ".join(f"{_t(lang, key)} {breakdown.get(key, 0)}" for key in parts)
            scene.text(
                f"final.{seat}.breakdown", MARGIN + GAP, y + BODY + 2 * GAP, line, SMALL, MUTED
            )
            tableau = view.tableaus[seat]
            card_y = y + BODY + SMALL + 3 * GAP
            boxes = fan_boxes(
                MARGIN + GAP, card_y, len(tableau), SMALL_W, SMALL_H, WIDTH - 2 * MARGIN - 2 * GAP
            )
            for i, (card, box) in enumerate(zip(tableau, boxes, strict=True)):
                scene.add(Card(f"final.{seat}.tableau.{i}", box, FACES[card]))
            y += height + GAP
        scene.height = y + MARGIN
        return scene


PICTURES = KasanePictures()
