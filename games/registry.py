"""The one list of games: `get(id)` and `all()`."""

from __future__ import annotations

from importlib import import_module

from games.core import Game

#: Game ids in menu order, each implemented by `games.<id>.GAME`.
GAME_IDS: tuple[str, ...] = ("kasane", "gogyo", "take_and_share", "sakura", "irobae")

_cache: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The game with that id; `KeyError` for an unknown id."""
    if game_id not in GAME_IDS:
        raise KeyError(game_id)
    if game_id not in _cache:
        _cache[game_id] = import_module(f"games.{game_id}").GAME
    return _cache[game_id]


def all() -> list[Game]:
    """Every game, in menu order."""
    return [get(game_id) for game_id in GAME_IDS]
