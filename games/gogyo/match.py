"""A seat's chance of winning the 五行 match from hand scores and running totals.

Shared by the CPU players: the expert values its playouts with it, the strong player weighs a
declaration with it. A match is two games; its winner has the higher total, then the higher
second-game score, and seats still tied share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from games.gogyo.rules import GAMES_PER_MATCH

__all__ = [
    "SPREAD_AFTER_FIRST",
    "SPREAD_IN_SECOND",
    "final_share",
    "match_chance",
    "soft_share",
]

#: Spread, in points, of what is still to come in the match: the whole of the second game after
#: the first one ends (or stops), the rest of the second game when it stops unfinished. A seat's
#: chance of winning the match is its share of `exp(total / spread)`.
SPREAD_AFTER_FIRST = 7.0
SPREAD_IN_SECOND = 4.0


def final_share(hand_scores: Sequence[int], totals: Sequence[int], seat: int) -> float:
    """The seat's share of the match if the second game ended with these hands: 1 for the
    higher total (then the higher second-game score), split on a full tie, else 0."""
    keys = [(h + t, h) for h, t in zip(hand_scores, totals, strict=True)]
    if keys[seat] < max(keys):
        return 0.0
    return 1 / keys.count(keys[seat])


def soft_share(
    hand_scores: Sequence[int], totals: Sequence[int], seat: int, spread: float
) -> float:
    """The seat's share of `exp((total + hand) / spread)` over all seats: its chance of winning
    when about `spread` points may still change hands. With three or four players a point taken
    from the leader is worth more than one taken from the last seat."""
    scores = [h + t for h, t in zip(hand_scores, totals, strict=True)]
    top = max(scores)
    weights = [exp((s - top) / spread) for s in scores]
    return weights[seat] / sum(weights)


def match_chance(
    hand_scores: Sequence[int], totals: Sequence[int], seat: int, game_no: int, over: bool
) -> float:
    """The seat's chance of winning the match with these hands in game `game_no`: the match's
    result when the second game is `over`, else its `soft_share` with the spread of what is
    still to come (`SPREAD_AFTER_FIRST` after or during the first game, `SPREAD_IN_SECOND` in
    the second)."""
    if over and game_no >= GAMES_PER_MATCH:
        return final_share(hand_scores, totals, seat)
    spread = SPREAD_AFTER_FIRST if game_no < GAMES_PER_MATCH else SPREAD_IN_SECOND
    return soft_share(hand_scores, totals, seat, spread)
