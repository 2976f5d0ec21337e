"""The cherry-tree flower game (sakura): draw flowers from a bag, grow a field, hide a few."""

from __future__ import annotations

from games.sakura.game import SakuraGame

GAME = SakuraGame()

__all__ = ["GAME"]
