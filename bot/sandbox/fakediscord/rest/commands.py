"""Application commands, global and per guild: what the bot registers and syncs."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from .. import limits
from ..records import ApiError
from .routing import Ctx, route, unknown

if TYPE_CHECKING:
    from ..server import FakeDiscord

__all__ = ["CommandRoutes"]

_CMDS = "/applications/{application_id}/commands"
_GCMDS = "/applications/{application_id}/guilds/{guild_id}/commands"
#: Global commands, and a guild's: the same handlers serve both.
_COMMANDS = (_CMDS, _GCMDS)
_COMMAND = (_CMDS + "/{command_id}", _GCMDS + "/{command_id}")


class CommandRoutes:
    """``/applications/{application_id}/[guilds/{guild_id}/]commands``."""

    def limits_commands(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        return limits.check_commands(ctx.body)

    def limits_command(self: FakeDiscord, ctx: Ctx) -> list[Any]:
        return limits.check_commands([ctx.body])

    def _command_store(self: FakeDiscord, ctx: Ctx) -> tuple[int | None, dict]:
        if ctx.snowflake("application_id") != self.application_id:
            raise ApiError(403, 50001, "Missing Access", violation="commands")
        guild_id = None
        if "guild_id" in ctx.params:
            guild_id = ctx.snowflake("guild_id")
            if guild_id not in self.guilds:
                raise ApiError(403, 50001, "Missing Access", violation="commands")
        return guild_id, self.commands.setdefault(guild_id, {})

    def _make_command(
        self: FakeDiscord, payload: dict[str, Any], guild_id: int | None, store: dict
    ) -> dict[str, Any]:
        ctype = payload.get("type") or 1
        key = (ctype, payload.get("name"))
        existing = store.get(key)
        permissions = payload.get("default_member_permissions")
        command = {
            "id": existing["id"] if existing else str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
            "type": ctype,
            "name": payload.get("name"),
            "description": payload.get("description") or "",
            "default_member_permissions": None if permissions is None else str(permissions),
            "dm_permission": payload.get("dm_permission", True),
            "contexts": payload.get("contexts"),
            "integration_types": payload.get("integration_types") or [0],
            "nsfw": bool(payload.get("nsfw")),
        }
        for optional in ("name_localizations", "description_localizations", "options"):
            if payload.get(optional):
                command[optional] = copy.deepcopy(payload[optional])
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    @route("GET", *_COMMANDS)
    async def get_commands(self: FakeDiscord, ctx: Ctx) -> tuple:
        _, store = self._command_store(ctx)
        return 200, list(store.values())

    @route("PUT", *_COMMANDS, limits="limits_commands")
    async def put_commands(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild_id, store = self._command_store(ctx)
        fresh: dict = {}
        for payload in ctx.body or []:
            command = self._make_command(payload, guild_id, store)
            fresh[(command["type"], command["name"])] = command
        store.clear()
        store.update(fresh)
        self.command_syncs.append((guild_id, [c["name"] for c in fresh.values()]))
        return 200, list(fresh.values())

    @route("POST", *_COMMANDS, limits="limits_command")
    async def post_command(self: FakeDiscord, ctx: Ctx) -> tuple:
        guild_id, store = self._command_store(ctx)
        command = self._make_command(ctx.json, guild_id, store)
        key = (command["type"], command["name"])
        created = key not in store
        store[key] = command
        return (201 if created else 200), command

    def _find_command(self: FakeDiscord, ctx: Ctx) -> tuple[dict, tuple]:
        _, store = self._command_store(ctx)
        command_id = str(ctx.snowflake("command_id"))
        for key, command in store.items():
            if command["id"] == command_id:
                return store, key
        raise unknown("application command", 10063)

    @route("GET", *_COMMAND)
    async def get_command(self: FakeDiscord, ctx: Ctx) -> tuple:
        store, key = self._find_command(ctx)
        return 200, store[key]

    @route("PATCH", *_COMMAND)
    async def patch_command(self: FakeDiscord, ctx: Ctx) -> tuple:
        store, key = self._find_command(ctx)
        merged = {**store[key], **ctx.json}
        problems = limits.check_commands([merged])
        if problems:
            raise ApiError(
                400,
                50035,
                "; ".join(map(str, problems)),
                violation="limits",
                body=limits.error_body(problems),
            )
        guild_id = int(store[key]["guild_id"]) if "guild_id" in store[key] else None
        command = self._make_command(merged, guild_id, store)
        del store[key]
        store[(command["type"], command["name"])] = command
        return 200, command

    @route("DELETE", *_COMMAND)
    async def delete_command(self: FakeDiscord, ctx: Ctx) -> tuple:
        store, key = self._find_command(ctx)
        del store[key]
        return 204, None

    @route("GET", _GCMDS + "/permissions")
    async def get_command_permissions(self: FakeDiscord, ctx: Ctx) -> tuple:
        self._command_store(ctx)
        return 200, []
