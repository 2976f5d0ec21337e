"""Pieces shared by the cogs: their base class, the game and CPU-level choice lists and
localised strings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from discord import app_commands
from discord.ext import commands

from bot.i18n import messages as msg
from games import registry
from games.text import Text

if TYPE_CHECKING:
    from bot.client import GameBot

#: A command, or the function a command is made from.
CommandT = TypeVar("CommandT", bound=Callable[..., object])


class BotCog(commands.Cog):
    """A cog of the bot's commands, which reach the bot's services through `self.bot`."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot


def ls(text: Text) -> app_commands.locale_str:
    """A command, option or choice string: English by default, and the `Text` itself for the
    Translator, which answers `text.ja` for Japanese."""
    return app_commands.locale_str(text.en, text=text)


def options(**texts: tuple[Text, Text]) -> Callable[[CommandT], CommandT]:
    """Name and describe a command's options in both languages, each parameter given its
    `(name, description)` texts: `app_commands.rename` and `app_commands.describe` in one."""
    rename = app_commands.rename(**{param: ls(name) for param, (name, _) in texts.items()})
    describe = app_commands.describe(**{param: ls(desc) for param, (_, desc) in texts.items()})

    def decorate(command: CommandT) -> CommandT:
        return rename(describe(command))  # type: ignore[arg-type,return-value]

    return decorate


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named in English with the Japanese name as translation."""
    return [
        app_commands.Choice(name=app_commands.locale_str(g.name("en"), game=g.id), value=g.id)
        for g in registry.all()
    ]


def cpu_levels() -> list[str]:
    """Every CPU level some game offers (`Game.cpu_levels`), weakest first."""
    levels: list[str] = []
    for game in registry.all():
        for n, level in enumerate(game.cpu_levels):
            if level not in levels:
                # After the game's weaker levels that are already listed.
                weaker = [levels.index(w) for w in game.cpu_levels[:n] if w in levels]
                levels.insert(max(weaker, default=-1) + 1, level)
    return levels


def cpu_choices() -> list[app_commands.Choice[str]]:
    """One choice per CPU level, named from the catalog (`messages.CHOICE_CPU_LEVELS`)."""
    return [
        app_commands.Choice(name=ls(msg.CHOICE_CPU_LEVELS[level]), value=level)
        for level in cpu_levels()
    ]
