"""Pure scoring functions: the trick winner and the per-suit majority score."""

from __future__ import annotations

from collections.abc import Sequence

SUIT_COUNT = 6


def trick_winner(cards: Sequence[tuple[int, int]]) -> int:
    """The index of the winning card among `(suit, number)` cards in play order (`cards[0]` led).

    Every card of the lead suit → the highest number wins. At least one card off-suit → the
    lowest number wins whatever its suit; on a tie for lowest the card played first wins.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    lead = cards[0][0]
    numbers = [number for _, number in cards]
    if all(suit == lead for suit, _ in cards):
        return numbers.index(max(numbers))
    return numbers.index(min(numbers))


def all_followed(cards: Sequence[tuple[int, int]]) -> bool:
    """Whether every card is of the lead suit (the "highest wins" case)."""
    return all(suit == cards[0][0] for suit, _ in cards)


def suit_sums(cards: Sequence[tuple[int, int]]) -> list[int]:
    """Per suit (0–5): the sum of the numbers of `cards` of that suit, which decides the suit's
    majority (`suit_points`)."""
    sums = [0] * SUIT_COUNT
    for suit, number in cards:
        sums[suit] += number
    return sums


def suit_points(received: Sequence[Sequence[tuple[int, int]]]) -> list[list[int]]:
    """Per player, per suit (0–5): the points that suit gives that player.

    The player(s) with the highest sum of a suit each score the number of cards of that suit
    they hold; nobody scores a suit that no one holds.
    """
    players = len(received)
    sums = [suit_sums(cards) for cards in received]
    counts = [[0] * SUIT_COUNT for _ in range(players)]
    for seat, cards in enumerate(received):
        for suit, _ in cards:
            counts[seat][suit] += 1
    points = [[0] * SUIT_COUNT for _ in range(players)]
    for suit in range(SUIT_COUNT):
        best = max((sums[seat][suit] for seat in range(players)), default=0)
        if best <= 0:
            continue
        for seat in range(players):
            if sums[seat][suit] == best:
                points[seat][suit] = counts[seat][suit]
    return points


def final_scores(received: Sequence[Sequence[tuple[int, int]]]) -> list[int]:
    """Each player's score from the cards they received: the sum of their `suit_points`."""
    return [sum(row) for row in suit_points(received)]
