"""Per-game renderers (`bot/render/<id>.py`, each exposing `RENDERER`) and their lookup;
`register` adds the renderer of a game registered from outside `games/` (`games.registry`)."""

from __future__ import annotations

from importlib import import_module

from bot.render import pictures
from bot.render.base import Renderer

_cache: dict[str, Renderer] = {}


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a registered game."""
    if game_id not in _cache:
        _cache[game_id] = import_module(f"bot.render.{game_id}").RENDERER
    return _cache[game_id]


def register(renderer: Renderer, drawing: pictures.Pictures) -> None:
    """Use `renderer` and its pictures for the game `renderer.game_id` (a game given to
    `games.registry.register`, whose renderer is not a module of this package)."""
    _cache[renderer.game_id] = renderer
    pictures.register(drawing)
