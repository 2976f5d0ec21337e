"""The one list of games: `get(id)` and `all()`, and `register` for a game defined elsewhere."""

from __future__ import annotations

from importlib import import_module

from games.core import Game

#: Game ids in menu order, each implemented by `games.<id>.GAME`.
GAME_IDS: tuple[str, ...] = ("kasane", "gogyo", "take_and_share", "sakura", "irobae")

#: The module exposing `GAME` of every game, in menu order: `games.<id>` for the five titles,
#: then the modules given to `register`.
_modules: dict[str, str] = {game_id: f"games.{game_id}" for game_id in GAME_IDS}
_cache: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The game with that id; `KeyError` for an unknown id."""
    if game_id not in _cache:
        _cache[game_id] = import_module(_modules[game_id]).GAME
    return _cache[game_id]


def all() -> list[Game]:
    """Every game, in menu order."""
    return [get(game_id) for game_id in _modules]


def ids() -> list[str]:
    """Every game's id, in menu order."""
    return list(_modules)


def register(module: str) -> Game:
    """Add the game exposed as `GAME` by `module` after the others (a game that lives outside
    this package, such as the tests' extra game). Registering the same module again is a no-op."""
    game: Game = import_module(module).GAME
    known = _modules.get(game.id)
    if known is not None and known != module:
        raise ValueError(f"game id {game.id!r} is already taken by {known}")
    _modules[game.id] = module
    _cache[game.id] = game
    return game


def added() -> list[str]:
    """The modules given to `register`, in order: what a fresh interpreter (a CPU worker)
    registers to know the same games."""
    return [module for game_id, module in _modules.items() if game_id not in GAME_IDS]
