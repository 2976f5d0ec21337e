"""五行 pictures: the field, the deck and every hand's face-up cards; the hand in its best
left-to-right scoring order with both runs marked, and above it what the seat's step needs from
the table; the two-game match at the end.

Cards show their kanji; in English each dynasty card also names its dynasty in rōmaji with its
number on a line of its own (the number is what duels and dynasty runs count), and a legend says
which colour is which element."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.common import standings as common_standings
from bot.render.pictures import kit
from games.core import Lang, Result
from games.gogyo import texts
from games.gogyo.cards import ELEMENTS
from games.gogyo.views import Arrangement, CardView, PlayerPublic, PrivateView, PublicView

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

#: The hand's own cards, the field's, and the cards in front of each other seat.
CARD_W, CARD_H = 72, 96
FIELD_W, FIELD_H = 64, 88
SEAT_W, SEAT_H = 56, 64
#: The end picture's cards.
SMALL_W, SMALL_H = 44, 60
#: The size of a card's bottom line (its dynasty in rōmaji and number), by card height.
SUB_SIZE = {CARD_H: 18, FIELD_H: 16, SEAT_H: 14, SMALL_H: 14}
#: The smallest a card's bottom line is set, to fit a narrow card.
SUB_MIN = 10
#: A seat's row: its name and total on the left, in this many pixels; its cards on the right.
NAME_W = 134
#: On the table, where the name shares its line with the match total, and that row's cards.
TOTAL_NAME_W = 192
TOTAL_SEAT_W = 44
#: The room around a seat row's cards, and between two rows.
SEAT_PAD = 6
#: A run's underline: its thickness and the gap between the dynasty's (gold) and the element's
#: (green).
LINE_H = 5
LINE_GAP = 2


def roman(dynasty: str) -> str:
    """A dynasty's name in rōmaji (`漢` → `Han`), from its English name `漢 (Han) ⑤`."""
    return texts.DYNASTY_NAMES[dynasty]("en").partition("(")[2].partition(")")[0]


def face(card: CardView, lang: Lang, w: int, h: int, sub: str = "") -> kit.Face:
    """A card `w`×`h`: its kanji, its colour, and its number. In English the number and the
    dynasty's rōmaji are its bottom line (`5 Han`), as large as the card's width lets a phone
    read it; 天 and 閥 say what they are, or what they stand for in a run (`sub`)."""
    size = SUB_SIZE.get(h, 15)
    if card.element is None:
        fill, ink = HEAVEN if card.name == "天" else FACTION
        if lang == "en" and not sub:
            sub = texts.PICTURE_WILD[card.name](lang)
        elif lang == "en" and card.name == "天":
            sub = f"={roman(sub)}"
        elif lang == "en":
            sub = f"={texts.PICTURE_ELEMENT[sub](lang)}"
        elif sub:
            sub = f"={sub}"
        if lang != "en":
            return kit.Face(fill, ink, card.name, "", sub)
        return kit.Face(fill, ink, card.name, "", sub, sub_size=fitting(sub, size, w - 6))
    fill, ink = ELEMENT_FILL[card.element]
    if lang == "en" and card.dynasty is not None:
        line = f"{card.number} {roman(card.dynasty)}"
        return kit.Face(fill, ink, card.name, "", line, sub_size=fitting(line, size, w - 6))
    return kit.Face(fill, ink, card.name, str(card.number), sub)


def fitting(text: str, size: int, width: int) -> int:
    """`size`, or the largest smaller one (down to `SUB_MIN`) at which `text` fits `width`."""
    while size > SUB_MIN and kit.text_width(text, size) > width:
        size -= 1
    return size


def underlines(scene: kit.Scene, tag: str, box: kit.Box, dynasty: bool, element: bool) -> None:
    """The run lines under a card: gold for the dynasty run, green under it for the element
    run."""
    if dynasty:
        line = kit.Box(box.x, box.bottom + 3, box.w, LINE_H)
        scene.add(kit.Panel(f"{tag}.dynasty", line, kit.GOLD))
    if element:
        line = kit.Box(box.x, box.bottom + 3 + LINE_H + LINE_GAP, box.w, LINE_H)
        scene.add(kit.Panel(f"{tag}.element", line, kit.GREEN))


#: The height the run lines take under a row of cards.
LINES_H = 3 + 2 * LINE_H + LINE_GAP


def _arranged(
    scene: kit.Scene,
    tag: str,
    arrangement: Arrangement,
    x: int,
    y: int,
    w: int,
    h: int,
    lang: Lang,
) -> int:
    """The cards of an arrangement left to right with a gold line under the dynasty run and a
    green one under the element run; returns the y under it."""
    boxes = kit.row_boxes(x, y, len(arrangement.cards), w, h, gap=4)
    for i, (placed, box) in enumerate(zip(arrangement.cards, boxes, strict=True)):
        scene.add(
            kit.Card(f"{tag}.{i}", box, face(placed.card, lang, w, h, placed.stands_for or ""))
        )
        underlines(scene, f"{tag}.{i}", box, placed.in_dynasty_run, placed.in_element_run)
    return y + h + LINES_H


def element_legend(scene: kit.Scene, x: int, y: int, lang: Lang, size: int) -> int:
    """A column saying which colour is which element (a swatch, then its name), in the cycle's
    order, from `x`, `y`, its text `size` pixels; returns the y under it."""
    for element in ELEMENTS:
        fill, _ = ELEMENT_FILL[element]
        swatch = kit.Box(x, y + size // 5, size - 4, size - 4)
        scene.add(kit.Panel(f"legend.{element}", swatch, fill))
        name = texts.PICTURE_ELEMENT[element](lang)
        scene.text(f"legend.{element}.name", x + size + 2, y, name, size, kit.INK)
        y += size + 2
    return y


#: The element legend's column beside the field: its width and its text's size.
LEGEND_W = 84
LEGEND_SIZE = 16


def element_row(scene: kit.Scene, y: int, lang: Lang) -> int:
    """The element legend as one line (swatch, name, …) from the left margin at `y`; returns
    the y under it."""
    x = kit.MARGIN
    size = kit.SMALL
    for element in ELEMENTS:
        fill, _ = ELEMENT_FILL[element]
        scene.add(kit.Panel(f"legend.{element}", kit.Box(x, y + 4, size - 4, size - 4), fill))
        name = texts.PICTURE_ELEMENT[element](lang)
        shown = scene.text(f"legend.{element}.name", x + size + 2, y, name, size, kit.INK)
        x = shown.box.right + 12
    return y + size + kit.GAP


def runs_legend(scene: kit.Scene, y: int, lang: Lang) -> int:
    """What the run lines under the cards mean: a gold swatch for the dynasty run, a green one
    for the element run; returns the y under it."""
    x = kit.MARGIN
    size = kit.SMALL
    for kind, colour in (("dynasty", kit.GOLD), ("element", kit.GREEN)):
        scene.add(kit.Panel(f"runs.{kind}.line", kit.Box(x, y + size // 2 - 2, 24, LINE_H), colour))
        x += 30
        shown = scene.text(
            f"runs.{kind}", x, y, texts.PICTURE_RUN[kind](lang), size, kit.MUTED, width=200
        )
        x = shown.box.right + 16
    return y + size + kit.GAP


def seat_row(
    scene: kit.Scene,
    player: PlayerPublic,
    name: str,
    y: int,
    lang: Lang,
    *,
    active: bool,
    total: str = "",
) -> int:
    """A seat as one row: its mark and name on the left (on the table, with its match total
    labelled as such after the name, on its line), its cards on the right, face-down ones as
    backs; framed in gold while it is to act. Returns the y under it."""
    seat = player.seat
    height = SEAT_H + 2 * SEAT_PAD
    box = kit.Box(kit.MARGIN, y, kit.WIDTH - 2 * kit.MARGIN, height)
    scene.add(kit.Panel(f"seat.{seat}", box, outline=kit.GOLD if active else None))
    name_w, card_w = (TOTAL_NAME_W, TOTAL_SEAT_W) if total else (NAME_W, SEAT_W)
    name_y = y + (height - kit.BODY) // 2 - 2
    reserved = 0
    if total:
        shown = scene.text(
            f"seat.{seat}.total",
            box.x + name_w,
            name_y,
            total,
            kit.BODY,
            kit.GOLD,
            anchor="ra",
            width=56,
        )
        label = scene.text(
            f"seat.{seat}.total.label",
            shown.box.x - 4,
            name_y + kit.ascent(kit.BODY) - kit.ascent(kit.SMALL),
            texts.PICTURE_TOTAL_LABEL(lang),
            kit.SMALL,
            kit.MUTED,
            anchor="ra",
            width=50,
        )
        reserved = box.x + name_w - label.box.x + 6
    scene.text(
        f"seat.{seat}.name",
        box.x + kit.GAP,
        name_y,
        f"{seat_mark(seat)} {name}",
        kit.BODY,
        width=name_w - kit.GAP - reserved,
    )
    x = box.x + name_w + kit.GAP
    count = len(player.face_up) + player.face_down_count
    room = box.right - kit.GAP - x
    boxes = kit.fan_boxes(x, y + SEAT_PAD, count, card_w, SEAT_H, room)
    for i, card in enumerate(player.face_up):
        scene.add(kit.Card(f"seat.{seat}.hand.{i}", boxes[i], face(card, lang, card_w, SEAT_H)))
    for i in range(player.face_down_count):
        index = len(player.face_up) + i
        back = kit.Face(kit.INK, back=True)
        scene.add(kit.Card(f"seat.{seat}.hand.{index}", boxes[index], back))
    return y + height + SEAT_PAD


def field_row(scene: kit.Scene, view: PublicView, y: int, lang: Lang, *, discard: bool) -> int:
    """The field's cards under their title (with the deck's size), the element legend beside
    them; with `discard`, the discard pile's top card at the right (and its size in the
    title). Returns the y under them."""
    if discard:
        title = texts.PICTURE_PILES(lang, deck=view.deck_count, discard=view.discard_count)
    else:
        title = texts.PICTURE_FIELD_DECK(lang, deck=view.deck_count)
    scene.text("field.title", kit.MARGIN, y, title, kit.SMALL, kit.MUTED, width=300)
    y += kit.SMALL + kit.GAP
    if discard and view.discard_top is not None:
        box = kit.Box(kit.WIDTH - kit.MARGIN - FIELD_W, y, FIELD_W, FIELD_H)
        scene.add(kit.Card("discard.top", box, face(view.discard_top, lang, FIELD_W, FIELD_H)))
        scene.text(
            "discard.title",
            box.right,
            y - kit.SMALL - kit.GAP,
            texts.PICTURE_DISCARD(lang),
            kit.SMALL,
            kit.MUTED,
            anchor="ra",
            width=160,
        )
    room = 4 * FIELD_W + 3 * kit.GAP
    boxes = kit.fan_boxes(kit.MARGIN, y, len(view.field), FIELD_W, FIELD_H, room)
    for i, (card, box) in enumerate(zip(view.field, boxes, strict=True)):
        scene.add(kit.Card(f"field.{i}", box, face(card, lang, FIELD_W, FIELD_H)))
    legend_x = kit.MARGIN + room + 2 * kit.GAP
    element_legend(scene, legend_x, y, lang, LEGEND_SIZE)
    return y + FIELD_H + 2 * kit.GAP


class GogyoPictures:
    game_id = "gogyo"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.PICTURE_HEADER(lang, game=view.game_no)
        scene, y = kit.titled("header", header, kit.LARGE, width=220)
        y = field_row(scene, view, y, lang, discard=True)
        # The seats one a row: name and match total (labelled as such: the hand picture shows
        # the hand's own score) at the left, the cards in front of each (face-down ones as
        # backs) at the right, large enough to read on a phone.
        for player in view.players:
            total = texts.PICTURE_TOTAL(lang, n=player.total)
            active = player.seat in view.to_act
            y = seat_row(scene, player, names[player.seat], y, lang, active=active, total=total)
        duel = view.last_duel
        if duel is not None:
            scene.text(
                "duel",
                kit.MARGIN,
                y,
                texts.PICTURE_DUEL(
                    lang,
                    attacker=seat_mark(duel.attacker),
                    a=duel.attacker_number,
                    defender=seat_mark(duel.defender),
                    d=duel.defender_number,
                    winner=seat_mark(duel.winner),
                ),
                kit.BODY,
                kit.INK,
            )
            y += kit.BODY + kit.GAP
        scene.height = y + kit.MARGIN - kit.GAP
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        """The seat's screen: above its hand, what its step needs from the table — the field
        (choosing a field card, or the turn's first choice), the others' cards (the turn's
        first choice, or while waiting), a duel's two cards and its loser's hand (the winner's
        choices) — then its hand in its best order with both runs marked and that score."""
        public = view.public
        acting = view.seat in public.to_act and not public.over
        step = public.step if acting else "act"
        scene = kit.Scene()
        y = kit.MARGIN
        duel = public.last_duel
        if step in ("duel_choice", "loot_discard", "duel_give") and duel is not None:
            line = texts.PICTURE_DUEL(
                lang,
                attacker=seat_mark(duel.attacker),
                a=duel.attacker_number,
                defender=seat_mark(duel.defender),
                d=duel.defender_number,
                winner=seat_mark(duel.winner),
            )
            scene.text("duel", kit.MARGIN, y, line, kit.BODY, kit.INK)
            y += kit.BODY + kit.GAP
            loser = public.players[duel.loser]
            y = seat_row(scene, loser, names[duel.loser], y, lang, active=False)
        if step in ("act", "field_discard", "field_take", "duel_give"):
            y = field_row(scene, public, y, lang, discard=False)
        if step == "act":
            for player in public.players:
                if player.seat != view.seat:
                    active = player.seat in public.to_act
                    y = seat_row(scene, player, names[player.seat], y, lang, active=active)
        field_shown = step in ("act", "field_discard", "field_take", "duel_give")
        y = self._hand_cards(scene, view, y + (kit.GAP if y > kit.MARGIN else 0), lang)
        if not field_shown:  # the colours' legend is beside the field where it is shown
            y = element_row(scene, y, lang)
        scene.height = y + kit.MARGIN - kit.GAP
        return scene

    def _hand_cards(self, scene: kit.Scene, view: PrivateView, y: int, lang: Lang) -> int:
        """The seat's hand from `y`: a line with its best score and each run's points in its
        line's colour (gold for the dynasty run, green for the element run, underlined so: the
        legend of the lines under the cards), then the cards in that order, a chosen card
        framed, face-down ones labelled. Returns the y under it."""
        best = view.best
        title = scene.text(
            "hand.title", kit.MARGIN, y + 4, texts.PICTURE_YOUR_HAND(lang), kit.SMALL, kit.MUTED
        )
        shown = scene.text(
            "hand.best",
            title.box.right + 12,
            y,
            texts.PICTURE_BEST(lang, n=view.best_score),
            kit.BODY,
            kit.GOLD,
        )
        x = shown.box.right + 14
        for kind, points, colour in (
            ("dynasty", best.dynasty_points, kit.GOLD),
            ("element", best.element_points, kit.GREEN),
        ):
            part = scene.text(
                f"hand.best.{kind}",
                x,
                y + 4,
                texts.PICTURE_BEST_RUN[kind](lang, n=points),
                kit.SMALL,
                colour,
            )
            bar = kit.Box(part.box.x, y + 4 + kit.SMALL + 5, part.box.w, 4)
            scene.add(kit.Panel(f"hand.best.{kind}.line", bar, colour))
            x = part.box.right + 14
        y += kit.BODY + 2 * kit.GAP
        down = {c.id for c in view.hand if c.face_down}
        if down:
            y += kit.SMALL - 4
        pending = {c.id for c in (view.pending_discard, view.pending_loot) if c is not None}
        boxes = kit.row_boxes(kit.MARGIN, y, len(best.cards), CARD_W, CARD_H, gap=12)
        for i, (placed, box) in enumerate(zip(best.cards, boxes, strict=True)):
            sub = placed.stands_for or ""
            card_face = face(placed.card, lang, CARD_W, CARD_H, sub)
            mark = "pick" if placed.card.id in pending else ""
            scene.add(kit.Card(f"hand.{i}", box, card_face, mark))
            if placed.card.id in down:
                scene.text(
                    f"hand.{i}.down",
                    box.x + box.w // 2,
                    box.y - 3,
                    texts.PICTURE_FACE_DOWN(lang),
                    kit.SMALL - 4,
                    kit.GOLD,
                    anchor="md",
                )
            underlines(scene, f"hand.{i}", box, placed.in_dynasty_run, placed.in_element_run)
        return y + CARD_H + LINES_H + kit.GAP

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        """Each seat, best first, in one panel: its name and total at the left, and a row per
        game — its points, then its hand in scoring order with the runs underlined; a legend
        of the lines (and of the colours, in English) at the bottom."""
        scene, y = kit.titled("final.title", texts.FINAL(lang), kit.LARGE)
        game_h = SMALL_H + LINES_H + 4
        height = len(view.games) * game_h + kit.GAP
        left_w = 104
        label_x = kit.MARGIN + kit.GAP + left_w + kit.GAP
        cards_x = kit.WIDTH - kit.MARGIN - kit.GAP - 5 * SMALL_W - 4 * 4
        for seat in common_standings(result):
            box = kit.Box(kit.MARGIN, y, kit.WIDTH - 2 * kit.MARGIN, height)
            winner = seat in result.winners
            scene.add(kit.Panel(f"final.{seat}", box, outline=kit.GOLD if winner else None))
            crown = "★ " if winner else ""
            scene.text(
                f"final.{seat}.name",
                box.x + kit.GAP,
                y + kit.GAP,
                f"{crown}{seat_mark(seat)} {names[seat]}",
                kit.BODY,
                width=left_w,
            )
            scene.text(
                f"final.{seat}.total",
                box.x + kit.GAP,
                y + kit.GAP + kit.BODY + 8,
                texts.PICTURE_POINTS(lang, n=result.scores[seat]),
                kit.BODY,
                kit.GOLD,
                width=left_w,
            )
            row_y = y + kit.GAP // 2 + 2
            for game in view.games:
                tag = f"final.{seat}.game{game.game}"
                label_w = cards_x - label_x - 4
                scene.text(
                    tag,
                    label_x,
                    row_y + 6,
                    texts.PICTURE_GAME(lang, n=game.game),
                    kit.SMALL,
                    kit.MUTED,
                    width=label_w,
                )
                scene.text(
                    f"{tag}.points",
                    label_x,
                    row_y + 8 + kit.SMALL,
                    texts.PICTURE_TOTAL(lang, n=game.scores[seat]),
                    kit.BODY,
                    kit.INK,
                    width=label_w,
                )
                arranged = game.arrangements[seat]
                _arranged(scene, tag, arranged, cards_x, row_y, SMALL_W, SMALL_H, lang)
                row_y += game_h
            y += height + kit.GAP
        y = runs_legend(scene, y + 2, lang)
        if lang == "en":
            y = element_row(scene, y, lang)
        scene.height = y + kit.MARGIN - kit.GAP
        return scene


PICTURES = GogyoPictures()
