"""The narrow things the publisher's parts are built with: the slices of the store each reads and
writes, and the part of Discord it sends through. The store (`bot.storage.queries.GameStore`)
and discord.py's client provide them; tests can provide a few methods instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.storage.ratings import RatingChange
    from bot.storage.records import DmHand, StoredHand


#: A pick a DM hand shows for confirmation: `(notice, encoded action)`, or none.
Pick = tuple[str, str] | None


class PictureSwitches(Protocol):
    """Whether pictures are on, per server and per player (`/settings`)."""

    async def guild_pictures(self, guild_id: int) -> bool: ...

    async def user_pictures(self, user_id: int) -> bool: ...


class PlayerSettings(Protocol):
    """How each player gets their hand (ephemeral or DM) and in which language, and where a DM
    hand is."""

    async def user_settings(self, user_id: int) -> tuple[str, str]: ...

    async def hand_message(self, game_id: int, seat: int) -> tuple[int, int] | None: ...


class TableRecords(PictureSwitches, PlayerSettings, Protocol):
    """What a game's feed reads and writes: its messages and the version its table shows."""

    async def update_game(self, game_id: int, **values: Any) -> None: ...

    async def set_table_version(self, game_id: int, version: int) -> None: ...

    async def rating_changes(self, game_id: int) -> list[RatingChange]: ...


class DmHandRecords(PictureSwitches, PlayerSettings, Protocol):
    """Each seat's DM hand message and the pick it shows, kept for restarts and for the other
    processes (`SHARED`: a database several processes use)."""

    SHARED: bool

    async def dm_hand(self, game_id: int, seat: int) -> DmHand | None: ...

    async def set_hand_message(
        self, game_id: int, seat: int, channel_id: int, message_id: int, confirm: Pick = None
    ) -> None: ...

    async def set_dm_hand_pick(
        self, game_id: int, seat: int, message_id: int, confirm: Pick, *, announce: bool = False
    ) -> None: ...

    async def replace_dm_hand_pick(
        self, game_id: int, seat: int, message_id: int, shown: Pick, confirm: Pick
    ) -> None: ...

    async def delete_hand_message(self, game_id: int, seat: int) -> None: ...


class LiveHandRecords(PictureSwitches, Protocol):
    """The live hands kept for the next process (their tokens edit the messages)."""

    async def set_live_hand(self, hand: StoredHand) -> None: ...

    async def delete_live_hand(self, game_id: int, seat: int) -> None: ...

    async def live_hands(self) -> list[StoredHand]: ...


class PublisherStore(TableRecords, DmHandRecords, LiveHandRecords, Protocol):
    """Everything the publisher as a whole reads and writes."""


class Channels(Protocol):
    """The part of Discord the feeds and DM hands send through (discord.py's client)."""

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...
