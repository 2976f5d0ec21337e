"""Discord faults injected by the fake server: rate limits (per route and global), 500/502/503
on edits and sends, slow answers around the 3-second deadline, a gateway drop with RESUME and a
forced re-identify, and interactions delivered twice.

Players act only through the controls they are shown (`mv:`/`ms:` on the table or in their
hand, `hd:` to bring the hand up). Through every fault: each move the bot acknowledged is in its
action log when the answer arrives, no click is applied twice, a click answered with an error
changed nothing, and once Discord has recovered every table message shows what the renderer
makes of the stored state.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.i18n import messages as msg
from bot.publish.compose import context, table_payload
from bot.publish.publisher import Publisher
from bot.render import renderer_for
from bot.sandbox.fakediscord import FakeDiscord, Interaction, Message, User
from bot.sandbox.fakediscord.faults import CALLBACKS, EDITS, SENDS
from bot.sandbox.fakediscord.rest.messages import strip_none
from bot.session import Session
from games import registry
from games.core import Game
from tests.e2e.harness import (
    create_lobby,
    custom_id,
    game_id_of,
    legal_controls,
    lobby_click,
    make_bot,
)

CHANNEL_WRITES = frozenset(
    {"PATCH /channels/{channel_id}/messages/{message_id}", "POST /channels/{channel_id}/messages"}
)
#: Seconds a player waits for a hand that does not come before asking for it again.
HAND_RETRY = 4.0
REFUSAL_MARKS = ("⚠️", msg.ERROR_INTERNAL("en"))


def seating(game: Game) -> tuple[int, int]:
    """Humans and CPUs of `game` in the random-fault run: its smallest table, one seat a CPU
    (whose moves the bot publishes on its own, so faults hit those edits too)."""
    humans = max(1, game.min_players - 1)
    return humans, game.min_players - humans


# -- what a player sees -----------------------------------------------------------------------


def compose(prefix: str, values: list[str]) -> str:
    return ".".join([prefix, *values]) if prefix else ".".join(values)


def controls(
    message: Message | None, game_id: int, version: int, seat: int, legal: set[str]
) -> list[tuple[Message, str, list[str] | None]]:
    """The enabled controls of `message` that play a legal move for `seat` at `version`."""
    if message is None or message.deleted:
        return []
    return [(message, cid, v) for cid, v in legal_controls(message, game_id, version, seat, legal)]


def shown_embeds(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Embeds as a user sees them (without the fields Discord adds on its side, nor the empty
    ones a client leaves out, as the fake server stores them)."""
    out = []
    for embed in strip_none(embeds):
        embed.pop("content_scan_version", None)
        embed.pop("type", None)
        # The picture: a new upload (and URL) with every edit; tests/bot/test_pictures.py and
        # tests/e2e/test_pictures_e2e.py check what it shows.
        embed.pop("image", None)
        out.append(embed)
    return out


def component_ids(components: list[dict[str, Any]]) -> list[tuple[str, bool]]:
    found: list[tuple[str, bool]] = []

    def walk(nodes: list[Any]) -> None:
        for node in nodes:
            if node.get("custom_id"):
                found.append((node["custom_id"], bool(node.get("disabled"))))
            walk(node.get("components") or [])

    walk(components)
    return found


# -- the run ------------------------------------------------------------------------------------


@dataclass
class Click:
    """One click a player made, and how the bot answered it."""

    game_id: int
    version: int
    seat: int
    action: str
    inter: Interaction
    outcome: str = "pending"  # accepted | refused | unanswered
    duplicated: bool = False
    #: The version its move produced (found in the action log when the answer arrived).
    applied_at: int | None = None


@dataclass
class Run:
    """One game being played on the fake server."""

    game: str
    game_id: int
    thread_id: int
    users: dict[int, User]
    session: Session
    #: The players' choices (one generator per game, so each game's clicks replay).
    rng: random.Random
    #: The bot's publisher, which knows the game's table message while it is in play.
    publisher: Publisher
    #: When each seat last asked for its hand, and at which version.
    hand_asked: dict[int, tuple[int, float]] = field(default_factory=dict)

    def table_message_id(self) -> int | None:
        """The game's table message: as the publisher knows it, or once the game is over (the
        publisher then forgets it) as last stored."""
        known = self.publisher.table_message_id(self.game_id)
        return known if known is not None else self.session.record.table_message_id

    @property
    def over(self) -> bool:
        return self.session.record.status != "playing"


class Players:
    """Drives games as their players would, under whatever faults the fake injects."""

    def __init__(self, fake: FakeDiscord, bot: GameBot, seed: int) -> None:
        self.fake = fake
        self.bot = bot
        self.seed = seed
        self.clicks: list[Click] = []
        #: `(game id, version)` of each human move → the acknowledged click that made it.
        self.claimed: dict[tuple[int, int], Click] = {}
        self.runs: list[Run] = []
        self.duplicate_rate = 0.0
        self._names = 0

    # -- setting up ---------------------------------------------------------------------------

    def user(self, tag: str) -> User:
        self._names += 1
        return self.fake.add_user(f"{tag}{self._names}", locale="en-US")

    async def start(self, game: str, humans: int, cpus: int, *, dm: bool = False) -> Run:
        """Lobby → joins → CPUs → Start, as the host and the other players would. With `dm`,
        the last player chose to get the hand by DM."""
        people = [self.user(game[:4].title()) for _ in range(humans)]
        if dm:
            inter = await people[-1].slash("settings", {"hand": "dm"})
            await inter.response()
        lobby = await create_lobby(self.fake, people[0], game, language="en")
        for person in people[1:]:
            await lobby_click(self.fake, person, lobby, "join")
        for _ in range(cpus):
            await lobby_click(self.fake, people[0], lobby, "cpu")
        await lobby_click(self.fake, people[0], self.fake.message(lobby.id), "start")
        game_id = game_id_of(lobby)
        session = await self.fake.wait_for(
            lambda: self.bot.sessions._live.get(game_id), 10, "the game to start"
        )
        await self.fake.wait_for(
            lambda: self.bot.publisher.table_message_id(game_id) is not None, 10, "the table"
        )
        users = {s.seat: people[i] for i, s in enumerate(session.record.seats) if not s.is_cpu}
        rng = random.Random(f"{self.seed}:{game}:{len(self.runs)}")
        run = Run(
            game, game_id, session.record.play_channel_id, users, session, rng, self.bot.publisher
        )
        self.runs.append(run)
        return run

    # -- clicking -----------------------------------------------------------------------------

    async def connected(self) -> None:
        """Wait while the gateway is down (Discord delivers nothing during a re-identify)."""
        await self.fake.wait_for(
            lambda: any(s.connection is not None for s in self.fake._live_sessions()),
            15,
            "a gateway session",
        )

    async def press(
        self, user: User, message: Message, cid: str, values: list[str] | None
    ) -> Interaction:
        await self.connected()
        if values is None:
            return await user.click_raw(message.id, message.channel_id, cid)
        return await user.click_raw(message.id, message.channel_id, cid, 3, values=values)

    def answers(self, inter: Interaction) -> list[dict[str, Any]]:
        """Every message body the bot got accepted for this interaction, in order."""
        bodies = []
        if inter.callback is not None and inter.callback.data:
            bodies.append(inter.callback.data)
        prefix = f"/api/v10/webhooks/{self.fake.application_id}/{inter.token}"
        for record in self.fake.requests:
            ok = record.path.startswith(prefix) and 200 <= record.status < 300
            if ok and isinstance(record.json, dict):
                bodies.append(record.json)
        return bodies

    def followed_up(self, inter: Interaction) -> bool:
        prefix = f"/api/v10/webhooks/{self.fake.application_id}/{inter.token}"
        return any(
            r.path.startswith(prefix) and 200 <= r.status < 300 and r.method in ("POST", "PATCH")
            for r in self.fake.requests
        )

    async def settle(self, inter: Interaction, timeout: float = 20.0) -> str:
        """Wait for the bot's answer (after a deferral, for what follows it) and classify it."""
        try:
            await inter.response(timeout)
        except AssertionError:
            return "unanswered"
        if inter.response_type in (5, 6):
            await self.fake.wait_for(
                lambda: self.followed_up(inter), timeout, f"the answer after deferring {inter!r}"
            )
        texts = [str(body.get("content") or "") for body in self.answers(inter)]
        if any(mark in text for text in texts for mark in REFUSAL_MARKS):
            return "refused"
        return "accepted"

    async def log_rows(self, game_id: int) -> list[tuple[int, int, str, int]]:
        """The game's action log as `(version, seat, action, by_cpu)`, read in one call to the
        store's database thread (see `SqliteStore._direct`)."""
        rows = await self.bot.store.db.execute_fetchall(
            "SELECT version, seat, action, by_cpu FROM actions WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def claim(self, click: Click, rows: list[tuple[int, int, str, int]]) -> bool:
        """Pair `click` with the first unpaired human move of the log it can have made (a
        control made at `version` plays at a later version, right after it or, in a
        simultaneous phase, after other seats' choices)."""
        for version, seat, action, by_cpu in rows:
            key = (click.game_id, version)
            if (
                not by_cpu
                and version > click.version
                and (seat, action) == (click.seat, click.action)
                and key not in self.claimed
            ):
                self.claimed[key] = click
                click.applied_at = version
                return True
        return False

    async def check_click(self, click: Click) -> None:
        """An acknowledged move is on disk when its answer arrives."""
        if click.outcome != "accepted":
            return
        rows = await self.log_rows(click.game_id)
        assert self.claim(click, rows), (
            f"game {click.game_id}: acknowledged move {click.action!r} of seat {click.seat} "
            f"(control of version {click.version}) is not in the action log"
        )

    async def play(
        self, user: User, run: Run, choice: tuple[Message, str, list[str] | None]
    ) -> Click:
        message, cid, values = choice
        parts = cid.split(":")
        version, seat = int(parts[2]), int(parts[3])
        action = cid.split(":", 4)[4] if values is None else compose(parts[5], values)
        if cid.startswith("mk:"):
            # A confirming select only shows the pick back: the move is its Confirm button.
            cid, values = f"mv:{run.game_id}:{version}:{seat}:{action}", None
        inter = await self.press(user, message, cid, values)
        click = Click(run.game_id, version, seat, action, inter)
        self.clicks.append(click)
        if self.duplicate_rate and run.rng.random() < self.duplicate_rate:
            click.duplicated = True
            if run.rng.random() < 0.5:
                await self.connected()  # Discord delivers to a connected gateway only
                await self.fake.faults.redeliver(inter)  # while the first is being handled
                click.outcome = await self.settle(inter)
            else:
                click.outcome = await self.settle(inter)
                await self.connected()
                await self.fake.faults.redeliver(inter)  # after the answer
        else:
            click.outcome = await self.settle(inter)
        await self.check_click(click)
        return click

    # -- finding a move -----------------------------------------------------------------------

    def table(self, run: Run) -> Message | None:
        message_id = run.table_message_id()
        return None if message_id is None else self.fake.messages.get(message_id)

    def hand(self, run: Run, seat: int) -> Message | None:
        """The latest hand message the seat's player was shown (ephemeral, or by DM)."""
        user = run.users[seat]
        hands = [m for m in user.ephemerals() + user.dms() if f"hd:{run.game_id}:r" in m.custom_ids]
        return max(hands, key=lambda m: m.id) if hands else None

    async def find(
        self, run: Run, seat: int, version: int, timeout: float = 25.0
    ) -> tuple[Message, str, list[str] | None] | None:
        """A control for a legal move of `seat` at `version`, from the table or the hand
        (asking for the hand when needed); None if the game moved on meanwhile."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            session = run.session
            if session.version != version or run.over:
                return None
            legal = {a.encode() for a in session.state.legal_actions(seat)}
            found = controls(self.table(run), run.game_id, version, seat, legal)
            # A hand's controls carry the seat's own version (`Session.controls_version`).
            label = session.controls_version(seat)
            found += controls(self.hand(run, seat), run.game_id, label, seat, legal)
            if found:
                return run.rng.choice(found)
            table = self.table(run)
            show = f"hd:{run.game_id}"
            visible = table is not None and not table.deleted and show in table.custom_ids
            asked = run.hand_asked.get(seat)
            # Ask for the hand once per version; ask again, as a player would, when an answer
            # lost to an injected fault left nothing to click for a while.
            stale = asked is None or asked[0] != version or loop.time() - asked[1] > HAND_RETRY
            if stale and visible:
                run.hand_asked[seat] = (version, loop.time())
                await self.settle(await self.press(run.users[seat], table, show, None))
                continue
            if loop.time() > deadline:
                shown = (
                    sorted({c.split(":")[2] for c in table.custom_ids if c[:3] in ("mv:", "ms:")})
                    if table
                    else None
                )
                raise AssertionError(
                    f"{run.game} game {run.game_id}: seat {seat} finds no control for version "
                    f"{version}; the table shows versions {shown}"
                )
            await asyncio.sleep(0.05)

    async def step(self, run: Run) -> None:
        """One move of the game: a human's click, or waiting for a CPU."""
        session = run.session
        version = session.version
        pause = session.pause
        if pause is not None and pause.waiting:
            # A page turned: a player who has not read its summary presses the table's Next
            # (answered quietly; one lost to a fault is pressed again at the next step).
            seat = min(pause.waiting)
            table = self.table(run)
            next_id = f"np:{run.game_id}:{pause.version}"
            if table is None or next_id not in table.custom_ids:
                await asyncio.sleep(0.05)  # the table shows it in a moment
                return
            with contextlib.suppress(AssertionError):
                await (await self.press(run.users[seat], table, next_id, None)).response()
            return
        humans = session.human_seats(session.state.to_act())
        if not humans:
            await self.fake.wait_for(
                lambda: session.version != version or run.over, 30, f"a CPU move in {run.game}"
            )
            return
        seat = run.rng.choice(humans)
        choice = await self.find(run, seat, version)
        if choice is not None:
            await self.play(run.users[seat], run, choice)

    async def play_out(self, run: Run, until: Callable[[], bool] | None = None) -> None:
        while not run.over and not (until is not None and until()):
            await self.step(run)

    # -- checks -----------------------------------------------------------------------------

    def table_problems(self, run: Run) -> list[str]:
        """How the table message differs from what the renderer makes of the current state."""
        message = self.table(run)
        if message is None or message.deleted:
            return [f"{run.game} game {run.game_id}: no table message"]
        # The server shows pictures (the default): the table's text is the brief one.
        expected = table_payload(run.session, pictures=True)
        view = expected.view
        assert view is not None
        want_embeds = shown_embeds([e.to_dict() for e in expected.embeds])
        want_ids = component_ids(view.to_components())
        problems = []
        if shown_embeds(message.embeds) != want_embeds:
            problems.append(f"{run.game} game {run.game_id}: the table embed is not current")
        if component_ids(message.components) != want_ids:
            problems.append(f"{run.game} game {run.game_id}: the table controls are not current")
        if (message.content or "") != (expected.content or ""):
            problems.append(f"{run.game} game {run.game_id}: the table text is not current")
        return problems

    async def verify(self) -> int:
        """Every invariant over every game; returns the number of moves checked."""
        checked = 0
        for run in self.runs:
            game = registry.get(run.game)
            async with run.session.lock:  # no move of this game in between (CPUs go on)
                record = await self.bot.store.get(run.game_id)
                rows = await self.log_rows(run.game_id)
                state = run.session.state.snapshot()
            assert record is not None
            assert [r[0] for r in rows] == list(range(1, record.version + 1))
            replay = game.replay(
                len(record.seats),
                record.seed,
                record.options,
                [(seat, action) for _, seat, action, _ in rows],
            )
            assert replay.snapshot() == record.snapshot == state
            assert all(record.seats[seat].is_cpu for _, seat, _, by_cpu in rows if by_cpu)
            clicks = [c for c in self.clicks if c.game_id == run.game_id]
            # Each acknowledged click made exactly one move of the log (paired when answered).
            for click in clicks:
                if click.outcome == "accepted":
                    assert self.claimed.get((run.game_id, click.applied_at or -1)) is click
            # Every other human move comes from a click whose answer never arrived (a move
            # can stand though its answer was lost); one that was answered with an error, or
            # a second application of a click, would be left over here.
            for click in clicks:
                if click.outcome == "unanswered":
                    self.claim(click, rows)
            extra = [
                (version, seat, action)
                for version, seat, action, by_cpu in rows
                if not by_cpu and (run.game_id, version) not in self.claimed
            ]
            refused = {(c.seat, c.action) for c in clicks if c.outcome == "refused"}
            assert not extra, (
                f"{run.game} game {run.game_id}: moves no acknowledged click made: {extra}"
                + (" (answered with an error)" if {e[1:] for e in extra} & refused else "")
            )
            checked += len(rows)
        return checked

    async def wait_final(self, run: Run) -> None:
        """Wait for the game's final breakdown: the publisher posts it after the game's last
        move, once the table shows that move (with its picture drawn) and the ping is gone,
        so it can arrive a moment after the move's answer."""
        await self.fake.wait_for(lambda: self.finals(run), 20, f"the final message of {run.game}")

    def finals(self, run: Run) -> list[Message]:
        """The messages of the game's thread that show its final breakdown."""
        renderer = renderer_for(run.game)
        want = shown_embeds([e.to_dict() for e in renderer.final(context(run.session))])
        return [
            m for m in self.fake.channel_messages(run.thread_id) if shown_embeds(m.embeds) == want
        ]

    async def wait_tables_current(self, timeout: float = 20.0) -> None:
        """Once Discord has recovered, every table catches up with its game."""
        try:
            await self.fake.wait_for(
                lambda: not any(self.table_problems(run) for run in self.runs),
                timeout,
                "the tables to show the current state",
            )
        except AssertionError:
            problems = [p for run in self.runs for p in self.table_problems(run)]
            raise AssertionError("tables not current: " + "; ".join(problems)) from None


def answer_delay(fake: FakeDiscord, inter: Interaction) -> float:
    """Seconds from the dispatch of an interaction to the bot's first answer reaching Discord."""
    first = next(r for r in fake.requests if f"/interactions/{inter.id}/" in r.path)
    assert inter.dispatched_at is not None
    return first.at - inter.dispatched_at


def records_of(fake: FakeDiscord, kind: str) -> Iterator[Any]:
    return (r for r in fake.requests if r.fault is not None and r.fault.kind == kind)


def report(name: str, fake: FakeDiscord, players: Players, moves: int, extra: str = "") -> None:
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(fake.faults.counts.items()))
    clicks = Counter(c.outcome for c in players.clicks)
    line = (
        f"discord faults ({name}): {fake.faults.total} faults injected ({kinds}); "
        f"{moves} moves checked; {len(players.clicks)} clicks "
        f"({clicks['accepted']} acknowledged, {clicks['refused']} refused, "
        f"{clicks['unanswered']} unanswered); {len(players.runs)} games{extra}"
    )
    print(line)


@asynccontextmanager
async def running_bot(fake: FakeDiscord, tmp_path: Path, seed: int) -> AsyncIterator[Players]:
    """A bot running on `fake` (its database in `tmp_path`, its games seeded from `seed`), and
    the `Players` who drive its games (their choices drawn from the same seed)."""
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=seed, cpu_delay=0.0)
    async with fake.run_bot(bot):
        yield Players(fake, bot, seed)


def table_of(run: Run) -> Callable[[Any], bool]:
    """Requests that edit this game's table."""
    return lambda record: record.path.endswith(f"/messages/{run.table_message_id()}")


def in_thread(run: Run) -> Callable[[Any], bool]:
    return lambda record: f"/channels/{run.thread_id}/" in record.path


# -- targeted faults ----------------------------------------------------------------------------


async def test_rate_limits_per_route_and_global(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with running_bot(fake, tmp_path, 11) as players:
        run = await players.start("kasane", 2, 1)
        route = fake.faults.add("429", routes=EDITS, times=3, retry_after=0.4, when=table_of(run))
        shared = fake.faults.add("429", routes=SENDS, times=1, retry_after=0.3, when=in_thread(run))
        await players.play_out(run, until=lambda: route.used >= 3 and shared.used >= 1)
        glob = fake.faults.add("429_global", routes=CHANNEL_WRITES, times=1, retry_after=0.8)
        await players.play_out(run, until=lambda: glob.used >= 1)
        played = len(players.clicks)
        await players.play_out(run, until=lambda: len(players.clicks) >= played + 3)
        fake.faults.stop()
        limited = list(records_of(fake, "429")) + list(records_of(fake, "429_global"))

        def retried() -> bool:
            return all(
                any(
                    r.path == record.path and r.method == record.method and r.at > record.at
                    for r in fake.requests
                )
                for record in limited
            )

        # A request limited just now is sent again once its `retry_after` has passed.
        await fake.wait_for(retried, 10, "the limited requests sent again")
        # discord.py waited `retry_after` and sent the same request again, which landed.
        for record in limited:
            later = [
                r
                for r in fake.requests
                if r.path == record.path and r.method == record.method and r.at > record.at
            ]
            assert later, record
            assert later[0].at - record.at >= record.fault.retry_after - 0.05
            assert next(r for r in later if r.fault is None).status < 300
            assert record.response["retry_after"] == record.fault.retry_after
        # The global limit held back every other REST request while it lasted, but no
        # interaction answer (those are not under the global limit).
        hit = next(records_of(fake, "429_global"))
        window = [
            r
            for r in fake.requests
            if hit.at < r.at < hit.at + hit.fault.retry_after - 0.05
            and "/interactions/" not in r.path
            and "/webhooks/" not in r.path
        ]
        assert window == [], window
        await players.wait_tables_current()
        await players.play_out(run)
        moves = await players.verify()
    report("rate limits", fake, players, moves)


async def test_server_errors_on_edits_and_sends(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with running_bot(fake, tmp_path, 12) as players:
        # A 503 on the very first table post: the game must still get its table.
        first = fake.faults.add("503", routes=SENDS, times=1, when=lambda r: "/channels/" in r.path)
        run = await players.start("kasane", 2, 1)
        assert first.used == 1
        # 500 and 502 are retried by discord.py itself (after 1 s): the edit lands.
        retried = fake.faults.add("500", routes=EDITS, times=1, when=table_of(run))
        bad_gateway = fake.faults.add("502", routes=SENDS, times=1, when=in_thread(run))
        await players.play_out(run, until=lambda: retried.used and bad_gateway.used)
        # 503 is final: edits of the table fail three times in a row, then a ping fails.
        failed = fake.faults.add("503", routes=EDITS, times=3, when=table_of(run))
        ping = fake.faults.add("503", routes=SENDS, times=1, when=in_thread(run))
        await players.play_out(run, until=lambda: failed.used >= 3 and ping.used >= 1)
        played = len(players.clicks)
        await players.play_out(run, until=lambda: len(players.clicks) >= played + 4)
        fake.faults.stop()
        for kind in ("500", "502"):
            record = next(records_of(fake, kind))
            later = [r for r in fake.requests if r.path == record.path and r.at > record.at]
            # discord.py sent it again a second later (that one may have met another fault).
            assert later and later[0].method == record.method
            assert later[0].at - record.at >= 0.95
            assert later[0].status < 300 or later[0].fault is not None
        await players.wait_tables_current()
        await players.play_out(run)
        moves = await players.verify()
        await players.wait_final(run)
        assert len(players.finals(run)) == 1
    report("server errors", fake, players, moves)


async def test_slow_edits_never_delay_an_answer(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with running_bot(fake, tmp_path, 13) as players:
        slow_run = await players.start("kasane", 2, 1)
        other = await players.start("take_and_share", 2, 1)
        # Every edit of the first game's table takes 2.5-3.5 s to land, and callbacks are
        # answered late: the bot still answers every click within Discord's 3 seconds, and
        # the other game's players do not wait behind those edits at all.
        slow = fake.faults.add(
            "slow", routes=EDITS, times=3, delay=(2.5, 3.5), when=table_of(slow_run)
        )
        late = fake.faults.add("slow_answer", routes=CALLBACKS, times=4, delay=(1.0, 2.0))

        def enough() -> bool:
            return slow.used >= 3 and late.used >= 4

        await asyncio.gather(
            players.play_out(other, until=enough), players.play_out(slow_run, until=enough)
        )
        fake.faults.stop()
        slow_edits = list(records_of(fake, "slow"))
        # Clicks of the other game were answered at once while those edits were in flight.
        during = [
            c
            for c in players.clicks
            if c.game_id == other.game_id
            and c.inter.dispatched_at is not None
            and any(r.at <= c.inter.dispatched_at <= r.at + r.fault.delay for r in slow_edits)
        ]
        assert during, "no click of the other game overlapped a slow edit"
        assert max(answer_delay(fake, c.inter) for c in during) < 1.0
        await players.wait_tables_current()
        moves = await players.verify()
    fake.check_deadlines()
    assert fake.take_violations("late_response") == [] and fake.take_violations("no_") == []
    slowest = max(answer_delay(fake, c.inter) for c in players.clicks)
    report("slow answers", fake, players, moves, f"; slowest first answer {slowest:.2f}s")


async def test_slow_dms_and_table_edits_never_delay_other_answers(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Answers that come with other Discord work (a hand sent by DM, a seat handed to a CPU,
    an abandoned game) still reach Discord within its 3 seconds when that work is slow."""
    fake = fake_discord
    async with running_bot(fake, tmp_path, 16) as players:
        run = await players.start("kasane", 3, 0, dm=True)
        host, dm_player = run.users[0], run.users[2]
        dms = {fake._dm_channel(dm_player.id).id}
        slow_dms = fake.faults.add(
            "slow",
            routes=EDITS | SENDS,
            times=None,
            delay=3.2,
            when=lambda r: any(f"/channels/{c}/" in r.path for c in dms),
        )
        table = players.table(run)
        assert table is not None
        asked = await players.press(dm_player, table, f"hd:{run.game_id}", None)
        assert await players.settle(asked) == "accepted"
        assert asked.response_type == 5  # acknowledged first, the hand followed by DM
        await fake.wait_for(lambda: dm_player.dms(), 10, "the hand by DM")
        slow_dms.times = slow_dms.used
        # The table's edits are slow: the host hands a seat to a CPU, then abandons the game
        # while that table edit is still on its way. The edit is the publisher's, outside the
        # game's lock: it holds nothing, and both commands are answered at once.
        fake.faults.add("slow", routes=EDITS, times=2, delay=3.2, when=table_of(run))
        replace = await host.slash("game replace", {"player": run.users[1]}, channel=run.thread_id)
        assert (await replace.response(8)).type == 4
        ask = await host.slash("game abandon", channel=run.thread_id)
        question = (await ask.response(8)).message
        assert question is not None and question.ephemeral  # asked once, privately
        abandon = await host.click(question, f"ab:{run.game_id}")
        assert (await abandon.response(8)).type == 7  # not held behind the slow edit
        await fake.wait_for(lambda: run.over, 10, "the game to be abandoned")
        slowest = max(answer_delay(fake, i) for i in (asked, replace, ask, abandon))
        assert slowest < 3.0, slowest
        fake.faults.stop()
        moves = await players.verify()
    report("slow DMs and commands", fake, players, moves, f"; slowest first answer {slowest:.2f}s")


async def test_gateway_drop_and_reidentify_mid_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_bot(fake, tmp_path, 14) as players:
        run = await players.start("take_and_share", 2, 1)
        await players.play_out(run, until=lambda: len(players.clicks) >= 4)
        # A click made while the connection is down is replayed on RESUME and answered.
        session = run.session
        seat = next(iter(session.human_seats(session.state.to_act())), None)
        await fake.drop_gateway(4000)
        fake.faults.counts["gateway_resume"] += 1
        if seat is not None:
            choice = await players.find(run, seat, session.version)
            if choice is not None:
                message, cid, values = choice
                if cid.startswith("mk:"):
                    parts = cid.split(":")
                    cid = f"mv:{parts[1]}:{parts[2]}:{parts[3]}:{compose(parts[5], values or [])}"
                    values = None
                inter = await run.users[seat].click_raw(
                    message.id, message.channel_id, cid, 3 if values else 2, values=values
                )
                parts = cid.split(":")
                action = cid.split(":", 4)[4] if values is None else compose(parts[5], values)
                click = Click(run.game_id, int(parts[2]), seat, action, inter)
                players.clicks.append(click)
                click.outcome = await players.settle(inter)
                await players.check_click(click)
                assert click.outcome == "accepted"
        await fake.wait_for(lambda: fake.gateway.resumes >= 1, 10, "a RESUME")
        await players.play_out(run, until=lambda: len(players.clicks) >= 10)
        await fake.faults.force_reidentify()
        await players.play_out(run, until=lambda: len(players.clicks) >= 16)
        await fake.faults.drop_gateway()
        await players.play_out(run)
        assert fake.gateway.identifies == 2 and fake.gateway.resumes >= 2
        await players.wait_tables_current()
        moves = await players.verify()
    report("gateway", fake, players, moves)


async def test_an_interaction_delivered_twice_applies_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_bot(fake, tmp_path, 15) as players:
        # A command delivered twice runs once; a lobby click delivered twice changes it once.
        host, guest = players.user("Host"), players.user("Guest")
        newgame = await host.slash("newgame", {"game": "kasane", "language": "en"})
        await fake.faults.redeliver(newgame)
        await newgame.response()
        lobby = await newgame.wait_original()
        await asyncio.sleep(0.3)
        assert [r.id for r in await players.bot.store.games(statuses=("lobby",))] == [
            game_id_of(lobby)
        ]
        join = await guest.click(lobby, custom_id(lobby, r"lb:\d+:join"))
        await fake.faults.redeliver(join)
        await join.response()
        cpu = await host.click(lobby, custom_id(lobby, r"lb:\d+:cpu"))
        await cpu.response()
        await fake.faults.redeliver(cpu)
        await asyncio.sleep(0.3)
        record = await players.bot.store.get(game_id_of(lobby))
        assert record is not None and len(record.seats) == 3, record.seats
        # Moves: every click is delivered twice, half of them while the first is handled.
        players.duplicate_rate = 1.0
        run = await players.start("gogyo", 2, 0)
        await players.play_out(run, until=lambda: len(players.clicks) >= 30)
        players.duplicate_rate = 0.0
        await asyncio.sleep(0.3)
        moves = await players.verify()
        accepted = [c for c in players.clicks if c.outcome == "accepted"]
        assert len(accepted) >= 20
        human_rows = [
            r
            for r in await players.bot.store.actions(run.game_id)
            if not run.session.record.seats[r[1]].is_cpu
        ]
        assert len(human_rows) == len(accepted)
        await players.wait_tables_current()
    # The bot answered each interaction once: no second answer met Discord's 40060.
    assert fake.faults.take_expected_violations() == []
    report("duplicates", fake, players, moves)


# -- whole games under a random schedule ---------------------------------------------------------

RANDOM_PLAN: list[tuple[str, frozenset[str], float, dict[str, Any]]] = [
    ("429", EDITS | SENDS, 0.03, {"retry_after": (0.05, 0.6)}),
    ("429_global", CHANNEL_WRITES, 0.008, {"retry_after": (0.05, 0.4)}),
    ("500", CHANNEL_WRITES, 0.005, {}),
    ("502", CHANNEL_WRITES, 0.005, {}),
    ("503", EDITS | SENDS, 0.025, {}),
    ("slow", EDITS | SENDS, 0.02, {"delay": (0.2, 3.2)}),
    ("slow_answer", CALLBACKS, 0.03, {"delay": (0.2, 1.5)}),
    ("bucket_exhausted", EDITS | SENDS, 0.02, {"retry_after": (0.1, 0.5)}),
]


async def test_whole_games_under_random_faults(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    seed = 2024
    games = [game.id for game in registry.all()]
    async with running_bot(fake, tmp_path, seed) as players:
        # Every third game's players read their hands in DMs.
        runs = [
            await players.start(game.id, *seating(game), dm=number % 3 == 2)
            for number, game in enumerate(registry.all())
        ]
        fake.faults.seed(seed)
        for kind, routes, probability, params in RANDOM_PLAN:
            fake.faults.add(kind, routes=routes, times=None, probability=probability, **params)
        players.duplicate_rate = 0.06
        done = asyncio.Event()

        async def gateway_trouble() -> None:
            rng = random.Random(seed)
            while not done.is_set():
                try:
                    await asyncio.wait_for(done.wait(), rng.uniform(2.0, 5.0))
                except TimeoutError:
                    if rng.random() < 0.6:
                        await fake.faults.drop_gateway()
                    else:
                        await fake.faults.force_reidentify()

        trouble = asyncio.create_task(gateway_trouble())
        try:
            await asyncio.gather(*(players.play_out(run) for run in runs))
        finally:
            done.set()
            await trouble
        fake.faults.stop()
        players.duplicate_rate = 0.0
        await players.wait_tables_current()
        moves = await players.verify()
        for run in runs:
            await players.wait_final(run)
            assert len(players.finals(run)) == 1, f"{run.game}: not one final message"
    fake.faults.take_expected_violations()
    assert fake.faults.counts["gateway_resume"] + fake.faults.counts["gateway_reidentify"] >= 2
    assert fake.faults.total >= 40 and len(fake.faults.counts) >= 8, fake.faults.counts
    report("random schedule", fake, players, moves, f" ({', '.join(games)}), seed {seed}")
