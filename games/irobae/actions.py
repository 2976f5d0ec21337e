"""Moves of 色映に生へど: pass two cards, or play one to the trick."""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from games.core import Action

__all__ = ["IrobaeAction", "PassCards", "PlayCard"]


class IrobaeAction(Action):
    """Every move of 色映に生へど."""


class PassCards(IrobaeAction):
    """Pass two cards (ids `a < b`) face down to the left neighbour; one atomic submission."""

    kind: Literal["pass"] = "pass"
    a: int
    b: int

    @model_validator(mode="after")
    def _ordered(self) -> PassCards:
        if not self.a < self.b:
            raise ValueError("pass cards must be two different ids in increasing order")
        return self


class PlayCard(IrobaeAction):
    """Play one card from the hand to the current trick."""

    kind: Literal["play"] = "play"
    card: int
