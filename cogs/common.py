"""Pieces shared by the cogs: the game choice list and localised strings."""

from __future__ import annotations

from discord import app_commands

from games import registry


def ls(text: str, key: str) -> app_commands.locale_str:
    """An English command string with its catalog key for the Japanese translation."""
    return app_commands.locale_str(text, key=key)


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named in English with the Japanese name as translation."""
    return [
        app_commands.Choice(name=app_commands.locale_str(g.name("en"), game=g.id), value=g.id)
        for g in registry.all()
    ]
