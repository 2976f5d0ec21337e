"""Engine figures: random full games per second, and the strong CPU's decision time.

Random games: every seat played by the game's random CPU, for every player count, timed in this
process (one core). Decision times: seeded games of one strong CPU against random CPUs (the strong
seat rotating), for every player count of every game in the registry, for a fixed time each; the
worst p99 is checked against the 300 ms target. (Win rates, with more games, are the per-game
scripts `benchmarks/<id>_ai.py`.)
"""

from __future__ import annotations

import time

from benchmarks.cpu_match import pct, play_strong_against_random
from games import registry
from games.core import Rng

#: Target: the strong CPU decides within this many milliseconds at p99, on one core.
DECISION_P99_MS = 300.0

#: Seconds of strong-CPU games per game and player count, full and quick.
DECISION_SECONDS = (6.0, 0.5)


def random_games_per_second(game_id: str, players: int, seconds: float) -> tuple[float, int]:
    """Play random games for about `seconds`; return (games per second, moves per game)."""
    game = registry.get(game_id)
    cpu = game.cpu("random")
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = game.new(players, seed=1000 + games)
        rng = Rng(games)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, cpu.choose(state, seat, rng))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves // games


def reference_loop() -> float:
    """Milliseconds of a fixed pure-Python workload: a yardstick for this machine, this run."""
    start = time.perf_counter()
    total = 0
    for i in range(300_000):
        total += (i * 7919) % 13
    data = sorted(range(50_000), key=lambda v: (v * 2654435761) % 1000)
    total += data[0]
    return (time.perf_counter() - start) * 1000


def decision_times(game_id: str, players: int, seconds: float) -> list[float]:
    """Milliseconds of each strong-CPU decision over seeded games of one strong CPU against
    random CPUs, the strong seat rotating, for about `seconds` (at least two games)."""
    game = registry.get(game_id)
    strong, weak = game.cpu("strong"), game.cpu("random")
    decisions: list[float] = []
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        state = game.new(players, seed=10_000 + games)
        rng = Rng(games * 7919 + players)
        play_strong_against_random(state, strong, weak, games % players, rng, decisions)
        games += 1
    return sorted(d * 1000 for d in decisions)


def run(quick: bool) -> dict[str, object]:
    print("== 1. Engines")
    ref = reference_loop()
    print(f"reference loop: {ref:.0f} ms (a fixed pure-Python workload; compare runs by it)")
    seconds = 0.3 if quick else 2.0
    rates: dict[str, dict[int, float]] = {}
    for game in registry.all():
        rates[game.id] = {}
        parts = []
        for players in range(game.min_players, game.max_players + 1):
            rate, moves = random_games_per_second(game.id, players, seconds)
            rates[game.id][players] = rate
            parts.append(f"{players}p {rate:,.0f}/s ({moves} moves)")
        print(f"random full games, {game.id}: " + ", ".join(parts))
    decisions: dict[str, dict[str, float]] = {}
    for game in registry.all():
        p50 = p99 = 0.0
        for players in game.player_counts:
            times = decision_times(game.id, players, DECISION_SECONDS[quick])
            p50, p99 = max(p50, pct(times, 0.5)), max(p99, pct(times, 0.99))
            print(
                f"  {game.id}, {players} players: {len(times)} decisions, "
                f"p50 {pct(times, 0.5):.1f} ms, p99 {pct(times, 0.99):.1f} ms"
            )
        verdict = "ok" if p99 <= DECISION_P99_MS else "MISSED"
        print(
            f"strong CPU decision, {game.id}: worst p50 {p50:.1f} ms, worst p99 {p99:.1f} ms "
            f"(target ≤ {DECISION_P99_MS:.0f} ms: {verdict})"
        )
        decisions[game.id] = {"p50": p50, "p99": p99}
    return {"reference_ms": ref, "random_games_per_s": rates, "decisions": decisions}
