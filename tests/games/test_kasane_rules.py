"""襲ノ色目 rules: seed examples, melds, slots, `+1` cards, variants, rounds, views, errors."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from games.core import IllegalAction, Reason, Rng
from games.kasane import GAME
from games.kasane import actions as act
from games.kasane.ai import StrongPlayer
from games.kasane.rules import KasaneOptions
from games.kasane.scoring import YAKU
from games.kasane.state import KasaneState
from games.registry import get
from tests.games.playing import play_randomly
from tests.games.refusals import refusal


def craft(
    players: int = 4,
    *,
    seat: int = 0,
    hands: dict[int, list[int]] | None = None,
    tableaus: dict[int, list[int]] | None = None,
    rows: dict[int, list[int]] | None = None,
    used: list[list[Any]] | None = None,
    options: dict[str, bool] | None = None,
    **fields: Any,
) -> KasaneState:
    """A state from a fresh game's snapshot with some fields replaced."""
    snap = GAME.new(players, seed=11, options=options).snapshot()
    snap["seat"] = seat
    snap["start_player"] = seat
    for key, value in (hands or {}).items():
        snap["hands"][key] = value
    for key, value in (tableaus or {}).items():
        snap["tableaus"][key] = value
    for key, value in (rows or {}).items():
        snap["grid"][key] = value
    if used is not None:
        snap["used"] = used
    snap.update(fields)
    return GAME.load(snap)


def codes(state: KasaneState, seat: int) -> list[str]:
    return [a.encode() for a in state.legal_actions(seat)]


def rejects(state: KasaneState, seat: int, action: act.KasaneAction, reason: str) -> None:
    assert refusal(state, seat, action) == reason


# -- seed examples -------------------------------------------------------------------------------


def test_seed_example_67321_kagen() -> None:
    state = craft(hands={0: [6, 7, 3, 2]}, rows={0: [5, 5, 1]})
    events = state.apply(0, act.Take(row=0))
    assert events[0].kind == "take" and events[0].data == {"row": 0, "card": 1}
    assert state.hands[0] == [6, 7, 3, 2, 1]
    assert codes(state, 0) == ["meld.kagen.3.3.0", "pass"]
    view = state.private_view(0)
    assert [(m.action, m.points, m.cards) for m in view.melds] == [
        ("meld.kagen.3.3.0", 3, [3, 2, 1])
    ]
    events = state.apply(0, act.Meld(yaku="kagen", count=3, hand=3, top=False))
    assert events[0].data["points"] == 3 and events[0].data["cards"] == [3, 2, 1]
    assert state.hands[0] == [6, 7]
    assert state.tableaus[0] == [3, 2, 1]
    assert state.scores_so_far()[0] == 3
    assert state.used[("kagen", 3, 0)] == 0
    assert state.seat == 1 and state.step == "take"


def example_876(**more: Any) -> KasaneState:
    """The position of the seed's 8-7-6 example: seat 0 holds 3 2 4 over a tableau 8 7 6,
    row 2 offers 1 6, and seat 0 already took the first slot of 上弦 with 3 cards (`more`:
    further fields for `craft`)."""
    return craft(
        hands={0: [3, 2, 4]},
        tableaus={0: [8, 7, 6]},
        rows={2: [1, 6]},
        used=[["jogen", 3, 0, 0]],
        **more,
    )


def test_seed_example_876_setsugetsufuka() -> None:
    state = example_876(yaku_points=[3, 0, 0, 0])
    state.apply(0, act.Take(row=2))
    assert codes(state, 0) == [
        "meld.setsugetsufuka.4.3.1",
        "meld.setsugetsufuka.3.3.0",
        "meld.setsugetsufuka.3.2.1",
        "meld.kasane.2.1.1",
        "meld.ju.2.2.0",
        "pass",
    ]
    best = state.private_view(0).melds[0]
    assert (best.points, best.cards, best.top, best.hand) == (4, [6, 2, 4, 6], True, 3)
    state.apply(0, act.Meld(yaku="setsugetsufuka", count=4, hand=3, top=True))
    assert state.tableaus[0] == [8, 7, 6, 2, 4, 6]
    assert state.hands[0] == [3]
    assert state.scores_so_far()[0] == 7


def test_seed_end_bonus_example_through_the_engine() -> None:
    # Seat 3 plays the very last turn of a 4-player game; its tableau already has 8 colours.
    tableau = [1, 2, 4, 5, 0, 6, 7, 0, 8, 9]
    state = craft(
        seat=3,
        hands={0: [], 1: [], 2: [], 3: [3]},
        tableaus={0: [], 1: [], 2: [], 3: tableau},
        rows={0: [0, 0], 1: [7], 2: [7], 3: [7]},
        round=4,
        turns=[12, 12, 12, 11],
        yaku_points=[0, 0, 0, 10],
        plus_one=[0, 0, 0, 2],
    )
    state.apply(3, act.Take(row=0))  # a +1: the hand keeps its 3
    assert state.is_over() and state.to_act() == []
    result = state.result()
    assert result.breakdown[3] == {
        "yaku": 10,
        "plus_one": 3,
        "colour_bonus": 4,
        "empty_hand_bonus": 0,
    }
    assert result.scores[3] == 17
    assert result.breakdown[0] == {
        "yaku": 0,
        "plus_one": 0,
        "colour_bonus": 0,
        "empty_hand_bonus": 2,
    }
    assert result.winners == [3]
    assert result.tiebreak == [0, 0, 0, 11]


# -- melds and the tableau card -----------------------------------------------------------------


def test_first_meld_cannot_use_tableau_and_plus_one_top_blocks_it() -> None:
    state = craft(hands={0: [4]}, tableaus={0: [0]}, rows={0: [6, 4]})
    state.apply(0, act.Take(row=0))
    assert codes(state, 0) == ["meld.kasane.2.2.0", "pass"]
    rejects(state, 0, act.Meld(yaku="kasane", count=2, hand=1, top=True), "top_unusable")
    state = craft(hands={0: [4]}, tableaus={0: [3, 2, 1, 0]}, rows={0: [6, 4]})
    state.apply(0, act.Take(row=0))
    assert codes(state, 0) == ["meld.kasane.2.2.0", "pass"]


def test_meld_with_tableau_card_only_counts_it() -> None:
    state = craft(hands={0: [6]}, tableaus={0: [5, 3, 1]}, rows={0: [2, 1]}, used=[])
    state.apply(0, act.Take(row=0))
    assert codes(state, 0) == ["meld.kasane.2.1.1", "pass"]
    state.apply(0, act.Meld(yaku="kasane", count=2, hand=1, top=True))
    assert state.tableaus[0] == [5, 3, 1, 1]
    assert state.hands[0] == [6]


def test_no_meld_step_when_nothing_is_possible() -> None:
    state = craft(hands={0: [8, 1]}, rows={0: [3, 7]})
    events = state.apply(0, act.Take(row=0))
    assert [e.kind for e in events] == ["take", "no_meld"]
    assert events[1].data == {"forced": True}  # nobody chose to skip: the log says nothing
    assert state.seat == 1 and state.step == "take"
    assert state.hands[0] == [8, 1, 7]


def test_pass_keeps_the_hand() -> None:
    state = craft(hands={0: [4]}, rows={0: [6]})
    state.apply(0, act.Take(row=0))
    events = state.apply(0, act.Pass())
    assert [e.kind for e in events] == ["no_meld"]
    assert events[0].data == {}  # the player chose to skip: the log says so
    assert state.hands[0] == [4, 6] and state.tableaus[0] == []
    assert state.turns[0] == 1 and state.seat == 1


# -- the +1 card and variant B ------------------------------------------------------------------


def test_plus_one_scores_and_ends_the_turn() -> None:
    state = craft(hands={0: [4, 6]}, rows={1: [5, 0]})
    events = state.apply(0, act.Take(row=1))
    assert [e.kind for e in events] == ["take", "no_meld"]
    assert events[0].data == {"row": 1, "card": 0, "points": 1}
    assert events[1].data == {"forced": True}
    assert state.tableaus[0] == [0] and state.hands[0] == [4, 6]
    assert state.scores_so_far()[0] == 1
    assert state.seat == 1


def test_variant_b_allows_a_meld_after_plus_one_from_the_hand_only() -> None:
    state = craft(
        hands={0: [4, 6]}, tableaus={0: [6]}, rows={1: [5, 0]}, options={"variant_b": True}
    )
    state.apply(0, act.Take(row=1))
    assert state.step == "meld" and state.just_taken == 0
    assert codes(state, 0) == ["meld.ju.2.2.0", "pass"]
    state.apply(0, act.Meld(yaku="ju", count=2, hand=2, top=False))
    assert state.tableaus[0] == [6, 0, 4, 6]
    assert state.scores_so_far()[0] == 2


# -- slots --------------------------------------------------------------------------------------


def test_first_and_second_achievers_of_a_set_yaku_get_4_then_3() -> None:
    state = craft(hands={0: [1, 2], 1: [2, 6], 2: [6, 2]}, rows={0: [1, 1, 6]})
    state.apply(0, act.Take(row=0))  # 1,2,6
    assert "meld.sakura_chirashi.3.3.0" in codes(state, 0)
    state.apply(0, act.Meld(yaku="sakura_chirashi", count=3, hand=3, top=False))
    assert state.yaku_points[0] == 4
    state.apply(1, act.Take(row=0))  # 2,6,1
    melds = state.private_view(1).melds
    assert [(m.yaku, m.index, m.points) for m in melds] == [("sakura_chirashi", 1, 3)]
    state.apply(1, act.Meld(yaku="sakura_chirashi", count=3, hand=3, top=False))
    assert state.yaku_points[1] == 3
    assert state.used[("sakura_chirashi", 3, 0)] == 0
    assert state.used[("sakura_chirashi", 3, 1)] == 1
    state.apply(2, act.Take(row=0))  # 6,2,1: both slots are used now
    assert state.step == "take" and state.seat == 3
    view = state.public_view()
    used = [(s.index, s.points, s.by) for s in view.slots if s.yaku == "sakura_chirashi"]
    assert used == [(0, 4, 0), (1, 3, 1)]


def test_slot_exhaustion_a_count_used_twice_is_no_longer_offered() -> None:
    state = craft(
        hands={0: [4, 4]},
        rows={0: [4]},
        used=[["kasane", 2, 0, 1], ["kasane", 2, 1, 2]],
    )
    state.apply(0, act.Take(row=0))
    assert codes(state, 0) == ["meld.kasane.3.3.0", "meld.setsugetsufuka.3.3.0", "pass"]
    rejects(state, 0, act.Meld(yaku="kasane", count=2, hand=2, top=False), "slot_used")
    state.apply(0, act.Meld(yaku="kasane", count=3, hand=3, top=False))
    assert state.yaku_points[0] == 3
    assert state.hands[0] == []


def test_single_slot_is_gone_after_one_use() -> None:
    state = craft(hands={0: [1, 3]}, rows={0: [9, 5]}, used=[["kachofugetsu", 3, 0, 2]])
    state.apply(0, act.Take(row=0))
    assert codes(state, 0) == ["meld.kagen.3.3.0", "pass"]


def test_variant_a_pre_marks_two_slots_and_needs_three_players() -> None:
    state = GAME.new(3, seed=5, options={"variant_a": True})
    assert state.used == {("ju", 2, 0): None, ("kasane", 2, 0): None}
    view = state.public_view()
    marked = [(s.yaku, s.count, s.index, s.by) for s in view.slots if s.used]
    assert marked == [("kasane", 2, 0, None), ("ju", 2, 0, None)]
    state = craft(3, hands={0: [7]}, rows={0: [7]}, options={"variant_a": True})
    state.used = {("ju", 2, 0): None, ("kasane", 2, 0): None}
    state.apply(0, act.Take(row=0))
    assert [(m.yaku, m.index, m.points) for m in state.private_view(0).melds] == [("kasane", 1, 1)]
    with pytest.raises(ValueError, match="variant_a"):
        GAME.new(4, seed=5, options={"variant_a": True})
    with pytest.raises(ValueError):
        GAME.new(5, seed=5)


# -- rounds -------------------------------------------------------------------------------------


def play_round(state: KasaneState, rng: Rng) -> None:
    start_round = state.round
    play_randomly(state, rng, until=lambda s: s.round != start_round)


@pytest.mark.parametrize("players", [3, 4])
def test_rounds_refill_reshuffle_and_leftover(players: int) -> None:
    state = GAME.new(players, seed=3)
    rng = Rng(9)
    rows, cols = (4, 4) if players == 4 else (3, 5)
    first = state.start_player
    assert state.round == 1 and state.seat == first
    assert [len(r) for r in state.grid] == [cols] * rows
    deck_sizes = [state.deck.__len__()]
    for round_no in range(2, state.setup.rounds + 1):
        play_round(state, rng)
        assert state.round == round_no
        assert state.start_player == (first + round_no - 1) % players == state.seat
        assert state.turns == [(round_no - 1) * 12 // state.setup.rounds] * players
        assert [len(r) for r in state.grid] == [cols] * rows
        deck_sizes.append(len(state.deck))
    if players == 4:
        assert deck_sizes == [36, 20, 4, 0]
        assert len(state.discard) == 0
    else:
        assert deck_sizes == [26, 11, 0]
        assert len(state.discard) == 2  # the leftover after the last deal
    play_round(state, rng)
    assert state.is_over() and state.turns == [12] * players
    assert state.public_view().turn_seat is None


# -- views ----------------------------------------------------------------------------------------


def test_views_hold_what_the_table_and_the_seat_know() -> None:
    state = craft(hands={0: [6, 7, 3, 2], 2: [9]}, rows={0: [5, 5, 1]})
    state.apply(0, act.Take(row=0))
    pub = state.public_view()
    assert pub.turn_seat == 0 and pub.step == "meld" and pub.just_taken == 1
    assert pub.grid[0].cards == [5, 5] and pub.grid[0].front == 5
    assert pub.hand_sizes[0] == 5 and pub.hand_sizes[2] == 1
    assert pub.round == 1 and pub.rounds == 4 and pub.turn_number == 1
    assert pub.deck_size == 36 and pub.discard_size == 0
    assert len(pub.slots) == 29 and not any(s.used for s in pub.slots)
    mine = state.private_view(0)
    assert mine.hand == [6, 7, 3, 2, 1] and mine.hand_top == 1
    assert mine.public == pub
    other = state.private_view(2)
    assert other.hand == [9] and other.melds == []
    dumped = pub.model_dump_json()
    assert "hand" not in dumped.replace("hand_sizes", "")


def test_registry_and_defaults() -> None:
    state = get("kasane").new(4, seed=7)
    assert state.options == KasaneOptions()
    assert GAME.name("ja") == "襲ノ色目"
    assert len(GAME.rules_summary("ja")) <= 3500 and len(GAME.rules_summary("en")) <= 3500
    assert isinstance(GAME.cpu("strong"), StrongPlayer)
    assert [e.kind for e in state.opening_events()] == ["game_start", "round_start"]


# -- illegal input --------------------------------------------------------------------------------


def test_illegal_actions_raise_and_leave_the_state_unchanged() -> None:
    state = craft(hands={0: [4]}, rows={0: [6], 1: []})
    rejects(state, 1, act.Take(row=0), Reason.NOT_YOUR_TURN)
    rejects(state, 9, act.Take(row=0), Reason.NO_SUCH_SEAT)
    rejects(state, 0, act.Take(row=1), "row_empty")
    rejects(state, 0, act.Take(row=7), "row_empty")
    rejects(state, 0, act.Pass(), "wrong_step")
    rejects(state, 0, act.Meld(yaku="ju", count=2, hand=2, top=False), "wrong_step")
    state.apply(0, act.Take(row=0))
    rejects(state, 0, act.Take(row=2), "wrong_step")
    rejects(state, 0, act.Meld(yaku="ju", count=5, hand=5, top=False), "no_such_slot")
    rejects(state, 0, act.Meld(yaku="ju", count=3, hand=3, top=False), "bad_meld")
    rejects(state, 0, act.Meld(yaku="ju", count=2, hand=1, top=False), "bad_meld")
    rejects(state, 0, act.Meld(yaku="kasane", count=2, hand=2, top=False), "no_yaku")
    rejects(state, 0, act.Meld(yaku="ju", count=2, hand=1, top=True), "top_unusable")
    rejects(state, 1, act.Pass(), Reason.NOT_YOUR_TURN)
    state.apply(0, act.Meld(yaku="ju", count=2, hand=2, top=False))
    state.seat, state.step = 0, "take"
    state.hands[0] = [4]
    state.grid[0] = [6]
    state.used[("ju", 2, 1)] = 3
    state.apply(0, act.Take(row=0))
    rejects(state, 0, act.Meld(yaku="ju", count=2, hand=2, top=False), "slot_used")


def test_actions_after_the_game_is_over() -> None:
    state = GAME.new(4, seed=2)
    rng = Rng(2)
    play_randomly(state, rng)
    assert state.legal_actions(0) == []
    rejects(state, 0, act.Take(row=0), Reason.GAME_OVER)
    rejects(state, 0, act.Pass(), Reason.GAME_OVER)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "take",
        "take.x",
        "take.01",
        "take.1.2",
        "meld.kasane.2.2",
        "meld.kasane.2.2.2",
        "meld.kasane.two.2.0",
        "meld.ju-x.2.2.0",
        "meld.nope.2.2.0",
        "pass.1",
        "draw.1",
        "x" * 120,
    ],
)
def test_malformed_action_strings(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.Action.decode(text)
    assert info.value.reason == Reason.MALFORMED


def test_yaku_id_type_lists_the_scoring_ids() -> None:
    assert get_args(act.YakuId) == YAKU


def test_action_encodings() -> None:
    assert act.Take(row=3).encode() == "take.3"
    assert act.Meld(yaku="setsugetsufuka", count=4, hand=3, top=True).encode() == (
        "meld.setsugetsufuka.4.3.1"
    )
    assert act.Pass().encode() == "pass"
    assert GAME.Action.decode("meld.kagen.3.3.0") == act.Meld(
        yaku="kagen", count=3, hand=3, top=False
    )


# -- the strong player ---------------------------------------------------------------------------


def test_strong_player_takes_the_best_meld_on_its_last_turn() -> None:
    state = example_876(turns=[11, 11, 11, 11], round=4)
    player = StrongPlayer()
    state.apply(0, act.Take(row=2))
    action = player.choose(state, 0, Rng(1))
    assert action == act.Meld(yaku="setsugetsufuka", count=4, hand=3, top=True)


def test_strong_player_ignores_hidden_cards() -> None:
    state = GAME.new(4, seed=21)
    rng = Rng(4)
    play_randomly(state, rng, moves=9)
    seat = state.to_act()[0]
    snap = state.snapshot()
    other = (seat + 1) % 4
    swapped = dict(snap)
    swapped["deck"] = list(reversed(snap["deck"]))
    hands = [list(h) for h in snap["hands"]]
    hands[other] = [(c % 9) + 1 for c in hands[other]]
    swapped["hands"] = hands
    twin = GAME.load(swapped)
    assert twin.public_view() == state.public_view()
    player = StrongPlayer()
    assert player.choose(state, seat, Rng(8)) == player.choose(twin, seat, Rng(8))
