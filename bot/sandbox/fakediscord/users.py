"""The fake's human users (:class:`User`): what a test or the sandbox page does as a player.

A user acts (``slash``, ``click``, ``select``, ``submit_modal``, ``say``) through the
:class:`~bot.sandbox.fakediscord.server.FakeDiscord` it belongs to (the interactions are built
in :mod:`.interactions`) and reads what it can see (``ephemerals``, ``dms``, ``visible_messages``).
"""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import SELECT_TYPES
from .objects import Channel, Message
from .records import Interaction

if TYPE_CHECKING:
    from .server import FakeDiscord

__all__ = ["User", "user_payload"]


def user_payload(
    user_id: int, username: str, global_name: str | None, discriminator: str = "0", **extra: Any
) -> dict[str, Any]:
    """A Discord user object with the profile fields the fake leaves empty (`extra`: more
    fields, such as `bot=True`)."""
    return {
        "id": str(user_id),
        "username": username,
        "global_name": global_name,
        "avatar": None,
        "discriminator": discriminator,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
        "clan": None,
        **extra,
    }


@dataclass(eq=False)
class User:
    """A human test user (equal only to itself). Create with :meth:`FakeDiscord.add_user`."""

    _fake: FakeDiscord
    id: int
    name: str
    locale: str
    _: KW_ONLY
    dms_open: bool = True
    #: The account name Discord shows beside the display name `name`.
    username: str = field(init=False)

    def __post_init__(self) -> None:
        self.username = re.sub(r"[^a-z0-9_.]", "", self.name.lower()) or f"user{self.id % 10000}"

    def __repr__(self) -> str:
        return f"<User {self.name} id={self.id} locale={self.locale}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> int:
        """This member's permissions in the first guild (:attr:`FakeDiscord.guild`)."""
        return self._fake.guild.permissions_of(self.id)

    def to_dict(self) -> dict[str, Any]:
        return user_payload(self.id, self.username, self.name)

    # ------------------------------------------------------------ acting

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: Channel | int | None = None,
        check_permissions: bool = True,
    ) -> Interaction:
        """Run ``/command`` (``"game list"`` for subcommands) with named option values.

        The command and its options are checked against what the bot registered.
        User options take :class:`User` (or an id), channel options a :class:`Channel` or id.
        """
        return await self._fake._slash(self, command, options or {}, channel, check_permissions)

    async def autocomplete(
        self,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        channel: Channel | int | None = None,
    ) -> Interaction:
        """Type into option ``focused`` (an autocomplete option) of ``/command``.

        ``options[focused]`` is the partial text; the answer's ``choices`` hold the result.
        """
        return await self._fake._slash(self, command, options, channel, True, focused)

    async def click(
        self, message: Message | int, custom_id: str | None = None, *, label: str | None = None
    ) -> Interaction:
        """Click the button ``custom_id`` (or the one labelled ``label``) on ``message``.

        The message must be visible to this user and really carry an enabled button.
        """
        msg = self._fake._visible_message(self, message)
        if label is not None:
            component = msg.button(label)
        elif custom_id is not None:
            component = msg.component(custom_id)
            if component is None:
                raise AssertionError(
                    f"message {msg.id} has no component {custom_id!r}: {msg.custom_ids}"
                )
        else:
            raise TypeError("click() needs a custom_id or a label")
        if component.get("type") != 2:
            raise AssertionError(f"{component.get('custom_id')!r} is not a button; use select()")
        if component.get("style") in (5, 6) or not component.get("custom_id"):
            raise AssertionError("link and premium buttons do not create interactions")
        if component.get("disabled"):
            raise AssertionError(f"button {component.get('custom_id')!r} is disabled")
        return await self.click_raw(msg.id, msg.channel_id, component["custom_id"])

    async def select(
        self, message: Message | int, custom_id: str, values: list[str]
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` of ``message``."""
        msg = self._fake._visible_message(self, message)
        component = msg.component(custom_id)
        if component is None or component.get("type") not in SELECT_TYPES:
            raise AssertionError(f"message {msg.id} has no select {custom_id!r}")
        if component.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise AssertionError(f"select {custom_id!r} takes {low}..{high} values, not {values}")
        if component["type"] == 3:
            allowed = [o.get("value") for o in component.get("options") or []]
            unknown = [v for v in values if v not in allowed]
            if unknown:
                raise AssertionError(f"values {unknown} are not options of {custom_id!r}")
        return await self.click_raw(
            msg.id, msg.channel_id, custom_id, component["type"], values=list(values)
        )

    async def click_raw(
        self,
        message_id: int,
        channel_id: int,
        custom_id: str,
        component_type: int = 2,
        *,
        values: list[str] | None = None,
    ) -> Interaction:
        """Send a component interaction without any check (forged or stale custom_ids)."""
        return await self._fake._component(
            self, message_id, channel_id, custom_id, component_type, values
        )

    async def submit_modal(
        self, interaction: Interaction, values: dict[str, str] | None = None
    ) -> Interaction:
        """Submit the modal the bot showed in answer to ``interaction`` (callback type 9).

        ``values`` maps a field's custom_id (or its label) to the text typed, or to the
        list of values picked for a select inside a Label.
        """
        return await self._fake._modal_submit(self, interaction, values or {})

    async def say(self, content: str, *, channel: Channel | int | None = None) -> Message:
        """Post a plain message as this user (MESSAGE_CREATE reaches the bot)."""
        target = self._fake._channel_arg(channel)
        return await self._fake._create_message(target, {"content": content}, [], author_id=self.id)

    def close_dms(self) -> None:
        """From now on the bot gets 403 / 50007 when it sends this user a DM."""
        self.dms_open = False

    def open_dms(self) -> None:
        self.dms_open = True

    # ------------------------------------------------------------ reading

    def ephemerals(self) -> list[Message]:
        """Ephemeral messages only this user saw, latest state, oldest first."""
        return [
            m for m in self._fake.messages.values() if m.ephemeral_for == self.id and not m.deleted
        ]

    @property
    def dm_channel(self) -> Channel:
        """The DM channel between the bot and this user (created on demand)."""
        return self._fake._dm_channel(self.id)

    def dms(self) -> list[Message]:
        """Messages in this user's DM channel with the bot."""
        channel = self._fake._dms.get(self.id)
        return [] if channel is None else self._fake.channel_messages(channel.id)

    def visible_messages(self) -> list[Message]:
        """Everything this user can see: guild channels and threads, their DMs, ephemerals."""
        return [
            m
            for m in self._fake.messages.values()
            if not m.deleted and self._fake._can_see(self, m)
        ]
