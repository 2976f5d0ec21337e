"""Engine figures: random full games per second, and the strong CPU's decision time.

Random games: every seat played by the game's random CPU, for every player count, timed in this
process (one core). Decision times come from the per-game scripts `benchmarks/<id>_ai.py` (strong
CPU against random CPUs), each run in its own process on one core; their p50/p99 lines are
printed as they are and the worst p99 is checked against the 300 ms target.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from games import registry
from games.core import Rng

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Target: the strong CPU decides within this many milliseconds at p99, on one core.
DECISION_P99_MS = 300.0

#: Games per run of each `<id>_ai.py` (its `--games`), full and quick.
AI_GAMES = {
    "kasane": (200, 4),
    "gogyo": (100, 4),
    "take_and_share": (100, 4),
    "sakura": (50, 2),
    "irobae": (100, 6),
}


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


def decision_times(game_id: str, games: int) -> dict[str, float | list[str]]:
    """Run `benchmarks/<id>_ai.py --games N`; its output lines and the worst p50/p99 found."""
    script = HERE / f"{game_id}_ai.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--games", str(games)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    p50 = [float(v) for v in re.findall(r"p50 ([\d.]+) ms", proc.stdout)]
    p99 = [float(v) for v in re.findall(r"p99 ([\d.]+) ms", proc.stdout)]
    return {"lines": lines, "p50": max(p50), "p99": max(p99)}


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
    for game_id, (full, small) in AI_GAMES.items():
        found = decision_times(game_id, small if quick else full)
        for line in found["lines"]:  # type: ignore[union-attr]
            print(f"  {game_id}_ai.py: {line}")
        p50, p99 = float(found["p50"]), float(found["p99"])  # type: ignore[arg-type]
        verdict = "ok" if p99 <= DECISION_P99_MS else "MISSED"
        print(
            f"strong CPU decision, {game_id}: worst p50 {p50:.1f} ms, worst p99 {p99:.1f} ms "
            f"(target ≤ {DECISION_P99_MS:.0f} ms: {verdict})"
        )
        decisions[game_id] = {"p50": p50, "p99": p99}
    return {"reference_ms": ref, "random_games_per_s": rates, "decisions": decisions}
