"""Records and ratings: a finished game's places, each seat's record, and the Weng-Lin ratings.

Ratings come from openskill's Plackett-Luce model (Weng and Lin's Bayesian approximation, made
for free-for-all games of any number of players, ties included): one rating per server and
title for every person and for every CPU level of the title, which is rated like a person
(`player_key`). A game's final ranking (`places`: the winners share first place, the others
follow by score and the title's tiebreak, equal seats sharing a place) updates them once
(`rate`). A person's seat a CPU was playing at the end is rated for nobody, and counts as
neither win nor loss for the person who left it.

What is shown is the conservative ordinal, mu - 3 sigma (`ordinal`): the model's defaults
scaled by 60 (mu 1,500, sigma 500), so a newcomer shows 0 and a rating reads in the hundreds or
thousands; `MIN_GAMES` rated games before a rating is shown at all.

Plain data and pure functions: the queries that store them are `GameStore`'s
(`bot.storage.queries`), in the transaction of the move that ends a game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

#: Rated games before a rating is shown (`/stats`, `/leaderboard`; the end marks it
#: provisional until then).
MIN_GAMES = 5

#: openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300) scaled by 60.
MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)

#: The outcomes a seat's record holds.
WON, LOST, LEFT, ABANDONED = "won", "lost", "left", "abandoned"


@dataclass(frozen=True)
class Skill:
    """One player's rating: the model's belief about their skill (`mu`, `sigma`) and how many
    rated games it was learnt from."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma, the skill the player has with 99.7 % confidence."""
    return mu - 3.0 * sigma


def rating_text(value: float) -> str:
    """A rating as shown: whole, thousands separated ("1,234", "-56")."""
    return f"{round(value):,}"


def change_text(before: float, after: float) -> str:
    """A rating's change as shown, signed ("+17", "-8", "±0")."""
    change = round(after) - round(before)
    return f"{change:+,}" if change else "±0"


def player_key(user_id: int | None, cpu_level: str | None) -> str | None:
    """The rated player of a seat: `user:<id>` for a person, `cpu:<level>` for a CPU."""
    if user_id is not None:
        return f"user:{user_id}"
    if cpu_level is not None:
        return f"cpu:{cpu_level}"
    return None


def places(result: Mapping[str, Any]) -> list[int]:
    """Each seat's place in a finished game's final ranking (1 = first): the winners share
    first place, the others follow by score, then by the title's tiebreak; seats equal on
    both share a place (the next one is then skipped, as in 1, 2, 2, 4)."""
    scores: list[int] = list(result["scores"])
    winners = set(result["winners"])
    tiebreak: list[int] = list(result.get("tiebreak") or [0] * len(scores))
    keys = [
        (1, 0, 0) if seat in winners else (0, scores[seat], tiebreak[seat])
        for seat in range(len(scores))
    ]
    return [1 + sum(other > key for other in keys) for key in keys]


def margins(scores: Sequence[int]) -> list[int | None]:
    """Each seat's score less the best score of the other seats (None alone at a table)."""
    found: list[int | None] = []
    for seat, score in enumerate(scores):
        others = [s for n, s in enumerate(scores) if n != seat]
        found.append(score - max(others) if others else None)
    return found


@dataclass
class Rated:
    """What one game did to the ratings: each rated player's new rating, and each seat's
    rating before and after (None for a seat rated for nobody, or a game that rated none)."""

    ratings: dict[str, Skill] = field(default_factory=dict)
    seats: list[tuple[Skill, Skill] | None] = field(default_factory=list)


def rate(
    known: Mapping[str, Skill], keys: Sequence[str | None], seat_places: Sequence[int]
) -> Rated:
    """The ratings after one game: `keys` each seat's rated player (None: rated for nobody),
    `seat_places` each seat's place, `known` the players' ratings before it (a player not in it
    starts afresh).

    Every rated seat is a team of one in openskill's update. A CPU level holding several seats
    is one player seen several times in one game: its mu moves by the sum of its seats' moves
    and its certainty grows by the sum of theirs (precisions add), which for one seat is
    openskill's own update. A game with fewer than two different rated players rates no one
    (a level against itself, or one person among the CPUs that replaced everyone else)."""
    rated = [seat for seat, key in enumerate(keys) if key is not None]
    if len({keys[seat] for seat in rated}) < 2:
        return Rated(seats=[None] * len(keys))
    before = {keys[seat]: known.get(keys[seat], Skill()) for seat in rated}  # type: ignore[index]
    teams = [
        [MODEL.rating(mu=before[keys[seat]].mu, sigma=before[keys[seat]].sigma)]  # type: ignore[index]
        for seat in rated
    ]
    updated = MODEL.rate(teams, ranks=[float(seat_places[seat]) for seat in rated])
    moves: dict[str, list[tuple[float, float]]] = {}
    for seat, team in zip(rated, updated, strict=True):
        moves.setdefault(keys[seat], []).append((team[0].mu, team[0].sigma))  # type: ignore[arg-type]
    after: dict[str, Skill] = {}
    for key, seen in moves.items():
        old = before[key]
        mu = old.mu + sum(new_mu - old.mu for new_mu, _ in seen)
        precision = 1 / old.sigma**2 + sum(1 / s**2 - 1 / old.sigma**2 for _, s in seen)
        sigma = 1 / math.sqrt(precision) if precision > 0 else min(s for _, s in seen)
        after[key] = Skill(mu=mu, sigma=sigma, games=old.games + 1)
    return Rated(
        ratings=after,
        seats=[None if key is None else (before[key], after[key]) for key in keys],
    )


@dataclass(frozen=True)
class RatingChange:
    """A person's rating change in one game, as the end shows it."""

    seat: int
    name: str
    before: float
    after: float
    #: Rated games counting this one (the rating is provisional below `MIN_GAMES`).
    games: int


@dataclass
class TitleStats:
    """A player's record at one title in one server (`GameStore.player_stats`)."""

    game: str
    #: Games played to the end, won (first place, shared or not), and the fair share of wins
    #: expected over them (the sum of 1 / players).
    games: int = 0
    wins: int = 0
    fair_wins: float = 0.0
    #: Sum of the margins over the best other seat, and the best score.
    margin_sum: int = 0
    best_score: int | None = None
    #: Games the player left to a CPU, and games abandoned: neither won nor lost.
    left: int = 0
    abandoned: int = 0
    #: CPU level → games played to the end against it.
    cpu_met: dict[str, int] = field(default_factory=dict)
    #: The player's rating, if they have one.
    rating: Skill | None = None

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def fair_share(self) -> float:
        return self.fair_wins / self.games if self.games else 0.0

    @property
    def average_margin(self) -> float:
        return self.margin_sum / self.games if self.games else 0.0


@dataclass(frozen=True)
class BoardEntry:
    """One rated player of a title's leaderboard: a person (`user_id`) or a CPU level."""

    place: int
    user_id: int | None
    cpu_level: str | None
    name: str
    rating: float
    games: int


@dataclass
class Board:
    """A title's leaderboard in one server (`GameStore.leaderboard`)."""

    #: The best players with `MIN_GAMES` rated games or more, best first.
    top: list[BoardEntry]
    #: Those players beyond the top who are shown anyway: every CPU level, and the viewer.
    beyond: list[BoardEntry]
    #: Players with a rating but fewer than `MIN_GAMES` games (not shown).
    unranked: int
