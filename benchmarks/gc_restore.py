"""Whether the restore's garbage-collection handling pays: section 6's restart run twice.

`GameBot._restore` turns the garbage collector off while it restores the games in play
(`gc.disable()` … `gc.enable()`). This runs the restart of `benchmarks.restart` (10,000 stored
games, 5,000 in play; `--quick`: 1,000) as shipped and with `gc.disable()` made a no-op in the
restarted bot process (a `sitecustomize` module on its `PYTHONPATH`), alternating, and prints
for each run: the first click served after the process start, the event loop's longest hold-up,
its p99 and its hold-ups over 50 ms (the delay a click waiting behind them saw), the full
collections that ran and the longest, and one full collection at the end.

    python -m benchmarks.gc_restore [--quick] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from benchmarks import restart
from benchmarks.driver import BotProcess

#: What each mode changes in the restarted bot process, as a `sitecustomize` module loaded at
#: its start (None: the bot as shipped).
MODES: dict[str, str | None] = {
    "as shipped": None,
    "collecting": "import gc\n\ngc.disable = lambda: None\n",
}


class RecordedBot(BotProcess):
    """A bot process that keeps the event-loop and collection figures of each run, and is
    stopped even when a run fails."""

    stopped: ClassVar[list[dict[str, float]]] = []
    running: ClassVar[list[BotProcess]] = []

    async def start(self) -> None:
        RecordedBot.running.append(self)
        await super().start()

    async def stop(self) -> None:
        await super().stop()
        RecordedBot.stopped.append(dict(self.stats))


async def one_run(quick: bool, patch: str | None) -> dict[str, Any]:
    """Section 6's restart; the restarted process's figures. A run whose click is not answered
    in time (the fake server raises) counts as such, with the process's figures."""
    saved = os.environ.get("PYTHONPATH")
    failed = ""
    with tempfile.TemporaryDirectory() as tmp:
        if patch is not None:
            (Path(tmp) / "sitecustomize.py").write_text(patch)
            os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (tmp, saved) if p)
        try:
            found: dict[str, Any] = await restart._run(quick, None)
        except AssertionError as exc:
            found, failed = {}, str(exc)
        finally:
            for bot in RecordedBot.running:
                if bot.proc is not None and bot.proc.returncode is None:
                    await bot.stop()
            RecordedBot.running.clear()
            if saved is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = saved
    return {**found, **RecordedBot.stopped[-1], "failed": failed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 games instead of 10,000")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each mode, alternating")
    args = parser.parse_args(argv)
    restart.BotProcess = RecordedBot  # type: ignore[misc]
    runs: list[tuple[str, dict[str, Any]]] = []
    for _ in range(args.rounds):
        for name, patch in MODES.items():
            print(f"-- {name}")
            runs.append((name, asyncio.run(one_run(args.quick, patch))))
    print("== restart as shipped and collecting during the restore")
    for name, found in runs:
        if found["failed"]:
            clicks = f"the first click failed ({found['failed']})"
        else:
            clicks = f"first click {found['first_click_s']:.2f} s, RSS {found['rss_mb']:.0f} MB"
        print(
            f"{name:16s} {clicks};"
            f" loop held up max {found.get('lag_max_ms', float('nan')):.0f} ms,"
            f" p99 {found.get('lag_p99_ms', float('nan')):.0f} ms,"
            f" {found.get('lags_over_50ms', 0):.0f} times over 50 ms;"
            f" {found.get('gc_full', 0):.0f} full collections, longest"
            f" {found.get('gc_full_max_ms', 0):.0f} ms; one at the end"
            f" {found.get('gc_collect_at_end_ms', float('nan')):.0f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
