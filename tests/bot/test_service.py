"""The game service and its publisher without Discord: CPU decisions in the process pool, a
click that waits on a busy database, and a table edit that coalesces under a rate limit."""

from __future__ import annotations

import asyncio
import itertools
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import sessions as sessions_module
from bot.cpu import CpuPool, Question, cpu_rng
from bot.publish.publisher import Publisher
from bot.session import MoveRefused, Session
from bot.sessions import Sessions
from bot.storage.sqlite import SqliteStore
from games import registry
from tests.bot.test_sessions import cpu_game, human_game, publish_to, run_until


async def test_cpu_decisions_run_in_the_pool_and_follow_the_seed() -> None:
    """A decision is computed in another process, from the stored snapshot, and is the one the
    engine's CPU makes in-process with the game's seeded randomness."""
    pool = CpuPool(2)
    try:
        game = registry.get("kasane")
        state = game.new(3, seed=5)
        seat = state.to_act()[0]
        decision = await pool.decide(Question("kasane", state.snapshot(), seat, "strong", 5, 0))
        assert decision.pid != os.getpid()
        assert decision.action == game.cpu("strong").choose(state, seat, cpu_rng(5, 0)).encode()
    finally:
        pool.close()


async def test_a_cpu_game_plays_the_moves_its_seed_decides(tmp_path: Path) -> None:
    """Every stored CPU move of a whole game is what the CPU decides for that seat, at that
    version, from the game's seed: the pool changes where decisions run, not what they are."""
    store = await SqliteStore.open(tmp_path / "cpu.sqlite3")
    game_id = await cpu_game(store, 3, seed=21)
    sessions = Sessions(store, cpu_delay=0, cpu_pool=CpuPool(2))
    record = await store.get(game_id)
    assert record is not None
    await sessions.start(record)
    await run_until(store, game_id, lambda r: r.status == "finished")
    actions = await store.actions(game_id)
    await sessions.close()
    await store.close()
    game = registry.get("kasane")
    state = game.new(3, seed=21)
    for version, seat, text in actions:
        level = "strong" if seat == 0 else "random"
        assert game.cpu(level).choose(state, seat, cpu_rng(21, version - 1)).encode() == text
        state.apply(seat, game.Action.decode(text))
    assert state.is_over()


def hold_write_lock(path: Path) -> sqlite3.Connection:
    """Another process's writer: holds the database's write lock until committed."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


async def started_kasane(path: Path) -> tuple[SqliteStore, Sessions, Session]:
    """A Kasane game of humans (seed 3) stored at `path` and started, without Discord."""
    store = await SqliteStore.open(path)
    record = await human_game(store, "kasane", seed=3)
    sessions = Sessions(store, cpu_delay=0)
    return store, sessions, await sessions.start(record)


@dataclass
class ClickSteps:
    """What a click's handler was asked to do, in order: acknowledge Discord first
    ("deferred"), then answer the stored move ("answered <version>")."""

    steps: list[str] = field(default_factory=list)

    async def defer(self) -> None:
        self.steps.append("deferred")

    async def answer(self, session: Any, outcome: Any) -> bool:
        self.steps.append(f"answered {outcome.version}")
        return False


@pytest.mark.parametrize("refused", [False, True], ids=["acknowledged", "refused"])
async def test_a_click_on_a_busy_database_is_acknowledged_then_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: bool
) -> None:
    """A write that cannot start at once makes the click acknowledge Discord first; when the
    database frees up in time the move is stored and the click is answered as played. If the
    acknowledgement fails (Discord refuses it), the write still goes on, and the move, once
    stored, is the outcome: answered as played, never reported as failed."""
    monkeypatch.setattr(sessions_module, "PATIENCE_SECONDS", 0.1)
    path = tmp_path / "busy.sqlite3"
    store, sessions, session = await started_kasane(path)
    seat = session.state.to_act()[0]
    action = session.state.legal_actions(seat)[0]
    click = ClickSteps()

    async def refused_defer() -> None:
        click.steps.append("deferral refused")
        raise RuntimeError("the acknowledgement was refused")

    other = hold_write_lock(path)
    asyncio.get_running_loop().call_later(0.6, other.commit)
    outcome = await sessions.play(
        session.id,
        seat,
        action,
        expected_version=0,
        answer=click.answer,
        on_wait=refused_defer if refused else click.defer,
    )
    other.close()
    first = "deferral refused" if refused else "deferred"
    assert click.steps == [first, "answered 1"]
    assert outcome.version == 1 and session.version == 1
    assert await store.actions(session.id) == [(1, seat, action.encode())]
    await sessions.close()
    await store.close()


async def test_a_click_acknowledged_while_it_waits_for_the_game_keeps_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click kept waiting by the game's lock past its patience is acknowledged meanwhile and
    keeps its place in the queue: a move that came after it (one with nobody to acknowledge)
    is played after it, so it is that later move that finds the game moved on."""
    monkeypatch.setattr(sessions_module, "PATIENCE_SECONDS", 0.1)
    store, sessions, session = await started_kasane(tmp_path / "queue.sqlite3")
    seat = session.state.to_act()[0]
    first, second = session.state.legal_actions(seat)[:2]
    click = ClickSteps()
    await session.lock.acquire()  # another change of this game under way
    waiting = asyncio.create_task(
        sessions.play(
            session.id, seat, first, expected_version=0, answer=click.answer, on_wait=click.defer
        )
    )
    await asyncio.sleep(0.05)
    behind = asyncio.create_task(sessions.play(session.id, seat, second, expected_version=0))
    await asyncio.sleep(0.2)  # the click's patience runs out while both wait
    session.lock.release()
    try:
        outcome = await waiting
        with pytest.raises(MoveRefused) as refused:
            await behind
        assert refused.value.reason == "stale"
        assert click.steps == ["deferred", "answered 1"]
        assert outcome.version == 1
        assert await store.actions(session.id) == [(1, seat, first.encode())]
    finally:
        await asyncio.gather(waiting, behind, return_exceptions=True)
        await sessions.close()
        await store.close()


async def test_a_click_whose_write_fails_after_the_deferral_is_not_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the database stays locked past the store's bounded wait, the click (already
    acknowledged) is refused as not stored, and nothing changed: not on disk, not in memory."""
    monkeypatch.setattr(sessions_module, "PATIENCE_SECONDS", 0.1)
    path = tmp_path / "locked.sqlite3"
    store, sessions, session = await started_kasane(path)
    before = session.state.snapshot()
    seat = session.state.to_act()[0]
    action = session.state.legal_actions(seat)[0]
    click = ClickSteps()
    await store.db.execute("PRAGMA busy_timeout=400")
    other = hold_write_lock(path)
    try:
        with pytest.raises(MoveRefused) as refused:
            await sessions.play(
                session.id,
                seat,
                action,
                expected_version=0,
                answer=click.answer,
                on_wait=click.defer,
            )
    finally:
        other.commit()
        other.close()
    assert refused.value.reason == "storage"
    assert click.steps == ["deferred"]
    assert session.version == 0 and session.state.snapshot() == before
    assert await store.actions(session.id) == []
    stored = await store.get(session.id)
    assert stored is not None and stored.version == 0
    # The same move goes through once the database is free.
    await sessions.play(session.id, seat, action, expected_version=0)
    assert [v for v, _, _ in await store.actions(session.id)] == [1]
    await sessions.close()
    await store.close()


async def test_a_move_is_answered_before_its_row_is_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click's answer is given the game as the move's write left it, before the game's row
    is read back; the row is read after the answer, and the record then also holds what the
    publisher wrote meanwhile (here the version the table shows). A read that fails after
    the answer leaves the move stored and answered."""
    store, sessions, session = await started_kasane(tmp_path / "read_back.sqlite3")
    reads: list[int] = []
    original_get = store.get

    async def get(game_id: int, **kwargs: Any) -> Any:
        reads.append(game_id)
        return await original_get(game_id, **kwargs)

    monkeypatch.setattr(store, "get", get)
    seen: list[tuple[int, str, int]] = []

    async def answer(answered: Session, outcome: Any) -> bool:
        seen.append((answered.record.version, answered.record.status, len(reads)))
        await store.set_table_version(answered.id, outcome.version)
        return False

    seat = session.state.to_act()[0]
    await sessions.play(session.id, seat, session.state.legal_actions(seat)[0], answer=answer)
    assert seen == [(1, "playing", 0)]
    assert reads == [session.id]
    assert session.record.version == 1 and session.record.table_version == 1
    assert session.record.snapshot == session.state.snapshot()

    async def failing(game_id: int, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "get", failing)
    seat = session.state.to_act()[0]
    action = session.state.legal_actions(seat)[0]
    outcome = await sessions.play(session.id, seat, action, answer=ClickSteps().answer)
    assert outcome.version == 2 and session.record.version == 2
    assert [v for v, _, _ in await store.actions(session.id)] == [1, 2]
    await sessions.close()
    await store.close()


async def published(
    store: SqliteStore, *, seed: int
) -> tuple[Sessions, FakeDiscord, Publisher, Any]:
    """A started kasane game of three humans whose publisher talks to `FakeDiscord`."""
    record = await human_game(store, "kasane", seed=seed)
    sessions = Sessions(store, cpu_delay=0)
    session_box: list[Any] = []
    fake = FakeDiscord(lambda: session_box[0].version)
    publisher = publish_to(sessions, store, fake)
    session = await sessions.start(record)
    session_box.append(session)
    return sessions, fake, publisher, session


async def test_a_game_that_ends_while_its_table_is_being_edited_shows_its_end(
    tmp_path: Path,
) -> None:
    """The last move is stored while the publisher is still busy with the move before it: the
    publisher does not take the stored end for one it was told of, so the table's last edit
    (the game over) still goes out, after which the end is published."""
    store = await SqliteStore.open(tmp_path / "end.sqlite3")
    sessions, fake, publisher, session = await published(store, seed=4)
    record = session.record
    game = registry.get("kasane")

    def next_move(state: Any) -> tuple[int, Any]:
        seat = state.to_act()[0]
        return seat, state.legal_actions(seat)[0]

    def moves_left(limit: int) -> int:
        """How many first-legal moves end the game from here (up to `limit`)."""
        state = game.load(session.state.snapshot())
        for played in range(limit):
            if state.is_over():
                return played
            state.apply(*next_move(state))
        return limit

    # Play on to two moves before the end (the first legal move each time).
    while moves_left(3) > 2:
        await sessions.play(session.id, *next_move(session.state))
    await run_until(store, record.id, lambda r: r.table_version == session.version, timeout=10)
    # The turn pings now take a while: the publisher has edited the table for the move before
    # the last and is still sending its ping when the last move is stored.
    fake.send_delay = 0.3
    await sessions.play(session.id, *next_move(session.state))
    assert moves_left(2) == 1
    before_last = session.version
    for _ in range(500):
        if ("table edit", before_last) in fake.requests:
            break
        await asyncio.sleep(0.01)

    async def answer(session: Any, outcome: Any) -> bool:
        await asyncio.sleep(0.5)  # the click's own answer, under the lock, takes its time
        return False

    await sessions.play(session.id, *next_move(session.state), answer=answer)
    assert session.state.is_over()
    final = session.version
    await run_until(store, record.id, lambda r: r.end_published, timeout=10)
    edits = [version for kind, version in fake.requests if kind == "table edit"]
    assert edits[-1] == final
    stored = await store.get(record.id)
    assert stored is not None and stored.table_version == final
    publisher.close()
    await sessions.close()
    await store.close()


async def test_a_table_click_while_the_tables_picture_waits_its_turn_is_answered(
    tmp_path: Path,
) -> None:
    """While the table's next edit waits for its turn to draw (the publisher draws one picture
    at a time, for every game), a click on the table is still answered with the table's new
    text, not only acknowledged until that edit goes out: the edit's text is made once its
    picture is drawn, so it is never older than such an answer. The edits then made show the
    latest version."""
    store = await SqliteStore.open(tmp_path / "turn.sqlite3")
    sessions, fake, publisher, session = await published(store, seed=5)
    record = session.record
    await run_until(store, record.id, lambda r: r.table_version == 0, timeout=5)
    feed = publisher.feeds._feed(session)

    def first_move() -> tuple[int, Any]:
        seat = session.state.to_act()[0]
        return seat, session.state.legal_actions(seat)[0]

    async with publisher.drawing.turns.turn():  # another game's picture is being drawn
        await sessions.play(session.id, *first_move())
        for _ in range(500):  # the feed takes up the table edit and waits for its turn
            if not feed.table:
                break
            await asyncio.sleep(0.01)
        assert not feed.table
        await asyncio.sleep(0.05)
        assert not feed.editing
        assert await publisher.feeds.table_answer(session) is not None
        await sessions.play(session.id, *first_move())
        assert not [kind for kind, _ in fake.requests if kind.startswith("table edit")]
    await run_until(store, record.id, lambda r: r.table_version == 2, timeout=10)
    edits = [version for kind, version in fake.requests if kind == "table edit"]
    assert edits and set(edits) == {2}
    publisher.close()
    await sessions.close()
    await store.close()


async def test_a_table_whose_picture_would_wait_long_shows_its_move_at_once(
    tmp_path: Path,
) -> None:
    """Past what the bot can draw (the publisher's pictures queued for longer than
    `TEXT_AHEAD_SECONDS`), a move's table edit does not wait for its picture: the table's new
    text and controls go out at once, keeping the picture the message shows, and the picture
    follows in an edit of its own once drawn, from the game as it is then. The version recorded
    as shown is the picture's."""
    store = await SqliteStore.open(tmp_path / "ahead.sqlite3")
    sessions, fake, publisher, session = await published(store, seed=6)
    record = session.record
    await run_until(store, record.id, lambda r: r.table_version == 0, timeout=5)
    fake.requests.clear()

    def first_move() -> tuple[int, Any]:
        seat = session.state.to_act()[0]
        return seat, session.state.legal_actions(seat)[0]

    async def sent(request: tuple[str, int]) -> None:
        for _ in range(500):
            if request in fake.requests:
                return
            await asyncio.sleep(0.01)
        pytest.fail(f"no {request} in {fake.requests}")

    publisher.drawing.turns.drawing_seconds = 1.0  # each picture has lately taken a second
    async with publisher.drawing.turns.turn():  # another game's picture is being drawn
        await sessions.play(session.id, *first_move())
        await sent(("table text", 1))
        await sessions.play(session.id, *first_move())
        await sent(("table text", 2))
        assert (await store.get(record.id)).table_version == 0  # type: ignore[union-attr]
    await run_until(store, record.id, lambda r: r.table_version == 2, timeout=10)
    tables = [request for request in fake.requests if request[0].startswith("table")]
    assert tables == [("table text", 1), ("table text", 2), ("table edit", 2)]
    publisher.close()
    await sessions.close()
    await store.close()


class FakeDiscord:
    """Just enough of Discord for the publisher: channels whose sends and edits are recorded
    with the game's version at the moment of the request; the first table edit can be
    rate-limited."""

    def __init__(self, version: Any) -> None:
        self.version = version
        self.ids = itertools.count(1000)
        self.requests: list[tuple[str, int]] = []
        self.rate_limit: float | None = None
        #: Seconds each message other than a table takes to send.
        self.send_delay = 0.0

    def get_partial_messageable(self, channel_id: int) -> Any:
        return self

    def get_partial_message(self, message_id: int) -> Any:
        return SimpleNamespace(edit=self.edit, delete=self.delete)

    async def send(self, *args: Any, **payload: Any) -> Any:
        table = "view" in payload and "embeds" in payload
        self.requests.append(("table post" if table else "send", self.version()))
        if not table:
            await asyncio.sleep(self.send_delay)
        return SimpleNamespace(id=next(self.ids))

    async def edit(self, **payload: Any) -> None:
        """A table edit; one that keeps the message's picture (no `attachments`) is "table
        text"."""
        version = self.version()
        if self.rate_limit is not None:
            retry_after, self.rate_limit = self.rate_limit, None
            self.requests.append(("table edit limited", version))
            raise discord.RateLimited(retry_after)
        self.requests.append(("table edit" if "attachments" in payload else "table text", version))

    async def delete(self) -> None:
        pass

    async def history(self, **options: Any) -> Any:
        """The thread after the table: nobody else writes in it."""
        for _ in ():
            yield


async def test_a_rate_limited_table_is_edited_once_with_the_latest_state(tmp_path: Path) -> None:
    """A long rate limit on the table's edit does not hold the game: the moves made meanwhile
    are stored at once, and when the limit lifts the table is edited once, with the latest
    version, which is recorded as the one the table shows."""
    store = await SqliteStore.open(tmp_path / "limit.sqlite3")
    sessions, fake, publisher, session = await published(store, seed=3)
    record = session.record
    await run_until(store, record.id, lambda r: r.table_version == 0, timeout=5)
    assert ("table post", 0) in fake.requests

    fake.rate_limit = 0.5
    fake.requests.clear()
    for _ in range(4):
        seat = session.state.to_act()[0]
        await sessions.play(session.id, seat, session.state.legal_actions(seat)[0])
    # Four moves stored while the first edit (drawn from the latest state when it went out)
    # waits out the limit: nothing else was sent.
    assert session.version == 4
    for _ in range(100):
        if any(kind == "table edit limited" for kind, _ in fake.requests):
            break
        await asyncio.sleep(0.02)
    limited = [r for r in fake.requests if r[0].startswith("table")]
    assert [kind for kind, _ in limited] == ["table edit limited"]
    await run_until(store, record.id, lambda r: r.table_version == 4, timeout=5)
    assert [r for r in fake.requests if r[0].startswith("table")] == [*limited, ("table edit", 4)]
    publisher.close()
    await sessions.close()
    await store.close()


async def test_a_player_back_on_their_own_turn_gets_a_fresh_deadline(tmp_path: Path) -> None:
    """A CPU stand-in inherits the turn deadline of the seat it took over; the player who takes
    the seat back on their own turn gets the whole turn again (the timer does not play for them
    at once), and taking back a seat that is not to act leaves the deadline alone."""
    now = [1000.0]
    store = await SqliteStore.open(tmp_path / "return.sqlite3")
    record = await human_game(store, "kasane", seed=3, turn_seconds=30)
    # The stand-in waits (a long CPU delay), so the seat is still to act when its player is back.
    sessions = Sessions(store, cpu_delay=3600, clock=lambda: now[0])
    session = await sessions.start(record)
    (seat,) = session.state.to_act()
    other = (seat + 1) % 3
    assert session.record.deadline == 1030.0
    assert await sessions.replace(record.id, other) is not None
    assert await sessions.replace(record.id, seat) is not None
    now[0] = 1045.0  # the inherited deadline is past
    # The seat not to act comes back: nothing about the turn changes.
    stored = await sessions.return_seat(record.id, other, 10 + other)
    assert stored is not None and stored.deadline == 1030.0
    # The seat to act comes back: a whole turn from now, stored with the seat.
    stored = await sessions.return_seat(record.id, seat, 10 + seat)
    assert stored is not None and stored.deadline == 1075.0
    assert session.record.deadline == 1075.0
    assert (await store.get(record.id)).deadline == 1075.0  # type: ignore[union-attr]
    # The timer leaves the returned player their turn (without the fix it would play at once).
    if session.timer_task is not None:
        session.timer_task.cancel()  # wake the timer at once instead of after its sleep
        await asyncio.sleep(0)
    sessions.schedule(session)
    await asyncio.sleep(0.2)
    assert session.version == 0 and await store.actions(record.id) == []
    # … until the fresh deadline passes.
    now[0] = 1076.0
    session.timer_task.cancel()  # type: ignore[union-attr]
    await asyncio.sleep(0)
    sessions.schedule(session)
    await run_until(store, record.id, lambda r: r.version >= 1, timeout=5)
    assert [s for _, s, _ in await store.actions(record.id)] == [seat]
    await sessions.close()
    await store.close()
