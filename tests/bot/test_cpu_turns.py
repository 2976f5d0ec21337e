"""CPU moves under load: the budget every game shares, human moves first, and the tables of
games nobody sits at edited many moves at a time."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cpu import CpuPool, CpuTurns
from bot.publish import feeds as feeds_module
from bot.sessions import Sessions
from bot.storage.sqlite import SqliteStore
from tests.bot.test_sessions import cpu_game, human_game, publish_to, run_until


async def _ask(turns: CpuTurns, name: str, watched: bool, granted: list[str]) -> None:
    await turns.turn(watched=watched)
    granted.append(name)


async def test_turns_go_in_order_games_with_people_first_and_never_during_a_human_move() -> None:
    """While a human move is under way no CPU turn is granted; then the games with a person at
    the table go first, each kind in the order it asked."""
    turns = CpuTurns(humans_first=30)
    granted: list[str] = []
    with turns.human():
        tasks = [
            asyncio.create_task(_ask(turns, name, watched, granted))
            for name, watched in [
                ("A", False),
                ("B", False),
                ("C", True),
                ("D", False),
                ("E", True),
            ]
        ]
        await asyncio.sleep(0.2)
        assert granted == []
        assert turns.waiting() == 5
    await asyncio.gather(*tasks)
    assert granted == ["C", "E", "A", "B", "D"]
    assert turns.granted == 5


async def test_turns_keep_within_the_budget() -> None:
    """At 20 turns a second, eight turns asked for at once are granted no closer together than
    1/20 s each: eight take at least 7/20 s."""
    turns = CpuTurns(20)
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def ask() -> None:
        await turns.turn(watched=False)
        times.append(loop.time())

    await asyncio.gather(*(ask() for _ in range(8)))
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= 1 / 20 - 0.001
    assert times[-1] - times[0] >= 7 / 20 - 0.01


async def test_a_cancelled_wait_gives_its_turn_to_the_next_game() -> None:
    """A game that stops waiting (it ended, the bot stops) leaves the queue: the others still
    get their turns."""
    turns = CpuTurns(humans_first=30)
    granted: list[str] = []
    with turns.human():
        gone = asyncio.create_task(_ask(turns, "gone", False, granted))
        kept = asyncio.create_task(_ask(turns, "kept", False, granted))
        await asyncio.sleep(0.05)
        gone.cancel()
        await asyncio.sleep(0.05)
        assert turns.waiting() == 1
    await kept
    assert granted == ["kept"]


async def test_cpu_games_wait_while_a_human_move_is_answered(tmp_path: Path) -> None:
    """A flood of CPU-only games stores no move while a person's click is being answered: the
    click is served first, and the CPU games go on once it is done."""
    store = await SqliteStore.open(tmp_path / "humans.sqlite3")
    cpu_ids = [await cpu_game(store, 3, seed=40 + n) for n in range(3)]
    record = await human_game(store, "kasane", seed=3)
    sessions = Sessions(
        store, cpu_delay=0, cpu_pool=CpuPool(1), cpu_turns=CpuTurns(humans_first=30)
    )
    for game_id in cpu_ids:
        cpu_record = await store.get(game_id)
        assert cpu_record is not None
        await sessions.start(cpu_record)
    session = await sessions.start(record)
    for game_id in cpu_ids:
        await run_until(store, game_id, lambda r: r.version >= 2)

    answering = asyncio.Event()
    answered = asyncio.Event()
    stored_during: list[int] = []

    async def answer(session: Any, outcome: Any) -> bool:
        answering.set()
        await asyncio.sleep(1.0)  # a slow answer to Discord
        stored_during.append(await cpu_moves(store, cpu_ids))
        answered.set()
        return False

    seat = session.state.to_act()[0]
    action = session.state.legal_actions(seat)[0]
    click = asyncio.create_task(
        sessions.play(session.id, seat, action, expected_version=0, answer=answer)
    )
    await answering.wait()
    # CPU moves already granted may still be stored; none granted after this point are.
    await asyncio.sleep(0.3)
    before = await cpu_moves(store, cpu_ids)
    await answered.wait()
    await click
    assert stored_during == [before]
    for game_id in cpu_ids:
        await run_until(store, game_id, lambda r: r.version >= 6 or r.status != "playing")
    after = await cpu_moves(store, cpu_ids)
    assert after > before
    await sessions.close()
    await store.close()


async def cpu_moves(store: SqliteStore, game_ids: list[int]) -> int:
    total = 0
    for game_id in game_ids:
        total += len(await store.actions(game_id))
    return total


class RecordingDiscord:
    """Just enough of Discord for the publisher: each game's table requests in its own thread,
    noted with the version of the game at the moment of the request."""

    def __init__(self) -> None:
        self.ids = itertools.count(1000)
        #: Thread id -> the game's session (its version at request time).
        self.threads: dict[int, Any] = {}
        #: Thread id -> `(kind, version)` of each table post and edit.
        self.requests: dict[int, list[tuple[str, int]]] = {}

    def get_partial_messageable(self, channel_id: int) -> Any:
        session = self.threads[channel_id]
        noted = self.requests.setdefault(channel_id, [])

        async def send(*args: Any, **payload: Any) -> Any:
            # A table carries "Show my hand"; the end message and pings are other sends.
            view = payload.get("view")
            ids = [getattr(item, "custom_id", "") or "" for item in getattr(view, "children", [])]
            table = any(cid.startswith("hd:") and cid.count(":") == 1 for cid in ids)
            noted.append(("post" if table else "send", session.version))
            return SimpleNamespace(id=next(self.ids))

        async def edit(**payload: Any) -> None:
            noted.append(("edit", session.version))

        async def delete() -> None:
            pass

        async def history(**_: Any) -> AsyncIterator[Any]:
            """Nobody else writes in the thread: the table is never pushed up."""
            for message in ():
                yield message

        message = SimpleNamespace(edit=edit, delete=delete)
        return SimpleNamespace(
            send=send, get_partial_message=lambda message_id: message, history=history
        )


async def _start_in_thread(
    sessions: Sessions, store: SqliteStore, fake: RecordingDiscord, game_id: int, thread_id: int
) -> Any:
    """Start a stored game whose table lives in its own thread of `fake`."""
    await store.update_game(game_id, thread_id=thread_id)
    record = await store.get(game_id)
    assert record is not None
    started: list[Any] = []
    fake.threads[thread_id] = _Version(started)
    session = await sessions.start(record)
    started.append(session)
    return session


class _Version:
    """The version of a game being started (0 until its session exists)."""

    def __init__(self, started: list[Any]) -> None:
        self.started = started

    @property
    def version(self) -> int:
        return self.started[0].version if self.started else 0


async def test_tables_nobody_sits_at_show_many_moves_per_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CPU-only game's table is edited at most once per interval, however fast its CPUs
    play, and its last edit shows the end; the table of a game people sit at is edited after
    every move."""
    monkeypatch.setattr(feeds_module, "UNWATCHED_MIN_SECONDS", 0.5)
    store = await SqliteStore.open(tmp_path / "tables.sqlite3")
    await store.set_guild_pictures(1, False)
    fake = RecordingDiscord()
    sessions = Sessions(store, cpu_delay=0.01, cpu_pool=CpuPool(1), cpu_turns=CpuTurns(0))
    publisher = publish_to(sessions, store, fake)
    loop = asyncio.get_running_loop()
    started = loop.time()
    cpu = await _start_in_thread(sessions, store, fake, await cpu_game(store, 3, seed=8), 501)
    human_record = await human_game(store, "kasane", seed=3)
    human = await _start_in_thread(sessions, store, fake, human_record.id, 502)
    await run_until(store, human.id, lambda r: r.table_version == 0, timeout=10)
    for version in range(1, 6):
        seat = human.state.to_act()[0]
        await sessions.play(human.id, seat, human.state.legal_actions(seat)[0])
        await run_until(store, human.id, lambda r, v=version: r.table_version == v, timeout=10)
    await run_until(store, cpu.id, lambda r: r.status == "finished" and r.end_published)
    elapsed = loop.time() - started
    publisher.close()
    await sessions.close()
    await store.close()

    moves = cpu.version
    cpu_table = [r for r in fake.requests[501] if r[0] in ("post", "edit")]
    assert cpu_table[0] == ("post", 0)
    assert cpu_table[-1] == ("edit", moves)  # the end, shown at once
    # At most one edit per half second while it played (and the one showing the end).
    assert moves > 30
    assert len(cpu_table) - 1 <= elapsed / 0.5 + 2
    assert len(cpu_table) < moves / 3
    # The game people sit at: its first table, then an edit for each of its five moves.
    human_table = [r for r in fake.requests[502] if r[0] in ("post", "edit")]
    assert human_table == [("post", 0)] + [("edit", v) for v in range(1, 6)]
