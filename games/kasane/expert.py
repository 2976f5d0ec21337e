"""The expert CPU of 襲ノ色目: the look-ahead planner, told what the public history reveals.

What a seat may know. Every card in a hand was taken face up from the front of a grid row, and
every meld lays a known number of cards from the top of a hand onto a public tableau, so a
player with a good memory knows each other hand exactly, in order (the public log's `take` and
`meld` events rebuild it); the cards left in a grid at a round's end go face down to the discard
pile, but they were public a moment before, so the discard is known too. The only thing nobody
knows is the deck's order (and so the next grids). The redaction therefore keeps the hands and
the discard and sorts the deck; a sampled world shuffles the deck.

What the expert does with it. The strong planner judges a take by the points now plus the best
next turn over sampled fronts that the other players leave, each of them taking a random front.
The expert replaces that guess by the other players' own choices, from their known hands: the
next player takes the front the strong planner would take in its place (`PREDICT_FIRST`), the
ones after it the front (and the meld after it) that scores best for their hand, tableau and the
slots still free, each mostly that one and now and then another (`GREEDY`). So its next turn is
judged on the fronts and the free slots those players really leave: a slot another hand is
about to fill is counted as gone, and a card another hand needs is worth taking away from it
(the points the other players score before the next turn count against the move, `DENIAL`).
Across a round's end the next fronts are drawn from the deck (and, before the last round, the
discard that is shuffled into it).

Denial is shared out by the player count. What a move must beat is the best other seat's
score, and among players of like strength each other seat ends best about one time in
`players - 1`, so a point another player scores counts `DENIAL / (players - 1)` against the
move: half a point with three players, a third with four (where counting each of three other
players' points at a half made the expert give up its own points to keep cards and slots from
players who mostly do not decide the game). And every candidate move is judged on scenarios
drawn from the same random stream (common random numbers): the candidates differ by what they
do, not by which other players' slips their samples happened to draw.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Rng, State
from games.kasane.actions import Take
from games.kasane.ai import _NEXT_TURN, Outcome, StrongPlayer, Used, _Planner
from games.kasane.rules import TURNS_PER_PLAYER
from games.kasane.scoring import end_bonus
from games.kasane.state import KasaneState
from games.kasane.views import PrivateView
from games.search import ExpertPlayer, SeatKnowledge

__all__ = ["Expert", "redact", "sample"]

#: Scenarios per decision for `DEFAULT_ROLLOUTS` (the strong player samples 8).
SCENARIOS = 32
#: How often another player is assumed to make its best take (else a random front).
GREEDY = 0.75
#: How much the points the other players score before this seat's next turn count against it,
#: in all: each other player's points count `DENIAL / (players - 1)` (see the module's text).
DENIAL = 1.0

#: Whether the next player's take is predicted by the strong planner (else by its best points).
PREDICT_FIRST = True
#: A scenario of the other players' turns: the fronts left, the slots used, their points.
Scenario = tuple[set[int], Used, float]
#: Another player's take: its value to that player, the row, the points scored, the slots after.
Reply = tuple[float, int, float, Used]


def redact(state: State, seat: int) -> KasaneState:
    """`state` as `seat` knows it: the hands, tableaus, grid and discard as the public history
    shows them, the deck (whose order nobody knows) sorted, the RNG zeroed."""
    assert isinstance(state, KasaneState)
    out = state.copy()
    out.deck.sort()
    out.rng = Rng(0)
    return out


def sample(redacted: KasaneState, seat: int, rng: Rng) -> KasaneState:
    """A world: the deck shuffled, a fresh RNG."""
    world = redacted.copy()
    rng.shuffle(world.deck)
    world.rng = Rng(rng.next64())
    return world


class _KnowingPlanner(_Planner):
    """The strong planner with the other players' hands known: their takes are predicted."""

    def __init__(self, view: PrivateView, rng: Rng, scenarios: int, state: KasaneState) -> None:
        super().__init__(view, rng, scenarios)
        self.seat = view.seat
        self.hands = [list(h) for h in state.hands]
        self.tableaus = [list(t) for t in state.tableaus]
        self.others_turns = [TURNS_PER_PLAYER - t for t in state.turns]
        next_is_last = state.round + 1 == state.setup.rounds
        pool = list(state.deck) + (list(state.discard) if next_is_last else [])
        self.unseen = sorted(pool)
        self.state = state
        self._replies: dict[Any, list[Reply]] = {}
        self._predicted: dict[Any, int] = {}
        self._scenarios: dict[Any, list[Scenario]] = {}
        #: The seed of every candidate's scenarios (common random numbers).
        self.scenario_seed = rng.next64()

    def replies(self, other: int, rows: list[list[int]], used: Used) -> list[Reply]:
        """Another player's takes from this grid, best first: (value, row, points, used after)."""
        key = (other, tuple(r[-1] if r else -1 for r in rows), used)
        found = self._replies.get(key)
        if found is not None:
            return found
        hand, tableau = self.hands[other], self.tableaus[other]
        turns = self.others_turns[other] - 1
        options: list[Reply] = []
        for r, row in enumerate(rows):
            if not row:
                continue
            best: tuple[float, float, Used] | None = None
            for points, _, h, t, u in self.after_take(hand, tableau, used, row[-1]):
                value = points + self.shape(h, t, u, turns)
                if best is None or value > best[0]:
                    best = (value, points, u)
            assert best is not None
            options.append((best[0], r, best[1], best[2]))
        options.sort(key=lambda o: -o[0])
        self._replies[key] = options
        return options

    def predicted(self, other: int, rows: list[list[int]], used: Used) -> int:
        """The row the next player takes from this grid, by the strong planner's judgement of
        its known hand (`PREDICT_FIRST`)."""
        key = (tuple(tuple(r) for r in rows), used)
        found = self._predicted.get(key)
        if found is None:
            table = self.state.copy()
            table.grid = [list(r) for r in rows]
            table.used = dict.fromkeys(used)
            table.seat, table.step, table.just_taken = other, "take", None
            action = StrongPlayer().choose(table, other, Rng(self.rng.next64()))
            found = self._predicted[key] = action.row if isinstance(action, Take) else 0
        return found

    def scenarios_after(self, rows: list[list[int]], used: Used) -> list[Scenario]:
        """Sampled turns of the other players until this seat's next turn (the same samples for
        every candidate that leaves the same grid and slots, and the same random draws for
        every candidate)."""
        key = (tuple(tuple(r) for r in rows), used)
        found = self._scenarios.get(key)
        if found is not None:
            return found
        samples: list[Scenario] = []
        same_round = sum(len(r) for r in rows) - self.players >= self.players
        pool = self.unseen or [0]
        rng = Rng(self.scenario_seed)
        for _ in range(self.scenarios):
            if not same_round:
                samples.append(({rng.choice(pool) for _ in range(self.grid_rows)}, used, 0.0))
                continue
            grid = [list(r) for r in rows]
            now = used
            scored = 0.0
            for step in range(1, self.players):
                other = (self.seat + step) % self.players
                options = self.replies(other, grid, now)
                if rng.random() >= GREEDY:
                    pick = rng.choice(options)
                elif step == 1 and PREDICT_FIRST:
                    row = self.predicted(other, grid, now)
                    pick = next((o for o in options if o[1] == row), options[0])
                else:
                    pick = options[0]
                grid[pick[1]].pop()
                scored += pick[2]
                now = pick[3]
            samples.append(({r[-1] for r in grid if r}, now, scored))
        self._scenarios[key] = samples
        return samples

    def value(self, outcome: Outcome, rows: list[list[int]]) -> float:
        """Points now, the expected best next turn on what the others leave, less a share of what
        they score meanwhile, plus a little of the leaf heuristic."""
        points, _, hand, tableau, used = outcome
        turns = self.turns_left - 1
        samples = self.scenarios_after(rows, used)
        share = DENIAL / (self.players - 1)
        denied = share * sum(s[2] for s in samples) / len(samples)
        if turns <= 0:
            return points + end_bonus(tableau, len(hand)) - denied
        future = sum(
            max((self.best_turn(hand, tableau, now, card, turns) for card in fronts), default=0.0)
            for fronts, now, _ in samples
        ) / len(samples)
        leaf = self.shape(hand, tableau, used, turns)
        return points + _NEXT_TURN * future + (1 - _NEXT_TURN) * leaf - denied


class _KnowingStrongPlayer(StrongPlayer):
    """The strong player's decision loop with the knowing planner."""

    def __init__(self, scenarios: int) -> None:
        self.scenarios = scenarios

    def planner(self, state: State, view: PrivateView, rng: Rng) -> _Planner:
        assert isinstance(state, KasaneState)
        return _KnowingPlanner(view, rng, self.scenarios, state)


class Expert(ExpertPlayer[KasaneState]):
    """The knowing planner with `SCENARIOS` (scaled by the budget) sampled turns of the other
    players, run on the redacted state, which shows it nothing its seat cannot know."""

    def redact(self, state: State, seat: int) -> KasaneState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[KasaneState], rng: Rng) -> KasaneState:
        return sample(knowledge.redacted, knowledge.seat, rng)

    def decide(self, knowledge: SeatKnowledge[KasaneState], rng: Rng) -> Action:
        player = _KnowingStrongPlayer(max(8, SCENARIOS * self.rollouts // 96))
        return player.choose(knowledge.redacted, knowledge.seat, rng)
