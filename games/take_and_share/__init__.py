"""Take & Share: a trick-taking game where trick winners hand out the face-up share cards."""

from __future__ import annotations

from games.take_and_share.game import GAME, TakeAndShare, TakeAndShareOptions

__all__ = ["GAME", "TakeAndShare", "TakeAndShareOptions"]
