"""The narrow things the handlers (`bot.play`, `bot.lobby`, `bot.history`, `bot.quotas`) are built
with: the service, the publisher's face to a click, the slices of the store each reads and
writes, and the lobby's locks. `bot.client` wires the real ones; a test can hand a few methods.
(What a control's click calls, `interaction.client` as discord.py hands it over, is
`bot.components.ClickHandlers`: controls sit below the publisher, which builds them.)"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncio

    import discord

    from bot.publish.dm_hands import DmHands
    from bot.publish.drawing import Drawing
    from bot.publish.feeds import Feeds
    from bot.publish.live_hands import LiveHands
    from bot.session import Answer, MoveOutcome, OnWait, Session, Source
    from bot.storage.ratings import Board, TitleStats
    from bot.storage.records import GameRecord, OpenCounts, SeatRecord
    from games.core import Action, Lang


class GameService(Protocol):
    """Every change to a game goes through the service (`bot.sessions.Sessions`)."""

    async def get(self, game_id: int) -> Session | None: ...

    async def play(
        self,
        game_id: int,
        seat: int,
        action: Action,
        *,
        expected_version: int | None = None,
        source: Source = "human",
        answer: Answer | None = None,
        on_wait: OnWait | None = None,
    ) -> MoveOutcome: ...

    async def start(self, record: GameRecord) -> Session: ...

    async def abandon(
        self, game_id: int, *, on_wait: OnWait | None = None
    ) -> GameRecord | None: ...

    async def return_seat(
        self, game_id: int, seat: int, user_id: int, *, on_wait: OnWait | None = None
    ) -> GameRecord | None: ...

    def page_seen(self, game_id: int, seat: int, version: int) -> bool: ...


class HandPublisher(Protocol):
    """What a click's answer uses of the publisher (`bot.publish.publisher.Publisher`): its
    pictures and quick answers, the table's feed (a click's own table answer), and the live
    and DM hands a click shows and notes."""

    drawing: Drawing
    feeds: Feeds
    hands: LiveHands
    dm_hands: DmHands


class GameRecords(Protocol):
    """A game's stored record (a game not loaded, or over)."""

    async def get(self, game_id: int) -> GameRecord | None: ...


class PlayRecords(GameRecords, Protocol):
    """What a click in a game reads besides the service: how the player gets their hand; and
    the abandoning of a game the service cannot load."""

    async def user_settings(self, user_id: int) -> tuple[str, str]: ...

    async def abandon_game(self, game_id: int) -> GameRecord | None: ...


class HistoryRecords(GameRecords, Protocol):
    """A game's whole log, for reading."""

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]: ...


class ReplayRecords(HistoryRecords, Protocol):
    """A finished game's whole log, to step through (`bot.replays`), and whether its server and
    its reader have pictures on."""

    async def guild_pictures(self, guild_id: int) -> bool: ...

    async def user_pictures(self, user_id: int) -> bool: ...


class LobbyRecords(GameRecords, Protocol):
    """A lobby's record: created, its options and seats changed."""

    async def games(
        self, *, statuses: Iterable[str], channel_id: int | None
    ) -> list[GameRecord]: ...

    async def create_game(
        self,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        language: str,
        seed: int,
        options: dict[str, Any],
        cpu_level: str,
        turn_seconds: int,
    ) -> GameRecord: ...

    async def update_game(self, game_id: int, **values: Any) -> None: ...

    async def set_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None: ...

    async def remember_language(self, user_id: int, language: str) -> None: ...


class QuotaRecords(GameRecords, Protocol):
    """What the usage limits count, and the lobbies left idle."""

    async def open_counts(self, user_id: int, channel_id: int, *, db: Any = None) -> OpenCounts: ...

    async def idle_lobbies(self, before: float) -> list[int]: ...


class LobbyLocks(Protocol):
    """One lock per lobby (seats and options change one at a time), owned by the lobby and
    borrowed by the usage limits when they close an idle lobby."""

    def lock(self, game_id: int) -> asyncio.Lock: ...

    def closed(self, game_id: int) -> None: ...


class LobbyQuotas(Protocol):
    """The usage limits a lobby asks before it opens, seats a player, or starts: a refusal's
    text, or None."""

    async def newgame(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None: ...

    def opened(self, user_id: int) -> None: ...

    async def join(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None: ...

    async def start(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None: ...


class StandingRecords(Protocol):
    """A server's records and ratings, for reading (`/stats`, `/leaderboard`)."""

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[TitleStats]: ...

    async def leaderboard(
        self, guild_id: int, game: str, *, size: int = 10, viewer: int | None = None
    ) -> Board: ...
