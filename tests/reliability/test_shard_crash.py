"""Crash consistency across processes: two bot processes on four shards share one PostgreSQL
database, and one of them at a time is killed with SIGKILL while people play, then restarted.

The games are spread over two guilds: one on shard 1, whose games belong to the process running
shards 0–1, and one on shard 3, whose games belong to the process running shards 2–3 (the owner:
lobby, table, CPU turns, publishing). Every player takes their hand by DM, and Discord sends DM
clicks to shard 0, so the moves of the second guild's games are applied by the process that does
not own them, those of the first guild's by their owner. Players click moves on their DM hands
(and on the table when the hand does not show them); the processes are killed alternately at
random moments, each kill followed by a restart. Checked after every restart and at the end:

- every move a process acknowledged (the click answered with the updated hand or table) is
  stored at the version after the one its control was made for, with that action by that seat;
- versions are 1..n, no gap, none twice; each game's snapshot and result equal a replay of its
  action log from the seed;
- every game is played to its end;
- each game's CPU moves were stored by its owner only, each once (the processes log them), and
  every message posted or edited in its thread came from its owner (the fake server records the
  User-Agent, which each process labels), and each process did both for its own games.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.sandbox import botproc
from bot.sandbox.fakediscord import FakeDiscord, Message, RequestRecord, User
from bot.storage.postgres import PostgresStore
from games import registry
from tests.e2e.harness import dm_hand, game_id_of, lobby_click, move_buttons

SEED = 2112
KILLS = 10
GAMES = 4
SHARDS = 4
#: The two guilds' shards: one owned by each process.
GUILD_SHARDS = (1, 3)
TITLE = "kasane"


@dataclass
class Ack:
    game_id: int
    version: int  # the version the move was stored as
    seat: int
    action: str


class Process:
    """One bot process running some of the shards."""

    def __init__(self, fake: FakeDiscord, url: str, tmp: Path, shards: str) -> None:
        self.fake, self.url, self.shards = fake, url, shards
        self.label = f"shards-{shards}"
        self.ids = {int(n) for n in shards.split("-")}
        self.ids = set(range(min(self.ids), max(self.ids) + 1))
        self.log = tmp / f"bot-{shards}.log"
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.proc = await botproc.spawn(
            self.fake,
            self.log.with_suffix(".sqlite3"),
            self.log,
            seed=SEED,
            own_group=True,
            args=[
                "--database-url",
                self.url,
                "--shard-count",
                str(SHARDS),
                "--shard-ids",
                self.shards,
                "--label",
                self.label,
            ],
        )
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 120)
        assert line.strip() == b"ready", self.log.read_text(errors="replace")[-3000:]

    async def kill(self) -> None:
        assert self.proc is not None
        # The whole process group: the bot and the CPU pool's processes it started (killed
        # alone, those would live on, holding its stdout open).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        while self.proc.returncode is None:
            await asyncio.sleep(0.02)
        assert self.proc.returncode == -signal.SIGKILL
        # Its sessions will never be resumed: the fake stops routing events to them.
        for session in self.fake._sessions:
            if session.shard is not None and session.shard[0] in self.ids:
                session.resumable = False

    def errors(self) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if "ERROR" in line or "Traceback" in line]

    def cpu_moves(self) -> list[tuple[int, int]]:
        """`(game, version)` of every CPU move this process stored, over all its runs."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [
            (int(game), int(version))
            for _, game, version in (
                line.split() for line in text.splitlines() if line.startswith("cpu-move ")
            )
        ]

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % SHARDS in self.ids

    def sent(self, request: RequestRecord) -> bool:
        return request.user_agent.endswith(f" process/{self.label}")


def table(fake: FakeDiscord, game_id: int, thread_id: int) -> Message | None:
    found = [m for m in fake.channel_messages(thread_id) if f"hd:{game_id}" in m.custom_ids]
    return found[-1] if found else None


async def verify(store: PostgresStore, acks: list[Ack]) -> int:
    """The checks of the module's docstring on the database as it is; the moves checked."""
    moves = 0
    game = registry.get(TITLE)
    for record in await store.games(statuses=("playing", "finished")):
        # The other process may be storing moves meanwhile: the log up to the version read.
        actions = [row for row in await store.actions(record.id) if row[0] <= record.version]
        assert [v for v, _, _ in actions] == list(range(1, record.version + 1)), record.id
        state = game.new(len(record.seats), seed=record.seed)
        for _, seat, text in actions:
            state.apply(seat, game.Action.decode(text))
        assert state.snapshot() == record.snapshot, f"game {record.id}: snapshot ≠ replay"
        if record.status == "finished":
            assert state.result().model_dump(mode="json") == await store.result(record.id)
        stored = {v: (seat, text) for v, seat, text in actions}
        for ack in acks:
            # At the version after the control's, or a little later in a simultaneous phase.
            window = range(ack.version, ack.version + len(record.seats))
            if ack.game_id == record.id:
                assert any(stored.get(v) == (ack.seat, ack.action) for v in window), f"lost: {ack}"
        moves += len(actions)
    return moves


def check_owners(
    fake: FakeDiscord,
    processes: tuple[Process, Process],
    games: list[tuple[int, int, dict[int, User]]],
    guild_of: dict[int, int],
    stored: dict[int, dict[int, int]],
) -> None:
    """The last check of the module's docstring. `stored`: game -> version -> seat."""
    cpu_moves = [move for process in processes for move in process.cpu_moves()]
    assert len(cpu_moves) == len(set(cpu_moves)), "a CPU move stored twice"
    for process in processes:
        other = processes[1] if process is processes[0] else processes[0]
        mine = [(g, t) for g, t, _ in games if process.owns(guild_of[g])]
        assert mine, f"process {process.shards} owns no game"
        played = {g for g, _ in process.cpu_moves()}
        assert played == {g for g, _ in mine}, (process.shards, played, mine)
        for game_id, version in process.cpu_moves():
            assert stored[game_id][version] not in (0, 1), f"{game_id} v{version}: not the CPU"
        for game_id, thread_id in mine:
            posts = [
                r
                for r in fake.requests
                if r.route
                in (
                    "POST /channels/{channel_id}/messages",
                    "PATCH /channels/{channel_id}/messages/{message_id}",
                )
                and r.path.startswith(f"/api/v10/channels/{thread_id}/")
            ]
            assert posts, f"game {game_id}: nothing published in its thread"
            assert not [r for r in posts if other.sent(r)], f"game {game_id}: published by both"
            assert all(process.sent(r) for r in posts), f"game {game_id}: unlabelled requests"


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARDS[0], SHARDS))
async def test_killing_either_process_loses_no_acknowledged_move(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    fake = fake_discord
    rng = random.Random(SEED)
    first = Process(fake, postgres_url, tmp_path, "0-1")
    owner = Process(fake, postgres_url, tmp_path, "2-3")
    channels = [fake.channel, fake.add_guild("Second", "en-US", shard=(GUILD_SHARDS[1], SHARDS))]
    assert [(c.guild_id >> 22) % SHARDS for c in channels] == list(GUILD_SHARDS)  # type: ignore[operator]
    guild_of: dict[int, int] = {}
    await first.start()
    await owner.start()
    await fake.wait_for(lambda: len(fake._live_sessions()) == SHARDS, 30, "four shards")
    store = await PostgresStore.open(postgres_url)
    users = [fake.add_user(f"P{i}", locale="en-US") for i in range(2 * GAMES)]
    acks: list[Ack] = []
    kills = 0
    started = time.monotonic()
    try:
        for user in users:
            await (await user.slash("settings", {"hand": "dm"})).response(10)
        games: list[tuple[int, int, dict[int, User]]] = []
        for n in range(GAMES):
            host, guest = users[2 * n], users[2 * n + 1]
            channel = channels[n % len(channels)]
            inter = await host.slash("newgame", {"game": TITLE, "language": "en"}, channel=channel)
            await inter.response(10)
            lobby = await inter.wait_original()
            await lobby_click(fake, guest, lobby, "join")
            await lobby_click(fake, host, lobby, "cpu")
            await lobby_click(fake, host, fake.message(lobby.id), "start")
            thread = await fake.wait_for(lambda lobby=lobby: fake.thread_for(lobby), 30)
            games.append((game_id_of(lobby), thread.id, {0: host, 1: guest}))
            guild_of[game_id_of(lobby)] = channel.guild_id  # type: ignore[assignment]
        clicks = 0
        while True:
            records = {r.id: r for r in await store.games(statuses=("playing",))}
            if not records:
                break
            progressed = False
            for game_id, thread_id, seats in games:
                record = records.get(game_id)
                if record is None:
                    continue
                state = registry.get(TITLE).load(record.snapshot or {})
                humans = [s for s in state.to_act() if s in seats]
                if not humans:
                    continue
                seat = humans[0]
                user = seats[seat]
                legal = {a.encode() for a in state.legal_actions(seat)}
                hand = move_buttons(dm_hand(user, game_id), game_id, record.version, seat)
                shown = {a: c for a, c in hand.items() if a in legal}
                message = dm_hand(user, game_id)
                if not shown:
                    message = table(fake, game_id, thread_id)
                    on_table = move_buttons(message, game_id, record.version, seat)
                    shown = {a: c for a, c in on_table.items() if a in legal}
                if not shown:
                    # Ask for the hand: its answer shows the current moves.
                    current = dm_hand(user, game_id)
                    with contextlib.suppress(AssertionError, TimeoutError):
                        if current is not None:
                            await (await user.click(current, f"hd:{game_id}:r")).response(5)
                        elif (shown_table := table(fake, game_id, thread_id)) is not None:
                            await (await user.click(shown_table, f"hd:{game_id}")).response(5)
                    continue
                action = rng.choice(sorted(shown))
                clicks += 1
                victim = None
                if kills < KILLS and clicks % 4 == 0:
                    victim = first if kills % 2 == 0 else owner
                    delay = rng.uniform(0.0, 0.25)
                    kill = asyncio.get_running_loop().call_later(
                        delay, os.killpg, victim.proc.pid, signal.SIGKILL
                    )
                inter = await user.click(message, shown[action])  # type: ignore[arg-type]
                with contextlib.suppress(AssertionError, TimeoutError):
                    response = await inter.response(5)
                    text = response.message.content if response.message is not None else ""
                    if response.type == 7 and not text.startswith("⚠️"):
                        acks.append(Ack(game_id, record.version + 1, seat, action))
                        progressed = True
                if victim is not None:
                    kill.cancel()
                    await victim.kill()
                    kills += 1
                    await verify(store, acks)
                    await victim.start()
                    await verify(store, acks)
            if not progressed:
                await asyncio.sleep(0.1)
            assert time.monotonic() - started < 600, "the games did not end"
        moves = await verify(store, acks)
        finished = await store.games(statuses=("finished",))
        assert len(finished) == GAMES
        assert kills >= KILLS
        for process in (first, owner):
            assert not process.errors(), "\n".join(process.errors()[:20])
        stored = {
            record.id: {v: seat for v, seat, _ in await store.actions(record.id)}
            for record in finished
        }
        check_owners(fake, (first, owner), games, guild_of, stored)
        print(
            f"shard crash: {kills} kills over two processes, {len(acks)} acknowledged moves "
            f"of {moves} stored, {GAMES} games in two guilds finished in "
            f"{time.monotonic() - started:.0f} s; CPU moves by the owners: "
            f"{len(first.cpu_moves())} and {len(owner.cpu_moves())}"
        )
    finally:
        for process in (first, owner):
            if process.proc is not None and process.proc.returncode is None:
                await process.kill()
        await store.close()
        fake.take_violations("no_response")
