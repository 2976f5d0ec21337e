"""The fake Discord server and the test-facing API (:class:`FakeDiscord`, :class:`User`)."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import itertools
import logging
import re
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, TypeVar

import yarl
from aiohttp import web

from .faults import Faults
from .gateway import GatewayConnection, GatewaySession, GatewayStats, handle_gateway
from .limits import SELECT_TYPES
from .objects import (
    Channel,
    FakeClock,
    Guild,
    Intents,
    Member,
    Message,
    Permissions,
    Role,
    SnowflakeFactory,
    iso,
    message_text,
)
from .records import Interaction, RequestRecord, Violation
from .rest import API_PREFIX, RestApi
from .spec import SpecValidator, load_spec_validator

__all__ = ["FakeDiscord", "User"]

_log = logging.getLogger(__name__)
T = TypeVar("T")

_UNSET: Any = object()
_MAX_SAFE_INT = 2**53


def user_payload(
    user_id: int, username: str, global_name: str | None, discriminator: str = "0", **extra: Any
) -> dict[str, Any]:
    """A Discord user object with the profile fields the fake leaves empty (`extra`: more
    fields, such as `bot=True`)."""
    return {
        "id": str(user_id),
        "username": username,
        "global_name": global_name,
        "avatar": None,
        "discriminator": discriminator,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
        "clan": None,
        **extra,
    }


class User:
    """A human test user. Create with :meth:`FakeDiscord.add_user`."""

    def __init__(
        self, fake: FakeDiscord, id: int, name: str, locale: str, *, dms_open: bool = True
    ) -> None:
        self._fake = fake
        self.id = id
        self.name = name
        self.locale = locale
        self.dms_open = dms_open
        self.username = re.sub(r"[^a-z0-9_.]", "", name.lower()) or f"user{id % 10000}"

    def __repr__(self) -> str:
        return f"<User {self.name} id={self.id} locale={self.locale}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> int:
        """This member's permissions in the first guild (:attr:`FakeDiscord.guild`)."""
        return self._fake.guild.permissions_of(self.id)

    def to_dict(self) -> dict[str, Any]:
        return user_payload(self.id, self.username, self.name)

    # ------------------------------------------------------------ acting

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: Channel | int | None = None,
        check_permissions: bool = True,
    ) -> Interaction:
        """Run ``/command`` (``"game list"`` for subcommands) with named option values.

        The command and its options are checked against what the bot registered.
        User options take :class:`User` (or an id), channel options a :class:`Channel` or id.
        """
        return await self._fake._slash(self, command, options or {}, channel, check_permissions)

    async def autocomplete(
        self,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        channel: Channel | int | None = None,
    ) -> Interaction:
        """Type into option ``focused`` (an autocomplete option) of ``/command``.

        ``options[focused]`` is the partial text; the answer's ``choices`` hold the result.
        """
        return await self._fake._slash(self, command, options, channel, True, focused)

    async def click(
        self, message: Message | int, custom_id: str | None = None, *, label: str | None = None
    ) -> Interaction:
        """Click the button ``custom_id`` (or the one labelled ``label``) on ``message``.

        The message must be visible to this user and really carry an enabled button.
        """
        msg = self._fake._visible_message(self, message)
        if label is not None:
            component = msg.button(label)
        elif custom_id is not None:
            component = msg.component(custom_id)
            if component is None:
                raise AssertionError(
                    f"message {msg.id} has no component {custom_id!r}: {msg.custom_ids}"
                )
        else:
            raise TypeError("click() needs a custom_id or a label")
        if component.get("type") != 2:
            raise AssertionError(f"{component.get('custom_id')!r} is not a button; use select()")
        if component.get("style") in (5, 6) or not component.get("custom_id"):
            raise AssertionError("link and premium buttons do not create interactions")
        if component.get("disabled"):
            raise AssertionError(f"button {component.get('custom_id')!r} is disabled")
        return await self.click_raw(msg.id, msg.channel_id, component["custom_id"])

    async def select(
        self, message: Message | int, custom_id: str, values: list[str]
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` of ``message``."""
        msg = self._fake._visible_message(self, message)
        component = msg.component(custom_id)
        if component is None or component.get("type") not in SELECT_TYPES:
            raise AssertionError(f"message {msg.id} has no select {custom_id!r}")
        if component.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise AssertionError(f"select {custom_id!r} takes {low}..{high} values, not {values}")
        if component["type"] == 3:
            allowed = [o.get("value") for o in component.get("options") or []]
            unknown = [v for v in values if v not in allowed]
            if unknown:
                raise AssertionError(f"values {unknown} are not options of {custom_id!r}")
        return await self.click_raw(
            msg.id, msg.channel_id, custom_id, component["type"], values=list(values)
        )

    async def click_raw(
        self,
        message_id: int,
        channel_id: int,
        custom_id: str,
        component_type: int = 2,
        *,
        values: list[str] | None = None,
    ) -> Interaction:
        """Send a component interaction without any check (forged or stale custom_ids)."""
        return await self._fake._component(
            self, message_id, channel_id, custom_id, component_type, values
        )

    async def submit_modal(
        self, interaction: Interaction, values: dict[str, str] | None = None
    ) -> Interaction:
        """Submit the modal the bot showed in answer to ``interaction`` (callback type 9).

        ``values`` maps a field's custom_id (or its label) to the text typed, or to the
        list of values picked for a select inside a Label.
        """
        return await self._fake._modal_submit(self, interaction, values or {})

    async def say(self, content: str, *, channel: Channel | int | None = None) -> Message:
        """Post a plain message as this user (MESSAGE_CREATE reaches the bot)."""
        target = self._fake._channel_arg(channel)
        return await self._fake._create_message(target, {"content": content}, [], author_id=self.id)

    def close_dms(self) -> None:
        """From now on the bot gets 403 / 50007 when it sends this user a DM."""
        self.dms_open = False

    def open_dms(self) -> None:
        self.dms_open = True

    # ------------------------------------------------------------ reading

    def ephemerals(self) -> list[Message]:
        """Ephemeral messages only this user saw, latest state, oldest first."""
        return [
            m for m in self._fake.messages.values() if m.ephemeral_for == self.id and not m.deleted
        ]

    @property
    def dm_channel(self) -> Channel:
        """The DM channel between the bot and this user (created on demand)."""
        return self._fake._dm_channel(self.id)

    def dms(self) -> list[Message]:
        """Messages in this user's DM channel with the bot."""
        channel = self._fake._dms.get(self.id)
        return [] if channel is None else self._fake.channel_messages(channel.id)

    def visible_messages(self) -> list[Message]:
        """Everything this user can see: guild channels and threads, their DMs, ephemerals."""
        return [
            m
            for m in self._fake.messages.values()
            if not m.deleted and self._fake._can_see(self, m)
        ]


class FakeDiscord(RestApi):
    """A Discord server on 127.0.0.1 that an unmodified discord.py client logs into.

    Use ``async with FakeDiscord() as fake:`` (starts the server and patches discord.py's
    endpoints), add users with :meth:`add_user`, run the bot with :meth:`run_bot`, act
    with ``user.slash`` / ``user.click`` / ``user.select`` and read the state with
    :meth:`channel_messages`, :meth:`message`, ``user.ephemerals()`` and :attr:`requests`.

    Anything a real Discord would reject (bodies that break the OpenAPI schema or the
    documented limits, a second acknowledgement, a late first response...) is answered like
    Discord does *and* recorded in :attr:`violations`; :meth:`assert_clean` fails on them.

    Arguments: ``guild_locale`` is the guild's ``preferred_locale``; ``spec`` a
    :class:`SpecValidator`, ``None`` to skip schema checks, or (default) the document found
    by :func:`~bot.sandbox.fakediscord.spec.find_spec_path`; ``response_deadline`` (3 s) and
    ``token_lifetime`` (15 min) are Discord's interaction timings; ``privileged_intents``
    are the intent bits the application may ask for (none by default: IDENTIFY with one is
    closed with 4014); ``bot_permissions`` are the bot role's permissions;
    ``guild_shard`` ``(shard_id, shard_count)`` gives the guild an id on that shard (see
    :mod:`.gateway` for how sessions are sharded).

    The world starts with one guild (:attr:`guild`, with :attr:`channel`); :meth:`add_guild`
    adds more (each with its own roles and first channel, every user a member of every guild),
    so that a sharded bot's guilds can be spread over its shards. Interactions, events and
    REST routes act on the guild of the channel concerned; ``user.permissions``,
    :attr:`bot_role`, :attr:`manager_role` and :attr:`admin_role` are the first guild's.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Kasane Table Test",
        guild_locale: str = "ja",
        channel_name: str = "game-table",
        bot_name: str = "KasaneTable",
        token: str | None = None,
        spec: Any = _UNSET,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval: float = 41.25,
        privileged_intents: int = 0,
        bot_permissions: int = Permissions.BOT,
        guild_shard: tuple[int, int] | None = None,
    ) -> None:
        self.clock = FakeClock()
        self.snowflake = SnowflakeFactory(self.clock)
        self.token = token or f"{secrets.token_urlsafe(18)}.fake.{secrets.token_urlsafe(27)}"
        self.spec: SpecValidator | None = load_spec_validator() if spec is _UNSET else spec
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.privileged_intents = privileged_intents
        self.bot_name = bot_name

        self.requests: list[RequestRecord] = []
        self.errors: list[RequestRecord] = []
        self.unexpected_requests: list[RequestRecord] = []
        self.violations: list[Violation] = []
        self.gateway = GatewayStats()
        #: Faults to inject (rate limits, 5xx, slow answers...): see :mod:`.faults`.
        self.faults = Faults(self)
        self.command_syncs: list[tuple[int | None, list[str]]] = []

        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Any] = {}
        self.commands: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._order: dict[int, list[int]] = {}
        self._dms: dict[int, Channel] = {}
        self._sessions: list[GatewaySession] = []
        self._connections: set[GatewayConnection] = set()
        self._changed = asyncio.Event()
        #: Counts state changes (requests, messages, interactions); see :meth:`wait_change`.
        self.changes = 0
        self._runner: web.AppRunner | None = None
        self._patched = 0
        self._port = 0
        self._names = itertools.count(1)

        self.application_id = self.snowflake()
        self.bot_user_id = self.application_id
        owner_id = self.snowflake()
        self._owner_id = owner_id
        self._bot_permissions = bot_permissions
        #: Every guild by id, the first one (:attr:`guild`) first.
        self.guilds: dict[int, Guild] = {}
        self.guild = self._new_guild(guild_name, guild_locale, guild_shard)
        self.bot_role, self.manager_role, self.admin_role = self._roles(self.guild)
        self.owner = self._new_user("owner", "en-US", owner_id)
        self.channel = self.add_channel(channel_name)

    @property
    def guild(self) -> Guild:
        """The first guild: where users act unless told otherwise."""
        return next(iter(self.guilds.values()))

    @guild.setter
    def guild(self, guild: Guild) -> None:
        first = next(iter(self.guilds), None)
        others = {k: v for k, v in self.guilds.items() if k not in (first, guild.id)}
        self.guilds = {guild.id: guild, **others}

    def _new_guild(self, name: str, locale: str, shard: tuple[int, int] | None) -> Guild:
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
        self,
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

    async def _dispatch_guild_create(self, guild: Guild) -> None:
        for session in self._live_sessions():
            if session.holds(guild.id):
                await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild of a channel or thread (None for a DM)."""
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    # ------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` is set to."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/gateway"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._root)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self._port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for conn in list(self._connections):
            await conn.close(1001, "Server shutting down")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._patch_stack = contextlib.ExitStack()
        self._patch_stack.enter_context(self.patch_client())
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._patch_stack.close()
        await self.stop()

    @contextlib.contextmanager
    def patch_client(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST base and default gateway at this server."""
        import discord.gateway
        import discord.http

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        self._patched += 1
        try:
            yield self
        finally:
            self._patched -= 1
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @contextlib.asynccontextmanager
    async def run_bot(
        self,
        bot: Any,
        *,
        timeout: float = 15.0,
        fast_ready: bool = True,
        fast_reidentify: bool = True,
    ) -> AsyncIterator[Any]:
        """Run ``bot.start(token)`` until the block ends; waits for ``on_ready`` first.

        Two discord.py waits are shortened on this bot instance (the library is untouched):
        ``fast_ready`` sets ``guild_ready_timeout`` (2 s of waiting for more GUILD_CREATEs
        before ``on_ready``) to 0.05 s, and ``fast_reidentify`` skips the 5 s sleep that
        ``Client.before_identify_hook`` does before every non-initial IDENTIFY.
        """
        if fast_ready:
            bot._connection.guild_ready_timeout = 0.05
        if fast_reidentify:

            async def before_identify_hook(shard_id: int | None, *, initial: bool = False) -> None:
                return None

            bot.before_identify_hook = before_identify_hook
        patch = contextlib.nullcontext() if self._patched else self.patch_client()
        first_session = len(self._sessions)
        with patch:
            task = asyncio.create_task(bot.start(self.token), name="fake-discord-bot")
            try:
                await self.wait_for(
                    lambda: task.done() or bot.is_ready(), timeout, "the bot to be ready"
                )
                if task.done():
                    task.result()
                    raise AssertionError("the bot stopped before it was ready")
                yield bot
            finally:
                if not bot.is_closed():
                    await bot.close()
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(task, 10)
                # discord.py closes with 4000 (resumable) even on Client.close(); nobody will
                # resume these sessions, so stop routing interactions to them.
                for session in self._sessions[first_session:]:
                    session.resumable = False

    async def _root(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/gateway" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await handle_gateway(self, request)
        if request.method == "GET" and request.path.startswith("/attachments/"):
            return self._serve_attachment(request.path)
        return await self._handle_rest(request)

    def _serve_attachment(self, path: str) -> web.StreamResponse:
        """An uploaded file at the URL its attachment object names (Discord's CDN)."""
        match = re.fullmatch(r"/attachments/(\d+)/(\d+)/([^/]+)", path)
        attachment = self.attachments.get(int(match.group(2))) if match else None
        if attachment is None or attachment.filename != match.group(3):
            return web.Response(status=404, text="404: Not Found")
        kind = attachment.media_type or "application/octet-stream"
        return web.Response(body=attachment.data, content_type=kind)

    # ------------------------------------------------------------ world building

    def _new_user(self, name: str, locale: str, user_id: int | None = None) -> User:
        user = User(self, user_id or self.snowflake(), name, locale)
        self.users[user.id] = user
        for guild in self.guilds.values():
            guild.members[user.id] = Member(user.id, [], self.clock.time())
        return user

    def add_user(
        self,
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

    def set_commands(self, commands: list[dict[str, Any]], guild_id: int | None = None) -> None:
        """Pre-register commands (as if synced earlier) for a bot that does not sync."""
        store = self.commands.setdefault(guild_id, {})
        store.clear()
        for payload in commands:
            command = self._make_command(payload, guild_id, store)
            store[(command["type"], command["name"])] = command

    def _dm_channel(self, user_id: int) -> Channel:
        channel = self._dms.get(user_id)
        if channel is None:
            channel = Channel(
                id=self.snowflake(), type=1, recipient_id=user_id, created_at=self.clock.time()
            )
            self.channels[channel.id] = channel
            self._dms[user_id] = channel
        return channel

    # ------------------------------------------------------------ reading

    def channel_messages(self, channel: Channel | int | None = None) -> list[Message]:
        """Messages of a channel, thread or DM in their latest state (no ephemerals/deleted)."""
        channel_id = self._channel_arg(channel).id
        return [
            self.messages[mid]
            for mid in self._order.get(channel_id, [])
            if not self.messages[mid].deleted and not self.messages[mid].ephemeral
        ]

    def message(self, message_id: int | str) -> Message:
        """Any message by id (channel, thread, DM or ephemeral; maybe ``deleted``)."""
        try:
            return self.messages[int(message_id)]
        except KeyError:
            raise AssertionError(f"no message {message_id}") from None

    def thread_for(self, message: Message | int) -> Channel | None:
        """The thread started from ``message``, if any."""
        message_id = message.id if isinstance(message, Message) else int(message)
        for channel in self.channels.values():
            if channel.starter_message_id == message_id and not channel.deleted:
                return channel
        return None

    def threads(self, parent: Channel | int | None = None) -> list[Channel]:
        parent_id = self._channel_arg(parent).id
        return [
            c
            for c in self.channels.values()
            if c.is_thread and c.parent_id == parent_id and not c.deleted
        ]

    @property
    def dm_channels(self) -> dict[int, Channel]:
        """DM channels by user id."""
        return dict(self._dms)

    def public_messages(self) -> list[Message]:
        """Messages other members could read (guild channels and threads, not ephemeral),
        including deleted ones."""
        return [m for m in self.messages.values() if m.public]

    def public_text(self) -> str:
        """The text of every version (edits included) of every public message: what any
        member could ever have read. Scan it for hidden information."""
        return "\n".join(
            message_text(version) for m in self.public_messages() for version in m.versions
        )

    def request_counts(self) -> Counter[str]:
        """How many requests per route template (``"POST /channels/{channel_id}/messages"``)."""
        return Counter(r.route or f"{r.method} {r.path}" for r in self.requests)

    def requests_to(self, method: str, template: str) -> list[RequestRecord]:
        return [r for r in self.requests if r.route == f"{method} {template}"]

    def sent_text(self) -> str:
        """Every request body the bot ever sent, as one string (hidden-information scans)."""
        return "\n".join(r.body_text for r in self.requests if r.json is not None)

    def attachment_bytes(self, attachment_id: int | str) -> bytes:
        return self.attachments[int(attachment_id)].data

    # ------------------------------------------------------------ waiting

    async def wait_for(
        self,
        predicate: Callable[[], T | Awaitable[T]],
        timeout: float = 5.0,
        what: str | None = None,
    ) -> T:
        """Poll ``predicate`` on every state change until it returns something truthy."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if inspect.isawaitable(result):
                result = await result
            if result:
                return result  # type: ignore[return-value]
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot has identified (READY and GUILD_CREATE sent)."""
        await self.wait_for(
            lambda: any(s.connection is not None for s in self._live_sessions()),
            timeout,
            "a gateway session",
        )

    # ------------------------------------------------------------ gateway controls

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket (4000: discord.py reconnects and RESUMEs)."""
        for session in self._live_sessions():
            if session.connection is not None:
                await session.connection.close(code, "Dropped by the test")

    async def invalidate_session(self, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION (``d=false`` forces a fresh IDENTIFY)."""
        for session in self._live_sessions():
            if not resumable:
                session.resumable = False
            if session.connection is not None:
                await session.connection.send({"op": 9, "s": None, "t": None, "d": resumable})

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT (discord.py closes and RESUMEs)."""
        for session in self._live_sessions():
            if session.connection is not None:
                await session.connection.send({"op": 7, "s": None, "t": None, "d": None})

    # ------------------------------------------------------------ checks

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Remove and return the recorded violations (of one kind prefix, or all)."""
        taken = [v for v in self.violations if kind is None or v.kind.startswith(kind)]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def check_deadlines(self) -> None:
        """Record interactions that were dispatched but not acknowledged in time."""
        now = self.clock.monotonic()
        for inter in self.interactions.values():
            self._check_deadline(inter, now)

    def assert_clean(self) -> None:
        """Fail if anything a real Discord would reject happened (or an unknown route)."""
        self.check_deadlines()
        lines = [str(v) for v in self.violations]
        lines += [f"unexpected request: {r.method} {r.path}" for r in self.unexpected_requests]
        if lines:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(lines))

    def _check_deadline(self, inter: Interaction, now: float | None = None) -> None:
        if inter._deadline_checked or inter.callback is not None or inter.dispatched_at is None:
            return
        now = self.clock.monotonic() if now is None else now
        if now - inter.dispatched_at > self.response_deadline:
            inter._deadline_checked = True
            self._violation(
                "no_response",
                f"{inter!r} was not acknowledged within {self.response_deadline}s",
            )

    def _violation(self, kind: str, message: str, record: RequestRecord | None = None) -> None:
        violation = Violation(kind, message, record)
        _log.warning("fake Discord violation: %s", violation)
        self.violations.append(violation)
        self._touch()

    async def wait_change(self, since: int, timeout: float) -> int:
        """Wait until :attr:`changes` has moved past ``since`` or ``timeout`` passed; return it."""
        if self.changes == since:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)
        return self.changes

    def _touch(self) -> None:
        self.changes += 1
        self._changed.set()
        self._changed = asyncio.Event()

    # ------------------------------------------------------------ payloads

    def _bot_user_dict(self, private: bool = False) -> dict[str, Any]:
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

    def _user_dict(self, user_id: int) -> dict[str, Any]:
        if user_id == self.bot_user_id:
            return self._bot_user_dict()
        return self.users[user_id].to_dict()

    def _user_dicts(self) -> dict[int, dict[str, Any]]:
        return {uid: u.to_dict() for uid, u in self.users.items()}

    def _channel_dict(self, channel: Channel) -> dict[str, Any]:
        return channel.to_dict(self._user_dicts() if channel.is_dm else None)

    def _application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.privileged_intents & Intents.GUILD_PRESENCES:
            flags |= 1 << 13
        if self.privileged_intents & Intents.GUILD_MEMBERS:
            flags |= 1 << 15
        if self.privileged_intents & Intents.MESSAGE_CONTENT:
            flags |= 1 << 19
        return flags

    def _application_dict(self) -> dict[str, Any]:
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

    def _ready_payload(self, session: GatewaySession) -> dict[str, Any]:
        data: dict[str, Any] = {
            "v": 10,
            "user_settings": {},
            "user": self._bot_user_dict(private=True),
            "session_type": "normal",
            "session_id": session.id,
            "resume_gateway_url": self.gateway_url,
            "relationships": [],
            "private_channels": [],
            "presences": [],
            "guilds": [
                {"id": str(guild_id), "unavailable": True}
                for guild_id in self.guilds
                if session.holds(guild_id)
            ],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["japan", "hongkong", "singapore"],
            "application": {"id": str(self.application_id), "flags": self._application_flags()},
            "auth": {},
            "_trace": ['["gateway-prd-fake",{"micros":0}]'],
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    def _guild_create_payloads(self, session: GatewaySession) -> list[dict[str, Any]]:
        """GUILD_CREATE of every guild ``session`` holds."""
        return [self._guild_create_payload(g) for g in self.guilds.values() if session.holds(g.id)]

    def _guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        data = guild.to_dict()
        members = [
            guild.member_dict(self._user_dict(uid)) for uid in guild.members if uid in self.users
        ]
        members.append(guild.member_dict(self._bot_user_dict()))
        channels = []
        for cid in guild.channel_ids:
            channel = self.channels[cid]
            if not channel.deleted:
                channels.append(self._channel_dict(channel))
        threads = [
            self._channel_dict(c)
            for c in self.channels.values()
            if c.is_thread and not c.deleted and not c.archived and c.guild_id == guild.id
        ]
        data.update(
            joined_at=iso(guild.members[self.bot_user_id].joined_at),
            large=False,
            unavailable=False,
            member_count=len(guild.members),
            voice_states=[],
            members=members,
            channels=channels,
            threads=threads,
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
            embedded_activities=[],
            activity_instances=[],
            lazy=True,
            application_command_counts={},
        )
        return data

    # ------------------------------------------------------------ dispatching

    def _live_sessions(self) -> list[GatewaySession]:
        return [s for s in self._sessions if s.resumable]

    async def _dispatch(
        self,
        event: str,
        data: dict[str, Any],
        intent: int | None = None,
        on_sent: Callable[[], None] | None = None,
    ) -> None:
        guild_id = data.get("guild_id")
        for session in self._live_sessions():
            if not session.holds(None if guild_id is None else int(guild_id)):
                continue
            if intent is None or session.intents & intent:
                await session.dispatch(event, data, on_sent)

    def _session_for(self, guild_id: int | None) -> GatewaySession:
        """The newest live session that receives this guild's interactions (None: a DM's)."""
        sessions = [s for s in self._live_sessions() if s.holds(guild_id)]
        if not sessions:
            if not self._live_sessions():
                raise RuntimeError("no bot is connected to the fake gateway")
            raise RuntimeError(f"no connected shard receives guild {guild_id}'s events")
        return sessions[-1]

    def _channel_arg(self, channel: Channel | int | None) -> Channel:
        if channel is None:
            return self.channel
        if isinstance(channel, Channel):
            return channel
        try:
            return self.channels[int(channel)]
        except KeyError:
            raise AssertionError(f"no channel {channel}") from None

    def can_see(self, user: User, msg: Message) -> bool:
        """Whether ``user`` may see ``msg`` (its channel, thread or DM, or its ephemeral)."""
        return self._can_see(user, msg)

    def _can_see(self, user: User, msg: Message) -> bool:
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

    def _visible_message(self, user: User, message: Message | int) -> Message:
        msg = message if isinstance(message, Message) else self.message(message)
        msg = self.messages.get(msg.id, msg)
        if msg.deleted:
            raise AssertionError(f"message {msg.id} was deleted")
        if not self._can_see(user, msg):
            raise AssertionError(f"{user!r} cannot see message {msg.id}")
        return msg

    # ------------------------------------------------------------ interactions

    def _interaction_channel(self, channel: Channel, user: User) -> dict[str, Any]:
        data = self._channel_dict(channel)
        guild = self.guild_of(channel)
        if guild is not None:
            data["permissions"] = str(guild.permissions_of(user.id))
        return data

    async def _start_interaction(
        self,
        user: User,
        itype: int,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        source_message_id: int | None = None,
        message_payload: dict[str, Any] | None = None,
    ) -> Interaction:
        guild = self.guild_of(channel)
        session = self._session_for(None if guild is None else guild.id)
        interaction_id = self.snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str((guild or self.guild).permissions_of(self.bot_user_id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": self._interaction_channel(channel, user),
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = guild.member_dict(user.to_dict(), permissions=True)
        else:
            payload["user"] = user.to_dict()
        if message_payload is not None:
            payload["message"] = message_payload
        elif message is not None:
            payload["message"] = message.snapshot()
        inter = Interaction(
            self,
            id=interaction_id,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            payload=payload,
            source_message_id=source_message_id,
        )
        self.interactions[interaction_id] = inter
        self._by_token[token] = inter
        loop = asyncio.get_running_loop()

        def on_sent() -> None:
            if inter.dispatched_at is None:
                inter.dispatched_at = self.clock.monotonic()
                loop.call_later(self.response_deadline + 0.05, self._check_deadline, inter)

        await session.dispatch("INTERACTION_CREATE", payload, on_sent)
        self._touch()
        return inter

    def _registered_command(self, name: str, channel: Channel) -> dict[str, Any]:
        stores = []
        if channel.guild_id is not None:
            stores.append(self.commands.get(channel.guild_id, {}))
        stores.append(self.commands.get(None, {}))
        for store in stores:
            command = store.get((1, name))
            if command is not None:
                return command
        registered = sorted({key[1] for store in stores for key in store})
        raise AssertionError(f"/{name} is not registered by the bot (registered: {registered})")

    def _full_command_name(self, data: dict[str, Any]) -> str:
        parts = [data["name"]]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return " ".join(parts)

    async def _slash(
        self,
        user: User,
        command_line: str,
        options: dict[str, Any],
        channel_arg: Channel | int | None,
        check_permissions: bool,
        focused: str | None = None,
    ) -> Interaction:
        channel = self._channel_arg(channel_arg)
        names = command_line.strip().lstrip("/").split()
        command = self._registered_command(names[0], channel)
        self._check_command_access(user, command, channel, check_permissions)
        resolved: dict[str, dict[str, Any]] = {}
        schema = command.get("options") or []
        built: list[dict[str, Any]] = []
        container = built
        for name in names[1:]:
            sub = next(
                (o for o in schema if o.get("name") == name and o.get("type") in (1, 2)), None
            )
            if sub is None:
                raise AssertionError(f"/{command_line}: no subcommand {name!r}")
            node: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            container.append(node)
            container = node["options"]
            schema = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema):
            raise AssertionError(f"/{command_line} needs a subcommand")
        container.extend(
            self._build_options(command_line, schema, options, resolved, user, focused)
        )
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
        }
        if built:
            data["options"] = built
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._start_interaction(user, 2 if focused is None else 4, channel, data)

    def _check_command_access(
        self, user: User, command: dict[str, Any], channel: Channel, check_permissions: bool
    ) -> None:
        if channel.is_dm:
            contexts = command.get("contexts")
            allowed = (
                (1 in contexts) if contexts is not None else command.get("dm_permission", True)
            )
            if "guild_id" in command or not allowed:
                raise AssertionError(f"/{command['name']} cannot be used in DMs")
            return
        contexts = command.get("contexts")
        if contexts is not None and 0 not in contexts:
            raise AssertionError(f"/{command['name']} cannot be used in a guild")
        required = command.get("default_member_permissions")
        if check_permissions and required is not None:
            needed = int(required)
            perms = (self.guild_of(channel) or self.guild).permissions_of(user.id)
            if needed == 0 or perms & needed != needed:
                raise AssertionError(
                    f"{user!r} lacks permissions {needed:#x} to see /{command['name']}"
                )

    def _build_options(
        self,
        command_line: str,
        schema: list[dict[str, Any]],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        user: User,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in schema}
        out = []
        if focused is not None and focused not in values:
            raise AssertionError(f"/{command_line}: the focused option {focused!r} needs a value")
        for name, value in values.items():
            option = by_name.get(name)
            if option is None:
                raise AssertionError(
                    f"/{command_line} has no option {name!r} (options: {list(by_name)})"
                )
            if name == focused:
                if not option.get("autocomplete"):
                    raise AssertionError(f"/{command_line} option {name!r} has no autocomplete")
                out.append({"name": name, "type": option["type"], "value": str(value)})
                out[-1]["focused"] = True
                continue
            out.append(
                {
                    "name": name,
                    "type": option["type"],
                    "value": self._option_value(command_line, option, value, resolved),
                }
            )
        for option in schema:
            if focused is None and option.get("required") and option["name"] not in values:
                raise AssertionError(f"/{command_line}: option {option['name']!r} is required")
        return out

    def _option_value(
        self,
        command_line: str,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        otype, name = option["type"], option["name"]
        where = f"/{command_line} option {name!r}"

        def fail(why: str) -> AssertionError:
            return AssertionError(f"{where}: {why} (got {value!r})")

        if otype == 3:
            if not isinstance(value, str):
                raise fail("expects a string")
            if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
                raise fail("length out of range")
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise fail("expects an integer")
            if not -_MAX_SAFE_INT < value < _MAX_SAFE_INT:
                raise fail("out of range")
        elif otype == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise fail("expects a number")
        elif otype == 5:
            if not isinstance(value, bool):
                raise fail("expects a boolean")
        elif otype in (6, 9) and self._as_user(value) is not None:
            target = self._as_user(value)
            assert target is not None
            resolved.setdefault("users", {})[str(target.id)] = target.to_dict()
            member = self.guild.member_dict(target.to_dict(), with_user=False, permissions=True)
            resolved.setdefault("members", {})[str(target.id)] = member
            return str(target.id)
        elif otype in (8, 9):
            try:
                role = self.guild.roles.get(value.id if isinstance(value, Role) else int(value))
            except (TypeError, ValueError):
                role = None
            if role is None:
                raise fail("unknown role")
            resolved.setdefault("roles", {})[str(role.id)] = role.to_dict()
            return str(role.id)
        elif otype == 7:
            channel = self._channel_arg(value)
            types = option.get("channel_types")
            if types and channel.type not in types:
                raise fail(f"channel type {channel.type} not in {types}")
            data = self._channel_dict(channel)
            data["permissions"] = str(Permissions.EVERYONE)
            resolved.setdefault("channels", {})[str(channel.id)] = data
            return str(channel.id)
        else:
            raise fail(f"option type {otype} is not supported by the fake")
        if otype in (4, 10):
            low, high = option.get("min_value"), option.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise fail(f"must be within [{low}, {high}]")
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise fail(f"not one of the choices {[c['value'] for c in choices]}")
        return value

    def _as_user(self, value: Any) -> User | None:
        if isinstance(value, User):
            return value
        try:
            return self.users.get(int(value))
        except (TypeError, ValueError):
            return None

    async def _component(
        self,
        user: User,
        message_id: int,
        channel_id: int,
        custom_id: str,
        component_type: int,
        values: list[str] | None,
    ) -> Interaction:
        channel = self._channel_arg(channel_id)
        msg = self.messages.get(int(message_id))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        if msg is not None:
            return await self._start_interaction(
                user, 3, channel, data, message=msg, source_message_id=msg.id
            )
        stub = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "type": 0,
            "content": "",
            "author": self._bot_user_dict(),
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": iso(self.clock.time()),
            "edited_timestamp": None,
            "flags": 0,
            "components": [],
        }
        return await self._start_interaction(
            user, 3, channel, data, message_payload=stub, source_message_id=None
        )

    async def _modal_submit(
        self, user: User, origin: Interaction, values: dict[str, str]
    ) -> Interaction:
        modal = origin.modal
        if modal is None:
            raise AssertionError(f"{origin!r} was not answered with a modal")
        if origin.user.id != user.id:
            raise AssertionError("only the user who opened a modal can submit it")
        rows = []
        seen = set()

        def submitted(component: dict[str, Any], label: str | None) -> dict[str, Any]:
            cid = component.get("custom_id")
            key = cid if cid in values or label not in values else label
            seen.add(key)
            if component.get("type") == 4:
                value = values.get(key, component.get("value") or "")
                if component.get("required", True) and not value:
                    raise AssertionError(f"modal field {cid!r} is required")
                low, high = component.get("min_length", 0), component.get("max_length", 4000)
                if value and not low <= len(value) <= high:
                    raise AssertionError(f"modal field {cid!r} must be {low}..{high} long")
                return {"type": 4, "custom_id": cid, "value": value}
            chosen = values.get(key, [])
            return {"type": component.get("type"), "custom_id": cid, "values": chosen}

        for row in modal.get("components") or []:
            if row.get("type") == 1:
                inner = [submitted(c, c.get("label")) for c in row.get("components") or []]
                rows.append({"type": 1, "components": inner})
            elif row.get("type") == 18:
                component = submitted(row["component"], row.get("label"))
                rows.append({"type": 18, "component": component})
        unknown = set(values) - seen
        if unknown:
            raise AssertionError(f"modal has no fields {sorted(unknown)}")
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        channel = self.channels[origin.channel_id]
        source = self.messages.get(origin.source_message_id or 0)
        return await self._start_interaction(
            user,
            5,
            channel,
            data,
            message=source,
            source_message_id=source.id if source is not None else None,
        )
