"""襲ノ色目's expert: how it weighs its own points against the points it keeps from others."""

from __future__ import annotations

from collections import Counter

import pytest

from games import registry
from games.core import Rng
from games.kasane.actions import Meld, Take
from games.kasane.expert import Expert
from games.kasane.rules import full_deck
from games.kasane.state import KasaneState


def _four_player_position() -> KasaneState:
    """The start of round 2 with four players, built card by card (every card accounted for):

    - seat 0 (to take) holds 4, 2 (2 on top): taking the 8 of row 0 lets it lay 4, 2, 8 as
      雪月風花 (three even cards, 2 points) at once; no other front scores it anything;
    - seat 1, next to play, holds 2, 3, 4: the 5 of row 1 makes 下弦ノ月 with four cards
      (5 points) for it;
    - seats 2 and 3 can score nothing from the fronts.
    """
    state = registry.get("kasane").new(4, seed=1)
    assert isinstance(state, KasaneState)
    state.round, state.start_player, state.seat, state.step = 2, 0, 0, "take"
    state.turns = [3, 3, 3, 3]
    state.grid = [[7, 0, 7, 8], [8, 7, 8, 5], [9, 8, 9, 7], [0, 7, 9, 9]]
    state.hands = [[4, 2], [2, 3, 4], [], [1, 1, 6]]
    state.tableaus = [[0], [], [0, 0, 0], []]
    state.plus_one = [1, 0, 3, 0]
    state.yaku_points = [0, 0, 0, 0]
    state.used = {}
    rest = Counter(full_deck(4))
    for cards in [*state.grid, *state.hands, *state.tableaus]:
        rest.subtract(cards)
    assert min(rest.values()) >= 0
    state.deck = sorted(rest.elements())
    state.discard = []
    return state


@pytest.mark.parametrize("seed", range(4))
def test_four_player_expert_scores_rather_than_deny_one_of_three_players(seed: int) -> None:
    """With four players, 2 points now beat keeping 5 from the next player: that player is only
    one of the three the expert must outscore, so its points count a third against a move, not
    a half (as with three players). The expert that counted every other player's points at a
    half took the 5 here, which scores it nothing, in every seed."""
    state = _four_player_position()
    expert = Expert()
    assert expert.choose(state, 0, Rng(seed)) == Take(row=0)
    state.apply(0, Take(row=0))
    assert Meld(yaku="setsugetsufuka", count=3, hand=3, top=False) in state.legal_actions(0)
