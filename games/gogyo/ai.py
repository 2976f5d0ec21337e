"""CPU players for Gogyo: uniform random, and a strong one that weighs every action by the hand
scores it can reach, estimating unknown cards from the pool it cannot see, and declares the end
by its chance of winning the match (`games.gogyo.match`): a lead on average is not a win, and
in the second game a declaration ends the match."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import hypot

from games.core import Action, Rng, State
from games.gogyo import actions as act
from games.gogyo.cards import ALL_CARDS, duel_number
from games.gogyo.match import SPREAD_AFTER_FIRST, SPREAD_IN_SECOND, final_share, soft_share
from games.gogyo.rules import DUEL_MIN_DECK, GAMES_PER_MATCH
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import GogyoState

__all__ = ["Observation", "RandomPlayer", "StrongPlayer", "observe"]

#: The spread of the match still to come when the first game plays on: the rest of this game
#: and the whole second game, as independent spreads.
PLAYING_ON_FIRST = hypot(SPREAD_AFTER_FIRST, SPREAD_IN_SECOND)


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(seat))


@dataclass(frozen=True)
class Observation:
    """What one seat knows: its own hand and everything public, nothing else."""

    seat: int
    players: int
    step: str
    turn: int
    game_no: int
    hand: tuple[int, ...]
    field: tuple[int, ...]
    deck_count: int
    face_up: tuple[tuple[int, ...], ...]
    down_count: tuple[int, ...]
    #: Cards the seat cannot see: the deck and the other seats' face-down cards.
    unseen: tuple[int, ...]
    totals: tuple[int, ...]
    #: During a duel: its winner and loser (the loser's hand is then all face up).
    duel_winner: int | None
    duel_loser: int | None
    #: The seat's own pending choice (field discard or loot target), if any.
    pending: int | None


def observe(state: GogyoState, seat: int) -> Observation:
    """Collect exactly what `seat` may know (the public view plus its own hand)."""
    face_up = tuple(
        tuple(c for c in state.hands[s] if c not in state.down[s]) for s in range(state.players)
    )
    seen = set(state.hands[seat]) | set(state.field) | set(state.discard)
    for s, cards in enumerate(face_up):
        if s != seat:
            seen.update(cards)
    duel = state.duel if state.step in ("duel_choice", "loot_discard", "duel_give") else None
    return Observation(
        seat=seat,
        players=state.players,
        step=state.step,
        turn=state.turn,
        game_no=state.game_no,
        hand=tuple(state.hands[seat]),
        field=tuple(state.field),
        deck_count=len(state.deck),
        face_up=face_up,
        down_count=tuple(len(d) for d in state.down),
        unseen=tuple(c for c in ALL_CARDS if c not in seen),
        totals=tuple(state.totals()),
        duel_winner=duel["winner"] if duel else None,
        duel_loser=duel["loser"] if duel else None,
        pending=state.pending if seat in state.to_act() else None,
    )


def _without(cards: tuple[int, ...], *drop: int) -> tuple[int, ...]:
    out = list(cards)
    for c in drop:
        out.remove(c)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _potential(key: tuple[int, ...]) -> float:
    """A small bonus for hands with pairs that runs could grow from (kept below one run step)."""
    dyns = {c // 5 for c in key if c < 60}
    heavens = sum(1 for c in key if 60 <= c < 63)
    factions = sum(1 for c in key if c >= 63)
    links = sum(1 for d in dyns if d + 1 in dyns) + heavens
    elements = {c % 5 for c in key if c < 60}
    chain = sum(1 for e in elements if (e + 1) % 5 in elements) + factions
    return 0.6 * min(links, 4) + 0.4 * min(chain, 4)


def _value(cards: tuple[int, ...]) -> float:
    """How good a hand is: its score now plus a small bonus for growth."""
    return best_score_ids(cards) + _potential(tuple(sorted(cards)))


class StrongPlayer:
    """One-step lookahead over every action, in points of hand value.

    Field actions are valued exactly; deck draws by the mean over the cards it cannot see (one
    card exactly, two cards sampled); duels by the chance of winning (from the unseen cards'
    duel numbers) times the best loot or destroy, against the expected loss when beaten. It
    declares for the match (`_should_declare`): in the second game, where a declaration ends the
    match, when declaring wins it in enough of the sampled deals of the cards it cannot see, or
    wins more often than playing on is likely to; in the first game when it is ahead where it
    counts for the match.
    """

    samples: int = 12
    #: Worlds sampled for a declaration, per `samples` (a declare step comes at most once a
    #: turn, and each world costs a scoring of the hidden hands only).
    declare_factor: int = 4
    #: In the second game, declare when that wins the match in at least this share of the
    #: sampled worlds, whatever playing on is worth.
    sure: float = 0.75

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, GogyoState)
        obs = observe(state, seat)
        legal = state.legal_actions(seat)
        step = obs.step
        if step in ("act", "field_discard", "field_take", "deck_discard"):
            action = self._turn_action(obs, rng)
        elif step in ("duel_choice", "loot_discard"):
            action = self._duel_choice(obs)
        elif step == "duel_give":
            action = self._give(obs)
        else:
            action = act.Declare() if self._should_declare(obs, rng) else act.EndTurn()
        if action not in legal:
            return legal[0]
        return action

    # -- the action of a turn -----------------------------------------------------------------

    def _turn_action(self, obs: Observation, rng: Rng) -> Action:
        hand = obs.hand
        if obs.step == "field_take" and obs.pending is not None:
            kept = _without(hand, obs.pending)
            return act.Take(card=max(obs.field, key=lambda f: _value((*kept, f))))
        field_value, field_discard, _ = self._best_field(obs)
        if obs.step == "field_discard":
            return act.Discard(card=field_discard)
        deck_value, deck_cards = self._best_deck(obs, rng)
        if obs.step == "deck_discard":
            return act.Draw(cards=deck_cards)
        options: list[tuple[float, Action]] = [(field_value, act.Field()), (deck_value, act.Deck())]
        if obs.deck_count >= DUEL_MIN_DECK:
            for target in range(obs.players):
                if target != obs.seat:
                    options.append((self._duel_value(obs, target), act.Duel(target=target)))
        return max(options, key=lambda o: o[0])[1]

    def _best_field(self, obs: Observation) -> tuple[float, int, int]:
        best = (-1.0, obs.hand[0], obs.field[0])
        for d in obs.hand:
            kept = _without(obs.hand, d)
            for f in obs.field:
                v = _value((*kept, f))
                if v > best[0]:
                    best = (v, d, f)
        return best

    def _best_deck(self, obs: Observation, rng: Rng) -> tuple[float, tuple[int, ...]]:
        pool = obs.unseen
        singles: list[tuple[float, int]] = []
        for d in obs.hand:
            kept = _without(obs.hand, d)
            mean = sum(_value((*kept, x)) for x in pool) / len(pool)
            singles.append((mean, d))
        singles.sort(reverse=True)
        best_value, best_card = singles[0]
        best: tuple[float, tuple[int, ...]] = (best_value, (best_card,))
        if obs.deck_count >= 2 and len(pool) >= 2:
            top = sorted(d for _, d in singles[:3])
            for a, b in combinations(top, 2):
                kept = _without(obs.hand, a, b)
                total = 0.0
                for _ in range(self.samples):
                    i = rng.below(len(pool))
                    j = rng.below(len(pool) - 1)
                    j += j >= i
                    total += _value((*kept, pool[i], pool[j]))
                mean = total / self.samples
                if mean > best[0]:
                    best = (mean, (a, b))
        return best

    # -- duels --------------------------------------------------------------------------------

    @staticmethod
    def _win_chance(pool: tuple[int, ...], attacker: bool) -> float:
        """Chance the seat wins a duel whose two cards come from the unseen pool."""
        counts = [0] * 13
        for c in pool:
            counts[duel_number(c)] += 1
        n = len(pool)
        if n < 2:
            return 0.5
        below = 0
        wins = 0
        for number in range(13):
            k = counts[number]
            # Attacker wins on strictly higher; the defender wins ties.
            wins += k * (below if attacker else below + k - 1)
            below += k
        return wins / (n * (n - 1))

    def _rival_weight(self, obs: Observation) -> float:
        return 1.0 if obs.players == 2 else 0.5

    def _duel_value(self, obs: Observation, target: int) -> float:
        hand = obs.hand
        now = _value(hand)
        known = obs.face_up[target]
        p = self._win_chance(obs.unseen, attacker=True)
        gain = 0.0
        for c in known:
            for x in hand:
                gain = max(gain, _value((*_without(hand, x), c)) - now)
        if known:
            their_now = best_score_ids(known)
            damage = their_now - min(best_score_ids(_without(known, c)) for c in known)
            gain = max(gain, self._rival_weight(obs) * damage)
        # Beaten: the winner takes or destroys one card; assume the average card is lost.
        loss = now - sum(_value(_without(hand, c)) for c in hand) / len(hand)
        return now + p * gain - (1 - p) * loss - 0.5

    def _duel_choice(self, obs: Observation) -> Action:
        assert obs.duel_loser is not None
        loser_hand = obs.face_up[obs.duel_loser]
        hand = obs.hand
        now = _value(hand)
        weight = self._rival_weight(obs)
        their_now = best_score_ids(loser_hand)

        def their_after(c: int) -> int:
            rest = _without(loser_hand, c)
            return min(best_score_ids((*rest, f)) for f in obs.field)

        damage = {c: their_now - their_after(c) for c in loser_hand}
        if obs.step == "loot_discard" and obs.pending is not None:
            taken = obs.pending
            return act.Discard(card=max(hand, key=lambda x: _value((*_without(hand, x), taken))))
        best: tuple[float, Action] = (-1e9, act.Destroy(card=loser_hand[0]))
        for c in loser_hand:
            score = weight * damage[c]
            if score > best[0]:
                best = (score, act.Destroy(card=c))
            mine = max(_value((*_without(hand, x), c)) for x in hand) - now
            if mine + score > best[0]:
                best = (mine + score, act.Loot(card=c))
        return best[1]

    def _give(self, obs: Observation) -> Action:
        assert obs.duel_loser is not None
        loser_hand = obs.face_up[obs.duel_loser]
        return act.Give(card=min(obs.field, key=lambda f: _value((*loser_hand, f))))

    # -- declaring ----------------------------------------------------------------------------

    def _worlds(self, obs: Observation, rng: Rng) -> list[list[int]]:
        """Every seat's hand score now in `declare_factor × samples` worlds, the other seats'
        face-down cards drawn together (no card twice) from the pool the seat cannot see; one
        world when no card is face down."""
        scores = [
            best_score_ids(obs.hand) if s == obs.seat else best_score_ids(obs.face_up[s])
            for s in range(obs.players)
        ]
        hidden = [s for s in range(obs.players) if s != obs.seat and obs.down_count[s]]
        if not hidden:
            return [scores]
        pool = list(obs.unseen)
        worlds: list[list[int]] = []
        for _ in range(self.declare_factor * self.samples):
            world = list(scores)
            picks: list[int] = []
            for s in hidden:
                drawn = [pool.pop(rng.below(len(pool))) for _ in range(obs.down_count[s])]
                world[s] = best_score_ids((*obs.face_up[s], *drawn))
                picks += drawn
            pool.extend(picks)
            worlds.append(world)
        return worlds

    def _should_declare(self, obs: Observation, rng: Rng) -> bool:
        """Declare when the match is likelier won by ending the game now than by playing on,
        weighed over sampled worlds (`games.gogyo.match`). In the second game declaring ends
        the match: its value is the share of worlds it wins (`final_share`), playing on is
        valued by `soft_share` over what the rest of the game may still change
        (`SPREAD_IN_SECOND`), and a declaration that wins in `sure` of the worlds is made in
        any case. In the first game the totals so far are what the second game starts from:
        ending now leaves `SPREAD_AFTER_FIRST` to come, playing on adds the rest of this game
        (`PLAYING_ON_FIRST`), so the seat declares when a sharper spread favours it, that is
        when it is ahead where it counts."""
        worlds = self._worlds(obs, rng)
        seat, totals = obs.seat, obs.totals
        if obs.game_no >= GAMES_PER_MATCH:
            now = sum(final_share(w, totals, seat) for w in worlds) / len(worlds)
            if now >= self.sure:
                return True
            on = sum(soft_share(w, totals, seat, SPREAD_IN_SECOND) for w in worlds)
            return now > on / len(worlds)
        now = sum(soft_share(w, totals, seat, SPREAD_AFTER_FIRST) for w in worlds)
        on = sum(soft_share(w, totals, seat, PLAYING_ON_FIRST) for w in worlds)
        return now > on
