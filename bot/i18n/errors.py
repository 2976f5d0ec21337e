"""Turning an engine's reason code into a translated sentence."""

from __future__ import annotations

from bot.i18n import messages as msg
from games import registry
from games.core import Lang
from games.text import Text


def reason_text(game_id: str, reason: str, lang: Lang) -> str:
    """The message for `reason`: the engine's shared codes first, then the game's own
    `texts.REASONS`, and the generic "not a legal move" for anything unknown."""
    game_reasons: dict[str, Text] = registry.get(game_id).texts.REASONS
    text = msg.REASONS.get(reason) or game_reasons.get(reason) or msg.ERROR_NOT_LEGAL
    return text(lang)
