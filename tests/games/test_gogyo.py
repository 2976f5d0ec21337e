"""Gogyo rules: turns in steps, duels, visibility, declaring, game and match end, bad input."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core import IllegalAction, Reason
from games.gogyo import GAME
from games.gogyo import actions as act
from games.gogyo.cards import ALL_CARDS, FACTION_IDS, HEAVEN_IDS, card_id, card_name
from games.gogyo.scoring import best_score
from games.gogyo.state import GogyoState
from tests.games.refusals import refusal


def ids(names: Sequence[str], taken: set[int]) -> list[int]:
    """Card ids for names, giving each 天/閥 a copy not yet taken."""
    out = []
    for name in names:
        if name == "天":
            cid = next(c for c in HEAVEN_IDS if c not in taken)
        elif name == "閥":
            cid = next(c for c in FACTION_IDS if c not in taken)
        else:
            cid = card_id(name)
        assert cid not in taken, name
        taken.add(cid)
        out.append(cid)
    return out


def table(
    hands: Sequence[Sequence[str]],
    field: Sequence[str] = ("宋木", "宋火", "宋土", "宋金"),
    top: Sequence[str] = (),
    deck_size: int | None = None,
    turn: int = 0,
    turns_taken: Sequence[int] | None = None,
    down: Sequence[Sequence[str]] | None = None,
) -> GogyoState:
    """A game-1 state with these hands and field; `top` lists the next deck cards, first drawn
    first; `deck_size` moves the rest of the deck to the discard pile."""
    state = GAME.new(len(hands), seed=1)
    taken: set[int] = set()
    state.hands = [sorted(ids(h, taken)) for h in hands]
    state.field = ids(field, taken)
    top_ids = ids(top, taken)
    rest = [c for c in ALL_CARDS if c not in taken]
    if deck_size is not None:
        keep = deck_size - len(top_ids)
        state.discard = rest[keep:]
        rest = rest[:keep]
    else:
        state.discard = []
    state.deck = rest + top_ids[::-1]
    state.down = [sorted(card_id(n) for n in d) for d in down] if down else [[] for _ in hands]
    state.turn = turn
    state.step = "act"
    state.turns_taken = list(turns_taken) if turns_taken else [0] * len(hands)
    in_hands = [x for h in state.hands for x in h]
    assert sorted(state.deck + state.field + state.discard + in_hands) == list(ALL_CARDS)
    return state


def names(cards: Sequence[int]) -> list[str]:
    return [card_name(c) for c in cards]


def c(name: str) -> int:
    return card_id(name)


HAND_A = ["夏木", "殷木", "周木", "秦火", "漢火"]
HAND_B = ["唐土", "宋水", "元金", "明金", "清水"]


def test_new_match_deals_five_face_up_and_four_to_the_field() -> None:
    state = GAME.new(4, seed=3)
    view = state.public_view()
    assert view.game_no == 1 and view.step == "act" and view.to_act == [state.start_seat]
    assert [len(p.face_up) for p in view.players] == [5, 5, 5, 5]
    assert [p.face_down_count for p in view.players] == [0, 0, 0, 0]
    assert len(view.field) == 4 and view.deck_count == 66 - 20 - 4
    assert view.discard_count == 0 and view.discard_top is None


def test_field_action_in_two_steps_with_back() -> None:
    state = table([HAND_A, HAND_B], top=["元木"])
    assert state.legal_actions(0) == [act.Field(), act.Deck(), act.Duel(target=1)]
    assert state.legal_actions(1) == []
    state.apply(0, act.Field())
    assert state.step == "field_discard"
    assert state.legal_actions(0) == [*(act.Discard(card=x) for x in state.hands[0]), act.Back()]
    state.apply(0, act.Discard(card=c("漢火")))
    assert state.step == "field_take"
    assert state.private_view(0).pending_discard.name == "漢火"  # type: ignore[union-attr]
    assert state.public_view().players[0].face_up[-1].name == "漢火"  # not carried out yet
    field = list(state.field)
    assert state.legal_actions(0) == [*(act.Take(card=x) for x in field), act.Back()]
    state.apply(0, act.Back())
    assert state.step == "field_discard"
    state.apply(0, act.Discard(card=c("漢火")))
    events = state.apply(0, act.Take(card=c("宋土")))
    assert names(state.hands[0]) == ["夏木", "殷木", "周木", "秦火", "宋土"]
    assert names(state.field) == ["宋木", "宋火", "宋金", "元木"]
    assert state.discard[-1] == c("漢火")
    assert [e.kind for e in events] == ["field", "refill", "turn"]
    assert events[0].data == {"discard": "漢火", "take": "宋土"}
    assert state.turn == 1 and state.step == "act"


def test_deck_action_draws_face_down_and_keeps_them_hidden() -> None:
    state = table([HAND_A, HAND_B], top=["元木", "天"])
    state.apply(0, act.Deck())
    legal = state.legal_actions(0)
    assert len(legal) == 5 + 10 + 1 and legal[-1] == act.Back()
    events = state.apply(0, act.Draw(cards=(c("秦火"), c("漢火"))))
    assert sorted(names(state.hands[0])) == sorted(["夏木", "殷木", "周木", "元木", "天"])
    assert sorted(state.down[0]) == sorted([c("元木"), state.hands[0][-1]])
    public = [e for e in events if e.public]
    assert public[0].data == {"discard": ["秦火", "漢火"], "count": 2}
    private = [e for e in events if not e.public]
    assert private[0].to == 0 and sorted(private[0].data["cards"]) == sorted(["元木", "天"])
    view = state.public_view()
    assert names([x.id for x in view.players[0].face_up]) == ["夏木", "殷木", "周木"]
    assert view.players[0].face_down_count == 2
    assert "元木" not in view.model_dump_json()
    mine = state.private_view(0)
    assert [(h.name, h.face_down) for h in mine.hand] == [
        ("夏木", False),
        ("殷木", False),
        ("周木", False),
        ("元木", True),
        ("天", True),
    ]
    assert mine.best_score == best_score(["夏木", "殷木", "周木", "元木", "天"])


def test_deck_action_draws_only_one_when_the_deck_holds_one() -> None:
    state = table([HAND_A, HAND_B], top=["元木"], deck_size=1)
    assert state.legal_actions(0) == [act.Field(), act.Deck()]
    state.apply(0, act.Deck())
    assert state.legal_actions(0) == [*(act.Draw(cards=(x,)) for x in state.hands[0]), act.Back()]
    assert refusal(state, 0, act.Draw(cards=(c("夏木"), c("殷木")))) == "deck_too_small"


# -- duels -----------------------------------------------------------------------------------


def test_duel_is_offered_only_with_three_or_more_deck_cards() -> None:
    hands = [HAND_A, HAND_B, ["唐木", "唐火", "唐金", "唐水", "隋木"]]
    state = table(hands, deck_size=3)
    assert state.legal_actions(0) == [
        act.Field(),
        act.Deck(),
        act.Duel(target=1),
        act.Duel(target=2),
    ]
    state = table(hands, deck_size=2, turn=1)
    assert state.legal_actions(1) == [act.Field(), act.Deck()]
    assert refusal(state, 1, act.Duel(target=2)) == "duel_needs_deck"


@pytest.mark.parametrize(
    ("attacker_card", "defender_card", "winner"),
    [
        ("唐火", "隋土", 0),  # higher number wins
        ("隋金", "唐火", 1),
        ("晋木", "晋土", 1),  # equal: the defender wins
        ("天", "閥", 1),  # 天 and 閥 count 0
        ("夏土", "天", 0),
        ("閥", "夏土", 1),
        ("閥", "天", 1),
    ],
)
def test_duel_winner(attacker_card: str, defender_card: str, winner: int) -> None:
    state = table([HAND_A, HAND_B], top=[attacker_card, defender_card, "明木"])
    events = state.apply(0, act.Duel(target=1))
    duel = events[0]
    assert duel.kind == "duel" and duel.data["winner"] == winner
    assert duel.data["attacker_card"] == attacker_card
    assert duel.data["defender_card"] == defender_card
    assert names(state.discard[-2:]) == [attacker_card, defender_card]
    assert state.to_act() == [winner] and state.step == "duel_choice"
    view = state.public_view().last_duel
    assert view is not None and view.winner == winner and view.loser == 1 - winner
    assert view.attacker_card.name == attacker_card and view.defender_card.name == defender_card


def test_duel_loser_hand_becomes_public_and_loot_keeps_hands_at_five() -> None:
    state = table(
        [HAND_A, HAND_B],
        top=["清金", "夏金", "明木"],
        down=[[], ["宋水", "清水"]],
    )
    assert state.public_view().players[1].face_down_count == 2
    events = state.apply(0, act.Duel(target=1))
    assert events[0].data["winner"] == 0
    assert events[1].kind == "reveal" and events[1].data["hand"] == HAND_B
    view = state.public_view()
    assert [x.name for x in view.players[1].face_up] == HAND_B
    assert view.players[1].face_down_count == 0
    loser_hand = state.hands[1]
    assert state.legal_actions(0) == [
        *(act.Loot(card=x) for x in loser_hand),
        *(act.Destroy(card=x) for x in loser_hand),
    ]
    assert state.legal_actions(1) == []
    state.apply(0, act.Loot(card=c("宋水")))
    assert state.step == "loot_discard"
    assert state.private_view(0).pending_loot.name == "宋水"  # type: ignore[union-attr]
    assert state.legal_actions(0) == [*(act.Discard(card=x) for x in state.hands[0]), act.Back()]
    state.apply(0, act.Discard(card=c("夏木")))
    assert names(state.hands[0]) == ["殷木", "周木", "秦火", "漢火", "宋水"]
    assert names(state.hands[1]) == ["唐土", "元金", "明金", "清水"]
    assert state.step == "duel_give"
    assert state.legal_actions(0) == [act.Give(card=x) for x in state.field]
    events = state.apply(0, act.Give(card=c("宋火")))
    assert [len(h) for h in state.hands] == [5, 5]
    assert names(state.hands[1]) == ["唐土", "宋火", "元金", "明金", "清水"]
    assert state.down[1] == []
    assert names(state.field) == ["宋木", "宋土", "宋金", "明木"]
    assert names(state.discard[-3:]) == ["清金", "夏金", "夏木"]
    assert [e.kind for e in events] == ["give", "refill", "turn"]
    duel = state.public_view().last_duel
    assert duel is not None and duel.mode == "loot" and duel.card.name == "宋水"  # type: ignore[union-attr]
    assert duel.winner_discard.name == "夏木" and duel.given.name == "宋火"  # type: ignore[union-attr]
    assert state.turn == 1


def test_defender_wins_destroys_and_the_turn_stays_with_the_attacker() -> None:
    state = table([HAND_A, HAND_B], top=["夏土", "夏水", "明木"], turns_taken=[1, 1])
    state.apply(0, act.Duel(target=1))
    assert state.to_act() == [1] and state.turn == 0
    with pytest.raises(IllegalAction) as info:
        state.apply(0, act.Destroy(card=c("夏木")))
    assert info.value.reason == Reason.NOT_YOUR_TURN
    state.apply(1, act.Destroy(card=c("周木")))
    assert names(state.hands[0]) == ["夏木", "殷木", "秦火", "漢火"]
    assert state.to_act() == [1] and state.step == "duel_give"
    state.apply(1, act.Give(card=c("宋木")))
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.discard[-1] == c("周木")
    # The attacker's turn ends; it scores below 30, so no declaration: seat 1 plays next.
    assert state.turn == 1 and state.step == "act" and state.turns_taken == [2, 1]


# -- declaring and the end of a game ---------------------------------------------------------

STRONG = ["夏水", "殷木", "周火", "秦土", "隋土"]  # 夏殷周秦 (18) + 水木火土 (13) = 31


def test_declaration_is_offered_only_from_the_second_turn() -> None:
    assert best_score(["夏水", "殷木", "周火", "秦土", "漢金"]) == 46
    state = table([STRONG, HAND_B], field=["漢金", "宋火", "宋土", "宋金"])
    state.apply(0, act.Field())
    state.apply(0, act.Discard(card=c("隋土")))
    state.apply(0, act.Take(card=c("漢金")))
    assert state.step == "act" and state.turn == 1  # first turn: no declaration
    assert state.private_view(0).can_declare
    state = table([STRONG, HAND_B], field=["漢金", "宋火", "宋土", "宋金"], turns_taken=[1, 1])
    with pytest.raises(IllegalAction) as info:
        state.apply(0, act.Declare())
    assert info.value.reason == "wrong_step"
    state.apply(0, act.Field())
    state.apply(0, act.Discard(card=c("隋土")))
    state.apply(0, act.Take(card=c("漢金")))
    assert state.step == "declare" and state.to_act() == [0]
    assert state.legal_actions(0) == [act.Declare(), act.EndTurn()]
    state.apply(0, act.EndTurn())
    assert state.turn == 1 and state.step == "act"


def test_declaration_needs_thirty_points() -> None:
    weak = ["夏水", "殷木", "周火", "秦土", "晋木"]  # 18 + 13 = 31 → after losing 秦土: 10 + 6
    state = table([weak, HAND_B], turns_taken=[3, 3])
    state.apply(0, act.Field())
    state.apply(0, act.Discard(card=c("秦土")))
    state.apply(0, act.Take(card=c("宋火")))
    assert best_score(names(state.hands[0])) < 30
    assert state.step == "act" and state.turn == 1
    state = table([HAND_A, HAND_B], turns_taken=[0, 0])
    with pytest.raises(IllegalAction) as info:
        state.apply(0, act.Declare())
    assert info.value.reason == "declare_first_turn"
    state = table([HAND_A, HAND_B], turns_taken=[1, 0])
    with pytest.raises(IllegalAction) as info:
        state.apply(0, act.Declare())
    assert info.value.reason == "declare_below_min"


def test_declaring_ends_game_one_and_deals_game_two() -> None:
    state = table([STRONG, HAND_B], top=["漢金"], turns_taken=[1, 1])
    state.apply(0, act.Deck())
    state.apply(0, act.Draw(cards=(c("隋土"),)))
    assert state.step == "declare" and state.hand_score(0) == 46
    events = state.apply(0, act.Declare())
    kinds = [e.kind for e in events]
    assert kinds == ["declare", "game_end", "game_start"]
    assert state.game_no == 2 and state.step == "act"
    result = state.results[0]
    assert result["ended_by"] == "declare" and result["declarer"] == 0
    assert result["scores"] == [best_score(names(h)) for h in result["hands"]]
    view = state.public_view()
    assert [p.game_scores for p in view.players] == [[s] for s in result["scores"]]
    assert view.games[0].arrangements[0].total == result["scores"][0]
    assert view.turn == state.start_seat and view.players[0].turns_taken == 0
    assert all(len(h) == 5 for h in state.hands) and len(state.deck) == 66 - 10 - 4


def test_game_ends_when_the_deck_runs_out() -> None:
    state = table([HAND_A, HAND_B], top=["明木"], deck_size=1)
    state.apply(0, act.Field())
    state.apply(0, act.Discard(card=c("漢火")))
    events = state.apply(0, act.Take(card=c("宋木")))
    assert [e.kind for e in events] == ["field", "refill", "game_end", "game_start"]
    assert state.results[0]["ended_by"] == "deck"
    assert names(state.results[0]["hands"][0]) == ["夏木", "殷木", "周木", "秦火", "宋木"]
    assert state.game_no == 2


def test_duel_that_empties_the_deck_still_finishes() -> None:
    state = table([HAND_A, HAND_B], top=["明木", "夏土", "清木"], deck_size=3)
    state.apply(0, act.Duel(target=1))
    state.apply(0, act.Destroy(card=c("清水")))
    events = state.apply(0, act.Give(card=c("宋金")))
    assert [e.kind for e in events] == ["give", "refill", "game_end", "game_start"]
    assert names(state.results[0]["hands"][1]) == ["唐土", "宋金", "宋水", "元金", "明金"]


def finish_game(state: GogyoState) -> None:
    """Play deck actions until the current game ends."""
    game = state.game_no
    while state.game_no == game and not state.is_over():
        seat = state.to_act()[0]
        if state.step == "act":
            state.apply(seat, act.Deck())
        elif state.step == "deck_discard":
            state.apply(seat, state.legal_actions(seat)[0])
        else:
            state.apply(seat, act.EndTurn())


def test_match_of_two_games_totals_and_tiebreak() -> None:
    state = GAME.new(3, seed=11)
    finish_game(state)
    assert state.game_no == 2 and not state.is_over()
    finish_game(state)
    assert state.is_over() and state.to_act() == []
    result = state.result()
    games = [r["scores"] for r in state.results]
    assert result.scores == [games[0][s] + games[1][s] for s in range(3)]
    assert result.tiebreak == games[1]
    keys = [(result.scores[s], games[1][s]) for s in range(3)]
    assert result.winners == [s for s in range(3) if keys[s] == max(keys)]
    for s in range(3):
        assert sum(result.breakdown[s].values()) == result.scores[s]
    assert len(result.details["games"]) == 2
    view = state.public_view()
    assert view.over and view.winners == result.winners and view.step == "over"
    assert all(p.face_down_count == 0 for p in view.players)


@pytest.mark.parametrize(
    ("games", "winners"),
    [
        ([[30, 10], [10, 20]], [0]),  # totals 40 vs 30
        ([[20, 30], [20, 10]], [0]),  # totals 40 vs 40: higher second game
        ([[20, 20], [10, 10]], [0, 1]),  # full tie: shared win
    ],
)
def test_match_winner_rules(games: list[list[int]], winners: list[int]) -> None:
    state = GAME.new(2, seed=5)
    state.results = [
        {"game": g + 1, "ended_by": "deck", "declarer": None, "hands": state.hands, "scores": s}
        for g, s in enumerate(games)
    ]
    state.step = "over"
    assert state.result().winners == winners


# -- bad input -------------------------------------------------------------------------------


def test_illegal_input_raises_and_changes_nothing() -> None:
    state = table([HAND_A, HAND_B])
    before = state.snapshot()
    cases: list[tuple[int, act.GogyoAction, str]] = [
        (0, act.Take(card=c("宋木")), "wrong_step"),
        (0, act.Duel(target=0), "bad_target"),
        (0, act.Duel(target=5), "bad_target"),
        (1, act.Field(), Reason.NOT_YOUR_TURN),
        (7, act.Field(), Reason.NO_SUCH_SEAT),
    ]
    for seat, action, reason in cases:
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert info.value.reason == reason, action
        assert state.snapshot() == before
    state.apply(0, act.Field())
    mid = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(0, act.Discard(card=c("清水")))
    assert info.value.reason == "card_unavailable"
    assert state.snapshot() == mid
    for text in ("", "field.1", "duel", "duel.x", "draw.1-", "take.01", "nope", "discard.1.2"):
        with pytest.raises(IllegalAction) as info:
            GAME.Action.decode(text)
        assert info.value.reason == Reason.MALFORMED
    assert state.snapshot() == mid


def test_no_action_after_the_match() -> None:
    state = GAME.new(2, seed=2)
    finish_game(state)
    finish_game(state)
    assert refusal(state, 0, act.Field()) == Reason.GAME_OVER
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []


def test_action_encodings_are_short_and_round_trip() -> None:
    actions: list[act.GogyoAction] = [
        act.Field(),
        act.Deck(),
        act.Duel(target=3),
        act.Discard(card=65),
        act.Take(card=0),
        act.Draw(cards=(12, 59)),
        act.Draw(cards=(7,)),
        act.Loot(card=44),
        act.Destroy(card=3),
        act.Give(card=60),
        act.Back(),
        act.Declare(),
        act.EndTurn(),
    ]
    for action in actions:
        text = action.encode()
        assert len(text) <= 12
        assert GAME.Action.decode(text) == action
    assert act.Draw(cards=(12, 59)).encode() == "draw.12-59"


def test_texts_and_game_metadata() -> None:
    from games.gogyo import texts

    assert GAME.id == "gogyo" and (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.name("ja") == "五行中国史カードゲーム"
    for lang in ("ja", "en"):
        assert len(GAME.rules_summary(lang)) <= 3500
        assert "30" in GAME.rules_summary(lang)
    assert set(texts.DYNASTY_NAMES) == set("夏殷周秦漢晋隋唐宋元明清")
    assert set(texts.ELEMENT_NAMES) == set("木火土金水")
    from games.gogyo.views import STEPS

    assert set(texts.STEPS) == set(STEPS)
    for code in ("wrong_step", "duel_needs_deck", "declare_first_turn", "declare_below_min"):
        assert code in texts.REASONS
    with pytest.raises(ValueError):
        GAME.new(5, seed=1)
    assert GAME.options(None).model_dump() == {}
