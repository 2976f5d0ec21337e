"""色映に生へど: scoring API, trick rules, the pass step, illegal input, views and texts."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from games.core import IllegalAction, Reason, Rng
from games.irobae import GAME, scoring, texts
from games.irobae import actions as act
from games.irobae.rules import IrobaeOptions, card_id, colour_of, deck, number_of
from games.irobae.state import IrobaeState
from tests.games.playing import play_randomly
from tests.games.refusals import refusal

FLOWER, BIRD, UMBRELLA, FAN, BUTTERFLY = range(5)


def C(colour: int, number: int) -> int:
    return card_id(colour, number)


# -- scoring API, called with plain types exactly as external checks do ---------------------------


def test_seed_scoring_example() -> None:
    # Seed: bird 2,5,8,9 → 2 − 3 = −1; flower 6 alone → 6; total +5.
    pile = [(BIRD, 2), (BIRD, 5), (BIRD, 8), (BIRD, 9), (FLOWER, 6)]
    assert scoring.deal_score(pile) == 5
    assert scoring.colour_scores(pile) == {FLOWER: 6, BIRD: -1}
    assert scoring.deal_score(list(reversed(pile))) == 5


@pytest.mark.parametrize(
    ("pile", "score"),
    [
        ([], 0),
        ([(3, 12)], 12),
        ([(0, 1), (0, 2), (0, 3)], 1 - 2),
        ([(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)], 20),
        ([(2, 7), (2, 1)], 0),
        ([(4, 10), (4, 11), (4, 12), (1, 3)], 10 - 2 + 3),
    ],
)
def test_deal_score(pile: list[tuple[int, int]], score: int) -> None:
    assert scoring.deal_score(pile) == score


def test_trick_winner_marker_never_moves() -> None:
    # Everyone follows the lead colour: the marker stays on the lead, the highest of it wins.
    assert scoring.trick_winner([(FAN, 3), (FAN, 7), (FAN, 5)]) == 1
    assert scoring.trick_winner([(FAN, 8), (FAN, 7), (FAN, 5), (FAN, 1)]) == 0
    assert scoring.marker_index([(FAN, 8), (FAN, 7), (FAN, 5)]) == 0


def test_trick_winner_marker_moves_once() -> None:
    # Lead flower 9; the second player has no flower and plays umbrella 1: umbrella is trump.
    # The third follows flower with a 10 (higher than the lead, but not trump); the fourth
    # plays umbrella 5, the highest umbrella.
    cards = [(FLOWER, 9), (UMBRELLA, 1), (FLOWER, 10), (UMBRELLA, 5)]
    assert scoring.marker_index(cards) == 1
    assert scoring.trick_winner(cards) == 3
    # The card that moved the marker wins when nobody tops it in its colour.
    assert scoring.trick_winner([(BIRD, 12), (FAN, 2), (BIRD, 1)]) == 1


def test_trick_winner_marker_moves_twice() -> None:
    cards = [(FLOWER, 9), (UMBRELLA, 8), (BUTTERFLY, 3), (UMBRELLA, 12)]
    assert scoring.marker_index(cards) == 2
    assert scoring.trick_winner(cards) == 2
    cards = [(BIRD, 5), (FAN, 2), (FLOWER, 1), (FLOWER, 6), (FAN, 11)]
    assert scoring.marker_index(cards) == 2
    assert scoring.trick_winner(cards) == 3


def test_trick_winner_single_card() -> None:
    assert scoring.trick_winner([(BUTTERFLY, 1)]) == 0


# -- state construction helpers ----------------------------------------------------------------


def make_play_state(
    hands: list[list[int]],
    leader: int,
    trick: list[int],
    *,
    open_minimums: bool = False,
    piles: list[list[int]] | None = None,
) -> IrobaeState:
    """A 3-player state in the play step with these hands and trick (cards conserved)."""
    players = len(hands)
    state = GAME.new(players, seed=11, options=IrobaeOptions(open_minimums=open_minimums))
    snap = state.snapshot()
    piles = piles or [[] for _ in range(players)]
    used = {c for h in hands for c in h} | set(trick) | {c for p in piles for c in p}
    snap.update(
        phase="play",
        hands=[sorted(h) for h in hands],
        unused=[c for c in deck(players) if c not in used],
        leader=leader,
        trick=list(trick),
        piles=piles,
    )
    return GAME.load(snap)


def test_follow_rule_holding_the_second_colour_but_not_the_lead() -> None:
    # Seat 0 led flower 3; seat 1 had no flower and played umbrella 2 (marker moved to it).
    # Seat 2 holds no flower but an umbrella: it must play an umbrella, not its butterfly or fan.
    hands = [
        [C(BIRD, 1), C(BIRD, 2)],
        [C(FAN, 1), C(FAN, 2)],
        [C(UMBRELLA, 5), C(BUTTERFLY, 6), C(FAN, 4), C(UMBRELLA, 1)],
    ]
    state = make_play_state(hands, leader=0, trick=[C(FLOWER, 3), C(UMBRELLA, 2)])
    assert state.to_act() == [2]
    assert state.legal_actions(2) == [
        act.PlayCard(card=C(UMBRELLA, 1)),
        act.PlayCard(card=C(UMBRELLA, 5)),
    ]
    view = state.private_view(2)
    assert view.playable == [C(UMBRELLA, 1), C(UMBRELLA, 5)]
    assert view.public.follow_colours == [FLOWER, UMBRELLA]
    assert view.public.marker == 1 and view.public.trump == UMBRELLA
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(2, act.PlayCard(card=C(BUTTERFLY, 6)))
    assert info.value.reason == "must_follow"
    assert state.snapshot() == before
    events = state.apply(2, act.PlayCard(card=C(UMBRELLA, 5)))
    # Umbrella 5 tops umbrella 2: seat 2 wins the trick and leads next.
    end = [e for e in events if e.kind == "trick_end"]
    assert end[0].seat == 2 and end[0].data["trump"] == UMBRELLA
    assert sorted(state.piles[2]) == sorted([C(FLOWER, 3), C(UMBRELLA, 2), C(UMBRELLA, 5)])
    assert state.to_act() == [2]


def test_follow_rule_holding_the_lead_colour_only() -> None:
    hands = [[C(BIRD, 1)], [C(FAN, 1)], [C(FLOWER, 5), C(BUTTERFLY, 6)]]
    state = make_play_state(hands, leader=0, trick=[C(FLOWER, 3), C(UMBRELLA, 2)])
    assert state.legal_actions(2) == [act.PlayCard(card=C(FLOWER, 5))]


def test_void_player_plays_anything_and_moves_the_marker() -> None:
    hands = [[C(BIRD, 1)], [C(FAN, 1)], [C(BUTTERFLY, 6), C(FAN, 4)]]
    state = make_play_state(hands, leader=0, trick=[C(FLOWER, 3), C(UMBRELLA, 6)])
    assert state.legal_actions(2) == [
        act.PlayCard(card=C(FAN, 4)),
        act.PlayCard(card=C(BUTTERFLY, 6)),
    ]
    events = state.apply(2, act.PlayCard(card=C(FAN, 4)))
    play = events[0]
    assert play.kind == "play" and play.data["marker_moved"] and play.data["trump"] == FAN
    # The fan 4 is the only fan: it wins although umbrella 6 and flower 3 were played before.
    assert [e.seat for e in events if e.kind == "trick_end"] == [2]
    assert state.public_view().last_trick is not None
    assert state.public_view().last_trick.marker == 2


def test_lead_is_free_and_places_the_marker() -> None:
    hands = [[C(BIRD, 1), C(FLOWER, 2)], [C(FAN, 1), C(FAN, 3)], [C(BUTTERFLY, 6), C(FAN, 4)]]
    state = make_play_state(hands, leader=1, trick=[])
    assert state.legal_actions(1) == [act.PlayCard(card=C(FAN, 1)), act.PlayCard(card=C(FAN, 3))]
    state.apply(1, act.PlayCard(card=C(FAN, 1)))
    view = state.public_view()
    assert view.marker == 0 and view.trump == FAN and view.follow_colours == [FAN]
    assert view.turn == 2
    assert state.legal_actions(2) == [act.PlayCard(card=C(FAN, 4))]


def test_open_minimums_show_the_lowest_won_card_of_each_colour() -> None:
    piles = [[C(BIRD, 4), C(BIRD, 2), C(FAN, 5)], [], [C(FLOWER, 6)]]
    hands = [[C(BIRD, 1)], [C(FAN, 1)], [C(BUTTERFLY, 6)]]
    on = make_play_state(hands, leader=0, trick=[], open_minimums=True, piles=piles)
    off = make_play_state(hands, leader=0, trick=[], open_minimums=False, piles=piles)
    assert [[c.id for c in row] for row in on.public_view().minimums] == [
        [C(BIRD, 2), C(FAN, 5)],
        [],
        [C(FLOWER, 6)],
    ]
    assert off.public_view().minimums == [[], [], []]
    assert on.private_view(0).pile_score == 2 - 1 + 5


# -- a deal from the start -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_new_deal_uses_2n_cards_per_colour(players: int) -> None:
    state = GAME.new(players, seed=3)
    assert state.phase == "pass"
    assert all(len(h) == 9 for h in state.hands)
    assert len(state.unused) == players
    cards = sorted(c for h in state.hands for c in h) + state.unused
    assert sorted(cards) == deck(players)
    assert len(deck(players)) == 10 * players
    assert {number_of(c) for c in deck(players)} == set(range(1, 2 * players + 1))
    assert {colour_of(c) for c in deck(players)} == set(range(5))
    assert state.to_act() == list(range(players))
    assert len(state.legal_actions(0)) == 36
    view = state.public_view()
    assert view.deal == 1 and view.deals == players and view.trick_number == 0
    assert view.passed == [False] * players
    assert view.pass_to == [(s + 1) % players for s in range(players)]


def test_default_options_and_seed_keyword() -> None:
    state = GAME.new(4, seed=7)
    assert state.options == IrobaeOptions()
    assert IrobaeOptions().open_minimums is False
    with pytest.raises(ValueError):
        GAME.new(2, seed=7)
    with pytest.raises(ValueError):
        GAME.new(7, seed=7)


def choose_passes(state: IrobaeState, rng: Rng) -> dict[int, act.PassCards]:
    return {s: rng.choice(state.legal_actions(s)) for s in state.to_act()}  # type: ignore[misc]


def test_pass_order_of_submission_does_not_change_the_result() -> None:
    base = GAME.new(4, seed=21)
    choices = choose_passes(base, Rng(5))
    results = set()
    for order in itertools.permutations(range(4)):
        state = GAME.load(base.snapshot())
        for seat in order:
            state.apply(seat, choices[seat])
        results.add(json.dumps(state.snapshot(), sort_keys=True))
    assert len(results) == 1
    state = GAME.load(json.loads(results.pop()))
    assert state.phase == "play"
    for seat in range(4):
        giver = (seat - 1) % 4
        given = [choices[giver].a, choices[giver].b]
        view = state.private_view(seat)
        assert [c.id for c in view.received] == given
        assert [c.id for c in view.passed] == [choices[seat].a, choices[seat].b]
        assert set(given) <= {c.id for c in view.hand}
        assert not {choices[seat].a, choices[seat].b} & {c.id for c in view.hand}
    assert state.to_act() == [(state.dealer + 1) % 4]


def test_pass_choice_is_hidden_until_everyone_has_chosen() -> None:
    base = GAME.new(3, seed=4)
    pairs = base.legal_actions(0)
    first, second = GAME.load(base.snapshot()), GAME.load(base.snapshot())
    events_a = first.apply(0, pairs[0])
    events_b = second.apply(0, pairs[-1])
    assert first.public_view() == second.public_view()
    assert first.private_view(1) == second.private_view(1)
    assert [e for e in events_a if e.public] == [e for e in events_b if e.public]
    assert [e.to for e in events_a if not e.public] == [0]
    assert first.public_view().passed == [True, False, False]
    assert first.to_act() == [1, 2]
    view = first.private_view(0)
    assert view.passable == [] and len(view.hand) == 7
    assert [c.id for c in view.pass_choice] == [pairs[0].a, pairs[0].b]
    assert first.legal_actions(0) == []
    assert first.public_view().hand_sizes == [9, 9, 9]


# -- illegal input leaves the state untouched ------------------------------------------------------


def expect_illegal(state: IrobaeState, seat: int, action: Any, reason: str) -> None:
    assert refusal(state, seat, action) == reason


def test_illegal_input_during_the_pass() -> None:
    state = GAME.new(3, seed=8)
    hand = state.hands[0]
    outside = next(c for c in deck(3) if c not in hand)
    expect_illegal(state, 0, act.PlayCard(card=hand[0]), "wrong_step")
    expect_illegal(
        state, 0, act.PassCards(a=min(hand[0], outside), b=max(hand[0], outside)), "not_in_hand"
    )
    expect_illegal(state, 5, act.PassCards(a=hand[0], b=hand[1]), Reason.NO_SUCH_SEAT)
    state.apply(0, act.PassCards(a=hand[0], b=hand[1]))
    expect_illegal(state, 0, act.PassCards(a=hand[2], b=hand[3]), "already_passed")


def test_illegal_input_during_play() -> None:
    hands = [[C(BIRD, 1), C(BIRD, 2)], [C(FAN, 1), C(FAN, 2)], [C(UMBRELLA, 5), C(FAN, 4)]]
    state = make_play_state(hands, leader=0, trick=[])
    expect_illegal(state, 1, act.PlayCard(card=C(FAN, 1)), Reason.NOT_YOUR_TURN)
    expect_illegal(state, 0, act.PlayCard(card=C(FAN, 1)), "not_in_hand")
    expect_illegal(state, 0, act.PassCards(a=C(BIRD, 1), b=C(BIRD, 2)), "wrong_step")
    expect_illegal(state, -1, act.PlayCard(card=C(BIRD, 1)), Reason.NO_SUCH_SEAT)
    state.apply(0, act.PlayCard(card=C(BIRD, 1)))
    state.apply(1, act.PlayCard(card=C(FAN, 1)))
    expect_illegal(state, 2, act.PlayCard(card=C(UMBRELLA, 5)), "must_follow")


def test_actions_after_the_game_is_over() -> None:
    state = GAME.new(3, seed=1)
    rng = Rng(2)
    play_randomly(state, rng)
    assert state.to_act() == [] and state.legal_actions(0) == []
    assert GAME.new(3, seed=1).legal_actions(3) == []
    expect_illegal(state, 0, act.PlayCard(card=0), Reason.GAME_OVER)
    expect_illegal(state, 1, act.PassCards(a=0, b=1), Reason.GAME_OVER)


@pytest.mark.parametrize(
    "text",
    ["", "play", "play.x", "play.1.2", "pass.5.3", "pass.4.4", "pass.4", "pass.1.2.3", "take.1"],
)
def test_malformed_action_strings(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.Action.decode(text)
    assert info.value.reason == Reason.MALFORMED


def test_action_encodings() -> None:
    assert act.PassCards(a=3, b=41).encode() == "pass.3.41"
    assert act.PlayCard(card=59).encode() == "play.59"
    assert GAME.Action.decode("pass.3.41") == act.PassCards(a=3, b=41)
    assert GAME.Action is act.IrobaeAction


# -- texts ---------------------------------------------------------------------------------------


def test_texts_are_complete() -> None:
    assert GAME.name("ja") == "色映に生へど"
    assert "irobae" in GAME.name("en").lower()
    for lang in ("ja", "en"):
        summary = GAME.rules_summary(lang)
        assert 500 < len(summary) <= 3500
        assert "+5" in summary
    assert set(texts.OPTION_TEXT) == set(IrobaeOptions.model_fields)
    assert set(texts.REASONS) == {"already_passed", "wrong_step", "not_in_hand", "must_follow"}
    assert len(texts.COLOURS) == 5
    assert texts.colour_name(BIRD, "ja") == "鳥（橙）"
    assert texts.colour_name(FLOWER, "en") == "花 hana (flower, red)"
    assert texts.card_name(C(BUTTERFLY, 7), "ja") == "蝶7"
    assert texts.card_name(C(FAN, 12), "en") == "fan 12"


def test_cpu_levels() -> None:
    state = GAME.new(5, seed=2)
    for level in GAME.cpu_levels:
        action = GAME.cpu(level).choose(state, 3, Rng(1))
        assert action in state.legal_actions(3)


def test_strong_player_passes_from_its_shortest_colours() -> None:
    state = GAME.new(3, seed=6)
    snap = state.snapshot()
    hand = [C(FLOWER, 1), C(FLOWER, 2), C(FLOWER, 3), C(BIRD, 4), C(BIRD, 5), C(BIRD, 6)]
    hand += [C(FAN, 2), C(FAN, 5), C(BUTTERFLY, 3)]
    rest = [c for c in deck(3) if c not in hand]
    snap.update(hands=[sorted(hand), rest[:9], rest[9:18]], unused=rest[18:])
    state = GAME.load(snap)
    # Butterfly is a singleton, fan a pair: the butterfly and the higher fan go.
    action = GAME.cpu("strong").choose(state, 0, Rng(1))
    assert action == act.PassCards(a=C(FAN, 5), b=C(BUTTERFLY, 3))


def test_each_play_says_who_is_winning_the_trick_as_it_stands() -> None:
    """A play's event carries the seat winning the trick after it (public: every card of the
    trick is face up), which its log line tells."""
    hands = [[C(FLOWER, 2), C(BIRD, 1)], [C(FLOWER, 5), C(FAN, 1)], [C(FAN, 4), C(BIRD, 3)]]
    state = make_play_state(hands, leader=0, trick=[])
    lead = state.apply(0, act.PlayCard(card=C(FLOWER, 2)))[0]
    assert lead.data["lead"] and lead.data["winning"] == 0
    higher = state.apply(1, act.PlayCard(card=C(FLOWER, 5)))[0]
    assert higher.data["winning"] == 1 and not higher.data["marker_moved"]
    # Seat 2 holds no flower: its fan moves the marker and takes the lead.
    moved = state.apply(2, act.PlayCard(card=C(FAN, 4)))[0]
    assert moved.data["marker_moved"] and moved.data["winning"] == 2


def test_a_deals_end_carries_everything_its_summary_says() -> None:
    """The deal's end event holds the deal, the dealer, each player's points and total, and each
    pile as counted in the open: a summary readable without the events after it."""
    state = GAME.new(3, seed=4)
    rng = Rng(4)
    events: list[Any] = []
    while not state.deal_scores:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        events = state.apply(seat, legal[rng.below(len(legal))])
    (end,) = [e for e in events if e.kind == "deal_end"]
    piles = {e.seat: e.data["cards"] for e in events if e.kind == "deal_pile"}
    assert end.public and end.data["deal"] == 1 and end.data["deals"] == 3
    assert end.data["dealer"] == state.first_dealer
    assert end.data["piles"] == [piles[s] for s in range(3)]
    assert all(pile == sorted(pile) for pile in end.data["piles"])
    assert sum(len(pile) for pile in end.data["piles"]) == 3 * 9  # every card played
    assert (
        end.data["scores"]
        == state.deal_scores[0]
        == [scoring.deal_score([(colour_of(c), number_of(c)) for c in piles[s]]) for s in range(3)]
    )
    assert end.data["totals"] == state.totals()
    json.dumps(end.data)  # stored and sent as JSON
