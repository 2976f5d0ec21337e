"""Checks every click passes before any handler reads or changes a game: where it comes from.

A custom_id is only text; anyone can forge one naming any game. A click may act on a game only
from the server the game belongs to, or, in direct messages, by one of the game's own players
(DM hands). Ids too large for the database are nobody's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord

    from bot.storage.records import GameRecord


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
