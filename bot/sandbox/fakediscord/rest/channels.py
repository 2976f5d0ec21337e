"""Channels, their messages, threads and thread members."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import limits
from ..objects import Channel, Intents, Message, iso
from ..records import ApiError
from .messages import HAS_THREAD
from .routing import CHANNEL_MESSAGE, Ctx, route, unknown

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["ChannelRoutes"]

_CHANNEL = "/channels/{channel_id}"
_THREAD_MEMBER = (_CHANNEL + "/thread-members/@me", _CHANNEL + "/thread-members/{user_id}")


class ChannelRoutes:
    """``/channels/{channel_id}/...``."""

    def limits_channel_edit(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        raw_id = ctx.params["message_id"]
        msg = self.messages.get(int(raw_id)) if raw_id.isdigit() else None
        flags = msg.flags if msg is not None else 0
        return limits.check_message(ctx.body, partial=True, existing_flags=flags)

    def _channel(self: FakeDiscord, ctx: Ctx) -> Channel:
        channel = self.channels.get(ctx.snowflake("channel_id"))
        if channel is None or channel.deleted:
            raise unknown("Channel", 10003)
        return channel

    def _channel_message(self: FakeDiscord, ctx: Ctx, channel: Channel) -> Message:
        msg = self.messages.get(ctx.snowflake("message_id"))
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel.id:
            raise unknown("Message", 10008)
        return msg

    @route("GET", _CHANNEL)
    async def get_channel(self: FakeDiscord, ctx: Ctx) -> tuple:
        return 200, self._channel_dict(self._channel(ctx))

    @route("PATCH", _CHANNEL)
    async def patch_channel(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        body = ctx.json
        if channel.is_dm:
            return 200, self._channel_dict(channel)
        for key in ("name", "topic", "rate_limit_per_user", "auto_archive_duration"):
            if body.get(key) is not None:
                setattr(channel, key, body[key])
        if channel.is_thread:
            if body.get("archived") is not None:
                channel.archived = bool(body["archived"])
                channel.archived_at = self.clock.time()
            if body.get("locked") is not None:
                channel.locked = bool(body["locked"])
            if body.get("invitable") is not None:
                channel.invitable = bool(body["invitable"])
        data = self._channel_dict(channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self._dispatch(event, data, Intents.GUILDS)
        return 200, data

    @route("DELETE", _CHANNEL)
    async def delete_channel(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        data = self._channel_dict(channel)
        if channel.is_dm:
            return 200, data
        channel.deleted = True
        if channel.is_thread:
            thread_data = {
                "id": data["id"],
                "guild_id": data["guild_id"],
                "parent_id": data["parent_id"],
                "type": channel.type,
            }
            await self._dispatch("THREAD_DELETE", thread_data, Intents.GUILDS)
        else:
            await self._dispatch("CHANNEL_DELETE", data, Intents.GUILDS)
        return 200, data

    @route("GET", _CHANNEL + "/messages")
    async def get_messages(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        try:
            limit = int(ctx.query.get("limit", 50))
        except ValueError:
            limit = 50
        if not 1 <= limit <= 100:
            raise ApiError(400, 50035, "limit must be between 1 and 100", violation="invalid_body")
        messages = [m for m in self.channel_messages(channel.id)]
        if "before" in ctx.query:
            messages = [m for m in messages if m.id < int(ctx.query["before"])]
        if "after" in ctx.query:
            messages = [m for m in messages if m.id > int(ctx.query["after"])]
            return 200, [m.data for m in reversed(messages[:limit])]
        if "around" in ctx.query:
            pivot = int(ctx.query["around"])
            older = [m for m in messages if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > pivot][: limit - len(older)]
            messages = older + newer
        return 200, [m.data for m in reversed(messages[-limit:])]

    @route("POST", _CHANNEL + "/messages", limits="limits_create")
    async def post_message(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        if channel.is_dm:
            user = self.users[channel.recipient_id or 0]
            if not user.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        self._ensure_writable(channel)
        body = ctx.json
        if body.get("flags") and body["flags"] & limits.EPHEMERAL:
            raise ApiError(
                400, 50035, "Only interaction responses can be ephemeral", violation="flags"
            )
        reference = self._resolve_reference(body, channel)
        msg = await self._create_message(
            channel, body, ctx.files, mtype=19 if reference else 0, reference=reference
        )
        return 200, msg.data

    @route("POST", CHANNEL_MESSAGE + "/threads")
    async def post_thread_from(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        msg = self._channel_message(ctx, channel)
        if channel.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if any(c.starter_message_id == msg.id for c in self.channels.values()):
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self._new_thread(channel, ctx.json, thread_type=11, thread_id=msg.id)
        thread.starter_message_id = msg.id
        data = self._channel_dict(thread)
        msg.data["thread"] = data
        msg.data["flags"] = msg.flags | HAS_THREAD
        await self._dispatch("THREAD_CREATE", {**data, "newly_created": True}, Intents.GUILDS)
        return 201, data

    @route("POST", _CHANNEL + "/threads")
    async def post_thread(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        if channel.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread_type = ctx.json.get("type") or 12
        thread = self._new_thread(channel, ctx.json, thread_type=thread_type)
        if ctx.json.get("invitable") is not None:
            thread.invitable = bool(ctx.json["invitable"])
        data = self._channel_dict(thread)
        await self._dispatch("THREAD_CREATE", {**data, "newly_created": True}, Intents.GUILDS)
        return 201, data

    def _new_thread(
        self: FakeDiscord,
        parent: Channel,
        body: dict[str, Any],
        *,
        thread_type: int,
        thread_id: int | None = None,
    ) -> Channel:
        now = self.clock.time()
        thread = Channel(
            id=thread_id or self.snowflake(),
            type=thread_type,
            name=body.get("name"),
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user_id,
            auto_archive_duration=body.get("auto_archive_duration") or 4320,
            rate_limit_per_user=body.get("rate_limit_per_user") or 0,
            created_at=now,
            archived_at=now,
            member_ids={self.bot_user_id},
        )
        self.channels[thread.id] = thread
        return thread

    def _ensure_writable(self: FakeDiscord, channel: Channel) -> None:
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False

    @route("POST", _CHANNEL + "/typing")
    async def post_typing(self: FakeDiscord, ctx: Ctx) -> tuple:
        self._channel(ctx)
        return 204, None

    @route("GET", _CHANNEL + "/thread-members")
    async def get_thread_members(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel = self._channel(ctx)
        now = iso(channel.created_at)
        return 200, [
            {"id": str(channel.id), "user_id": str(uid), "join_timestamp": now, "flags": 0}
            for uid in sorted(channel.member_ids)
        ]

    def _thread_member(self: FakeDiscord, ctx: Ctx) -> tuple[Channel, int]:
        """The thread and the member a thread-member route names (``@me``: the bot)."""
        channel = self._channel(ctx)
        return channel, ctx.snowflake("user_id") if "user_id" in ctx.params else self.bot_user_id

    @route("PUT", *_THREAD_MEMBER)
    async def put_thread_member(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel, user_id = self._thread_member(ctx)
        channel.member_ids.add(user_id)
        return 204, None

    @route("DELETE", *_THREAD_MEMBER)
    async def delete_thread_member(self: FakeDiscord, ctx: Ctx) -> tuple:
        channel, user_id = self._thread_member(ctx)
        channel.member_ids.discard(user_id)
        return 204, None
