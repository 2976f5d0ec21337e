"""Messages as Discord builds them (content, mentions, embeds, components, attachments,
references, interaction metadata), edited, deleted and dispatched to the sessions that may
read them; shared by the channel and the interaction routes."""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING, Any

from .. import limits
from ..objects import Attachment, Channel, Intents, Message, iso
from ..records import ApiError, Interaction
from .routing import CHANNEL_MESSAGE, RECORD, WEBHOOK_MESSAGES, Ctx, File, route

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["HAS_THREAD", "MessageStore", "strip_none"]

SUPPRESS_EMBEDS = 1 << 2
HAS_THREAD = 1 << 5
SUPPRESS_NOTIFICATIONS = 1 << 12
_SETTABLE_FLAGS = (
    SUPPRESS_EMBEDS | limits.EPHEMERAL | SUPPRESS_NOTIFICATIONS | limits.IS_COMPONENTS_V2
)
_MENTION = re.compile(r"<@!?(\d+)>")


class MessageStore:
    """Creating, editing, deleting and dispatching messages; reading, editing and deleting one
    through the channel's or the interaction webhook's routes."""

    def limits_create(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        return limits.check_message(ctx.body, has_files=bool(ctx.files))

    def _resolve_reference(self: FakeDiscord, body: dict[str, Any], channel: Channel) -> Any:
        ref = body.get("message_reference")
        if not ref or ref.get("message_id") is None:
            return None
        target = self.messages.get(int(ref["message_id"]))
        if target is None or target.deleted or target.ephemeral:
            if ref.get("fail_if_not_exists", True):
                raise ApiError(
                    400, 50035, "Unknown message in message_reference", violation="reference"
                )
            return None
        return target

    def _normalise_components(self, components: Any) -> list[dict[str, Any]]:
        out = strip_none(copy.deepcopy(components or []))
        counter = [0]

        def number(node: Any) -> None:
            if isinstance(node, dict):
                counter[0] += 1
                node.setdefault("id", counter[0])
                for key in ("components", "accessory", "component"):
                    child = node.get(key)
                    if isinstance(child, list):
                        for c in child:
                            number(c)
                    elif isinstance(child, dict):
                        number(child)

        for component in out:
            number(component)
        return out

    def _normalise_embeds(self, embeds: Any) -> list[dict[str, Any]]:
        out = []
        for embed in strip_none(copy.deepcopy(embeds or [])):
            embed.setdefault("type", "rich")
            embed.setdefault("content_scan_version", 0)
            out.append(embed)
        return out

    def _new_attachments(
        self: FakeDiscord, body: dict[str, Any], files: list[File]
    ) -> list[Attachment]:
        meta = {}
        for entry in body.get("attachments") or []:
            if isinstance(entry, dict) and entry.get("id") is not None:
                meta[str(entry["id"])] = entry
        out = []
        for position, upload in enumerate(files):
            index = upload.index if upload.index is not None else position
            info = meta.get(str(index), {})
            attachment = Attachment(
                id=self.snowflake(),
                filename=info.get("filename") or upload.filename,
                data=upload.data,
                content_type=upload.content_type,
                description=info.get("description"),
            )
            self.attachments[attachment.id] = attachment
            out.append(attachment)
        return out

    def _mentions(self: FakeDiscord, content: str, body: dict[str, Any]) -> list[dict]:
        allowed = body.get("allowed_mentions")
        ids = [int(x) for x in _MENTION.findall(content or "")]
        out = []
        for user_id in dict.fromkeys(ids):
            if user_id not in self.users and user_id != self.bot_user_id:
                continue
            if allowed is not None:
                parse = allowed.get("parse") or []
                listed = {int(u) for u in allowed.get("users") or []}
                if "users" not in parse and user_id not in listed:
                    continue
            out.append(self._user_dict(user_id))
        return out

    async def _create_message(
        self: FakeDiscord,
        channel: Channel,
        body: dict[str, Any],
        files: list[File],
        *,
        mtype: int = 0,
        author_id: int | None = None,
        interaction: Interaction | None = None,
        ephemeral_for: int | None = None,
        loading: bool = False,
        reference: Message | None = None,
    ) -> Message:
        now = self.clock.time()
        message_id = self.snowflake()
        author_id = self.bot_user_id if author_id is None else author_id
        flags = (body.get("flags") or 0) & _SETTABLE_FLAGS & ~limits.EPHEMERAL
        if ephemeral_for is not None:
            flags |= limits.EPHEMERAL
        if loading:
            flags |= limits.LOADING
        content = body.get("content") or ""
        data: dict[str, Any] = {
            "type": mtype,
            "content": content,
            "mentions": self._mentions(content, body),
            "mention_roles": [],
            "attachments": [
                a.to_dict(self.base_url, channel.id) for a in self._new_attachments(body, files)
            ],
            "embeds": self._normalise_embeds(body.get("embeds")),
            "timestamp": iso(now),
            "edited_timestamp": None,
            "flags": flags,
            "components": self._normalise_components(body.get("components")),
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self._user_dict(author_id),
            "pinned": False,
            "mention_everyone": False,
            "tts": bool(body.get("tts")),
        }
        resolve_attachment_urls(data)
        if body.get("nonce") is not None:
            data["nonce"] = body["nonce"]
        if channel.is_thread:
            data["position"] = channel.message_count
        if reference is not None:
            data["message_reference"] = {
                "type": 0,
                "channel_id": str(reference.channel_id),
                "message_id": str(reference.id),
                **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            }
            data["referenced_message"] = reference.snapshot()
        if interaction is not None:
            self._attach_interaction(data, interaction)
        msg = Message(
            data,
            guild_id=channel.guild_id,
            ephemeral_for=ephemeral_for,
            interaction_id=interaction.id if interaction else None,
        )
        self.messages[message_id] = msg
        self._order.setdefault(channel.id, []).append(message_id)
        note_message(message_id)
        if ephemeral_for is None:
            channel.last_message_id = message_id
            if channel.is_thread:
                channel.message_count += 1
            await self._dispatch_message("MESSAGE_CREATE", msg)
        self._touch()
        return msg

    def _attach_interaction(self: FakeDiscord, data: dict[str, Any], inter: Interaction) -> None:
        user = self._user_dict(inter.user.id)
        owners = {"0": str(inter.payload.get("guild_id") or "0")}
        metadata: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "user": user,
            "authorizing_integration_owners": owners,
        }
        if inter.type == 2:
            metadata["name"] = self._full_command_name(inter.payload["data"])
            metadata["command_type"] = inter.payload["data"].get("type", 1)
        if inter.type == 3 and inter.source_message_id is not None:
            metadata["interacted_message_id"] = str(inter.source_message_id)
        if inter.original_message_id is not None:
            metadata["original_response_message_id"] = str(inter.original_message_id)
        data["interaction_metadata"] = metadata
        if inter.type == 2:
            data["interaction"] = {
                "id": str(inter.id),
                "type": 2,
                "name": metadata["name"],
                "user": user,
            }
        data["application_id"] = str(self.application_id)
        data["webhook_id"] = str(self.application_id)

    async def _edit_message(
        self: FakeDiscord,
        msg: Message,
        body: dict[str, Any],
        files: list[File],
        *,
        clear_loading: bool = False,
    ) -> None:
        data = msg.data
        after = {
            key: body[key] if key in body else data.get(key)
            for key in ("content", "embeds", "components")
        }
        keeps_files = (
            bool(files)
            or (bool(data.get("attachments")) and "attachments" not in body)
            or bool(body.get("attachments"))
        )
        if not (keeps_files or any(after.values())):
            raise ApiError(400, 50006, "Cannot send an empty message", violation="empty_message")
        msg.history.append(msg.snapshot())
        note_message(msg.id)
        if "content" in body:
            data["content"] = body["content"] or ""
            data["mentions"] = self._mentions(data["content"], body)
        if "embeds" in body:
            data["embeds"] = self._normalise_embeds(body["embeds"])
        if "components" in body:
            data["components"] = self._normalise_components(body["components"])
        if body.get("flags") is not None:
            keep = msg.flags & ~_SETTABLE_FLAGS
            keep |= msg.flags & (limits.EPHEMERAL | limits.IS_COMPONENTS_V2)
            data["flags"] = keep | (body["flags"] & _SETTABLE_FLAGS & ~limits.EPHEMERAL)
        if "attachments" in body or files:
            wanted = {str(a.get("id")) for a in body.get("attachments") or [] if a}
            kept = [a for a in data.get("attachments") or [] if a["id"] in wanted]
            fresh = [
                a.to_dict(self.base_url, msg.channel_id) for a in self._new_attachments(body, files)
            ]
            data["attachments"] = kept + fresh
        resolve_attachment_urls(data)
        if clear_loading:
            data["flags"] = msg.flags & ~limits.LOADING
        else:
            data["edited_timestamp"] = iso(self.clock.time())
        if not msg.ephemeral:
            await self._dispatch_message("MESSAGE_UPDATE", msg)
        self._touch()

    async def _delete_message(self: FakeDiscord, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            payload = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                payload["guild_id"] = str(msg.guild_id)
            intent = Intents.GUILD_MESSAGES if msg.guild_id else Intents.DIRECT_MESSAGES
            await self._dispatch("MESSAGE_DELETE", payload, intent)
        self._touch()

    async def _dispatch_message(self: FakeDiscord, event: str, msg: Message) -> None:
        payload = msg.snapshot()
        if msg.guild_id is not None:
            payload["guild_id"] = str(msg.guild_id)
            guild = self.guilds.get(msg.guild_id)
            if guild is not None and msg.author_id in guild.members:
                payload["member"] = guild.member_dict(payload["author"], with_user=False)
            intent = Intents.GUILD_MESSAGES
        else:
            intent = Intents.DIRECT_MESSAGES
        for session in self._live_sessions():
            if not session.intents & intent or not session.holds(msg.guild_id):
                continue
            event_payload = payload
            hides_content = (
                msg.author_id != self.bot_user_id
                and msg.guild_id is not None
                and not session.intents & Intents.MESSAGE_CONTENT
                and not any(int(u["id"]) == self.bot_user_id for u in payload["mentions"])
            )
            if hides_content:
                event_payload = {
                    **payload,
                    "content": "",
                    "embeds": [],
                    "attachments": [],
                    "components": [],
                }
            await session.dispatch(event, event_payload)

    # ------------------------------------------------------------ the message routes

    def _addressed_message(self: FakeDiscord, ctx: Ctx) -> tuple[Message, bool]:
        """The message a message route names, and whether it was named through an interaction's
        webhook (its original response or a followup) rather than as a message of a channel."""
        if "webhook_token" in ctx.params:
            return self._webhook_message(ctx, self._interaction_by_token(ctx)), True
        return self._channel_message(ctx, self._channel(ctx)), False

    @route("GET", CHANNEL_MESSAGE)
    @route("GET", *WEBHOOK_MESSAGES, auth=False)
    async def get_message(self: FakeDiscord, ctx: Ctx) -> tuple:
        msg, _ = self._addressed_message(ctx)
        return 200, msg.data

    @route("PATCH", CHANNEL_MESSAGE, limits="limits_channel_edit")
    @route("PATCH", *WEBHOOK_MESSAGES, auth=False, limits="limits_webhook_edit")
    async def patch_message(self: FakeDiscord, ctx: Ctx) -> tuple:
        msg, by_webhook = self._addressed_message(ctx)
        if not by_webhook and msg.author_id != self.bot_user_id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        # A deferred response (still loading) is shown by its first edit through the webhook.
        clear_loading = by_webhook and msg.loading
        await self._edit_message(msg, ctx.json, ctx.files, clear_loading=clear_loading)
        return 200, msg.data

    @route("DELETE", CHANNEL_MESSAGE)
    @route("DELETE", *WEBHOOK_MESSAGES, auth=False)
    async def delete_message(self: FakeDiscord, ctx: Ctx) -> tuple:
        msg, _ = self._addressed_message(ctx)
        await self._delete_message(msg)
        return 204, None


def strip_none(node: Any) -> Any:
    """A JSON value without its null members, at every depth: what Discord keeps of a body
    it is sent (the fake stores embeds and components so; a test comparing what a user sees
    with what the bot sent strips the bot's side the same way)."""
    if isinstance(node, dict):
        return {k: strip_none(v) for k, v in node.items() if v is not None}
    if isinstance(node, list):
        return [strip_none(v) for v in node]
    return node


def resolve_attachment_urls(data: dict[str, Any]) -> None:
    """Point embed images and thumbnails given as ``attachment://<filename>`` at that
    attachment of the message, with its size, as Discord does. An unknown name stays as sent
    (Discord shows no image for it)."""
    by_name = {a["filename"]: a for a in data.get("attachments") or []}
    for embed in data.get("embeds") or []:
        for key in ("image", "thumbnail"):
            media = embed.get(key)
            url = media.get("url") if isinstance(media, dict) else None
            if not isinstance(url, str) or not url.startswith("attachment://"):
                continue
            attachment = by_name.get(url.removeprefix("attachment://"))
            if attachment is None:
                continue
            media["url"] = attachment["url"]
            media["proxy_url"] = attachment["proxy_url"]
            for field_name in ("width", "height", "content_type"):
                if field_name in attachment:
                    media[field_name] = attachment[field_name]


def note_message(message_id: int) -> None:
    record = RECORD.get()
    if record is not None and message_id not in record.message_ids:
        record.message_ids.append(message_id)
