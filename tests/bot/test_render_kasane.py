"""襲ノ色目's text-only table, as a player reads it: the grid with the takeable cards, a line a
seat (points, hand size, tableau in brief), the yaku board with its used slots, recent moves."""

from __future__ import annotations

import pytest

from bot.publish import compose
from bot.render.common import PHONE_COLUMNS, TABLE_LOG_ROWS, display_width, seat_mark
from bot.render.kasane import RENDERER, card
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
