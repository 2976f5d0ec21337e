"""The fake's world: guilds, roles, members, channels, DMs and messages, who sees what, and
the Discord objects (users, channels, the application) built from them."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from .objects import Channel, Guild, Intents, Member, Message, Permissions, Role, message_text
from .users import User, user_payload

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = ["World"]


class World:
    """Building and reading the world (mixed into
    :class:`~bot.sandbox.fakediscord.server.FakeDiscord`, whose ``__init__`` holds its state:
    ``guilds``, ``users``, ``channels``, ``messages``, ``attachments``...)."""

    @property
    def guild(self: FakeDiscord) -> Guild:
        """The first guild: where users act unless told otherwise."""
        return next(iter(self.guilds.values()))

    @guild.setter
    def guild(self: FakeDiscord, guild: Guild) -> None:
        first = next(iter(self.guilds), None)
        others = {k: v for k, v in self.guilds.items() if k not in (first, guild.id)}
        self.guilds = {guild.id: guild, **others}

    def _new_guild(
        self: FakeDiscord, name: str, locale: str, shard: tuple[int, int] | None
    ) -> Guild:
        """A guild with the four roles and the bot as a member (not yet in :attr:`guilds`)."""
        now = self.clock.time()
        guild_id = self.snowflake()
        if shard is not None:
            # Move the id's timestamp a few milliseconds on, to where `(id >> 22) % count` is
            # the wanted shard.
            shard_id, shard_count = shard
            guild_id += ((shard_id - (guild_id >> 22)) % shard_count) << 22
            self.snowflake._last = max(self.snowflake._last, guild_id)
        guild = Guild(guild_id, name, locale, self._owner_id, now)
        roles = [
            Role(guild_id, "@everyone", Permissions.EVERYONE),
            Role(
                self.snowflake(),
                self.bot_name,
                self._bot_permissions,
                1,
                managed=True,
                bot_id=self.bot_user_id,
            ),
            Role(self.snowflake(), "Manager", Permissions.MANAGE_GUILD, 2, color=0x3498DB),
            Role(self.snowflake(), "Admin", Permissions.ADMINISTRATOR, 3, color=0xE74C3C),
        ]
        guild.roles = {r.id: r for r in roles}
        guild.members[self.bot_user_id] = Member(self.bot_user_id, [roles[1].id], now)
        return guild

    @staticmethod
    def _roles(guild: Guild) -> tuple[Role, Role, Role]:
        """A guild's bot, manager and admin roles (positions 1, 2 and 3)."""
        by_position = {r.position: r for r in guild.roles.values()}
        return by_position[1], by_position[2], by_position[3]

    def add_guild(
        self: FakeDiscord,
        name: str,
        locale: str = "ja",
        *,
        shard: tuple[int, int] | None = None,
        channel_name: str = "game-table",
    ) -> Channel:
        """Another guild with the bot in it, every user a member, and one text channel; returns
        that channel (its ``guild_id`` names the guild). ``shard`` ``(shard_id, shard_count)``
        puts the guild on that shard. Connected sessions that hold it get its GUILD_CREATE."""
        guild = self._new_guild(name, locale, shard)
        self.guilds[guild.id] = guild
        now = self.clock.time()
        for user_id in self.users:
            guild.members[user_id] = Member(user_id, [], now)
        channel = self.add_channel(channel_name, guild=guild)
        if self._live_sessions():
            task = asyncio.ensure_future(self._dispatch_guild_create(guild))
            task.add_done_callback(lambda t: t.exception())
        return channel

    def guild_of(self: FakeDiscord, channel: Channel) -> Guild | None:
        """The guild of a channel or thread (None for a DM)."""
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def _new_user(self: FakeDiscord, name: str, locale: str, user_id: int | None = None) -> User:
        user = User(self, user_id or self.snowflake(), name, locale)
        self.users[user.id] = user
        for guild in self.guilds.values():
            guild.members[user.id] = Member(user.id, [], self.clock.time())
        return user

    def add_user(
        self: FakeDiscord,
        name: str,
        locale: str = "ja",
        *,
        manage_guild: bool = False,
        administrator: bool = False,
        dms_open: bool = True,
    ) -> User:
        """A member of every guild. ``manage_guild`` gives the Manage Server permission."""
        user = self._new_user(name, locale)
        user.dms_open = dms_open
        for guild in self.guilds.values():
            _, manager, admin = self._roles(guild)
            member = guild.members[user.id]
            if manage_guild:
                member.role_ids.append(manager.id)
            if administrator:
                member.role_ids.append(admin.id)
        return user

    def add_channel(
        self, name: str, *, topic: str | None = None, guild: Guild | None = None
    ) -> Channel:
        """A text channel of ``guild`` (the first one by default); CHANNEL_CREATE is sent if
        the bot is connected."""
        guild = guild or self.guild
        channel = Channel(
            id=self.snowflake(),
            type=0,
            name=name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
            topic=topic,
            created_at=self.clock.time(),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        if self._live_sessions():
            task = asyncio.ensure_future(
                self._dispatch("CHANNEL_CREATE", self._channel_dict(channel), Intents.GUILDS)
            )
            task.add_done_callback(lambda t: t.exception())
        return channel

    def set_commands(
        self: FakeDiscord, commands: list[dict[str, Any]], guild_id: int | None = None
    ) -> None:
        """Pre-register commands (as if synced earlier) for a bot that does not sync."""
        store = self.commands.setdefault(guild_id, {})
        store.clear()
        for payload in commands:
            command = self._make_command(payload, guild_id, store)
            store[(command["type"], command["name"])] = command

    def _dm_channel(self: FakeDiscord, user_id: int) -> Channel:
        channel = self._dms.get(user_id)
        if channel is None:
            channel = Channel(
                id=self.snowflake(), type=1, recipient_id=user_id, created_at=self.clock.time()
            )
            self.channels[channel.id] = channel
            self._dms[user_id] = channel
        return channel

    def channel_messages(self: FakeDiscord, channel: Channel | int | None = None) -> list[Message]:
        """Messages of a channel, thread or DM in their latest state (no ephemerals/deleted)."""
        channel_id = self._channel_arg(channel).id
        return [
            self.messages[mid]
            for mid in self._order.get(channel_id, [])
            if not self.messages[mid].deleted and not self.messages[mid].ephemeral
        ]

    def message(self: FakeDiscord, message_id: int | str) -> Message:
        """Any message by id (channel, thread, DM or ephemeral; maybe ``deleted``)."""
        try:
            return self.messages[int(message_id)]
        except KeyError:
            raise AssertionError(f"no message {message_id}") from None

    def thread_for(self: FakeDiscord, message: Message | int) -> Channel | None:
        """The thread started from ``message``, if any."""
        message_id = message.id if isinstance(message, Message) else int(message)
        for channel in self.channels.values():
            if channel.starter_message_id == message_id and not channel.deleted:
                return channel
        return None

    def threads(self: FakeDiscord, parent: Channel | int | None = None) -> list[Channel]:
        parent_id = self._channel_arg(parent).id
        return [
            c
            for c in self.channels.values()
            if c.is_thread and c.parent_id == parent_id and not c.deleted
        ]

    @property
    def dm_channels(self: FakeDiscord) -> dict[int, Channel]:
        """DM channels by user id."""
        return dict(self._dms)

    def public_messages(self: FakeDiscord) -> list[Message]:
        """Messages other members could read (guild channels and threads, not ephemeral),
        including deleted ones."""
        return [m for m in self.messages.values() if m.public]

    def public_text(self: FakeDiscord) -> str:
        """The text of every version (edits included) of every public message: what any
        member could ever have read. Scan it for hidden information."""
        return "\n".join(
            message_text(version) for m in self.public_messages() for version in m.versions
        )

    def attachment_bytes(self: FakeDiscord, attachment_id: int | str) -> bytes:
        return self.attachments[int(attachment_id)].data

    def _channel_arg(self: FakeDiscord, channel: Channel | int | None) -> Channel:
        if channel is None:
            return self.channel
        if isinstance(channel, Channel):
            return channel
        try:
            return self.channels[int(channel)]
        except KeyError:
            raise AssertionError(f"no channel {channel}") from None

    def can_see(self: FakeDiscord, user: User, msg: Message) -> bool:
        """Whether ``user`` may see ``msg`` (its channel, thread or DM, or its ephemeral)."""
        return self._can_see(user, msg)

    def _can_see(self: FakeDiscord, user: User, msg: Message) -> bool:
        if msg.ephemeral_for is not None:
            return msg.ephemeral_for == user.id
        channel = self.channels.get(msg.channel_id)
        if channel is None:
            return False
        if channel.is_dm:
            return channel.recipient_id == user.id
        if channel.type == 12:
            perms = self.guilds[channel.guild_id].permissions_of(user.id)  # type: ignore[index]
            return user.id in channel.member_ids or bool(perms & Permissions.MANAGE_THREADS)
        return True

    def _visible_message(self: FakeDiscord, user: User, message: Message | int) -> Message:
        msg = message if isinstance(message, Message) else self.message(message)
        msg = self.messages.get(msg.id, msg)
        if msg.deleted:
            raise AssertionError(f"message {msg.id} was deleted")
        if not self._can_see(user, msg):
            raise AssertionError(f"{user!r} cannot see message {msg.id}")
        return msg

    def _bot_user_dict(self: FakeDiscord, private: bool = False) -> dict[str, Any]:
        data = user_payload(self.bot_user_id, self.bot_name, None, discriminator="4821", bot=True)
        if private:
            data.update(
                verified=True,
                mfa_enabled=False,
                email=None,
                locale="en-US",
                premium_type=0,
                bio="",
            )
        return data

    def _user_dict(self: FakeDiscord, user_id: int) -> dict[str, Any]:
        if user_id == self.bot_user_id:
            return self._bot_user_dict()
        return self.users[user_id].to_dict()

    def _user_dicts(self: FakeDiscord) -> dict[int, dict[str, Any]]:
        return {uid: u.to_dict() for uid, u in self.users.items()}

    def _channel_dict(self: FakeDiscord, channel: Channel) -> dict[str, Any]:
        return channel.to_dict(self._user_dicts() if channel.is_dm else None)

    def _application_flags(self: FakeDiscord) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.privileged_intents & Intents.GUILD_PRESENCES:
            flags |= 1 << 13
        if self.privileged_intents & Intents.GUILD_MEMBERS:
            flags |= 1 << 15
        if self.privileged_intents & Intents.MESSAGE_CONTENT:
            flags |= 1 << 19
        return flags

    def _application_dict(self: FakeDiscord) -> dict[str, Any]:
        install = {
            "scopes": ["bot", "applications.commands"],
            "permissions": str(self.bot_role.permissions),
        }
        return {
            "id": str(self.application_id),
            "name": self.bot_name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": secrets.token_hex(32),
            "flags": self._application_flags(),
            "owner": self.owner.to_dict(),
            "team": None,
            "bot": self._bot_user_dict(),
            "rpc_origins": [],
            "redirect_uris": [],
            "tags": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "terms_of_service_url": None,
            "privacy_policy_url": None,
            "install_params": install,
            "integration_types_config": {"0": {"oauth2_install_params": install}},
            "approximate_guild_count": 1,
            "approximate_user_install_count": 0,
        }
