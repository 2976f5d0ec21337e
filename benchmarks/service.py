"""The game service under three bad days: a CPU flood, a long rate limit, a locked database.

The real bot runs in its own process against the fake Discord server (`benchmarks.driver`).
Latency is INTERACTION_CREATE → the interaction's first callback at the fake server.

- **CPU flood:** `--flood-games` CPU-only games (strong level, no pause between CPU moves)
  kept in play while two people play a game of their own. Flooders open the games as players
  would, each its own user (the usage limits stay on: one user may not hold 150 games):
  `/newgame`, two CPUs, Start, `/game replace` on themselves; four at a time, and a game that
  ends is replaced by a new one. The fake Discord has one guild, so "another server" is another
  game here. The two people's p99 and answers after 3 s; the CPU games in play and their rate.
- **Rate limit:** two take_and_share games of three people each (cards are chosen from the
  hands, so people can go on playing while the table waits); the first table edit of game A
  gets a 429 with `Retry-After: 40`. Both games are played meanwhile. The clicks' latency per
  game, and the edits of A's table until the limit lifts (and whether it then shows A's latest
  state).
- **Locked database:** three games; after a few moves another process holds the database's
  write lock for 8 s while the players keep clicking. Every click's first answer, and what the
  player was told (played / not played) against what is stored, click for click.

    python -m benchmarks.service [--only flood|ratelimit|locked] [--flood-games N]
        [--profile bot.prof]   # cProfile of the bot process during the flood
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import re
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from benchmarks.cpu_match import pct
from benchmarks.driver import BotProcess, Click, Player, TimedFake
from bot.sandbox.fakediscord import User
from games import registry

#: Targets.
P99_TARGET_MS = 250.0
DEADLINE_S = 3.0


def _latencies(fake: TimedFake, clicks: list[Click]) -> list[float]:
    return [lat for c in clicks if (lat := fake.latency(c.inter)) is not None]


def _summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no clicks"
    late = sum(v > DEADLINE_S for v in values)
    return (
        f"{name}: {len(values)} clicks, p50 {pct(values, 0.5) * 1000:.0f} ms, p99 "
        f"{pct(values, 0.99) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms, {late} after 3 s"
    )


async def _play(player: Player, rng: random.Random, until: float, clicks: list[Click]) -> None:
    """Play moves for the people of one game until `until` (or the game ends)."""
    while time.monotonic() < until and not player.state.is_over():
        player.absorb()
        if not player.human_to_act():
            await asyncio.sleep(0.05)
            continue
        try:
            click = await player.move(rng)
        except AssertionError as exc:
            # No control to click yet: the table is behind (a rate limit holds its edit).
            print(f"  . {player.title} game {player.game_id}: waiting ({str(exc)[:60]})")
            await asyncio.sleep(1.0)
            continue
        clicks.append(click)
        await player._stored(player.version)


# -- CPU flood ------------------------------------------------------------------------------

#: How many flooders open CPU-only games at once (the usage limits allow five open lobbies in a
#: channel), how long one opening may take before it counts as failed, and how long they try
#: to reach the number of games asked for before the people start regardless.
FLOOD_CREATORS = 4
FLOOD_TIMEOUT_S = 30.0
FLOOD_SETUP_S = 240.0


async def _open_cpu_game(fake: TimedFake, db: Path, host: User) -> None:
    """What a flooder does: `/newgame`, two CPUs, Start, then `/game replace` on themselves."""
    cpu_game = await Player.start(fake, db, "kasane", [host], cpus=2)
    inter = await host.slash("game replace", {"player": host}, channel=cpu_game.thread_id)
    await inter.response(FLOOD_TIMEOUT_S)


async def _people_game(fake: TimedFake, db: Path, people: list[User]) -> Player:
    """The two people's next game, opened by one then the other: a `/newgame` refused by its
    cooldown (a short game) is tried again a little later by the other, as people would."""
    for _ in range(10):
        people.reverse()
        try:
            return await Player.start(fake, db, "sakura", people)
        except AssertionError:
            await asyncio.sleep(2.0)
    raise AssertionError("the people could not open a game")


def _cpu_games_in_play(db: Path, exclude: set[int]) -> int:
    """Games in play with no human seat left (the flood's), from the bot's database."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        rows = c.execute(
            "SELECT g.id FROM games g WHERE g.status = 'playing' AND NOT EXISTS "
            "(SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id IS NOT NULL)"
        ).fetchall()
    return sum(1 for (game_id,) in rows if game_id not in exclude)


def _cpu_moves(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        (count,) = c.execute("SELECT COUNT(*) FROM actions WHERE by_cpu").fetchone()
    return int(count)


@contextlib.asynccontextmanager
async def _running_bot(**options: Any) -> AsyncIterator[tuple[TimedFake, Path, BotProcess]]:
    """A bot process (`BotProcess` `options`) on a fresh database, connected to a fresh fake
    Discord; stopped when the block ends."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bot.sqlite3"
        async with TimedFake() as fake:
            bot = BotProcess(fake, db, **options)
            await bot.start()
            try:
                yield fake, db, bot
            finally:
                await bot.stop()


async def flood(games: int, seconds: float, profile: Path | None = None) -> dict[str, object]:
    """`games` CPU-only games kept in play (a finished one is replaced by a new one, as the
    flooders would) while two people play a game of their own."""
    async with _running_bot(cpu_delay=0.0, quotas=True, profile=profile) as (fake, db, bot):
        names = itertools.count()
        failed: list[str] = []
        opened = 0
        stop = asyncio.Event()

        async def flooder() -> None:
            nonlocal opened
            while not stop.is_set():
                if _cpu_games_in_play(db, set()) >= games:
                    await asyncio.sleep(0.5)
                    continue
                host = fake.add_user(f"Flood{next(names)}", locale="en-US")
                try:
                    await asyncio.wait_for(_open_cpu_game(fake, db, host), FLOOD_TIMEOUT_S)
                    opened += 1
                except (AssertionError, TimeoutError) as exc:
                    failed.append(f"{type(exc).__name__}: {str(exc)[:100]}")

        try:
            setup = time.monotonic()
            flooders = [asyncio.create_task(flooder()) for _ in range(FLOOD_CREATORS)]
            while (
                _cpu_games_in_play(db, set()) < games and time.monotonic() - setup < FLOOD_SETUP_S
            ):
                await asyncio.sleep(1.0)
            print(
                f"  {_cpu_games_in_play(db, set())} CPU-only games in play after "
                f"{time.monotonic() - setup:.0f} s ({opened} opened, {len(failed)} failed)"
            )
            people = [fake.add_user(f"Human{i}", locale="en-US") for i in range(2)]
            humans = await Player.start(fake, db, "sakura", people)
            mine = {humans.game_id}
            cpu_before = _cpu_moves(db)
            started = time.monotonic()
            clicks: list[Click] = []
            in_play: list[int] = []
            rng = random.Random(3)

            async def count() -> None:
                while not stop.is_set():
                    in_play.append(_cpu_games_in_play(db, mine))
                    await asyncio.sleep(1.0)

            counter = asyncio.create_task(count())
            while time.monotonic() - started < seconds:
                if humans.state.is_over():
                    humans = await _people_game(fake, db, people)
                    mine.add(humans.game_id)
                await _play(humans, rng, started + seconds, clicks)
            elapsed = time.monotonic() - started
            cpu_after = _cpu_moves(db)
            stop.set()
            await counter
            for task in flooders:
                task.cancel()
            await asyncio.gather(*flooders, return_exceptions=True)
            errors = bot.errors()
        finally:
            stop.set()
    values = _latencies(fake, clicks)
    rate = (cpu_after - cpu_before) / elapsed
    mean_in_play = sum(in_play) / len(in_play) if in_play else 0.0
    print("  " + _summary("the two people's clicks", values))
    print(
        f"  CPU-only games in play meanwhile: min {min(in_play, default=0)}, mean "
        f"{mean_in_play:.0f}, max {max(in_play, default=0)}; {opened} opened in all, "
        f"{len(failed)} openings failed"
    )
    for line in failed[:3]:
        print(f"  ! {line}")
    print(
        f"  CPU games: {rate:.1f} moves/s in all "
        f"({rate / max(mean_in_play, 1):.2f} per game in play); bot errors {len(errors)}; "
        f"bot event loop: {bot.stats}"
    )
    ok = bool(values) and pct(values, 0.99) * 1000 <= P99_TARGET_MS and max(values) <= DEADLINE_S
    print(f"  target p99 ≤ {P99_TARGET_MS:.0f} ms, none after 3 s: {'ok' if ok else 'MISSED'}")
    return {
        "p99_ms": pct(values, 0.99) * 1000 if values else None,
        "late": sum(v > DEADLINE_S for v in values),
        "cpu_moves_per_s": rate,
        "in_play_mean": mean_in_play,
    }


# -- a long rate limit ------------------------------------------------------------------------


async def ratelimit(seconds: float) -> dict[str, object]:
    retry_after = 40.0
    async with _running_bot() as (fake, db, bot):
        games = []
        for name in ("A", "B"):
            users = [fake.add_user(f"{name}{i}", locale="en-US") for i in range(3)]
            games.append(await Player.start(fake, db, "take_and_share", users))
        a, b = games
        table_path = f"/messages/{a.table_id}"
        limit = fake.faults.add(
            "429",
            routes=frozenset({"PATCH /channels/{channel_id}/messages/{message_id}"}),
            times=1,
            retry_after=retry_after,
            when=lambda r: r.path.endswith(table_path),
        )
        clicks_a: list[Click] = []
        clicks_b: list[Click] = []
        started = time.monotonic()
        until = started + max(seconds, retry_after + 15)
        await asyncio.gather(
            _play(a, random.Random(1), until, clicks_a),
            _play(b, random.Random(2), until, clicks_b),
        )
        limited_at = next((r.at for r in fake.requests if r.fault is not None), None)
        # Wait for the limit to lift and the table to catch up.
        lifted = (limited_at or started) + retry_after
        while time.monotonic() < lifted + 5:
            await asyncio.sleep(0.2)
        a.absorb()
        edits = [
            r
            for r in fake.requests
            if r.method == "PATCH" and r.path.endswith(table_path) and r.fault is None
        ]
        # Edits of A's table from the 429 until the limit lifted, and the first one after
        # (the game went on meanwhile, its clicks answered in place): what it showed.
        lift = (limited_at or 0.0) + retry_after
        after = [r for r in edits if limited_at is not None and limited_at < r.at < lift]
        caught_up = next((r for r in edits if r.at >= lift), None)
        shown_then = _version_shown(caught_up.json) if caught_up is not None else None
        during = [
            c
            for c in clicks_a
            if c.inter.dispatched_at is not None
            and limited_at is not None
            and limited_at < c.inter.dispatched_at < lift
        ]
        table = fake.message(a.table_id) if a.table_id else None
        shows = table is not None and (
            a.state.is_over() or any(f":{a.version}:" in c for c in table.custom_ids)
        )
        errors = bot.errors()
    la, lb = _latencies(fake, clicks_a), _latencies(fake, clicks_b)
    print(f"  429 with Retry-After {retry_after:.0f} s injected: {limit.used}")
    print("  " + _summary("game A (rate-limited table)", la))
    print("  " + _summary("game B", lb))
    print(
        f"  A's table: {len(during)} of A's clicks made during the limit, {len(after)} edits "
        f"of its table meanwhile; the first edit once it lifted showed version {shown_then}; "
        f"after the run it shows the latest version {a.version}: {'yes' if shows else 'NO'}; "
        f"bot errors {len(errors)}"
    )
    return {
        "a_p99_ms": pct(la, 0.99) * 1000 if la else None,
        "b_p99_ms": pct(lb, 0.99) * 1000 if lb else None,
        "edits_after": len(after),
        "shows_latest": shows,
    }


# -- a locked database ------------------------------------------------------------------------


async def locked(hold: float) -> dict[str, object]:
    async with _running_bot() as (fake, db, bot):
        games = []
        for n in range(3):
            users = [fake.add_user(f"L{n}P{i}", locale="en-US") for i in range(3)]
            games.append(await Player.start(fake, db, "kasane", users))
        rng = random.Random(4)
        for player in games:
            for _ in range(2):
                await player.move(rng)
                await player._stored(player.version)
        other = sqlite3.connect(db, isolation_level=None, timeout=30)
        other.execute("BEGIN IMMEDIATE")
        locked_at = time.monotonic()
        released = asyncio.get_running_loop().call_later(hold, other.commit)
        results = await asyncio.gather(
            *(
                _clicks_while_locked(p, random.Random(n), locked_at + hold + 2)
                for n, p in enumerate(games)
            )
        )
        released.cancel()
        other.close()
        errors = bot.errors()
    rows = [row for found in results for row in found]
    firsts = [row[0] for row in rows]
    mismatched = [row for row in rows if row[1] != row[2]]
    print(
        f"  another process held the write lock {hold:.0f} s: {len(rows)} clicks meanwhile, "
        f"first answers max {max(firsts):.2f} s ({sum(f > DEADLINE_S for f in firsts)} after 3 s)"
    )
    print(
        f"  told played {sum(r[1] for r in rows)}, stored {sum(r[2] for r in rows)}; "
        f"told ≠ stored: {len(mismatched)}; bot errors {len(errors)}"
    )
    for line in errors[:3]:
        print(f"  ! {line[:160]}")
    return {"clicks": len(rows), "max_first_s": max(firsts), "mismatched": len(mismatched)}


async def _clicks_while_locked(
    player: Player, rng: random.Random, until: float
) -> list[tuple[float, bool, bool]]:
    """`(first answer s, told played, stored)` for each click one game's people make."""
    found = []
    game = registry.get(player.title)
    while time.monotonic() < until and not player.state.is_over():
        player.absorb()
        seats = player.human_to_act()
        if not seats:
            await asyncio.sleep(0.05)
            continue
        seat = rng.choice(seats)
        choices = player.options(seat)
        if not choices:
            await player.open_hand(seat)
            choices = player.options(seat)
        if not choices:
            await asyncio.sleep(0.1)
            continue
        pick = rng.choice(choices)
        user = player.users[seat]
        version = player.version
        if pick.values is None:
            inter = await user.click(pick.message, pick.custom_id)
        else:
            inter = await user.select(pick.message, pick.custom_id, pick.values)
        try:
            response = await inter.response(10)
        except AssertionError:
            response = None  # no answer in 10 s: the player saw "This interaction failed"
        first = player.fake.latency(inter) or float("inf")
        # Settle: the move stored, or the player told it was not.
        deadline = time.monotonic() + 12
        told_refused = response is None or first > DEADLINE_S
        while time.monotonic() < deadline and not told_refused:
            message = response.message if response is not None else None
            texts = [message.content if message is not None else ""]
            texts += [player.fake.message(i).content for i in inter.followup_ids]
            told_refused = any((t or "").startswith("⚠️") for t in texts)
            if told_refused or _stored_version(player) > version:
                break
            await asyncio.sleep(0.1)
        # What reaches the disk after all (a failed click's write may still be waiting).
        settle = time.monotonic() + (15 if response is None else 0.3)
        while time.monotonic() < settle and _stored_version(player) <= version:
            await asyncio.sleep(0.2)
        stored = _stored_version(player) > version
        if stored:
            player._apply(seat, game.Action.decode(pick.action), by_cpu=False, on_hand=False)
        found.append((first, not told_refused, stored))
    return found


def _version_shown(body: object) -> int | None:
    """The version a table payload's move controls were made for (`mv:<game>:<version>:…`)."""
    found = re.search(r'"(?:mv|ms):\d+:(\d+):', json.dumps(body))
    return int(found.group(1)) if found else None


def _stored_version(player: Player) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{player.db}?mode=ro", uri=True)) as db:
        (version,) = db.execute(
            "SELECT version FROM games WHERE id = ?", (player.game_id,)
        ).fetchone()
    return int(version)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("flood", "ratelimit", "locked"))
    parser.add_argument("--flood-games", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--profile", type=Path, help="cProfile the bot during the flood")
    args = parser.parse_args(argv)
    if args.only in (None, "flood"):
        print(f"== CPU flood: {args.flood_games} CPU-only games, two people playing")
        asyncio.run(flood(args.flood_games, args.seconds, args.profile))
    if args.only in (None, "ratelimit"):
        print("== Rate limit: Retry-After 40 s on one game's table edit")
        asyncio.run(ratelimit(args.seconds))
    if args.only in (None, "locked"):
        print("== Locked database: another process holds the write lock for 8 s")
        asyncio.run(locked(8.0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
