"""The expert CPU of 五行: determinized Monte Carlo at the turn's choice and at the declaration.

What a seat cannot see: the deck and the other players' face-down cards (and a card another seat
holds pending mid-turn). The expert decides from the redacted state (the seat's knowledge) only.

The two choices that shape a game are searched: which action to take (field, deck or a duel with
each opponent) and whether to declare the end. For each, worlds are sampled (the unseen cards
shuffled into the deck and the hidden hand places), every candidate is carried out in each world
by `_Table`, a small copy of the table, and the game is played on by every seat with a quick
greedy rule (the best field swap when it gains, else a one-card draw; declare when ahead) for up
to `HORIZON` turns, which most often reaches the game's end. A candidate is valued by the seat's
chance of winning the match (`_Table.chance`): the match's result when the playout ends it, else
the seat's share of `exp(total / spread)` over the running totals. Valued by its lead over the
best other seat instead, the expert declared in the second game into a sure loss by a few points
rather than play on at a risk of losing by more, and played on past a sure win for a bigger
lead; with three or four players a lead is also not a win. A duel is played out twice in each
world, once won and once lost, and valued by the chance of winning it (from the unseen cards'
duel numbers): valued by the drawn cards alone, its luck made a duel look best far more often
than it was (with three players the expert dueled about once a game and won 41 % of them). The
steps inside a turn (which cards to swap or discard, what to loot, destroy or give) are the
strong planner's, with four times its samples.
"""

from __future__ import annotations

from games.core import Action, Rng, State
from games.gogyo import actions as act
from games.gogyo.ai import StrongPlayer, _value
from games.gogyo.cards import duel_number
from games.gogyo.match import match_chance
from games.gogyo.rules import DECLARE_MIN, FIELD_SIZE
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import GogyoState
from games.search import ExpertPlayer, SeatKnowledge, margin

__all__ = ["Expert", "redact", "sample"]

#: Samples per estimate for `DEFAULT_ROLLOUTS` (the strong player takes 12).
SAMPLES = 48
#: Turns played on after a searched choice before the position is valued, unless the game ends
#: first (most games end by a declaration within four turns of each seat).
HORIZON = 8
#: Rollout budget units per playout (a playout of up to `HORIZON` greedy turns costs three).
UNITS_PER_PLAYOUT = 3
#: Fewest sampled worlds per searched choice.
MIN_WORLDS = 6

#: Weight of the lead in points beside the chance of winning (it only breaks near-ties).
LEAD_WEIGHT = 0.002


def _pending_hidden(state: GogyoState, seat: int) -> bool:
    return state.pending is not None and seat not in state.to_act()


def _unseen(state: GogyoState, seat: int) -> list[int]:
    cards = list(state.deck)
    for s in range(state.players):
        if s != seat:
            cards += state.down[s]
    if _pending_hidden(state, seat):
        cards.append(state.pending)  # type: ignore[arg-type]
    return cards


def _refill(state: GogyoState, seat: int, cards: list[int]) -> None:
    """Put `cards` back in `_unseen` order: deck, each other seat's face-down cards (replaced in
    place in its hand too), the pending card."""
    start = len(state.deck)
    state.deck = cards[:start]
    for s in range(state.players):
        if s == seat:
            continue
        old = state.down[s]
        new = cards[start : start + len(old)]
        start += len(old)
        swap = dict(zip(old, new, strict=True))
        state.hands[s] = [swap.get(c, c) for c in state.hands[s]]
        state.down[s] = new
    if _pending_hidden(state, seat):
        state.pending = cards[start]


def redact(state: State, seat: int) -> GogyoState:
    """`state` as `seat` knows it: the unseen cards sorted into the hidden places, RNG zeroed."""
    assert isinstance(state, GogyoState)
    out = state.copy()
    _refill(out, seat, sorted(_unseen(out, seat)))
    out.rng = Rng(0)
    return out


def sample(redacted: GogyoState, seat: int, rng: Rng) -> GogyoState:
    """A world: the unseen cards shuffled into the hidden places, a fresh RNG."""
    world = redacted.copy()
    cards = _unseen(world, seat)
    rng.shuffle(cards)
    _refill(world, seat, cards)
    world.rng = Rng(rng.next64())
    return world


class _Table:
    """A bare copy of one game's table for quick playouts: hands, field, deck, turns taken."""

    __slots__ = ("deck", "field", "game_no", "hands", "players", "taken", "totals")

    def __init__(self, state: GogyoState) -> None:
        self._hold(
            state.players,
            state.game_no,
            state.hands,
            state.field,
            state.deck,
            state.turns_taken,
            state.totals(),
        )

    def copy(self) -> _Table:
        other = _Table.__new__(_Table)
        other._hold(
            self.players, self.game_no, self.hands, self.field, self.deck, self.taken, self.totals
        )
        return other

    def _hold(
        self,
        players: int,
        game_no: int,
        hands: list[list[int]],
        field: list[int],
        deck: list[int],
        taken: list[int],
        totals: list[int],
    ) -> None:
        """Keep own copies of the piles (`totals`, never changed in a playout, is shared)."""
        self.players = players
        self.game_no = game_no
        self.hands = [list(h) for h in hands]
        self.field = list(field)
        self.deck = list(deck)
        self.taken = list(taken)
        self.totals = totals

    def refill(self) -> None:
        while len(self.field) < FIELD_SIZE and self.deck:
            self.field.append(self.deck.pop())

    def _best_swap(self, seat: int, floor: tuple[float, int, int]) -> tuple[float, int, int]:
        """`(hand value after, hand index discarded, field card taken)` of the field swap that
        values the hand highest, first found on a tie; `floor` unless one values it higher."""
        hand = self.hands[seat]
        best = floor
        for i in range(len(hand)):
            kept = (*hand[:i], *hand[i + 1 :])
            for f in self.field:
                v = _value((*kept, f))
                if v > best[0]:
                    best = (v, i, f)
        return best

    def _swap(self, seat: int, index: int, card: int) -> None:
        """Discard hand card `index`, take field card `card`, refill the field."""
        hand = self.hands[seat]
        hand.pop(index)
        hand.append(card)
        self.field.remove(card)
        self.refill()

    def field_action(self, seat: int) -> float:
        """The best field swap (discard, take) by hand value; returns its gain."""
        now = _value(tuple(self.hands[seat]))
        value, index, card = self._best_swap(seat, (now, -1, -1))
        if index < 0:
            return 0.0
        self._swap(seat, index, card)
        return value - now

    def forced_field(self, seat: int) -> None:
        """The field action even when no swap gains: the least bad one."""
        _, index, card = self._best_swap(seat, (-1e9, 0, self.field[0]))
        self._swap(seat, index, card)

    def deck_action(self, seat: int) -> None:
        """Discard the card the hand misses least and draw one."""
        hand = self.hands[seat]
        i = max(range(len(hand)), key=lambda k: _value((*hand[:k], *hand[k + 1 :])))
        hand.pop(i)
        hand.append(self.deck.pop())

    def duel(self, attacker: int, defender: int, attacker_wins: bool | None = None) -> None:
        """Both draw; the winner loots or destroys greedily and gives the loser the field card
        that helps it least. `attacker_wins` settles the outcome (the two cards are still
        drawn); None lets the drawn cards decide."""
        a, d = self.deck.pop(), self.deck.pop()
        if attacker_wins is None:
            attacker_wins = duel_number(a) > duel_number(d)
        winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
        mine, theirs = self.hands[winner], self.hands[loser]
        now = _value(tuple(mine))
        their_now = best_score_ids(theirs)
        best = (-1e9, -1, -1)
        for j, c in enumerate(theirs):
            rest = (*theirs[:j], *theirs[j + 1 :])
            damage = their_now - best_score_ids(rest)
            if damage > best[0]:
                best = (damage, j, -1)
            for i in range(len(mine)):
                gain = _value((*mine[:i], *mine[i + 1 :], c)) - now + damage
                if gain > best[0]:
                    best = (gain, j, i)
        _, j, i = best
        taken = theirs.pop(j)
        if i >= 0:
            mine.pop(i)
            mine.append(taken)
        if self.field:
            give = min(self.field, key=lambda f: _value((*theirs, f)))
            self.field.remove(give)
            theirs.append(give)
        self.refill()

    def should_declare(self, seat: int) -> bool:
        """Whether `seat` declares: it may, and its total with its hand beats every other's."""
        if self.taken[seat] < 1:
            return False
        hand = best_score_ids(self.hands[seat])
        if hand < DECLARE_MIN:
            return False
        mine = hand + self.totals[seat]
        return all(
            mine > best_score_ids(h) + t
            for k, (h, t) in enumerate(zip(self.hands, self.totals, strict=True))
            if k != seat
        )

    def turn(self, seat: int) -> bool:
        """One greedy turn of `seat`; whether the game is over after it."""
        if self.field_action(seat) <= 0 and self.deck:
            self.deck_action(seat)
        if not self.deck:
            return True
        return self.should_declare(seat)

    def chance(self, seat: int, over: bool) -> float:
        """The seat's chance of winning the match from here, with a small share of its lead.

        At the end of the second game it is the match's result (the higher total, then the
        higher second-game score; a shared win split). Elsewhere the hands are scored as they
        stand and the seat gets its share of `exp(total / spread)`, the spread being what is
        still to come: with three or four players a point taken from the leader is worth more
        than one taken from the last seat, and a sure lead more than a bigger one at risk."""
        hand_scores = [best_score_ids(h) for h in self.hands]
        scores = [h + t for h, t in zip(hand_scores, self.totals, strict=True)]
        lead = LEAD_WEIGHT * margin(scores, seat)
        return match_chance(hand_scores, self.totals, seat, self.game_no, over) + lead


class Expert(ExpertPlayer[GogyoState]):
    """PIMC at the `act` and `declare` steps (`_search`: about `rollouts` / `UNITS_PER_PLAYOUT`
    playouts per decision), the strong planner with `SAMPLES` (scaled by the budget) samples per
    estimate at the other steps; both see only the redacted state."""

    def redact(self, state: State, seat: int) -> GogyoState:
        return redact(state, seat)

    def sample(self, knowledge: SeatKnowledge[GogyoState], rng: Rng) -> GogyoState:
        return sample(knowledge.redacted, knowledge.seat, rng)

    def decide(self, knowledge: SeatKnowledge[GogyoState], rng: Rng) -> Action:
        state = knowledge.redacted
        if state.step in ("act", "declare"):
            return self._search(knowledge, rng)
        planner = StrongPlayer()
        planner.samples = max(12, SAMPLES * self.rollouts // 96)
        return planner.choose(state, knowledge.seat, rng)

    def _search(self, knowledge: SeatKnowledge[GogyoState], rng: Rng) -> Action:
        """The candidate with the best mean chance of winning over sampled worlds and greedy
        playouts."""
        seat = knowledge.seat
        legal = knowledge.redacted.legal_actions(seat)
        duels = sum(isinstance(a, act.Duel) for a in legal)
        playouts = len(legal) + duels  # a duel is played out once won and once lost
        worlds = max(MIN_WORLDS, self.rollouts // (UNITS_PER_PLAYOUT * playouts))
        chance = StrongPlayer._win_chance(tuple(_unseen(knowledge.redacted, seat)), attacker=True)
        values = [0.0] * len(legal)
        for _ in range(worlds):
            table = _Table(self.sample(knowledge, rng))
            branch = rng.next64()
            for i, action in enumerate(legal):
                if isinstance(action, act.Duel):
                    won = self._play_out(table.copy(), seat, action, Rng(branch), True)
                    lost = self._play_out(table.copy(), seat, action, Rng(branch), False)
                    values[i] += chance * won + (1 - chance) * lost
                else:
                    values[i] += self._play_out(table.copy(), seat, action, Rng(branch))
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]

    def _play_out(
        self, table: _Table, seat: int, action: Action, rng: Rng, won: bool | None = None
    ) -> float:
        """Carry out `action` (a duel with the outcome `won`), then greedy turns to the end of
        the game or `HORIZON` turns; the seat's chance of winning the match then."""
        if isinstance(action, act.Declare):
            return table.chance(seat, over=True)
        over = False
        if isinstance(action, act.Field):
            table.forced_field(seat)
            over = not table.deck or table.should_declare(seat)
        elif isinstance(action, act.Deck):
            table.deck_action(seat)
            over = not table.deck or table.should_declare(seat)
        elif isinstance(action, act.Duel):
            table.duel(seat, action.target, won)
            over = not table.deck or table.should_declare(seat)
        else:
            assert isinstance(action, act.EndTurn)
        table.taken[seat] += 1
        mover = seat
        turns = 0
        while not over and turns < HORIZON:
            mover = (mover + 1) % table.players
            over = table.turn(mover)
            table.taken[mover] += 1
            turns += 1
        return table.chance(seat, over)
