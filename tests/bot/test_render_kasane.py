"""襲ノ色目 as a player reads it: the text-only table (the grid with the takeable cards, a line a
seat, the yaku board with its used slots, recent moves); the hand as the player's screen (the
grid's rows with what each take gives and a take button a row, the melds with their cards and
points); the log's lines and the round's summary; the quick reference's pages; and the table
picture's board, tableaus and grid."""

from __future__ import annotations

import itertools

import pytest

from bot.publish import compose
from bot.render.common import PHONE_COLUMNS, TABLE_LOG_ROWS, display_width, seat_mark
from bot.render.kasane import RENDERER, card
from bot.session import Session
from games.core import Rng
from games.kasane import texts
from tests.bot.test_renderers import play_until, session_for


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_text_beside_the_picture_takes_few_lines(lang: str) -> None:
    """Beside the table's picture: titled with the round alone (the footer names the game),
    whose turn it is and every seat's points under it, while a card is to be taken the card
    each row's button takes (for whoever does not see the picture), then the last move — no
    more, so that the table with its grid's moves fits a phone's screen."""
    from bot.i18n import messages as msg

    session = session_for("kasane", 4, lang, 11)
    play_until(session, Rng(11), lambda s: len(s.state.public_view().tableaus[1]) >= 3)
    view = session.state.public_view()
    ctx = compose.context(session, pictures=True)
    embed = RENDERER.table(ctx).embeds[0].to_dict()
    assert embed["title"] == texts.ROUND(lang, round=view.round, rounds=view.rounds)
    assert "#1" in embed["footer"]["text"] and "襲ノ色目" in embed["footer"]["text"]
    assert view.step == "take"
    turn, standing, takeable = embed["description"].split("\n")
    assert takeable == f"{texts.TAKEABLE(lang)}: " + " · ".join(
        f"`{n}` {card(row.front)}" for n, row in enumerate(view.grid, start=1) if row.cards
    )
    assert seat_mark(view.turn_seat) in turn
    assert standing == " · ".join(
        f"{seat_mark(s)} {session.record.seats[s].name} {texts.POINTS(lang, n=view.scores[s])}"
        for s in range(4)
    )
    assert [field["name"] for field in embed["fields"]] == [msg.TABLE_RECENT_MOVES(lang)]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_text_table_in_brief(lang: str) -> None:
    session = session_for("kasane", 4, lang, 11)
    play_until(session, Rng(11), lambda s: len(s.state.public_view().tableaus[1]) >= 3)
    view = session.state.public_view()
    ctx = compose.context(session)
    embed = RENDERER.table(ctx).embeds[0].to_dict()
    assert embed["title"] == texts.ROUND(lang, round=view.round, rounds=view.rounds)
    lines = embed["description"].splitlines()
    deck = texts.DECK(lang, deck=view.deck_size, discard=view.discard_size)
    assert f"**{texts.GRID(lang)}** · {deck}" in lines
    for n, row in enumerate(view.grid, start=1):
        if row.cards:  # the takeable card of each row in 【】
            assert any(
                line.startswith(f"`{n}` ") and line.endswith(f"【{card(row.front)}】")
                for line in lines
            )
    for seat in range(4):
        line = next(line for line in lines if line.startswith(f"**{seat_mark(seat)} "))
        assert texts.POINTS(lang, n=view.scores[seat]) in line
        assert texts.HAND(lang, n=view.hand_sizes[seat]) in line
        tableau = view.tableaus[seat]
        if tableau:  # how many cards, and the top one (a meld may use it)
            assert line.endswith(texts.TABLEAU_BRIEF(lang, n=len(tableau), top=card(tableau[-1])))
        else:
            assert line.endswith(texts.HAND(lang, n=view.hand_sizes[seat]))
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    board = fields[texts.YAKU_BOARD(lang)]
    # Every yaku, by its short name, with a mark for each slot; lines stay within a phone.
    for yaku in texts.YAKU_NAME:
        assert f"**{texts.YAKU_SHORT[yaku](lang)}** " in board
    assert board.count("○") + sum(board.count(seat_mark(s)) for s in range(4)) + board.count(
        "×"
    ) == len(view.slots)
    for line in board.splitlines():
        assert display_width(line.replace("**", "")) <= PHONE_COLUMNS or " · " not in line
    used = [s for s in view.slots if s.used and s.by is not None]
    assert used and all(seat_mark(s.by) in board for s in used)  # type: ignore[arg-type]
    log = fields[texts.LOG(lang)].splitlines()
    assert 1 <= len(log) <= TABLE_LOG_ROWS


@pytest.mark.parametrize("pictures", [True, False])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_take_buttons_name_their_rows_briefly(lang: str, pictures: bool) -> None:
    """One take button per row with cards, for the seat to act, all in the first row of
    buttons: each named by its row alone (`Row 2`, `2行目`, numbered as the picture and the
    text table number the rows), with no colour mark, so that four share a phone's line."""
    session = session_for("kasane", 4, lang, 11)
    play_until(session, Rng(11), lambda s: len(s.state.public_view().tableaus[1]) >= 3)
    view = session.state.public_view()
    assert view.step == "take" and view.turn_seat is not None
    ctx = compose.context(session, pictures=pictures)
    buttons = RENDERER.table(ctx).controls
    rows = [r for r, row in enumerate(view.grid) if row.cards]
    assert [(b.action, b.seat, b.row, b.emoji) for b in buttons] == [
        (f"take.{r}", view.turn_seat, 0, None) for r in rows
    ]
    assert [b.label for b in buttons] == [
        {"ja": f"{r + 1}行目", "en": f"Row {r + 1}"}[lang] for r in rows
    ]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_plus_one_take_is_logged_as_its_point_not_as_a_failed_meld(lang: str) -> None:
    """Taking a +1 scores a point and ends the turn: the log says so, and does not report a
    meld the player could not make as one they did not make. A meld skipped by choice is
    still logged."""
    from games.core import Event

    session = session_for("kasane", 3, lang, 5)
    ctx = compose.context(session)
    plus_one = Event(kind="take", seat=1, data={"row": 2, "card": 0, "points": 1})
    forced = Event(kind="no_meld", seat=1, data={"forced": True})
    chosen = Event(kind="no_meld", seat=1)
    name = ctx.seat_label(1)
    expected = {"ja": f"{name}が3行目の+1を獲得: 1点", "en": f"{name} took row 3: +1, 1 point"}
    assert RENDERER.event_text(ctx, plus_one) == expected[lang]
    assert RENDERER.event_text(ctx, forced) is None
    assert RENDERER.event_text(ctx, chosen) == texts.EVENTS["no_meld"](lang, player=name)
    session.events.extend([(1, plus_one), (1, forced)])
    log = RENDERER.table(compose.context(session, pictures=True)).embeds[0].to_dict()
    # The latest of the recent moves is the take.
    assert log["fields"][-1]["value"].splitlines()[-1] == f"• {expected[lang]}"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_where_slots_are_shown_one_player_may_take_both_of_a_count(lang: str) -> None:
    """The rules' decision (one player may take both slots of a count; a red-frame yaku's
    first is worth 4, its second 3) is said where the slots are explained: the quick
    reference and the rules."""
    from games import registry

    said = {
        "ja": "同じ人が両方を使うこともできます（赤枠の役なら1回目4点、2回目3点）",
        "en": "one player may take both (a red-frame yaku: 4 points first, then 3)",
    }[lang]
    reference = RENDERER.reference(compose.context(session_for("kasane", 3, lang, 5)))
    assert said in reference[0].description
    rules = registry.get("kasane").texts.RULES(lang)
    assert (
        "同じ人が両方のマスを使うこともできます" if lang == "ja" else "one player may take both"
    ) in rules


# -- the hand as the player's screen ----------------------------------------------------------


def taking(lang: str) -> tuple[Session, int]:
    """A three-player game at the turn of the seat to act, to take: its hand a lone 4, the
    grid's fronts a 6 (拾 with the 4, 1 point), a +1 and a 9 (nothing with the 4)."""
    session = session_for("kasane", 3, lang, 5)
    state = session.state
    seat = state.to_act()[0]
    state.grid = [[3, 6], [2, 0], [5, 9]]
    state.hands[seat] = [4]
    state.tableaus[seat] = []
    return session, seat


TAKES = {
    "en": [
        "`1` 🟨3 【🟪6】 → **Jū 2 cards +1**",
        "`2` 🟧2 【✚+1】 → **+1 pt**",
        "`3` 🟦5 【⬜9】 → **no meld**",
    ],
    "ja": [
        "`1` 🟨3 【🟪6】 → **拾 2枚 +1**",
        "`2` 🟧2 【✚+1】 → **+1点**",
        "`3` 🟦5 【⬜9】 → **役なし**",
    ],
}
TAKE_LABELS = {
    "en": ["Row 1 +1", "Row 2 +1", "Row 3"],
    "ja": ["1行目 +1", "2行目 +1", "3行目"],
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_hand_to_take_shows_the_rows_and_what_each_take_gives(lang: str) -> None:
    """On its turn to take, the hand in words lists the grid's rows above the hand (each row's
    cards, its front card in 【】, and what taking it gives: the best meld it then allows, a
    +1's point, or no meld) and carries a take button a row, each saying the points its take
    gives; the table keeps its own take buttons."""
    session, seat = taking(lang)
    rendered = RENDERER.hand(compose.context(session), seat)
    embed = rendered.embeds[0].to_dict()
    assert embed["description"] == f"**{texts.TAKE_PROMPT(lang)}**"
    fields = embed["fields"]
    assert fields[0]["name"] == texts.TAKES(lang)
    assert fields[0]["value"].splitlines() == TAKES[lang]
    assert [f["name"] for f in fields[1:]] == [
        texts.YOUR_HAND(lang),
        texts.TABLEAU_POINTS(lang, n=0),
    ]
    assert [(c.label, c.action, c.seat) for c in rendered.controls] == [
        (label, f"take.{r}", seat) for r, label in enumerate(TAKE_LABELS[lang])
    ]
    assert rendered.content is None
    table = RENDERER.table(compose.context(session))
    assert [c.action for c in table.controls] == ["take.0", "take.1", "take.2"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_hand_to_take_beside_its_picture(lang: str) -> None:
    """With its picture the hand says only whose turn it is and what to do; the picture
    draws the rows with what each take gives right of them, the hand under them; the take
    buttons are the same."""
    from bot.render.pictures import pictures_for

    session, seat = taking(lang)
    ctx = compose.context(session, pictures=True)
    rendered = RENDERER.hand(ctx, seat)
    embed = rendered.embeds[0].to_dict()
    assert embed["description"] == f"**{texts.TAKE_PROMPT(lang)}**"
    assert "fields" not in embed or not embed["fields"]
    assert [c.label for c in rendered.controls] == TAKE_LABELS[lang]
    scene = pictures_for("kasane").hand(session.state.private_view(seat), ["A", "B", "C"], lang)
    gains = [scene.find(f"take.{r}").text for r in range(3)]
    assert gains == [line.split("**")[1] for line in TAKES[lang]]
    fronts = [scene.find(f"grid.{r}.1") for r in range(3)]
    assert [c.face.label for c in fronts] == ["6", "+1", "9"]
    assert {c.mark for c in fronts} == {"pick"}
    # The rows come above the hand, whose top card is not framed while a card is taken.
    hand = scene.find("hand.0")
    assert hand.box.y > max(c.box.bottom for c in fronts) and hand.mark == ""


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_many_melds_are_one_select_with_their_cards_and_points(lang: str) -> None:
    """At the meld step each meld says its yaku, its cards' count and its points: up to
    `MELD_BUTTONS_MAX` as buttons (their cards listed above them), more as one select (one
    tap, no confirmation) whose options list the cards; No meld says the turn ends."""
    from bot.render.base import Button, Select
    from bot.render.kasane import MELD_BUTTONS_MAX

    session, seat = taking(lang)
    state = session.state
    state.hands[seat] = [1, 3, 5, 5, 5]
    state.step = "meld"
    private = state.private_view(seat)
    assert len(private.melds) > MELD_BUTTONS_MAX
    rendered = RENDERER.hand(compose.context(session), seat)
    select, skip = rendered.controls
    assert isinstance(select, Select) and not select.confirm and select.max_values == 1
    first = select.options[0]
    assert first.label == texts.MELD_LABEL(
        lang, yaku=texts.YAKU_SHORT["kachofugetsu"](lang), count=5, points=6
    )
    assert first.description == "🟥1 🟨3 🟦5 🟦5 🟦5"
    assert [o.value for o in select.options] == [m.action for m in private.melds]
    assert isinstance(skip, Button) and skip.action == "pass"
    assert skip.label == {"ja": "役を作らず終える", "en": "No meld, end turn"}[lang]
    state.hands[seat] = [4, 6]
    rendered = RENDERER.hand(compose.context(session), seat)
    assert [c.label for c in rendered.controls] == [
        texts.MELD_LABEL(lang, yaku=texts.YAKU_SHORT["ju"](lang), count=2, points=1),
        texts.NO_MELD(lang),
    ]
    melds = rendered.embeds[0].to_dict()["fields"][0]
    assert melds["name"] == texts.MELDS(lang)
    assert melds["value"] == f"{rendered.controls[0].label} — 🟩4 🟪6"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_waiting_hand_names_whose_turn_it_is_and_offers_no_move(lang: str) -> None:
    session, seat = taking(lang)
    other = (seat + 1) % 3
    rendered = RENDERER.hand(compose.context(session), other)
    assert rendered.controls == []
    assert rendered.content == texts.WAIT(lang, who=compose.context(session).seat_label(seat))
    assert texts.TAKES(lang) not in [f.name for f in rendered.embeds[0].fields]


# -- the log ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_log_lines_say_what_was_taken_and_made(lang: str) -> None:
    """A take names the row and its card; a meld its yaku, cards and points."""
    from games.core import Event

    session = session_for("kasane", 3, lang, 5)
    ctx = compose.context(session)
    name = ctx.seat_label(2)
    take = Event(kind="take", seat=2, data={"row": 2, "card": 6})
    meld = Event(
        kind="meld",
        seat=2,
        data={"yaku": "chidori", "count": 3, "points": 4, "cards": [3, 8, 9], "top": False},
    )
    assert (
        RENDERER.event_text(ctx, take)
        == {
            "en": f"{name} took row 3: 🟪6",
            "ja": f"{name}が3行目の🟪6を獲得",
        }[lang]
    )
    assert (
        RENDERER.event_text(ctx, meld)
        == {
            "en": f"{name} made Chidori (🟨3 ⬛8 ⬜9): 4 points",
            "ja": f"{name}が千鳥を達成（🟨3 ⬛8 ⬜9）: 4点",
        }[lang]
    )


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_rounds_end_sums_up_each_seats_points(lang: str) -> None:
    """The round's end is its summary: each seat's points in the round and in all (its start
    said where each stood); the game's end gives the final scores with their end bonuses."""
    from bot.render.common import seat_title

    session = session_for("kasane", 3, lang, 5)
    rng, moves = Rng(5), 0
    while session.state.round == 1:
        moves = play_until(session, rng, lambda s, n=moves: s.record.version > n, moves=moves)
    ctx = compose.context(session)
    start = next(e for _, e in session.events if e.kind == "round_start")
    end = next(e for _, e in session.events if e.kind == "round_end")
    before, after = start.data["scores"], end.data["scores"]
    assert before == [0, 0, 0] and after == session.state.scores_so_far()
    parts = [
        texts.ROUND_SEAT(lang, seat=seat_title(ctx, s), gained=after[s] - before[s], total=after[s])
        for s in range(3)
    ]
    head = texts.EVENTS["round_end"](lang, round=1)
    assert RENDERER.event_text(ctx, end) == f"🔔 **{head}** · " + " · ".join(parts)
    # Without the round's start at hand, the totals alone.
    session.events.clear()
    alone = RENDERER.event_text(compose.context(session), end)
    assert alone == f"🔔 **{head}** · " + " · ".join(
        texts.ROUND_SEAT_TOTAL(lang, seat=seat_title(ctx, s), total=after[s]) for s in range(3)
    )
    while not session.state.is_over():
        moves = play_until(session, rng, lambda s, n=moves: s.record.version > n, moves=moves)
    over = next(e for _, e in session.events if e.kind == "game_over")
    result = session.state.result()
    line = RENDERER.event_text(compose.context(session), over)
    assert line is not None and line.startswith(f"🏁 **{texts.EVENTS['game_over'](lang)}** · ")
    for s in range(3):
        parts_of = result.breakdown[s]
        bonus = parts_of["colour_bonus"] + parts_of["empty_hand_bonus"]
        who = seat_title(ctx, s)
        expected = (
            texts.FINAL_SEAT_BONUS(lang, seat=who, total=result.scores[s], bonus=bonus)
            if bonus
            else texts.FINAL_SEAT(lang, seat=who, total=result.scores[s])
        )
        assert expected in line


# -- the quick reference and the table picture --------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_quick_reference_comes_in_phone_sized_pages(lang: str) -> None:
    """Every yaku once, over pages of at most five yaku (each page a phone's screen), the
    first opening with how the board reads; each page numbered."""
    pages = RENDERER.reference(compose.context(session_for("kasane", 4, lang, 5)))
    assert len(pages) == 2
    names = [field.name for page in pages for field in page.fields]
    assert names == [texts.YAKU_NAME[y](lang) for y in texts.YAKU_NAME]
    assert all(len(page.fields) <= 5 for page in pages)
    assert [page.title for page in pages] == [texts.REF_YAKU(lang, page=n, pages=2) for n in (1, 2)]
    assert pages[0].description == texts.REF_NOTATION(lang) and pages[1].description is None


@pytest.mark.parametrize("players", [3, 4])
def test_the_table_picture_shows_points_marks_and_every_tableau_card(players: int) -> None:
    """The board's tokens say a free slot's points and a taken slot's taker by the seat's mark;
    the legend says one player may take both slots of a count; each seat's tableau is on a
    line of its own, every card showing at least half of itself (its colour and number); the
    grid's rows keep a full row's spacing, so a shorter row has no gaps."""
    from bot.render.pictures import kasane as pictures
    from bot.render.pictures.kit import Dot

    session = session_for("kasane", players, "en", 8)
    play_until(session, Rng(8), lambda s: s.state.is_over())
    view = session.state.public_view()
    scene = pictures.PICTURES.table(view, [f"P{s}" for s in range(players)], "en")
    for slot in view.slots:
        dot = scene.find(f"board.{slot.yaku}.{slot.count}.{slot.index}")
        assert isinstance(dot, Dot)
        if not slot.used:
            assert dot.label == str(slot.points)
        else:
            assert dot.label == (seat_mark(slot.by) if slot.by is not None else "×")
    assert scene.find("legend.both").text == texts.PICTURE_LEGEND_BOTH("en")
    assert max(len(t) for t in view.tableaus) >= 7
    for seat, tableau in enumerate(view.tableaus):
        panel = scene.find(f"seat.{seat}").box
        cards = [scene.find(f"seat.{seat}.tableau.{i}").box for i in range(len(tableau))]
        assert all(c.inside(panel) for c in cards)
        assert all(b.x - a.x >= a.w // 2 for a, b in itertools.pairwise(cards))
    mid = session_for("kasane", players, "en", 8)
    play_until(mid, Rng(8), lambda s: s.state.public_view().step == "take" and s.record.version > 3)
    grid = mid.state.public_view().grid
    scene = pictures.PICTURES.table(mid.state.public_view(), ["A"] * players, "en")
    steps = {
        scene.find(f"grid.{r}.{c + 1}").box.x - scene.find(f"grid.{r}.{c}").box.x
        for r, row in enumerate(grid)
        for c in range(len(row.cards) - 2)
    }
    assert len(steps) == 1 and any(
        len(row.cards) < len(max(grid, key=lambda r: len(r.cards)).cards) for row in grid
    )
