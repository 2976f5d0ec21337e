"""The publisher's parts put together: what the service hands every change to
(`bot.session.Publisher`), and the parts the handlers answer clicks with
(`bot.ports.HandPublisher`). It only assembles; each concern lives in its part."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.publish.dm_hands import DmHands
from bot.publish.drawing import Drawing
from bot.publish.feeds import Feeds
from bot.publish.live_hands import LiveHands

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

    async def table_shows(self, session: Session, version: int) -> None:
        """See `Feeds.table_shows`."""
        await self.feeds.table_shows(session, version)

    # -- for the bot's life -------------------------------------------------------------------

    def dm_hand_clicked_elsewhere(self, game_id: int, seat: int) -> None:
        """A click on a DM hand that another process answered (see
        `DmHands.clicked_elsewhere`): the game's feed, if this process owns the game, brings
        that message in step."""
        self.dm_hands.clicked_elsewhere(game_id, seat)
        self.feeds.refresh_hands(game_id, dm=True)

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
