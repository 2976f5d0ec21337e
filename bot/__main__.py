"""`python -m bot`: read the settings and run the bot until interrupted."""

from __future__ import annotations

import logging
import sys

import discord

from bot.client import GameBot
from bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level.upper(), logging.INFO))
    bot = GameBot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
