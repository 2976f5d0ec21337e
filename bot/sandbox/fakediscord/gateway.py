"""The gateway websocket: HELLO, heartbeats, IDENTIFY/READY, RESUME and dispatches.

Sharding follows Discord: IDENTIFY may carry ``shard: [shard_id, shard_count]``; a session then
receives the events and interactions of the guilds whose ``(guild_id >> 22) % shard_count`` is its
shard id, and DMs (events without a guild) only on shard 0. A session without ``shard`` receives
everything. A new IDENTIFY replaces the sessions it overlaps (the same shard, another shard
count, or an unsharded session), not the other shards' sessions.

Transport compression follows Discord: with ``compress=zlib-stream`` in the URL every
payload goes through one zlib compressor per connection and is flushed with Z_SYNC_FLUSH
(so each binary frame ends in ``00 00 ff ff``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .objects import Guild, Intents, iso

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = [
    "GatewayConnection",
    "GatewayControl",
    "GatewaySession",
    "GatewayStats",
    "handle_gateway",
]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

#: How long a HEARTBEAT_ACK takes, as across a network. discord.py's keep-alive thread
#: notes a heartbeat's send time after the event loop has written it; an instant answer can
#: be read before that and would be measured against the previous heartbeat ("Can't keep
#: up, websocket is 41.3s behind" in the log, ``Client.latency`` the heartbeat interval).
HEARTBEAT_ACK_DELAY = 0.1


@dataclass
class GatewayStats:
    """Counters tests can wait on (e.g. ``fake.gateway.resumes >= 1``)."""

    connections: int = 0
    identifies: int = 0
    resumes: int = 0
    heartbeats: int = 0
    closes: list[int] = field(default_factory=list)
    compression: list[str | None] = field(default_factory=list)


class GatewayConnection:
    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd: Any = None
        if compress == "zstd-stream":
            import zstandard  # optional; only when discord.py itself asks for it

            self._zstd = zstandard.ZstdCompressor().compressobj()
            self._zstd_flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
        self.session: GatewaySession | None = None
        self.closed_by_server: int | None = None
        self._send_lock = asyncio.Lock()
        self._acks: set[asyncio.Task[None]] = set()

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        async with self._send_lock:
            if self._zlib is not None:
                raw = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(raw)
            elif self._zstd is not None:
                raw = self._zstd.compress(text.encode()) + self._zstd.flush(self._zstd_flush)
                await self.ws.send_bytes(raw)
            else:
                await self.ws.send_str(text)

    def acknowledge_heartbeat(self) -> None:
        """Send HEARTBEAT_ACK after :data:`HEARTBEAT_ACK_DELAY` (frames keep being read)."""
        task = asyncio.create_task(self._ack_later(), name="fake-gateway-heartbeat-ack")
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    async def _ack_later(self) -> None:
        await asyncio.sleep(HEARTBEAT_ACK_DELAY)
        if self.open:
            with contextlib.suppress(ConnectionResetError, RuntimeError):
                await self.send({"op": HEARTBEAT_ACK, "s": None, "t": None, "d": None})

    def cancel_acks(self) -> None:
        for task in list(self._acks):
            task.cancel()

    async def close(self, code: int, message: str = "") -> None:
        if self.closed_by_server is None:
            self.closed_by_server = code
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, message=message.encode())


class GatewaySession:
    """A gateway session: survives a dropped connection and can be resumed."""

    def __init__(self, intents: int, shard: list[int] | None) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.connection: GatewayConnection | None = None
        self.resumable = True
        self.lock = asyncio.Lock()

    @property
    def alive(self) -> bool:
        return self.resumable

    def holds(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of that guild (None: DMs, shard 0)."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (int(guild_id) >> 22) % shard_count == shard_id

    def overlaps(self, other: GatewaySession) -> bool:
        """Whether the two sessions would receive some of the same events."""
        if self.shard is None or other.shard is None:
            return True
        return self.shard[1] != other.shard[1] or self.shard[0] == other.shard[0]

    async def dispatch(
        self, event: str, data: dict[str, Any], on_sent: Callable[[], None] | None = None
    ) -> None:
        async with self.lock:
            self.seq += 1
            payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.events.append(payload)
            if on_sent is not None:
                payload["_on_sent"] = on_sent
            await self._deliver(payload)

    async def _deliver(self, payload: dict[str, Any]) -> None:
        conn = self.connection
        if conn is None or not conn.open:
            return
        wire = {k: v for k, v in payload.items() if not k.startswith("_")}
        try:
            await conn.send(wire)
        except (ConnectionResetError, RuntimeError):
            return
        on_sent = payload.pop("_on_sent", None)
        if on_sent is not None:
            on_sent()

    async def replay_after(self, seq: int) -> int:
        replayed = 0
        for payload in self.events:
            if payload["s"] > seq:
                await self._deliver(payload)
                replayed += 1
        return replayed


async def handle_gateway(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    ws = web.WebSocketResponse(max_msg_size=0, compress=False, autoping=True)
    await ws.prepare(request)
    query = request.query
    conn = GatewayConnection(ws, query.get("compress"))
    fake.gateway.connections += 1
    fake.gateway.compression.append(query.get("compress"))
    fake._connections.add(conn)
    problems = []
    if query.get("v") not in (None, "10"):
        problems.append(f"gateway version {query.get('v')!r} (expected 10)")
    if query.get("encoding", "json") != "json":
        problems.append(f"encoding {query.get('encoding')!r} is not supported by the fake")
    if problems:
        fake._violation("gateway", "; ".join(problems))
        await conn.close(4002, "Decode error")
        return ws
    try:
        await conn.send(
            {
                "op": HELLO,
                "s": None,
                "t": None,
                "d": {
                    "heartbeat_interval": int(fake.heartbeat_interval * 1000),
                    "_trace": ['["gateway-prd-fake",{"micros":0}]'],
                },
            }
        )
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.BINARY:
                    fake._violation("gateway", "the client sent a binary frame")
                continue
            try:
                payload = json.loads(msg.data)
            except ValueError:
                fake._violation("gateway", f"undecodable frame {msg.data[:200]!r}")
                await conn.close(4002, "Decode error")
                break
            await _handle_frame(fake, conn, payload)
    finally:
        conn.cancel_acks()
        fake._connections.discard(conn)
        code = conn.closed_by_server or ws.close_code
        fake.gateway.closes.append(int(code) if code is not None else 1006)
        session = conn.session
        if session is not None and session.connection is conn:
            session.connection = None
            if code in (1000, 1001) and conn.closed_by_server is None:
                session.resumable = False
        fake._touch()
    return ws


async def _handle_frame(fake: FakeDiscord, conn: GatewayConnection, payload: Any) -> None:
    if not isinstance(payload, dict) or "op" not in payload:
        fake._violation("gateway", f"malformed payload {payload!r:.200}")
        await conn.close(4002, "Decode error")
        return
    op, data = payload["op"], payload.get("d")
    if op == HEARTBEAT:
        fake.gateway.heartbeats += 1
        conn.acknowledge_heartbeat()
    elif op == IDENTIFY:
        await _identify(fake, conn, data or {})
    elif op == RESUME:
        await _resume(fake, conn, data or {})
    elif conn.session is None:
        fake._violation("gateway", f"op {op} before IDENTIFY")
        await conn.close(4003, "Not authenticated.")
    elif op == REQUEST_MEMBERS:
        await _request_members(fake, conn.session, data or {})
    elif op in (PRESENCE, VOICE_STATE):
        return
    else:
        fake._violation("gateway", f"unknown opcode {op}")
        await conn.close(4001, "Unknown opcode.")
    fake._touch()


async def _identify(fake: FakeDiscord, conn: GatewayConnection, data: dict[str, Any]) -> None:
    if conn.session is not None:
        fake._violation("gateway", "IDENTIFY sent twice on one connection")
        await conn.close(4005, "Already authenticated.")
        return
    if data.get("token") != fake.token:
        fake._violation("gateway", "IDENTIFY with a wrong token")
        await conn.close(4004, "Authentication failed.")
        return
    intents = data.get("intents")
    if not isinstance(intents, int):
        fake._violation("gateway", "IDENTIFY without intents")
        await conn.close(4013, "Invalid intent(s).")
        return
    disallowed = intents & Intents.PRIVILEGED & ~fake.privileged_intents
    if disallowed:
        fake._violation(
            "gateway", f"IDENTIFY asks for privileged intents {disallowed:#x} not enabled"
        )
        await conn.close(4014, "Disallowed intent(s).")
        return
    for props in ("os", "browser", "device"):
        if props not in (data.get("properties") or {}):
            fake._violation("gateway", f"IDENTIFY properties lack {props!r}")
    shard = data.get("shard")
    if shard is not None:
        valid = (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
            and 0 <= shard[0] < shard[1]
        )
        if not valid:
            fake._violation("gateway", f"IDENTIFY with an invalid shard {shard!r:.100}")
            await conn.close(4010, "Invalid shard.")
            return
    session = GatewaySession(intents, shard)
    for old in fake._sessions:
        if old.overlaps(session):
            old.resumable = False
    fake._sessions.append(session)
    session.connection = conn
    conn.session = session
    fake.gateway.identifies += 1
    await session.dispatch("READY", fake._ready_payload(session))
    for guild_payload in fake._guild_create_payloads(session):
        await session.dispatch("GUILD_CREATE", guild_payload)
    fake._touch()


async def _resume(fake: FakeDiscord, conn: GatewayConnection, data: dict[str, Any]) -> None:
    session = next((s for s in fake._sessions if s.id == data.get("session_id")), None)
    if data.get("token") != fake.token:
        fake._violation("gateway", "RESUME with a wrong token")
        await conn.close(4004, "Authentication failed.")
        return
    if session is None or not session.resumable:
        await conn.send({"op": INVALID_SESSION, "s": None, "t": None, "d": False})
        return
    old = session.connection
    if old is not None and old is not conn:
        await old.close(4000, "Session resumed elsewhere")
    async with session.lock:
        session.connection = conn
        conn.session = session
        await session.replay_after(int(data.get("seq") or 0))
    fake.gateway.resumes += 1
    await session.dispatch("RESUMED", {"_trace": ['["gateway-prd-fake",{"micros":0}]']})
    fake._touch()


async def _request_members(
    fake: FakeDiscord, session: GatewaySession, data: dict[str, Any]
) -> None:
    try:
        guild = fake.guilds[int(data.get("guild_id"))]  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        return
    wanted = {int(u) for u in data.get("user_ids") or []}
    query = (data.get("query") or "").lower()
    members = []
    for user_id in guild.members:
        user = fake._user_dict(user_id)
        if wanted and user_id not in wanted:
            continue
        if query and not user["username"].lower().startswith(query):
            continue
        members.append(guild.member_dict(user))
    chunk: dict[str, Any] = {
        "guild_id": str(guild.id),
        "members": members,
        "chunk_index": 0,
        "chunk_count": 1,
        "not_found": [],
    }
    if data.get("nonce") is not None:
        chunk["nonce"] = data["nonce"]
    await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


class GatewayControl:
    """The fake's side of the gateway (mixed into
    :class:`~bot.sandbox.fakediscord.server.FakeDiscord`): the sessions that receive an event,
    READY and GUILD_CREATE payloads, and the controls tests use to drop, invalidate or
    reconnect the bot's connection."""

    async def wait_ready(self: FakeDiscord, timeout: float = 10.0) -> None:
        """Wait until a bot has identified (READY and GUILD_CREATE sent)."""
        await self.wait_for(
            lambda: any(s.connection is not None for s in self._live_sessions()),
            timeout,
            "a gateway session",
        )

    async def drop_gateway(self: FakeDiscord, code: int = 4000) -> None:
        """Close the bot's websocket (4000: discord.py reconnects and RESUMEs)."""
        for session in self._live_sessions():
            if session.connection is not None:
                await session.connection.close(code, "Dropped by the test")

    async def invalidate_session(self: FakeDiscord, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION (``d=false`` forces a fresh IDENTIFY)."""
        for session in self._live_sessions():
            if not resumable:
                session.resumable = False
            if session.connection is not None:
                await session.connection.send({"op": 9, "s": None, "t": None, "d": resumable})

    async def request_reconnect(self: FakeDiscord) -> None:
        """Send op 7 RECONNECT (discord.py closes and RESUMEs)."""
        for session in self._live_sessions():
            if session.connection is not None:
                await session.connection.send({"op": 7, "s": None, "t": None, "d": None})

    def _live_sessions(self: FakeDiscord) -> list[GatewaySession]:
        return [s for s in self._sessions if s.resumable]

    def _session_for(self: FakeDiscord, guild_id: int | None) -> GatewaySession:
        """The newest live session that receives this guild's interactions (None: a DM's)."""
        sessions = [s for s in self._live_sessions() if s.holds(guild_id)]
        if not sessions:
            if not self._live_sessions():
                raise RuntimeError("no bot is connected to the fake gateway")
            raise RuntimeError(f"no connected shard receives guild {guild_id}'s events")
        return sessions[-1]

    async def _dispatch(
        self: FakeDiscord,
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

    async def _dispatch_guild_create(self: FakeDiscord, guild: Guild) -> None:
        for session in self._live_sessions():
            if session.holds(guild.id):
                await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))

    def _ready_payload(self: FakeDiscord, session: GatewaySession) -> dict[str, Any]:
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

    def _guild_create_payloads(self: FakeDiscord, session: GatewaySession) -> list[dict[str, Any]]:
        """GUILD_CREATE of every guild ``session`` holds."""
        return [self._guild_create_payload(g) for g in self.guilds.values() if session.holds(g.id)]

    def _guild_create_payload(self: FakeDiscord, guild: Guild) -> dict[str, Any]:
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
