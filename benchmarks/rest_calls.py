"""REST calls per move, by kind, over whole games of every title.

The real bot runs in its own process against the fake Discord server (CPU moves without delay).
Each game has two humans and one CPU; the humans play through the controls they see, one click
at a time, and the bot is left to settle after each. Every request the bot makes from the lobby
on is classified: interaction callbacks (of moves, of "Show my hand", of the lobby), table edits
and posts, turn pings and their removal, follow-ups, the end of the game, anything else. The
target: a human move costs its callback, a CPU move one table edit, plus at most one ping (and
the previous one's removal) per turn handed to a human.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.driver import BotProcess, Player, TimedFake, titles
from benchmarks.overhead import settle
from bot.sandbox.fakediscord import RequestRecord

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
POST = "POST /channels/{channel_id}/messages"
PATCH = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
FOLLOWUP = "POST /webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"


def classify(player: Player, requests: list[RequestRecord]) -> Counter[str]:
    """Count the requests of one game by kind."""
    kinds = {c.inter.id: c.kind for c in player.clicks}
    hd = f"hd:{player.game_id}"
    tables: set[int] = set()
    pings: set[int] = set()
    counts: Counter[str] = Counter()
    started = False
    for r in requests:
        parts = r.path.split("/")
        body = r.json if isinstance(r.json, dict) else {}
        if not started:
            # Everything up to the first table: the lobby, the thread, the table itself.
            counts["lobby and start"] += 1
            if r.route == POST and hd in str(body.get("components")):
                tables.update(r.message_ids)
                started = True
            continue
        if r.route == CALLBACK:
            kind = kinds.get(int(parts[-3]))
            counts[f"callback: {kind}" if kind else "other: callback"] += 1
        elif r.route == POST and int(parts[-2]) == player.thread_id:
            if hd in str(body.get("components")):
                tables.update(r.message_ids)
                counts["table post"] += 1
            elif "<@" in (body.get("content") or ""):
                pings.update(r.message_ids)
                counts["ping"] += 1
            elif body.get("embeds"):
                counts["end: final message"] += 1
            else:
                counts["other: message"] += 1
        elif r.route == PATCH:
            message_id = int(parts[-1])
            if message_id in tables:
                counts["table edit"] += 1
            elif message_id == player.lobby_id:
                counts["end: lobby"] += 1
            else:
                counts["other: edit"] += 1
        elif r.route == DELETE:
            message_id = int(parts[-1])
            counts["ping removal" if message_id in pings else "other: removal"] += 1
        elif r.route == FOLLOWUP:
            counts["follow-up"] += 1
        elif r.route == ORIGINAL and player.fake._by_token[parts[-3]].id not in kinds:
            counts["lobby and start"] += 1  # the Start click's deferred answer, edited
        else:
            counts[f"other: {r.route or r.path}"] += 1
    return counts


async def _run(quick: bool) -> dict[str, object]:
    rng = random.Random(3)
    games = 1 if quick else 2
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        async with TimedFake() as fake:
            users = [fake.add_user(f"Player{i}", locale="en-US") for i in range(2)]
            bot = BotProcess(fake, Path(tmp) / "bot.sqlite3")
            await bot.start()
            try:
                for title in titles():
                    total: Counter[str] = Counter()
                    log: list[tuple[int, bool, bool, list[int]]] = []
                    for _ in range(games):
                        mark = len(fake.requests)
                        player = await Player.start(fake, bot.db, title, users, cpus=1)
                        first = [s for s in player.state.to_act() if s in player.users]
                        log.append((-1, True, False, first))  # the first turn, at the start
                        await settle(fake)
                        player.absorb()
                        while not player.state.is_over():
                            if player.human_to_act():
                                await player.move(rng)
                            await settle(fake)
                            player.absorb()
                        await settle(fake, 0.1)
                        total += classify(player, fake.requests[mark:])
                        log += player.log
                    results[title] = report(title, games, total, log)
                errors = bot.errors()
            finally:
                await bot.stop()
            fake.check_deadlines()
            violations = [str(v) for v in fake.violations]
    print(f"bot errors {len(errors)}, fake violations {len(violations)}")
    for line in (errors + violations)[:10]:
        print(f"  ! {line}")
    return {"titles": results, "errors": len(errors) + len(violations)}


def report(
    title: str, games: int, counts: Counter[str], log: list[tuple[int, bool, bool, list[int]]]
) -> dict[str, float]:
    handed = sum(1 for _, _, _, new in log if new)
    log = [entry for entry in log if entry[0] >= 0]
    moves = len(log)
    cpu = sum(1 for _, by_cpu, _, _ in log if by_cpu)
    hand = sum(1 for _, by_cpu, on_hand, _ in log if not by_cpu and on_hand)
    human = moves - cpu
    per = {kind: n / moves for kind, n in counts.items()}
    print(
        f"{title}: {games} game(s), {moves} moves ({human} human: {human - hand} on the table, "
        f"{hand} from a hand; {cpu} CPU), {handed} turns handed to a human (the first included)"
    )
    print("  per move: " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(per.items())))
    # What the target allows, and what the bot spent beyond it.
    table_edits = counts["table edit"] + counts["table post"]  # a re-post replaces an edit
    extra = {
        "callbacks beyond one per human move": counts["callback: move"] - human,
        "table edits beyond one per CPU move": table_edits - cpu,
        "  of which: one per move from a hand": min(hand, table_edits - cpu),
        "pings beyond one per turn handed to a human": counts["ping"] - handed,
        "ping removals beyond pings": counts["ping removal"] - counts["ping"],
        "follow-ups": counts["follow-up"],
        "other": sum(n for k, n in counts.items() if k.startswith("other")),
    }
    print("  beyond the target: " + ", ".join(f"{k.strip()} {v}" for k, v in extra.items()))
    print(
        f"  not moves: 'Show my hand' {counts['callback: hand']} callbacks; lobby and start "
        f"{counts['lobby and start']} requests per {games} game(s); end "
        f"{counts['end: final message'] + counts['end: lobby']}"
    )
    return {
        "moves": moves,
        "human": human,
        "hand": hand,
        "cpu": cpu,
        "handed": handed,
        **{f"per_move:{k}": v for k, v in per.items()},
        **{f"extra:{k.strip()}": v for k, v in extra.items()},
    }


def run(quick: bool) -> dict[str, object]:
    print("== 3. REST calls per move")
    return asyncio.run(_run(quick))
