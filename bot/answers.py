"""Answering an interaction with a message, whether or not it has been answered yet."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord


async def send(interaction: discord.Interaction[Any], text: str, *, public: bool = False) -> None:
    """`text` as the interaction's first response or, once it has one (a deferral, an earlier
    answer), as a follow-up: seen by the user alone, or with `public` by the channel, then
    mentioning nobody whatever names it quotes."""
    extra: dict[str, Any] = (
        {"allowed_mentions": discord.AllowedMentions.none()} if public else {"ephemeral": True}
    )
    if interaction.response.is_done():
        await interaction.followup.send(text, **extra)
    else:
        await interaction.response.send_message(text, **extra)


def acknowledger(interaction: discord.Interaction[Any]) -> Callable[[], Awaitable[None]]:
    """What the game service calls when the interaction must wait (for the game's lock, for
    the database): acknowledge it now (a deferral), unless it is answered already, so that
    Discord's 3 seconds hold; it is answered once the change is decided."""

    async def acknowledge() -> None:
        if not interaction.response.is_done():
            await interaction.response.defer()

    return acknowledge
