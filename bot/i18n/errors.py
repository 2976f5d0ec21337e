"""Turning an engine's reason code into a translated sentence."""

from __future__ import annotations

from bot.i18n import has, t
from games import registry
from games.core import Lang


def reason_text(game_id: str, reason: str, lang: Lang) -> str:
    """The message for `reason`: the platform's catalog first, then the game's own `REASONS`,
    and the generic "not a legal move" for anything unknown."""
    if has(f"error.{reason}"):
        return t(lang, f"error.{reason}")
    reasons: dict[str, dict[str, str]] = getattr(registry.get(game_id).texts, "REASONS", {})
    if reason in reasons:
        return reasons[reason][lang]
    return t(lang, "error.not_legal")
