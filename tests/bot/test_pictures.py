"""The game pictures: layouts read from the drawing code's own scenes for seeded positions of
every game, reference images per game and language, sizes, and hidden information."""

from __future__ import annotations

import io
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render.base import RenderContext
from bot.render.common import seat_mark
from bot.render.pictures import (
    final_job,
    hand_job,
    pictures_for,
    seat_names,
    table_job,
)
from bot.render.pictures import sakura as sakura_pictures
from bot.render.pictures.kit import (
    MARGIN,
    Box,
    Card,
    Dot,
    Scene,
    Text,
    ascent,
    encode,
    fit,
    paint,
    unmarked,
)
from games import registry
from games.core import State
from games.take_and_share.texts import SUITS
from tests.bot.test_renderers import PublicOnly, SeatOnly, record_for

GAMES = [game.id for game in registry.all()]
REFERENCES = Path(__file__).parent / "pictures"
NAMES = ["Aoi", "Ben", "Chika", "Dan", "Eri", "Fumi"]

#: A picture is shown this much of its size on a phone (390 px wide of its 480).
PHONE_SCALE = 390 / 480

#: A picture may weigh at most this much (Discord shows it on phones, often on mobile data).
MAX_BYTES = 150 * 1024


def position(game_id: str, players: int, seed: int, moves: int) -> State:
    """A seeded position: `moves` random legal moves from a seeded deal."""
    state = registry.get(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def finished(game_id: str, players: int, seed: int) -> State:
    return position(game_id, players, seed, 100_000)


def context(state: Any, game_id: str, lang: str = "ja", players: int | None = None) -> Any:
    count = players or len(state.public_view().model_dump().get("hand_sizes", [])) or 4
    record = record_for(game_id, count, lang, 1)
    for seat, info in enumerate(record.seats):
        info.name = NAMES[seat]
    return RenderContext(
        game=registry.get(game_id), state=state, record=record, lang=lang, events=[]
    )


def texts(scene: Scene, prefix: str) -> list[str]:
    return [i.text for i in scene.tagged(prefix) if isinstance(i, Text)]


def check_bounds(scene: Scene) -> None:
    """Everything lies on the canvas, and no text runs past the margins."""
    canvas = Box(0, 0, scene.width, scene.height)
    for item in scene.items:
        assert item.box.inside(canvas), (item.tag, item.box)
        if isinstance(item, Text):
            assert item.box.x >= MARGIN - 1 and item.box.right <= scene.width - MARGIN + 1, item


# -- layouts of seeded positions --------------------------------------------------------------


def first_position(game_id: str, players: int, seed: int, wanted: Any) -> State:
    """The first seeded position (`moves` 0, 1, 2 …) whose state `wanted` accepts."""
    for moves in range(200):
        state = position(game_id, players, seed, moves)
        if wanted(state):
            return state
    pytest.fail(f"no such position of {game_id}")


def test_kasane_grid_marks_the_front_cards_and_tableaus_show_scores() -> None:
    state = first_position(
        "kasane",
        4,
        3,
        lambda s: (
            s.public_view().step == "take"
            and any(slot.by is not None for slot in s.public_view().slots)
        ),
    )
    view = state.public_view()
    scene = pictures_for("kasane").table(view, NAMES[:4], "ja")
    check_bounds(scene)
    for r, row in enumerate(view.grid):
        cards = [scene.find(f"grid.{r}.{c}") for c in range(len(row.cards))]
        assert [c.face.label for c in cards] == [("+1" if n == 0 else str(n)) for n in row.cards]
        # Only the front card may be taken, and it is marked and drawn whole (nothing on it).
        assert [c.mark for c in cards] == [""] * (len(cards) - 1) + ["pick"]
        front = cards[-1].box
        assert all(c.box.x < front.x for c in cards[:-1])
        assert all(c.box.y == front.y for c in cards)
    rows = [scene.find(f"grid.{r}.0").box.y for r in range(len(view.grid))]
    assert rows == sorted(rows) and len(set(rows)) == len(rows)
    for seat, score in enumerate(view.scores):
        assert scene.find(f"seat.{seat}.score").text == f"{score}点"
        assert len(scene.tagged(f"seat.{seat}.tableau")) == len(view.tableaus[seat])
        hand = scene.find(f"seat.{seat}.hand")
        assert hand.text == f"手札{view.hand_sizes[seat]}枚"
        # The hand's size stays clear of the panel's frame (3 px, gold on the turn's seat).
        panel = scene.find(f"seat.{seat}").box
        assert hand.glyphs.bottom <= panel.bottom - 4 and hand.glyphs.right <= panel.right - 4
        # A tableau card's number is as large as a grid card's, so it reads as well on a
        # phone (a card's number is set at half its width or half its height less 4 px).
        grid_card = scene.find("grid.0.0").box
        for card in scene.tagged(f"seat.{seat}.tableau"):
            number = min(card.box.w // 2, card.box.h // 2 - 4)
            assert number >= min(grid_card.w // 2, grid_card.h // 2 - 4), card.tag
    for slot in view.slots:
        dot = scene.find(f"board.{slot.yaku}.{slot.count}.{slot.index}")
        assert isinstance(dot, Dot)
        if slot.used:
            assert dot.label == (seat_mark(slot.by) if slot.by is not None else "×")
        else:
            assert dot.label == str(slot.points)
    assert any(s.used and s.by is not None for s in view.slots), "position has no used slot"
    # The turn's seat is framed.
    assert scene.find(f"seat.{view.turn_seat}").outline is not None


@pytest.mark.parametrize("players", [3, 4])
def test_kasane_grid_shows_every_cards_number_whole(players: int) -> None:
    """In a row of the grid (five cards with three players, four with four), the card over
    another — and the front card's gold frame — leaves the number of the card under it whole,
    `+1` included; each row's number is beside the middle of its cards."""
    from bot.render.pictures.kit import font

    state = first_position(
        "kasane",
        players,
        2,
        lambda s: (
            s.public_view().step == "take"
            and any(0 in row.cards[:-1] for row in s.public_view().grid)
        ),
    )
    scene = pictures_for("kasane").table(state.public_view(), NAMES[:players], "en")
    check_bounds(scene)
    for r, row in enumerate(state.public_view().grid):
        cards = [scene.find(f"grid.{r}.{c}") for c in range(len(row.cards))]
        assert len(cards) == (5 if players == 3 else 4)
        for under, over in itertools.pairwise(cards):
            size = min(under.box.w // 2, under.box.h // 2 - 4)  # a card's number, as kit sets it
            _, _, right, _ = font(size).getbbox(under.face.label, anchor="mm")
            frame = 3 if over.mark == "pick" else 0
            assert under.box.x + under.box.w // 2 + right <= over.box.x - frame, (r, under.tag)
        label = scene.find(f"grid.{r}.label")
        middle = cards[0].box.y + cards[0].box.h / 2
        assert abs(label.glyphs.y + label.glyphs.h / 2 - middle) <= 2


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kasane_board_names_each_yaku_in_one_line_that_reads_on_a_phone(lang: str) -> None:
    """Each yaku's line names it whole, left of its tokens and centred on them: in Japanese by
    its Japanese name, on an English table by its reading (`Setsugetsu-fūka`, as the English
    text table's board names it), set at 16 px or more (13 px or more as a phone 390 px wide
    shows the picture) where a reading beneath a Japanese name was set at 14."""
    from games.kasane.texts import YAKU_NAME, YAKU_SHORT

    view = position("kasane", 4, 3, 15).public_view()
    scene = pictures_for("kasane").table(view, NAMES[:4], lang)
    check_bounds(scene)
    for yaku in YAKU_NAME:
        name = scene.find(f"board.{yaku}")
        assert isinstance(name, Text)
        assert name.text == YAKU_SHORT[yaku](lang)  # whole, not cut short
        japanese, english = YAKU_NAME[yaku].ja, YAKU_NAME[yaku].en
        assert name.text == japanese if lang == "ja" else english == f"{japanese} ({name.text})"
        assert name.size * PHONE_SCALE >= 13
        tokens = [d for d in scene.tagged(f"board.{yaku}") if isinstance(d, Dot)]
        assert name.box.right < min(d.box.x for d in tokens)
        middle = tokens[0].box.y + tokens[0].box.h / 2
        assert abs(name.glyphs.y + name.glyphs.h / 2 - middle) <= 3, yaku
        assert not scene.tagged(f"board.{yaku}.reading")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kasane_board_has_a_legend_of_its_tokens(lang: str) -> None:
    """Under the grid and the board, a token of each kind the board draws, as the board draws
    it, with what it means beside it (a free slot's number is the cards its meld needs),
    readable on a phone; the seats come below."""
    from games.kasane import texts as kasane_texts

    state = first_position(
        "kasane",
        4,
        3,
        lambda s: any(slot.used and slot.by is not None for slot in s.public_view().slots),
    )
    view = state.public_view()
    scene = pictures_for("kasane").table(view, NAMES[:4], lang)
    check_bounds(scene)
    free = next(s for s in view.slots if not s.used)
    taken = next(s for s in view.slots if s.used and s.by is not None)
    board_free = scene.find(f"board.{free.yaku}.{free.count}.{free.index}")
    board_taken = scene.find(f"board.{taken.yaku}.{taken.count}.{taken.index}")
    expected = {
        "free": ("3", board_free, kasane_texts.PICTURE_LEGEND_FREE(lang)),
        "taken": ("①", board_taken, kasane_texts.PICTURE_LEGEND_TAKEN(lang, seat="①")),
    }
    if any(s.used and s.by is None for s in view.slots):
        expected["preused"] = ("×", board_taken, kasane_texts.PICTURE_LEGEND_PREUSED(lang))
    else:
        assert not scene.tagged("legend.preused")
    assert scene.find("legend.both").text == kasane_texts.PICTURE_LEGEND_BOTH(lang)
    above = [i for i in scene.items if i.tag.split(".")[0] in ("grid", "board")]
    seats = scene.find("seat.0").box
    right = 0
    for key, (label, like, meaning) in expected.items():
        token, text = scene.find(f"legend.{key}"), scene.find(f"legend.{key}.text")
        assert isinstance(token, Dot) and token.label == label
        assert (token.fill, token.ink, token.box.h) == (like.fill, like.ink, like.box.h)
        assert text.text == meaning and text.size * 0.62 >= 13
        assert token.box.x > right and text.box.x > token.box.right
        assert abs(text.glyphs.y + text.glyphs.h / 2 - (token.box.y + token.box.h / 2)) <= 2
        right = text.box.right
        for item in (token, text):
            assert all(item.box.y >= other.box.bottom for other in above), item.tag
            assert item.box.bottom < seats.y
    assert right <= scene.width - MARGIN


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours."""

    def luminance(colour: tuple[int, int, int]) -> float:
        linear = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in (v / 255 for v in colour)
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kasane_board_tokens_read_on_a_phone(lang: str) -> None:
    """Every token of the yaku board — free, taken by a seat, used before the game — has its
    number or mark set at 13 px or more as a phone shows the picture (about 0.62 of its size),
    in high contrast on the token (WCAG's 7:1) and the token itself apart from the ground
    around it; a taken token says the seat's number inside its ring (the seat's mark, ①)."""
    from bot.render.pictures import kasane as kasane_pictures
    from bot.render.pictures.kit import BACKGROUND

    view = first_position(
        "kasane",
        4,
        3,
        lambda s: any(slot.used and slot.by is not None for slot in s.public_view().slots),
    ).public_view()
    scene = pictures_for("kasane").table(view, NAMES[:4], lang)
    check_bounds(scene)
    tokens = [i for i in scene.items if isinstance(i, Dot) and i.tag.startswith("board.")]
    assert len(tokens) == len(view.slots)
    taken = [s for s in view.slots if s.used and s.by is not None]
    for slot in taken:
        token = scene.find(f"board.{slot.yaku}.{slot.count}.{slot.index}")
        assert token.label == seat_mark(slot.by)
    for token in tokens + scene.tagged("legend"):
        if not isinstance(token, Dot):
            continue
        assert token.label_size * 0.62 >= 13, token.tag
        assert contrast(token.ink, token.fill) >= 7, token.tag
        if token.label in "①②③④":  # a taken token's edge is the ring of the seat's mark
            assert contrast(token.ink, BACKGROUND) >= 7, token.tag
            continue
        edge = token.outline if token.fill == BACKGROUND else token.fill
        assert edge is not None and contrast(edge, BACKGROUND) >= 3, token.tag
    assert kasane_pictures.TOKEN * 0.62 >= 18


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kasane_table_picture_is_compact_with_the_board_beside_the_grid(lang: str) -> None:
    """The table picture for four seats is at most 625 px tall (a phone shows it at about two
    thirds of that under the table's text): the round and the deck over the grid in the left
    column, the board from the top in the right column, each yaku's name whole left of its
    own tokens and the tokens within the margin, the legend under both."""
    from games.kasane.texts import YAKU_NAME, YAKU_SHORT

    view = position("kasane", 4, 3, 15).public_view()
    scene = pictures_for("kasane").table(view, NAMES[:4], lang)
    check_bounds(scene)
    assert scene.height <= 625
    left = [scene.find("header.round"), scene.find("header.deck"), *scene.tagged("grid")]
    board = scene.tagged("board")
    board_x = min(i.box.x for i in board)
    assert all(i.box.right < board_x for i in left), "the left column stays left of the board"
    assert min(i.box.y for i in board) == MARGIN
    for yaku in YAKU_NAME:
        tokens = [d for d in scene.tagged(f"board.{yaku}") if isinstance(d, Dot)]
        name = scene.find(f"board.{yaku}")
        assert name.text == YAKU_SHORT[yaku](lang)  # whole
        assert name.box.right < min(d.box.x for d in tokens)
        assert max(d.box.right for d in tokens) <= scene.width - MARGIN
    legend_y = min(i.box.y for i in scene.tagged("legend"))
    assert all(i.box.bottom <= legend_y for i in left + board)


def test_kasane_hand_runs_bottom_to_top_with_the_top_card_set_apart() -> None:
    state = position("kasane", 4, 3, 15)
    private = state.private_view(0)
    scene = pictures_for("kasane").hand(private, NAMES[:4], "en")
    check_bounds(scene)
    cards = [scene.find(f"hand.{i}") for i in range(len(private.hand))]
    assert [c.face.label for c in cards] == [("+1" if n == 0 else str(n)) for n in private.hand]
    assert [c.mark for c in cards] == [""] * (len(cards) - 1) + ["pick"]
    xs = [c.box.x for c in cards]
    assert xs == sorted(xs)
    # The tableau under the hand, named with its points (the hand's text beside the picture
    # no longer lists it).
    tableau = private.public.tableaus[0]
    assert tableau
    title = scene.find("tableau.title")
    assert private.public.scores[0] == 1 and title.text == "Tableau — 1 pt"
    placed = [scene.find(f"tableau.{i}") for i in range(len(tableau))]
    assert title.y > max(c.box.bottom for c in cards)
    assert min(c.box.y for c in placed) > title.y


def test_gogyo_hand_is_in_scoring_order_with_both_runs_marked() -> None:
    state = position("gogyo", 3, 5, 12)
    seat = state.to_act()[0]
    private = state.private_view(seat)
    scene = pictures_for("gogyo").hand(private, NAMES[:3], "ja")
    check_bounds(scene)
    best = private.best
    labels = [scene.find(f"hand.{i}").face.label for i in range(len(best.cards))]
    assert labels == [placed.card.name for placed in best.cards]
    for i, placed in enumerate(best.cards):
        assert bool(scene.tagged(f"hand.{i}.dynasty")) == placed.in_dynasty_run
        assert bool(scene.tagged(f"hand.{i}.element")) == placed.in_element_run
    assert scene.find("hand.best").text.startswith(f"最高{private.best_score}点")


def test_gogyo_table_shows_face_up_cards_and_backs_for_face_down_ones() -> None:
    for moves in range(0, 40):
        state = position("gogyo", 3, 7, moves)
        view = state.public_view()
        if any(p.face_down_count for p in view.players):
            break
    else:
        pytest.fail("no position with face-down cards")
    scene = pictures_for("gogyo").table(view, NAMES[:3], "en")
    check_bounds(scene)
    assert [scene.find(f"field.{i}").face.label for i in range(len(view.field))] == [
        c.name for c in view.field
    ]
    for player in view.players:
        cards = [i for i in scene.tagged(f"seat.{player.seat}.hand") if isinstance(i, Card)]
        assert [c.face.label for c in cards if not c.face.back] == [c.name for c in player.face_up]
        assert sum(c.face.back for c in cards) == player.face_down_count


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gogyo_table_labels_the_match_totals_and_the_discard_pile(lang: str) -> None:
    """Each seat's figure is called the match total (the hand picture shows the hand's own
    score), left of the figure and right of the name, on its panel; the face-up card beside
    the field is called the discard pile, above it."""
    state = first_position("gogyo", 4, 5, lambda s: s.public_view().discard_top is not None)
    view = state.public_view()
    names = ["CPU 1", *NAMES[1:4]]  # a CPU's name is drawn whole beside the total
    scene = pictures_for("gogyo").table(view, names, lang)
    check_bounds(scene)
    total_label, discard = {"ja": ("合計", "捨て札"), "en": ("total", "Discard pile")}[lang]
    for player in view.players:
        seat = player.seat
        panel = scene.find(f"seat.{seat}").box
        name, label = scene.find(f"seat.{seat}.name"), scene.find(f"seat.{seat}.total.label")
        total = scene.find(f"seat.{seat}.total")
        assert total.text == {"ja": f"{player.total}点", "en": str(player.total)}[lang]
        assert label.text == total_label and not name.text.endswith("…")
        assert name.box.right < label.box.x < label.box.right < total.box.x
        assert all(item.box.inside(panel) for item in (name, label, total))
        # On the figure's baseline.
        assert label.y + ascent(label.size) == total.y + ascent(total.size)
    card = scene.find("discard.top").box
    title = scene.find("discard.title")
    assert title.text == discard
    assert title.box.right == card.right and title.box.bottom <= card.y
    assert title.y == scene.find("field.title").y
    assert not any(title.box.overlaps(c.box) for c in scene.tagged("field"))


def test_take_and_share_hand_sets_the_playable_cards_apart() -> None:
    state = position("take_and_share", 4, 3, 9)
    seat = state.to_act()[0]
    private = state.private_view(seat)
    assert private.my_turn and 0 < len(private.playable) < len(private.hand)
    scene = pictures_for("take_and_share").hand(private, NAMES[:4], "en")
    check_bounds(scene)
    for i, card in enumerate(private.hand):
        item = scene.find(f"hand.{i}")
        assert item.face.label == str(card[1])
        assert item.mark == ("pick" if card in private.playable else "dim")
    # The title, the cards, and what each suit's received cards add up to.
    assert len(scene.tagged("received")) - 2 == len(private.received)
    assert scene.find("received.sums.0").text == "Sums: " + " · ".join(
        f"{SUITS[suit].name('en')} {sum(n for s, n in private.received if s == suit)}"
        for suit in sorted({s for s, _ in private.received})
    )


def test_take_and_share_received_cards_are_never_hidden_under_each_other() -> None:
    """However many cards a player has received, each shows whole, number included (the suit
    sums are made of them): row after row, none over another."""
    state = position("take_and_share", 3, 3, 9)
    many = sorted((suit, number) for suit in range(6) for number in (1, 5, 10))  # 18 cards
    private = state.private_view(0).model_copy(update={"received": many})
    scene = pictures_for("take_and_share").hand(private, NAMES[:3], "ja")
    check_bounds(scene)
    cards = [scene.find(f"received.{i}") for i in range(len(many))]
    assert [c.face.label for c in cards] == [str(n) for _, n in many]
    for i, card in enumerate(cards):
        assert not any(card.box.overlaps(other.box) for other in cards[i + 1 :]), card.tag
    assert len({c.box.y for c in cards}) > 1  # more than a row holds
    sums = scene.tagged("received.sums")
    assert [line.text for line in sums] == ["合計: 赤 16 · 黄 16 · 緑 16 · 青 16 · 紫 16 · 黒 16"]
    assert min(line.y for line in sums) > max(c.box.bottom for c in cards)
    # In English the suits' names take two lines.
    scene = pictures_for("take_and_share").hand(private, NAMES[:3], "en")
    check_bounds(scene)
    sums = scene.tagged("received.sums")
    assert [line.text for line in sums] == [
        "Sums: Red 16 · Yellow 16 · Green 16 · Blue 16",
        "Purple 16 · Black 16",
    ]


def test_take_and_share_table_shows_the_trick_shares_and_counts() -> None:
    state = position("take_and_share", 4, 3, 9)
    view = state.public_view()
    scene = pictures_for("take_and_share").table(view, NAMES[:4], "en")
    check_bounds(scene)
    assert len(view.trick) == 2
    for i, played in enumerate(view.trick):
        assert scene.find(f"trick.{i}").face.label == str(played.number)
        assert (
            scene.find(f"trick.{i}.seat").text == f"{seat_mark(played.seat)} {NAMES[played.seat]}"
        )
    assert [scene.find(f"share.{i}").face.label for i in range(len(view.share_cards))] == [
        str(n) for _, n in view.share_cards
    ]
    for seat in range(4):
        assert scene.find(f"seat.{seat}.counts").text == (
            f"hand {view.hand_sizes[seat]} · received {view.received_counts[seat]}"
        )


def test_irobae_trick_has_the_trump_marker_beside_its_card() -> None:
    for moves in range(10, 40):
        state = position("irobae", 4, 3, moves)
        view = state.public_view()
        if len(view.trick) >= 2 and view.marker not in (None, 0):
            break
    else:
        pytest.fail("no trick with the marker moved")
    scene = pictures_for("irobae").table(view, NAMES[:4], "ja")
    check_bounds(scene)
    marker, card = scene.find("trick.marker").box, scene.find(f"trick.{view.marker}").box
    assert card.x <= marker.x and marker.right <= card.right and marker.y >= card.bottom
    assert len(scene.tagged("trick.marker")) == 1
    assert scene.find("trick.trump").text.startswith("切り札: ")
    for seat in range(4):
        assert f"トリック{view.tricks_won[seat]}" in scene.find(f"seat.{seat}.counts").text
    seat = view.turn
    private = state.private_view(seat)
    hand = pictures_for("irobae").hand(private, NAMES[:4], "ja")
    marks = {c.face.label + c.face.corner: c.mark for c in hand.cards() if c.tag.startswith("hand")}
    assert len(marks) <= len(private.hand)
    for i, card in enumerate(private.hand):
        assert hand.find(f"hand.{i}").mark == ("pick" if card.id in private.playable else "dim")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kasane_end_sets_each_breakdown_label_apart_from_its_number(lang: str) -> None:
    """The label sits on a chip of its own and its number after it, so "+1" and "1" (or
    "手札0" and "0") never read as one number."""
    from games.kasane.texts import PICTURE_BREAKDOWN

    state = finished("kasane", 4, 11)
    result = state.result()
    scene = pictures_for("kasane").final(state.public_view(), result, NAMES[:4], lang)
    check_bounds(scene)
    for seat in range(4):
        panel = scene.find(f"final.{seat}").box
        right = 0
        for key, label in PICTURE_BREAKDOWN.items():
            tag = f"final.{seat}.breakdown.{key}"
            chip, text, value = (scene.find(t) for t in (f"{tag}.chip", tag, f"{tag}.value"))
            assert text.text == label(lang) and text.glyphs.inside(chip.box)
            # The label sits in the middle of its chip (a descender may take some of the
            # room below), and the number beside it on the same middle.
            above, under = text.glyphs.y - chip.box.y, chip.box.bottom - text.glyphs.bottom
            if not set(text.text) & set("gjpqy"):
                assert abs(above - under) <= 2, (text.text, above, under)
            middle = chip.box.y + chip.box.h / 2
            assert abs(value.glyphs.y + value.glyphs.h / 2 - middle) <= 1
            assert not any(chip.box.overlaps(c.box) for c in scene.tagged(f"final.{seat}.tableau"))
            assert value.text == str(result.breakdown[seat][key])
            assert value.box.x >= chip.box.right + 4 and value.ink != text.ink
            assert chip.box.x > right and value.box.inside(panel)
            right = value.box.right


@pytest.mark.parametrize("game_id", ["irobae", "take_and_share", "kasane"])
def test_hand_picture_of_an_abandoned_game_marks_no_card_playable(game_id: str) -> None:
    players, seed, moves = REFERENCE_POSITIONS[game_id]
    state = position(game_id, players, seed, moves)
    seat = state.to_act()[0]
    ctx = context(state, game_id, "en", players)
    marked = pictures_for(game_id).hand(state.private_view(seat), NAMES[:players], "en")
    assert any(card.mark == "pick" for card in marked.cards())
    playing = hand_job(ctx, seat)().data
    assert playing == encode(marked, paint(marked))
    ctx.record.status = "abandoned"
    cleared = unmarked(pictures_for(game_id).hand(state.private_view(seat), NAMES[:players], "en"))
    assert {card.mark for card in cleared.cards()} == {""}
    assert len(list(cleared.cards())) == len(list(marked.cards()))
    assert hand_job(ctx, seat)().data == encode(cleared, paint(cleared)) != playing


def test_take_and_share_last_tricks_cards_are_not_called_a_share() -> None:
    """The last trick's share hands out the previous share cards; after it the face-up cards
    are the last trick's own, which are never handed out."""
    from games.take_and_share import texts as ts_texts

    last_share = first_position(
        "take_and_share",
        3,
        5,
        lambda s: s.public_view().phase == "share" and not any(s.public_view().hand_sizes),
    )
    view = last_share.public_view()
    scene = pictures_for("take_and_share").table(view, NAMES[:3], "ja")
    assert scene.find("share.title").text == ts_texts.PICTURE_SHARE("ja")
    assert [c.face.label for c in scene.tagged("share") if isinstance(c, Card)] == [
        str(number) for _, number in view.to_give
    ]
    state = finished("take_and_share", 3, 5)
    view = state.public_view()
    assert view.phase == "over" and view.share_cards
    for lang in ("ja", "en"):
        scene = pictures_for("take_and_share").table(view, NAMES[:3], lang)
        assert scene.find("share.title").text == ts_texts.UNSHARED(lang)
        assert ts_texts.PICTURE_SHARE(lang) not in [t.text for t in scene.texts()]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_take_and_share_table_at_the_end_has_no_trick_area(lang: str) -> None:
    """No trick is in play once the game is over: the last trick's cards come right under the
    title, and the picture is shorter than one with a trick in play."""
    state = finished("take_and_share", 3, 5)
    view = state.public_view()
    end = pictures_for("take_and_share").table(view, NAMES[:3], lang)
    check_bounds(end)
    assert not end.tagged("trick")
    title = end.find("header")
    assert end.find("share.title").y == title.y + title.size + 2 * 8
    playing = first_position("take_and_share", 3, 5, lambda s: s.public_view().phase == "play")
    during = pictures_for("take_and_share").table(playing.public_view(), NAMES[:3], lang)
    assert during.tagged("trick.title") and end.height < during.height
    # The played-out hand says so in a line, its received cards right under it.
    hand = pictures_for("take_and_share").hand(state.private_view(0), NAMES[:3], lang)
    check_bounds(hand)
    assert not any(card.tag.startswith("hand.") for card in hand.cards())
    empty = hand.find("hand.empty")
    assert empty.text == {"ja": "なし", "en": "none"}[lang]
    assert hand.find("received.title").y == empty.y + empty.size + 2 * 8


def test_take_and_share_end_shows_the_sums_that_decide_each_suit() -> None:
    state = finished("take_and_share", 3, 5)
    view = state.public_view()
    scene = pictures_for("take_and_share").final(view, state.result(), NAMES[:3], "en")
    check_bounds(scene)
    for game in view.games:
        for seat in range(3):
            tag = f"final.{seat}.game{game.number}"
            panel = scene.find(f"final.{seat}").box
            for suit, points in enumerate(game.suit_points[seat]):
                numbers = [n for s, n in game.received[seat] if s == suit]
                assert scene.find(f"{tag}.suit{suit}").label == str(len(numbers))
                if not numbers:
                    assert not scene.tagged(f"{tag}.suit{suit}.sum")
                    continue
                total = scene.find(f"{tag}.suit{suit}.sum")
                assert total.text == f"Σ{sum(numbers)}" and total.box.inside(panel)
                best = max(sum(n for s, n in cards if s == suit) for cards in game.received)
                assert (points > 0) == (sum(numbers) == best)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_irobae_seats_say_who_has_passed_and_the_end_has_no_trump(lang: str) -> None:
    passing = first_position(
        "irobae",
        4,
        3,
        lambda s: s.public_view().phase == "pass" and 0 < sum(s.public_view().passed) < 4,
    )
    view = passing.public_view()
    scene = pictures_for("irobae").table(view, NAMES[:4], lang)
    check_bounds(scene)
    hand, passed = {"ja": ("手札9", "交換済み"), "en": ("hand 9", "passed")}[lang]
    for seat in range(4):
        expected = f"{hand} · {passed}" if view.passed[seat] else hand
        assert scene.find(f"seat.{seat}.counts").text == expected
    state = finished("irobae", 3, 11)
    end = pictures_for("irobae").table(state.public_view(), NAMES[:3], lang)
    check_bounds(end)
    assert not end.tagged("trick")
    assert not any(word in t.text for t in end.texts() for word in ("trump", "切り札"))
    assert end.find("last.title").box.y > end.find("seat.0").box.bottom


def test_sakura_turn_flowers_risk_and_mastery_cards() -> None:
    for moves in range(1, 60):
        state = position("sakura", 3, 4, moves)
        view = state.public_view()
        if view.turn and sum(view.turn.flowers.values()) >= 3:
            break
    else:
        pytest.fail("no turn with flowers")
    scene = pictures_for("sakura").table(view, NAMES[:3], "en")
    check_bounds(scene)
    for colour, count in view.turn.flowers.items():
        if count:
            assert scene.find(f"turn.flowers.{colour}").label == str(count)
        else:
            assert not scene.tagged(f"turn.flowers.{colour}")
    assert (
        f"same colour {view.turn.same_colour}/{view.turn.same_colour_limit}"
        in scene.find("turn.risk").text
    )
    for i, card in enumerate(view.cards):
        expected = "dim" if card.used else ("pick" if card.qualifies else "")
        assert scene.find(f"cards.{i}").mark == expected
    for seat_view in view.seats:
        assert scene.find(f"seat.{seat_view.seat}.score").text == f"{seat_view.field_score} pts"
        assert scene.find(f"seat.{seat_view.seat}.screen").text == (
            f"screen {seat_view.screen_count}"
        )


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_sakura_mastery_cards_say_what_qualifies_readably_on_a_phone(lang: str) -> None:
    """Each mastery card's condition (or "used") is set at 13 px or more as a phone shows the
    picture (about 0.62 of its size), whole on one line of the card under the card's name; a
    condition says what qualifies in a few words (`4色そろう`, not `4色`), and the table keeps
    its height."""
    from games.sakura import texts as sakura_texts

    view = first_position(
        "sakura", 3, 4, lambda s: any(card.used for card in s.public_view().cards)
    ).public_view()
    scene = pictures_for("sakura").table(view, NAMES[:3], lang)
    check_bounds(scene)
    for condition in sakura_texts.CONDITIONS.values():
        assert len(condition(lang)) >= 4, condition(lang)
    for i, card in enumerate(view.cards):
        item = scene.find(f"cards.{i}")
        wanted = (
            sakura_texts.PICTURE_USED(lang)
            if card.used
            else sakura_texts.CONDITIONS[card.condition](lang)
        )
        assert item.face.sub == wanted
        assert item.face.sub_size * 0.62 >= 13
        assert fit(wanted, item.face.sub_size, item.box.w - 6) == wanted
        assert item.box.h <= 64
    assert scene.height <= 450


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_sakura_seats_show_every_colour_and_the_screen_readable_on_a_phone(lang: str) -> None:
    """A field of all six colours with two-digit counts and a two-digit screen, four seats:
    every count and the screen's count are drawn whole, inside the seat's panel, large enough
    to read at the about 0.6 scale a phone shows the picture at."""
    view = position("sakura", 4, 4, 40).public_view()
    full = {colour: 10 + i for i, colour in enumerate(sakura_pictures.COLOURS)}
    view = view.model_copy(
        update={
            "seats": [s.model_copy(update={"field": full, "screen_count": 12}) for s in view.seats]
        }
    )
    scene = pictures_for("sakura").table(view, NAMES[:4], lang)
    check_bounds(scene)
    screen = {"ja": "ついたて12個", "en": "screen 12"}[lang]
    for seat in range(4):
        panel = scene.find(f"seat.{seat}").box
        dots = scene.tagged(f"seat.{seat}.field")
        assert [d.label for d in dots if isinstance(d, Dot)] == [str(n) for n in full.values()]
        for dot in dots:
            assert isinstance(dot, Dot) and dot.box.inside(panel)
            assert dot.label_size * 0.6 >= 13 and dot.box.h * 0.6 >= 18
        assert not any(a.box.overlaps(b.box) for a, b in itertools.pairwise(dots))
        label = scene.find(f"seat.{seat}.screen")
        assert label.text == screen and label.box.inside(panel) and label.size * 0.6 >= 12


@pytest.mark.parametrize("game_id", GAMES)
def test_final_picture_orders_seats_by_score_with_totals(game_id: str) -> None:
    game = registry.get(game_id)
    players = max(3, game.min_players)
    state = finished(game_id, players, 11)
    result = state.result()
    scene = pictures_for(game_id).final(state.public_view(), result, NAMES[:players], "en")
    check_bounds(scene)
    totals = [scene.find(f"final.{seat}.total").text for seat in range(players)]
    assert [t.split()[0] for t in totals] == [str(s) for s in result.scores]
    names = [scene.find(f"final.{seat}.name") for seat in range(players)]
    for seat, name in enumerate(names):
        assert name.text.startswith("★") == (seat in result.winners)
    if game_id != "irobae":  # the deal table has one column per seat, in seat order
        ys = sorted(range(players), key=lambda s: names[s].y)
        assert [result.scores[s] for s in ys] == sorted(result.scores, reverse=True)
    else:
        view = state.public_view()
        for d, row in enumerate(view.deal_scores):
            for seat, score in enumerate(row):
                assert scene.find(f"final.deal{d + 1}.{seat}").text == (
                    f"{score:+d}" if score else "0"
                )


# -- every position: on the canvas, small enough ------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_over_a_whole_game_stay_on_canvas_and_small(game_id: str) -> None:
    game = registry.get(game_id)
    pictures = pictures_for(game_id)
    players = game.max_players
    state = game.new(players, seed=21)
    rng = random.Random(21)
    names = ["名前がとても長いプレイヤーさん" * 3, *NAMES][:players]
    step = 0
    while not state.is_over():
        if step % 7 == 0:
            lang = "ja" if step % 2 else "en"
            scenes = [pictures.table(state.public_view(), names, lang)]
            scenes += [pictures.hand(state.private_view(s), names, lang) for s in state.to_act()]
            for scene in scenes:
                check_bounds(scene)
                assert len(encode(scene, paint(scene))) <= MAX_BYTES
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    scene = pictures.final(state.public_view(), state.result(), names, "ja")
    check_bounds(scene)
    assert len(encode(scene, paint(scene))) <= MAX_BYTES


# -- hidden information ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_table_and_end_pictures_are_drawn_from_the_public_view_only(game_id: str) -> None:
    """The jobs of the bot, run on a state that only answers public questions, give the very
    same bytes as on the real state; a hand job reads only its own seat."""
    game = registry.get(game_id)
    players = game.min_players
    state = game.new(players, seed=5)
    rng = random.Random(5)
    step = 0
    while True:
        if step % 9 == 0 or state.is_over():
            real = table_job(context(state, game_id, players=players))()
            masked = table_job(context(PublicOnly(state), game_id, players=players))()
            assert real == masked
            for seat in state.to_act()[:1]:
                own = hand_job(context(SeatOnly(state, seat), game_id, players=players), seat)()
                assert own.data
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    real = final_job(context(state, game_id, players=players))()
    assert real == final_job(context(PublicOnly(state), game_id, players=players))()


def test_gogyo_face_down_cards_never_appear_in_the_table_picture() -> None:
    state = registry.get("gogyo").new(3, seed=8)
    rng = random.Random(8)
    seen_down = 0
    while not state.is_over():
        scene = pictures_for("gogyo").table(state.public_view(), NAMES[:3], "ja")
        drawn = {c.face.label for c in scene.cards() if not c.face.back}
        drawn |= {t.text for t in scene.texts()}
        for seat in range(3):
            for card in state.private_view(seat).hand:
                if card.face_down and card.name not in ("天", "閥"):
                    seen_down += 1
                    assert card.name not in drawn
                    assert not any(card.name in text for text in drawn)
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen_down > 0


def test_seat_names_are_printable_and_mark_cpu_players() -> None:
    state = position("kasane", 3, 1, 0)
    ctx = context(state, "kasane", players=3)
    ctx.record.seats[0].name = "evil\nname\x00"
    ctx.record.seats[1].user_id = None
    names = seat_names(ctx)
    assert names[0] == "evil name"
    assert names[1] == "CPU Ben"
    ctx.record.seats[2].user_id, ctx.record.seats[2].name = None, "CPU 2"
    assert seat_names(ctx)[2] == "CPU 2"


# -- reference images --------------------------------------------------------------------------

#: The reference positions: (game, players, seed, moves).
REFERENCE_POSITIONS = {
    "kasane": (4, 3, 15),
    "gogyo": (3, 5, 12),
    "take_and_share": (4, 3, 9),
    "irobae": (4, 3, 13),
    "sakura": (3, 4, 9),
    "high_card": (3, 2, 4),
}


def compare_with_reference(png: bytes, name: str) -> None:
    """Compare at half size with a tolerance; on a difference (or no reference yet) write the
    new image beside the reference as `<name>.new.png` for review and fail."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize((image.width // 2, image.height // 2), Image.Resampling.BOX)
    reference_path = REFERENCES / f"{name}.png"
    new_path = REFERENCES / f"{name}.new.png"
    problem = None
    if not reference_path.exists():
        problem = "no reference image"
    else:
        reference = Image.open(reference_path).convert("RGB")
        if reference.size != small.size:
            problem = f"size {small.size} instead of {reference.size}"
        else:
            diff = ImageChops.difference(reference, small).convert("L")
            mean = ImageStat.Stat(diff).mean[0]
            changed = diff.point(lambda v: 255 if v > 32 else 0).histogram()[255]
            share = changed / (small.width * small.height)
            # The same drawing gives the same pixels; the tolerance is for a font rasteriser
            # of another Pillow release. A changed label on one card is well above it.
            if mean > 0.5 or share > 0.0005:
                problem = f"mean difference {mean:.2f}, {share:.2%} of pixels changed"
    if problem:
        small.save(new_path, optimize=True)
        pytest.fail(f"{name}: {problem}; the new picture is in {new_path} for review")
    new_path.unlink(missing_ok=True)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_table_picture_matches_its_reference(game_id: str, lang: str) -> None:
    players, seed, moves = REFERENCE_POSITIONS[game_id]
    state = position(game_id, players, seed, moves)
    picture = table_job(context(state, game_id, lang, players))()
    compare_with_reference(picture.data, f"{game_id}.table.{lang}")


@pytest.mark.parametrize("game_id", GAMES)
def test_hand_picture_matches_its_reference(game_id: str) -> None:
    players, seed, moves = REFERENCE_POSITIONS[game_id]
    state = position(game_id, players, seed, moves)
    seat = state.to_act()[0]
    picture = hand_job(context(state, game_id, "ja", players), seat)()
    compare_with_reference(picture.data, f"{game_id}.hand.ja")
