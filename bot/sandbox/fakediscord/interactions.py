"""Interactions a user starts: slash commands and autocomplete (checked against the commands
the bot registered), component clicks and selects, modal submits; each goes to the bot as
INTERACTION_CREATE on the session that holds its guild."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from .objects import Channel, Message, Permissions, Role, iso
from .records import Interaction
from .users import User

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = ["Interactions"]

_MAX_SAFE_INT = 2**53


class Interactions:
    """Starting interactions (mixed into :class:`~bot.sandbox.fakediscord.server.FakeDiscord`;
    :class:`~.users.User`'s ``slash``, ``click``, ``select`` and ``submit_modal`` call these)."""

    async def _slash(
        self: FakeDiscord,
        user: User,
        command_line: str,
        options: dict[str, Any],
        channel_arg: Channel | int | None,
        check_permissions: bool,
        focused: str | None = None,
    ) -> Interaction:
        channel = self._channel_arg(channel_arg)
        names = command_line.strip().lstrip("/").split()
        command = self._registered_command(names[0], channel)
        self._check_command_access(user, command, channel, check_permissions)
        resolved: dict[str, dict[str, Any]] = {}
        schema = command.get("options") or []
        built: list[dict[str, Any]] = []
        container = built
        for name in names[1:]:
            sub = next(
                (o for o in schema if o.get("name") == name and o.get("type") in (1, 2)), None
            )
            if sub is None:
                raise AssertionError(f"/{command_line}: no subcommand {name!r}")
            node: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            container.append(node)
            container = node["options"]
            schema = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema):
            raise AssertionError(f"/{command_line} needs a subcommand")
        container.extend(
            self._build_options(command_line, schema, options, resolved, user, focused)
        )
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
        }
        if built:
            data["options"] = built
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._start_interaction(user, 2 if focused is None else 4, channel, data)

    def _registered_command(self: FakeDiscord, name: str, channel: Channel) -> dict[str, Any]:
        stores = []
        if channel.guild_id is not None:
            stores.append(self.commands.get(channel.guild_id, {}))
        stores.append(self.commands.get(None, {}))
        for store in stores:
            command = store.get((1, name))
            if command is not None:
                return command
        registered = sorted({key[1] for store in stores for key in store})
        raise AssertionError(f"/{name} is not registered by the bot (registered: {registered})")

    def _check_command_access(
        self, user: User, command: dict[str, Any], channel: Channel, check_permissions: bool
    ) -> None:
        if channel.is_dm:
            contexts = command.get("contexts")
            allowed = (
                (1 in contexts) if contexts is not None else command.get("dm_permission", True)
            )
            if "guild_id" in command or not allowed:
                raise AssertionError(f"/{command['name']} cannot be used in DMs")
            return
        contexts = command.get("contexts")
        if contexts is not None and 0 not in contexts:
            raise AssertionError(f"/{command['name']} cannot be used in a guild")
        required = command.get("default_member_permissions")
        if check_permissions and required is not None:
            needed = int(required)
            perms = (self.guild_of(channel) or self.guild).permissions_of(user.id)
            if needed == 0 or perms & needed != needed:
                raise AssertionError(
                    f"{user!r} lacks permissions {needed:#x} to see /{command['name']}"
                )

    def _build_options(
        self: FakeDiscord,
        command_line: str,
        schema: list[dict[str, Any]],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        user: User,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in schema}
        out = []
        if focused is not None and focused not in values:
            raise AssertionError(f"/{command_line}: the focused option {focused!r} needs a value")
        for name, value in values.items():
            option = by_name.get(name)
            if option is None:
                raise AssertionError(
                    f"/{command_line} has no option {name!r} (options: {list(by_name)})"
                )
            if name == focused:
                if not option.get("autocomplete"):
                    raise AssertionError(f"/{command_line} option {name!r} has no autocomplete")
                out.append({"name": name, "type": option["type"], "value": str(value)})
                out[-1]["focused"] = True
                continue
            out.append(
                {
                    "name": name,
                    "type": option["type"],
                    "value": self._option_value(command_line, option, value, resolved),
                }
            )
        for option in schema:
            if focused is None and option.get("required") and option["name"] not in values:
                raise AssertionError(f"/{command_line}: option {option['name']!r} is required")
        return out

    def _option_value(
        self: FakeDiscord,
        command_line: str,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        otype, name = option["type"], option["name"]
        where = f"/{command_line} option {name!r}"

        def fail(why: str) -> AssertionError:
            return AssertionError(f"{where}: {why} (got {value!r})")

        if otype == 3:
            if not isinstance(value, str):
                raise fail("expects a string")
            if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
                raise fail("length out of range")
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise fail("expects an integer")
            if not -_MAX_SAFE_INT < value < _MAX_SAFE_INT:
                raise fail("out of range")
        elif otype == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise fail("expects a number")
        elif otype == 5:
            if not isinstance(value, bool):
                raise fail("expects a boolean")
        elif otype in (6, 9) and self._as_user(value) is not None:
            target = self._as_user(value)
            assert target is not None
            resolved.setdefault("users", {})[str(target.id)] = target.to_dict()
            member = self.guild.member_dict(target.to_dict(), with_user=False, permissions=True)
            resolved.setdefault("members", {})[str(target.id)] = member
            return str(target.id)
        elif otype in (8, 9):
            try:
                role = self.guild.roles.get(value.id if isinstance(value, Role) else int(value))
            except (TypeError, ValueError):
                role = None
            if role is None:
                raise fail("unknown role")
            resolved.setdefault("roles", {})[str(role.id)] = role.to_dict()
            return str(role.id)
        elif otype == 7:
            channel = self._channel_arg(value)
            types = option.get("channel_types")
            if types and channel.type not in types:
                raise fail(f"channel type {channel.type} not in {types}")
            data = self._channel_dict(channel)
            data["permissions"] = str(Permissions.EVERYONE)
            resolved.setdefault("channels", {})[str(channel.id)] = data
            return str(channel.id)
        else:
            raise fail(f"option type {otype} is not supported by the fake")
        if otype in (4, 10):
            low, high = option.get("min_value"), option.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise fail(f"must be within [{low}, {high}]")
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise fail(f"not one of the choices {[c['value'] for c in choices]}")
        return value

    def _as_user(self: FakeDiscord, value: Any) -> User | None:
        if isinstance(value, User):
            return value
        try:
            return self.users.get(int(value))
        except (TypeError, ValueError):
            return None

    def _full_command_name(self: FakeDiscord, data: dict[str, Any]) -> str:
        parts = [data["name"]]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return " ".join(parts)

    async def _component(
        self: FakeDiscord,
        user: User,
        message_id: int,
        channel_id: int,
        custom_id: str,
        component_type: int,
        values: list[str] | None,
    ) -> Interaction:
        channel = self._channel_arg(channel_id)
        msg = self.messages.get(int(message_id))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        if msg is not None:
            return await self._start_interaction(
                user, 3, channel, data, message=msg, source_message_id=msg.id
            )
        stub = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "type": 0,
            "content": "",
            "author": self._bot_user_dict(),
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": iso(self.clock.time()),
            "edited_timestamp": None,
            "flags": 0,
            "components": [],
        }
        return await self._start_interaction(
            user, 3, channel, data, message_payload=stub, source_message_id=None
        )

    async def _modal_submit(
        self, user: User, origin: Interaction, values: dict[str, str]
    ) -> Interaction:
        modal = origin.modal
        if modal is None:
            raise AssertionError(f"{origin!r} was not answered with a modal")
        if origin.user.id != user.id:
            raise AssertionError("only the user who opened a modal can submit it")
        rows = []
        seen = set()

        def submitted(component: dict[str, Any], label: str | None) -> dict[str, Any]:
            cid = component.get("custom_id")
            key = cid if cid in values or label not in values else label
            seen.add(key)
            if component.get("type") == 4:
                value = values.get(key, component.get("value") or "")
                if component.get("required", True) and not value:
                    raise AssertionError(f"modal field {cid!r} is required")
                low, high = component.get("min_length", 0), component.get("max_length", 4000)
                if value and not low <= len(value) <= high:
                    raise AssertionError(f"modal field {cid!r} must be {low}..{high} long")
                return {"type": 4, "custom_id": cid, "value": value}
            chosen = values.get(key, [])
            return {"type": component.get("type"), "custom_id": cid, "values": chosen}

        for row in modal.get("components") or []:
            if row.get("type") == 1:
                inner = [submitted(c, c.get("label")) for c in row.get("components") or []]
                rows.append({"type": 1, "components": inner})
            elif row.get("type") == 18:
                component = submitted(row["component"], row.get("label"))
                rows.append({"type": 18, "component": component})
        unknown = set(values) - seen
        if unknown:
            raise AssertionError(f"modal has no fields {sorted(unknown)}")
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        channel = self.channels[origin.channel_id]
        source = self.messages.get(origin.source_message_id or 0)
        return await self._start_interaction(
            user,
            5,
            channel,
            data,
            message=source,
            source_message_id=source.id if source is not None else None,
        )

    def _interaction_channel(self: FakeDiscord, channel: Channel, user: User) -> dict[str, Any]:
        data = self._channel_dict(channel)
        guild = self.guild_of(channel)
        if guild is not None:
            data["permissions"] = str(guild.permissions_of(user.id))
        return data

    async def _start_interaction(
        self: FakeDiscord,
        user: User,
        itype: int,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        source_message_id: int | None = None,
        message_payload: dict[str, Any] | None = None,
    ) -> Interaction:
        guild = self.guild_of(channel)
        session = self._session_for(None if guild is None else guild.id)
        interaction_id = self.snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str((guild or self.guild).permissions_of(self.bot_user_id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": self._interaction_channel(channel, user),
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = guild.member_dict(user.to_dict(), permissions=True)
        else:
            payload["user"] = user.to_dict()
        if message_payload is not None:
            payload["message"] = message_payload
        elif message is not None:
            payload["message"] = message.snapshot()
        inter = Interaction(
            self,
            id=interaction_id,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            payload=payload,
            source_message_id=source_message_id,
        )
        self.interactions[interaction_id] = inter
        self._by_token[token] = inter
        loop = asyncio.get_running_loop()

        def on_sent() -> None:
            if inter.dispatched_at is None:
                inter.dispatched_at = self.clock.monotonic()
                loop.call_later(self.response_deadline + 0.05, self._check_deadline, inter)

        await session.dispatch("INTERACTION_CREATE", payload, on_sent)
        self._touch()
        return inter
