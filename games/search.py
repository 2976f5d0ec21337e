"""Search over sampled hidden information, shared by every game's `expert` CPU player.

An expert never decides from the state it is called with. `ExpertPlayer.choose` first builds the
seat's `SeatKnowledge`: the seat's private view (which holds the public view) and a *redacted*
copy of the state in which everything the seat cannot see (other hands, the deck's contents and
order, face-down cards, secret choices, the RNG) is replaced by a canonical filler that depends
only on what the seat may know (hidden cards pooled and sorted, the RNG zeroed). The decision code
receives only that knowledge, so two states that differ only in what the seat cannot see give the
same knowledge and therefore the same decision for the same seed: it cannot cheat by
construction (`tests/games/test_expert.py` checks the redaction and the decisions).

The search is determinized Monte Carlo (perfect-information Monte Carlo, PIMC): sample worlds
consistent with the knowledge (each game's `sample`, which also applies what the public history
reveals, e.g. a suit a player failed to follow), try every candidate action in each world with the
same world and the same rollout seed (common random numbers), play on with a cheap game-specific
rollout policy up to a horizon, and pick the action with the best mean evaluation. The budget is
a number of rollouts, not a time, so a decision is a function of the knowledge and the seed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from games.core import Action, Rng, State

__all__ = [
    "DEFAULT_ROLLOUTS",
    "ExpertPlayer",
    "PimcPlayer",
    "SeatKnowledge",
    "deal_constrained",
    "margin",
]

S = TypeVar("S", bound=State)

#: Rollouts per decision when the bot sets no budget (`ExpertPlayer(rollouts=…)`).
DEFAULT_ROLLOUTS = 96
#: Fewest sampled worlds per decision, however many candidate actions there are.
MIN_WORLDS = 4
#: Attempts at a constrained deal before the constraints that cannot all hold are dropped.
DEAL_ATTEMPTS = 20


@dataclass(frozen=True)
class SeatKnowledge(Generic[S]):
    """Everything one seat may know, and nothing more.

    `view` is the seat's private view (its public part included). `redacted` is a state in which
    every hidden thing has been replaced by a canonical filler computed from `view`-level facts
    only; decision code may read it and copy it but must sample (`ExpertPlayer.sample`) before
    playing on, since its hidden parts are placeholders, not guesses.
    """

    seat: int
    view: BaseModel
    redacted: S


def margin(scores: Sequence[int], seat: int) -> float:
    """A seat's standing in final (or running) scores: its lead over the best other seat, plus
    a small share of its lead over the other seats' mean (which breaks ties between equal
    leads in favour of the stronger position)."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - max(others) + 0.25 * (scores[seat] - sum(others) / len(others))


def deal_constrained(
    pool: Sequence[int],
    sizes: Sequence[int],
    allowed: Callable[[int, int], bool],
    rng: Rng,
) -> list[list[int]]:
    """Deal the cards of `pool` into hands of `sizes` (which sum to `len(pool)`) at random,
    keeping each card `c` out of hand `h` where `allowed(h, c)` is false (a known void, a card
    known to be elsewhere). The most constrained cards are placed first; after `DEAL_ATTEMPTS`
    failures (inference that cannot all hold) the constraints are dropped."""
    cards = list(pool)
    options = {c: [h for h in range(len(sizes)) if allowed(h, c)] for c in set(cards)}
    for _ in range(DEAL_ATTEMPTS):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        room = list(sizes)
        hands: list[list[int]] = [[] for _ in sizes]
        for card in cards:
            open_hands = [h for h in options[card] if room[h] > 0]
            if not open_hands:
                break
            # weight by room left, which keeps the deal close to uniform
            pick = rng.below(sum(room[h] for h in open_hands))
            for h in open_hands:
                if pick < room[h]:
                    break
                pick -= room[h]
            hands[h].append(card)
            room[h] -= 1
        else:
            return hands
    rng.shuffle(cards)
    out: list[list[int]] = []
    start = 0
    for size in sizes:
        out.append(cards[start : start + size])
        start += size
    return out


class ExpertPlayer(ABC, Generic[S]):
    """A CPU player that decides from `SeatKnowledge` only. Subclasses say how to redact and
    sample their game's hidden information and how to decide (`decide`).

    `rollouts` is the budget of one decision, set by the bot: the number of sampled
    (world, candidate) continuations, or its equivalent in a game's own simulator."""

    def __init__(self, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        self.rollouts = rollouts

    # -- the CpuPlayer entry point ------------------------------------------------------------

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return self.decide(self.knowledge(state, seat), rng)

    def knowledge(self, state: State, seat: int) -> SeatKnowledge[S]:
        """What `seat` may know of `state`: the only thing handed on to the decision code."""
        return SeatKnowledge(
            seat=seat, view=state.private_view(seat), redacted=self.redact(state, seat)
        )

    # -- game hooks ---------------------------------------------------------------------------

    @abstractmethod
    def redact(self, state: State, seat: int) -> S:
        """A copy of `state` with everything `seat` cannot see replaced by a canonical filler
        (the same for every state that looks the same from `seat`)."""

    @abstractmethod
    def sample(self, knowledge: SeatKnowledge[S], rng: Rng) -> S:
        """A complete state consistent with `knowledge` (hidden cards dealt at random, subject
        to what the public history reveals), with a fresh RNG from `rng`."""

    @abstractmethod
    def decide(self, knowledge: SeatKnowledge[S], rng: Rng) -> Action:
        """The move, from the seat's knowledge alone."""


class PimcPlayer(ExpertPlayer[S]):
    """The generic PIMC search: subclasses add how to play a rollout and how to value a
    position; they may also narrow the candidates or decide some steps without search where
    their game's knowledge says so. The rollouts are spread as evenly as they go over the
    candidates, with at least `MIN_WORLDS` worlds."""

    @abstractmethod
    def copy(self, state: S) -> S:
        """An independent copy of a state."""

    @abstractmethod
    def policy(self, state: S, seat: int, legal: list[Any], rng: Rng) -> Action:
        """The cheap move of `seat` in a rollout."""

    @abstractmethod
    def evaluate(self, state: S, seat: int) -> float:
        """The value of a (possibly unfinished) position for `seat`, higher is better."""

    def stop(self, state: S, start: S) -> bool:
        """Whether a rollout that began at `start` has gone far enough to be evaluated (the game
        is over, or a game-specific horizon such as the end of the deal is reached)."""
        return state.is_over()

    def candidates(self, knowledge: SeatKnowledge[S], legal: list[Any]) -> list[Any]:
        """The actions worth searching (all legal actions unless a game prunes)."""
        return legal

    def shortcut(self, knowledge: SeatKnowledge[S], legal: list[Any], rng: Rng) -> Action | None:
        """A decision the game's knowledge makes without search, or None to search."""
        return None

    # -- search -------------------------------------------------------------------------------

    def decide(self, knowledge: SeatKnowledge[S], rng: Rng) -> Action:
        seat = knowledge.seat
        legal = knowledge.redacted.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        quick = self.shortcut(knowledge, legal, rng)
        if quick is not None:
            return quick
        actions = self.candidates(knowledge, legal)
        if len(actions) == 1:
            return actions[0]
        worlds = max(MIN_WORLDS, self.rollouts // len(actions))
        totals = [0.0] * len(actions)
        for _ in range(worlds):
            world = self.sample(knowledge, rng)
            seed = rng.next64()
            for i, action in enumerate(actions):
                child = self.copy(world)
                child.apply(seat, action)
                totals[i] += self.rollout(child, seat, Rng(seed), world)
        best = max(range(len(actions)), key=lambda i: totals[i])
        return actions[best]

    def rollout(self, state: S, seat: int, rng: Rng, start: S) -> float:
        """Play on from `state` with `policy` until `stop`, then `evaluate` for `seat`."""
        while not self.stop(state, start):
            mover = state.to_act()[0]
            legal = state.legal_actions(mover)
            state.apply(
                mover, legal[0] if len(legal) == 1 else self.policy(state, mover, legal, rng)
            )
        return self.evaluate(state, seat)
