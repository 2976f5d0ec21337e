"""Players' moves through the lobby, played on the fake Discord (:mod:`bot.sandbox.fakediscord`).

The end-to-end tests (through ``tests/e2e/harness.py``) and the benchmarks that drive the real
bot open, fill and start games with these, as players would: ``/newgame``, then the lobby's
buttons, found by their custom_ids.
"""

from __future__ import annotations

import re

from bot.sandbox.fakediscord import FakeDiscord, Message, User

__all__ = ["create_lobby", "custom_id", "game_id_of", "lobby_click"]


def custom_id(message: Message, pattern: str) -> str:
    """The first custom_id on `message` matching the regex `pattern`."""
    for cid in message.custom_ids:
        if re.fullmatch(pattern, cid):
            return cid
    raise AssertionError(f"no control matching {pattern!r} on {message.custom_ids}")


def game_id_of(message: Message) -> int:
    """The game a lobby, table or move message belongs to (from its controls' custom_ids)."""
    return int(custom_id(message, r"(lb|hd|mv):\d+.*").split(":")[1])


async def create_lobby(fake: FakeDiscord, host: User, game: str, **options: object) -> Message:
    """`host` runs `/newgame game:<game>` (with `options`); returns the lobby message."""
    inter = await host.slash("newgame", {"game": game, **options})
    await inter.response()
    return await inter.wait_original()


async def lobby_click(fake: FakeDiscord, user: User, lobby: Message, op: str) -> Message:
    """Click a lobby button and return what answered (the lobby itself, or an ephemeral)."""
    inter = await user.click(lobby, custom_id(lobby, rf"lb:\d+:{op}"))
    response = await inter.response()
    assert response.message is not None
    return response.message
