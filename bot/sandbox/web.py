"""The sandbox page and its JSON API (aiohttp on 127.0.0.1).

``GET /api/state`` returns what one sandbox user sees in one channel (messages already
rendered to HTML by :mod:`bot.sandbox.render`), the channel list, the users and the slash
commands the bot registered; with ``since`` it waits until something changes (long polling).
``POST /api/command``, ``/api/component`` and ``/api/message`` act as that user through the
fake Discord, exactly like the end-to-end tests do.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web
from noto_cjk_sans_jp_regular import FONT_PATH

from bot.sandbox.render import View, avatar_colour, message_html

if TYPE_CHECKING:
    from bot.sandbox.fakediscord import Channel, FakeDiscord, Message, User

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
#: Where the page loads uploaded files (attachments) from.
MEDIA_PATH = "/attachments/"
#: Where the page finds Noto Sans CJK JP, the font the pictures are drawn in (installed by pip
#: with the project): the style sheet draws Japanese in it on every machine, so that the page
#: shows Japanese text, not empty boxes, and lays it out alike whatever Japanese fonts the
#: machine has of its own.
CJK_FONT_PATH = "/fonts/noto-sans-cjk-jp.otf"

#: Longest wait of a long poll; the page polls again right away.
POLL_SECONDS = 20.0
#: Messages of one author less than this far apart are shown as one group.
GROUP_SECONDS = 7 * 60
#: How many of the latest messages of a channel the page shows.
HISTORY = 100

OPTION_TYPES = {3: "string", 4: "integer", 5: "boolean", 6: "user", 7: "channel", 10: "number"}


#: The header the page sends with every request that changes something (see `_guard`).
REQUEST_HEADER = "X-Sandbox-Request"


class BadRequest(Exception):
    """Answered with 400 and the message."""


def _localised(item: dict[str, Any], key: str, locale: str) -> str:
    found = item.get(f"{key}_localizations") or {}
    return str(found.get(locale) or found.get(locale.split("-")[0]) or item.get(key) or "")


def _option(option: dict[str, Any], locale: str) -> dict[str, Any]:
    return {
        "name": option["name"],
        "label": _localised(option, "name", locale),
        "description": _localised(option, "description", locale),
        "type": OPTION_TYPES.get(int(option["type"]), "string"),
        "required": bool(option.get("required")),
        "min": option.get("min_value"),
        "max": option.get("max_value"),
        "choices": [
            {"label": _localised(c, "name", locale), "value": c["value"]}
            for c in option.get("choices") or []
        ],
    }


def command_list(commands: list[dict[str, Any]], locale: str, *, in_dm: bool) -> list[dict]:
    """Slash commands as the command bar offers them: one entry per (sub)command, with the
    names and choices in the user's language and the canonical names to send."""
    out = []
    for command in sorted(commands, key=lambda c: c["name"]):
        if command.get("type", 1) != 1:
            continue
        contexts = command.get("contexts")
        if in_dm and ("guild_id" in command or (contexts is not None and 1 not in contexts)):
            continue
        if not in_dm and contexts is not None and 0 not in contexts:
            continue
        stack = [([command["name"]], [_localised(command, "name", locale)], command)]
        while stack:
            names, labels, node = stack.pop(0)
            subs = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
            if subs:
                for sub in subs:
                    stack.append(
                        ([*names, sub["name"]], [*labels, _localised(sub, "name", locale)], sub)
                    )
                continue
            out.append(
                {
                    "name": " ".join(names),
                    "label": " ".join(labels),
                    "description": _localised(node, "description", locale),
                    "options": [_option(o, locale) for o in node.get("options") or []],
                }
            )
    return sorted(out, key=lambda c: c["name"])


class SandboxWeb:
    """The page's server. ``fake`` is a started :class:`FakeDiscord` with a bot logged in."""

    def __init__(self, fake: FakeDiscord, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self.fake = fake
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    # ------------------------------------------------------------ lifecycle

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self._index)
        app.router.add_static("/static/", STATIC)
        app.router.add_get(CJK_FONT_PATH, self._cjk_font)
        app.router.add_get("/api/state", self._state)
        app.router.add_post("/api/command", self._command)
        app.router.add_post("/api/component", self._component)
        app.router.add_post("/api/message", self._message)
        app.router.add_get(MEDIA_PATH + "{channel_id}/{attachment_id}/{filename}", self._media)
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only the sandbox's own page may drive it. The Host header must be this address (no
        DNS rebinding); a request that changes anything must also come from this origin and
        carry `REQUEST_HEADER`, which a form or a simple request of another site cannot send
        (a script of another site may only send it after a CORS preflight, never answered)."""
        host = request.headers.get("Host", "")
        if host not in (f"{self.host}:{self.port}", f"localhost:{self.port}"):
            return web.Response(status=403, text="unknown host")
        if request.method not in ("GET", "HEAD"):
            origin = request.headers.get("Origin")
            if origin is not None and origin != f"http://{host}":
                log.warning("refused a %s from another origin: %r", request.path, origin[:100])
                return web.Response(status=403, text="requests from other pages are refused")
            if request.headers.get(REQUEST_HEADER) != "1":
                log.warning("refused a %s without the sandbox's header", request.path)
                return web.Response(status=403, text=f"the {REQUEST_HEADER} header is missing")
        try:
            return await handler(request)
        except BadRequest as exc:
            return web.json_response({"ok": False, "error": str(exc)}, status=400)

    # ------------------------------------------------------------ reading

    def sandbox_users(self) -> list[User]:
        return [u for u in self.fake.users.values() if u.id != self.fake.owner.id]

    def _user(self, raw: Any, *, default: bool = False) -> User:
        """A sandbox user by id or name (the first one when ``default`` and none is named)."""
        users = self.sandbox_users()
        if default and not raw and users:
            return users[0]
        text = str(raw or "").strip()
        for user in users:
            if str(user.id) == text or user.name.lower() == text.lower():
                return user
        raise BadRequest(f"no sandbox user {text!r}")

    def _channel_for(self, user: User, raw: Any) -> Channel:
        try:
            channel = self.fake.channels.get(int(raw)) if raw else self.fake.channel
        except (TypeError, ValueError):
            channel = None
        if channel is None or channel.deleted:
            return self.fake.channel
        if channel.is_dm and channel.recipient_id != user.id:
            raise BadRequest("that is someone else's DM")
        return channel

    def view_of(self, user: User) -> View:
        fake = self.fake
        names = {uid: u.name for uid, u in fake.users.items()}
        names[fake.bot_user_id] = fake.bot_name
        return View(
            viewer_id=user.id,
            bot_id=fake.bot_user_id,
            names=names,
            channels={c.id: c.name or "" for c in fake.channels.values() if not c.is_dm},
            roles={r.id: r.name for r in fake.guild.roles.values()},
            now=fake.clock.time(),
            media_path=MEDIA_PATH,
        )

    def visible(self, user: User, channel: Channel) -> list[Message]:
        """What ``user`` sees in ``channel``: its messages and their own ephemerals there."""
        mine = [m for m in user.ephemerals() if m.channel_id == channel.id]
        return sorted(self.fake.channel_messages(channel) + mine, key=lambda m: m.id)

    def channel_list(self, user: User) -> list[dict[str, Any]]:
        fake = self.fake
        out = []
        for cid in fake.guild.channel_ids:
            channel = fake.channels[cid]
            if channel.deleted or channel.type != 0:
                continue
            out.append(self._channel_entry(user, channel, "text"))
            threads = sorted(fake.threads(channel), key=lambda c: c.id, reverse=True)
            out += [self._channel_entry(user, t, "thread") for t in threads]
        out.append(self._channel_entry(user, user.dm_channel, "dm"))
        return out

    def _channel_entry(self, user: User, channel: Channel, kind: str) -> dict[str, Any]:
        seen = self.visible(user, channel)
        return {
            "id": str(channel.id),
            "kind": kind,
            "name": self.fake.bot_name if kind == "dm" else channel.name or "",
            "parent": str(channel.parent_id) if channel.parent_id else None,
            "archived": channel.archived,
            "last": str(seen[-1].id) if seen else "0",
            "count": len(seen),
        }

    def messages(self, user: User, channel: Channel) -> list[dict[str, str]]:
        view = self.view_of(user)
        out = []
        previous: Message | None = None
        for message in self.visible(user, channel)[-HISTORY:]:
            data = message.data
            grouped = (
                previous is not None
                and previous.author_id == message.author_id
                and previous.ephemeral == message.ephemeral
                and (message.id >> 22) - (previous.id >> 22) < GROUP_SECONDS * 1000
            )
            thread = self.fake.thread_for(message) if channel.type == 0 else None
            chip = None
            if thread is not None:
                shown = self.fake.channel_messages(thread)
                chip = {
                    "id": thread.id,
                    "name": thread.name,
                    "count": len(shown),
                    "last": shown[-1].data if shown else None,
                }
            out.append(
                {
                    "id": str(message.id),
                    "html": message_html(
                        data, view, ephemeral=message.ephemeral, grouped=grouped, thread=chip
                    ),
                }
            )
            previous = message
        return out

    def state(self, user: User, channel: Channel) -> dict[str, Any]:
        fake = self.fake
        commands = list(fake.commands.get(None, {}).values())
        if not channel.is_dm:
            commands += list(fake.commands.get(fake.guild.id, {}).values())
        if channel.is_dm:
            title, kind = fake.bot_name, "dm"
        else:
            title, kind = channel.name or "", "thread" if channel.is_thread else "text"
        return {
            "version": fake.changes,
            "guild": fake.guild.name,
            "bot": fake.bot_name,
            "me": str(user.id),
            "users": [
                {
                    "id": str(u.id),
                    "name": u.name,
                    "locale": u.locale,
                    "colour": avatar_colour(u.id),
                }
                for u in self.sandbox_users()
            ],
            "channels": self.channel_list(user),
            "channel": {"id": str(channel.id), "kind": kind, "name": title},
            "messages": self.messages(user, channel),
            "commands": command_list(commands, user.locale, in_dm=channel.is_dm),
            "problems": [str(v)[:500] for v in fake.violations[-5:]],
            "problem_count": len(fake.violations),
        }

    # ------------------------------------------------------------ handlers

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def _cjk_font(self, request: web.Request) -> web.StreamResponse:
        """The Japanese font (`CJK_FONT_PATH`), kept by the browser once fetched."""
        return web.FileResponse(FONT_PATH, headers={"Cache-Control": "max-age=86400"})

    async def _media(self, request: web.Request) -> web.StreamResponse:
        """An uploaded file, for a user who can see a message holding it (Discord's CDN links
        are unguessable; here the viewer is checked instead)."""
        user = self._user(request.query.get("user"))
        try:
            attachment_id = int(request.match_info["attachment_id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        attachment = self.fake.attachments.get(attachment_id)
        visible = attachment is not None and any(
            str(attachment_id) == str(a.get("id"))
            for message in self.fake.messages.values()
            if not message.deleted and self.fake.can_see(user, message)
            for a in message.data.get("attachments") or []
        )
        if not visible:
            raise web.HTTPNotFound()
        kind = attachment.media_type or "application/octet-stream"
        return web.Response(
            body=attachment.data,
            content_type=kind,
            headers={"Cache-Control": "private, max-age=3600"},
        )

    async def _state(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        user = self._user(query.get("user"), default=True)
        since = query.get("since")
        if since is not None and since.isdigit():
            await self.fake.wait_change(int(since), POLL_SECONDS)
            await asyncio.sleep(0.03)  # let a burst of changes settle into one answer
        channel = self._channel_for(user, query.get("channel"))
        return web.json_response(self.state(user, channel))

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], User]:
        try:
            body = await request.json()
        except ValueError:
            raise BadRequest("the body is not JSON") from None
        if not isinstance(body, dict):
            raise BadRequest("the body is not an object")
        return body, self._user(body.get("user"))

    async def _answered(self, start: Any) -> web.StreamResponse:
        """Run an interaction and wait for the bot's first answer, like Discord's client."""
        try:
            interaction = await start
        except AssertionError as exc:
            raise BadRequest(str(exc)) from None
        try:
            await interaction.response(timeout=self.fake.response_deadline + 0.5)
        except AssertionError:
            raise BadRequest("The application did not respond") from None
        return web.json_response({"ok": True})

    async def _command(self, request: web.Request) -> web.StreamResponse:
        body, user = await self._body(request)
        channel = self._channel_for(user, body.get("channel"))
        name = str(body.get("command") or "").strip().lstrip("/")
        options = body.get("options") or {}
        if not name or not isinstance(options, dict):
            raise BadRequest("a command needs a name and an options object")
        return await self._answered(user.slash(name, options, channel=channel))

    async def _component(self, request: web.Request) -> web.StreamResponse:
        body, user = await self._body(request)
        custom_id = str(body.get("custom_id") or "")
        try:
            message_id = int(body.get("message"))
        except (TypeError, ValueError):
            raise BadRequest("which message?") from None
        values = body.get("values")
        if values is None:
            return await self._answered(user.click(message_id, custom_id))
        if not isinstance(values, list):
            raise BadRequest("values must be a list")
        return await self._answered(user.select(message_id, custom_id, [str(v) for v in values]))

    async def _message(self, request: web.Request) -> web.StreamResponse:
        body, user = await self._body(request)
        channel = self._channel_for(user, body.get("channel"))
        content = str(body.get("content") or "").strip()
        if not content or len(content) > 2000:
            raise BadRequest("a message holds 1 to 2000 characters")
        try:
            await user.say(content, channel=channel)
        except AssertionError as exc:
            raise BadRequest(str(exc)) from None
        return web.json_response({"ok": True})
