"""discord.py extensions: slash commands mapped onto the bot's handlers (kept thin)."""
