"""Take & Share pictures: the trick in play (during a share, the trick just won), the share cards
(during a share, those handed out beside the new ones) and received-card counts; the hand with
its playable cards set apart; the suit majorities of each finished game."""

from __future__ import annotations

from bot.render.common import seat_mark
from bot.render.pictures import kit
from games.core import Lang, Result
from games.take_and_share import texts
from games.take_and_share.scoring import suit_sums
from games.take_and_share.texts import SUITS
from games.take_and_share.views import PrivateView, PublicView

#: The game's own shades of yellow and black.
SUIT_YELLOW, SUIT_BLACK = (0xF2, 0xC9, 0x3B), (0x24, 0x24, 0x28)
#: Suit colours, in the order of `texts.SUITS` (red, yellow, green, blue, purple, black).
SUIT_FILL = (kit.CARD_RED, SUIT_YELLOW, kit.CARD_GREEN, kit.CARD_BLUE, kit.CARD_PURPLE, SUIT_BLACK)
SUIT_INK = (kit.INK, kit.DARK_INK, kit.INK, kit.INK, kit.INK, kit.INK)

#: The trick's cards.
CARD_W, CARD_H = 64, 92
#: The hand's cards: eight a row, so that a whole hand takes two rows.
HAND_W, HAND_H, HAND_GAP = 52, 76, 4
SMALL_W, SMALL_H = 44, 62


def face(suit: int, number: int, lang: Lang) -> kit.Face:
    """A card: its number, and its suit's name in the corner (colour-blind players read it)."""
    return kit.Face(SUIT_FILL[suit], SUIT_INK[suit], str(number), _suit(suit, lang))


def _suit(suit: int, lang: Lang) -> str:
    return SUITS[suit].name(lang)


class TakeAndSharePictures:
    game_id = "take_and_share"

    def table(self, view: PublicView, names: list[str], lang: Lang) -> kit.Scene:
        header = texts.PICTURE_HEADER(
            lang, game=view.game_number, trick=view.trick_number, tricks=view.tricks_per_game
        )
        width = kit.WIDTH - 2 * kit.MARGIN - (150 if view.target else 0)
        scene, y = kit.titled("header", header, kit.LARGE, width=width)
        if view.target:
            kit.title_note(
                scene, "header.target", texts.PICTURE_TARGET(lang, target=view.target), 140
            )
        if view.phase != "over":  # at the end no trick is in play: the picture is shorter
            y = self._trick(scene, view, names, lang, y)
        y = self._shares(scene, view, lang, y)
        boxes = kit.seat_boxes(y, view.players, kit.BODY * 2 + 3 * kit.GAP)
        for seat, box in enumerate(boxes):
            total = texts.PICTURE_TOTAL(lang, n=view.totals[seat])
            active = seat in view.to_act
            kit.seat_panel(scene, box, seat, names[seat], total, active=active, score_w=100)
            scene.text(
                f"seat.{seat}.counts",
                box.x + kit.GAP,
                box.y + kit.BODY + 2 * kit.GAP,
                f"{texts.PICTURE_HAND(lang, n=view.hand_sizes[seat])} · "
                f"{texts.PICTURE_RECEIVED(lang, n=view.received_counts[seat])}",
                kit.SMALL,
                kit.MUTED,
                width=box.w - 2 * kit.GAP,
            )
        scene.height = kit.below(boxes) + kit.MARGIN
        return scene

    def _shares(self, scene: kit.Scene, view: PublicView, lang: Lang, y: int) -> int:
        """The share cards from `y`, named as the hands' texts name them; returns the y under
        them. During a share: the old share cards being handed out (the next one framed), and
        beside them the trick's cards that become the new share cards. Once the hands are
        empty the face-up cards are the last trick's, which are never handed out."""
        unshared = not any(view.hand_sizes)
        if view.phase == "share":
            title, shares = texts.PICTURE_SHARE(lang), view.to_give
        elif unshared:
            title, shares = texts.UNSHARED(lang), view.share_cards
        else:
            title, shares = texts.SHARE_CARDS(lang), view.share_cards
        half = (kit.WIDTH - 2 * kit.MARGIN) // 2
        room = half - kit.GAP if view.phase == "share" else None
        scene.text("share.title", kit.MARGIN, y, title, kit.SMALL, kit.MUTED, width=room)
        if view.phase == "share":
            new_title = texts.PICTURE_UNSHARED if unshared else texts.PICTURE_NEW_SHARE
            scene.text(
                "new_share.title", kit.MARGIN + half, y, new_title(lang), kit.SMALL, kit.MUTED
            )
        y += kit.SMALL + kit.GAP
        boxes = kit.row_boxes(kit.MARGIN, y, len(shares), SMALL_W, SMALL_H)
        for i, ((suit, number), box) in enumerate(zip(shares, boxes, strict=True)):
            mark = "pick" if view.phase == "share" and i == 0 else ""
            scene.add(kit.Card(f"share.{i}", box, face(suit, number, lang), mark))
        if not shares:
            scene.text("share.empty", kit.MARGIN, y, texts.PICTURE_NONE(lang), kit.BODY, kit.MUTED)
        if view.phase == "share":
            boxes = kit.row_boxes(kit.MARGIN + half, y, len(view.share_cards), SMALL_W, SMALL_H)
            for i, ((suit, number), box) in enumerate(zip(view.share_cards, boxes, strict=True)):
                scene.add(kit.Card(f"new_share.{i}", box, face(suit, number, lang)))
        return y + SMALL_H + 2 * kit.GAP

    def _trick(
        self, scene: kit.Scene, view: PublicView, names: list[str], lang: Lang, y: int
    ) -> int:
        """The trick in play from `y`, with the lead suit and who played each card (during a
        share, the trick just won, its winner's card framed); returns the y under it."""
        trick, title, winner = view.trick, texts.PICTURE_TRICK(lang), None
        if view.phase == "share" and view.history:
            won = view.history[-1]
            trick, winner = won.cards, won.winner
            title = texts.PICTURE_WON(lang, seat=f"{seat_mark(winner)} {names[winner]}")
        scene.text("trick.title", kit.MARGIN, y, title, kit.SMALL, kit.MUTED, width=300)
        lead_suit = trick[0].suit if trick else None
        if lead_suit is not None:
            scene.text(
                "trick.lead",
                kit.WIDTH - kit.MARGIN,
                y,
                texts.PICTURE_LEAD(lang, suit=_suit(lead_suit, lang)),
                kit.SMALL,
                kit.MUTED,
                anchor="ra",
                width=kit.WIDTH - 2 * kit.MARGIN - 300 - kit.GAP,
            )
        y += kit.SMALL + kit.GAP
        slot_w = (kit.WIDTH - 2 * kit.MARGIN) // max(1, view.players)
        for i, played in enumerate(trick):
            x = kit.MARGIN + i * slot_w + (slot_w - CARD_W) // 2
            card = face(played.suit, played.number, lang)
            mark = "pick" if played.seat == winner else ""
            scene.add(kit.Card(f"trick.{i}", kit.Box(x, y, CARD_W, CARD_H), card, mark))
            scene.text(
                f"trick.{i}.seat",
                x + CARD_W // 2,
                y + CARD_H + kit.GAP,
                f"{seat_mark(played.seat)} {names[played.seat]}",
                kit.SMALL,
                kit.MUTED,
                anchor="ma",
                width=slot_w - kit.GAP,
            )
        if not trick:
            scene.text(
                "trick.empty",
                kit.MARGIN,
                y + CARD_H // 2 - kit.BODY // 2,
                texts.PICTURE_NONE(lang),
                kit.BODY,
                kit.MUTED,
            )
        y += CARD_H + kit.SMALL + 3 * kit.GAP
        return y

    def hand(self, view: PrivateView, names: list[str], lang: Lang) -> kit.Scene:
        scene, y = kit.titled("hand.title", texts.PICTURE_YOUR_HAND(lang))
        playable = set(view.playable)
        boxes = kit.wrapped_boxes(kit.MARGIN, y, len(view.hand), HAND_W, HAND_H, HAND_GAP)
        for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
            # Set apart only while the seat is to play a card (not while it hands out shares).
            dim = view.my_turn and view.public.phase == "play"
            mark = "pick" if card in playable else ("dim" if dim else "")
            scene.add(kit.Card(f"hand.{i}", box, face(*card, lang), mark))
        if boxes:
            y = boxes[-1].bottom + 2 * kit.GAP
        else:  # played out: a word, not a row of no cards
            scene.text("hand.empty", kit.MARGIN, y, texts.PICTURE_NONE(lang), kit.BODY, kit.MUTED)
            y += kit.BODY + 2 * kit.GAP
        scene.text(
            "received.title", kit.MARGIN, y, texts.PICTURE_YOUR_RECEIVED(lang), kit.SMALL, kit.MUTED
        )
        y += kit.SMALL + kit.GAP
        # Row after row, never overlapping: a fan of many small cards hid their numbers,
        # which the suit sums are made of.
        boxes = kit.wrapped_boxes(kit.MARGIN, y, len(view.received), SMALL_W, SMALL_H)
        for i, (card, box) in enumerate(zip(view.received, boxes, strict=True)):
            scene.add(kit.Card(f"received.{i}", box, face(*card, lang)))
        if not view.received:
            scene.text(
                "received.empty", kit.MARGIN, y, texts.PICTURE_NONE(lang), kit.BODY, kit.MUTED
            )
            scene.height = y + SMALL_H + kit.MARGIN
            return scene
        # What decides each suit's majority at the end: the sum of its received cards, on as
        # many lines as they take.
        y = boxes[-1].bottom + kit.GAP
        sums = [
            f"{_suit(suit, lang)} {total}"
            for suit, total in enumerate(suit_sums(view.received))
            if total
        ]
        lines = [f"{texts.PICTURE_RECEIVED_SUMS(lang)} {sums[0]}"]
        for part in sums[1:]:
            joined = f"{lines[-1]} · {part}"
            if kit.text_width(joined, kit.SMALL) <= kit.WIDTH - 2 * kit.MARGIN:
                lines[-1] = joined
            else:
                lines.append(part)
        for i, line in enumerate(lines):
            scene.text(f"received.sums.{i}", kit.MARGIN, y, line, kit.SMALL, kit.MUTED)
            y += kit.SMALL + kit.GAP
        scene.height = y - kit.GAP + kit.MARGIN
        return scene

    def final(self, view: PublicView, result: Result, names: list[str], lang: Lang) -> kit.Scene:
        # Each game: its points, then per suit a token with the number of cards received, the
        # points it scored beside it, and under it the sum of those cards, which decides the
        # suit (the highest sum scores).
        line_h = 2 * kit.SMALL + 28 + 3 * kit.GAP

        def games(scene: kit.Scene, seat: int, row_y: int) -> None:
            for game in view.games:
                tag = f"final.{seat}.game{game.number}"
                score = texts.PICTURE_POINTS(lang, n=game.scores[seat])
                scene.text(
                    tag,
                    kit.MARGIN + kit.GAP,
                    row_y,
                    f"{texts.PICTURE_GAME(lang, n=game.number)}: {score}",
                    kit.SMALL,
                    kit.MUTED,
                )
                dot_y = row_y + kit.SMALL + kit.GAP
                for suit, points in enumerate(game.suit_points[seat]):
                    x = kit.MARGIN + kit.GAP + suit * 70
                    numbers = [n for s, n in game.received[seat] if s == suit]
                    scene.add(
                        kit.Dot(
                            f"{tag}.suit{suit}",
                            kit.Box(x, dot_y, 28, 28),
                            SUIT_FILL[suit],
                            outline=kit.GOLD if points else None,
                            label=str(len(numbers)),
                            ink=SUIT_INK[suit],
                        )
                    )
                    scene.text(
                        f"{tag}.suit{suit}.points",
                        x + 32,
                        dot_y + 2,
                        f"+{points}" if points else "·",
                        kit.SMALL,
                        kit.GOLD if points else kit.MUTED,
                        width=42,
                    )
                    if numbers:
                        scene.text(
                            f"{tag}.suit{suit}.sum",
                            x + 14,
                            dot_y + 28 + kit.GAP // 2,
                            f"Σ{sum(numbers)}",
                            kit.SMALL,
                            kit.GOLD if points else kit.MUTED,
                            anchor="ma",
                            width=66,
                        )
                row_y += line_h

        return kit.final_panels(
            texts.FINAL(lang),
            result,
            names,
            lambda n: texts.PICTURE_POINTS(lang, n=n),
            kit.BODY + 2 * kit.GAP + len(view.games) * line_h + kit.GAP,
            games,
        )


PICTURES = TakeAndSharePictures()
