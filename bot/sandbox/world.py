"""The sandbox's Discord world (guild, users, channels, threads, messages) saved as JSON.

The bot's database refers to channels, threads, messages and users by id, so a sandbox that
restarts with the same database needs the same world: it is written next to the database
(``kasane.sqlite3`` → ``kasane.sandbox.json``) while the sandbox runs and read back at start.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from pathlib import Path
from typing import Any

from bot.sandbox.fakediscord import Channel, FakeDiscord, Guild, Message, Role, User
from bot.sandbox.fakediscord.objects import Member

log = logging.getLogger(__name__)

FORMAT = 1

#: The people of a new sandbox: name, locale, and whether they may manage the server.
DEFAULT_USERS: tuple[tuple[str, str, bool], ...] = (
    ("Aoi", "ja", True),
    ("Ben", "en-US", False),
    ("Chika", "ja", False),
    ("Dan", "en-GB", False),
)


def world_path(database_path: Path) -> Path:
    """Where the world of a sandbox using ``database_path`` is kept."""
    return database_path.with_name(database_path.stem + ".sandbox.json")


def populate(fake: FakeDiscord, users: tuple[tuple[str, str, bool], ...] = DEFAULT_USERS) -> None:
    """Add the sandbox users to a new world."""
    for name, locale, manager in users:
        fake.add_user(name, locale, manage_guild=manager)


def _channel(data: dict[str, Any]) -> Channel:
    data = dict(data)
    data["member_ids"] = set(data.get("member_ids") or [])
    return Channel(**data)


def dump(fake: FakeDiscord) -> dict[str, Any]:
    """The world as JSON-able data (deleted messages are left out)."""
    guild = fake.guild
    return {
        "format": FORMAT,
        "application_id": fake.application_id,
        "last_snowflake": fake.snowflake._last,
        "guild": {
            "id": guild.id,
            "name": guild.name,
            "preferred_locale": guild.preferred_locale,
            "owner_id": guild.owner_id,
            "created_at": guild.created_at,
            "channel_ids": guild.channel_ids,
            "roles": [dataclasses.asdict(r) for r in guild.roles.values()],
            "members": [dataclasses.asdict(m) for m in guild.members.values()],
        },
        "roles": {
            "bot": fake.bot_role.id,
            "manager": fake.manager_role.id,
            "admin": fake.admin_role.id,
        },
        "users": [
            {"id": u.id, "name": u.name, "locale": u.locale, "dms_open": u.dms_open}
            for u in fake.users.values()
        ],
        "owner_id": fake.owner.id,
        "channel_id": fake.channel.id,
        "channels": [
            {**dataclasses.asdict(c), "member_ids": sorted(c.member_ids)}
            for c in fake.channels.values()
        ],
        "dms": {str(uid): c.id for uid, c in fake.dm_channels.items()},
        "messages": [
            {
                "data": m.data,
                "guild_id": m.guild_id,
                "ephemeral_for": m.ephemeral_for,
                "interaction_id": m.interaction_id,
            }
            for m in fake.messages.values()
            if not m.deleted
        ],
    }


def restore(fake: FakeDiscord, world: dict[str, Any]) -> None:
    """Replace the new ``fake``'s world (before it starts) with a saved one."""
    if world.get("format") != FORMAT:
        raise ValueError(f"unknown sandbox world format {world.get('format')!r}")
    g = world["guild"]
    roles = {r["id"]: Role(**r) for r in g["roles"]}
    guild = Guild(g["id"], g["name"], g["preferred_locale"], g["owner_id"], g["created_at"])
    guild.roles = roles
    guild.channel_ids = list(g["channel_ids"])
    guild.members = {m["user_id"]: Member(**m) for m in g["members"]}
    fake.guild = guild
    fake.application_id = fake.bot_user_id = world["application_id"]
    fake.bot_role = roles[world["roles"]["bot"]]
    fake.manager_role = roles[world["roles"]["manager"]]
    fake.admin_role = roles[world["roles"]["admin"]]
    fake.users = {
        u["id"]: User(fake, u["id"], u["name"], u["locale"], dms_open=u["dms_open"])
        for u in world["users"]
    }
    fake.owner = fake.users[world["owner_id"]]
    fake.channels = {c["id"]: _channel(c) for c in world["channels"]}
    fake.channel = fake.channels[world["channel_id"]]
    fake._dms = {int(uid): fake.channels[cid] for uid, cid in world["dms"].items()}
    fake.messages = {}
    fake._order = {}
    for entry in world["messages"]:
        message = Message(
            entry["data"],
            guild_id=entry["guild_id"],
            ephemeral_for=entry["ephemeral_for"],
            interaction_id=entry["interaction_id"],
        )
        fake.messages[message.id] = message
        fake._order.setdefault(message.channel_id, []).append(message.id)
    for order in fake._order.values():
        order.sort()
    fake.snowflake._last = max(fake.snowflake._last, world["last_snowflake"])


class WorldError(RuntimeError):
    """The saved world cannot be read."""


def load(fake: FakeDiscord, path: Path) -> bool:
    """Restore the world saved at ``path`` into ``fake``; False when there is none."""
    if not path.is_file():
        return False
    try:
        restore(fake, json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise WorldError(
            f"the sandbox's saved server {path} cannot be read ({exc!r}); move it away to "
            "start with a new one"
        ) from exc
    log.info("sandbox world restored from %s", path)
    return True


def save(fake: FakeDiscord, path: Path) -> None:
    """Write the world atomically (a crash never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(dump(fake), ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
