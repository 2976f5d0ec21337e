"""色映に生へど pictures: the trick with the trump marker and the tricks won; the hand under the
trick in play (who is winning it, the trump) with its playable cards set apart; the deal-by-deal
totals."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.irobae import texts
from games.irobae.scoring import trick_winner
from games.irobae.texts import COLOURS
from games.irobae.views import CardView, PrivateView, PublicView

#: Colours 0–4: 花 red, 鳥 orange, 傘 yellow, 扇 green, 蝶 blue.
FILL = (kit.CARD_RED, kit.CARD_ORANGE, kit.CARD_YELLOW, kit.CARD_GREEN, kit.CARD_BLUE)
CARD_INK = (kit.INK, kit.DARK_INK, kit.DARK_INK, kit.INK, kit.INK)

CARD_W, CARD_H = 64, 92
SMALL_W, SMALL_H = 40, 58
#: The trick's cards above a hand: smaller than the hand's, so that the hand stays the largest.
TRICK_W, TRICK_H = 44, 64


def face(card: CardView) -> kit.Face:
    return kit.Face(
        FILL[card.colour], CARD_INK[card.colour], str(card.number), COLOURS[card.colour].motif
    )


def _colour(colour: int, lang: Lang) -> str:
    return COLOURS[colour].picture(lang)


def _trick_in_play(scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    """The trick in play with the trump marker and the trump it gives, from `y`; returns the
    y under it."""
    scene.text(
        "trick.title",
        kit.MARGIN,
        y,
        texts.PICTURE_TRICK(lang),
        kit.SMALL,
        kit.MUTED,
        width=300,
    )
    trump = (
        texts.PICTURE_TRUMP(lang, colour=_colour(view.trump, lang))
        if view.trump is not None
        else texts.PICTURE_NO_TRUMP(lang)
    )
    scene.text(
        "trick.trump",
        kit.WIDTH - kit.MARGIN,
        y,
        trump,
        kit.SMALL,
        kit.GOLD,
        anchor="ra",
        width=340,
    )
    y += kit.SMALL + kit.GAP
    slot_w = min(116, (kit.WIDTH - 2 * kit.MARGIN) // max(1, view.players))
    for i, played in enumerate(view.trick):
        x = kit.MARGIN + i * slot_w + (slot_w - CARD_W) // 2
        scene.add(kit.Card(f"trick.{i}", kit.Box(x, y, CARD_W, CARD_H), face(played.card)))
        scene.text(
            f"trick.{i}.seat",
            x + CARD_W // 2,
            y + CARD_H + kit.GAP + 14,
            f"{seat_mark(played.seat)} {names[played.seat]}",
            kit.SMALL,
            kit.MUTED,
            anchor="ma",
            width=slot_w - 4,
        )
        if i == view.marker:
            scene.add(
                kit.Dot(
                    "trick.marker",
                    kit.Box(x + CARD_W // 2 - 9, y + CARD_H + 2, 18, 18),
                    kit.GOLD,
                )
            )
    y += CARD_H + kit.SMALL + 3 * kit.GAP + 14
    return y


def _hand_trick(scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int) -> int:
    """Above a hand: the trick's number and trump, who is winning it (or who leads an empty
    one), and its cards, each over its player's mark and name, the card the trump marker lies
    beside carrying a gold dot and the card winning as it stands a gold frame. Returns the y
    under it."""
    number = texts.PICTURE_HAND_TRICK(lang, n=view.trick_number, tricks=view.tricks_per_deal)
    if view.trump is not None:
        number += " · " + texts.PICTURE_TRUMP(lang, colour=_colour(view.trump, lang))
    scene.text("trick.title", kit.MARGIN, y, number, kit.SMALL, kit.GOLD, width=290)
    best = trick_winner([(p.card.colour, p.card.number) for p in view.trick]) if view.trick else -1
    if view.trick:
        seat = view.trick[best].seat
        note = texts.PICTURE_WINNING(lang, seat=f"{seat_mark(seat)} {names[seat]}")
    elif view.leader is not None:
        note = texts.PICTURE_LEADS(lang, seat=f"{seat_mark(view.leader)} {names[view.leader]}")
    else:
        note = ""
    scene.text(
        "trick.note", kit.WIDTH - kit.MARGIN, y, note, kit.SMALL, kit.MUTED, anchor="ra", width=150
    )
    y += kit.SMALL + kit.GAP
    if not view.trick:
        return y + kit.GAP
    slot_w = (kit.WIDTH - 2 * kit.MARGIN) // max(1, view.players)
    for i, played in enumerate(view.trick):
        x = kit.MARGIN + i * slot_w + (slot_w - TRICK_W) // 2
        mark = "pick" if i == best else ""
        scene.add(kit.Card(f"trick.{i}", kit.Box(x, y, TRICK_W, TRICK_H), face(played.card), mark))
        if i == view.marker:
            scene.add(
                kit.Dot("trick.marker", kit.Box(x + TRICK_W - 9, y + TRICK_H - 9, 16, 16), kit.GOLD)
            )
        # The player's mark and name, or the mark alone where too little of the name fits.
        label = f"{seat_mark(played.seat)} {names[played.seat]}"
        if kit.text_width(label[:5] + "…", kit.SMALL) > slot_w - 4:
            label = seat_mark(played.seat)
        scene.text(
            f"trick.{i}.seat",
            kit.MARGIN + i * slot_w + slot_w // 2,
            y + TRICK_H + kit.GAP,
            label,
            kit.SMALL,
            kit.MUTED,
            anchor="ma",
            width=slot_w - 4,
        )
    return y + TRICK_H + kit.GAP + kit.SMALL + 2 * kit.GAP


class IrobaePictures:
    game_id = "irobae"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = (
            texts.PICTURE_PASS(lang, deal=view.deal, deals=view.deals)
            if view.phase == "pass"
            else texts.PICTURE_HEADER(
                lang,
                deal=view.deal,
                deals=view.deals,
                trick=view.trick_number,
                tricks=view.tricks_per_deal,
            )
        )
        scene, y = kit.titled("header", header, kit.LARGE)
        # Only the tricks have a trick in play and a trump: while passing and after the last
        # trick of the game neither is shown (the last trick is, under the seats).
        if view.phase == "play":
            y = _trick_in_play(scene, view, names, lang, y)
        boxes = kit.seat_boxes(y, view.players, kit.BODY * 2 + 3 * kit.GAP)
        for seat, box in enumerate(boxes):
            total = texts.PICTURE_TOTAL(lang, n=view.totals[seat])
            active = seat in view.to_act
            kit.seat_panel(scene, box, seat, names[seat], total, active=active, score_w=100)
            # While passing no trick of the deal is played yet: the seat's line says whether
            # it has passed instead of its tricks (both do not fit in a half-width panel).
            counts = texts.PICTURE_HAND(lang, n=view.hand_sizes[seat])
            if view.phase != "pass":
                counts += f" · {texts.PICTURE_TRICKS(lang, n=view.tricks_won[seat])}"
            elif view.passed[seat]:
                counts += f" · {texts.PICTURE_PASSED(lang)}"
            scene.text(
                f"seat.{seat}.counts",
                box.x + kit.GAP,
                box.y + kit.BODY + 2 * kit.GAP,
                counts,
                kit.SMALL,
                kit.MUTED,
                width=box.w - 2 * kit.GAP,
            )
        y = kit.below(boxes)
        if view.open_minimums and any(view.minimums):
            for seat, cards in enumerate(view.minimums):
                if not cards:
                    continue
                scene.text(
                    f"minimums.{seat}", kit.MARGIN, y + 16, seat_mark(seat), kit.BODY, kit.MUTED
                )
                for i, (card, box) in enumerate(
                    zip(
                        cards,
                        kit.row_boxes(kit.MARGIN + 40, y, len(cards), SMALL_W, SMALL_H),
                        strict=True,
                    )
                ):
                    scene.add(kit.Card(f"minimums.{seat}.{i}", box, face(card)))
                y += SMALL_H + kit.GAP
            y += kit.GAP
        if view.last_trick is not None and not view.trick:
            last = view.last_trick
            scene.text(
                "last.title",
                kit.MARGIN,
                y,
                texts.PICTURE_LAST(lang, winner=names[last.winner]),
                kit.SMALL,
                kit.MUTED,
            )
            y += kit.SMALL + kit.GAP
            for i, (played, box) in enumerate(
                zip(
                    last.cards,
                    kit.row_boxes(kit.MARGIN, y, len(last.cards), SMALL_W, SMALL_H),
                    strict=True,
                )
            ):
                winner = played.seat == last.winner
                scene.add(kit.Card(f"last.{i}", box, face(played.card), "pick" if winner else ""))
            y += SMALL_H + 2 * kit.GAP
        scene.height = y + kit.MARGIN
        return scene

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        """The trick in play above the hand (its cards by seat, the trump marker's card, the
        card winning it as it stands framed in gold, the trump), then the hand with its
        playable cards set apart, then the cards won this deal with their score."""
        public = view.public
        scene = kit.Scene()
        y = kit.MARGIN
        if public.phase == "play":
            y = _hand_trick(scene, public, names, lang, y)
        scene.text("hand.title", kit.MARGIN, y, texts.PICTURE_YOUR_HAND(lang), kit.SMALL, kit.MUTED)
        y += kit.SMALL + kit.GAP
        choosable = set(view.playable) | set(view.passable)
        acting = bool(choosable)
        boxes = kit.fan_boxes(
            kit.MARGIN, y, len(view.hand), CARD_W, CARD_H, kit.WIDTH - 2 * kit.MARGIN
        )
        for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
            mark = "pick" if card.id in choosable else ("dim" if acting else "")
            scene.add(kit.Card(f"hand.{i}", box, face(card), mark))
        y += CARD_H
        if public.phase != "pass":
            y += 2 * kit.GAP
            scene.text(
                "pile.title",
                kit.MARGIN,
                y,
                texts.PICTURE_PILE(lang, n=view.pile_score),
                kit.SMALL,
                kit.MUTED,
            )
            y += kit.SMALL
            if view.pile:
                y += kit.GAP
                boxes = kit.fan_boxes(
                    kit.MARGIN, y, len(view.pile), SMALL_W, SMALL_H, kit.WIDTH - 2 * kit.MARGIN
                )
                for i, (card, box) in enumerate(zip(view.pile, boxes, strict=True)):
                    scene.add(kit.Card(f"pile.{i}", box, face(card)))
                y += SMALL_H
        scene.height = y + kit.MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        scene, y = kit.titled("final.title", texts.FINAL(lang), kit.LARGE)
        players = view.players
        first = 150
        col = (kit.WIDTH - 2 * kit.MARGIN - first) // players
        row_h = 34
        height = (len(view.deal_scores) + 2) * row_h + 2 * kit.GAP
        scene.add(
            kit.Panel("final.board", kit.Box(kit.MARGIN, y, kit.WIDTH - 2 * kit.MARGIN, height))
        )
        y += kit.GAP
        for seat in range(players):
            x = kit.MARGIN + first + seat * col + col // 2
            winner = seat in result.winners
            scene.text(
                f"final.{seat}.name",
                x,
                y,
                ("★" if winner else "") + seat_mark(seat),
                kit.BODY,
                kit.GOLD if winner else kit.INK,
                anchor="ma",
                width=col,
            )
        y += row_h
        for d, scores in enumerate(view.deal_scores):
            scene.text(
                f"final.deal{d + 1}",
                kit.MARGIN + kit.GAP,
                y,
                texts.PICTURE_DEAL(lang, n=d + 1),
                kit.SMALL,
                kit.MUTED,
                width=first - kit.GAP,
            )
            for seat, score in enumerate(scores):
                x = kit.MARGIN + first + seat * col + col // 2
                scene.text(
                    f"final.deal{d + 1}.{seat}",
                    x,
                    y,
                    f"{score:+d}" if score else "0",
                    kit.SMALL,
                    kit.INK,
                    anchor="ma",
                    width=col,
                )
            y += row_h
        scene.add(
            kit.Panel(
                "final.rule",
                kit.Box(kit.MARGIN + kit.GAP, y - 4, kit.WIDTH - 2 * kit.MARGIN - 2 * kit.GAP, 2),
                kit.PANEL_EDGE,
            )
        )
        scene.text(
            "final.sum",
            kit.MARGIN + kit.GAP,
            y + 2,
            texts.PICTURE_SUM(lang),
            kit.BODY,
            width=first - kit.GAP,
        )
        for seat in range(players):
            x = kit.MARGIN + first + seat * col + col // 2
            scene.text(
                f"final.{seat}.total",
                x,
                y + 2,
                str(result.scores[seat]),
                kit.BODY,
                kit.GOLD,
                anchor="ma",
                width=col,
            )
        y += row_h + 2 * kit.GAP
        for seat in range(players):
            scene.text(
                f"final.{seat}.label",
                kit.MARGIN,
                y,
                f"{seat_mark(seat)} {names[seat]}",
                kit.SMALL,
                kit.MUTED,
            )
            y += kit.SMALL + kit.GAP
        scene.height = y + kit.MARGIN
        return scene


PICTURES = IrobaePictures()
