"""五行中国史カードゲーム (Gogyo): dynasty and element runs over a match of two games."""

from __future__ import annotations

from games.gogyo.game import GogyoGame

GAME = GogyoGame()

__all__ = ["GAME", "GogyoGame"]
