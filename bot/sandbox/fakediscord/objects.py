"""The fake server's state: clock, snowflakes, guild, channels, roles, members and messages.

Every object knows how to render itself as the JSON object Discord would send.
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import time
from collections.abc import Iterator
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

__all__ = [
    "DISCORD_EPOCH",
    "Attachment",
    "Channel",
    "FakeClock",
    "Guild",
    "Intents",
    "Message",
    "Permissions",
    "Role",
    "SnowflakeFactory",
    "iso",
    "message_text",
]

DISCORD_EPOCH = 1420070400000


class Permissions:
    """Permission bits used by the fake (a subset of Discord's)."""

    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 53) - 1

    EVERYONE = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS
    )
    BOT = (
        VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | ADD_REACTIONS
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | MANAGE_MESSAGES
        | MANAGE_THREADS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS
    )


class Intents:
    """Gateway intent bits."""

    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class FakeClock:
    """Monotonic and wall clocks that tests can move forward with :meth:`advance`."""

    def __init__(self) -> None:
        self.offset = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.offset

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move both clocks forward (ages interaction tokens, deadlines, timestamps)."""
        self.offset += seconds


def iso(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).isoformat()


class SnowflakeFactory:
    """Strictly increasing snowflakes whose timestamp part follows the clock."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._last = 0
        self._counter = itertools.count()

    def __call__(self) -> int:
        ms = int(self._clock.time() * 1000) - DISCORD_EPOCH
        value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    color: int = 0
    managed: bool = False
    bot_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Channel:
    """A guild text channel (0), DM (1) or thread (11 public / 12 private)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    starter_message_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    rate_limit_per_user: int = 0
    created_at: float = 0.0
    archived_at: float = 0.0
    message_count: int = 0
    last_message_id: int | None = None
    member_ids: set[int] = field(default_factory=set)
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    def to_dict(self, users: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
        last = None if self.last_message_id is None else str(self.last_message_id)
        if self.is_dm:
            recipient = (users or {}).get(self.recipient_id or 0)
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": last,
                "flags": 0,
                "recipients": [recipient] if recipient else [],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "last_message_id": last,
            "rate_limit_per_user": self.rate_limit_per_user,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=max(1, len(self.member_ids)),
                thread_metadata={
                    "archived": self.archived,
                    "archive_timestamp": iso(self.archived_at or self.created_at),
                    "auto_archive_duration": self.auto_archive_duration,
                    "locked": self.locked,
                    "create_timestamp": iso(self.created_at),
                    **({"invitable": self.invitable} if self.type == 12 else {}),
                },
            )
        else:
            data.update(
                position=self.position,
                permission_overwrites=[],
                topic=self.topic,
                nsfw=False,
                default_thread_rate_limit_per_user=0,
            )
        return data


@dataclass
class Member:
    user_id: int
    role_ids: list[int]
    joined_at: float
    nick: str | None = None


@dataclass
class Guild:
    id: int
    name: str
    preferred_locale: str
    owner_id: int
    created_at: float
    roles: dict[int, Role] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def permissions_of(self, user_id: int) -> int:
        member = self.members.get(user_id)
        if user_id == self.owner_id:
            return Permissions.ALL
        perms = self.everyone.permissions
        for role_id in member.role_ids if member else []:
            perms |= self.roles[role_id].permissions
        if perms & Permissions.ADMINISTRATOR:
            return Permissions.ALL
        return perms

    def member_dict(
        self, user: dict[str, Any], *, with_user: bool = True, permissions: bool = False
    ) -> dict[str, Any]:
        member = self.members[int(user["id"])]
        data: dict[str, Any] = {
            "roles": [str(r) for r in member.role_ids],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "joined_at": iso(member.joined_at),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
        }
        if with_user:
            data["user"] = user
        if permissions:
            data["permissions"] = str(self.permissions_of(member.user_id))
        return data

    def to_dict(self) -> dict[str, Any]:
        """The REST guild object (GET /guilds/{id}); GUILD_CREATE adds more."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "icon_hash": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 1,
            "default_message_notifications": 1,
            "explicit_content_filter": 2,
            "roles": [r.to_dict() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(self.channel_ids[0]) if self.channel_ids else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_presences": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "nsfw": False,
            "nsfw_level": 0,
            "incidents_data": None,
            "hub_type": None,
            "home_header": None,
            "version": 0,
        }


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None

    @property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height of a PNG (what Discord reports for images), else None."""
        data = self.data
        if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
            return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        return None

    @property
    def media_type(self) -> str | None:
        """The file's type as Discord reports it: clients send files as
        application/octet-stream, and Discord tells images by their content."""
        if self.dimensions is not None:
            return "image/png"
        return self.content_type

    def to_dict(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.dimensions is not None:
            out["width"], out["height"] = self.dimensions
        if self.media_type:
            out["content_type"] = self.media_type
        if self.description:
            out["description"] = self.description
        return out


_INTERACTIVE = frozenset({2, 3, 5, 6, 7, 8})


def _iter_components(components: list[Any] | None) -> Iterator[dict[str, Any]]:
    for component in components or []:
        if not isinstance(component, dict):
            continue
        yield component
        yield from _iter_components(component.get("components"))
        if isinstance(component.get("accessory"), dict):
            yield from _iter_components([component["accessory"]])
        if isinstance(component.get("component"), dict):
            yield from _iter_components([component["component"]])


def message_text(data: dict[str, Any]) -> str:
    """All human-visible text of a message object: content, embeds and component labels."""
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields") or []:
            parts += [f.get("name") or "", f.get("value") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
        parts.append((embed.get("author") or {}).get("name") or "")
    for component in _iter_components(data.get("components")):
        parts += [component.get("label") or "", component.get("placeholder") or ""]
        parts.append(component.get("content") or "")
        for option in component.get("options") or []:
            parts += [option.get("label") or "", option.get("description") or ""]
    return "\n".join(p for p in parts if p)


@dataclass(eq=False)
class Message:
    """A message held by the fake server, always in its latest state (each one an object of
    its own: equal only to itself).

    ``data`` is the Discord message object the server returns; ``history`` holds the
    earlier versions (one per edit). ``ephemeral_for`` is the only user who can see an
    ephemeral message.
    """

    data: dict[str, Any]
    _: KW_ONLY
    guild_id: int | None
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list, init=False)
    deleted: bool = field(default=False, init=False)

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        gone = " deleted" if self.deleted else ""
        return f"<Message id={self.id} channel={self.channel_id}{flags}{gone} {self.content!r:.60}>"

    # ---- identity
    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def author_id(self) -> int:
        return int(self.data["author"]["id"])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """True while a deferred (type 5) response has not been filled in."""
        return bool(self.flags & (1 << 7))

    # ---- content
    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def embed(self) -> dict[str, Any] | None:
        """The first embed, if any."""
        return self.embeds[0] if self.embeds else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components") or []

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return self.data.get("attachments") or []

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (rows, buttons, selects, v2 layout components)."""
        return _iter_components(self.components)

    @property
    def interactive_components(self) -> list[dict[str, Any]]:
        """Buttons and selects."""
        return [c for c in self.iter_components() if c.get("type") in _INTERACTIVE]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The button or select carrying ``custom_id``."""
        for component in self.iter_components():
            if component.get("custom_id") == custom_id and component.get("type") != 1:
                return component
        return None

    def button(self, label: str) -> dict[str, Any]:
        """The button whose label is (or, failing that, contains) ``label``."""
        buttons = self.buttons
        for candidate in buttons:
            if candidate.get("label") == label:
                return candidate
        for candidate in buttons:
            if label in (candidate.get("label") or ""):
                return candidate
        labels = [b.get("label") for b in buttons]
        raise AssertionError(f"no button labelled {label!r} on message {self.id}: {labels}")

    @property
    def text(self) -> str:
        """All human-visible text: content, embeds and component labels."""
        return message_text(self.data)

    @property
    def versions(self) -> list[dict[str, Any]]:
        """Every state this message was ever shown in, oldest first (edits included)."""
        return [*self.history, self.data]

    @property
    def public(self) -> bool:
        """Readable by other members: in a guild channel or thread and not ephemeral."""
        return self.guild_id is not None and not self.ephemeral

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)
