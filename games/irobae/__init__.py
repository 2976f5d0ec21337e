"""色映に生へど (irobae): a trick-taking game in which the trump colour moves."""

from __future__ import annotations

from games.irobae.game import GAME, IrobaeGame

__all__ = ["GAME", "IrobaeGame"]
