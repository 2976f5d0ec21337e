"""Crash consistency: the bot, in its own process, is killed with SIGKILL while people play.

The fake Discord server runs here; the real bot runs as `bot.sandbox.botproc` against it.
Simulated users play random moves among the enabled controls they see (the table's, and those
of their hand, opened with "Show my hand") in games of every title that has a renderer, while
the bot is killed at seeded random moments: inside a move's transaction (the `botproc` hook
holds one open), right after Discord received the answer to a move, and at random times. After
every kill the database is checked as the crash left it, and again once the bot is back:

- every move the bot acknowledged (the click was answered with the updated table or hand) is
  stored: that click's action by that seat at the version after the one the control was made
  for (or a little later in a simultaneous phase, where others' choices do not make it stale);
- versions are 1..n with no gap and no duplicate; a move killed inside its transaction left
  nothing behind;
- each game's stored snapshot (and result) equals `GAME.replay(...)` of its action log.

At the end every game is played to its end and shows its final breakdown, and the bot logged
no error. Clicks that were on their way when the bot died get no answer at all; only those may
show up in the fake server's "not acknowledged" check.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import messages as msg
from bot.sandbox import botproc
from bot.sandbox.fakediscord import FakeDiscord, Interaction, Message, User
from bot.storage.sqlite import SqliteStore
from games import registry
from games.core import Game

SEED = int(os.environ.get("CRASH_SEED", "8128"))
KILLS = 27
GAMES = 20
#: Games played at the same time (more start as others end).
PARALLEL = 7
MODES = ("transaction", "callback", "random")


def seatings(game: Game) -> list[tuple[int, int]]:
    """Small, quick seatings of a title, (players, humans): its two smallest tables, with one
    human, then two, then one at the next size."""
    small, *larger = game.player_counts
    nxt = larger[0] if larger else small
    return [(small, 1), (small, min(2, small)), (nxt, 1)]


#: A wait fails only after this many seconds in which nothing moved: no stored move, no request
#: reaching the fake server, no line in the bot's log. A busy machine slows everything down
#: but keeps something moving; a stuck bot or game moves nothing.
STALL_SECONDS = 90.0

MOVE_ID = re.compile(r"(?:mv|ms|mk):(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):")
INTERACTION_ID = re.compile(r"<Interaction \w+ id=(\d+) ")


@dataclass
class Plan:
    number: int
    title: str
    players: int
    humans: list[User]
    game_id: int | None = None
    channel_id: int | None = None
    done: bool = False
    #: The version at which the players last looked for a page turn's Next while CPUs were
    #: to act (a paused game's CPUs wait for it).
    looked_for_next: int = -1


@dataclass
class Ack:
    """A move the bot acknowledged: `action` by `seat`, clicked on a control made at version
    `shown` of `game_id`. It became version `shown + 1`, or a little later in a simultaneous
    phase, where a control overtaken only by other seats' choices still plays."""

    game_id: int
    shown: int
    seat: int
    action: str


@dataclass
class Stored:
    game: str
    status: str
    seed: int
    players: int | None
    options: dict[str, Any]
    version: int
    snapshot: dict[str, Any] | None
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None


def read_db(path: Path) -> dict[int, Stored]:
    """Every game with its action log, read in one transaction by a read-only connection
    (which never checkpoints, so a crashed bot's WAL is left for the bot to recover)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        db.execute("BEGIN")
        games = {
            row[0]: Stored(
                game=row[1],
                status=row[2],
                seed=row[3],
                players=row[4],
                options=json.loads(row[5] or "{}"),
                version=row[6],
                snapshot=json.loads(row[7]) if row[7] else None,
            )
            for row in db.execute(
                "SELECT id, game, status, seed, players, options, version, snapshot FROM games"
            )
        }
        for game_id, version, seat, action in db.execute(
            "SELECT game_id, version, seat, action FROM actions ORDER BY game_id, version"
        ):
            games[game_id].actions.append((version, seat, action))
        for game_id, result in db.execute("SELECT game_id, result FROM results"):
            games[game_id].result = json.loads(result)
        db.execute("COMMIT")
    finally:
        db.close()
    return games


def read_game(path: Path, game_id: int) -> tuple[str, int, dict[str, Any] | None, list[Any]]:
    """`(status, version, snapshot, seats)` of one game."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        row = db.execute(
            "SELECT status, version, snapshot FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        seats = db.execute(
            "SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ).fetchall()
    finally:
        db.close()
    if row is None:
        return "missing", 0, None, []
    return row[0], row[1], json.loads(row[2]) if row[2] else None, seats


def play_channel(path: Path, game_id: int) -> int:
    """Where the game's table lives: its thread, or the lobby's channel without one."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        row = db.execute(
            "SELECT thread_id, channel_id FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    finally:
        db.close()
    return int(row[0] or row[1])


def stored_progress(path: Path) -> tuple[int, int]:
    """`(moves stored, games finished)` over the whole database: it grows as the games go on."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        row = db.execute(
            "SELECT COALESCE(SUM(version), 0), COALESCE(SUM(status = 'finished'), 0) FROM games"
        ).fetchone()
    except sqlite3.OperationalError:  # not created yet
        return 0, 0
    finally:
        db.close()
    return int(row[0]), int(row[1])


async def wait_while_progressing(
    fake: FakeDiscord,
    done: Callable[[], bool],
    progress: Callable[[], object],
    what: str,
) -> None:
    """Wait until `done()`, however long it takes while `progress()` keeps changing; fail once
    it has stood still for `STALL_SECONDS` (the thing waited for is stuck, not slow)."""
    loop = asyncio.get_running_loop()
    marker, moved_at = progress(), loop.time()
    while not done():
        with contextlib.suppress(AssertionError):
            await fake.wait_for(done, 1.0)
        now_marker = progress()
        if now_marker != marker:
            marker, moved_at = now_marker, loop.time()
        elif loop.time() - moved_at > STALL_SECONDS:
            raise AssertionError(f"nothing moved for {STALL_SECONDS:.0f} s waiting for {what}")


def table_message_id(path: Path, game_id: int) -> int | None:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        row = db.execute("SELECT table_message_id FROM games WHERE id = ?", (game_id,)).fetchone()
    finally:
        db.close()
    return row[0] if row else None


def normal(value: Any) -> Any:
    """A value as it reads back from the database's JSON."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def verify(path: Path, acks: list[Ack], when: str) -> int:
    """Check the database against the acknowledged moves and the engines' replays; returns
    the number of stored moves checked."""
    games = read_db(path)
    checked = 0
    for game_id, stored in games.items():
        if stored.status not in ("playing", "finished"):
            continue
        where = f"{when}: game {game_id} ({stored.game})"
        versions = [version for version, _, _ in stored.actions]
        assert versions == list(range(1, stored.version + 1)), f"{where}: versions {versions}"
        game = registry.get(stored.game)
        assert stored.players is not None
        replay = game.replay(
            stored.players,
            stored.seed,
            stored.options,
            [(seat, action) for _, seat, action in stored.actions],
        )
        assert normal(replay.snapshot()) == stored.snapshot, f"{where}: snapshot ≠ replay"
        assert replay.is_over() == (stored.status == "finished"), f"{where}: status"
        if stored.status == "finished":
            expected = normal(replay.result().model_dump(mode="json"))
            assert stored.result == expected, f"{where}: result ≠ replay"
        checked += len(stored.actions)
    claimed: set[tuple[int, int]] = set()
    for ack in acks:
        stored_game = games.get(ack.game_id)
        assert stored_game is not None, f"{when}: acknowledged game {ack.game_id} is missing"
        players = stored_game.players or 0
        found = [
            version
            for version, seat, action in stored_game.actions
            if ack.shown < version <= ack.shown + players
            and (seat, action) == (ack.seat, ack.action)
            and (ack.game_id, version) not in claimed
        ]
        assert found, f"{when}: acknowledged move {ack} is not stored"
        claimed.add((ack.game_id, found[0]))
    return checked


class BotProcess:
    """The bot as a child process: started, watched on stdout, killed."""

    def __init__(self, fake: FakeDiscord, db: Path, log_path: Path) -> None:
        self.fake = fake
        self.db = db
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.open_commit: tuple[int, int] | None = None
        self.on_commit_open: Any = None
        self.killed = False
        self._reader: asyncio.Task[None] | None = None

    async def start(self, hold: str | None = None) -> None:
        self.ready = asyncio.Event()
        self.open_commit = None
        self.killed = False
        if not self.db.exists():
            # Pictures off: this test is about what is stored when the bot is killed; pictures
            # only add drawings and table edits (covered by the pictures' own tests) and time.
            store = await SqliteStore.open(self.db)
            await store.set_guild_pictures(self.fake.guild.id, False)
            await store.close()
        self.proc = await botproc.spawn(self.fake, self.db, self.log_path, seed=SEED, hold=hold)
        self._reader = asyncio.create_task(self._read(self.proc))
        reader = self._reader
        await wait_while_progressing(
            self.fake,
            lambda: self.ready.is_set() or reader.done(),
            self.activity,
            "the bot process to become ready",
        )
        assert self.ready.is_set() or self.killed, "the bot process did not become ready"

    def activity(self) -> tuple[int, int]:
        """What the bot process has done so far: the fake server's changes and its log's size."""
        size = self.log_path.stat().st_size if self.log_path.exists() else 0
        return self.fake.changes, size

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        async for raw in proc.stdout:
            line = raw.decode().strip()
            if line == "ready":
                self.ready.set()
            elif line.startswith("commit-open "):
                _, game_id, version = line.split()
                self.open_commit = (int(game_id), int(version))
                if self.on_commit_open is not None:
                    self.on_commit_open()

    @property
    def alive(self) -> bool:
        """Running, and not sent SIGKILL yet."""
        return self.proc is not None and self.proc.returncode is None and not self.killed

    def kill(self) -> None:
        assert self.proc is not None
        self.killed = True
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)

    async def reap(self) -> None:
        if self.proc is None:
            return
        code = await self.proc.wait()
        assert code in (-signal.SIGKILL, 0), f"the bot exited with {code}"
        if self._reader is not None:
            await self._reader


class CrashRun:
    """The users, the games they play, and the kills."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path) -> None:
        self.fake = fake
        self.db = tmp_path / "crash.sqlite3"
        self.log_path = tmp_path / "bot.log"
        self.bot = BotProcess(fake, self.db, self.log_path)
        self.rng = random.Random(SEED)
        self.up = asyncio.Event()
        self.epoch = 0
        self.killed_at = 0.0
        self.acks: list[Ack] = []
        self.kills: Counter[str] = Counter()
        self.restarts = 0
        #: Full checks of the database (after each kill and each restart).
        self.checks = 0
        self.lost: set[int] = set()
        self.stats: Counter[str] = Counter()
        self.kill_on_ack = False
        self.killed_in_commit: tuple[int, int] | None = None
        self.done = "Done."

    # -- the bot -------------------------------------------------------------------------

    async def start_bot(self, hold: str | None = None) -> None:
        if hold:
            self.bot.on_commit_open = lambda: self.kill("transaction")
        epoch = self.epoch
        await self.bot.start(hold)
        self.restarts += 1
        verify(self.db, self.acks, f"after restart {self.restarts}")
        self.checks += 1
        if self.epoch == epoch:
            self.up.set()

    def kill(self, mode: str) -> None:
        """SIGKILL now; every click not answered yet is on its way to nowhere."""
        if not self.bot.alive:
            return
        self.bot.kill()
        self.up.clear()
        self.epoch += 1
        self.killed_at = time.monotonic()
        self.kills[mode] += 1
        self.kill_on_ack = False
        self.bot.on_commit_open = None
        self.killed_in_commit = self.bot.open_commit if mode == "transaction" else None

    async def buried(self) -> None:
        """Once the fake server has seen the dead bot's connection close, nothing more is
        delivered to it; the clicks it was sent and never answered are lost."""
        gateway = self.fake.gateway
        await wait_while_progressing(
            self.fake,
            lambda: len(gateway.closes) >= gateway.connections,
            self.bot.activity,
            "the connection to close",
        )
        self.lost |= {i.id for i in self.fake.interactions.values() if i.callback is None}

    async def cycle(self, mode: str, plans: list[Plan]) -> None:
        """Start the bot, let people play, kill it the `mode` way, check the crash's leftovers.

        A kill inside a transaction or right after an acknowledged move waits for its moment
        for as long as the games go on, however slowly; only once every game has ended does
        the moment never come, and the kill is a random one."""
        await self.start_bot(f"{self.rng.randint(1, 6)}:3" if mode == "transaction" else None)
        if mode == "callback":
            self.kill_on_ack = True
        if mode == "random":
            deadline = time.monotonic() + self.rng.uniform(0.15, 1.5)
            while self.up.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        else:
            await wait_while_progressing(
                self.fake,
                lambda: not self.up.is_set() or all(plan.done for plan in plans),
                lambda: (stored_progress(self.db), self.bot.activity()),
                f"a kill {mode}",
            )
        self.kill("random")  # unless it happened already: the moment did not come
        await self.bot.reap()
        await self.buried()
        verify(self.db, self.acks, f"after kill {sum(self.kills.values())}")
        self.checks += 1
        if self.killed_in_commit is not None:
            game_id, version = self.killed_in_commit
            _, stored_version, _, _ = read_game(self.db, game_id)
            assert stored_version == version - 1, (
                f"game {game_id}: the move killed in its transaction left version "
                f"{stored_version} (expected {version - 1})"
            )
            self.stats["killed inside a transaction"] += 1

    def describe(self, plans: list[Plan]) -> str:
        """Where each unfinished game stands (for a failure message)."""
        lines = [f"clicks: {dict(self.stats)}"]
        for plan in plans:
            if plan.done:
                continue
            if plan.game_id is None:
                lines.append(f"#{plan.number} {plan.title}: no lobby yet")
                continue
            status, version, snapshot, seats = read_game(self.db, plan.game_id)
            game = registry.get(plan.title)
            to_act = game.load(snapshot).to_act() if snapshot else None
            table = self.table(plan) if plan.channel_id else None
            shown = sorted(
                {c.split(":")[2] for c in table.custom_ids if MOVE_ID.match(c)} if table else []
            )
            lines.append(
                f"#{plan.number} {plan.title} game {plan.game_id}: {status} v{version}, "
                f"to act {to_act}, humans {len(plan.humans)}/{len(seats)}, "
                f"table {'missing' if table is None else f'shows versions {shown}'}"
            )
        return "\n".join(lines)

    # -- people ----------------------------------------------------------------------------

    async def answer(self, inter: Interaction, epoch: int) -> bool:
        """Wait for the bot's first answer; False if the bot died first (the click is lost)."""

        def settled() -> bool:
            if inter.callback is not None:
                return True
            return self.epoch != epoch and time.monotonic() - self.killed_at > 0.5

        await wait_while_progressing(
            self.fake, settled, self.bot.activity, f"an answer to {inter!r}"
        )
        return inter.callback is not None

    async def wait_up(self) -> int:
        await self.up.wait()
        return self.epoch

    def table(self, plan: Plan) -> Message | None:
        found = [
            m
            for m in self.fake.channel_messages(plan.channel_id)
            if f"hd:{plan.game_id}" in m.custom_ids
        ]
        return found[-1] if found else None

    @staticmethod
    def controls(message: Message, game_id: int, seat: int) -> list[dict[str, Any]]:
        """Enabled move buttons and selects of `seat` on `message`."""
        found = []
        for component in message.interactive_components:
            match = MOVE_ID.match(component.get("custom_id") or "")
            if (
                match
                and int(match["game"]) == game_id
                and int(match["seat"]) == seat
                and not component.get("disabled")
            ):
                found.append(component)
        return found

    async def lobby(self, plan: Plan) -> None:
        """`/newgame`, joins, CPUs and Start, repeated until the game is in play."""
        host = plan.humans[0]
        lobby: Message | None = None
        while True:
            epoch = await self.wait_up()
            if lobby is None:
                inter = await host.slash(
                    "newgame", {"game": plan.title, "cpu": "random", "language": "en"}
                )
                if not await self.answer(inter, epoch) or inter.original is None:
                    continue  # a lobby nobody saw; start another
                if not inter.original.custom_ids:
                    raise AssertionError(f"/newgame answered {inter.original.text!r}")
                lobby = inter.original
                plan.game_id = int(lobby.custom_ids[0].split(":")[1])
                continue
            status, _, _, seats = read_game(self.db, plan.game_id or 0)
            if status == "playing" or status == "finished":
                break
            seated = {user_id for _, user_id in seats}
            joining = [u for u in plan.humans if u.id not in seated]
            if joining:
                user, op = joining[0], "join"
            elif len(seats) < plan.players:
                user, op = host, "cpu"
            else:
                user, op = host, "start"
            inter = await user.click_raw(lobby.id, lobby.channel_id, f"lb:{plan.game_id}:{op}")
            await self.answer(inter, epoch)
        plan.channel_id = play_channel(self.db, plan.game_id or 0)

    async def play(self, plan: Plan, slots: asyncio.Semaphore) -> None:
        async with slots:
            await self.lobby(plan)
            assert plan.game_id is not None
            game = registry.get(plan.title)
            seats = {user.id: seat for seat, user in enumerate(plan.humans)}
            while True:
                epoch = await self.wait_up()
                status, version, snapshot, _ = read_game(self.db, plan.game_id)
                if status == "finished":
                    break
                to_act = game.load(snapshot).to_act() if snapshot else []
                mine = [s for s in to_act if s in seats.values()]
                if not mine:
                    if plan.looked_for_next != version:
                        # A CPU is to move, unless a page turn waits for the players' Next.
                        plan.looked_for_next = version
                        for user in plan.humans:
                            await self.next_page(plan, user, epoch)
                    await asyncio.sleep(0.03)
                    continue
                seat = self.rng.choice(mine)
                await self.move(plan, plan.humans[seat], seat, epoch)
            plan.done = True

    async def next_page(self, plan: Plan, user: User, epoch: int) -> None:
        """The user opens their hand and presses Next if a page turn shows it."""
        table = self.table(plan)
        if table is None or plan.game_id is None:
            return
        inter = await user.click_raw(table.id, table.channel_id, f"hd:{plan.game_id}")
        if not await self.answer(inter, epoch):
            return
        await self.press_next(user, inter.original, epoch)

    async def press_next(self, user: User, hand: Message | None, epoch: int) -> bool:
        """Next on `hand` if a page turn shows it there; whether it did."""
        turned = [c for c in hand.custom_ids if c.startswith("np:")] if hand is not None else []
        if not turned or hand is None:
            return False
        inter = await user.click_raw(hand.id, hand.channel_id, turned[0])
        await self.answer(inter, epoch)
        return True

    async def move(self, plan: Plan, user: User, seat: int, epoch: int) -> None:
        """Open the hand, then play one of the controls of the table or of the hand."""
        game_id = plan.game_id
        assert game_id is not None
        table = self.table(plan)
        if table is None:
            self.stats["no table"] += 1
            await asyncio.sleep(0.05)
            return
        options = [(table, c) for c in self.controls(table, game_id, seat)]
        inter = await user.click_raw(table.id, table.channel_id, f"hd:{game_id}")
        if not await self.answer(inter, epoch):
            return
        hand = inter.original
        if await self.press_next(user, hand, epoch):
            return  # a page turned: the summary read, the hand's moves come after Next
        if hand is not None and hand.ephemeral:
            options += [(hand, c) for c in self.controls(hand, game_id, seat)]
        if not options:
            self.stats["nothing to click"] += 1
            await asyncio.sleep(0.05)
            return
        message, component = self.rng.choice(options)
        custom_id = component["custom_id"]
        clicked_version = int(custom_id.split(":")[2])
        if component["type"] == 2:
            action = custom_id.split(":", 4)[4]
            inter = await user.click_raw(message.id, message.channel_id, custom_id)
        else:
            choices = [o["value"] for o in component.get("options") or []]
            low = component.get("min_values", 1)
            high = min(component.get("max_values", 1), len(choices))
            values = self.rng.sample(choices, self.rng.randint(low, high))
            prefix = custom_id.split(":", 5)[5]
            chosen = sorted(values, key=choices.index)
            action = ".".join([prefix, *chosen]) if prefix else ".".join(chosen)
            if custom_id.startswith("mk:"):
                # A confirming select only shows the pick back: the move is its Confirm button.
                confirm = f"mv:{game_id}:{clicked_version}:{seat}:{action}"
                inter = await user.click_raw(message.id, message.channel_id, confirm)
            else:
                inter = await user.click_raw(
                    message.id, message.channel_id, custom_id, 3, values=values
                )
        self.stats["clicks"] += 1
        if not await self.answer(inter, epoch):
            self.stats["clicks lost"] += 1
            return
        if await self.acknowledged(inter):
            self.acks.append(Ack(game_id, clicked_version, seat, action))
            if self.kill_on_ack:
                self.kill("callback")
        else:
            self.stats["clicks refused"] += 1

    async def acknowledged(self, inter: Interaction) -> bool:
        """Whether the answer says the move was made: the updated table or hand (type 7), or
        "Done." when the clicked table is no longer the current one."""
        callback = inter.callback
        assert callback is not None
        if callback.type == 7:
            content = (callback.data or {}).get("content") or ""
            return "⚠️" not in content
        if callback.type == 4:
            return (callback.data or {}).get("content") == self.done
        self.stats[f"answered with type {callback.type}"] += 1
        return False


def without_final(fake: FakeDiscord, run: CrashRun, plans: list[Plan]) -> list[Plan]:
    """The games whose final breakdown (beside the table) is not in their channel."""
    missing = []
    for plan in plans:
        assert plan.game_id is not None and plan.channel_id is not None
        table_id = table_message_id(run.db, plan.game_id)
        if not any(
            m.id != table_id and m.embeds and "🏆" in m.text
            for m in fake.channel_messages(plan.channel_id)
        ):
            missing.append(plan)
    return missing


@pytest.mark.timeout(1800)  # a hang catcher only: every wait inside fails on a stall
async def test_no_acknowledged_move_is_lost_when_the_bot_is_killed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    run = CrashRun(fake, tmp_path)
    run.done = msg.MOVE_DONE("en")
    titles = registry.ids()
    plans = []
    for number in range(GAMES):
        title = titles[number % len(titles)]
        choices = seatings(registry.get(title))
        players, humans = choices[(number // len(titles)) % len(choices)]
        people = [fake.add_user(f"G{number}P{i}", locale="en-US") for i in range(humans)]
        plans.append(Plan(number, title, players, people))
    started = time.monotonic()
    slots = asyncio.Semaphore(PARALLEL)
    players = [asyncio.create_task(run.play(plan, slots)) for plan in plans]
    try:
        modes = [MODES[k % len(MODES)] for k in range(KILLS)]
        run.rng.shuffle(modes)
        for mode in modes:
            await run.cycle(mode, plans)
            for task in players:
                if task.done():
                    task.result()  # a failed assertion in a player ends the test here
        await run.start_bot()
        # However slow the machine, the games end as long as moves keep being stored.
        try:
            await wait_while_progressing(
                fake,
                lambda: all(task.done() for task in players),
                lambda: stored_progress(run.db),
                "the games to end",
            )
        except AssertionError as stalled:
            raise AssertionError(f"{stalled}:\n{run.describe(plans)}") from None
        await asyncio.gather(*players)
        # A kill between a game's last move and its publication is caught up by the last
        # restart, in the background: wait while the bot is still sending things to Discord.
        with contextlib.suppress(AssertionError):
            await wait_while_progressing(
                fake, lambda: not without_final(fake, run, plans), run.bot.activity, "the ends"
            )
    finally:
        for task in players:
            task.cancel()
        if run.bot.alive:
            run.bot.kill()
            await run.bot.reap()
        # Clicks in flight when the bot died got no answer; the fake noticed those, and only
        # those (checked below).
        unanswered = fake.take_violations("no_response")
    final = verify(run.db, run.acks, "at the end")
    stored = read_db(run.db)
    finished = [g for g in stored.values() if g.status == "finished"]
    assert len(finished) == GAMES and all(p.done for p in plans)
    assert {g.game for g in finished} == set(titles)
    # Everyone sees how each game ended: the final breakdown beside the table (a kill between
    # the last move and its publication is caught up after the restart).
    missing = [f"game {p.game_id} ({p.title})" for p in without_final(fake, run, plans)]
    assert not missing, f"ended without their final message: {missing}"
    for violation in unanswered:
        match = INTERACTION_ID.search(violation.message)
        assert match and int(match[1]) in run.lost, str(violation)
    kills = sum(run.kills.values())
    assert kills >= 25 and run.kills["transaction"] >= 5 and run.kills["callback"] >= 5
    log = run.log_path.read_text(errors="replace")
    problems = [line for line in log.splitlines() if "ERROR" in line or "Traceback" in line]
    assert not problems, "\n".join(problems[:20])
    print(
        f"crash consistency: {kills} kills ({run.kills['transaction']} inside a move's "
        f"transaction, {run.kills['callback']} right after an acknowledged move, "
        f"{run.kills['random']} at random), {run.restarts} restarts, {final} moves checked "
        f"({run.checks} database checks; {len(run.acks)} moves acknowledged by Discord, "
        f"{run.stats['clicks lost']} clicks lost with the bot, {len(unanswered)} of them "
        f"unanswered after delivery), {len(finished)} games "
        f"({', '.join(sorted({g.game for g in finished}))}) in {time.monotonic() - started:.0f} s"
    )
    print(f"crash consistency details: {dict(run.stats)}")
