"""REST API of the fake server, one module a resource, mixed into
:class:`~bot.sandbox.fakediscord.server.FakeDiscord` (``self`` in every handler).

Every request is logged in ``fake.requests``. A known route is validated (its explicit
limits, then the OpenAPI schema) before its handler runs; an unknown route answers 404 and is
logged in ``fake.unexpected_requests``.  Each handler declares its routes with
:func:`~.routing.route`; :data:`ROUTES` collects them.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .. import limits
from ..records import ApiError, RequestRecord
from .channels import ChannelRoutes
from .commands import CommandRoutes
from .guilds import GuildRoutes
from .interactions import InteractionRoutes
from .messages import MessageStore
from .routing import API_PREFIX, RECORD, Ctx, File, Route, collect_routes, dumps, loads
from .users import UserRoutes

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["API_PREFIX", "ROUTES", "File", "RestApi", "Route"]


class RestApi(
    UserRoutes, CommandRoutes, ChannelRoutes, GuildRoutes, InteractionRoutes, MessageStore
):
    """The request pipeline (record, route, validate, inject faults, handle, answer) over
    every resource's handlers."""

    async def _handle_rest(self: FakeDiscord, request: web.Request) -> web.StreamResponse:
        method, path = request.method, request.path
        record = RequestRecord(method, path, None, dict(request.query), None)
        record.at = self.clock.monotonic()
        record.user_agent = request.headers.get("User-Agent", "")
        self.requests.append(record)
        RECORD.set(record)
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
        return web.Response(body=dumps(payload).encode(), status=status, headers=headers)

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
        ctx = Ctx(route, match.groupdict(), dict(request.query), body, files, record, content_type)
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

    async def _read_body(self, request: web.Request) -> tuple[Any, list[File], str]:
        content_type = request.content_type
        if not request.can_read_body:
            return None, [], content_type
        if content_type == "multipart/form-data":
            body: Any = None
            files: list[File] = []
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""
                if name == "payload_json":
                    body = loads(await part.text())
                else:
                    data = await part.read(decode=False)
                    files.append(
                        File(
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
        return loads(raw), [], content_type


#: Every route, in the order a request's path is matched against them.
ROUTES: list[Route] = collect_routes(RestApi)
