"""襲ノ色目 (kasane): take kimono cards from a grid and lay them as yaku, 3–4 players."""

from games.kasane.game import GAME

__all__ = ["GAME"]
