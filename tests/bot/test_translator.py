"""Slash commands in both languages: every name, description, option and choice the bot
registers carries a Japanese translation, read from the same `Text` as its English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

from bot.i18n import messages as msg
from bot.i18n.translator import Translator
from cogs.admin import AdminCog
from cogs.help import HelpCog
from cogs.lobby import LobbyCog
from cogs.play import PlayCog
from games import registry


def named(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every command, option and choice of a command's payload."""
    yield payload
    for option in payload.get("options", []):
        yield from named(option)
    yield from payload.get("choices", []) or []


async def payloads() -> list[dict[str, Any]]:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    translator = Translator()
    return [
        await command.get_translated_payload(tree, translator)
        for cog in (AdminCog, HelpCog, LobbyCog, PlayCog)
        for command in cog.__cog_app_commands__
    ]


async def test_every_command_option_and_choice_is_translated() -> None:
    untranslated = []
    for payload in await payloads():
        for item in named(payload):
            if not item.get("name_localizations", {}).get("ja"):
                untranslated.append(item["name"])
            if "description" in item and not item["description_localizations"].get("ja"):
                untranslated.append(f"{item['name']} (description)")
    assert not untranslated


async def test_english_and_japanese_come_from_one_text() -> None:
    by_name = {payload["name"]: payload for payload in await payloads()}
    newgame = by_name[msg.CMD_NEWGAME.en]
    assert newgame["name_localizations"]["ja"] == msg.CMD_NEWGAME.ja
    assert newgame["description"] == msg.CMD_NEWGAME_DESC.en
    game = next(o for o in newgame["options"] if o["name"] == msg.OPT_GAME.en)
    assert game["description_localizations"]["ja"] == msg.OPT_GAME_DESC.ja
    assert {c["name_localizations"]["ja"] for c in game["choices"]} == {
        g.name("ja") for g in registry.all()
    }
    rules = by_name[msg.CMD_RULES.en]
    assert rules["options"][0]["description"] == msg.OPT_RULES_GAME_DESC.en
