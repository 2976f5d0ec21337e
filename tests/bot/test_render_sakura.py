"""The cherry-tree flower game's renderer: what the table and each hand show, and where the
controls of every step live."""

from __future__ import annotations

import time
from typing import Any

import discord
import pytest

from bot.render.base import Button, RenderContext, Select
from bot.render.pictures import pictures_for
from bot.render.sakura import (
    KEEP_BUTTONS_MAX,
    RENDERER,
    SPLIT_BUTTONS_MAX,
    fatal_colours,
)
from bot.storage.records import SeatRecord
from games.core import Event, Rng
from games.sakura import GAME, scoring, texts
from games.sakura.state import SakuraState
from tests.bot.test_renderers import render_context, text_of
from tests.games.test_sakura import C

COLOURS = scoring.COLOURS


def staged(players: int = 3, *, side: str = "classic", **changes: Any) -> SakuraState:
    """A game whose snapshot has `changes` (bag, fields, screens, turn, step, …) applied."""
    snap: dict[str, Any] = GAME.new(players, seed=3, options={"mastery_side": side}).snapshot()
    snap["seat"] = 0
    snap.update(changes)
    return GAME.load(snap)


def context(
    state: SakuraState,
    lang: str = "en",
    *,
    cpu: tuple[int, ...] = (),
    deadline: float | None = None,
    events: list[Event] | None = None,
) -> RenderContext:
    seats = [
        SeatRecord(seat=i, name=f"CPU {i}", cpu_level="strong")
        if i in cpu
        else SeatRecord(seat=i, name=f"P{i + 1}", user_id=100 + i)
        for i in range(state.players)
    ]
    return render_context(
        "sakura", state, lang, seats, events=events, events_version=1, seed=3, deadline=deadline
    )


def actions(controls: list[Button | Select]) -> list[str]:
    out: list[str] = []
    for control in controls:
        if isinstance(control, Button):
            out.append(control.action)
        else:
            out += [o.value for o in control.options]
    return out


def legal(state: SakuraState, seat: int) -> list[str]:
    return [a.encode() for a in state.legal_actions(seat)]


# -- the table ---------------------------------------------------------------------------


def test_table_shows_bag_fields_screen_counts_turn_and_cards_but_no_screen() -> None:
    state = staged(
        fields=[C(red=5, yellow=3, lightblue=8, blue=7, black=1), C(white=2), C()],
        screens=[C(yellow=7), C(blue=4, black=2), C()],
        turn=C(red=2, blue=2),
        draws=2,
        drawn=4,
        bag=C(red=10, yellow=10, lightblue=10, blue=10, white=10, black=3),
    )
    ctx = context(state)
    rendered = RENDERER.table(ctx)
    text = text_of(rendered.embeds)
    assert "Bag: **53** flowers" in text
    # A line a seat: its field's points, its screen's count and its field's flowers.
    assert "**① P1** 36 pts · 🙈7 · 🔴5🟡3💧8🔵7⚫1" in text
    assert "**② P2** -1 pt · 🙈6 · ⚪2" in text
    assert "🔴🔴🔵🔵" in text and "draw 2/3 · 4/8 flowers" in text
    # the risk: a third red or blue fails, and so does a black (it counts as either)
    assert "Same colour 2/3 · colours 2/5" in text
    assert "fails on 🔴🔵⚫" in text and "safe: 🟡💧⚪" in text
    # the cards this turn qualifies for, live while drawing
    assert "✅ 2 pairs — **新墨染 (Shin-sumizome)**" in text
    assert "▫️ 4 colours" in text and "▫️ 6+ flowers" in text
    assert "🟡7" not in text and "🔵4" not in text
    assert RENDERER.acts_on_table(ctx, 0)
    assert actions(rendered.controls) == legal(state, 0)
    assert {"stop", "draw.1", "draw.4"} <= set(actions(rendered.controls))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_colour_legend_is_in_the_reference_not_on_the_table(lang: str) -> None:
    ctx = context(staged(), lang)
    assert texts.LEGEND(lang) not in text_of(RENDERER.table(ctx).embeds)
    reference, scoring_page = RENDERER.reference(ctx)
    assert reference.description == texts.LEGEND(lang)
    # A page of its own for the scoring: a field colour's points by its count, the prizes.
    fields = {f.name: f.value for f in scoring_page.fields}
    table = fields[texts.REF_FIELD(lang)] or ""
    assert table.startswith("1: −3 · 2: −1 · 3: +1") and table.endswith("10+: +24")
    prizes = "#1 18 pts / #2 10 pts / #3 8 pts" if lang == "en" else "1位 18点 / 2位 10点 / 3位 8点"
    assert prizes in (fields[texts.REF_SCREEN(lang)] or "")


def test_risk_line_before_the_first_draw_and_when_anything_fails() -> None:
    assert fatal_colours({}) == []
    assert fatal_colours({"red": 2}) == ["red", "black"]
    assert fatal_colours({"red": 1, "yellow": 1, "lightblue": 1, "blue": 1}) == [
        "white",
        "black",
    ]
    assert fatal_colours({"red": 2, "yellow": 2, "black": 1}) == list(COLOURS)
    state = staged(turn=C(red=2, yellow=2, black=0, blue=0, lightblue=0, white=0), draws=1)
    text = text_of(RENDERER.table(context(state)).embeds)
    assert "fails on 🔴🟡⚫" in text
    state = staged(turn=C(red=2, yellow=1, black=1), draws=1)
    assert "Any next flower fails" in text_of(RENDERER.table(context(state)).embeds)
    fresh = staged()
    ja = text_of(RENDERER.table(context(fresh, "ja")).embeds)
    assert "まだ失敗の心配はありません" in ja and "巾着 **80**個" in ja


def test_failure_choice_is_on_the_table() -> None:
    state = staged(turn=C(red=2, yellow=1, blue=1), draws=1, bag=C(red=5))
    state.apply(0, GAME.Action.decode("draw.1"))  # a third red
    assert state.public_view().step == "keep"
    ctx = context(state)
    rendered = RENDERER.table(ctx)
    assert "💥 Failed!" in text_of(rendered.embeds)
    assert RENDERER.acts_on_table(ctx, 0)
    assert (
        actions(rendered.controls)
        == legal(state, 0)
        == [
            "keep.red.yellow",
            "keep.red.blue",
            "keep.yellow.blue",
        ]
    )
    labels = [c.label for c in rendered.controls if isinstance(c, Button)]
    assert labels[0] == "Keep 🔴 + 🟡"
    assert "Your turn failed" in (RENDERER.hand(ctx, 0).content or "")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_many_pairs_to_keep_are_one_select(lang: str) -> None:
    """More pairs to keep than a row of buttons holds: one select of them all, so that the
    table stays within a phone's screen."""
    state = staged(turn=C(red=2, yellow=1, blue=1, lightblue=1), draws=1, bag=C(red=5))
    state.apply(0, GAME.Action.decode("draw.1"))  # a third red
    assert state.public_view().step == "keep"
    controls = RENDERER.table(context(state, lang)).controls
    assert len(legal(state, 0)) > KEEP_BUTTONS_MAX
    (select,) = controls
    assert isinstance(select, Select) and select.seat == 0
    assert actions(controls) == legal(state, 0)
    assert select.placeholder == texts.KEEP_CHOOSE(lang)
    first = "Keep 🔴 + 🟡" if lang == "en" else "🔴と🟡を残す"
    assert select.options[0].label == first


# -- steps and where their controls live -----------------------------------------------------


def stopped(**changes: Any) -> SakuraState:
    """Seat 0 has stopped with this turn's flowers `turn` (abilities or the screen step next)."""
    turn = changes.pop("turn")
    state = staged(turn=turn, draws=1, drawn=sum(turn), **changes)
    state.apply(0, GAME.Action.decode("stop"))
    return state


def test_ability_choice_on_the_table_then_someiyoshino_in_the_hand() -> None:
    state = stopped(turn=C(red=1, yellow=1, lightblue=1, blue=1), screens=[C(), C(), C()])
    ctx = context(state)
    assert state.public_view().step == "ability"
    table = RENDERER.table(ctx)
    assert RENDERER.acts_on_table(ctx, 0)
    assert actions(table.controls) == legal(state, 0)
    assert "ability.someiyoshino" in actions(table.controls)
    # Beside each ability the table offers, what it does.
    effect = "Put 1 flower from your field or this turn's flowers behind your screen"
    assert effect in text_of(table.embeds)
    # The hand offers the same choices, each button saying what its ability does.
    hand = RENDERER.hand(ctx, 0)
    assert "Choose an ability to use, or none." in (hand.content or "")
    assert actions(hand.controls) == legal(state, 0)
    labels = {c.action: c.label for c in hand.controls if isinstance(c, Button)}
    assert labels["ability.someiyoshino"] == "Somei-yoshino: 1 flower behind your screen"
    assert labels["done"] == "No more abilities: on to the screen"
    state.apply(0, GAME.Action.decode("ability.someiyoshino"))
    ctx = context(state)
    assert state.public_view().step == "someiyoshino"
    assert not RENDERER.acts_on_table(ctx, 0)
    assert RENDERER.table(ctx).controls == []
    hand = RENDERER.hand(ctx, 0)
    assert actions(hand.controls) == legal(state, 0)
    assert "染井吉野" in (hand.content or "")
    # the others are only told whose step it is
    assert "Waiting for P1" in (RENDERER.hand(ctx, 1).content or "")
    assert RENDERER.hand(ctx, 1).controls == []


def test_screen_step_in_the_hand_with_the_screen_and_field() -> None:
    state = stopped(turn=C(red=1, white=2), screens=[C(yellow=3, black=1), C(blue=9), C()])
    assert state.public_view().step == "screen"
    ctx = context(state)
    assert not RENDERER.acts_on_table(ctx, 0)
    assert RENDERER.table(ctx).controls == []
    hand = RENDERER.hand(ctx, 0)
    text = text_of(hand.embeds)
    assert "Your screen (4, secret)" in text and "🟡3 ⚫1" in text
    assert "warm 3 · cool 0 · white/black 1" in text
    assert "🔵9" not in text  # another player's screen never appears
    assert actions(hand.controls) == legal(state, 0)
    assert actions(hand.controls)[0] == "screen.none.0"
    assert "How many" in (hand.content or "") or "behind your screen" in (hand.content or "")


def test_kenrokuen_places_from_the_hand() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=2, white=1)
    state = stopped(turn=turn, bag=C(red=5, yellow=5))
    assert "kenrokuen" in [c.card for c in state.public_view().cards if c.qualifies]
    state.apply(0, GAME.Action.decode("ability.kenrokuen"))
    ctx = context(state)
    assert state.public_view().step == "kenrokuen"
    hand = RENDERER.hand(ctx, 0)
    assert actions(hand.controls) == legal(state, 0)
    labels = [c.label for c in hand.controls if isinstance(c, Button)]
    # Each place says what the flower does to the field it goes to.
    assert labels[:2] == ["My field · field -3 pts (−3)", "Behind my screen"]
    assert not any(label.startswith("① P1's field") for label in labels)
    assert "② P2's field · theirs -3 pts (−3)" in labels
    table = text_of(RENDERER.table(ctx).embeds)
    ability = state.public_view().ability
    assert ability is not None and len(ability.drawn) == 2
    marks = {"red": "🔴", "yellow": "🟡"}
    drawn = "".join(marks[c] for c in ability.drawn)
    assert f"To place: {drawn} (next {marks[ability.drawn[0]]})" in table


def test_advanced_public_abilities_on_the_table() -> None:
    state = stopped(
        side="advanced",
        turn=C(red=2, yellow=2),
        fields=[C(blue=1), C(lightblue=2, black=1), C(white=1)],
    )
    state.apply(0, GAME.Action.decode("ability.sakuyahime"))
    ctx = context(state)
    assert state.public_view().step == "sakuyahime_give"
    assert RENDERER.acts_on_table(ctx, 0)
    table = RENDERER.table(ctx)
    assert actions(table.controls) == legal(state, 0)
    state.apply(0, GAME.Action.decode("give.turn.red"))
    ctx = context(state)
    table = RENDERER.table(ctx)
    assert actions(table.controls) == legal(state, 0) == ["take.1.lightblue", "take.2.white"]
    rows = [c.row for c in table.controls if isinstance(c, Button)]
    assert rows == [0, 1]  # one row per other player
    assert "Giving: 🔴 (this turn)" in text_of(table.embeds)


# -- the end split ---------------------------------------------------------------------------


def at_split(
    screens: list[list[int]], players: int = 3, fields: list[list[int]] | None = None
) -> SakuraState:
    """The end split: seat 0 draws the bag's last flower, then everyone splits."""
    state = staged(
        players,
        screens=screens,
        fields=fields or [C() for _ in range(players)],
        bag=C(red=1),
        turn=C(blue=1),
        draws=1,
        drawn=1,
    )
    state.apply(0, GAME.Action.decode("draw.1"))  # the bag is now empty: stop → screen
    if state.public_view().step == "screen":
        state.apply(0, GAME.Action.decode("screen.none.0"))
    assert state.public_view().step == "split", state.public_view().step
    return state


def test_split_in_each_hand_with_the_default_and_deadline() -> None:
    state = at_split([C(red=2, blue=1, white=2, black=1), C(blue=1, white=1), C(red=1)])
    deadline = time.time() + 120
    ctx = context(state, deadline=deadline)
    table = RENDERER.table(ctx)
    text = text_of(table.embeds)
    assert table.controls == [] and "Choosing: ① P1, ② P2" in text
    assert f"<t:{int(deadline)}:R>" in text
    assert not RENDERER.acts_on_table(ctx, 0)
    hand = RENDERER.hand(ctx, 0)
    assert actions(hand.controls) == legal(state, 0) == [f"split.{n}" for n in range(4)]
    # Each button says what the player does; the one time running out would choose is
    # highlighted, and the hand's text names it.
    labels = {c.action: c.label for c in hand.controls if isinstance(c, Button)}
    assert labels["split.3"] == "White/black: 3 to warm, 0 to cool → warm 5 · cool 1"
    assert labels["split.0"] == "White/black: 0 to warm, 3 to cool → warm 2 · cool 4"
    default = [c for c in hand.controls if c.style == discord.ButtonStyle.primary]
    assert [c.action for c in default] == ["split.3"]
    hand_text = text_of(hand.embeds)
    assert (
        f"<t:{int(deadline)}:R>" in hand_text
        and "If time runs out: warm 5 flowers · cool 1 flower." in hand_text
    )
    ja = RENDERER.hand(context(state, "ja", deadline=deadline), 0).controls
    assert [c.label for c in ja if isinstance(c, Button)][3] == (
        "白黒を赤黄へ3・水青へ0 → 赤黄5個・水青1個"
    )
    assert not any("時間切れ" in c.label for c in ja if isinstance(c, Button))
    # The split says in points what each group's rank pays (3 players: places 1–3).
    assert "warm: #1 18 pts / #2 10 pts / #3 8 pts · cool: #1 16 pts / #2 12 pts" in hand_text
    # only cool real flowers: wilds can only go to cool
    assert actions(RENDERER.hand(ctx, 1).controls) == ["split.0"]
    # no white or black: nothing to split, just waiting
    third = RENDERER.hand(ctx, 2)
    assert third.controls == [] and "nothing to split" in (third.content or "")
    state.apply(0, GAME.Action.decode("split.1"))
    ctx = context(state, deadline=deadline)
    mine = RENDERER.hand(ctx, 0)
    assert mine.controls == [] and "Your split is in" in (mine.content or "")
    assert "Your split: warm 3 · cool 3" in text_of(mine.embeds)
    assert "Submitted: ① P1" in text_of(RENDERER.table(ctx).embeds)


def test_many_wilds_make_a_select() -> None:
    screens = [C(red=1, blue=1, white=14, black=5), C(white=1, red=1), C(), C()]
    state = at_split(screens, players=4)
    ctx = context(state)
    hand = RENDERER.hand(ctx, 0)
    assert len(legal(state, 0)) > SPLIT_BUTTONS_MAX
    assert len(hand.controls) == 1 and isinstance(hand.controls[0], Select)
    assert actions(hand.controls) == legal(state, 0)
    default = state.default_split(0)
    assert default is not None
    described = {o.value: o.description for o in hand.controls[0].options if o.description}
    assert described == {default.encode(): "Chosen for you if time runs out"}


def test_split_timeout_hooks() -> None:
    state = at_split([C(red=2, blue=3, white=2), C(blue=1, white=1), C()])
    assert state.phase_seconds() == 120
    assert state.timeout_action(0) == state.default_split(0)
    assert state.timeout_action(0).encode() == "split.0"  # more cool than warm
    assert state.timeout_action(2) is None  # nothing to split
    assert staged().phase_seconds() is None and staged().timeout_action(0) is None


# -- the end ---------------------------------------------------------------------------------


def test_final_breakdown_and_revealed_table() -> None:
    state = at_split([C(red=2, blue=1, white=2), C(blue=1, white=1), C(red=1)])
    state.apply(0, GAME.Action.decode("split.2"))
    state.apply(1, GAME.Action.decode("split.0"))
    assert state.is_over()
    ctx = context(state)
    result = state.result()
    final = RENDERER.final(ctx)
    text = text_of(final)
    for seat, score in enumerate(result.scores):
        assert f"**Total {score}**" in text
        assert f"→ **{result.breakdown[seat]['warm']}**" in text
    assert "Screen: 🔴2 🔵1 ⚪2" in text and "⚪⚫ 2 → warm 2 · cool 0" in text
    assert "🏆" in (final[0].description or "")
    table = RENDERER.table(ctx)
    assert table.controls == []
    table_text = text_of(table.embeds)
    assert "Game over" in table_text and table_text.count("Screen: ") == 3
    # The table keeps to each seat's score and revealed screen; the end's message has the rest.
    assert all(f"— **{score} pt" in table_text for score in result.scores)
    assert "**Total" not in table_text and "Screen: 🔴2🔵1⚪2" in table_text
    ja = text_of(RENDERER.final(context(state, "ja")))
    assert "最終得点" in ja and "ついたて: 🔴2 🔵1 ⚪2" in ja


def test_shared_win_note() -> None:
    # seat 0's field ends with a red and a blue (−6); seat 1 holds the same from the start
    fields = [C(), C(red=1, blue=1), C()]
    state = at_split([C(red=1, white=1), C(red=1, white=1), C()], fields=fields)
    state.apply(0, GAME.Action.decode("split.1"))
    state.apply(1, GAME.Action.decode("split.1"))
    result = state.result()
    assert result.scores[0] == result.scores[1] == 8 and result.winners == [0, 1]
    final = RENDERER.final(context(state))
    assert "Shared win" in (final[0].description or "")
    assert "the win is shared" in (final[0].description or "")


# -- the log ---------------------------------------------------------------------------------

EVENTS = [
    Event(kind="draw", seat=0, data={"n": 2, "flowers": ["red", "black"], "draw": 1, "bag": 9}),
    Event(kind="failure", seat=0, data={"flowers": {}, "blacks_returned": 1}),
    Event(kind="failure", seat=0, data={"flowers": {}, "blacks_returned": 0}),
    Event(kind="keep", seat=0, data={"kept": ["red", "blue"], "returned": 2}),
    Event(kind="stop", seat=0, data={"flowers": {"red": 2}, "cards": ["shinsumizome"]}),
    Event(kind="stop", seat=0, data={"flowers": {"red": 1}, "cards": []}),
    Event(kind="ability", seat=0, data={"card": "kokonoe"}),
    Event(kind="hidden_draw", seat=0, data={"n": 1, "bag": 3}),
    Event(kind="ability_draw", seat=0, data={"card": "kenrokuen", "flowers": ["red"], "bag": 2}),
    Event(kind="all_black", seat=0, data={"returned": 3}),
    Event(kind="move_to_screen", seat=0, data={"source": "field", "n": 1}),
    Event(kind="place", seat=0, data={"where": "screen", "seat": 0}),
    Event(kind="place", seat=0, data={"where": "field", "seat": 0, "colour": "red"}),
    Event(kind="place", seat=0, data={"where": "field", "seat": 1, "colour": "red"}),
    Event(kind="pick", seat=0, data={"colour": "red", "returned": ["black"]}),
    Event(kind="pick", seat=0, data={"colour": "red", "returned": []}),
    Event(
        kind="swap",
        seat=0,
        data={"source": "turn", "given": "red", "other": 1, "received": "blue"},
    ),
    Event(kind="take", seat=0, data={"other": 1, "colour": "blue"}),
    Event(kind="kokonoe_end", seat=0, data={}),
    Event(kind="screen", seat=0, data={"n": 2}),
    Event(kind="screen", seat=0, data={"n": 0}),
    Event(kind="to_field", seat=0, data={"flowers": {"red": 1}}),
    Event(kind="split_start", data={"seats": [0, 1]}),
    Event(kind="split_start", data={"seats": []}),
    Event(kind="split_submitted", seat=1, data={}),
    Event(kind="reveal", data={"screens": [], "splits": []}),
    Event(kind="game_over", data={"scores": [3, 4], "winners": [1]}),
]

PRIVATE = [
    Event(kind="screen_colour", seat=0, data={"colour": "red", "n": 1}, to=0),
    Event(kind="hidden_draw_colour", seat=0, data={"colour": "white"}, to=0),
    Event(kind="move_to_screen_colour", seat=0, data={"source": "turn", "colour": "red"}, to=0),
]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_public_event_has_a_line_and_private_ones_none(lang: str) -> None:
    ctx = context(staged(2), lang)
    for event in EVENTS:
        text = RENDERER.event_text(ctx, event)
        assert text and "{" not in text, (event.kind, text)
    for event in PRIVATE:
        assert RENDERER.event_text(ctx, event) is None
    assert RENDERER.event_text(ctx, Event(kind="turn_end", seat=0, data={"bag": 3})) is None
    en = context(staged(2), "en")
    assert RENDERER.event_text(en, EVENTS[0]) == "P1 drew 2: 🔴⚫ (bag 9)"
    assert RENDERER.event_text(en, EVENTS[17]) == "P1 took 🔵 from P2's field"
    # what went behind a screen is never named in the log
    for event in EVENTS:
        line = RENDERER.event_text(en, event) or ""
        if "behind the screen" in line:
            assert not any(mark in line for mark in "🔴🟡💧🔵⚪⚫"), line


def test_final_breakdown_names_a_black_that_counts_as_nothing() -> None:
    # 「自分の場の黒いコマは…任意の色のコマとしてカウントすることができます」: it may also count as
    # nothing, and the breakdown says which.
    fields = [C(), C(black=1), C(red=1, black=1)]
    state = at_split([C(red=1, white=1), C(blue=1), C()], fields=fields)
    state.apply(0, GAME.Action.decode("split.1"))
    assert state.is_over()
    final = state.public_view().final
    assert final is not None
    assert final.seats[1].field_points == 0 and final.seats[1].field_black["none"] == 1
    assert final.seats[2].field_points == -1 and final.seats[2].field_black["red"] == 1
    text = text_of(RENDERER.final(context(state)))
    assert "Field: ⚫1 → **0** (⚫ as nothing ×1)" in text
    assert "Field: 🔴1 ⚫1 → **-1** (⚫ as 🔴1)" in text
    ja = text_of(RENDERER.final(context(state, "ja")))
    assert "場: ⚫1 → **0点**（黒→数えない×1）" in ja


# -- the hand as the player's screen -----------------------------------------------------------


def hand_options(controls: list[Button | Select]) -> dict[str, str]:
    """Encoded action → what the hand says of it: a button's label, or a select option's label
    and description."""
    out: dict[str, str] = {}
    for control in controls:
        if isinstance(control, Button):
            out[control.action] = control.label
        else:
            for option in control.options:
                out[option.value] = f"{option.label} | {option.description or ''}"
    return out


@pytest.mark.parametrize("pictures", [False, True])
@pytest.mark.parametrize("side", ["classic", "advanced"])
def test_every_step_is_played_on_the_hand(side: str, pictures: bool) -> None:
    """A whole game: at every step the seat to act finds every legal move on its hand (the
    table's public steps included), one tap each (no select asks for a confirmation), and the
    others' hands offer none."""
    state = GAME.new(3, seed=11, options={"mastery_side": side})
    rng = Rng(11)
    steps: set[str] = set()
    for move in range(2000):
        if state.is_over():
            break
        ctx = context(state, cpu=(2,))
        ctx.pictures = pictures
        for seat in range(3):
            hand = RENDERER.hand(ctx, seat)
            if seat in state.to_act():
                assert sorted(actions(hand.controls)) == sorted(legal(state, seat))
                assert not any(isinstance(c, Select) and c.confirm for c in hand.controls)
            else:
                assert hand.controls == []
        steps.add(state.public_view().step)
        seat = state.to_act()[0]
        state.apply(seat, GAME.cpu("random").choose(state, seat, rng.fork(move)))
    assert state.is_over()
    assert {"draw", "keep", "ability", "screen", "split"} <= steps


def test_the_draw_step_on_the_hand_gives_each_draws_chance_to_fail() -> None:
    # 3 players: 15 of each colour and 5 black; two red this turn, nothing else in sight. A
    # third red or any black fails: 18 of the 78 flowers not in sight.
    state = staged(turn=C(red=2), draws=1, drawn=2)
    ctx = context(state)
    hand = RENDERER.hand(ctx, 0)
    assert actions(hand.controls) == legal(state, 0)
    *draws, stop = hand.controls
    # One tap a draw: a button each, saying its chance to fail.
    assert all(isinstance(draw, Button) for draw in draws)
    described = {b.action: b.label for b in draws}  # type: ignore[union-attr]
    assert described["draw.1"] == "Draw 1 · 23% chance to fail"  # 18/78
    assert described["draw.2"] == "Draw 2 · 41% chance to fail"  # 1 − C(60,2)/C(78,2)
    assert isinstance(stop, Button) and stop.label == "Stop (no ability)"
    # Above the own flowers: this turn's flowers and which next flower fails.
    text = text_of(hand.embeds)
    assert "Your flowers this turn: 🔴🔴 (draw 1/3 · 2/8 flowers)" in text
    assert "The next flower fails on 🔴⚫ · safe: 🟡💧🔵⚪" in text
    ja = RENDERER.hand(context(state, "ja"), 0)
    labels = {c.action: c.label for c in ja.controls if isinstance(c, Button)}
    assert labels["draw.1"] == "1個引く・失敗の確率23%"
    # A stop that unlocks abilities names them on its button.
    two_pairs = staged(turn=C(red=2, blue=2), draws=1, drawn=4)
    buttons = [c for c in RENDERER.hand(context(two_pairs), 0).controls if isinstance(c, Button)]
    assert buttons[-1].label == "Stop: use Shin-sumizome"


def test_the_screen_step_says_what_each_choice_does_to_the_field() -> None:
    # The field 🔴1 🔵2 ⚪1 scores −3 −1 −3 = −7; this turn 🔴🔵⚪⚪ goes to it but for what is
    # hidden: all of it makes 🔴2 🔵3 ⚪3 = −1 +1 +1 = 1.
    state = stopped(turn=C(red=1, white=2, blue=1), fields=[C(red=1, white=1, blue=2), C(), C()])
    assert state.public_view().step == "screen"
    hand = RENDERER.hand(context(state), 0)
    assert hand_options(hand.controls) == {
        "screen.none.0": "Hide nothing · field 1 pt (+8)",
        "screen.red.1": "Hide red ×1 · field -1 pt (+6)",
        "screen.blue.1": "Hide blue ×1 · field -1 pt (+6)",
        "screen.white.1": "Hide white ×1 · field -1 pt (+6)",
        "screen.white.2": "Hide white ×2 · field -3 pts (+4)",
    }
    assert "Your field scores -7 pts now; what you do not hide joins it." in text_of(hand.embeds)
    ja = hand_options(RENDERER.hand(context(state, "ja"), 0).controls)
    assert ja["screen.white.2"] == "白×2を隠す・場-3点（+4）"


def test_many_choices_are_one_select_saying_the_points() -> None:
    state = stopped(
        turn=C(red=1, yellow=1, lightblue=1, blue=1), fields=[C(red=1, white=1, blue=2), C(), C()]
    )
    state.apply(0, GAME.Action.decode("ability.someiyoshino"))
    hand = RENDERER.hand(context(state), 0)
    (select,) = hand.controls
    assert isinstance(select, Select) and not select.confirm
    assert actions(hand.controls) == legal(state, 0)
    options = hand_options(hand.controls)
    # From the field, the flower leaves it: 🔴 alone scored −3, 🔵2 −1 and 🔵1 −3.
    assert options["move.field.red"] == "Hide red from my field | field -4 pts (+3)"
    assert options["move.field.blue"] == "Hide blue from my field | field -9 pts (−2)"
    assert options["move.turn.yellow"] == "Hide yellow of this turn | "


def test_advanced_abilities_on_the_hand_with_the_fields_they_reach() -> None:
    state = stopped(
        side="advanced",
        turn=C(red=2, yellow=2),
        fields=[C(blue=1), C(lightblue=2, black=1), C(white=1)],
    )
    labels = hand_options(RENDERER.hand(context(state), 0).controls)
    assert labels["ability.sakuyahime"] == "Sakuya-hime: swap 1 flower with another field"
    state.apply(0, GAME.Action.decode("ability.sakuyahime"))
    labels = hand_options(RENDERER.hand(context(state), 0).controls)
    assert labels["give.field.blue"] == "Give blue (field) · field 0 pts (+3)"
    assert labels["give.turn.red"] == "Give red (this turn)"
    state.apply(0, GAME.Action.decode("give.field.blue"))
    hand = RENDERER.hand(context(state), 0)
    # The blue leaves the field as the light blue comes: −3 either way.
    assert hand_options(hand.controls) == {
        "take.1.lightblue": "Take ② P2's light blue · field -3 pts (±0)",
        "take.2.white": "Take ③ P3's white · field -3 pts (±0)",
    }
    text = text_of(hand.embeds)
    assert "Giving: 🔵 (field)" in text
    assert "② P2 1 pt · 💧2⚫1" in text and "③ P3 -3 pts · ⚪1" in text


def test_hand_beside_its_picture_keeps_the_risk_and_leaves_the_flowers_to_it() -> None:
    state = staged(
        turn=C(red=2),
        draws=1,
        drawn=2,
        fields=[C(blue=3), C(), C()],
        screens=[C(white=1), C(), C()],
    )
    ctx = context(state)
    ctx.pictures = True
    hand = RENDERER.hand(ctx, 0)
    text = text_of(hand.embeds)
    assert "The next flower fails on 🔴⚫" in text
    assert "Your field" not in text and "Your screen" not in text
    assert actions(hand.controls) == legal(state, 0)
    scene = pictures_for("sakura").hand(state.private_view(0), ["P1", "P2", "P3"], "en")
    assert scene.find("turn.title").text == "Your flowers this turn"
    assert scene.find("turn.flowers.red").label == "2"
    assert scene.find("field.title").text == "Field 1 pt"
    assert scene.find("field.blue").label == "3"
    assert scene.find("screen.white").label == "1"
    # Another seat's hand shows whose turn it is, never the first seat's screen.
    other = pictures_for("sakura").hand(state.private_view(1), ["P1", "P2", "P3"], "en")
    assert other.find("turn.title").text == "① P1's flowers this turn"
    assert not other.tagged("screen.white")


# -- the log as the hands' "since your last turn" and the end's summary ------------------------


def test_log_lines_say_what_happened_with_the_points() -> None:
    ctx = context(staged(2), "en")
    failure = Event(
        kind="failure", seat=0, data={"flowers": {"red": 2, "blue": 1}, "blacks_returned": 1}
    )
    assert RENDERER.event_text(ctx, failure) == (
        "💥 P1 failed with 🔴🔴🔵⚫ (3 of a colour); ⚫1 back to the bag"
    )
    five = Event(
        kind="failure",
        seat=0,
        data={"flowers": {"red": 1, "yellow": 1, "lightblue": 1, "blue": 1, "white": 1}},
    )
    assert "(5 colours)" in (RENDERER.event_text(ctx, five) or "")
    keep = Event(kind="keep", seat=0, data={"kept": ["red"], "returned": 1, "field_points": -6})
    assert RENDERER.event_text(ctx, keep) == (
        "P1 kept 🔴 on the field, 1 back to the bag (field -6 pts)"
    )
    nothing = Event(kind="keep", seat=0, data={"kept": [], "returned": 0, "field_points": 0})
    assert RENDERER.event_text(ctx, nothing) == "P1 had nothing to keep"
    to_field = Event(kind="to_field", seat=1, data={"flowers": {"red": 2}, "field_points": -1})
    assert RENDERER.event_text(ctx, to_field) == "To P2's field: 🔴🔴 (field -1 pt)"
    stop = Event(
        kind="stop", seat=0, data={"flowers": {"red": 2, "blue": 2}, "cards": ["shinsumizome"]}
    )
    assert RENDERER.event_text(ctx, stop) == (
        "✋ P1 stopped with 🔴🔴🔵🔵: may use 新墨染 (Shin-sumizome)"
    )


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_end_summary_reveals_the_screens_and_breaks_the_scores_down(lang: str) -> None:
    state = at_split([C(red=2, blue=1, white=2), C(blue=1, white=1), C(red=1)])
    state.apply(0, GAME.Action.decode("split.2"))
    events = state.apply(1, GAME.Action.decode("split.0"))
    result = state.result()
    ctx = context(state, lang)
    lines = "\n".join(filter(None, (RENDERER.event_text(ctx, e) for e in events)))
    if lang == "en":
        assert "① P1: 🔴2🔵1⚪2 → warm 4 · cool 1 (⚪⚫ 2 warm, 0 cool)" in lines
        assert "② P2: 🔵1⚪1 → warm 0 · cool 2 (⚪⚫ 0 warm, 1 cool)" in lines
        assert "③ P3: 🔴1 → warm 1 · cool 0" in lines
    else:
        assert "① P1: 🔴2🔵1⚪2 → 赤黄4・水青1（白黒 赤黄へ2・水青へ0）" in lines
    summary = lines.splitlines()
    start = summary.index(texts.EV_GAME_OVER(lang))
    order = sorted(range(3), key=lambda s: (s not in result.winners, -result.scores[s], s))
    for line, seat in zip(summary[start + 1 :], order, strict=True):
        parts = result.breakdown[seat]
        score = texts.EV_SCORE(lang, seat=f"{'①②③'[seat]} P{seat + 1}", score=result.scores[seat])
        assert line.startswith(("🏆 " if seat in result.winners else "") + score), line
        assert str(parts["field"]) in line and str(parts["warm"]) in line
