"""Pieces shared by the cogs: the game choice list and localised strings."""

from __future__ import annotations

from discord import app_commands

from games import registry
from games.text import Text


def ls(text: Text) -> app_commands.locale_str:
    """A command, option or choice string: English by default, and the `Text` itself for the
    Translator, which answers `text.ja` for Japanese."""
    return app_commands.locale_str(text.en, text=text)


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named in English with the Japanese name as translation."""
    return [
        app_commands.Choice(name=app_commands.locale_str(g.name("en"), game=g.id), value=g.id)
        for g in registry.all()
    ]
