"""Discord faults the fake server injects: rate limits, server errors, slow answers, a dropped or
invalidated gateway, and an interaction delivered twice.

Every :class:`~bot.sandbox.fakediscord.server.FakeDiscord` has a :class:`Faults` at ``fake.faults``
that injects nothing until told to::

    fake.faults.add("429", routes=EDITS, times=1, retry_after=0.3)   # the next table edit
    fake.faults.add("503", routes=SENDS, probability=0.1)            # one send in ten fails
    fake.faults.add("slow", routes=EDITS, delay=(2.5, 3.5))          # edits land 2.5-3.5 s late
    await fake.faults.drop_gateway()            # close 4000: discord.py RESUMEs
    await fake.faults.force_reidentify()        # op 9 d=false: a fresh IDENTIFY
    await fake.faults.redeliver(interaction)    # the same INTERACTION_CREATE again
    fake.faults.stop()                          # Discord has recovered: nothing more
    print(fake.faults.counts)                   # injected faults by kind

REST faults are decided per request after the request was validated (a body Discord would
reject is still a violation) and before its handler runs. Each request that got one has
``record.fault`` set to the :class:`Injection`. The kinds:

``429``
    Answered 429 like a per-route limit: ``retry_after`` in the body, ``Retry-After``, the
    ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket/Scope`` headers discord.py reads,
    and ``Via`` (without it discord.py takes a 429 for a Cloudflare ban). Nothing happens.
``429_global``
    The global limit: ``"global": true`` and ``X-RateLimit-Global: true``. discord.py holds
    back every REST request (not interaction callbacks) for ``retry_after``.
``500``, ``502``, ``503``
    Server errors; nothing happens. discord.py's REST client retries 500 and 502 itself (after
    1, 3, 5... seconds) and raises ``DiscordServerError`` at once on 503; its webhook client
    (interaction follow-ups and edits) retries every 5xx.
``slow``
    The request takes effect ``delay`` seconds late (it reached Discord late).
``slow_answer``
    The request takes effect at once, but its answer comes ``delay`` seconds later.
``bucket_exhausted``
    A normal answer whose headers say the route's bucket is empty for ``reset_after``
    seconds: discord.py waits that long before it returns and before the next request.

Parameters may be a number or a ``(low, high)`` range drawn from the seeded generator
(:meth:`Faults.seed`), so a random schedule replays exactly for a given seed.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import random
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .records import ApiError

if TYPE_CHECKING:
    from .records import Interaction, RequestRecord
    from .server import FakeDiscord

__all__ = [
    "CALLBACKS",
    "EDITS",
    "KINDS",
    "SENDS",
    "Faults",
    "Injection",
    "Rule",
]

_W = "/webhooks/{webhook_id}/{webhook_token}"
#: Message edits: channel messages (tables, DM hands, lobbies) and interaction messages.
EDITS = frozenset(
    {
        "PATCH /channels/{channel_id}/messages/{message_id}",
        f"PATCH {_W}/messages/@original",
        f"PATCH {_W}/messages/{{message_id}}",
    }
)
#: Message sends: channel and DM messages (tables, pings, final results) and follow-ups.
SENDS = frozenset({"POST /channels/{channel_id}/messages", f"POST {_W}"})
#: Interaction callbacks (the first answer to a click or a command).
CALLBACKS = frozenset({"POST /interactions/{interaction_id}/{interaction_token}/callback"})

KINDS = (
    "429",
    "429_global",
    "500",
    "502",
    "503",
    "slow",
    "slow_answer",
    "bucket_exhausted",
)
_ERRORS = {
    500: {"message": "500: Internal Server Error", "code": 0},
    503: {"message": "503: Service Unavailable", "code": 0},
}
_BAD_GATEWAY = "<html><head><title>502 Bad Gateway</title></head><body>502</body></html>"

Param = float | tuple[float, float]


@dataclass
class Rule:
    """Inject ``kind`` into requests to ``routes`` (route templates as in
    ``RequestRecord.route``; ``None`` for every route) that pass ``when``, each with
    ``probability``, at most ``times`` times (``None``: no limit)."""

    kind: str
    routes: Collection[str] | None = None
    times: int | None = 1
    probability: float = 1.0
    when: Callable[[RequestRecord], bool] | None = None
    params: dict[str, Param] = field(default_factory=dict)
    used: int = 0

    def matches(self, record: RequestRecord) -> bool:
        if self.times is not None and self.used >= self.times:
            return False
        if self.routes is not None and record.route not in self.routes:
            return False
        return self.when is None or self.when(record)


@dataclass
class Injection:
    """One injected REST fault, as decided for one request."""

    kind: str
    method: str
    path: str
    route: str | None
    delay: float = 0.0
    retry_after: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class Faults:
    """The fault plan of one fake server; see the module docstring."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self.rules: list[Rule] = []
        self.enabled = True
        self.rng = random.Random(0)
        #: Faults injected so far, by kind (REST kinds and the gateway ones below).
        self.counts: Counter[str] = Counter()
        #: Every REST injection, in order.
        self.log: list[Injection] = []
        #: Ids of interactions delivered more than once (their second answers get 40060).
        self.redelivered: set[int] = set()

    def seed(self, seed: int) -> None:
        """Make probabilities and parameter ranges replay exactly."""
        self.rng = random.Random(seed)

    def add(
        self,
        kind: str,
        *,
        routes: Collection[str] | None = None,
        times: int | None = 1,
        probability: float = 1.0,
        when: Callable[[RequestRecord], bool] | None = None,
        **params: Param,
    ) -> Rule:
        """Add a rule. ``params``: ``retry_after`` (429 kinds, ``bucket_exhausted``: the
        wait), ``delay`` (``slow``, ``slow_answer``)."""
        if kind not in KINDS:
            raise ValueError(f"unknown fault kind {kind!r} (kinds: {', '.join(KINDS)})")
        rule = Rule(kind, routes, times, probability, when, dict(params))
        self.rules.append(rule)
        return rule

    def stop(self) -> None:
        """Discord has recovered: remove every rule and inject nothing more."""
        self.rules.clear()

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    # -- REST (called by the fake's request pipeline) ---------------------------------------

    def _draw(self, value: Param) -> float:
        if isinstance(value, tuple):
            return self.rng.uniform(*value)
        return float(value)

    def _pick(self, record: RequestRecord) -> Injection | None:
        if not self.enabled:
            return None
        for rule in self.rules:
            if not rule.matches(record):
                continue
            if rule.probability < 1.0 and self.rng.random() >= rule.probability:
                continue
            rule.used += 1
            injection = Injection(rule.kind, record.method, record.path, record.route)
            injection.delay = self._draw(rule.params.get("delay", 0.0))
            injection.retry_after = self._draw(rule.params.get("retry_after", 0.25))
            return injection
        return None

    async def before_handler(self, record: RequestRecord) -> None:
        """Decide the request's fault: wait, or raise the error to answer with."""
        injection = self._pick(record)
        if injection is None:
            return
        record.fault = injection
        self.counts[injection.kind] += 1
        self.log.append(injection)
        kind = injection.kind
        if kind == "slow":
            await asyncio.sleep(injection.delay)
        elif kind in ("429", "429_global"):
            raise self._rate_limited(injection, record)
        elif kind in ("500", "502", "503"):
            status = int(kind)
            error = ApiError(status, 0, f"{status}", body=_ERRORS.get(status))
            if status == 502:
                error.text = _BAD_GATEWAY
            raise error
        elif kind == "bucket_exhausted":
            injection.headers = self._bucket_headers(record, injection.retry_after, 0)

    async def after_handler(self, record: RequestRecord) -> dict[str, str]:
        """Extra headers for the answer, after the answer's own delay."""
        injection: Injection | None = record.fault
        if injection is None:
            return {}
        if injection.kind == "slow_answer":
            await asyncio.sleep(injection.delay)
        return injection.headers

    def _bucket_headers(self, record: RequestRecord, reset_after: float, remaining: int) -> dict:
        bucket = hashlib.sha1((record.route or record.path).encode()).hexdigest()[:32]
        now = self._fake.clock.time()
        return {
            "Via": "1.1 google",
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{now + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    def _rate_limited(self, injection: Injection, record: RequestRecord) -> ApiError:
        retry_after = round(injection.retry_after, 3)
        is_global = injection.kind == "429_global"
        headers = {"Via": "1.1 google", "Retry-After": str(max(1, math.ceil(retry_after)))}
        if is_global:
            headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        else:
            headers.update(self._bucket_headers(record, retry_after, 0))
            headers["X-RateLimit-Scope"] = "user"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        injection.headers = headers
        error = ApiError(429, 0, "You are being rate limited.", body=body)
        error.headers = headers
        return error

    # -- gateway ----------------------------------------------------------------------------

    async def drop_gateway(self, timeout: float = 10.0) -> None:
        """Close the bot's websocket with 4000 and wait until discord.py has RESUMEd."""
        fake = self._fake
        resumes = fake.gateway.resumes
        self.counts["gateway_resume"] += 1
        await fake.drop_gateway(4000)
        await fake.wait_for(lambda: fake.gateway.resumes > resumes, timeout, "a RESUME")

    async def force_reidentify(self, timeout: float = 10.0) -> None:
        """Send op 9 INVALID_SESSION (d=false) and wait for the new session's READY."""
        fake = self._fake
        identifies = fake.gateway.identifies
        self.counts["gateway_reidentify"] += 1
        await fake.invalidate_session(resumable=False)
        await fake.wait_for(
            lambda: (
                fake.gateway.identifies > identifies
                and any(s.connection is not None for s in fake._live_sessions())
            ),
            timeout,
            "a fresh IDENTIFY",
        )

    async def redeliver(self, interaction: Interaction) -> None:
        """Dispatch the same INTERACTION_CREATE (same id and token) once more.

        Discord answers any second acknowledgement of it with 40060; for a redelivered
        interaction that is the expected outcome, so :meth:`take_expected_violations` removes
        those double-acknowledgement violations."""
        guild_id = interaction.payload.get("guild_id")
        session = self._fake._session_for(None if guild_id is None else int(guild_id))
        self.counts["duplicate_interaction"] += 1
        self.redelivered.add(interaction.id)
        await session.dispatch("INTERACTION_CREATE", interaction.payload)

    def take_expected_violations(self) -> list[Any]:
        """Remove the 40060 violations of redelivered interactions (and only those)."""
        fake = self._fake
        expected = [
            v
            for v in fake.violations
            if v.kind == "double_ack"
            and v.request is not None
            and any(f"/interactions/{i}/" in v.request.path for i in self.redelivered)
        ]
        fake.violations = [v for v in fake.violations if v not in expected]
        return expected
