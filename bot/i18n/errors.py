"""Turning an engine's reason code into a translated sentence."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from bot.i18n import has, t
from games.core import Lang


def game_texts(game_id: str) -> Any:
    """The game's `texts` module (names, rules, option labels, reason messages)."""
    return import_module(f"games.{game_id}.texts")


def reason_text(game_id: str, reason: str, lang: Lang) -> str:
    """The message for `reason`: the platform's catalog first, then the game's own `REASONS`,
    and the generic "not a legal move" for anything unknown."""
    if has(f"error.{reason}"):
        return t(lang, f"error.{reason}")
    reasons: dict[str, dict[str, str]] = getattr(game_texts(game_id), "REASONS", {})
    if reason in reasons:
        return reasons[reason][lang]
    return t(lang, "error.not_legal")
