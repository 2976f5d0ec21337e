"""Users, the application and the gateway's address; opening a DM channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import ApiError
from .routing import Ctx, route, unknown

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["UserRoutes"]


class UserRoutes:
    """``/users``, ``/applications/@me`` and ``/gateway``."""

    @route("GET", "/users/@me")
    async def get_me(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, self._bot_user_dict(private=True)

    @route("GET", "/users/@me/guilds")
    async def get_my_guilds(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, [
            {
                "id": str(guild.id),
                "name": guild.name,
                "icon": None,
                "banner": None,
                "owner": False,
                "permissions": str(guild.permissions_of(self.bot_user_id)),
                "features": [],
            }
            for guild in self.guilds.values()
        ]

    @route("GET", "/users/{user_id}")
    async def get_user(self: FakeDiscord, ctx: Ctx) -> tuple:
        user_id = ctx.snowflake("user_id")
        if user_id == self.bot_user_id:
            return 200, self._bot_user_dict()
        if user_id not in self.users:
            raise unknown("User", 10013)
        return 200, self._user_dict(user_id)

    @route("GET", "/oauth2/applications/@me", "/applications/@me")
    async def get_application(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, self._application_dict()

    @route("GET", "/gateway", auth=False)
    async def get_gateway(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, {"url": self.gateway_url}

    @route("GET", "/gateway/bot")
    async def get_gateway_bot(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }

    @route("POST", "/users/@me/channels")
    async def post_dm_channel(self: FakeDiscord, ctx: Ctx) -> tuple:
        recipient = ctx.json.get("recipient_id")
        try:
            user_id = int(recipient)
        except (TypeError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        if user_id not in self.users:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        channel = self._dm_channel(user_id)
        return 200, channel.to_dict(self._user_dicts())
