"""The publisher's parts put together: what the service hands every change to
(`bot.sessions.Publisher`), and what the handlers answer clicks with (`bot.ports.HandPublisher`).
It only assembles and delegates; each concern lives in its part."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.publish.dm_hands import DmHands
from bot.publish.drawing import Drawing
from bot.publish.feeds import Feeds
from bot.publish.live_hands import LiveHand, LiveHands
from bot.publish.payload import Fingerprint, Payload
from games.core import Lang

if TYPE_CHECKING:
    from bot.publish.ports import PublisherStore
    from bot.session import MoveOutcome, Session
    from bot.storage.records import GameRecord


class Publisher:
    """Keeps Discord current for every game of this process: its feeds, live hands, DM hands and
    drawing. `client` is discord.py's client (its channels, and the HTTP session interaction
    webhooks use); `owns` tells whether this process owns a game."""

    def __init__(
        self,
        store: PublisherStore,
        client: discord.Client,
        *,
        repost_minutes: Callable[[], float],
        hand_lifetime: Callable[[], float],
        owns: Callable[[GameRecord], bool],
    ) -> None:
        self.drawing = Drawing(store)
        self.hands = LiveHands(
            self.drawing,
            store,
            client,
            hand_lifetime,
            wake=lambda game_id: self.feeds.refresh_hands(game_id),
        )
        self.dm_hands = DmHands(
            self.drawing,
            store,
            client,
            owns,
            wake=lambda game_id: self.feeds.refresh_hands(game_id, dm=True),
        )
        self.feeds = Feeds(
            client,
            store,
            self.drawing,
            self.hands,
            self.dm_hands,
            repost_minutes=repost_minutes,
            owns=owns,
        )

    # -- for the service ----------------------------------------------------------------------

    def publish(
        self, session: Session, outcome: MoveOutcome | None = None, *, table_shown: bool = False
    ) -> None:
        """See `Feeds.publish`."""
        self.feeds.publish(session, outcome, table_shown=table_shown)

    # -- for the handlers ---------------------------------------------------------------------

    async def pictures_on(self, session: Session) -> bool:
        return await self.drawing.pictures_on(session)

    def shows_table(self, session: Session, message_id: int | None) -> bool:
        return self.feeds.shows_table(session, message_id)

    async def table_answer(self, session: Session) -> Payload | None:
        return await self.feeds.table_answer(session)

    def answer_later(
        self, session: Session, interaction: discord.Interaction[Any], lang: Lang
    ) -> None:
        self.feeds.answer_later(session, interaction, lang)

    async def hand_answer(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
    ) -> Payload:
        return await self.drawing.hand_answer(session, seat, lang, notice, confirm=confirm)

    async def hand_message(
        self, session: Session, seat: int, lang: Lang, *, notice: str | None = None
    ) -> Payload:
        return await self.drawing.hand_message(session, seat, lang, notice=notice)

    def live_hand(self, game_id: int, seat: int) -> LiveHand | None:
        return self.hands.live(game_id, seat)

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
    ) -> None:
        """See `LiveHands.shown`."""
        self.hands.shown(
            session,
            seat,
            lang,
            interaction,
            message_id,
            shown,
            confirm,
            plain,
            picture_behind=picture_behind,
            replace=replace,
        )

    def hand_not_shown(
        self, game_id: int, seat: int, interaction: discord.Interaction[Any]
    ) -> None:
        self.hands.discard(game_id, seat, interaction)

    async def send_dm_hand(self, session: Session, seat: int, user_id: int, lang: Lang) -> bool:
        return await self.dm_hands.send(session, seat, user_id, lang)

    async def answer_dm_hand(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        message_id: int,
        update: Callable[[Payload], Awaitable[None]],
    ) -> None:
        await self.dm_hands.answer_move(session, seat, lang, message_id, update)

    async def dm_hand_clicked(
        self,
        session: Session,
        seat: int,
        message_id: int,
        pick: tuple[str, str] | None,
        shown: Fingerprint,
        *,
        picture: bool,
    ) -> None:
        await self.dm_hands.clicked(session, seat, message_id, pick, shown, picture=picture)

    def dm_hand_not_shown(self, game_id: int, seat: int) -> None:
        self.dm_hands.not_shown(game_id, seat)

    # -- for the bot's life -------------------------------------------------------------------

    def dm_hand_clicked_elsewhere(self, game_id: int, seat: int) -> None:
        """A click on a DM hand that another process answered (see
        `DmHands.clicked_elsewhere`): the game's feed, if this process owns the game, brings
        that message in step."""
        self.dm_hands.clicked_elsewhere(game_id, seat)
        self.feeds.refresh_owned_dm_hands(game_id)

    def dm_hands_unknown(self) -> None:
        self.dm_hands.all_unknown()

    def idle(self, game_id: int) -> bool:
        return self.feeds.idle(game_id)

    def table_message_id(self, game_id: int) -> int | None:
        return self.feeds.table_message_id(game_id)

    def close(self) -> None:
        """Stop publishing (the bot is shutting down; a restart republishes what is behind)."""
        self.feeds.close()

    async def kept(self) -> None:
        """Wait for what is being kept in the store in the background (live hands, DM hand
        picks), before the store closes."""
        await self.hands.saved()
        await self.dm_hands.picks_kept()
