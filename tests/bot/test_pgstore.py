"""PostgreSQL storage across processes: migrations applied once, one game's moves serialised by
the database, every stored move announced, settings changes seen everywhere, clicks on DM
hands and changes of seats announced. Each store here stands for one bot process (its own pool
of connections)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from bot.storage import postgres
from bot.storage.migrations import migration_files
from bot.storage.postgres import PostgresStore
from bot.storage.records import DmHand, StaleVersion
from tests.bot.stored import commit_stand_in, playing_game


@pytest.fixture
async def stores(postgres_url: str) -> AsyncIterator[Callable[[], PostgresStore]]:
    """Open stores on one fresh database (`await opened()` for another process's store)."""
    opened: list[PostgresStore] = []

    async def open_store() -> PostgresStore:
        store = await PostgresStore.open(postgres_url)
        opened.append(store)
        return store

    yield open_store  # type: ignore[misc]
    for store in opened:
        await store.close()


async def wait_until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    assert [(n, name) for n, name, _ in postgres.migration_files()] == [
        (n, name) for n, name, _ in migration_files()
    ]


async def test_processes_starting_together_apply_each_migration_once(stores) -> None:
    first, second = await asyncio.gather(stores(), stores())
    assert await first.schema_version() == migration_files()[-1][0]
    async with second.pool.acquire() as conn:
        rows = await conn.fetch("SELECT number FROM schema_migrations ORDER BY number")
    assert [r[0] for r in rows] == [n for n, _, _ in migration_files()]


async def test_one_version_is_stored_once_across_processes(stores) -> None:
    """Two processes storing a move of the same game at the same version: the database lets
    one through and refuses the other, which wrote nothing; repeated over many versions."""
    first, second = await stores(), await stores()
    game_id = await playing_game(first)
    wins = {"first": 0, "second": 0}
    for version in range(1, 41):

        async def move(store: PostgresStore, name: str, version: int = version) -> None:
            try:
                await commit_stand_in(
                    store,
                    game_id,
                    version,
                    action=f"{name}{version}",
                    snapshot={"v": version, "by": name},
                )
            except StaleVersion:
                return
            wins[name] += 1

        await asyncio.gather(move(first, "first"), move(second, "second"))
    assert wins["first"] + wins["second"] == 40
    actions = await second.actions(game_id)
    assert [v for v, _, _ in actions] == list(range(1, 41))
    record = await first.get(game_id)
    assert record is not None and record.version == 40
    # The stored snapshot is the one of the process whose action row was stored.
    assert record.snapshot == {"v": 40, "by": actions[-1][2].removesuffix("40")}


async def test_every_process_hears_each_stored_move_and_no_refused_one(stores) -> None:
    first, second = await stores(), await stores()
    heard: list[tuple[int, int]] = []
    second.add_move_listener(lambda game_id, version: heard.append((game_id, version)))
    game_id = await playing_game(first)
    await first.commit_move(
        game_id, version=1, seat=0, action="a", by_cpu=False, snapshot={"v": 1}, deadline=None
    )
    with pytest.raises(StaleVersion):
        await first.commit_move(
            game_id, version=1, seat=1, action="b", by_cpu=False, snapshot={}, deadline=None
        )
    await commit_stand_in(first, game_id, 2, action="c", result={"scores": [1, 0], "winners": [0]})
    await wait_until(lambda: len(heard) >= 2)
    await asyncio.sleep(0.1)
    assert heard == [(game_id, 1), (game_id, 2)]
    assert await second.result(game_id) == {"scores": [1, 0], "winners": [0]}


async def test_a_settings_change_reaches_the_other_processes(stores) -> None:
    first, second = await stores(), await stores()
    assert await second.user_settings(7) == ("ephemeral", "en")  # now cached by `second`
    await first.set_user_settings(7, "dm", "ja")
    await wait_until(lambda: 7 not in second._user_settings)
    assert await second.user_settings(7) == ("dm", "ja")


async def test_a_click_on_a_dm_hand_is_announced_to_the_other_processes_once_stored(
    stores,
) -> None:
    """A pick written with `announce` (a click answered by a process that does not own the
    game) is heard by every process, with what it stored readable by then; a write that
    changed no DM hand, or without `announce`, is not announced."""
    first, second = await stores(), await stores()
    game_id = await playing_game(first)
    pick = ("☑️ Pass 🟥3 🟦5?", "pass.3.5")
    await first.set_hand_message(game_id, 1, 20, 30)
    heard: list[tuple[int, int]] = []
    read: list[DmHand | None] = []

    def listener(game_id: int, seat: int) -> None:
        heard.append((game_id, seat))
        task = asyncio.create_task(second.dm_hand(game_id, seat))
        task.add_done_callback(lambda done: read.append(done.result()))

    second.add_dm_hand_listener(listener)
    await first.set_dm_hand_pick(game_id, 1, 29, pick, announce=True)  # not its DM hand
    await first.set_dm_hand_pick(game_id, 1, 30, None)  # the owner's own write
    await first.set_dm_hand_pick(game_id, 1, 30, pick, announce=True)
    await wait_until(lambda: len(read) >= 1)
    await asyncio.sleep(0.1)
    assert heard == [(game_id, 1)]
    assert read == [DmHand(20, 30, pick)]


async def test_a_change_of_seats_is_announced_to_the_other_processes_once_stored(
    stores,
) -> None:
    """A seat given to a CPU and taken back (no new version) is heard by every process, this
    one included, with the seats readable as changed by then; a write that changed no seat (the
    seat is a CPU already, not the caller's seat) is not announced."""
    first, second = await stores(), await stores()
    game_id = await playing_game(first)
    heard: list[int] = []
    read: list[list[int | None]] = []

    def listener(game_id: int) -> None:
        heard.append(game_id)
        task = asyncio.create_task(second.get(game_id))
        task.add_done_callback(lambda done: read.append([s.user_id for s in done.result().seats]))

    second.add_seats_listener(listener)
    mine: list[int] = []
    first.add_seats_listener(mine.append)
    assert await first.replace_seat(game_id, 1, "weak", "CPU (b)") is not None
    await wait_until(lambda: len(read) >= 1)
    assert read == [[10, None]]
    await first.replace_seat(game_id, 1, "weak", "CPU (b)")  # a CPU's already: no change
    assert await first.return_seat(game_id, 1, 12, deadline=None) is None  # not their seat
    assert await first.return_seat(game_id, 1, 11, deadline=None) is not None
    await wait_until(lambda: len(read) >= 2)
    await asyncio.sleep(0.1)
    assert heard == mine == [game_id, game_id]
    assert read == [[10, None], [10, 11]]


async def test_a_lost_listening_connection_is_replaced_and_asks_for_a_resync(
    stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres, "RELISTEN_SECONDS", 0.05)
    first, second = await stores(), await stores()
    resyncs: list[int] = []
    heard: list[tuple[int, int]] = []
    second.add_resync_listener(lambda: resyncs.append(1))
    second.add_move_listener(lambda game_id, version: heard.append((game_id, version)))
    async with first.pool.acquire() as conn:
        await conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()"
        )
    await wait_until(lambda: len(resyncs) >= 1)
    game_id = await playing_game(first)
    await first.commit_move(
        game_id, version=1, seat=0, action="a", by_cpu=False, snapshot={"v": 1}, deadline=None
    )
    await wait_until(lambda: (game_id, 1) in heard)
