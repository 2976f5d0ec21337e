"""Storage records: games, seats, hands and the columns they are read from (either backend).

They are plain data, the same whichever backend stored them (`bot.storage.sqlite`,
`bot.storage.postgres`); the queries that build them are `bot.storage.queries.GameStore`'s.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import asyncpg
import pydantic_core

#: Ids are SQLite integers: anything outside 1 .. 2**63 - 1 names no game.
MAX_ID = (1 << 63) - 1


def valid_id(game_id: int) -> bool:
    """Whether `game_id` could be the id of a stored game (a custom_id or an option can name
    any number)."""
    return 0 < game_id <= MAX_ID


GAME_COLUMNS = [
    "id",
    "game",
    "status",
    "guild_id",
    "channel_id",
    "thread_id",
    "lobby_message_id",
    "table_message_id",
    "table_posted_at",
    "ping_message_id",
    "host_id",
    "language",
    "options",
    "cpu_level",
    "turn_seconds",
    "deadline",
    "seed",
    "players",
    "version",
    "snapshot",
    "created_at",
    "updated_at",
    "problem",
    "end_published",
    "table_version",
]

#: Columns `update_game` may change; everything else is set by dedicated methods (a game's
#: status only by the game service's calls: `start_game`, `write_move`, `abandon_game`).
MUTABLE_COLUMNS = frozenset(
    [
        "thread_id",
        "lobby_message_id",
        "table_message_id",
        "table_posted_at",
        "ping_message_id",
        "options",
        "cpu_level",
        "turn_seconds",
        "deadline",
        "language",
        "problem",
        "end_published",
        "table_version",
    ]
)


@dataclass(frozen=True)
class OpenCounts:
    """Open lobbies and live games of one user and one channel (see `GameStore.open_counts`)."""

    channel_lobbies: int
    #: When the channel's least recently changed lobby last changed (unix time), if any.
    channel_oldest_lobby: float | None
    #: Lobbies the user sits in (as host or player).
    user_lobbies: int
    user_oldest_lobby: float | None
    #: Games in play the user sits in, and those left without humans that the user hosts.
    user_games: int


#: What a store raises when the database fails (SQLite's errors; PostgreSQL's, including a lost
#: connection): the move was not stored.
STORAGE_ERRORS: tuple[type[Exception], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)


class StaleVersion(RuntimeError):
    """The game moved on since the caller read it; nothing was written."""


@dataclass
class SeatRecord:
    seat: int
    name: str
    user_id: int | None = None
    cpu_level: str | None = None
    #: A human seat a CPU took over: its player (who may take it back) and their name.
    away_user_id: int | None = None
    away_name: str | None = None

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None


@dataclass
class GameRecord:
    """One row of `games` with its seats."""

    id: int
    game: str
    status: str
    guild_id: int
    channel_id: int
    host_id: int
    language: str
    seed: int
    created_at: float
    updated_at: float
    version: int = 0
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    table_posted_at: float | None = None
    ping_message_id: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    cpu_level: str = "strong"
    turn_seconds: int = 0
    deadline: float | None = None
    players: int | None = None
    snapshot: dict[str, Any] | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    #: Why this game's stored data could not be used, if it could not (see `Sessions`).
    problem: str | None = None
    #: False from a game's last move until its end has been published (see `bot.publish.feeds`).
    end_published: bool = True
    #: The version the table message shows on Discord, as last recorded (None: unknown).
    table_version: int | None = None
    #: Set when the snapshot column holds something that is not valid JSON.
    snapshot_error: str | None = None

    def after_move(
        self,
        *,
        version: int,
        snapshot: dict[str, Any],
        deadline: float | None,
        status: str,
        stored_at: float,
    ) -> GameRecord:
        """This record with a move stored by `GameStore.write_move` with these values, as the
        `moves` trigger writes them into the row (migration 0005), so that a move can be
        answered before its row is read back."""
        return replace(
            self,
            version=version,
            snapshot=snapshot,
            deadline=deadline,
            status=status,
            updated_at=stored_at,
            end_published=status != "finished",
        )

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds, if any."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def away_seat_of(self, user_id: int) -> int | None:
        """The seat a CPU took over from this user, if any (they may take it back)."""
        for seat in self.seats:
            if seat.away_user_id == user_id:
                return seat.seat
        return None

    @property
    def play_channel_id(self) -> int:
        """Where the table lives: the thread, or the lobby's channel if no thread exists."""
        return self.thread_id or self.channel_id


#: The settings tables holding a `pictures` switch, with the column each is keyed on.
PICTURE_SWITCHES = {"guild_settings": "guild_id", "user_settings": "user_id"}

#: The `seats` columns a `SeatRecord` is read from.
SEAT_COLUMNS = "seat, user_id, cpu_level, name, away_user_id, away_name"


def seat_record(row: Mapping[str, Any]) -> SeatRecord:
    """The seat of a `seats` row holding `SEAT_COLUMNS` (a row of either backend)."""
    return SeatRecord(
        seat=row["seat"],
        user_id=row["user_id"],
        cpu_level=row["cpu_level"],
        name=row["name"],
        away_user_id=row["away_user_id"],
        away_name=row["away_name"],
    )


def game_record(row: Mapping[str, Any], seats: Iterable[SeatRecord]) -> GameRecord:
    """The record of a `games` row (of either backend) with its seats. Options or a snapshot
    that are not valid JSON do not raise: the record says what is wrong with it instead."""
    data = {key: row[key] for key in GAME_COLUMNS}
    try:
        data["options"] = loads(data["options"] or "{}")
    except ValueError:
        data["options"] = {}
        data["problem"] = data["problem"] or "options are not valid JSON"
    try:
        data["snapshot"] = loads(data["snapshot"]) if data["snapshot"] else None
    except ValueError as exc:
        data["snapshot"] = None
        data["snapshot_error"] = f"snapshot is not valid JSON ({exc})"
    data["end_published"] = bool(data["end_published"])
    record = GameRecord(**data)
    record.seats = list(seats)
    return record


@dataclass(frozen=True)
class StoredHand:
    """A live ephemeral hand as kept for the next process (`bot.publish.live_hands`): the
    interaction token that edits its message (with the application's id) and when that
    interaction was made."""

    game_id: int
    seat: int
    language: str
    application_id: int
    #: A secret for 15 minutes: kept out of this record's repr (and so out of any log line).
    token: str = field(repr=False)
    message_id: int
    #: The interaction's creation (Unix seconds): its token lives 15 minutes from then.
    created_at: float
    #: A pick shown back on the hand for confirmation: `(notice, encoded action)`.
    confirm: tuple[str, str] | None = None
    #: The game's server and whether it is in play (read with the hand, not stored with it).
    guild_id: int = 0
    playing: bool = True


@dataclass(frozen=True)
class DmHand:
    """A seat's hand message in its player's DMs, as kept for the next process."""

    channel_id: int
    message_id: int
    #: A pick shown back on the message for confirmation: `(notice, encoded action)`.
    confirm: tuple[str, str] | None = None


def dumps(value: Any) -> str:
    """`value` as compact JSON text, characters as they are (not escaped). pydantic's serializer
    writes it about five times as fast as the standard library's `json.dumps`, and every move
    writes its snapshot this way before it is answered. Keys keep their order (the engines'
    snapshots list them in a fixed order)."""
    return pydantic_core.to_json(value).decode()


def loads(text: str) -> Any:
    """The value of JSON text, read by pydantic's parser (about twice as fast as `json.loads`;
    a game's row is read back after every move). Raises `ValueError` for text that is not
    JSON."""
    return pydantic_core.from_json(text)
