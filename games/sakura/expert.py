"""The expert CPU of the cherry-tree flower game: determinized Monte Carlo over the bag.

What a seat cannot see: the bag's contents (the flowers removed at setup are pooled with it), the
other screens and the other players' secret end splits. Everything else (fields, this turn's
flowers, screen sizes, the bag size) is public. The expert samples the unseen flowers from the
pool it cannot locate and plays every candidate on to the end of its turn, further draws included,
with a rollout policy that knows the failure risk of one more draw (it stops once a colour stands
at two or four colours are out); the position is then valued by the real final scoring as if the
game ended there — field table, and the majority race behind the screens against the sampled
screens — so each candidate is weighed by its whole turn, not by one draw.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Rng, State
from games.sakura import actions as act
from games.sakura import scoring
from games.sakura.ai import StrongPlayer, add_split_points
from games.sakura.scoring import BLACK, COLOURS
from games.sakura.state import SakuraState
from games.search import PimcPlayer, SeatKnowledge, margin

__all__ = ["Expert", "redact", "sample"]

#: Value of a win (shared wins split it) on top of the score margin, in points.
WIN_BONUS = 8.0


def _hidden_sizes(state: SakuraState, seat: int) -> list[int]:
    """Sizes of the places the seat cannot look into: bag, removed, then each other screen."""
    return [sum(state.bag), sum(state.removed)] + [
        sum(state.screens[s]) for s in range(state.players) if s != seat
    ]


def _pool(state: SakuraState, seat: int) -> list[int]:
    """The unseen flowers as colour counts."""
    pool = [state.bag[c] + state.removed[c] for c in range(6)]
    for s in range(state.players):
        if s != seat:
            for c in range(6):
                pool[c] += state.screens[s][c]
    return pool


def _fill(state: SakuraState, seat: int, flowers: list[int]) -> None:
    """Put the flat list of unseen flowers (colour indexes) back into the hidden places, in
    `_hidden_sizes` order, and give the other seats that have answered the split a valid one."""
    sizes = _hidden_sizes(state, seat)
    piles: list[list[int]] = []
    start = 0
    for size in sizes:
        counts = [0] * 6
        for c in flowers[start : start + size]:
            counts[c] += 1
        piles.append(counts)
        start += size
    state.bag, state.removed = piles[0], piles[1]
    others = [s for s in range(state.players) if s != seat]
    for s, counts in zip(others, piles[2:], strict=True):
        state.screens[s] = counts
        if state.splits[s] is not None:
            state.splits[s] = state.default_split(s).warm


def redact(state: State, seat: int) -> SakuraState:
    """`state` as `seat` knows it: the unseen flowers sorted by colour into the hidden places,
    the RNG zeroed."""
    assert isinstance(state, SakuraState)
    out = state.copy()
    pool = _pool(state, seat)
    _fill(out, seat, [c for c in range(6) for _ in range(pool[c])])
    out.rng = Rng(0)
    return out


def sample(redacted: SakuraState, seat: int, rng: Rng) -> SakuraState:
    """A world consistent with the redacted state: the unseen flowers shuffled into the hidden
    places, a fresh RNG for the draws to come."""
    world = redacted.copy()
    pool = _pool(redacted, seat)
    flowers = [c for c in range(6) for _ in range(pool[c])]
    rng.shuffle(flowers)
    _fill(world, seat, flowers)
    world.rng = Rng(rng.next64())
    return world


def standing(state: SakuraState) -> list[int]:
    """Each seat's score if the game ended now, every screen split by the default rule (in a
    sampled world the other screens are guesses, so this averages over the guesses)."""
    named = [dict(zip(COLOURS, screen, strict=True)) for screen in state.screens]
    groups = [scoring.group_totals(s, scoring.default_split(s)) for s in named]
    warm = scoring.screen_points([g[0] for g in groups], "warm")
    cool = scoring.screen_points([g[1] for g in groups], "cool")
    return [_field_value(state.fields[s]) + warm[s] + cool[s] for s in range(state.players)]


def _field_value(counts: list[int]) -> int:
    if counts[BLACK] == 0:
        return sum(scoring.field_points(n) for n in counts[:BLACK])
    return scoring.field_score(dict(zip(COLOURS, counts, strict=True)))


def _risky(turn: list[int]) -> bool:
    """Whether one more flower could fail the turn: a colour (blacks included) at two, or four
    different colours (blacks included) already."""
    blacks = turn[BLACK]
    plain = turn[:BLACK]
    return max(plain) + blacks >= 2 or sum(1 for n in plain if n) + blacks >= 4


class Expert(PimcPlayer[SakuraState]):
    """PIMC at the draw, keep, ability and screen steps; the end split weighs each legal split
    against sampled screens (`_split`); the ability sub-steps use the strong player's greedy
    lookahead on a sampled world."""

    def redact(self, state: State, seat: int) -> SakuraState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[SakuraState], rng: Rng) -> SakuraState:
        return sample(knowledge.redacted, knowledge.seat, rng)

    def copy(self, state: SakuraState) -> SakuraState:
        return state.copy()

    def shortcut(
        self, knowledge: SeatKnowledge[SakuraState], legal: list[Any], rng: Rng
    ) -> Action | None:
        state = knowledge.redacted
        if state.step in ("split", "ability", "draw", "keep", "screen"):
            return None
        # ability sub-steps: the strong player's greedy lookahead on a sampled world
        return StrongPlayer().choose(sample(state, knowledge.seat, rng), knowledge.seat, rng)

    def policy(self, state: SakuraState, seat: int, legal: list[Any], rng: Rng) -> Action:
        step = state.step
        if step == "draw":
            if state.draws == 0:
                return act.DrawAction(n=min(state.draw_max(), 1 + rng.below(2)))
            if _risky(state.turn) or state.draw_max() == 0:
                return act.StopAction()
            return act.DrawAction(n=1)
        if step == "ability":
            for action in legal:
                if isinstance(action, act.AbilityAction):
                    return action
            return act.DoneAction()
        if step == "screen":
            return max(legal, key=lambda a: self._after_screen(state, seat, a))
        if step == "split":
            return state.default_split(seat)
        return legal[rng.below(len(legal))]

    def stop(self, state: SakuraState, start: SakuraState) -> bool:
        """A rollout ends with the searching seat's turn (or the game)."""
        return state.turn_number != start.turn_number or state.step in ("split", "over")

    def evaluate(self, state: SakuraState, seat: int) -> float:
        if state.is_over():
            result = state.result()
            won = WIN_BONUS / len(result.winners) if seat in result.winners else 0.0
            return margin(result.scores, seat) + won
        return margin(standing(state), seat)

    def _after_screen(self, state: SakuraState, seat: int, action: act.ScreenAction) -> float:
        """`standing` margin after the screen step `action` ends the turn."""
        fields = [list(f) for f in state.fields]
        screens = [list(s) for s in state.screens]
        for c in range(6):
            fields[seat][c] += state.turn[c]
        if action.colour != act.NO_COLOUR:
            c = COLOURS.index(action.colour)
            fields[seat][c] -= action.n
            screens[seat][c] += action.n
        trial = state.copy()
        trial.fields, trial.screens = fields, screens
        return margin(standing(trial), seat)

    def decide(self, knowledge: SeatKnowledge[SakuraState], rng: Rng) -> Action:
        state = knowledge.redacted
        if state.step == "split":
            return self._split(knowledge, rng)
        return super().decide(knowledge, rng)

    def _split(self, knowledge: SeatKnowledge[SakuraState], rng: Rng) -> act.SplitAction:
        """The split that scores best against sampled screens split by the default rule."""
        seat = knowledge.seat
        state = knowledge.redacted
        legal = [a for a in state.legal_actions(seat) if isinstance(a, act.SplitAction)]
        totals = [0.0] * len(legal)
        for _ in range(max(8, self.rollouts // 4)):
            add_split_points(sample(state, seat, rng), seat, state.screens[seat], legal, totals)
        return legal[max(range(len(legal)), key=lambda i: totals[i])]
