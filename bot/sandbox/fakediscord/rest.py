"""REST API of the fake server (mixed into :class:`~bot.sandbox.fakediscord.server.FakeDiscord`).

Every request is logged in ``fake.requests``. Known routes are validated (explicit
limits, then the OpenAPI schema) before their handler runs; unknown routes answer 404 and
are logged in ``fake.unexpected_requests``.
"""

from __future__ import annotations

import contextvars
import copy
import json
import re
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .objects import Attachment, Channel, Intents, Message, iso
from .records import ApiError, Interaction, RequestRecord

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = ["API_PREFIX", "ROUTES", "RestApi"]

API_PREFIX = "/api/v10"

SUPPRESS_EMBEDS = 1 << 2
HAS_THREAD = 1 << 5
SUPPRESS_NOTIFICATIONS = 1 << 12
_SETTABLE_FLAGS = (
    SUPPRESS_EMBEDS | limits.EPHEMERAL | SUPPRESS_NOTIFICATIONS | limits.IS_COMPONENTS_V2
)
_MENTION = re.compile(r"<@!?(\d+)>")
_RECORD: contextvars.ContextVar[RequestRecord | None] = contextvars.ContextVar(
    "fake_discord_record", default=None
)

# interaction type -> callback types Discord accepts
_CALLBACKS_FOR = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


@dataclass
class _Route:
    method: str
    template: str
    handler: str
    auth: bool = True
    limits: str | None = None
    regex: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        pattern = re.sub(r"\\{(\w+)\\}", r"(?P<\1>[^/]+)", re.escape(self.template))
        self.regex = re.compile(f"^{pattern}$")

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"


_W = "/webhooks/{webhook_id}/{webhook_token}"
_CMDS = "/applications/{application_id}/commands"
_GCMDS = "/applications/{application_id}/guilds/{guild_id}/commands"

ROUTES: list[_Route] = [
    _Route("GET", "/users/@me", "get_me"),
    _Route("GET", "/users/@me/guilds", "get_my_guilds"),
    _Route("POST", "/users/@me/channels", "post_dm_channel"),
    _Route("GET", "/users/{user_id}", "get_user"),
    _Route("GET", "/oauth2/applications/@me", "get_application"),
    _Route("GET", "/applications/@me", "get_application"),
    _Route("GET", "/gateway", "get_gateway", auth=False),
    _Route("GET", "/gateway/bot", "get_gateway_bot"),
    _Route("GET", _CMDS, "get_commands"),
    _Route("PUT", _CMDS, "put_commands", limits="limits_commands"),
    _Route("POST", _CMDS, "post_command", limits="limits_command"),
    _Route("GET", _CMDS + "/{command_id}", "get_command"),
    _Route("PATCH", _CMDS + "/{command_id}", "patch_command"),
    _Route("DELETE", _CMDS + "/{command_id}", "delete_command"),
    _Route("GET", _GCMDS + "/permissions", "get_command_permissions"),
    _Route("GET", _GCMDS, "get_commands"),
    _Route("PUT", _GCMDS, "put_commands", limits="limits_commands"),
    _Route("POST", _GCMDS, "post_command", limits="limits_command"),
    _Route("GET", _GCMDS + "/{command_id}", "get_command"),
    _Route("PATCH", _GCMDS + "/{command_id}", "patch_command"),
    _Route("DELETE", _GCMDS + "/{command_id}", "delete_command"),
    _Route("GET", "/channels/{channel_id}", "get_channel"),
    _Route("PATCH", "/channels/{channel_id}", "patch_channel"),
    _Route("DELETE", "/channels/{channel_id}", "delete_channel"),
    _Route("GET", "/channels/{channel_id}/messages", "get_messages"),
    _Route("POST", "/channels/{channel_id}/messages", "post_message", limits="limits_create"),
    _Route("GET", "/channels/{channel_id}/messages/{message_id}", "get_message"),
    _Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        "patch_message",
        limits="limits_channel_edit",
    ),
    _Route("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message"),
    _Route("POST", "/channels/{channel_id}/messages/{message_id}/threads", "post_thread_from"),
    _Route("POST", "/channels/{channel_id}/threads", "post_thread"),
    _Route("POST", "/channels/{channel_id}/typing", "post_typing"),
    _Route("GET", "/channels/{channel_id}/thread-members", "get_thread_members"),
    _Route("PUT", "/channels/{channel_id}/thread-members/@me", "put_thread_member"),
    _Route("PUT", "/channels/{channel_id}/thread-members/{user_id}", "put_thread_member"),
    _Route("DELETE", "/channels/{channel_id}/thread-members/@me", "delete_thread_member"),
    _Route("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "delete_thread_member"),
    _Route("GET", "/guilds/{guild_id}", "get_guild"),
    _Route("GET", "/guilds/{guild_id}/channels", "get_guild_channels"),
    _Route("GET", "/guilds/{guild_id}/members", "get_members"),
    _Route("GET", "/guilds/{guild_id}/members/{user_id}", "get_member"),
    _Route("GET", "/guilds/{guild_id}/roles", "get_roles"),
    _Route("GET", "/guilds/{guild_id}/threads/active", "get_active_threads"),
    _Route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        "post_callback",
        auth=False,
        limits="limits_callback",
    ),
    _Route("POST", _W, "post_followup", auth=False, limits="limits_create"),
    # The original response and a followup are read, edited and deleted alike.
    *(
        route
        for message in (_W + "/messages/@original", _W + "/messages/{message_id}")
        for route in (
            _Route("GET", message, "get_webhook_message", auth=False),
            _Route(
                "PATCH",
                message,
                "patch_webhook_message",
                auth=False,
                limits="limits_webhook_edit",
            ),
            _Route("DELETE", message, "delete_webhook_message", auth=False),
        )
    ),
]


@dataclass
class _File:
    field: str
    filename: str
    data: bytes
    content_type: str | None

    @property
    def index(self) -> int | None:
        match = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(match.group(1)) if match else None


@dataclass
class _Ctx:
    route: _Route
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[_File]
    record: RequestRecord
    content_type: str

    def snowflake(self, name: str) -> int:
        value = self.params[name]
        if not value.isdigit():
            raise ApiError(
                400,
                50035,
                f'Value "{value}" is not snowflake.',
                violation="invalid_body",
            )
        return int(value)

    @property
    def json(self) -> dict[str, Any]:
        return self.body if isinstance(self.body, dict) else {}


def _unknown(what: str, code: int, status: int = 404) -> ApiError:
    return ApiError(status, code, f"Unknown {what}")


def _strip_none(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip_none(v) for k, v in node.items() if v is not None}
    if isinstance(node, list):
        return [_strip_none(v) for v in node]
    return node


class RestApi:
    """REST handlers; ``self`` is the :class:`FakeDiscord`."""

    # ------------------------------------------------------------ pipeline

    async def _handle_rest(self: FakeDiscord, request: web.Request) -> web.StreamResponse:
        method, path = request.method, request.path
        record = RequestRecord(method, path, None, dict(request.query), None)
        record.at = self.clock.monotonic()
        record.user_agent = request.headers.get("User-Agent", "")
        self.requests.append(record)
        _RECORD.set(record)
        headers = {"Content-Type": "application/json"}
        text: str | None = None
        try:
            status, payload = await self._process(request, record)
        except ApiError as exc:
            status, payload = exc.status, exc.body
            headers.update(exc.headers)
            text = exc.text
            record.error_code = exc.code
            self.errors.append(record)
            if exc.violation:
                detail = exc.detail or f"{exc.message} ({exc.code})"
                self._violation(exc.violation, detail, record)
        except ConnectionResetError:
            # The client went away in the middle of its request (a bot process killed while
            # uploading): nobody is left to answer, and the server did nothing wrong.
            raise
        except Exception as exc:
            status, payload = 400, {"message": f"fake server error: {exc!r}", "code": 0}
            self.errors.append(record)
            self._violation("internal", traceback.format_exc(), record)
        record.status = status
        record.response = payload
        self._touch()
        headers.update(await self.faults.after_handler(record))
        if status == 204:
            headers.pop("Content-Type")
            return web.Response(status=204, headers=headers)
        if text is not None:
            headers["Content-Type"] = "text/html"
            return web.Response(text=text, status=status, headers=headers)
        # Exactly "application/json": discord.py only decodes bodies with that content type.
        return web.Response(body=_dumps(payload).encode(), status=status, headers=headers)

    async def _process(self: FakeDiscord, request: web.Request, record: RequestRecord) -> tuple:
        if not record.path.startswith(API_PREFIX + "/"):
            self.unexpected_requests.append(record)
            raise ApiError(404, 0, "404: Not Found")
        sub = record.path[len(API_PREFIX) :]
        for route in ROUTES:
            if route.method != record.method:
                continue
            match = route.regex.match(sub)
            if match:
                break
        else:
            self.unexpected_requests.append(record)
            raise ApiError(404, 0, "404: Not Found")
        record.route = route.key
        body, files, content_type = await self._read_body(request)
        record.json = body
        record.files = [f.filename for f in files]
        if route.auth and request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        ctx = _Ctx(route, match.groupdict(), dict(request.query), body, files, record, content_type)
        problems: list[Any] = []
        kinds: list[str] = []
        if route.limits is not None:
            found = getattr(self, route.limits)(ctx)
            found += limits.check_files([len(f.data) for f in files])
            if found:
                problems += found
                kinds.append("limits")
        if self.spec is not None and not problems:
            spec_content = "multipart/form-data" if files else "application/json"
            found = self.spec.validate(route.method, route.template, body, spec_content)
            if found:
                problems += found
                kinds.append("schema")
        if problems:
            text = "; ".join(str(p) for p in problems)
            for kind in kinds:
                self._violation(kind, text, record)
            error = ApiError(400, 50035, "Invalid Form Body", body=limits.error_body(problems))
            error.code = error.body["code"]
            raise error
        await self.faults.before_handler(record)  # may wait, or raise an injected error
        return await getattr(self, route.handler)(ctx)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[_File], str]:
        content_type = request.content_type
        if not request.can_read_body:
            return None, [], content_type
        if content_type == "multipart/form-data":
            body: Any = None
            files: list[_File] = []
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""
                if name == "payload_json":
                    body = _loads(await part.text())
                else:
                    data = await part.read(decode=False)
                    files.append(
                        _File(
                            name,
                            part.filename or name,
                            bytes(data),
                            part.headers.get("Content-Type"),
                        )
                    )
            return body, files, content_type
        raw = await request.text()
        if not raw:
            return None, [], content_type
        return _loads(raw), [], content_type

    # ------------------------------------------------------------ limit hooks

    def limits_create(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        return limits.check_message(ctx.body, has_files=bool(ctx.files))

    def limits_channel_edit(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        raw_id = ctx.params["message_id"]
        msg = self.messages.get(int(raw_id)) if raw_id.isdigit() else None
        flags = msg.flags if msg is not None else 0
        return limits.check_message(ctx.body, partial=True, existing_flags=flags)

    def limits_webhook_edit(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        flags = 0
        inter = self._by_token.get(ctx.params["webhook_token"])
        raw_id = ctx.params.get("message_id")
        if raw_id is not None and raw_id.isdigit():
            target = self.messages.get(int(raw_id))
        else:
            target = inter.original if inter is not None else None
        if target is not None:
            flags = target.flags
        return limits.check_message(ctx.body, partial=True, existing_flags=flags)

    def limits_commands(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        return limits.check_commands(ctx.body)

    def limits_command(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        return limits.check_commands([ctx.body])

    def limits_callback(self: FakeDiscord, ctx: _Ctx) -> list[Any]:
        body = ctx.json
        ctype, data = body.get("type"), body.get("data")
        if ctype == 4:
            found = limits.check_message(data, has_files=bool(ctx.files))
        elif ctype == 7:
            raw_id = ctx.params["interaction_id"]
            inter = self.interactions.get(int(raw_id)) if raw_id.isdigit() else None
            source = self.messages.get(inter.source_message_id or 0) if inter else None
            flags = source.flags if source is not None else 0
            found = limits.check_message(data, partial=True, existing_flags=flags)
        elif ctype == 9:
            return limits.check_modal(data)
        elif ctype == 8:
            return limits.check_autocomplete(data)
        else:
            return []
        return [limits.Problem(("data", *p.path), p.message, p.code) for p in found]

    # ------------------------------------------------------------ users, app, gateway

    async def get_me(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, self._bot_user_dict(private=True)

    async def get_my_guilds(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, [
            {
                "id": str(guild.id),
                "name": guild.name,
                "icon": None,
                "banner": None,
                "owner": False,
                "permissions": str(guild.permissions_of(self.bot_user_id)),
                "features": [],
            }
            for guild in self.guilds.values()
        ]

    async def get_user(self: FakeDiscord, ctx: _Ctx) -> tuple:
        user_id = ctx.snowflake("user_id")
        if user_id == self.bot_user_id:
            return 200, self._bot_user_dict()
        if user_id not in self.users:
            raise _unknown("User", 10013)
        return 200, self._user_dict(user_id)

    async def get_application(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, self._application_dict()

    async def get_gateway(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, {"url": self.gateway_url}

    async def get_gateway_bot(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }

    async def post_dm_channel(self: FakeDiscord, ctx: _Ctx) -> tuple:
        recipient = ctx.json.get("recipient_id")
        try:
            user_id = int(recipient)
        except (TypeError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        if user_id not in self.users:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        channel = self._dm_channel(user_id)
        return 200, channel.to_dict(self._user_dicts())

    # ------------------------------------------------------------ application commands

    def _command_store(self: FakeDiscord, ctx: _Ctx) -> tuple[int | None, dict]:
        if ctx.snowflake("application_id") != self.application_id:
            raise ApiError(403, 50001, "Missing Access", violation="commands")
        guild_id = None
        if "guild_id" in ctx.params:
            guild_id = ctx.snowflake("guild_id")
            if guild_id not in self.guilds:
                raise ApiError(403, 50001, "Missing Access", violation="commands")
        return guild_id, self.commands.setdefault(guild_id, {})

    def _make_command(
        self: FakeDiscord, payload: dict[str, Any], guild_id: int | None, store: dict
    ) -> dict[str, Any]:
        ctype = payload.get("type") or 1
        key = (ctype, payload.get("name"))
        existing = store.get(key)
        permissions = payload.get("default_member_permissions")
        command = {
            "id": existing["id"] if existing else str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
            "type": ctype,
            "name": payload.get("name"),
            "description": payload.get("description") or "",
            "default_member_permissions": None if permissions is None else str(permissions),
            "dm_permission": payload.get("dm_permission", True),
            "contexts": payload.get("contexts"),
            "integration_types": payload.get("integration_types") or [0],
            "nsfw": bool(payload.get("nsfw")),
        }
        for optional in ("name_localizations", "description_localizations", "options"):
            if payload.get(optional):
                command[optional] = copy.deepcopy(payload[optional])
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    async def get_commands(self: FakeDiscord, ctx: _Ctx) -> tuple:
        _, store = self._command_store(ctx)
        return 200, list(store.values())

    async def put_commands(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild_id, store = self._command_store(ctx)
        fresh: dict = {}
        for payload in ctx.body or []:
            command = self._make_command(payload, guild_id, store)
            fresh[(command["type"], command["name"])] = command
        store.clear()
        store.update(fresh)
        self.command_syncs.append((guild_id, [c["name"] for c in fresh.values()]))
        return 200, list(fresh.values())

    async def post_command(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild_id, store = self._command_store(ctx)
        command = self._make_command(ctx.json, guild_id, store)
        key = (command["type"], command["name"])
        created = key not in store
        store[key] = command
        return (201 if created else 200), command

    def _find_command(self: FakeDiscord, ctx: _Ctx) -> tuple[dict, tuple]:
        _, store = self._command_store(ctx)
        command_id = str(ctx.snowflake("command_id"))
        for key, command in store.items():
            if command["id"] == command_id:
                return store, key
        raise _unknown("application command", 10063)

    async def get_command(self: FakeDiscord, ctx: _Ctx) -> tuple:
        store, key = self._find_command(ctx)
        return 200, store[key]

    async def patch_command(self: FakeDiscord, ctx: _Ctx) -> tuple:
        store, key = self._find_command(ctx)
        merged = {**store[key], **ctx.json}
        problems = limits.check_commands([merged])
        if problems:
            raise ApiError(
                400,
                50035,
                "; ".join(map(str, problems)),
                violation="limits",
                body=limits.error_body(problems),
            )
        guild_id = int(store[key]["guild_id"]) if "guild_id" in store[key] else None
        command = self._make_command(merged, guild_id, store)
        del store[key]
        store[(command["type"], command["name"])] = command
        return 200, command

    async def delete_command(self: FakeDiscord, ctx: _Ctx) -> tuple:
        store, key = self._find_command(ctx)
        del store[key]
        return 204, None

    async def get_command_permissions(self: FakeDiscord, ctx: _Ctx) -> tuple:
        self._command_store(ctx)
        return 200, []

    # ------------------------------------------------------------ channels

    def _channel(self: FakeDiscord, ctx: _Ctx) -> Channel:
        channel = self.channels.get(ctx.snowflake("channel_id"))
        if channel is None or channel.deleted:
            raise _unknown("Channel", 10003)
        return channel

    def _channel_message(self: FakeDiscord, ctx: _Ctx, channel: Channel) -> Message:
        msg = self.messages.get(ctx.snowflake("message_id"))
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel.id:
            raise _unknown("Message", 10008)
        return msg

    async def get_channel(self: FakeDiscord, ctx: _Ctx) -> tuple:
        return 200, self._channel_dict(self._channel(ctx))

    async def patch_channel(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        body = ctx.json
        if channel.is_dm:
            return 200, self._channel_dict(channel)
        for key in ("name", "topic", "rate_limit_per_user", "auto_archive_duration"):
            if body.get(key) is not None:
                setattr(channel, key, body[key])
        if channel.is_thread:
            if body.get("archived") is not None:
                channel.archived = bool(body["archived"])
                channel.archived_at = self.clock.time()
            if body.get("locked") is not None:
                channel.locked = bool(body["locked"])
            if body.get("invitable") is not None:
                channel.invitable = bool(body["invitable"])
        data = self._channel_dict(channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self._dispatch(event, data, Intents.GUILDS)
        return 200, data

    async def delete_channel(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        data = self._channel_dict(channel)
        if channel.is_dm:
            return 200, data
        channel.deleted = True
        if channel.is_thread:
            thread_data = {
                "id": data["id"],
                "guild_id": data["guild_id"],
                "parent_id": data["parent_id"],
                "type": channel.type,
            }
            await self._dispatch("THREAD_DELETE", thread_data, Intents.GUILDS)
        else:
            await self._dispatch("CHANNEL_DELETE", data, Intents.GUILDS)
        return 200, data

    async def get_messages(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        try:
            limit = int(ctx.query.get("limit", 50))
        except ValueError:
            limit = 50
        if not 1 <= limit <= 100:
            raise ApiError(400, 50035, "limit must be between 1 and 100", violation="invalid_body")
        messages = [m for m in self.channel_messages(channel.id)]
        if "before" in ctx.query:
            messages = [m for m in messages if m.id < int(ctx.query["before"])]
        if "after" in ctx.query:
            messages = [m for m in messages if m.id > int(ctx.query["after"])]
            return 200, [m.data for m in reversed(messages[:limit])]
        if "around" in ctx.query:
            pivot = int(ctx.query["around"])
            older = [m for m in messages if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > pivot][: limit - len(older)]
            messages = older + newer
        return 200, [m.data for m in reversed(messages[-limit:])]

    async def post_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        if channel.is_dm:
            user = self.users[channel.recipient_id or 0]
            if not user.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        self._ensure_writable(channel)
        body = ctx.json
        if body.get("flags") and body["flags"] & limits.EPHEMERAL:
            raise ApiError(
                400, 50035, "Only interaction responses can be ephemeral", violation="flags"
            )
        reference = self._resolve_reference(body, channel)
        msg = await self._create_message(
            channel, body, ctx.files, mtype=19 if reference else 0, reference=reference
        )
        return 200, msg.data

    async def get_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        return 200, self._channel_message(ctx, channel).data

    async def patch_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        msg = self._channel_message(ctx, channel)
        if msg.author_id != self.bot_user_id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        await self._edit_message(msg, ctx.json, ctx.files)
        return 200, msg.data

    async def delete_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        msg = self._channel_message(ctx, channel)
        await self._delete_message(msg)
        return 204, None

    async def post_thread_from(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        msg = self._channel_message(ctx, channel)
        if channel.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if any(c.starter_message_id == msg.id for c in self.channels.values()):
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self._new_thread(channel, ctx.json, thread_type=11, thread_id=msg.id)
        thread.starter_message_id = msg.id
        data = self._channel_dict(thread)
        msg.data["thread"] = data
        msg.data["flags"] = msg.flags | HAS_THREAD
        await self._dispatch("THREAD_CREATE", {**data, "newly_created": True}, Intents.GUILDS)
        return 201, data

    async def post_thread(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        if channel.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread_type = ctx.json.get("type") or 12
        thread = self._new_thread(channel, ctx.json, thread_type=thread_type)
        if ctx.json.get("invitable") is not None:
            thread.invitable = bool(ctx.json["invitable"])
        data = self._channel_dict(thread)
        await self._dispatch("THREAD_CREATE", {**data, "newly_created": True}, Intents.GUILDS)
        return 201, data

    def _new_thread(
        self: FakeDiscord,
        parent: Channel,
        body: dict[str, Any],
        *,
        thread_type: int,
        thread_id: int | None = None,
    ) -> Channel:
        now = self.clock.time()
        thread = Channel(
            id=thread_id or self.snowflake(),
            type=thread_type,
            name=body.get("name"),
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user_id,
            auto_archive_duration=body.get("auto_archive_duration") or 4320,
            rate_limit_per_user=body.get("rate_limit_per_user") or 0,
            created_at=now,
            archived_at=now,
            member_ids={self.bot_user_id},
        )
        self.channels[thread.id] = thread
        return thread

    def _ensure_writable(self: FakeDiscord, channel: Channel) -> None:
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False

    async def post_typing(self: FakeDiscord, ctx: _Ctx) -> tuple:
        self._channel(ctx)
        return 204, None

    async def get_thread_members(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        now = iso(channel.created_at)
        return 200, [
            {"id": str(channel.id), "user_id": str(uid), "join_timestamp": now, "flags": 0}
            for uid in sorted(channel.member_ids)
        ]

    async def put_thread_member(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        user_id = ctx.snowflake("user_id") if "user_id" in ctx.params else self.bot_user_id
        channel.member_ids.add(user_id)
        return 204, None

    async def delete_thread_member(self: FakeDiscord, ctx: _Ctx) -> tuple:
        channel = self._channel(ctx)
        user_id = ctx.snowflake("user_id") if "user_id" in ctx.params else self.bot_user_id
        channel.member_ids.discard(user_id)
        return 204, None

    # ------------------------------------------------------------ guild

    def _guild(self: FakeDiscord, ctx: _Ctx) -> Any:
        guild = self.guilds.get(ctx.snowflake("guild_id"))
        if guild is None:
            raise _unknown("Guild", 10004)
        return guild

    async def get_guild(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        data = guild.to_dict()
        if ctx.query.get("with_counts") in ("true", "True", "1"):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return 200, data

    async def get_guild_channels(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        return 200, [self._channel_dict(self.channels[cid]) for cid in guild.channel_ids]

    async def get_members(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        after = int(ctx.query.get("after", 0))
        limit = int(ctx.query.get("limit", 1))
        ids = sorted(uid for uid in guild.members if uid > after)[:limit]
        return 200, [guild.member_dict(self._user_dict(uid)) for uid in ids]

    async def get_member(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        user_id = ctx.snowflake("user_id")
        if user_id not in guild.members:
            raise _unknown("Member", 10007)
        return 200, guild.member_dict(self._user_dict(user_id))

    async def get_roles(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        return 200, [role.to_dict() for role in guild.roles.values()]

    async def get_active_threads(self: FakeDiscord, ctx: _Ctx) -> tuple:
        guild = self._guild(ctx)
        threads = [
            self._channel_dict(c)
            for c in self.channels.values()
            if c.is_thread and not c.deleted and not c.archived and c.guild_id == guild.id
        ]
        return 200, {"threads": threads, "members": []}

    # ------------------------------------------------------------ interactions

    def _interaction_by_token(self: FakeDiscord, ctx: _Ctx) -> Interaction:
        if ctx.snowflake("webhook_id") != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", violation="webhook")
        inter = self._by_token.get(ctx.params["webhook_token"])
        if inter is None:
            raise ApiError(401, 50027, "Invalid Webhook Token", violation="webhook")
        if self.clock.monotonic() - inter.created_at > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter

    async def post_callback(self: FakeDiscord, ctx: _Ctx) -> tuple:
        inter = self.interactions.get(ctx.snowflake("interaction_id"))
        if inter is None or inter.token != ctx.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction", violation="interaction")
        inter.callback_attempts += 1
        if inter.callback is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                violation="double_ack",
            )
        sent = inter.dispatched_at if inter.dispatched_at is not None else inter.created_at
        elapsed = self.clock.monotonic() - sent
        if elapsed > self.response_deadline:
            inter._deadline_checked = True
            raise ApiError(
                404,
                10062,
                "Unknown interaction",
                violation="late_response",
                detail=f"first response after {elapsed:.2f}s > {self.response_deadline}s",
            )
        body = ctx.json
        ctype = body.get("type")
        data = body.get("data")
        if ctype not in _CALLBACKS_FOR.get(inter.type, set()):
            raise ApiError(
                400,
                50035,
                f"Callback type {ctype} is not valid for interaction type {inter.type}",
                violation="callback",
            )
        data = data or {}
        channel = self.channels[inter.channel_id]
        message: Message | None = None
        ephemeral_for = inter.user.id if (data.get("flags") or 0) & limits.EPHEMERAL else None
        mtype = 20 if inter.type == 2 else 0
        if ctype == 4:
            message = await self._create_message(
                channel,
                data,
                ctx.files,
                mtype=mtype,
                interaction=inter,
                ephemeral_for=ephemeral_for,
            )
            inter.original_message_id = message.id
        elif ctype == 5:
            message = await self._create_message(
                channel,
                {"content": "", "flags": data.get("flags") or 0},
                [],
                mtype=mtype,
                interaction=inter,
                ephemeral_for=ephemeral_for,
                loading=True,
            )
            inter.original_message_id = message.id
        elif ctype in (6, 7):
            message = self.messages.get(inter.source_message_id or 0)
            if message is None or message.deleted:
                raise _unknown("Message", 10008)
            if ctype == 7:
                await self._edit_message(message, data, ctx.files)
            inter.original_message_id = message.id
        elif ctype == 9:
            inter.modal = data
        inter.callback = _callback(ctype, body.get("data"), message)
        inter._responded.set()
        if ctx.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        result: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
        if ctype in (4, 7) and message is not None:
            result["resource"] = {"type": ctype, "message": message.data}
        return 200, result

    def _webhook_message(self: FakeDiscord, ctx: _Ctx, inter: Interaction) -> Message:
        if ctx.params.get("message_id") is None:
            if inter.callback is None:
                raise ApiError(
                    404,
                    10015,
                    "Unknown Webhook",
                    violation="webhook",
                    detail="@original used before any interaction response",
                )
            msg = inter.original
            if msg is None:
                raise _unknown("Message", 10008)
        else:
            message_id = ctx.snowflake("message_id")
            if message_id != inter.original_message_id and message_id not in inter.followup_ids:
                raise _unknown("Message", 10008)
            msg = self.messages[message_id]
        if msg.deleted:
            raise _unknown("Message", 10008)
        return msg

    async def post_followup(self: FakeDiscord, ctx: _Ctx) -> tuple:
        inter = self._interaction_by_token(ctx)
        if inter.callback is None:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                violation="webhook",
                detail="followup sent before any interaction response",
            )
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading:
            await self._edit_message(original, ctx.json, ctx.files, clear_loading=True)
            msg = original
        else:
            channel = self.channels[inter.channel_id]
            flags = ctx.json.get("flags") or 0
            msg = await self._create_message(
                channel,
                ctx.json,
                ctx.files,
                mtype=0,
                interaction=inter,
                ephemeral_for=inter.user.id if flags & limits.EPHEMERAL else None,
            )
            inter.followup_ids.append(msg.id)
        if ctx.query.get("wait") in ("1", "true", "True"):
            return 200, msg.data
        return 204, None

    async def get_webhook_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        inter = self._interaction_by_token(ctx)
        return 200, self._webhook_message(ctx, inter).data

    async def patch_webhook_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        inter = self._interaction_by_token(ctx)
        msg = self._webhook_message(ctx, inter)
        await self._edit_message(msg, ctx.json, ctx.files, clear_loading=msg.loading)
        return 200, msg.data

    async def delete_webhook_message(self: FakeDiscord, ctx: _Ctx) -> tuple:
        inter = self._interaction_by_token(ctx)
        msg = self._webhook_message(ctx, inter)
        await self._delete_message(msg)
        return 204, None

    # ------------------------------------------------------------ messages

    def _resolve_reference(self: FakeDiscord, body: dict[str, Any], channel: Channel) -> Any:
        ref = body.get("message_reference")
        if not ref or ref.get("message_id") is None:
            return None
        target = self.messages.get(int(ref["message_id"]))
        if target is None or target.deleted or target.ephemeral:
            if ref.get("fail_if_not_exists", True):
                raise ApiError(
                    400, 50035, "Unknown message in message_reference", violation="reference"
                )
            return None
        return target

    def _normalise_components(self, components: Any) -> list[dict[str, Any]]:
        out = _strip_none(copy.deepcopy(components or []))
        counter = [0]

        def number(node: Any) -> None:
            if isinstance(node, dict):
                counter[0] += 1
                node.setdefault("id", counter[0])
                for key in ("components", "accessory", "component"):
                    child = node.get(key)
                    if isinstance(child, list):
                        for c in child:
                            number(c)
                    elif isinstance(child, dict):
                        number(child)

        for component in out:
            number(component)
        return out

    def _normalise_embeds(self, embeds: Any) -> list[dict[str, Any]]:
        out = []
        for embed in _strip_none(copy.deepcopy(embeds or [])):
            embed.setdefault("type", "rich")
            embed.setdefault("content_scan_version", 0)
            out.append(embed)
        return out

    def _new_attachments(
        self: FakeDiscord, body: dict[str, Any], files: list[_File]
    ) -> list[Attachment]:
        meta = {}
        for entry in body.get("attachments") or []:
            if isinstance(entry, dict) and entry.get("id") is not None:
                meta[str(entry["id"])] = entry
        out = []
        for position, upload in enumerate(files):
            index = upload.index if upload.index is not None else position
            info = meta.get(str(index), {})
            attachment = Attachment(
                id=self.snowflake(),
                filename=info.get("filename") or upload.filename,
                data=upload.data,
                content_type=upload.content_type,
                description=info.get("description"),
            )
            self.attachments[attachment.id] = attachment
            out.append(attachment)
        return out

    def _mentions(self: FakeDiscord, content: str, body: dict[str, Any]) -> list[dict]:
        allowed = body.get("allowed_mentions")
        ids = [int(x) for x in _MENTION.findall(content or "")]
        out = []
        for user_id in dict.fromkeys(ids):
            if user_id not in self.users and user_id != self.bot_user_id:
                continue
            if allowed is not None:
                parse = allowed.get("parse") or []
                listed = {int(u) for u in allowed.get("users") or []}
                if "users" not in parse and user_id not in listed:
                    continue
            out.append(self._user_dict(user_id))
        return out

    async def _create_message(
        self: FakeDiscord,
        channel: Channel,
        body: dict[str, Any],
        files: list[_File],
        *,
        mtype: int = 0,
        author_id: int | None = None,
        interaction: Interaction | None = None,
        ephemeral_for: int | None = None,
        loading: bool = False,
        reference: Message | None = None,
    ) -> Message:
        now = self.clock.time()
        message_id = self.snowflake()
        author_id = self.bot_user_id if author_id is None else author_id
        flags = (body.get("flags") or 0) & _SETTABLE_FLAGS & ~limits.EPHEMERAL
        if ephemeral_for is not None:
            flags |= limits.EPHEMERAL
        if loading:
            flags |= limits.LOADING
        content = body.get("content") or ""
        data: dict[str, Any] = {
            "type": mtype,
            "content": content,
            "mentions": self._mentions(content, body),
            "mention_roles": [],
            "attachments": [
                a.to_dict(self.base_url, channel.id) for a in self._new_attachments(body, files)
            ],
            "embeds": self._normalise_embeds(body.get("embeds")),
            "timestamp": iso(now),
            "edited_timestamp": None,
            "flags": flags,
            "components": self._normalise_components(body.get("components")),
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self._user_dict(author_id),
            "pinned": False,
            "mention_everyone": False,
            "tts": bool(body.get("tts")),
        }
        _resolve_attachment_urls(data)
        if body.get("nonce") is not None:
            data["nonce"] = body["nonce"]
        if channel.is_thread:
            data["position"] = channel.message_count
        if reference is not None:
            data["message_reference"] = {
                "type": 0,
                "channel_id": str(reference.channel_id),
                "message_id": str(reference.id),
                **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            }
            data["referenced_message"] = reference.snapshot()
        if interaction is not None:
            self._attach_interaction(data, interaction)
        msg = Message(
            data,
            guild_id=channel.guild_id,
            ephemeral_for=ephemeral_for,
            interaction_id=interaction.id if interaction else None,
        )
        self.messages[message_id] = msg
        self._order.setdefault(channel.id, []).append(message_id)
        _note_message(message_id)
        if ephemeral_for is None:
            channel.last_message_id = message_id
            if channel.is_thread:
                channel.message_count += 1
            await self._dispatch_message("MESSAGE_CREATE", msg)
        self._touch()
        return msg

    def _attach_interaction(self: FakeDiscord, data: dict[str, Any], inter: Interaction) -> None:
        user = self._user_dict(inter.user.id)
        owners = {"0": str(inter.payload.get("guild_id") or "0")}
        metadata: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "user": user,
            "authorizing_integration_owners": owners,
        }
        if inter.type == 2:
            metadata["name"] = self._full_command_name(inter.payload["data"])
            metadata["command_type"] = inter.payload["data"].get("type", 1)
        if inter.type == 3 and inter.source_message_id is not None:
            metadata["interacted_message_id"] = str(inter.source_message_id)
        if inter.original_message_id is not None:
            metadata["original_response_message_id"] = str(inter.original_message_id)
        data["interaction_metadata"] = metadata
        if inter.type == 2:
            data["interaction"] = {
                "id": str(inter.id),
                "type": 2,
                "name": metadata["name"],
                "user": user,
            }
        data["application_id"] = str(self.application_id)
        data["webhook_id"] = str(self.application_id)

    async def _edit_message(
        self: FakeDiscord,
        msg: Message,
        body: dict[str, Any],
        files: list[_File],
        *,
        clear_loading: bool = False,
    ) -> None:
        data = msg.data
        after = {
            key: body[key] if key in body else data.get(key)
            for key in ("content", "embeds", "components")
        }
        keeps_files = (
            bool(files)
            or (bool(data.get("attachments")) and "attachments" not in body)
            or bool(body.get("attachments"))
        )
        if not (keeps_files or any(after.values())):
            raise ApiError(400, 50006, "Cannot send an empty message", violation="empty_message")
        msg.history.append(msg.snapshot())
        _note_message(msg.id)
        if "content" in body:
            data["content"] = body["content"] or ""
            data["mentions"] = self._mentions(data["content"], body)
        if "embeds" in body:
            data["embeds"] = self._normalise_embeds(body["embeds"])
        if "components" in body:
            data["components"] = self._normalise_components(body["components"])
        if body.get("flags") is not None:
            keep = msg.flags & ~_SETTABLE_FLAGS
            keep |= msg.flags & (limits.EPHEMERAL | limits.IS_COMPONENTS_V2)
            data["flags"] = keep | (body["flags"] & _SETTABLE_FLAGS & ~limits.EPHEMERAL)
        if "attachments" in body or files:
            wanted = {str(a.get("id")) for a in body.get("attachments") or [] if a}
            kept = [a for a in data.get("attachments") or [] if a["id"] in wanted]
            fresh = [
                a.to_dict(self.base_url, msg.channel_id) for a in self._new_attachments(body, files)
            ]
            data["attachments"] = kept + fresh
        _resolve_attachment_urls(data)
        if clear_loading:
            data["flags"] = msg.flags & ~limits.LOADING
        else:
            data["edited_timestamp"] = iso(self.clock.time())
        if not msg.ephemeral:
            await self._dispatch_message("MESSAGE_UPDATE", msg)
        self._touch()

    async def _delete_message(self: FakeDiscord, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            payload = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                payload["guild_id"] = str(msg.guild_id)
            intent = Intents.GUILD_MESSAGES if msg.guild_id else Intents.DIRECT_MESSAGES
            await self._dispatch("MESSAGE_DELETE", payload, intent)
        self._touch()

    async def _dispatch_message(self: FakeDiscord, event: str, msg: Message) -> None:
        payload = msg.snapshot()
        if msg.guild_id is not None:
            payload["guild_id"] = str(msg.guild_id)
            guild = self.guilds.get(msg.guild_id)
            if guild is not None and msg.author_id in guild.members:
                payload["member"] = guild.member_dict(payload["author"], with_user=False)
            intent = Intents.GUILD_MESSAGES
        else:
            intent = Intents.DIRECT_MESSAGES
        for session in self._live_sessions():
            if not session.intents & intent or not session.holds(msg.guild_id):
                continue
            event_payload = payload
            hides_content = (
                msg.author_id != self.bot_user_id
                and msg.guild_id is not None
                and not session.intents & Intents.MESSAGE_CONTENT
                and not any(int(u["id"]) == self.bot_user_id for u in payload["mentions"])
            )
            if hides_content:
                event_payload = {
                    **payload,
                    "content": "",
                    "embeds": [],
                    "attachments": [],
                    "components": [],
                }
            await session.dispatch(event, event_payload)


def _resolve_attachment_urls(data: dict[str, Any]) -> None:
    """Point embed images and thumbnails given as ``attachment://<filename>`` at that
    attachment of the message, with its size, as Discord does. An unknown name stays as sent
    (Discord shows no image for it)."""
    by_name = {a["filename"]: a for a in data.get("attachments") or []}
    for embed in data.get("embeds") or []:
        for key in ("image", "thumbnail"):
            media = embed.get(key)
            url = media.get("url") if isinstance(media, dict) else None
            if not isinstance(url, str) or not url.startswith("attachment://"):
                continue
            attachment = by_name.get(url.removeprefix("attachment://"))
            if attachment is None:
                continue
            media["url"] = attachment["url"]
            media["proxy_url"] = attachment["proxy_url"]
            for field_name in ("width", "height", "content_type"):
                if field_name in attachment:
                    media[field_name] = attachment[field_name]


def _note_message(message_id: int) -> None:
    record = _RECORD.get()
    if record is not None and message_id not in record.message_ids:
        record.message_ids.append(message_id)


def _callback(ctype: int, data: Any, message: Message | None) -> Any:
    from .records import CallbackResponse

    return CallbackResponse(ctype, data, message)


def _loads(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(
            400, 50109, "The request body contains invalid JSON.", violation="invalid_json"
        ) from None


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)
