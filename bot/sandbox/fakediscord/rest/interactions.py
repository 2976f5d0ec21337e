"""Answering interactions: the callback, then the interaction's webhook (the original
response and followups, read, edited and deleted alike), within Discord's deadline and token
lifetime."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import limits
from ..objects import Message
from ..records import ApiError, CallbackResponse, Interaction
from .routing import WEBHOOK, Ctx, route, unknown

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["InteractionRoutes"]

# interaction type -> callback types Discord accepts
_CALLBACKS_FOR = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


class InteractionRoutes:
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{application_id}/{token}/...``."""

    def limits_callback(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        body = ctx.json
        ctype, data = body.get("type"), body.get("data")
        if ctype == 4:
            found = limits.check_message(data, has_files=bool(ctx.files))
        elif ctype == 7:
            raw_id = ctx.params["interaction_id"]
            inter = self.interactions.get(int(raw_id)) if raw_id.isdigit() else None
            source = self.messages.get(inter.source_message_id or 0) if inter else None
            flags = source.flags if source is not None else 0
            found = limits.check_message(data, partial=True, existing_flags=flags)
        elif ctype == 9:
            return limits.check_modal(data)
        elif ctype == 8:
            return limits.check_autocomplete(data)
        else:
            return []
        return [limits.Problem(("data", *p.path), p.message, p.code) for p in found]

    def limits_webhook_edit(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        flags = 0
        inter = self._by_token.get(ctx.params["webhook_token"])
        raw_id = ctx.params.get("message_id")
        if raw_id is not None and raw_id.isdigit():
            target = self.messages.get(int(raw_id))
        else:
            target = inter.original if inter is not None else None
        if target is not None:
            flags = target.flags
        return limits.check_message(ctx.body, partial=True, existing_flags=flags)

    def _interaction_by_token(self: FakeDiscord, ctx: Ctx) -> Interaction:
        if ctx.snowflake("webhook_id") != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", violation="webhook")
        inter = self._by_token.get(ctx.params["webhook_token"])
        if inter is None:
            raise ApiError(401, 50027, "Invalid Webhook Token", violation="webhook")
        if self.clock.monotonic() - inter.created_at > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter

    @route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        auth=False,
        limits="limits_callback",
    )
    async def post_callback(self: FakeDiscord, ctx: Ctx) -> tuple:
        inter = self.interactions.get(ctx.snowflake("interaction_id"))
        if inter is None or inter.token != ctx.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction", violation="interaction")
        inter.callback_attempts += 1
        if inter.callback is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                violation="double_ack",
            )
        sent = inter.dispatched_at if inter.dispatched_at is not None else inter.created_at
        elapsed = self.clock.monotonic() - sent
        if elapsed > self.response_deadline:
            inter._deadline_checked = True
            raise ApiError(
                404,
                10062,
                "Unknown interaction",
                violation="late_response",
                detail=f"first response after {elapsed:.2f}s > {self.response_deadline}s",
            )
        body = ctx.json
        ctype = body.get("type")
        data = body.get("data")
        if ctype not in _CALLBACKS_FOR.get(inter.type, set()):
            raise ApiError(
                400,
                50035,
                f"Callback type {ctype} is not valid for interaction type {inter.type}",
                violation="callback",
            )
        data = data or {}
        channel = self.channels[inter.channel_id]
        message: Message | None = None
        ephemeral_for = inter.user.id if (data.get("flags") or 0) & limits.EPHEMERAL else None
        mtype = 20 if inter.type == 2 else 0
        if ctype == 4:
            message = await self._create_message(
                channel,
                data,
                ctx.files,
                mtype=mtype,
                interaction=inter,
                ephemeral_for=ephemeral_for,
            )
            inter.original_message_id = message.id
        elif ctype == 5:
            message = await self._create_message(
                channel,
                {"content": "", "flags": data.get("flags") or 0},
                [],
                mtype=mtype,
                interaction=inter,
                ephemeral_for=ephemeral_for,
                loading=True,
            )
            inter.original_message_id = message.id
        elif ctype in (6, 7):
            message = self.messages.get(inter.source_message_id or 0)
            if message is None or message.deleted:
                raise unknown("Message", 10008)
            if ctype == 7:
                await self._edit_message(message, data, ctx.files)
            inter.original_message_id = message.id
        elif ctype == 9:
            inter.modal = data
        inter.callback = CallbackResponse(ctype, body.get("data"), message)
        inter._responded.set()
        if ctx.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        result: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
        if ctype in (4, 7) and message is not None:
            result["resource"] = {"type": ctype, "message": message.data}
        return 200, result

    def _webhook_message(self: FakeDiscord, ctx: Ctx, inter: Interaction) -> Message:
        if ctx.params.get("message_id") is None:
            if inter.callback is None:
                raise _before_response("@original used")
            msg = inter.original
            if msg is None:
                raise unknown("Message", 10008)
        else:
            message_id = ctx.snowflake("message_id")
            if message_id != inter.original_message_id and message_id not in inter.followup_ids:
                raise unknown("Message", 10008)
            msg = self.messages[message_id]
        if msg.deleted:
            raise unknown("Message", 10008)
        return msg

    @route("POST", WEBHOOK, auth=False, limits="limits_create")
    async def post_followup(self: FakeDiscord, ctx: Ctx) -> tuple:
        inter = self._interaction_by_token(ctx)
        if inter.callback is None:
            raise _before_response("followup sent")
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading:
            await self._edit_message(original, ctx.json, ctx.files, clear_loading=True)
            msg = original
        else:
            channel = self.channels[inter.channel_id]
            flags = ctx.json.get("flags") or 0
            msg = await self._create_message(
                channel,
                ctx.json,
                ctx.files,
                mtype=0,
                interaction=inter,
                ephemeral_for=inter.user.id if flags & limits.EPHEMERAL else None,
            )
            inter.followup_ids.append(msg.id)
        if ctx.query.get("wait") in ("1", "true", "True"):
            return 200, msg.data
        return 204, None


def _before_response(use: str) -> ApiError:
    """Discord's answer when an interaction's webhook is used before the interaction is answered
    (``use``: what was attempted)."""
    return ApiError(
        404,
        10015,
        "Unknown Webhook",
        violation="webhook",
        detail=f"{use} before any interaction response",
    )
