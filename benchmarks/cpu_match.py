"""What the CPU-strength benchmarks share: a seeded game of one strong CPU against random CPUs,
and the figures printed about it.

Used by `benchmarks/<id>_ai.py` (win rates per game) and `benchmarks/engines.py` (decision times
over every game of the registry).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import CpuPlayer, Game, Result, Rng, State


def play_strong_against_random(
    state: State,
    strong: CpuPlayer,
    weak: CpuPlayer,
    strong_seat: int,
    rng: Rng,
    times: list[float],
) -> Result:
    """Play `state` to its end, `strong` at `strong_seat` and `weak` at every other seat, both
    drawing from `rng`; append the seconds of each strong decision to `times`. Seats that act at
    once (a simultaneous pass) are played one after the other, lowest first."""
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == strong_seat:
            start = time.perf_counter()
            action = strong.choose(state, seat, rng)
            times.append(time.perf_counter() - start)
        else:
            action = weak.choose(state, seat, rng)
        state.apply(seat, action)
    return state.result()


def margin(result: Result, seat: int) -> int:
    """`seat`'s score minus the best score of the other seats."""
    return result.scores[seat] - max(s for i, s in enumerate(result.scores) if i != seat)


@dataclass
class Tally:
    """How the strong seat fared over matches: wins alone, shared wins, and its margin over the
    best other seat in each match."""

    alone: int = 0
    shared: int = 0
    margins: list[int] = field(default_factory=list)

    def add(self, result: Result, seat: int) -> None:
        """Count one match's `result` for the strong `seat`."""
        if seat in result.winners:
            if len(result.winners) == 1:
                self.alone += 1
            else:
                self.shared += 1
        self.margins.append(margin(result, seat))


def series(
    new_state: Callable[[int], State],
    players: int,
    games: int,
    rng_seed: Callable[[int], int],
    strong: CpuPlayer,
    weak: CpuPlayer,
) -> tuple[Tally, list[float]]:
    """Play `games` matches, the k-th from `new_state(k)` with `strong` at seat `k % players`
    (the others `weak`), both drawing from `Rng(rng_seed(k))`; the strong seat's tally and the
    seconds of its decisions."""
    tally, times = Tally(), []
    for k in range(games):
        seat = k % players
        state = new_state(k)
        result = play_strong_against_random(state, strong, weak, seat, Rng(rng_seed(k)), times)
        tally.add(result, seat)
    return tally, times


def strong_series(
    game: Game, players: int, games: int, options: Any, rng_seed: Callable[[int], int]
) -> tuple[Tally, list[float]]:
    """`series` of `game`'s strong CPU against its random CPUs, the k-th match dealt from seed
    `10_000 + k` with `options`."""
    return series(
        lambda k: game.new(players, seed=10_000 + k, options=options),
        players,
        games,
        rng_seed,
        game.cpu("strong"),
        game.cpu("random"),
    )


def summary(heading: str, players: int, tally: Tally, times: list[float]) -> str:
    """One line about a `series` of `players` seats: its wins alone and shared, the share of
    matches the strong seat won (alone or shared) against its chance, its mean margin over the
    best other seat, and its decision times."""
    games = len(tally.margins)
    won = tally.alone + tally.shared
    return (
        f"{heading}: {games} games, strong won {tally.alone} alone and {tally.shared} shared "
        f"= {won / games:.1%} (chance {1 / players:.0%}), mean margin over the best other seat "
        f"{statistics.mean(tally.margins):+.2f}; {decision_figures(times)}"
    )


def pct(values: list[float], q: float) -> float:
    """The `q` quantile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def decision_figures(seconds: list[float]) -> str:
    """'decision p50 …, p99 …, max …' in milliseconds, for strong decision times in seconds."""
    return (
        f"decision p50 {pct(seconds, 0.5) * 1000:.1f} ms, "
        f"p99 {pct(seconds, 0.99) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms"
    )
