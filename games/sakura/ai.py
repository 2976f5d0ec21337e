"""CPU players of the cherry-tree flower game: uniform random and a sampling heuristic player."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from games.core import Action, Rng, State
from games.sakura import actions as act
from games.sakura import rules, scoring
from games.sakura.scoring import BLACK, COLOURS, COOL, WARM, WHITE
from games.sakura.state import SakuraState
from games.sakura.views import PrivateView

__all__ = ["RandomPlayer", "StrongPlayer"]

#: Rough worth of using each ability, used only when weighing whether to stop drawing.
ABILITY_WORTH: dict[str, float] = {
    "someiyoshino": 2.0,
    "shinsumizome": 3.0,
    "kenrokuen": 3.0,
    "komatsuotome": 1.5,
    "sakuyahime": 2.0,
    "kokonoe": 3.0,
}
#: The steps inside an ability, carried through greedily when an ability is weighed.
SUBSTEPS = frozenset(
    {"someiyoshino", "kenrokuen", "komatsuotome", "sakuyahime_give", "sakuyahime_take", "kokonoe"}
)
DRAW_SAMPLES = 24  # sampled outcomes per draw size
ABILITY_SAMPLES = 4  # determinisations per chance ability
SPLIT_SAMPLES = 24  # determinisations of the other screens for the end split
#: Share of another seat's screen assumed to count toward each group while its contents are
#: unknown.
OTHER_GROUP_SHARE = 0.5


class RandomPlayer:
    """Chooses uniformly among the legal actions."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


def _rank_points(mine: float, others: list[float], group: str, players: int) -> float:
    """`scoring.screen_points` for one player against estimated (fractional) counts."""
    if mine <= 0:
        return 0.0
    if players == 2:
        prize = scoring.PRIZES_TWO_PLAYERS[group]
        other = others[0]
        return prize if mine > other else prize // 2 if mine == other else 0.0
    prizes = scoring.PRIZES[group]
    above = sum(1 for o in others if o > mine)
    tied = sum(1 for o in others if o == mine)
    pot = sum(prizes[p] for p in range(above, above + tied + 1) if p < len(prizes))
    return pot // (tied + 1)


def _field_value(counts: list[int]) -> int:
    """`scoring.field_score` on a count list (fast path without blacks)."""
    if counts[BLACK] == 0:
        return sum(scoring.field_points(n) for n in counts[:BLACK])
    return scoring.field_score(dict(zip(COLOURS, counts, strict=True)))


def _groups(screen: list[int]) -> list[tuple[int, int]]:
    """The (warm, cool) counts a screen can reach with its valid wild splits (the extremes)."""
    wilds = screen[WHITE] + screen[BLACK]
    warm = sum(screen[c] for c in WARM)
    cool = sum(screen[c] for c in COOL)
    if warm and cool:
        return [(warm + wilds, cool), (warm, cool + wilds)] if wilds else [(warm, cool)]
    if warm:
        return [(warm + wilds, 0)]
    if cool:
        return [(0, cool + wilds)]
    return [(0, 0)]


@dataclass
class _Knowledge:
    """What one seat knows, in colour counts: every field, its own screen, the sizes of the
    other screens, the bag size and the pool of flowers it cannot locate."""

    players: int
    seat: int
    fields: list[list[int]]
    screen: list[int]
    screen_counts: list[int]
    turn: list[int]
    pool: list[int]
    bag: int
    side: rules.MasterySide = "classic"
    drawn: int = 0

    @classmethod
    def of(cls, view: PrivateView) -> _Knowledge:
        pub = view.public
        fields = [[s.field[c] for c in COLOURS] for s in pub.seats]
        screen = [view.screen[c] for c in COLOURS]
        turn = [pub.turn.flowers[c] for c in COLOURS] if pub.turn else [0] * 6
        plain, black, _ = rules.SETUP[pub.players]
        pool = [plain] * 5 + [black]
        seen = [*fields, screen, turn]
        for pile in seen:
            for c in range(6):
                pool[c] -= pile[c]
        if pub.ability:
            for name in pub.ability.drawn:
                pool[COLOURS.index(name)] -= 1
        return cls(
            players=pub.players,
            seat=view.seat,
            fields=fields,
            screen=screen,
            screen_counts=[s.screen_count for s in pub.seats],
            turn=turn,
            pool=pool,
            bag=pub.bag,
            side="advanced" if pub.mastery_side == "advanced" else "classic",
            drawn=pub.turn.drawn if pub.turn else 0,
        )

    # evaluation -------------------------------------------------------------

    def value(self, fields: list[list[int]], screen: list[int]) -> float:
        """The seat's estimated standing: its points minus the other players' average."""
        n = self.players
        me = self.seat
        counts = list(self.screen_counts)
        counts[me] = sum(screen)
        est = [c * OTHER_GROUP_SHARE for c in counts]
        others = [s for s in range(n) if s != me]
        best_screen = 0.0
        my_groups = _groups(screen)
        for warm, cool in my_groups:
            pts = _rank_points(warm, [est[s] for s in others], "warm", n) + _rank_points(
                cool, [est[s] for s in others], "cool", n
            )
            best_screen = max(best_screen, pts)
        mine = _field_value(fields[me]) + best_screen
        warm_me, cool_me = my_groups[0]
        total = 0.0
        for s in others:
            rivals = [warm_me if t == me else est[t] for t in range(n) if t != s]
            rivals_cool = [cool_me if t == me else est[t] for t in range(n) if t != s]
            total += _field_value(fields[s])
            total += _rank_points(est[s], rivals, "warm", n)
            total += _rank_points(est[s], rivals_cool, "cool", n)
        return mine - total / len(others)

    def stop_value(self, fields: list[list[int]], screen: list[int], turn: list[int]) -> float:
        """The best value of ending the turn with `turn` beside the field (best screen step)."""
        me = self.seat
        best = -1e9
        for colour in range(6):
            for n in range(turn[colour] + 1):
                if n == 0 and colour:
                    continue
                field = [fields[me][c] + turn[c] - (n if c == colour else 0) for c in range(6)]
                scr = list(screen)
                scr[colour] += n
                new_fields = list(fields)
                new_fields[me] = field
                best = max(best, self.value(new_fields, scr))
        return best

    def keep_value(self, turn: list[int]) -> float:
        """The best value of a failure with `turn` (blacks go back, keep 2 colours)."""
        me = self.seat
        present = [c for c in range(BLACK) if turn[c]]
        options = [(a, b) for i, a in enumerate(present) for b in present[i + 1 :]]
        if not options:
            options = [(c,) for c in present] or [()]
        best = -1e9
        for keep in options:
            fields = list(self.fields)
            field = list(fields[me])
            for c in keep:
                field[c] += 1
            fields[me] = field
            best = max(best, self.value(fields, self.screen))
        return best


def _first_best(
    options: Iterable[act.SakuraAction],
    value: Callable[[act.SakuraAction], float],
    best: act.SakuraAction,
    best_value: float = -1e9,
) -> act.SakuraAction:
    """The option of highest `value`, valued in order, the earliest of equal ones (a later one
    must beat it by more than rounding); `best` unless one beats `best_value`."""
    for option in options:
        option_value = value(option)
        if option_value > best_value + 1e-9:
            best, best_value = option, option_value
    return best


def _sample(pool: list[int], n: int, rng: Rng) -> list[int]:
    """`n` flowers drawn at random from a pool of counts (as counts)."""
    left = list(pool)
    total = sum(left)
    out = [0] * 6
    for _ in range(min(n, total)):
        pick = rng.below(total)
        for c in range(6):
            if pick < left[c]:
                left[c] -= 1
                out[c] += 1
                break
            pick -= left[c]
        total -= 1
    return out


def determinise(state: SakuraState, seat: int, rng: Rng) -> SakuraState:
    """A copy of `state` in which everything `seat` cannot see (the bag, the flowers removed at
    setup, the other screens, secret splits) is re-dealt at random from the unseen pool."""
    clone = state.copy()
    hidden: list[int] = []
    for colour in range(6):
        n = clone.bag[colour] + clone.removed[colour]
        n += sum(clone.screens[s][colour] for s in range(clone.players) if s != seat)
        hidden += [colour] * n
    rng.shuffle(hidden)
    pos = 0

    def deal(size: int) -> list[int]:
        nonlocal pos
        counts = [0] * 6
        for colour in hidden[pos : pos + size]:
            counts[colour] += 1
        pos += size
        return counts

    clone.bag = deal(sum(clone.bag))
    clone.removed = deal(sum(clone.removed))
    for s in range(clone.players):
        if s != seat:
            clone.screens[s] = deal(sum(clone.screens[s]))
            clone.splits[s] = None
    clone.rng = Rng(rng.next64())
    return clone


def add_split_points(
    world: SakuraState,
    seat: int,
    screen: Sequence[int],
    splits: Sequence[act.SakuraAction],
    totals: list[float],
) -> None:
    """Add to `totals[i]` the warm and cool screen points `seat`, holding `screen`, would
    score in `world` with the split `splits[i]`, every other seat splitting its screen by
    default."""
    n = world.players
    warm = [0] * n
    cool = [0] * n
    for s in range(n):
        if s != seat:
            named = dict(zip(COLOURS, world.screens[s], strict=True))
            warm[s], cool[s] = scoring.group_totals(named, scoring.default_split(named))
    mine = dict(zip(COLOURS, screen, strict=True))
    for i, action in enumerate(splits):
        assert isinstance(action, act.SplitAction)
        warm[seat], cool[seat] = scoring.group_totals(mine, action.warm)
        totals[i] += scoring.screen_points(warm, "warm")[seat]
        totals[i] += scoring.screen_points(cool, "cool")[seat]


class StrongPlayer:
    """A heuristic player: it weighs each choice by its estimated final standing (field table,
    likely screen ranks), samples draw outcomes from the flowers it cannot locate, and tries
    abilities on determinised copies of the game."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, SakuraState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        know = _Knowledge.of(state.private_view(seat))
        step = state.step
        if step == "draw":
            return self._draw(know, legal, rng)
        if step == "keep":
            return self._keep(know, legal)
        if step == "screen":
            return self._screen(know, legal)
        if step == "split":
            return self._split(state, seat, legal, rng)
        if step == "ability":
            return self._ability(state, seat, legal, rng)
        return self._greedy(state, seat, legal, rng)

    # draw step ----------------------------------------------------------------

    def _draw(self, know: _Knowledge, legal: list[act.SakuraAction], rng: Rng) -> act.SakuraAction:
        def value(action: act.SakuraAction) -> float:
            if isinstance(action, act.StopAction):
                return self._hand_value(know, know.turn)
            assert isinstance(action, act.DrawAction)
            total = 0.0
            for _ in range(DRAW_SAMPLES):
                extra = _sample(know.pool, action.n, rng)
                turn = [know.turn[c] + extra[c] for c in range(6)]
                if scoring.is_failure_counts(turn):
                    total += know.keep_value(turn)
                else:
                    total += self._hand_value(know, turn, drawn=action.n)
            return total / DRAW_SAMPLES

        return _first_best(legal, value, legal[0])

    def _hand_value(self, know: _Knowledge, turn: list[int], drawn: int = 0) -> float:
        """Value of stopping with `turn` after drawing `drawn` more, abilities roughly priced."""
        value = know.stop_value(know.fields, know.screen, turn)
        cards = rules.qualifying(turn, know.drawn + drawn, know.side)
        return value + sum(ABILITY_WORTH[c] for c in cards)

    # failure, screen and split ------------------------------------------------------

    def _keep(self, know: _Knowledge, legal: list[act.SakuraAction]) -> act.SakuraAction:
        me = know.seat

        def value(action: act.SakuraAction) -> float:
            assert isinstance(action, act.KeepAction)
            fields = list(know.fields)
            field = list(fields[me])
            field[COLOURS.index(action.a)] += 1
            field[COLOURS.index(action.b)] += 1
            fields[me] = field
            return know.value(fields, know.screen)

        return max(legal, key=value)

    def _screen(self, know: _Knowledge, legal: list[act.SakuraAction]) -> act.SakuraAction:
        me = know.seat

        def value(action: act.SakuraAction) -> float:
            assert isinstance(action, act.ScreenAction)
            screen = list(know.screen)
            field = [know.fields[me][c] + know.turn[c] for c in range(6)]
            if action.colour != act.NO_COLOUR:
                c = COLOURS.index(action.colour)
                screen[c] += action.n
                field[c] -= action.n
            fields = list(know.fields)
            fields[me] = field
            return know.value(fields, screen)

        return max(legal, key=value)

    def _split(
        self, state: SakuraState, seat: int, legal: list[act.SakuraAction], rng: Rng
    ) -> act.SakuraAction:
        totals = [0.0] * len(legal)
        for _ in range(SPLIT_SAMPLES):
            world = determinise(state, seat, rng)
            add_split_points(world, seat, state.screens[seat], legal, totals)
        best = max(range(len(legal)), key=lambda i: totals[i])
        return legal[best]

    # abilities -----------------------------------------------------------------

    def _position_value(self, state: SakuraState, seat: int) -> float:
        """Value of a (determinised) position for `seat`, ending its turn with the best screen
        step if its turn is still in progress."""
        fields = [list(f) for f in state.fields]
        screen = list(state.screens[seat])
        know = _Knowledge(
            players=state.players,
            seat=seat,
            fields=fields,
            screen=screen,
            screen_counts=[sum(s) for s in state.screens],
            turn=list(state.turn),
            pool=[],
            bag=sum(state.bag),
        )
        if state.seat == seat and state.step not in ("split", "over"):
            return know.stop_value(fields, screen, list(state.turn))
        return know.value(fields, screen)

    def _finish_ability(self, state: SakuraState, seat: int) -> float:
        """Carry an ability through greedily on `state` and return the resulting value."""
        while state.step in SUBSTEPS and state.seat == seat:
            action = self._best_substep(state, seat, state.legal_actions(seat))
            state.apply(seat, action)
        return self._position_value(state, seat)

    def _best_substep(
        self, state: SakuraState, seat: int, legal: list[act.SakuraAction]
    ) -> act.SakuraAction:
        def value(action: act.SakuraAction) -> float:
            trial = state.copy()
            trial.apply(seat, action)
            return self._finish_ability(trial, seat)

        return _first_best(legal, value, legal[0])

    def _ability(
        self, state: SakuraState, seat: int, legal: list[act.SakuraAction], rng: Rng
    ) -> act.SakuraAction:
        def value(action: act.SakuraAction) -> float:
            assert isinstance(action, act.AbilityAction)
            samples = ABILITY_SAMPLES if action.card in rules.ABILITY_DRAWS else 1
            total = 0.0
            for _ in range(samples):
                trial = determinise(state, seat, rng)
                trial.apply(seat, action)
                total += self._finish_ability(trial, seat)
            return total / samples

        abilities = [a for a in legal if isinstance(a, act.AbilityAction)]
        return _first_best(abilities, value, act.DoneAction(), self._position_value(state, seat))

    def _greedy(
        self, state: SakuraState, seat: int, legal: list[act.SakuraAction], rng: Rng
    ) -> act.SakuraAction:
        return self._best_substep(determinise(state, seat, rng), seat, legal)
