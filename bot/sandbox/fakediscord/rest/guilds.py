"""Guilds, their channels, members, roles and active threads (read only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .routing import Ctx, route, unknown

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["GuildRoutes"]

_GUILD = "/guilds/{guild_id}"


class GuildRoutes:
    """``/guilds/{guild_id}/...``."""

    def _guild(self: FakeDiscord, ctx: Ctx) -> Any:
        guild = self.guilds.get(ctx.snowflake("guild_id"))
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    @route("GET", _GUILD)
    async def get_guild(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        data = guild.to_dict()
        if ctx.query.get("with_counts") in ("true", "True", "1"):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return 200, data

    @route("GET", _GUILD + "/channels")
    async def get_guild_channels(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        return 200, [self._channel_dict(self.channels[cid]) for cid in guild.channel_ids]

    @route("GET", _GUILD + "/members")
    async def get_members(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        after = int(ctx.query.get("after", 0))
        limit = int(ctx.query.get("limit", 1))
        ids = sorted(uid for uid in guild.members if uid > after)[:limit]
        return 200, [guild.member_dict(self._user_dict(uid)) for uid in ids]

    @route("GET", _GUILD + "/members/{user_id}")
    async def get_member(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        user_id = ctx.snowflake("user_id")
        if user_id not in guild.members:
            raise unknown("Member", 10007)
        return 200, guild.member_dict(self._user_dict(user_id))

    @route("GET", _GUILD + "/roles")
    async def get_roles(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        return 200, [role.to_dict() for role in guild.roles.values()]

    @route("GET", _GUILD + "/threads/active")
    async def get_active_threads(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild = self._guild(ctx)
        threads = [
            self._channel_dict(c)
            for c in self.channels.values()
            if c.is_thread and not c.deleted and not c.archived and c.guild_id == guild.id
        ]
        return 200, {"threads": threads, "members": []}
