"""How a REST request reaches its handler: the route table's entries (:class:`Route`), what a
handler is given (:class:`Ctx`, :class:`File`), and the helpers every resource shares."""

from __future__ import annotations

import contextvars
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..records import ApiError, RequestRecord

__all__ = [
    "API_PREFIX",
    "CHANNEL_MESSAGE",
    "RECORD",
    "WEBHOOK",
    "WEBHOOK_MESSAGES",
    "Ctx",
    "File",
    "Route",
    "collect_routes",
    "dumps",
    "loads",
    "route",
    "unknown",
]

API_PREFIX = "/api/v10"

#: A channel's message, and an interaction's webhook with its messages (the original response
#: and followups): the message routes (:mod:`.messages`) serve a message named either way.
CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
WEBHOOK_MESSAGES = (WEBHOOK + "/messages/@original", WEBHOOK + "/messages/{message_id}")

#: The request being handled (its record notes the messages it created or edited).
RECORD: contextvars.ContextVar[RequestRecord | None] = contextvars.ContextVar(
    "fake_discord_record", default=None
)


@dataclass
class Route:
    """One REST route: ``handler`` (and ``limits``, the check of Discord's documented limits run
    before the schema's) name methods of the :class:`~..server.FakeDiscord`."""

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

    @property
    def specificity(self) -> int:
        """How many path segments are fixed: of two templates that match one path (``/users/@me``
        and ``/users/{user_id}``), the one with more fixed segments is the route."""
        return -self.template.count("{")


H = TypeVar("H", bound=Callable[..., Any])


def route(
    method: str, *templates: str, auth: bool = True, limits: str | None = None
) -> Callable[[H], H]:
    """Declare the decorated handler the route of ``method`` on each of ``templates`` (paths below
    :data:`API_PREFIX`; ``auth=False`` for the interaction routes, which need no bot token;
    ``limits`` names the method that checks the body against Discord's documented limits)."""

    def declare(handler: H) -> H:
        declared = handler.__dict__.setdefault("routes", [])
        for template in templates:
            declared.append(Route(method, template, handler.__name__, auth, limits))
        return handler

    return declare


def collect_routes(api: type) -> list[Route]:
    """Every route declared with :func:`route` on ``api``'s handlers, in the order requests are
    matched against them: the most specific first."""
    found = [
        declared
        for cls in reversed(api.__mro__)
        for handler in vars(cls).values()
        for declared in getattr(handler, "routes", ())
    ]
    return sorted(found, key=lambda r: -r.specificity)


@dataclass
class File:
    """A file uploaded with a multipart request (``files[n]``)."""

    field: str
    filename: str
    data: bytes
    content_type: str | None

    @property
    def index(self) -> int | None:
        match = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(match.group(1)) if match else None


@dataclass
class Ctx:
    """What a route's handler is given: the route, its path parameters, the query and body."""

    route: Route
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[File]
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


def unknown(what: str, code: int, status: int = 404) -> ApiError:
    """Discord's answer for an id that names nothing (``Unknown Channel``, 10003...)."""
    return ApiError(status, code, f"Unknown {what}")


def loads(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(
            400, 50109, "The request body contains invalid JSON.", violation="invalid_json"
        ) from None


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)
