"""`python -m bot migrate-sqlite-to-postgres`: every game, action and result copied, verified by
counts and replays, safe to run twice, and refusing to overwrite other or newer games."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.storage.copy import MigrationError, migrate_sqlite_to_postgres
from bot.storage.postgres import PostgresStore
from bot.storage.records import DmHand, SeatRecord
from bot.storage.sqlite import SqliteStore
from games import registry
from tests.bot.stored import create_lobby


async def play(store: SqliteStore, game: str, players: int, moves: int | None, seed: int) -> int:
    """A stored game of `game` with `moves` random legal moves (None: to its end)."""
    seats = [SeatRecord(i, f"p{i}", 10 + i) for i in range(players)]
    record = await create_lobby(
        store,
        game=game,
        seats=seats,
        guild_id=(seed << 22) + 1,
        host_name="ホスト",
        seed=seed,
        turn_seconds=60,
    )
    engine = registry.get(game)
    state = engine.new(players, seed=seed)
    await store.start_game(record.id, players=players, snapshot=state.snapshot(), deadline=5)
    rng = random.Random(seed)
    version = 0
    while not state.is_over() and (moves is None or version < moves):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        version += 1
        over = state.is_over()
        await store.commit_move(
            record.id,
            version=version,
            seat=seat,
            action=action.encode(),
            by_cpu=bool(version % 2),
            snapshot=state.snapshot(),
            deadline=None if over else 1000.0 + version,
            result=state.result().model_dump(mode="json") if over else None,
        )
    return record.id


async def sqlite_with_games(path: Path) -> list[int]:
    store = await SqliteStore.open(path)
    games = [
        await play(store, "kasane", 3, 7, seed=11),
        await play(store, "take_and_share", 4, None, seed=12),
        await play(store, "irobae", 3, 0, seed=13),
    ]
    lobby = await create_lobby(
        store,
        game="sakura",
        guild_id=5,
        channel_id=6,
        host_id=20,
        language="en",
        seed=3,
        cpu_level="weak",
    )
    await store.set_user_settings(10, "dm", "ja")
    await store.set_hand_message(games[0], 1, 900, 901, ("☑️ pass?", "pass.3.4"))
    await store.close()
    return [*games, lobby.id]


async def test_copies_verifies_and_can_run_twice(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "kasane.sqlite3"
    game_ids = await sqlite_with_games(path)
    report = await migrate_sqlite_to_postgres(path, postgres_url)
    assert report.counts["games"] == 4 and report.counts["user_settings"] == 1
    assert report.counts["actions"] > 7 and report.counts["results"] == 1
    assert report.replayed == 3 and report.not_replaying == []

    source = await SqliteStore.open(path)
    target = await PostgresStore.open(postgres_url)
    try:
        for game_id in game_ids:
            assert await target.get(game_id) == await source.get(game_id)
            assert await target.actions(game_id) == await source.actions(game_id)
            assert await target.result(game_id) == await source.result(game_id)
        assert await target.user_settings(10) == ("dm", "ja")
        assert await target.dm_hand(game_ids[0], 1) == DmHand(900, 901, ("☑️ pass?", "pass.3.4"))
        # A new game made on PostgreSQL gets the next id, not one of the copied games'.
        new = await create_lobby(target, game="gogyo")
        assert new.id == max(game_ids) + 1
    finally:
        await source.close()
        await target.close()

    # Run again: same rows, nothing doubled.
    again = await migrate_sqlite_to_postgres(path, postgres_url)
    assert again.counts == report.counts


def test_the_command_copies_and_reports(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kasane.sqlite3"
    asyncio.run(sqlite_with_games(path))
    command = ["migrate-sqlite-to-postgres", "--sqlite", str(path), "--url", postgres_url]
    assert main(command) == 0
    assert main(command) == 0
    out = capsys.readouterr().out
    assert out.count("games: 4 row(s) copied and verified") == 2
    assert "3 game(s) replayed" in out
    assert main([*command[:3], "--url", "postgresql://nobody@127.0.0.1:1/none"]) == 1


async def test_refuses_to_undo_moves_made_on_postgres(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "kasane.sqlite3"
    game_ids = await sqlite_with_games(path)
    await migrate_sqlite_to_postgres(path, postgres_url)
    target = await PostgresStore.open(postgres_url)
    try:
        record = await target.get(game_ids[0])
        assert record is not None and record.snapshot is not None
        state = registry.get("kasane").load(record.snapshot)
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        await target.commit_move(
            record.id,
            version=record.version + 1,
            seat=seat,
            action=action.encode(),
            by_cpu=False,
            snapshot=state.snapshot(),
            deadline=None,
        )
    finally:
        await target.close()
    with pytest.raises(MigrationError, match="changed in PostgreSQL"):
        await migrate_sqlite_to_postgres(path, postgres_url)
    target = await PostgresStore.open(postgres_url)
    try:
        moved = await target.get(game_ids[0])
        assert moved is not None and moved.version == record.version + 1
    finally:
        await target.close()


async def test_refuses_a_database_holding_other_games(tmp_path: Path, postgres_url: str) -> None:
    target = await PostgresStore.open(postgres_url)
    await create_lobby(target, game="gogyo")
    await target.close()
    path = tmp_path / "kasane.sqlite3"
    await sqlite_with_games(path)
    with pytest.raises(MigrationError, match="other games"):
        await migrate_sqlite_to_postgres(path, postgres_url)
    target = await PostgresStore.open(postgres_url)
    try:
        assert len(await target.games(statuses=("lobby", "playing", "finished"))) == 1
    finally:
        await target.close()
