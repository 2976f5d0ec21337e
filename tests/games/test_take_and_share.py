"""Take & Share rules: scoring API, trick winner, must-follow, the share step, long game."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction, Reason, Rng
from games.take_and_share import GAME, texts
from games.take_and_share import actions as act
from games.take_and_share.ai import StrongPlayer, _Sim
from games.take_and_share.cards import as_cards, card_id, deck
from games.take_and_share.scoring import final_scores, suit_points, trick_winner
from games.take_and_share.state import TakeAndShareState
from tests.games.playing import play_randomly
from tests.games.refusals import refusal

Cards = list[tuple[int, int]]


def ids(cards: Cards) -> list[int]:
    return [card_id(s, n) for s, n in cards]


def make(
    players: int,
    hands: list[Cards],
    share: Cards,
    leader: int,
    *,
    trick: Cards | None = None,
    received: list[Cards] | None = None,
    totals: list[int] | None = None,
    long_game: bool = False,
    first_leader: int | None = None,
) -> TakeAndShareState:
    """A state with exactly these cards (built through a snapshot, as the bot would load it)."""
    snap: dict[str, Any] = GAME.new(players, seed=1, options={"long_game": long_game}).snapshot()
    snap.update(
        hands=[sorted(ids(h)) for h in hands],
        share=sorted(ids(share)),
        leader=leader,
        turn=(leader + len(trick or [])) % players,
        first_leader=leader if first_leader is None else first_leader,
        trick=ids(trick or []),
        received=[ids(r) for r in (received or [[] for _ in range(players)])],
        totals=totals or [0] * players,
    )
    return GAME.load(snap)


def rejected(
    state: TakeAndShareState, seat: int, action: act.TakeAndShareAction, reason: str
) -> None:
    assert refusal(state, seat, action) == reason


# ------------------------------------------------------------------ scoring API


def test_seed_spade_example() -> None:
    spade = 3
    received = [
        [(spade, 3), (spade, 4), (spade, 5), (spade, 6)],
        [(spade, 8), (spade, 10)],
        [(spade, 1), (spade, 2), (spade, 9)],
        [(spade, 7)],
    ]
    assert final_scores(received) == [4, 2, 0, 0]
    assert [row[spade] for row in suit_points(received)] == [4, 2, 0, 0]


def test_final_scores_sums_suits_and_skips_unheld_suits() -> None:
    received = [
        [(0, 5), (1, 2), (1, 1), (2, 10)],
        [(0, 5)],
        [(2, 4), (2, 3), (2, 2)],
        [(1, 4)],
    ]
    # suit 0: tie 5/5 → 1 + 1; suit 1: 4 beats 2+1=3 → seat 3 scores 1; suit 2: 10 beats 9.
    assert final_scores(received) == [2, 1, 0, 1]
    assert final_scores([[], [], []]) == [0, 0, 0]
    assert final_scores(((), ((5, 9),), ())) == [0, 1, 0]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ([(0, 3), (0, 9), (0, 5), (0, 1)], 1),  # all follow → highest
        ([(4, 10), (4, 3), (4, 7)], 0),  # all follow, leader highest
        ([(0, 5), (1, 2), (0, 3), (0, 9)], 1),  # off-suit → lowest, an off-suit card
        ([(0, 2), (1, 5), (0, 9)], 0),  # off-suit → lowest, the lead card
        ([(0, 7), (1, 3), (2, 3), (0, 9)], 1),  # tie for lowest → earliest
        ([(2, 4), (5, 8), (1, 4)], 0),  # tie for lowest, leader first
        ([(3, 6), (3, 8), (3, 9), (5, 10)], 0),  # off-suit 10 makes lowest win
    ],
)
def test_trick_winner(cards: Cards, winner: int) -> None:
    assert trick_winner(cards) == winner


# ------------------------------------------------------------------------ setup


@pytest.mark.parametrize(("players", "hand", "share", "low"), [(4, 14, 4, 1), (3, 15, 3, 3)])
def test_deal(players: int, hand: int, share: int, low: int) -> None:
    state = GAME.new(players, seed=11)
    view = state.public_view()
    assert view.hand_sizes == [hand] * players
    assert len(view.share_cards) == share
    assert view.tricks_per_game == view.tricks_left == hand
    assert state.all_cards() == deck(players)
    assert len(deck(players)) == 6 * (11 - low)
    assert {n for h in state.hands for _, n in map(divmod_card, h)} == set(range(low, 11))
    assert state.to_act() == [view.first_leader] == [view.leader]
    assert view.step == "lead" and view.phase == "play" and view.game_number == 1


def divmod_card(cid: int) -> tuple[int, int]:
    return (cid // 10, cid % 10 + 1)


def test_new_defaults_and_player_counts() -> None:
    state = GAME.new(4, seed=7)
    assert state.long_game is False
    assert GAME.Options().model_dump() == {"long_game": False}
    for players in (2, 5):
        with pytest.raises(ValueError):
            GAME.new(players, seed=7)


def test_first_leader_is_random() -> None:
    assert {GAME.new(4, seed=s).first_leader for s in range(40)} == {0, 1, 2, 3}


# ------------------------------------------------------------------ must follow


def test_forced_follow() -> None:
    state = make(
        4,
        [[(2, 1), (2, 3)], [(0, 2), (0, 9), (3, 1), (4, 4)], [(1, 1), (1, 2)], [(5, 5), (5, 6)]],
        [(3, 3), (3, 4), (3, 5), (3, 6)],
        leader=0,
        trick=[(0, 5)],
    )
    assert state.to_act() == [1]
    assert state.legal_actions(1) == [act.Play(suit=0, number=2), act.Play(suit=0, number=9)]
    assert state.private_view(1).playable == [(0, 2), (0, 9)]
    rejected(state, 1, act.Play(suit=3, number=1), "must_follow")
    rejected(state, 1, act.Play(suit=1, number=1), "not_in_hand")
    rejected(state, 2, act.Play(suit=1, number=1), Reason.NOT_YOUR_TURN)
    state.apply(1, act.Play(suit=0, number=9))
    # Seat 2 holds no lead suit: anything goes.
    assert state.legal_actions(2) == [act.Play(suit=1, number=1), act.Play(suit=1, number=2)]
    assert state.public_view().lead_suit == 0


def test_leader_plays_anything() -> None:
    state = make(3, [[(0, 3), (4, 9)], [(1, 3), (1, 4)], [(2, 5), (2, 6)]], [(5, 3)] * 3, 0)
    assert state.legal_actions(0) == [act.Play(suit=0, number=3), act.Play(suit=4, number=9)]
    assert state.public_view().step == "lead"


# ------------------------------------------------------------------- the share


def share_table() -> TakeAndShareState:
    """Seat 2 leads red; seat 3 plays off-suit low and wins; four old share cards to give."""
    return make(
        4,
        [[(0, 9), (1, 9)], [(0, 4), (1, 8)], [(0, 7), (1, 7)], [(5, 3), (5, 8)]],
        [(4, 2), (4, 10), (2, 6), (3, 1)],
        leader=2,
    )


def play_trick(state: TakeAndShareState, cards: list[tuple[int, tuple[int, int]]]) -> list[Any]:
    events = []
    for seat, (suit, number) in cards:
        events += state.apply(seat, act.Play(suit=suit, number=number))
    return events


def test_trick_resolution_with_leader_offset_and_share_step() -> None:
    state = share_table()
    events = play_trick(state, [(2, (0, 7)), (3, (5, 3)), (0, (0, 9)), (1, (0, 4))])
    won = next(e for e in events if e.kind == "trick_won")
    assert won.seat == 3 and won.data["rule"] == "lowest"
    assert won.data["cards"] == [[2, 0, 7], [3, 5, 3], [0, 0, 9], [1, 0, 4]]
    view = state.public_view()
    assert view.phase == "share" and view.step == "give" and view.share_giver == 3
    assert state.to_act() == [3]
    # The trick's cards are the new share cards; the old ones are handed out in order.
    assert view.share_cards == [(0, 4), (0, 7), (0, 9), (5, 3)]
    assert view.to_give == [(2, 6), (3, 1), (4, 2), (4, 10)]
    assert view.next_gift == (2, 6)
    assert state.legal_actions(3) == [act.Give(suit=2, number=6, to=t) for t in range(4)]
    assert view.history[0].winner == 3 and view.history[0].rule == "lowest"
    assert view.trick == [] and view.tricks_left == 13

    state.apply(3, act.Give(suit=2, number=6, to=2))
    assert state.legal_actions(3) == [act.Give(suit=3, number=1, to=t) for t in (0, 1, 3)]
    assert state.public_view().share_received == [2]
    rejected(state, 3, act.Give(suit=3, number=1, to=2), "already_received")
    rejected(state, 3, act.Give(suit=4, number=2, to=0), "wrong_share_card")
    rejected(state, 3, act.Play(suit=5, number=8), "wrong_step")
    rejected(state, 0, act.Give(suit=3, number=1, to=0), Reason.NOT_YOUR_TURN)

    state.apply(3, act.Give(suit=3, number=1, to=3))
    events = state.apply(3, act.Give(suit=4, number=2, to=0))
    # One card and one player left: that gift is forced and made at once.
    assert [(e.data["to"], e.data["auto"]) for e in events] == [(0, False), (1, True)]
    view = state.public_view()
    assert view.received_counts == [1, 1, 1, 1]
    assert [(g.to, (g.suit, g.number)) for g in view.gifts] == [
        (2, (2, 6)),
        (3, (3, 1)),
        (0, (4, 2)),
        (1, (4, 10)),
    ]
    assert view.phase == "play" and view.step == "lead" and state.to_act() == [3]
    assert view.to_give == [] and view.share_received == []
    assert state.private_view(1).received == [(4, 10)]
    assert state.private_view(0).received == [(4, 2)]


def test_two_cards_to_one_player_is_impossible() -> None:
    state = share_table()
    play_trick(state, [(2, (0, 7)), (3, (5, 3)), (0, (0, 9)), (1, (0, 4))])
    state.apply(3, act.Give(suit=2, number=6, to=0))
    for action in state.legal_actions(3):
        assert isinstance(action, act.Give) and action.to != 0
    rejected(state, 3, act.Give(suit=3, number=1, to=0), "already_received")
    state.apply(3, act.Give(suit=3, number=1, to=1))
    rejected(state, 3, act.Give(suit=4, number=2, to=1), "already_received")
    rejected(state, 3, act.Give(suit=4, number=2, to=0), "already_received")
    rejected(state, 3, act.Give(suit=4, number=2, to=4), Reason.NOT_LEGAL)
    assert state.legal_actions(3) == [
        act.Give(suit=4, number=2, to=2),
        act.Give(suit=4, number=2, to=3),
    ]


def test_all_follow_highest_wins_in_engine() -> None:
    state = make(
        4,
        [[(0, 9), (1, 9)], [(0, 4), (1, 8)], [(0, 7), (1, 7)], [(1, 2), (5, 8)]],
        [(4, 2), (4, 10), (2, 6), (3, 1)],
        leader=2,
    )
    events = play_trick(state, [(2, (1, 7)), (3, (1, 2)), (0, (1, 9)), (1, (1, 8))])
    won = next(e for e in events if e.kind == "trick_won")
    assert won.seat == 0 and won.data["rule"] == "highest"
    assert state.to_act() == [0] and state.public_view().share_giver == 0


def test_last_trick_is_shared_and_its_gifts_change_the_scores() -> None:
    # 「最後のトリック及びシェアが解決されるとゲームが終了します。なお、最後のトリックで使用された
    # カードはシェアされることはありません。」: the last trick is followed by its share, in which
    # the winner hands out the share cards on the table; only the last trick's own cards stay.
    received = [[(0, 5), (1, 2)], [(0, 6)], [(1, 3), (1, 4)], []]
    state = make(
        4,
        [[(2, 3)], [(2, 9)], [(2, 5)], [(3, 4)]],
        [(0, 9), (4, 5), (4, 6), (4, 7)],
        0,
        received=received,
    )
    # Before the last share: red 5 < 6 → seat 1 scores 1; yellow 2 < 7 → seat 2 scores 2.
    assert final_scores(received) == [0, 1, 2, 0]
    events = play_trick(state, [(0, (2, 3)), (1, (2, 9)), (2, (2, 5)), (3, (3, 4))])
    assert [e.kind for e in events] == ["play"] * 4 + ["trick_won", "share"]
    assert events[4].data["last"] is True and events[4].seat == 0  # off-suit: the 3 wins
    assert events[5].data["last"] is True
    assert not state.is_over() and state.to_act() == [0]
    view = state.public_view()
    assert view.phase == "share" and view.step == "give" and view.share_giver == 0
    assert view.hand_sizes == [0, 0, 0, 0]
    assert view.to_give == [(0, 9), (4, 5), (4, 6), (4, 7)]
    assert view.share_cards == [(2, 3), (2, 5), (2, 9), (3, 4)]  # the last trick's cards
    assert state.legal_actions(0) == [act.Give(suit=0, number=9, to=t) for t in range(4)]

    state.apply(0, act.Give(suit=0, number=9, to=0))
    state.apply(0, act.Give(suit=4, number=5, to=1))
    events = state.apply(0, act.Give(suit=4, number=6, to=2))
    assert [e.kind for e in events] == ["give", "give", "game_end", "game_over"]
    assert events[1].data == {"suit": 4, "number": 7, "to": 3, "auto": True}
    assert state.is_over() and state.to_act() == [] and state.legal_actions(0) == []
    view = state.public_view()
    assert view.received_counts == [3, 2, 3, 1]
    # The last trick's cards are never handed out: they stay as the share cards.
    assert view.share_cards == [(2, 3), (2, 5), (2, 9), (3, 4)] and view.to_give == []
    assert not view.history[-1].shared and len(view.history[-1].gifts) == 4
    # red: seat 0 5+9 = 14 → 2; yellow: seat 2 → 2; purple: seat 3's 7 → 1 (seat 1 loses red).
    result = state.result()
    assert result.scores == [2, 0, 2, 1]
    assert result.winners == [0, 2]
    assert result.breakdown[0] == {
        "red": 2,
        "yellow": 0,
        "green": 0,
        "blue": 0,
        "purple": 0,
        "black": 0,
    }
    assert view.scores == [2, 0, 2, 1] and view.winners == [0, 2]
    rejected(state, 0, act.Play(suit=2, number=3), Reason.GAME_OVER)


def test_tied_scores_share_the_win() -> None:
    received = [[(0, 5)], [(0, 5)], [(1, 3)]]
    state = make(3, [[(2, 3)], [(2, 9)], [(3, 4)]], [(1, 5), (4, 6), (4, 7)], 0, received=received)
    play_trick(state, [(0, (2, 3)), (1, (2, 9)), (2, (3, 4))])
    # Seat 0 wins (the 3, off-suit played) and hands out yellow 5, purple 6 and purple 7.
    state.apply(0, act.Give(suit=1, number=5, to=1))
    state.apply(0, act.Give(suit=4, number=6, to=2))
    assert state.is_over()
    # red 5 / 5 → 1 each; yellow: seat 1's 5 beats seat 2's 3 → 1; purple: seat 0's 7 → 1
    assert state.result().scores == [2, 2, 0]
    assert state.result().winners == [0, 1]


@pytest.mark.parametrize("players", [3, 4])
def test_whole_game_every_player_receives_one_card_per_trick(players: int) -> None:
    # 「『トリック→シェア』を14回行うとゲームが終了します」 (4 players; 15 with 3): every trick is
    # shared, so each player ends with one received card per trick.
    state = GAME.new(players, seed=17)
    rng = Rng(9)
    tricks = {4: 14, 3: 15}[players]
    play_randomly(state, rng)
    view = state.public_view()
    assert view.received_counts == [tricks] * players and view.hand_sizes == [0] * players
    assert len(view.history) == tricks and all(len(t.gifts) == players for t in view.history)
    last = view.history[-1]
    assert sorted(view.share_cards) == sorted((c.suit, c.number) for c in last.cards)
    assert [len(r) for r in view.games[0].received] == [tricks] * players
    assert state.all_cards() == deck(players)
    assert state.result().scores == final_scores(view.games[0].received)


def test_a_game_finished_before_the_last_share_rule_still_loads() -> None:
    """A snapshot stored when the last trick was not shared (its old share cards never given,
    13 cards each) loads, keeps its stored scores and conserves the deck."""
    state = GAME.new(4, seed=23)
    rng = Rng(2)
    while state.public_view().tricks_left or state.phase != "share":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    snap = state.snapshot()
    received = [as_cards(r) for r in snap["received"]]
    scores = final_scores(received)
    snap.update(
        phase="over",
        share=sorted(snap["to_give"]),
        to_give=[],
        games=[{"first": snap["first_leader"], "scores": scores, "received": snap["received"]}],
        totals=scores,
    )
    old = GAME.load(snap)
    assert old.is_over() and old.result().scores == scores
    assert old.public_view().received_counts == [13] * 4
    assert old.all_cards() == deck(4)


# -------------------------------------------------------------------- long game


def last_trick_of_long_game(players: int, totals: list[int]) -> TakeAndShareState:
    hands = [[(2, 3 + i)] for i in range(players)]
    received = [[(0, 5), (0, 6)]] + [[] for _ in range(players - 1)]
    return make(
        players,
        hands,
        [(4, 3 + i) for i in range(players)],
        1,
        received=received,
        totals=totals,
        long_game=True,
        first_leader=2,
    )


def play_last_trick_and_share(state: TakeAndShareState) -> list[Any]:
    """Seat 1 leads the last trick (all follow: the highest wins); in the share that follows,
    seat 0 gets the lowest purple card and seat 1 the highest (1 purple point)."""
    players = state.players
    events = play_trick(
        state, [((1 + i) % players, (2, 3 + (1 + i) % players)) for i in range(players)]
    )
    assert events[-1].kind == "share" and not state.is_over()
    giver = state.to_act()[0]
    order = [0, *range(2, players)]
    for to, (suit, number) in zip(order, state.public_view().to_give[:-1], strict=True):
        events += state.apply(giver, act.Give(suit=suit, number=number, to=to))
    return events


@pytest.mark.parametrize("players", [3, 4])
def test_long_game_goes_on_at_exactly_the_target(players: int) -> None:
    target = {4: 20, 3: 30}[players]
    state = last_trick_of_long_game(players, [target - 2] + [5] * (players - 1))
    events = play_last_trick_and_share(state)
    assert [e.kind for e in events][-2:] == ["game_end", "game_start"]
    view = state.public_view()
    assert not state.is_over()
    assert view.game_number == 2 and view.totals == [target, 6] + [5] * (players - 2)
    assert view.game_scores == [[2, 1] + [0] * (players - 2)]
    # The next first leader sits left of the previous game's first leader (seat 2).
    assert view.first_leader == view.leader == 3 % players and state.to_act() == [3 % players]
    assert view.hand_sizes == [{4: 14, 3: 15}[players]] * players
    assert view.received_counts == [0] * players and view.history == []
    assert view.games[0].received[0] == [(0, 5), (0, 6), (4, 3)]
    assert view.games[0].received[1] == [(4, 2 + players)]
    assert state.all_cards() == deck(players)


@pytest.mark.parametrize("players", [3, 4])
def test_long_game_ends_above_the_target(players: int) -> None:
    target = {4: 20, 3: 30}[players]
    state = last_trick_of_long_game(players, [target - 1] * players)
    play_last_trick_and_share(state)
    assert state.is_over()
    result = state.result()
    assert result.scores == [target + 1, target] + [target - 1] * (players - 2)
    assert result.winners == [0]
    assert result.breakdown[0] == {"game_1": 2}
    assert state.public_view().target == target


def test_single_game_ignores_the_target() -> None:
    state = GAME.new(4, seed=3)
    assert state.public_view().target is None


# --------------------------------------------------------------- illegal input


def test_illegal_input_leaves_the_state_unchanged() -> None:
    state = GAME.new(4, seed=5)
    seat = state.to_act()[0]
    other = (seat + 1) % 4
    card = divmod_card(state.hands[other][0])
    rejected(state, other, act.Play(suit=card[0], number=card[1]), Reason.NOT_YOUR_TURN)
    rejected(state, 9, act.Play(suit=card[0], number=card[1]), Reason.NO_SUCH_SEAT)
    rejected(state, seat, act.Play(suit=card[0], number=card[1]), "not_in_hand")
    rejected(state, seat, act.Give(suit=0, number=1, to=0), "wrong_step")
    rejected(state, seat, act.Play(suit=9, number=30), Reason.NOT_LEGAL)
    for text in ["", "play", "play.1", "play.x.3", "give.1.2", "take.1.2", "play.01.3", "a" * 99]:
        with pytest.raises(IllegalAction) as info:
            GAME.Action.decode(text)
        assert info.value.reason == Reason.MALFORMED


def test_action_encodings_are_short_and_round_trip() -> None:
    for action in [act.Play(suit=5, number=10), act.Give(suit=5, number=10, to=3)]:
        text = action.encode()
        assert len(text) <= 50
        assert GAME.Action.decode(text) == action
    assert act.Give(suit=2, number=7, to=1).encode() == "give.2.7.1"
    assert act.Play(suit=2, number=7).encode() == "play.2.7"


# ----------------------------------------------------------------- views, texts


def test_private_view_sorted_hand_and_playable() -> None:
    state = GAME.new(4, seed=9)
    seat = state.to_act()[0]
    view = state.private_view(seat)
    assert view.hand == sorted(view.hand) and len(view.hand) == 14
    assert view.playable == view.hand and view.my_turn
    other = state.private_view((seat + 1) % 4)
    assert other.playable == [] and not other.my_turn and other.received == []
    assert "hand" not in view.public.model_dump()


def test_texts_are_complete() -> None:
    assert len(texts.SUITS) == 6
    assert len({s.key for s in texts.SUITS}) == len({s.emoji for s in texts.SUITS}) == 6
    for lang in ("ja", "en"):
        # A summary of one phone screen (the reference's pages tell the rest).
        assert GAME.name(lang) and 400 < len(GAME.rules_summary(lang)) <= 1100
    assert set(texts.OPTION_TEXT) == set(GAME.Options.model_fields)
    codes = {"must_follow", "not_in_hand", "already_received", "wrong_share_card", "wrong_step"}
    assert set(texts.REASONS) == codes
    assert texts.card_name((0, 7), "ja") == "🔴赤7"
    assert texts.card_name((3, 1), "en") == "🔵Blue 1"


# ------------------------------------------------------------------------ CPUs


def test_strong_player_keeps_the_card_that_would_lose_it_a_suit() -> None:
    state = make(
        4,
        [[(5, 1), (5, 2)], [(5, 3), (5, 4)], [(5, 5), (5, 6)], [(5, 7), (5, 8)]],
        [(0, 10), (1, 3), (1, 4), (1, 5)],
        leader=0,
        received=[[(0, 8)], [], [], [(0, 9)]],
    )
    play_trick(state, [(0, (5, 1)), (1, (5, 3)), (2, (5, 5)), (3, (5, 7))])
    assert state.to_act() == [3]  # all followed: the 7 is highest
    # Seat 3 leads red with 9. The red 10 to anyone else takes red from it; kept, it scores 2.
    assert StrongPlayer().choose(state, 3, Rng(1)) == act.Give(suit=0, number=10, to=3)


def test_strong_player_simulates_the_last_share() -> None:
    # The CPU's continuations follow the rule: the last trick is shared too, its own cards not.
    sim = _Sim(3)
    sim.hands = [ids([(2, 3)]), ids([(2, 9)]), ids([(3, 4)])]
    sim.share = ids([(0, 10), (4, 6), (4, 7)])
    sim.run(Rng(1), tricks=5)
    assert [sum(sim.counts[s * 6 : s * 6 + 6]) for s in range(3)] == [1, 1, 1]
    assert sorted(sim.share) == sorted(ids([(2, 3), (2, 9), (3, 4)]))
    # The winner (seat 0: off-suit played, its 3 is lowest) keeps the red 10 for itself.
    assert sim.sums[0] == 10 and sim.leader == 0


def test_strong_player_sees_exactly_the_other_hands_as_unseen() -> None:
    state = GAME.new(4, seed=21)
    rng = Rng(5)
    play_randomly(state, rng, moves=37)
    seat = state.to_act()[0]
    _sim, unseen, voids = StrongPlayer()._table(state.private_view(seat))
    others = sorted(c for s in range(4) if s != seat for c in state.hands[s])
    assert sorted(unseen) == others
    for s in range(4):
        assert all(divmod_card(c)[0] not in voids[s] for c in state.hands[s])


def test_cpu_levels() -> None:
    state = GAME.new(3, seed=2)
    seat = state.to_act()[0]
    for level in GAME.cpu_levels:
        assert GAME.cpu(level).choose(state, seat, Rng(4)) in state.legal_actions(seat)
    with pytest.raises(KeyError):
        GAME.cpu("nope")
