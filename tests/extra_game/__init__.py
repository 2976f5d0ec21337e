"""ハイカード (High Card): a small extra game that lives in the tests, not in `games/`.

It proves that a game reaches every generic suite (the contract, the renderers' limits, hidden
information, crash consistency, Discord faults) through the registry alone: `install()` registers
it with `games.registry` and its renderer with `bot.render`, and nothing else names it.
"""

from __future__ import annotations

from tests.extra_game.game import GAME

__all__ = ["GAME", "MODULE", "install"]

#: What `games.registry.register` imports (and a CPU worker or a bot process imports again).
MODULE = __name__


def install() -> None:
    """Register the game, its renderer and its pictures (idempotent)."""
    from bot import render
    from games import registry
    from tests.extra_game.render import PICTURES, RENDERER

    registry.register(MODULE)
    render.register(RENDERER, PICTURES)
