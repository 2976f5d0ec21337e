"""What the fake server records: requests, violations, interactions and their responses."""

from __future__ import annotations

import asyncio
import json
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

from .objects import message_text

if TYPE_CHECKING:
    from .objects import Message
    from .server import FakeDiscord
    from .users import User

__all__ = ["ApiError", "CallbackResponse", "Interaction", "RequestRecord", "Violation"]


class ApiError(Exception):
    """An error answered the Discord way: ``{"message": ..., "code": ...}`` with a status."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        violation: str | None = None,
        detail: str | None = None,
        body: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.violation = violation
        self.detail = detail
        self.body = body or {"message": message, "code": code}
        #: Extra response headers, and a non-JSON body (both used by injected faults).
        self.headers: dict[str, str] = {}
        self.text: str | None = None


@dataclass
class RequestRecord:
    """One REST request the bot made.

    ``route`` is the route template (``"POST /channels/{channel_id}/messages"``) so tests
    can count calls per kind; ``json`` is the JSON body (or ``payload_json`` of a multipart
    body); ``files`` are the uploaded file names; ``message_ids`` the messages the request
    created or edited (see ``fake.message(id).public``).
    """

    method: str
    path: str
    route: str | None
    query: dict[str, str]
    json: Any
    files: list[str] = field(default_factory=list)
    status: int = 0
    response: Any = None
    error_code: int | None = None
    message_ids: list[int] = field(default_factory=list)
    #: The :class:`~bot.sandbox.fakediscord.faults.Injection` this request got, if any.
    fault: Any = None
    #: When the request arrived (``fake.clock.monotonic()``).
    at: float = 0.0
    #: The client's ``User-Agent`` header (tells apart bot processes that label theirs).
    user_agent: str = ""

    @property
    def body_text(self) -> str:
        """The body as compact JSON text (for scanning everything the bot ever sent)."""
        return "" if self.json is None else json.dumps(self.json, ensure_ascii=False)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass
class Violation:
    """Something a real Discord would have rejected, or a bot bug the fake noticed."""

    kind: str
    message: str
    request: RequestRecord | None = None

    def __str__(self) -> str:
        where = f" [{self.request.method} {self.request.path}]" if self.request else ""
        return f"{self.kind}{where}: {self.message}"


@dataclass
class CallbackResponse:
    """The first (accepted) interaction callback.

    ``type``: 4 CHANNEL_MESSAGE_WITH_SOURCE, 5 DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    6 DEFERRED_UPDATE_MESSAGE, 7 UPDATE_MESSAGE, 8 AUTOCOMPLETE_RESULT, 9 MODAL.
    ``message`` is the message it
    created (4, 5) or the component's message it acknowledged / updated (6, 7).
    """

    type: int
    data: dict[str, Any] | None
    message: Message | None

    @property
    def ephemeral(self) -> bool:
        return bool(self.message is not None and self.message.ephemeral)

    @property
    def text(self) -> str:
        """What this answer itself said (its content, embeds and labels): the message it
        updated may have been edited again since."""
        return message_text(self.data or {})

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (type 8)."""
        return list((self.data or {}).get("choices") or [])


@dataclass(eq=False)
class Interaction:
    """An interaction a test user started (equal only to itself). Await :meth:`response` for
    the bot's answer."""

    _fake: FakeDiscord
    _: KW_ONLY
    id: int
    token: str
    type: int
    user: User
    channel_id: int
    payload: dict[str, Any]
    source_message_id: int | None = None

    def __post_init__(self) -> None:
        self.created_at = self._fake.clock.monotonic()
        self.dispatched_at: float | None = None
        self.callback: CallbackResponse | None = None
        self.callback_attempts = 0
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        self.modal: dict[str, Any] | None = None
        self._responded = asyncio.Event()
        self._deadline_checked = False

    def __repr__(self) -> str:
        kind = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}.get(self.type)
        return f"<Interaction {kind} id={self.id} user={self.user.name}>"

    @property
    def custom_id(self) -> str | None:
        return (self.payload.get("data") or {}).get("custom_id")

    @property
    def acknowledged(self) -> bool:
        return self.callback is not None

    @property
    def response_type(self) -> int | None:
        return None if self.callback is None else self.callback.type

    async def response(self, timeout: float = 5.0) -> CallbackResponse:
        """Wait for the bot's first callback (raises AssertionError after ``timeout``)."""
        try:
            await asyncio.wait_for(self._responded.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"{self!r} got no response within {timeout}s") from None
        assert self.callback is not None
        return self.callback

    @property
    def original(self) -> Message | None:
        """The original response message in its latest state (None for 9 / no response)."""
        if self.original_message_id is None:
            return None
        return self._fake.message(self.original_message_id)

    async def wait_original(self, timeout: float = 5.0) -> Message:
        """Wait until the original response exists and is no longer a loading placeholder."""

        def ready() -> Message | None:
            msg = self.original
            return msg if msg is not None and not msg.loading else None

        return await self._fake.wait_for(ready, timeout, f"original response of {self!r}")

    @property
    def followups(self) -> list[Message]:
        return [self._fake.message(mid) for mid in self.followup_ids]

    @property
    def messages(self) -> list[Message]:
        """Original response (if a message) followed by every followup."""
        out = [self.original] if self.original is not None else []
        return out + [m for m in self.followups if m not in out]

    def age(self, seconds: float) -> None:
        """Pretend this interaction was created ``seconds`` earlier (token expiry tests)."""
        self.created_at -= seconds
        if self.dispatched_at is not None:
            self.dispatched_at -= seconds
