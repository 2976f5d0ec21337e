"""The 五行 expert plays for the match: it values a position by its chance of winning the match,
so in the second game it does not declare into a sure loss, and declares into a sure win."""

from __future__ import annotations

import pytest

from games.core import Rng
from games.gogyo import GAME
from games.gogyo import actions as act
from games.gogyo.ai import StrongPlayer
from games.gogyo.expert import Expert
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import GogyoState


def strong_game_until(players: int, seed: int, moves: int) -> GogyoState:
    """A match of strong players on `seed`, stopped after `moves` moves."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    for move in range(moves):
        seat = state.to_act()[0]
        state.apply(seat, StrongPlayer().choose(state, seat, rng.fork(move)))
    return state


def standings(state: GogyoState) -> list[tuple[int, int]]:
    """Each seat's (match total, second-game score) if the game ended now."""
    hands = [best_score_ids(h) for h in state.hands]
    return [(t + h, h) for t, h in zip(state.totals(), hands, strict=True)]


@pytest.mark.parametrize(
    ("seed", "moves", "declares"),
    [
        # seat 0 scores 31 but its total trails the third seat's by 9: declaring loses the match
        (147, 59, False),
        # seat 2 ties the second seat's total and wins the tie on its second-game score
        (121, 39, True),
    ],
)
def test_declares_in_the_second_game_only_into_a_win(seed: int, moves: int, declares: bool) -> None:
    state = strong_game_until(3, seed, moves)
    seat = state.to_act()[0]
    assert state.game_no == 2 and state.step == "declare"
    keys = standings(state)
    assert (keys[seat] == max(keys) and keys.count(keys[seat]) == 1) is declares
    for k in range(4):
        choice = Expert().choose(state, seat, Rng(k))
        assert choice == (act.Declare() if declares else act.EndTurn())


def test_chance_is_the_match_result_at_its_end_and_a_share_before() -> None:
    from games.gogyo.expert import LEAD_WEIGHT, _Table

    state = strong_game_until(3, 147, 59)
    table = _Table(state)
    keys = standings(state)
    winner = keys.index(max(keys))
    for seat in range(3):
        lead = table.chance(seat, over=True)
        won = 1.0 if seat == winner else 0.0
        assert won - 0.1 < lead < won + 0.1
    # before the end: shares of one, the best placed seat the likeliest winner
    chances = [table.chance(seat, over=False) for seat in range(3)]
    assert sum(chances) == pytest.approx(1.0, abs=3 * 0.1)
    assert max(range(3), key=chances.__getitem__) == winner
    assert chances[winner] > 0.5
    # a bigger lead at the match's end adds only the small lead weight
    assert LEAD_WEIGHT < 0.01
