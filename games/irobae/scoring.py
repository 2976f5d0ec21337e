"""Pure scoring functions of 色映に生へど (the stable scoring API; the engine uses them too)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["colour_scores", "deal_score", "marker_index", "trick_winner"]


def marker_index(cards: Sequence[tuple[int, int]]) -> int:
    """Index of the card the trump marker lies beside after these plays.

    The lead gets the marker; afterwards only a player who cannot follow plays a colour not yet
    seen in the trick, and moves the marker to it. So the marker is beside the last card whose
    colour was new to the trick.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    seen: set[int] = set()
    index = 0
    for i, (colour, _number) in enumerate(cards):
        if colour not in seen:
            seen.add(colour)
            index = i
    return index


def trick_winner(cards: Sequence[tuple[int, int]]) -> int:
    """Index of the winning card: the highest number of the colour beside the trump marker.

    `cards` are `(colour 0–4, number)` in play order, `cards[0]` led.
    """
    trump = cards[marker_index(cards)][0]
    best = -1
    for i, (colour, number) in enumerate(cards):
        if colour == trump and (best < 0 or number > cards[best][1]):
            best = i
    return best


def colour_scores(pile: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Per colour in the pile: the lowest card scores its number, every other card −1."""
    by_colour: dict[int, list[int]] = {}
    for colour, number in pile:
        by_colour.setdefault(colour, []).append(number)
    return {
        colour: min(numbers) - (len(numbers) - 1) for colour, numbers in sorted(by_colour.items())
    }


def deal_score(pile: Sequence[tuple[int, int]]) -> int:
    """One player's score for a deal from the `(colour, number)` cards they won."""
    return sum(colour_scores(pile).values())
