"""Stored games for the storage and session tests: a lobby made with ordinary defaults, a game
in play with a stand-in snapshot, and stand-in moves, on either backend."""

from __future__ import annotations

from typing import Any

from bot.storage.postgres import PostgresStore
from bot.storage.records import GameRecord, SeatRecord
from bot.storage.sqlite import SqliteStore

AnyStore = SqliteStore | PostgresStore


#: The lobby `create_lobby` makes unless told otherwise: the arguments of `create_game`.
LOBBY: dict[str, Any] = {
    "game": "kasane",
    "guild_id": 1,
    "channel_id": 2,
    "host_id": 10,
    "host_name": "host",
    "language": "ja",
    "seed": 5,
    "options": {},
    "cpu_level": "strong",
    "turn_seconds": 0,
}


async def create_lobby(
    store: AnyStore, *, seats: list[SeatRecord] | None = None, **changes: Any
) -> GameRecord:
    """A new lobby (`LOBBY`, `changes` replacing any of its arguments), its host in seat 0;
    with `seats`, those seats instead. Returns the game as stored."""
    record = await store.create_game(**(LOBBY | changes))
    if seats is None:
        return record
    await store.set_seats(record.id, seats)
    stored = await store.get(record.id)
    assert stored is not None
    return stored


async def playing_game(store: AnyStore) -> int:
    """A stored two-seat game at version 0 whose snapshot is `{"v": 0}`."""
    game_id = (await create_lobby(store)).id
    await store.set_seats(game_id, [SeatRecord(0, "host", 10), SeatRecord(1, "b", 11)])
    await store.start_game(game_id, players=2, snapshot={"v": 0}, deadline=None)
    return game_id


def stand_in_move(version: int, **changes: Any) -> dict[str, Any]:
    """The arguments of move `version` of a `playing_game` (`write_move`'s and `commit_move`'s):
    seat `version % 2` plays `a<version>`, the snapshot becomes `{"v": version}`, no deadline;
    `changes` replace any of those."""
    arguments: dict[str, Any] = {
        "version": version,
        "seat": version % 2,
        "action": f"a{version}",
        "by_cpu": False,
        "snapshot": {"v": version},
        "deadline": None,
    }
    return arguments | changes


async def commit_stand_in(
    store: AnyStore, game_id: int, version: int, **changes: Any
) -> GameRecord:
    """Store move `version` of a `playing_game` (`stand_in_move`) and read the game back."""
    return await store.commit_move(game_id, **stand_in_move(version, **changes))


async def commit_stand_ins(store: AnyStore, game_id: int, last: int) -> None:
    """Store moves 1 to `last` of a `playing_game`, one after the other (`commit_stand_in`)."""
    for version in range(1, last + 1):
        await commit_stand_in(store, game_id, version)
