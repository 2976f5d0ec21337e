"""The fake Discord server (:class:`FakeDiscord`): its state and its life (start, stop,
pointing discord.py at it, running a bot), composed of the mixins that act on that state."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import secrets
from collections.abc import AsyncIterator, Iterator
from typing import Any

import yarl
from aiohttp import web

from .checks import Checks
from .faults import Faults
from .gateway import GatewayConnection, GatewayControl, GatewaySession, GatewayStats, handle_gateway
from .interactions import Interactions
from .objects import Channel, FakeClock, Guild, Message, Permissions, SnowflakeFactory
from .records import Interaction, RequestRecord, Violation
from .rest import API_PREFIX, RestApi
from .spec import SpecValidator, load_spec_validator
from .users import User
from .world import World

__all__ = ["FakeDiscord", "User"]

_UNSET: Any = object()


class FakeDiscord(World, Interactions, GatewayControl, RestApi, Checks):
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
