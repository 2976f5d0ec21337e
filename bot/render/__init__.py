"""Per-game renderers (`bot/render/<id>.py`, each exposing `RENDERER`) and their lookup."""

from __future__ import annotations

from importlib import import_module

from bot.render.base import Renderer

_cache: dict[str, Renderer] = {}


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a registered game."""
    if game_id not in _cache:
        _cache[game_id] = import_module(f"bot.render.{game_id}").RENDERER
    return _cache[game_id]
