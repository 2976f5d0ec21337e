"""The narrow things the handlers (`bot.play`, `bot.lobby`, `bot.history`, `bot.quotas`) are built
with: the service, the publisher's face to a click, the slices of the store each reads and
writes, and the lobby's locks. `bot.client` wires the real ones; a test can hand a few methods.
(What a control's click calls, `interaction.client` as discord.py hands it over, is
`bot.components.ClickHandlers`: controls sit below the publisher, which builds them.)"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncio

    import discord

    from bot.publish.live_hands import LiveHand
    from bot.publish.payload import Fingerprint, Payload
    from bot.session import Answer, MoveOutcome, OnWait, Session, Source
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


class HandPublisher(Protocol):
    """What a click's answer asks of the publisher (`bot.publish.publisher.Publisher`): the
    table and hands as quick answers, and what it notes of the hand a click shows."""

    async def pictures_on(self, session: Session) -> bool: ...

    def shows_table(self, session: Session, message_id: int | None) -> bool: ...

    async def table_answer(self, session: Session) -> Payload | None: ...

    def answer_later(
        self, session: Session, interaction: discord.Interaction[Any], lang: Lang
    ) -> None: ...

    async def hand_answer(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
    ) -> Payload: ...

    async def hand_message(
        self, session: Session, seat: int, lang: Lang, *, notice: str | None = None
    ) -> Payload: ...

    def live_hand(self, game_id: int, seat: int) -> LiveHand | None: ...

    def hand_shown(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        interaction: discord.Interaction[Any],
        message_id: int,
        shown: Fingerprint,
        confirm: tuple[str, str] | None = None,
        plain: Fingerprint | None = None,
        *,
        picture_behind: bool = False,
        replace: bool = True,
    ) -> None: ...

    def hand_not_shown(
        self, game_id: int, seat: int, interaction: discord.Interaction[Any]
    ) -> None: ...

    async def send_dm_hand(self, session: Session, seat: int, user_id: int, lang: Lang) -> bool: ...

    async def answer_dm_hand(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        message_id: int,
        update: Callable[[Payload], Awaitable[None]],
    ) -> None: ...

    async def dm_hand_clicked(
        self,
        session: Session,
        seat: int,
        message_id: int,
        pick: tuple[str, str] | None,
        shown: Fingerprint,
        *,
        picture: bool,
    ) -> None: ...

    def dm_hand_not_shown(self, game_id: int, seat: int) -> None: ...


class GameRecords(Protocol):
    """A game's stored record (a game not loaded, or over)."""

    async def get(self, game_id: int) -> GameRecord | None: ...


class PlayRecords(GameRecords, Protocol):
    """What a click in a game reads besides the service: how the player gets their hand."""

    async def user_settings(self, user_id: int) -> tuple[str, str]: ...


class HistoryRecords(GameRecords, Protocol):
    """A game's whole log, for reading."""

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]: ...


class LobbyRecords(GameRecords, Protocol):
    """A lobby's record: created, its options and seats changed."""

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
