"""Turning an engine's reason code into a translated sentence."""

from __future__ import annotations

from bot.i18n import messages as msg
from games import registry
from games.core import Lang


def reason_text(game_id: str, reason: str, lang: Lang) -> str:
    """The message for `reason`: the engine's shared codes first, then the game's own
    `texts.REASONS`, and the generic "not a legal move" for anything unknown."""
    if reason in msg.REASONS:
        return msg.REASONS[reason](lang)
    game_reasons: dict[str, dict[str, str]] = registry.get(game_id).texts.REASONS
    if reason in game_reasons:
        return game_reasons[reason][lang]
    return msg.ERROR_NOT_LEGAL(lang)
