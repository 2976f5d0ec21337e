"""Driving the real bot (in its own process) through the fake Discord server, as players would.

`TimedFake` is the fake server of `bot/sandbox/fakediscord/` with one addition: it notes when each
interaction callback request arrives, before it checks or handles it, so a latency is the time
from INTERACTION_CREATE leaving the fake to the bot's answer reaching it. Schema checks against
Discord's OpenAPI document are off (they are the fake's cost, not the bot's); the documented
limits, the 3-second rule and the double-acknowledgement check stay on.

`BotProcess` starts and stops `benchmarks.bot_process`. `Player` plays one game through the
controls its users see: it keeps a copy of the engine state (seeded from the bot's database,
advanced with each move it makes, or caught up from the action log after CPU moves), picks a
legal move among the buttons and select options on the table or in the user's hand message
(an ephemeral one, or the DM hand of a player who chose DMs), and opens the hand with "Show my
hand" when the move is not on the table. The bot's database is its SQLite file, or a
`postgresql://` URL (read with asyncpg; `close_databases()` closes those connections).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import sqlite3
import sys
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.i18n import messages as msg
from bot.sandbox.fakediscord import Channel, FakeDiscord, Interaction, Message, User
from bot.sandbox.players import create_lobby, game_id_of, lobby_click
from games import registry
from games.core import State

ROOT = Path(__file__).resolve().parent.parent


class TimedFake(FakeDiscord):
    """The fake Discord server, noting when each interaction callback arrives."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("spec", None)
        super().__init__(**kwargs)
        #: Interaction id -> `time.monotonic()` when its callback request arrived.
        self.callback_at: dict[int, float] = {}

    async def _handle_rest(self, request: Any) -> Any:
        if request.path.endswith("/callback"):
            with contextlib.suppress(ValueError, IndexError):
                self.callback_at[int(request.path.split("/")[-3])] = time.monotonic()
        return await super()._handle_rest(request)

    def latency(self, inter: Interaction) -> float | None:
        """Seconds from dispatch to the callback's arrival (None if either is missing)."""
        arrived = self.callback_at.get(inter.id)
        if arrived is None or inter.dispatched_at is None:
            return None
        return arrived - (inter.dispatched_at - self.clock.offset)

    def retire_sessions(self) -> None:
        """Stop routing interactions to gateway sessions of bots that have stopped."""
        for session in self._sessions:
            session.resumable = False


class BotProcess:
    """`python -m benchmarks.bot_process` against `fake`, with its database at `db`."""

    def __init__(
        self,
        fake: TimedFake,
        db: Path,
        *,
        cpu_delay: float = 0.0,
        seed: int = 1,
        profile: Path | None = None,
        log: Path | None = None,
        time_database: bool = False,
        database_url: str | None = None,
        shards: tuple[int, str] | None = None,
        quotas: bool = False,
        timeline: bool = False,
        steps: Path | None = None,
    ) -> None:
        """With `database_url`, the games are kept in PostgreSQL instead of `db`; with
        `shards` `(count, "0-1")`, the process runs those of the shards; with `quotas`, the
        usage limits stay on; with `timeline`, it notes when its start-up steps end
        (`timeline()`); with `steps`, it writes there when each click reached each step
        (`benchmarks.click_steps`)."""
        self.fake, self.db, self.cpu_delay, self.seed = fake, db, cpu_delay, seed
        self.database_url, self.shards, self.quotas = database_url, shards, quotas
        self.timeline_on = timeline
        self.profile, self.time_database = profile, time_database
        self.steps = steps
        self.log = log or db.with_suffix(".log")
        self.proc: asyncio.subprocess.Process | None = None
        self.started = 0.0
        #: What the process reported about its event loop when it stopped.
        self.stats: dict[str, float] = {}

    async def start(self) -> None:
        """Start the process (`self.started` is when) and wait until it is connected."""
        if self.shards is None:
            self.fake.retire_sessions()
        args = [
            sys.executable,
            "-m",
            "benchmarks.bot_process",
            "--port",
            str(self.fake._port),
            f"--token={self.fake.token}",  # a token may start with "-"
            "--db",
            str(self.db),
            "--seed",
            str(self.seed),
            "--cpu-delay",
            str(self.cpu_delay),
            # Throughput is measured without the pauses at page turns (people read the round's
            # summary there; the driver's players do not).
            "--page-pause",
            "0",
        ]
        if self.profile is not None:
            args += ["--profile", str(self.profile)]
        if self.steps is not None:
            args += ["--steps", str(self.steps)]
        if self.time_database:
            args.append("--time-database")
        if self.quotas:
            args.append("--quotas")
        if self.database_url is not None:
            args += ["--database-url", self.database_url]
        if self.shards is not None:
            args += ["--shard-count", str(self.shards[0]), "--shard-ids", self.shards[1]]
        if self.timeline_on:
            args.append("--timeline")
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
        env = {**os.environ, "PYTHONPATH": path}
        with self.log.open("ab") as log:
            self.started = time.monotonic()
            self.proc = await asyncio.create_subprocess_exec(
                *args, cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=log
            )
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 120)
        if line.strip() != b"ready":
            tail = self.log.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"the bot did not start: {line!r}\n{tail}")
        await self.fake.wait_for(lambda: self.fake._live_sessions(), 10, "the bot's session")

    async def stop(self) -> None:
        """Stop the process (SIGINT, as Ctrl-C) and read its closing `stats` line."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                out, _ = await asyncio.wait_for(self.proc.communicate(), 30)
                for line in out.decode().splitlines():
                    if line.startswith("stats "):
                        self.stats = json.loads(line[len("stats ") :])
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        self.fake.retire_sessions()

    def rss_mb(self) -> float:
        """Resident memory of the bot process, in MB."""
        assert self.proc is not None
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """User plus system CPU time the bot process has used so far."""
        assert self.proc is not None
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def timeline(self) -> dict[str, float]:
        """Seconds from the process's start to each start-up step it noted (`--timeline`)."""
        if not self.log.exists():
            return {}
        steps: dict[str, float] = {}
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith("timeline "):
                _, event, at = line.split()
                steps.setdefault(event, float(at) - self.started)
        return steps

    def errors(self) -> list[str]:
        """ERROR lines and tracebacks the bot logged."""
        if not self.log.exists():
            return []
        text = self.log.read_text(errors="replace")
        return [line for line in text.splitlines() if "ERROR" in line or "Traceback" in line]


@dataclass
class Control:
    """A way to play one encoded action: a button, or values picked in a select."""

    message: Message
    custom_id: str
    action: str
    values: list[str] | None = None  # set for a select
    #: For a confirming select: its custom_id and the values that show the pick back with a
    #: Confirm button (`custom_id`), which plays it.
    preview: tuple[str, list[str]] | None = None


def _select_values(component: dict[str, Any], prefix: str, action: str) -> list[str] | None:
    """The values to pick in a move select so that it plays `action` (None if it cannot):
    the platform joins the prefix and the chosen values with `.` in the options' order."""
    if prefix:
        if not action.startswith(prefix + "."):
            return None
        action = action[len(prefix) + 1 :]
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    values = action.split(".") if high > 1 else [action]
    order = [option["value"] for option in component.get("options") or []]
    if not low <= len(values) <= high or any(v not in order for v in values):
        return None
    if sorted(values, key=order.index) != values:
        return None
    return values


def controls_for(
    message: Message, game_id: int, versions: range, seat: int, legal: set[str]
) -> list[Control]:
    """The enabled controls of `message` that play a legal move for `seat`, made at one of
    `versions` (the game's version for the table; for a hand, the versions its controls may
    carry: see `Player.hand_versions`)."""
    found = []
    for component in message.interactive_components:
        custom_id = component.get("custom_id") or ""
        if component.get("disabled"):
            continue
        parts = custom_id.split(":", 4)
        if len(parts) < 5 or parts[1] != str(game_id) or parts[3] != str(seat):
            continue
        if not parts[2].isdigit() or int(parts[2]) not in versions:
            continue
        head = f"{game_id}:{parts[2]}:{seat}:"
        if custom_id.startswith("mv:" + head):
            action = custom_id[len("mv:" + head) :]
            if action in legal:
                found.append(Control(message, custom_id, action))
        elif custom_id.startswith("ms:" + head):
            prefix = custom_id.split(":", 5)[5]
            for action in legal:
                values = _select_values(component, prefix, action)
                if values is not None:
                    found.append(Control(message, custom_id, action, values))
        elif custom_id.startswith("mk:" + head):
            # A confirming select only shows the pick back: the move is its Confirm button.
            prefix = custom_id.split(":", 5)[5]
            for action in legal:
                values = _select_values(component, prefix, action)
                if values is not None:
                    preview = (custom_id, values)
                    found.append(Control(message, f"mv:{head}{action}", action, None, preview))
    return found


#: What the bot says of a move it played when it cannot show it on the clicked message.
MOVE_DONE_TEXTS = {msg.MOVE_DONE("en"), msg.MOVE_DONE("ja")}


def machine_line(quick: bool) -> str:
    """The machine a run measures, for its figures to be read against other days': cores,
    processor (the same code's ratios differ from one processor to another), Python, and how
    busy the machine was at the start."""
    model = platform.processor()  # often empty on Linux, where /proc/cpuinfo names it
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (
        f"machine: {os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), "
        f"{f'{model}, ' if model else ''}{platform.machine()}, "
        f"Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.2f}; {'quick' if quick else 'full'} run"
    )


@dataclass
class Click:
    """One interaction the player made and what it was for."""

    kind: str  # "move" or "hand"
    inter: Interaction
    seat: int
    on_hand: bool = False
    #: Acknowledged with a deferral (type 6) and answered later.
    deferred: bool = False
    #: A move answered "Done." in a message of its own: it was played, but the message it was
    #: clicked on could not show it (a hand deleted meanwhile).
    done_apart: bool = False


@dataclass
class Player:
    """Plays one game of `title` through the controls its users see."""

    fake: TimedFake
    db: Path | str
    title: str
    game_id: int
    thread_id: int
    users: dict[int, User]  # seat -> user (humans only)
    state: State
    version: int = 0
    table_id: int | None = None
    hands: dict[int, int] = field(default_factory=dict)  # seat -> latest hand message id
    clicks: list[Click] = field(default_factory=list)
    refusals: int = 0
    lobby_id: int = 0
    #: Every move: `(seat, by CPU, played from a hand message, humans whose turn it began)`.
    log: list[tuple[int, bool, bool, list[int]]] = field(default_factory=list)
    #: Seats whose player takes the hand by DM.
    dm_seats: set[int] = field(default_factory=set)
    #: Seconds each move that did not find its player's controls at once waited for them (the
    #: table or hand not yet showing a turn the game had stored).
    control_waits: list[float] = field(default_factory=list)

    @classmethod
    async def start(
        cls,
        fake: TimedFake,
        db: Path | str,
        title: str,
        humans: list[User],
        cpus: int = 0,
        *,
        channel: Channel | None = None,
        dms: Collection[User] = (),
    ) -> Player:
        """Open a lobby (in `channel`, the first guild's by default), seat the humans and CPUs,
        start, and wait for the table. The users of `dms` first choose DM hands (/settings)."""
        for user in dms:
            await (await user.slash("settings", {"hand": "dm"})).response(20)
        if channel is None:
            lobby = await create_lobby(fake, humans[0], title, language="en")
        else:
            options = {"game": title, "language": "en"}
            inter = await humans[0].slash("newgame", options, channel=channel)
            await inter.response(20)
            lobby = await inter.wait_original(20)
        for user in humans[1:]:
            await lobby_click(fake, user, lobby, "join")
        for _ in range(cpus):
            await lobby_click(fake, humans[0], lobby, "cpu")
        await lobby_click(fake, humans[0], fake.message(lobby.id), "start")
        game_id = game_id_of(lobby)
        thread = await fake.wait_for(lambda: fake.thread_for(lobby), 20, "the game thread")
        hd = f"hd:{game_id}"
        await fake.wait_for(
            lambda: any(hd in m.custom_ids for m in fake.channel_messages(thread.id)),
            20,
            "the table",
        )
        seed, players, options, seats = await read_game_from(db, game_id)
        game = registry.get(title)
        state = game.new(players, seed=seed, options=game.options(options))
        by_id = {u.id: u for u in humans}
        player = cls(
            fake,
            db,
            title,
            game_id,
            thread.id,
            {s: by_id[uid] for s, uid in seats.items() if uid is not None},
            state,
        )
        player.lobby_id = lobby.id
        player.dm_seats = {s for s, u in player.users.items() if u in dms}
        player.find_table()
        return player

    def find_table(self) -> Message | None:
        """The current table message (the one with "Show my hand"), remembered by id."""
        if self.table_id is not None:
            message = self.fake.messages.get(self.table_id)
            if message is not None and not message.deleted:
                return message
        hd = f"hd:{self.game_id}"
        for message in reversed(self.fake.channel_messages(self.thread_id)):
            if hd in message.custom_ids:
                self.table_id = message.id
                return message
        return None

    def human_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if s in self.users]

    def catch_up(self, rows: list[tuple[int, int, str]] | None = None) -> int:
        """Apply the moves stored since our copy's version (CPU moves); how many. `rows`: those
        moves, already read (otherwise read from the SQLite file)."""
        if rows is None:
            assert isinstance(self.db, Path), "read PostgreSQL with catch_up_stored()"
            with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
                rows = db.execute(
                    "SELECT version, seat, action FROM actions WHERE game_id = ? AND version > ? "
                    "ORDER BY version",
                    (self.game_id, self.version),
                ).fetchall()
        game = registry.get(self.title)
        for version, seat, text in rows:
            assert version == self.version + 1, (version, self.version)
            self._apply(seat, game.Action.decode(text), by_cpu=True, on_hand=False)
        return len(rows)

    def _apply(self, seat: int, action: Any, *, by_cpu: bool, on_hand: bool) -> None:
        before = self.state.to_act()
        self.state.apply(seat, action)
        self.version += 1
        handed = [s for s in self.state.to_act() if s not in before and s in self.users]
        self.log.append((seat, by_cpu, on_hand, handed))

    async def catch_up_stored(self) -> int:
        """`catch_up` from the bot's database, SQLite or PostgreSQL."""
        if isinstance(self.db, Path):
            return self.catch_up()
        pool = await _postgres(self.db)
        rows = await pool.fetch(
            "SELECT version, seat, action FROM actions WHERE game_id = $1 AND version > $2 "
            "ORDER BY version",
            self.game_id,
            self.version,
        )
        return self.catch_up([tuple(row) for row in rows])

    def hand_message(self, seat: int) -> Message | None:
        """The seat's latest hand message: its DM hand, or the last ephemeral one it opened."""
        if seat in self.dm_seats:
            hd = f"hd:{self.game_id}:r"
            hands = [m for m in self.users[seat].dms() if hd in m.custom_ids]
            return hands[-1] if hands else None
        hand_id = self.hands.get(seat)
        return None if hand_id is None else self.fake.message(hand_id)

    def options(self, seat: int) -> list[Control]:
        """Legal moves for `seat` that a control on the table or its hand message plays."""
        legal = {a.encode() for a in self.state.legal_actions(seat)}
        found: list[Control] = []
        table = self.find_table()
        if table is not None:
            found += controls_for(
                table, self.game_id, range(self.version, self.version + 1), seat, legal
            )
        hand = self.hand_message(seat)
        if hand is not None:
            found += controls_for(hand, self.game_id, self.hand_versions(seat), seat, legal)
        return found

    def hand_versions(self, seat: int) -> range:
        """The versions a current hand's controls for `seat` may carry: the game's version, or
        while the seat chooses at the same time as others, one from before the others' choices
        made since the phase began (the bot's `Session.controls_version`)."""
        to_act = self.state.to_act()
        if seat not in to_act or len(to_act) < 2:
            return range(self.version, self.version + 1)
        return range(self.version - (self.state.players - len(to_act)), self.version + 1)

    async def open_hand(self, seat: int) -> Click:
        """ "Show my hand" on the table; remembers the ephemeral hand it brings up (a player
        with DM hands gets a short ephemeral note, and the hand in the DM)."""
        table = self.find_table()
        assert table is not None, "no table"
        inter = await self.users[seat].click(table, f"hd:{self.game_id}")
        response = await inter.response(10)
        assert response.message is not None and response.ephemeral, response
        if seat not in self.dm_seats:
            self.hands[seat] = response.message.id
        click = Click("hand", inter, seat)
        self.clicks.append(click)
        return click

    async def _stored(self, version: int, timeout: float = 15.0) -> None:
        """Wait until the bot's database holds `version` of this game."""
        deadline = time.monotonic() + timeout
        while True:
            if isinstance(self.db, Path):
                with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
                    (stored,) = db.execute(
                        "SELECT version FROM games WHERE id = ?", (self.game_id,)
                    ).fetchone()
            else:
                pool = await _postgres(self.db)
                stored = await pool.fetchval(
                    "SELECT version FROM games WHERE id = $1", self.game_id
                )
            if stored >= version:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"game {self.game_id}: version {version} never stored")
            await asyncio.sleep(0.05)

    def absorb(self) -> None:
        """After the bot has settled: a hand it brought up as a follow-up of the last move
        becomes that seat's hand, and the CPU moves it made are applied to our copy."""
        if self.clicks:
            last = self.clicks[-1]
            for message_id in last.inter.followup_ids:
                message = self.fake.messages.get(message_id)
                if message is not None and f"hd:{self.game_id}:r" in message.custom_ids:
                    self.hands[last.seat] = message_id
        self.catch_up()

    async def move(self, rng: random.Random, seat: int | None = None) -> Click:
        """Play one legal move for a human to act (opening the hand first if needed)."""
        if seat is None:
            seat = rng.choice(self.human_to_act())
        choices = self.options(seat)
        if not choices:
            await self.open_hand(seat)
            choices = self.options(seat)
        # A slow bot may not have edited the table yet for a turn it already stored: wait for
        # the controls as a person would, rather than call the turn unplayable.
        started = time.monotonic()
        deadline = started + 10
        while not choices and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            choices = self.options(seat)
        if time.monotonic() > started + 0.01:
            self.control_waits.append(time.monotonic() - started)
        if not choices:
            table = self.find_table()
            hand = self.hand_message(seat)
            raise AssertionError(
                f"{self.title} game {self.game_id} v{self.version}: no control for seat {seat}; "
                f"table {table.custom_ids if table else None}, "
                f"hand {hand.custom_ids if hand else None} "
                f"{hand.content[:200] if hand else ''!r}"
            )
        pick = rng.choice(choices)
        user = self.users[seat]
        if pick.preview is not None:
            # Pick in the confirming select first: the hand shows the Confirm button.
            shown = await user.select(pick.message, *pick.preview)
            await shown.response(10)
            pick.message = self.fake.message(pick.message.id)
        if pick.values is None:
            inter = await user.click(pick.message, pick.custom_id)
        else:
            inter = await user.select(pick.message, pick.custom_id, pick.values)
        response = await inter.response(10)
        on_hand = pick.message.ephemeral or pick.message.guild_id is None
        click = Click("move", inter, seat, on_hand=on_hand)
        self.clicks.append(click)
        if response.type == 6:
            # Acknowledged first (the game was busy), answered later: wait for the move.
            click.deferred = True
            await self._stored(self.version + 1)
            await self.catch_up_stored()
            return click
        text = response.message.content if response.message is not None else ""
        click.done_apart = response.type == 4 and text in MOVE_DONE_TEXTS
        if (response.type != 7 and not click.done_apart) or text.startswith("⚠️"):
            # A refusal: an ephemeral reason, or the fresh hand with the reason on top.
            self.refusals += 1
            raise AssertionError(f"move refused: {response.type} {text[:120]!r}")
        game = registry.get(self.title)
        self._apply(seat, game.Action.decode(pick.action), by_cpu=False, on_hand=click.on_hand)
        return click


#: Connections to the PostgreSQL databases read by `Player`s, by URL.
_pools: dict[str, asyncpg.Pool] = {}


async def _postgres(url: str) -> asyncpg.Pool:
    pool = _pools.get(url)
    if pool is None:
        pool = _pools[url] = await asyncpg.create_pool(url, min_size=1, max_size=4)
    return pool


async def close_databases() -> None:
    """Close the PostgreSQL connections `Player`s opened."""
    while _pools:
        _, pool = _pools.popitem()
        await pool.close()


async def read_game_from(
    db: Path | str, game_id: int
) -> tuple[int, int, dict[str, Any], dict[int, int | None]]:
    """`read_game` from the SQLite file or the PostgreSQL database at that URL."""
    if isinstance(db, Path):
        return read_game(db, game_id)
    pool = await _postgres(db)
    seed, players, options = await pool.fetchrow(
        "SELECT seed, players, options FROM games WHERE id = $1", game_id
    )
    rows = await pool.fetch("SELECT seat, user_id FROM seats WHERE game_id = $1", game_id)
    return seed, players, json.loads(options), {row["seat"]: row["user_id"] for row in rows}


def read_game(db: Path, game_id: int) -> tuple[int, int, dict[str, Any], dict[int, int | None]]:
    """`(seed, players, options, {seat: user id})` of a started game, from the bot's database."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        seed, players, options = conn.execute(
            "SELECT seed, players, options FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        seats = dict(conn.execute("SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)))
    return seed, players, json.loads(options), seats


def titles() -> list[str]:
    """Games the bot can host now: registered, with a renderer in `bot/render/`."""
    return [g.id for g in registry.all() if (ROOT / "bot" / "render" / f"{g.id}.py").exists()]
