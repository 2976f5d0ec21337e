"""Checks every click passes before any handler reads or changes a game: where it comes from.

A custom_id is only text; anyone can forge one naming any game. A click may act on a game only
from the server the game belongs to, or, in direct messages, by one of the game's own players
(DM hands). Ids too large for the database are nobody's game.

A slash command's options are checked likewise before the command runs (`option_problem`):
each of the type, range and choices the command registered, as Discord's own clients send.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.storage.records import GameRecord


def can_manage(interaction: discord.Interaction[Any], record: GameRecord) -> bool:
    """Whether the user may manage the game of `record` (abandon it, replace a player): its
    host, or a manager of its server."""
    perms = interaction.permissions
    return interaction.user.id == record.host_id or bool(perms and perms.manage_guild)


def belongs(
    interaction: discord.Interaction[Any], record: GameRecord, *, in_dm: bool = True
) -> bool:
    """Whether this interaction may act on the game of `record`: it comes from the game's
    server, or (when `in_dm`) from a direct message of one of the game's players (one whose
    seat a CPU plays while they are away included: they are told how to take it back)."""
    if interaction.guild_id is not None:
        return interaction.guild_id == record.guild_id
    user_id = interaction.user.id
    return in_dm and (
        record.seat_of(user_id) is not None or record.away_seat_of(user_id) is not None
    )


#: Discord's integer options hold -(2**53 - 1) .. 2**53 - 1 (its number options likewise).
MAX_OPTION_INT = (1 << 53) - 1
#: The longest text Discord sends in a string option.
MAX_OPTION_LENGTH = 6000
OptionType = discord.AppCommandOptionType
#: Where `resolved` holds what an option of each snowflake type names.
RESOLVED = {
    OptionType.user: ("users",),
    OptionType.channel: ("channels",),
    OptionType.role: ("roles",),
    OptionType.mentionable: ("users", "roles"),
    OptionType.attachment: ("attachments",),
}
#: An id (a snowflake) as Discord writes it in an option.
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
#: Option types that are not values but (sub)command groups.
SUBCOMMAND_TYPES = (OptionType.subcommand.value, OptionType.subcommand_group.value)


class OptionParameter(Protocol):
    """What `option_problem` reads of a command's parameter (discord.py's
    `app_commands.Parameter`)."""

    @property
    def display_name(self) -> str: ...
    @property
    def type(self) -> Any: ...  # an AppCommandOptionType (an enum of ints)
    @property
    def required(self) -> bool: ...
    @property
    def choices(self) -> list[Any]: ...  # Choice objects, by `value`
    @property
    def min_value(self) -> int | float | None: ...  # a string's least length
    @property
    def max_value(self) -> int | float | None: ...  # a string's greatest length


def command_options(data: Mapping[str, Any]) -> Any:
    """The options of the (sub)command that an application command's data names, as sent."""
    options = data.get("options") or []
    while (
        isinstance(options, list)
        and len(options) == 1
        and isinstance(options[0], dict)
        and options[0].get("type") in SUBCOMMAND_TYPES
    ):
        options = options[0].get("options") or []
    return options


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(param: OptionParameter) -> OptionType:
    """The option type `param` was registered with."""
    return OptionType(int(getattr(param.type, "value", param.type)))


def _value_problem(param: OptionParameter, value: Any, resolved: Mapping[str, Any]) -> str | None:
    """Why `value` cannot be what a Discord client sends for `param`, or None."""
    kind = _kind(param)
    if kind is OptionType.string:
        if not isinstance(value, str):
            return "expects text"
        size: float = len(value)
        if size > MAX_OPTION_LENGTH:
            return "is too long"
    elif kind is OptionType.integer:
        if not _is_int(value):
            return "expects an integer"
        size = value
    elif kind is OptionType.number:
        if not (_is_int(value) or isinstance(value, float)) or not math.isfinite(value):
            return "expects a number"
        size = value
    elif kind is OptionType.boolean:
        return None if isinstance(value, bool) else "expects true or false"
    elif kind in RESOLVED:
        if not isinstance(value, str) or SNOWFLAKE.fullmatch(value) is None:
            return "expects an id"
        found = [
            (resolved.get(where) or {}).get(value)
            for where in RESOLVED[kind]
            if isinstance(resolved.get(where), dict)
        ]
        return None if any(found) else "names nothing Discord resolved"
    else:
        return "has a type no option has"
    if kind is not OptionType.string and abs(size) > MAX_OPTION_INT:
        return "is out of range"
    if (param.min_value is not None and size < param.min_value) or (
        param.max_value is not None and size > param.max_value
    ):
        return "is out of range"
    if param.choices and value not in [choice.value for choice in param.choices]:
        return "is not one of the choices"
    return None


def option_problem(parameters: Sequence[OptionParameter], data: Mapping[str, Any]) -> str | None:
    """Why the options of an application command's `data` (the interaction's data) are not
    what a Discord client sends for a command of these `parameters`, or None if they are.

    A modified client can send any JSON as an option: text for an integer, a boolean or a
    fraction for an integer (which Python would take for 1), a number beyond Discord's, one
    that is not among the choices, an option declared as another type or that the command
    does not have, a user Discord did not resolve. discord.py passes integers, text and
    booleans through untyped; this is checked before a command runs. The answer names the
    option and the rule, never the value (which could be anything, for the log)."""
    options = command_options(data)
    resolved = data.get("resolved") or {}
    if not isinstance(options, list) or not isinstance(resolved, dict):
        return "options that are not a list"
    by_name = {param.display_name: param for param in parameters}
    seen: set[str] = set()
    for option in options:
        if not isinstance(option, dict) or not isinstance(option.get("name"), str):
            return "an option without a name"
        name = option["name"]
        param = by_name.get(name)
        if param is None:
            return "an option the command does not have"  # (its name, as sent, not logged)
        if name in seen:
            return f"option {name!r} twice"
        seen.add(name)
        if option.get("type") != _kind(param).value:
            return f"option {name!r} declared as another type"
        if option.get("focused"):
            continue  # an autocomplete's partial text: not a value yet
        if "value" not in option:
            return f"option {name!r} without a value"
        problem = _value_problem(param, option["value"], resolved)
        if problem is not None:
            return f"option {name!r} {problem}"
    missing = [param.display_name for param in parameters if param.required]
    missing = [name for name in missing if name not in seen]
    if missing:
        return f"option {missing[0]!r} left out"
    return None


class BadOption(app_commands.TransformerError):
    """A command's options are not what a Discord client sends (`option_problem`). Raised
    before the command runs and answered like a value discord.py itself could not convert:
    the translated "not valid" (`ERROR_BAD_OPTION`) and a line in the log, nothing changed."""

    def __init__(self, command: str, problem: str) -> None:
        app_commands.AppCommandError.__init__(self, f"/{command}: {problem}")
        self.value: Any = None
        self.type = discord.AppCommandOptionType.string
        self.transformer = None  # type: ignore[assignment]  # no transformer failed


def check_options(interaction: discord.Interaction[Any]) -> None:
    """Raise `BadOption` if the options of slash command `interaction` are not what a Discord
    client sends for its command (`option_problem`)."""
    command = interaction.command
    if interaction.type is discord.InteractionType.application_command and isinstance(
        command, app_commands.Command
    ):
        problem = option_problem(command.parameters, interaction.data or {})
        if problem is not None:
            raise BadOption(command.qualified_name, problem)
