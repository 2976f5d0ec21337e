"""Answering an interaction with a message, whether or not it has been answered yet."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

#: How long Discord lets an interaction's token edit or delete its answer (15 minutes), less
#: a margin.
TOKEN_SECONDS = 14 * 60


async def send(
    interaction: discord.Interaction[Any], text: str, *, public: bool = False
) -> discord.WebhookMessage | None:
    """`text` as the interaction's first response or, once it has one (a deferral, an earlier
    answer), as a follow-up (returned): seen by the user alone, or with `public` by the
    channel, then mentioning nobody whatever names it quotes."""
    extra: dict[str, Any] = (
        {"allowed_mentions": discord.AllowedMentions.none()} if public else {"ephemeral": True}
    )
    if interaction.response.is_done():
        return await interaction.followup.send(text, wait=True, **extra)
    await interaction.response.send_message(text, **extra)
    return None


def acknowledger(interaction: discord.Interaction[Any]) -> Callable[[], Awaitable[None]]:
    """What the game service calls when the interaction must wait (for the game's lock, for
    the database): acknowledge it now (a deferral), unless it is answered already, so that
    Discord's 3 seconds hold; it is answered once the change is decided."""

    async def acknowledge() -> None:
        if not interaction.response.is_done():
            await interaction.response.defer()

    return acknowledge


class Readings:
    """The one private reading (the log, the rules, a refusal) each player keeps per game: a
    new one replaces the last, which is deleted once the new one is shown, so that private
    messages do not pile up under the table. A reading is remembered by what can delete it
    (its interaction's token, for 15 minutes): the interaction's own new message, or a
    follow-up message sent after a deferral."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        #: (user, game) → what deletes the reading shown last, and when it was shown.
        self._open: dict[tuple[int, int], tuple[Callable[[], Awaitable[None]], float]] = {}

    async def shown(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        followup: discord.WebhookMessage | None = None,
    ) -> None:
        """`interaction` has just answered its user with a new private reading of `game_id`
        (as its own new message, or as the `followup` message): the reading shown before it,
        if any, goes. An answer that edited the clicked message is no reading."""
        if followup is not None:
            delete: Callable[[], Awaitable[None]] = followup.delete
        elif interaction.response.type == discord.InteractionResponseType.channel_message:
            delete = interaction.delete_original_response
        else:
            return
        now = self._clock()
        for key, (_, at) in list(self._open.items()):
            if now - at > TOKEN_SECONDS:
                del self._open[key]
        key = (interaction.user.id, game_id)
        last = self._open.get(key)
        self._open[key] = (delete, now)
        if last is not None:
            with contextlib.suppress(discord.HTTPException):
                await last[0]()
