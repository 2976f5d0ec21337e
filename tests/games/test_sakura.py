"""The cherry-tree flower game: scoring API, seed examples, failure, abilities, the end split."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from games.core import IllegalAction, Reason
from games.sakura import GAME, rules, scoring, texts
from games.sakura import actions as act
from games.sakura.state import STEP_KINDS, SakuraState
from games.text import Text

COLOURS = scoring.COLOURS


def C(**counts: int) -> list[int]:
    """Per-colour counts from keyword colours: C(red=2, black=1)."""
    return [counts.get(c, 0) for c in COLOURS]


def staged(
    players: int = 3,
    *,
    side: str = "classic",
    seat: int = 0,
    bag: list[int] | None = None,
    fields: dict[int, list[int]] | None = None,
    screens: dict[int, list[int]] | None = None,
    turn: list[int] | None = None,
    draws: int = 0,
    drawn: int | None = None,
) -> SakuraState:
    """A game at `seat`'s draw step with the given piles (through a loaded snapshot)."""
    snap: dict[str, Any] = GAME.new(players, seed=3, options={"mastery_side": side}).snapshot()
    snap["seat"] = seat
    if bag is not None:
        snap["bag"] = bag
    for s, f in (fields or {}).items():
        snap["fields"][s] = f
    for s, f in (screens or {}).items():
        snap["screens"][s] = f
    if turn is not None:
        snap["turn"] = turn
        snap["draws"] = draws or 1
        snap["drawn"] = sum(turn) if drawn is None else drawn
    return GAME.load(snap)


def codes(actions: list[act.SakuraAction]) -> list[str]:
    return [a.encode() for a in actions]


def reason_of(state: SakuraState, seat: int, action: act.SakuraAction | str) -> str:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        if isinstance(action, str):
            action = GAME.Action.decode(action)
        state.apply(seat, action)
    assert state.snapshot() == before
    return info.value.reason


# -- scoring API, called with plain types exactly as external checks do --------------------------


def test_seed_example_7_field_with_black_assigned_best() -> None:
    # 例7: 赤5・黄3・水色8・青7・黒1 → 黒を水色として 5 + 1 + 19 + 11 = 36
    field = {"red": 5, "yellow": 3, "lightblue": 8, "blue": 7, "black": 1}
    assert scoring.field_score(field) == 5 + 1 + 19 + 11 == 36
    assert scoring.best_black_assignment(field) == {
        "red": 0,
        "yellow": 0,
        "lightblue": 1,
        "blue": 0,
        "white": 0,
        scoring.UNCOUNTED: 0,
    }


@pytest.mark.parametrize(
    ("count", "points"),
    [
        *[(0, 0), (1, -3), (2, -1), (3, 1), (4, 3), (5, 5), (6, 8), (7, 11), (8, 15), (9, 19)],
        *[(10, 24), (11, 24), (15, 24)],
    ],
)
def test_field_table(count: int, points: int) -> None:
    assert scoring.field_score({"red": count}) == points
    assert scoring.field_score({"blue": count, "white": 0}) == points


def test_field_score_blacks() -> None:
    assert scoring.field_score({}) == 0
    # 「黒いコマは…任意の色のコマとしてカウントすることができます」: a black *may* count as a
    # colour, so it may also count as nothing.
    assert scoring.field_score({"black": 1}) == 0  # not −3 (one flower of some colour)
    assert scoring.field_score({"black": 2}) == 0  # not −1
    assert scoring.field_score({"red": 1, "black": 1}) == -1  # red 2 beats red 1 + nothing
    assert scoring.field_score({"black": 3}) == 1  # three of one colour is worth counting
    assert scoring.field_score({"yellow": 3, "black": 1}) == 3  # yellow 4
    assert scoring.field_score({"red": 10, "black": 1}) == 24
    # black finishes 9 → 10 (+5) rather than 1 → 2 (+2)
    assert scoring.field_score({"white": 9, "yellow": 1, "black": 1}) == 24 - 3
    # two blacks: both to 8 → 10 (+9) beats 1 → 3 (+4)
    assert scoring.field_score({"white": 8, "red": 1, "black": 2}) == 24 - 3
    assert scoring.field_score({"red": 10, "black": 3}) == 24 + 1
    assert scoring.field_score({"red": 10, "black": 2}) == 24


@pytest.mark.parametrize(
    ("field", "assigned"),
    [
        ({"black": 1}, {"none": 1}),
        ({"black": 2}, {"none": 2}),
        ({"red": 1, "black": 1}, {"red": 1}),
        ({"black": 3}, {"red": 3}),
        ({"red": 9, "black": 2}, {"red": 2}),
        # a tie (10 or more reds: an extra black changes nothing) counts the black
        ({"red": 10, "black": 1}, {"red": 1}),
    ],
)
def test_best_black_assignment_says_what_each_black_counts_as(
    field: dict[str, int], assigned: dict[str, int]
) -> None:
    result = scoring.best_black_assignment(field)
    assert result == {**dict.fromkeys([*scoring.FIELD_COLOURS, scoring.UNCOUNTED], 0), **assigned}
    assert sum(result.values()) == field["black"]
    counts = {c: field.get(c, 0) + result[c] for c in scoring.FIELD_COLOURS}
    assert scoring.field_score(field) == sum(scoring.field_points(n) for n in counts.values())


@pytest.mark.parametrize(
    ("flowers", "fails"),
    [
        (["red", "red", "black"], True),  # 2 red + black
        (["red", "yellow", "lightblue", "blue", "black"], True),  # 4 colours + black
        (["red", "yellow", "blue", "black"], False),  # 3 colours + black
        (["red", "red", "red"], True),
        (["red", "yellow", "lightblue", "blue", "white"], True),
        (["red", "yellow", "lightblue", "blue"], False),
        (["red", "red", "blue", "blue", "white", "white", "yellow", "yellow"], False),
        (["black", "black"], False),
        (["black", "black", "black"], True),
        (["red", "black", "black"], True),
        (["red", "yellow", "black", "black"], True),  # 1 red + 2 blacks = 3 of one colour
        (["white"], False),
        ([], False),
    ],
)
def test_is_failure(flowers: list[str], fails: bool) -> None:
    assert scoring.is_failure(flowers) is fails


def test_seed_example_6_warm_group_ranking() -> None:
    # F red 0 yellow 4; G red 1 yellow 2; H red 1 yellow 1 white 1 (to warm); I red 1.
    assert scoring.group_totals({"yellow": 4}, 0) == (4, 0)
    assert scoring.group_totals({"red": 1, "yellow": 1, "white": 1}, 1) == (3, 0)
    assert scoring.screen_points([4, 3, 3, 1], "warm") == [18, 9, 9, 0]


def test_seed_example_5_split_of_wilds() -> None:
    screen = {"red": 3, "yellow": 1, "lightblue": 2, "white": 2}
    assert scoring.group_totals(screen, 1) == (5, 3)
    assert scoring.group_totals(screen, 2) == (6, 2)
    assert scoring.group_totals(screen, 0) == (4, 4)


def test_wilds_need_a_real_flower_of_the_group() -> None:
    assert scoring.group_totals({"red": 1, "white": 2}, 0) == (1, 0)
    assert scoring.group_totals({"red": 1, "white": 2}, 2) == (3, 0)
    assert scoring.group_totals({"white": 3, "black": 1}, 2) == (0, 0)
    assert scoring.group_totals({"blue": 2, "black": 1}, 0) == (0, 3)


@pytest.mark.parametrize(
    ("counts", "group", "points"),
    [
        ([4, 3, 3, 1], "warm", [18, 9, 9, 0]),  # two tied second share 2nd + 3rd
        ([4, 3, 3, 1], "cool", [16, 10, 10, 0]),
        ([5, 5, 3, 1], "warm", [14, 14, 8, 0]),  # two tied first share 1st + 2nd
        ([5, 5, 3, 1], "cool", [14, 14, 8, 0]),
        ([5, 5, 5, 1], "warm", [12, 12, 12, 0]),  # three tied first share 1st-3rd
        ([5, 5, 5, 1], "cool", [12, 12, 12, 0]),
        ([2, 2, 2, 2], "warm", [9, 9, 9, 9]),
        ([6, 4, 2, 2], "warm", [18, 10, 4, 4]),  # two tied third share 3rd
        ([6, 4, 2, 2], "cool", [16, 12, 4, 4]),
        ([5, 3, 3, 3], "warm", [18, 6, 6, 6]),
        ([1, 3, 2], "cool", [8, 16, 12]),
        ([0, 0, 3], "warm", [0, 0, 18]),  # 0 takes no place
        ([0, 2, 2, 0], "warm", [0, 14, 14, 0]),
        ([0, 0, 0], "cool", [0, 0, 0]),
        # 2 players: the player with more gets the 2nd prize, a tie shares it
        ([3, 1], "warm", [10, 0]),
        ([1, 3], "cool", [0, 12]),
        ([2, 2], "warm", [5, 5]),
        ([2, 2], "cool", [6, 6]),
        ([0, 1], "warm", [0, 10]),
        ([0, 0], "cool", [0, 0]),
    ],
)
def test_screen_points(counts: list[int], group: str, points: list[int]) -> None:
    assert scoring.screen_points(counts, group) == points
    assert scoring.screen_points(tuple(counts), group) == points


def test_default_split_goes_to_the_stronger_real_group() -> None:
    assert scoring.default_split({"red": 3, "blue": 1, "white": 2}) == 2
    assert scoring.default_split({"red": 1, "blue": 3, "white": 1, "black": 1}) == 0
    assert scoring.default_split({"red": 2, "blue": 2, "white": 1}) == 1  # tie → warm
    assert scoring.default_split({"blue": 1, "white": 2}) == 0
    assert scoring.default_split({"yellow": 1, "white": 2}) == 2


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "bag", "removed"), [(2, 66, 3), (3, 80, 0), (4, 96, 0)])
def test_setup(players: int, bag: int, removed: int) -> None:
    state = GAME.new(players, seed=11)
    view = state.public_view()
    assert view.bag == bag
    assert view.removed == removed
    assert sum(state.removed) == removed
    assert state.flower_count() == bag + removed
    assert view.step == "draw"
    assert view.to_act == [view.turn_seat] == [state.start]
    assert all(s.screen_count == 0 and sum(s.field.values()) == 0 for s in view.seats)


def test_the_removed_flowers_are_hidden() -> None:
    state = GAME.new(2, seed=5)
    snap = state.snapshot()
    a = next(c for c in range(6) if snap["removed"][c])
    b = next(c for c in range(6) if c != a and snap["bag"][c])
    snap["removed"][a] -= 1
    snap["removed"][b] += 1
    snap["bag"][b] -= 1
    snap["bag"][a] += 1
    assert GAME.load(snap).public_view() == state.public_view()


def test_start_player_varies_with_the_seed() -> None:
    assert len({GAME.new(4, seed=s).start for s in range(40)}) == 4


# -- draw step and failure ------------------------------------------------------------------


def test_draw_actions() -> None:
    state = staged(3, bag=C(red=20, yellow=20))
    assert codes(state.legal_actions(0)) == [f"draw.{n}" for n in range(1, 9)]
    assert state.legal_actions(1) == []
    state = staged(3, bag=C(blue=10), turn=C(red=1, yellow=1), draws=1)
    assert codes(state.legal_actions(0)) == [*(f"draw.{n}" for n in range(1, 7)), "stop"]
    state = staged(3, bag=C(blue=2), turn=C(red=1, yellow=1), draws=2)
    assert codes(state.legal_actions(0)) == ["draw.1", "draw.2", "stop"]
    assert reason_of(state, 0, act.DrawAction(n=3)) == "too_many_flowers"


def test_stop_needs_a_draw_and_third_draw_stops() -> None:
    state = staged(3, bag=C(blue=5))
    assert reason_of(state, 0, act.StopAction()) == "must_draw"
    state = staged(3, bag=C(blue=5), turn=C(red=1, yellow=1), draws=2)
    events = state.apply(0, act.DrawAction(n=1))
    assert [e.kind for e in events][:2] == ["draw", "stop"]
    assert state.step == "screen"  # 3 colours, 3 flowers: no card qualifies


def test_draw_emptying_the_bag_stops() -> None:
    state = staged(3, bag=C(blue=1), turn=C(red=1), draws=1)
    state.apply(0, act.DrawAction(n=1))
    assert state.step == "screen"
    state.apply(0, act.ScreenAction(colour="none", n=0))
    assert state.is_over()  # the bag is empty at the end of the turn and nobody holds wilds


def test_failure_two_red_and_black() -> None:
    state = staged(3, bag=C(black=3), turn=C(red=2), draws=1, fields={0: C(blue=1)})
    events = state.apply(0, act.DrawAction(n=1))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["draw", "failure", "keep"]  # one colour left: keep 1 automatically
    assert events[1].data["blacks_returned"] == 1
    # The field's points once the kept flower is on it (🔴1 🔵1: −3 −3), for the log.
    assert events[2].data == {"kept": ["red"], "returned": 1, "field_points": -6}
    assert state.fields[0] == C(red=1, blue=1)
    assert state.bag == C(red=1, black=3)
    assert state.seat == 1 and state.step == "draw"


def test_failure_four_colours_and_black_keeps_two_colours() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=1)
    state = staged(3, bag=C(black=2), turn=turn, draws=1)
    state.apply(0, act.DrawAction(n=1))
    assert state.step == "keep"
    assert state.public_view().turn is not None and state.public_view().turn.failed
    assert codes(state.legal_actions(0)) == [
        "keep.red.yellow",
        "keep.red.lightblue",
        "keep.red.blue",
        "keep.yellow.lightblue",
        "keep.yellow.blue",
        "keep.lightblue.blue",
    ]
    assert reason_of(state, 0, act.KeepAction(a="red", b="red")) == "same_colour"
    assert reason_of(state, 0, act.KeepAction(a="red", b="white")) == "no_such_flower"
    state.apply(0, act.KeepAction(a="red", b="blue"))
    assert state.fields[0] == C(red=1, blue=1)
    assert state.bag == C(yellow=1, lightblue=1, black=2)
    assert state.seat == 1


def test_three_colours_and_black_do_not_fail() -> None:
    state = staged(3, bag=C(black=2), turn=C(red=1, yellow=1, blue=1), draws=1)
    state.apply(0, act.DrawAction(n=1))
    assert state.step == "draw"
    assert state.turn == C(red=1, yellow=1, blue=1, black=1)
    turn_view = state.public_view().turn
    assert turn_view is not None
    assert (turn_view.same_colour, turn_view.colours) == (2, 4)
    cards = {c.card: c.qualifies for c in state.public_view().cards}
    assert cards == {"someiyoshino": True, "shinsumizome": False, "kenrokuen": False}


def test_five_colours_failure_offers_ten_pairs() -> None:
    state = staged(3, bag=C(white=3), turn=C(red=1, yellow=1, lightblue=1, blue=1), draws=1)
    state.apply(0, act.DrawAction(n=1))
    assert len(state.legal_actions(0)) == 10


def test_failed_turn_never_ends_the_game() -> None:
    # the draw empties the bag and fails: the flowers go back, the game goes on
    state = staged(3, bag=C(red=1), turn=C(red=2), draws=1)
    state.apply(0, act.DrawAction(n=1))
    assert state.step == "draw" and state.seat == 1
    assert state.bag == C(red=2)


# -- the screen step (seed example 4) ------------------------------------------------------


def test_seed_example_4_screen_choices() -> None:
    state = staged(3, bag=C(blue=9), turn=C(red=1, yellow=1, white=2), draws=2)
    state.apply(0, act.StopAction())
    assert state.step == "screen"
    assert codes(state.legal_actions(0)) == [
        "screen.none.0",
        "screen.red.1",
        "screen.yellow.1",
        "screen.white.1",
        "screen.white.2",
    ]
    events = state.apply(0, act.ScreenAction(colour="white", n=1))
    assert state.screens[0] == C(white=1)
    assert state.fields[0] == C(red=1, yellow=1, white=1)
    public = [e for e in events if e.public]
    assert next(e for e in public if e.kind == "screen").data == {"n": 1}
    assert all("white" not in str(e.data) for e in public if e.kind == "screen")
    private = [e for e in events if e.to == 0]
    assert private[0].data == {"colour": "white", "n": 1}
    view = state.public_view()
    assert view.seats[0].screen_count == 1
    assert state.private_view(0).screen["white"] == 1


def test_black_may_go_behind_the_screen() -> None:
    state = staged(3, bag=C(blue=9), turn=C(red=1, black=1), draws=1)
    state.apply(0, act.StopAction())
    assert "screen.black.1" in codes(state.legal_actions(0))


# -- abilities --------------------------------------------------------------------------------


def test_qualifying_cards_and_once_per_turn() -> None:
    turn = C(red=2, yellow=2, blue=1, lightblue=1)  # 4 colours, 2 pairs, 6 flowers
    state = staged(3, bag=C(white=9), turn=turn, draws=2, fields={1: C(red=1)})
    state.apply(0, act.StopAction())
    assert codes(state.legal_actions(0)) == [
        "ability.someiyoshino",
        "ability.shinsumizome",
        "ability.kenrokuen",
        "done",
    ]
    state.apply(0, act.AbilityAction(card="shinsumizome"))
    assert state.step == "ability"
    assert reason_of(state, 0, act.AbilityAction(card="shinsumizome")) == "card_used"
    assert reason_of(state, 0, act.AbilityAction(card="kokonoe")) == "card_not_qualified"
    assert reason_of(state, 0, act.ScreenAction(colour="none", n=0)) == "wrong_step"
    state.apply(0, act.DoneAction())
    assert state.step == "screen"


def test_black_counts_for_conditions() -> None:
    state = staged(3, bag=C(white=9), turn=C(red=1, yellow=1, blue=1, black=1), draws=1)
    state.apply(0, act.StopAction())
    assert state.quals == ["someiyoshino"]
    assert rules.two_pairs(C(red=2, black=2))
    assert rules.two_pairs(C(red=2, yellow=1, black=1))
    assert not rules.two_pairs(C(red=2, yellow=1, blue=1))
    assert rules.four_colours(C(red=1, black=3))
    assert rules.six_flowers(6) and not rules.six_flowers(5)


def test_no_card_qualifies_goes_straight_to_screen() -> None:
    state = staged(3, bag=C(white=9), turn=C(red=2, yellow=1), draws=1)
    events = state.apply(0, act.StopAction())
    assert state.step == "screen"
    assert events[0].data["cards"] == []


def test_someiyoshino_moves_a_field_or_turn_flower_behind_the_screen() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=1)
    state = staged(3, bag=C(white=9), turn=turn, fields={0: C(white=2, black=1)})
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="someiyoshino"))
    assert state.step == "someiyoshino"
    assert codes(state.legal_actions(0)) == [
        "move.field.white",
        "move.field.black",
        "move.turn.red",
        "move.turn.yellow",
        "move.turn.lightblue",
        "move.turn.blue",
    ]
    events = state.apply(0, act.MoveAction(source="turn", colour="red"))
    assert state.screens[0] == C(red=1)
    assert state.turn == C(yellow=1, lightblue=1, blue=1)
    assert state.step == "screen"  # the only card is used: on to the screen step
    assert "screen.red.1" not in codes(state.legal_actions(0))  # it left this turn's flowers
    public = [e for e in events if e.public and e.kind == "move_to_screen"]
    assert public[0].data == {"source": "turn", "n": 1}
    state = staged(3, bag=C(white=9), turn=turn, fields={0: C(white=2)})
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="someiyoshino"))
    state.apply(0, act.MoveAction(source="field", colour="white"))
    assert state.fields[0] == C(white=1) and state.screens[0] == C(white=1)
    assert state.turn == turn


def test_shinsumizome_draws_unseen_behind_the_screen() -> None:
    state = staged(3, bag=C(blue=4), turn=C(red=2, yellow=2), draws=2)
    state.apply(0, act.StopAction())
    events = state.apply(0, act.AbilityAction(card="shinsumizome"))
    assert state.screens[0] == C(blue=1)
    assert state.bag == C(blue=3)
    hidden = [e for e in events if e.kind == "hidden_draw"]
    assert hidden[0].public and "blue" not in str(hidden[0].data)
    private = [e for e in events if e.to == 0]
    assert [e.data for e in private] == [{"colour": "blue"}]
    assert state.step == "screen"
    assert state.turn == C(red=2, yellow=2)


def test_shinsumizome_needs_a_flower_in_the_bag() -> None:
    state = staged(3, bag=C(), turn=C(red=2, yellow=2), draws=2)
    state.apply(0, act.StopAction())
    assert state.step == "screen"  # nothing left to draw: the ability is not offered
    state.apply(0, act.ScreenAction(colour="none", n=0))
    assert state.is_over()  # nobody holds wilds: no split step


def test_kenrokuen_places_each_drawn_flower() -> None:
    turn = C(red=2, yellow=2, blue=2)
    state = staged(3, bag=C(white=1, black=1), turn=turn, draws=2)
    state.apply(0, act.StopAction())
    assert codes(state.legal_actions(0)) == [
        "ability.shinsumizome",
        "ability.kenrokuen",
        "done",
    ]
    events = state.apply(0, act.AbilityAction(card="kenrokuen"))
    draw = next(e for e in events if e.kind == "ability_draw")
    assert draw.public and draw.data["flowers"] == ["white", "black"]
    assert state.public_view().ability is not None
    assert state.public_view().ability.drawn == ["white", "black"]
    assert codes(state.legal_actions(0)) == [
        "place.field.0",
        "place.screen.0",
        "place.field.1",
        "place.field.2",
    ]
    assert reason_of(state, 0, act.PlaceAction(where="screen", seat=1)) == "not_your_screen"
    state.apply(0, act.PlaceAction(where="field", seat=2))
    assert state.fields[2] == C(white=1)
    state.apply(0, act.PlaceAction(where="screen", seat=0))
    assert state.screens[0] == C(black=1)
    assert state.turn == turn  # drawn flowers never join this turn's flowers
    assert state.step == "screen"  # the bag is empty, so 新墨染 has nothing to draw


def test_kenrokuen_draws_what_is_left() -> None:
    state = staged(3, bag=C(yellow=1), turn=C(red=2, lightblue=2, blue=2), draws=2)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kenrokuen"))
    assert state.pending == [1]
    state.apply(0, act.PlaceAction(where="field", seat=0))
    assert state.fields[0] == C(yellow=1)
    assert state.step == "screen"


def test_komatsuotome_choices() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=1)
    state = staged(3, side="advanced", bag=C(yellow=1, blue=2), turn=turn)
    state.apply(0, act.StopAction())
    assert codes(state.legal_actions(0)) == ["ability.komatsuotome", "done"]
    state.apply(0, act.AbilityAction(card="komatsuotome"))
    assert codes(state.legal_actions(0)) == ["pick.yellow", "pick.blue"]
    assert reason_of(state, 0, act.PickAction(colour="black")) == "black_not_allowed"
    state.apply(0, act.PickAction(colour="blue"))
    assert state.fields[0] == C(blue=1)
    assert state.bag == C(yellow=1, blue=1)
    assert state.step == "screen"


def test_komatsuotome_must_take_the_one_non_black_and_returns_all_black() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=1)
    state = staged(3, side="advanced", bag=C(red=1, black=2), turn=turn)
    state.apply(0, act.StopAction())
    events = state.apply(0, act.AbilityAction(card="komatsuotome"))
    assert [e.kind for e in events][:3] == ["ability", "ability_draw", "pick"]
    assert state.fields[0] == C(red=1) and state.bag == C(black=2)
    state = staged(3, side="advanced", bag=C(black=3), turn=turn)
    state.apply(0, act.StopAction())
    events = state.apply(0, act.AbilityAction(card="komatsuotome"))
    assert "all_black" in [e.kind for e in events]
    assert state.bag == C(black=3) and state.fields[0] == C()


def test_sakuyahime_swaps_without_black() -> None:
    state = staged(
        3,
        side="advanced",
        bag=C(white=5),
        turn=C(red=2, yellow=2),
        draws=2,
        fields={0: C(blue=1, black=1), 1: C(lightblue=2, black=1), 2: C(white=1)},
    )
    state.apply(0, act.StopAction())
    assert codes(state.legal_actions(0)) == ["ability.sakuyahime", "done"]
    state.apply(0, act.AbilityAction(card="sakuyahime"))
    assert codes(state.legal_actions(0)) == [
        "give.field.blue",
        "give.turn.red",
        "give.turn.yellow",
    ]
    assert (
        reason_of(state, 0, act.GiveAction(source="field", colour="black")) == "black_not_allowed"
    )
    state.apply(0, act.GiveAction(source="turn", colour="red"))
    assert codes(state.legal_actions(0)) == ["take.1.lightblue", "take.2.white"]
    assert reason_of(state, 0, act.TakeAction(seat=1, colour="black")) == "black_not_allowed"
    assert reason_of(state, 0, act.TakeAction(seat=0, colour="blue")) == "not_other_player"
    state.apply(0, act.TakeAction(seat=1, colour="lightblue"))
    assert state.fields[0] == C(blue=1, black=1, lightblue=1)  # received onto the own field
    assert state.fields[1] == C(lightblue=1, black=1, red=1)
    assert state.turn == C(red=1, yellow=2)
    assert state.step == "screen"


def test_sakuyahime_not_offered_without_a_target() -> None:
    state = staged(
        3, side="advanced", bag=C(white=5), turn=C(red=2, yellow=2), fields={1: C(black=2)}
    )
    state.apply(0, act.StopAction())
    assert state.step == "screen"


def test_kokonoe_three_players() -> None:
    fields = {1: C(red=2, black=1), 2: C(red=1, blue=1)}
    turn = C(red=2, yellow=2, blue=2)
    state = staged(3, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    assert codes(state.legal_actions(0)) == ["ability.sakuyahime", "ability.kokonoe", "done"]
    state.apply(0, act.AbilityAction(card="kokonoe"))
    assert codes(state.legal_actions(0)) == ["take.1.red", "take.2.red", "take.2.blue"]
    assert reason_of(state, 0, act.TakeAction(seat=1, colour="black")) == "black_not_allowed"
    events = state.apply(0, act.TakeAction(seat=1, colour="red"))
    # the second flower must come from seat 2 and not be red: only blue, taken at once
    assert [e.data for e in events if e.kind == "take"] == [
        {"other": 1, "colour": "red"},
        {"other": 2, "colour": "blue"},
    ]
    assert state.fields[0] == C(red=1, blue=1)
    assert state.fields[1] == C(red=1, black=1)
    assert state.fields[2] == C(red=1)
    assert state.step == "ability"  # 咲耶姫 is still available


def test_kokonoe_second_pick_rules() -> None:
    fields = {1: C(red=2), 2: C(red=1, blue=1, yellow=1)}
    turn = C(red=2, yellow=2, blue=2)
    state = staged(3, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kokonoe"))
    state.apply(0, act.TakeAction(seat=2, colour="red"))
    # seat 1 has only red: nothing more to take, 九重 ends after one flower
    assert state.step == "ability"
    assert codes(state.legal_actions(0)) == ["ability.sakuyahime", "done"]
    assert state.fields[0] == C(red=1)
    state = staged(3, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kokonoe"))
    state.apply(0, act.TakeAction(seat=1, colour="red"))
    assert codes(state.legal_actions(0)) == ["take.2.yellow", "take.2.blue"]
    assert reason_of(state, 0, act.TakeAction(seat=2, colour="red")) == "same_colour"
    assert reason_of(state, 0, act.DoneAction()) == "must_take"


def test_kokonoe_four_players_may_choose_an_empty_field() -> None:
    fields = {1: C(red=2), 2: C(blue=1), 3: C()}
    turn = C(red=2, yellow=2, blue=2)
    state = staged(4, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kokonoe"))
    state.apply(0, act.TakeAction(seat=1, colour="red"))
    assert codes(state.legal_actions(0)) == ["take.2.blue", "done"]
    assert reason_of(state, 0, act.TakeAction(seat=1, colour="red")) == "same_colour"
    state.apply(0, act.DoneAction())
    assert state.fields[0] == C(red=1) and state.fields[2] == C(blue=1)
    assert state.step == "ability"


def test_kokonoe_two_players_takes_two_from_the_opponent() -> None:
    fields = {1: C(red=2, yellow=1, black=1)}
    turn = C(red=2, yellow=2, blue=2)
    state = staged(2, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kokonoe"))
    assert codes(state.legal_actions(0)) == ["take.1.red", "take.1.yellow"]
    state.apply(0, act.TakeAction(seat=1, colour="red"))
    # only yellow is left to take (not red again, not black): taken at once
    assert state.fields[0] == C(red=1, yellow=1)
    assert state.fields[1] == C(red=1, black=1)
    fields = {1: C(red=2, blue=1, yellow=1)}
    state = staged(2, side="advanced", bag=C(white=5), turn=turn, fields=fields)
    state.apply(0, act.StopAction())
    state.apply(0, act.AbilityAction(card="kokonoe"))
    state.apply(0, act.TakeAction(seat=1, colour="red"))
    assert codes(state.legal_actions(0)) == ["take.1.yellow", "take.1.blue"]
    assert reason_of(state, 0, act.TakeAction(seat=1, colour="red")) == "same_colour"


def test_no_ability_after_a_failure() -> None:
    turn = C(red=2, yellow=2, blue=1)  # 2 pairs qualify, but the next draw fails
    state = staged(3, bag=C(red=3), turn=turn)
    state.apply(0, act.DrawAction(n=1))
    assert state.step == "keep"
    assert all(not isinstance(a, act.AbilityAction) for a in state.legal_actions(0))


# -- the end: simultaneous secret split and scoring -------------------------------------------


def end_state() -> SakuraState:
    """Seat 0 is about to empty the bag; seats 0 and 2 hold wilds behind their screens."""
    return staged(
        3,
        bag=C(lightblue=1),
        turn=C(red=1),
        draws=1,
        fields={0: C(red=3), 1: C(blue=4), 2: C(yellow=5)},
        screens={0: C(red=2, blue=1, white=2), 1: C(red=3, blue=1), 2: C(blue=2, black=1)},
    )


def test_end_split_is_simultaneous_and_secret() -> None:
    state = end_state()
    state.apply(0, act.DrawAction(n=1))
    state.apply(0, act.ScreenAction(colour="none", n=0))
    assert state.step == "split"
    assert state.to_act() == [0, 2]
    assert codes(state.legal_actions(0)) == ["split.0", "split.1", "split.2"]
    assert codes(state.legal_actions(2)) == ["split.0"]  # only cool has a real flower
    assert state.legal_actions(1) == []
    assert state.private_view(0).default_split == 2
    assert state.default_split(2) == act.SplitAction(warm=0)
    assert reason_of(state, 2, act.SplitAction(warm=1)) == "no_real_flower"
    assert reason_of(state, 0, act.SplitAction(warm=3)) == "invalid_split"
    assert reason_of(state, 1, act.SplitAction(warm=0)) == Reason.NOT_YOUR_TURN
    views = []
    for warm in (0, 2):
        trial = state.copy()
        events = trial.apply(0, act.SplitAction(warm=warm))
        assert [(e.kind, e.data) for e in events] == [("split_submitted", {})]
        assert trial.to_act() == [2]
        views.append((trial.public_view(), trial.private_view(2)))
        assert trial.private_view(0).split == warm
    assert views[0] == views[1]
    assert views[0][0].split_done == [0] and views[0][0].split_waiting == [2]
    assert views[0][0].final is None
    # the order of submissions does not matter
    first = state.copy()
    first.apply(0, act.SplitAction(warm=2))
    first.apply(2, act.SplitAction(warm=0))
    second = state.copy()
    second.apply(2, act.SplitAction(warm=0))
    events = second.apply(0, act.SplitAction(warm=2))
    assert first.snapshot() == second.snapshot()
    assert second.is_over() and second.to_act() == []
    assert [e.kind for e in events][-2:] == ["reveal", "game_over"]
    result = second.result()
    # fields: seat 0 red 3+1 = 4 → 3, lightblue 1 → −3; seat 1 blue 4 → 3; seat 2 yellow 5 → 5
    # warm: 0: 2+2 = 4, 1: 3, 2: 0 → 18, 10, 0; cool: 0: 1, 1: 1, 2: 3 → 10, 10, 16
    assert result.breakdown == [
        {"field": 0, "warm": 18, "cool": 10},
        {"field": 3, "warm": 10, "cool": 10},
        {"field": 5, "warm": 0, "cool": 16},
    ]
    assert result.scores == [28, 23, 21]
    assert result.winners == [0]
    # The end's event carries the scores and what each is made of, for the end's summary.
    assert events[-1].data == {
        "scores": [28, 23, 21],
        "winners": [0],
        "breakdown": result.breakdown,
    }
    assert result.tiebreak == [5, 4, 3]
    final = second.public_view().final
    assert final is not None
    assert final.seats[0].screen == {**dict.fromkeys(COLOURS, 0), "red": 2, "blue": 1, "white": 2}
    assert (final.seats[0].warm_wilds, final.seats[0].cool_wilds) == (2, 0)
    assert (final.seats[2].warm_count, final.seats[2].cool_count) == (0, 3)


def test_no_wilds_means_no_split_step() -> None:
    state = staged(3, bag=C(blue=1), turn=C(red=1), draws=1, screens={1: C(red=1)})
    state.apply(0, act.DrawAction(n=1))
    events = state.apply(0, act.ScreenAction(colour="red", n=1))
    assert state.is_over()
    assert [e.kind for e in events][-3:] == ["split_start", "reveal", "game_over"]
    # What went onto the field (public), with the field's points after it.
    to_field = next(e for e in events if e.kind == "to_field")
    assert to_field.data["flowers"]["blue"] == 1 and to_field.data["field_points"] == -3
    assert reason_of(state, 0, act.SplitAction(warm=0)) == Reason.GAME_OVER


def test_tie_break_by_flowers_behind_the_screen() -> None:
    state = staged(
        2,
        bag=C(),
        turn=C(blue=1),
        fields={0: C(red=6, yellow=3), 1: C(red=2)},
        screens={0: C(red=1), 1: C(red=1, lightblue=1, white=1)},
    )
    state.apply(0, act.StopAction())
    state.apply(0, act.ScreenAction(colour="blue", n=1))
    assert state.to_act() == [1]
    state.apply(1, act.SplitAction(warm=1))
    # seat 0: field 8 + 1 = 9; warm 1 vs 2 → 0; cool 1 vs 1 → 12 // 2 = 6; total 15
    # seat 1: field −1; warm 2 → 10; cool 6; total 15; 3 flowers behind the screen against 2
    result = state.result()
    assert result.breakdown == [
        {"field": 9, "warm": 0, "cool": 6},
        {"field": -1, "warm": 10, "cool": 6},
    ]
    assert result.scores == [15, 15]
    assert result.tiebreak == [2, 3]
    assert result.winners == [1]


def test_full_tie_is_a_shared_win() -> None:
    state = staged(
        2,
        bag=C(),
        turn=C(red=1),
        fields={0: C(red=2), 1: C(red=3)},
        screens={0: C(red=1), 1: C(yellow=1)},
    )
    state.apply(0, act.StopAction())
    state.apply(0, act.ScreenAction(colour="none", n=0))
    result = state.result()
    assert result.scores == [6, 6]
    assert result.tiebreak == [1, 1]
    assert result.winners == [0, 1]


# -- illegal input ----------------------------------------------------------------------------


def test_illegal_input_leaves_the_state_unchanged() -> None:
    state = GAME.new(3, seed=2)
    seat = state.to_act()[0]
    other = (seat + 1) % 3
    assert reason_of(state, other, act.DrawAction(n=1)) == Reason.NOT_YOUR_TURN
    assert reason_of(state, 7, act.DrawAction(n=1)) == Reason.NO_SUCH_SEAT
    assert reason_of(state, seat, act.DrawAction(n=9)) == "too_many_flowers"
    assert reason_of(state, seat, act.DrawAction(n=0)) == Reason.NOT_LEGAL
    assert reason_of(state, seat, act.SplitAction(warm=0)) == "wrong_step"
    for text in ["draw", "draw.x", "draw.1.2", "screen.red", "nope", "keep.red", "draw.01"]:
        with pytest.raises(IllegalAction) as info:
            GAME.Action.decode(text)
        assert info.value.reason == Reason.MALFORMED


def test_all_action_kinds_round_trip() -> None:
    actions: list[act.SakuraAction] = [
        act.DrawAction(n=3),
        act.StopAction(),
        act.KeepAction(a="red", b="lightblue"),
        act.AbilityAction(card="kenrokuen"),
        act.DoneAction(),
        act.MoveAction(source="field", colour="white"),
        act.PlaceAction(where="screen", seat=2),
        act.PickAction(colour="yellow"),
        act.GiveAction(source="turn", colour="blue"),
        act.TakeAction(seat=1, colour="red"),
        act.ScreenAction(colour="none", n=0),
        act.SplitAction(warm=4),
    ]
    for action in actions:
        text = action.encode()
        assert len(text) <= 50
        assert GAME.Action.decode(text) == action


# -- texts and options ------------------------------------------------------------------------


def test_texts_and_options() -> None:
    assert GAME.name("ja") and GAME.name("en")
    for lang in ("ja", "en"):
        summary = GAME.rules_summary(lang)
        assert 500 < len(summary) <= 3500
        for card in texts.CARDS:
            assert texts.CARDS[card]["name"]("ja") in summary
    assert set(texts.COLOUR_NAMES) == set(COLOURS)
    assert set(texts.OPTION_TEXT) == set(GAME.Options.model_fields)
    assert set(texts.STEPS) == set(STEP_KINDS)
    assert all(isinstance(text, Text) for text in texts.REASONS.values())
    assert GAME.new(4, seed=7).options.mastery_side == "classic"
    with pytest.raises(ValueError):
        GAME.new(5, seed=7)


def test_reason_codes_have_texts() -> None:
    """Every game-specific reason the engine can raise has a message."""
    import inspect

    from games.sakura import state as state_module

    source = inspect.getsource(state_module.SakuraState._diagnose)
    raised = set(re.findall(r'"([a-z_]+)"', source)) - set(STEP_KINDS) - set(COLOURS)
    raised -= {"black", "colour", "screen", "kokonoe", "field", "turn"}
    assert raised == set(texts.REASONS)


def test_every_combination_of_pairs_is_enumerated_once() -> None:
    turn = C(red=1, yellow=1, lightblue=1, blue=1, white=1)
    state = staged(3, bag=C(black=1), turn=turn)
    state.step = "keep"
    pairs = {tuple(sorted((a.a, a.b))) for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    expected = {tuple(sorted(p)) for p in itertools.combinations(COLOURS[:5], 2)}
    assert pairs == expected
