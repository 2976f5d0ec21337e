"""What the fake saw and what went wrong: request counts, violations, interaction deadlines,
and waiting for the next change."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from .records import Interaction, RequestRecord, Violation

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = ["Checks"]

_log = logging.getLogger(__name__)
T = TypeVar("T")


class Checks:
    """Observing the fake (mixed into :class:`~bot.sandbox.fakediscord.server.FakeDiscord`:
    ``requests``, ``violations`` and ``changes`` are set by its ``__init__``)."""

    def request_counts(self: FakeDiscord) -> Counter[str]:
        """How many requests per route template (``"POST /channels/{channel_id}/messages"``)."""
        return Counter(r.route or f"{r.method} {r.path}" for r in self.requests)

    def requests_to(self: FakeDiscord, method: str, template: str) -> list[RequestRecord]:
        return [r for r in self.requests if r.route == f"{method} {template}"]

    def sent_text(self: FakeDiscord) -> str:
        """Every request body the bot ever sent, as one string (hidden-information scans)."""
        return "\n".join(r.body_text for r in self.requests if r.json is not None)

    async def wait_for(
        self: FakeDiscord,
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

    async def wait_change(self: FakeDiscord, since: int, timeout: float) -> int:
        """Wait until :attr:`changes` has moved past ``since`` or ``timeout`` passed; return it."""
        if self.changes == since:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)
        return self.changes

    def _touch(self: FakeDiscord) -> None:
        self.changes += 1
        self._changed.set()
        self._changed = asyncio.Event()

    def take_violations(self: FakeDiscord, kind: str | None = None) -> list[Violation]:
        """Remove and return the recorded violations (of one kind prefix, or all)."""
        taken = [v for v in self.violations if kind is None or v.kind.startswith(kind)]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def check_deadlines(self: FakeDiscord) -> None:
        """Record interactions that were dispatched but not acknowledged in time."""
        now = self.clock.monotonic()
        for inter in self.interactions.values():
            self._check_deadline(inter, now)

    def assert_clean(self: FakeDiscord) -> None:
        """Fail if anything a real Discord would reject happened (or an unknown route)."""
        self.check_deadlines()
        lines = [str(v) for v in self.violations]
        lines += [f"unexpected request: {r.method} {r.path}" for r in self.unexpected_requests]
        if lines:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(lines))

    def _check_deadline(self: FakeDiscord, inter: Interaction, now: float | None = None) -> None:
        if inter._deadline_checked or inter.callback is not None or inter.dispatched_at is None:
            return
        now = self.clock.monotonic() if now is None else now
        if now - inter.dispatched_at > self.response_deadline:
            inter._deadline_checked = True
            self._violation(
                "no_response",
                f"{inter!r} was not acknowledged within {self.response_deadline}s",
            )

    def _violation(
        self: FakeDiscord, kind: str, message: str, record: RequestRecord | None = None
    ) -> None:
        violation = Violation(kind, message, record)
        _log.warning("fake Discord violation: %s", violation)
        self.violations.append(violation)
        self._touch()
