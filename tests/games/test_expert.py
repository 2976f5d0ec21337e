"""The expert CPUs: legal, reproducible, and unable to see what their seat cannot.

Each position comes from a seeded random game. Its "twin" is another complete state drawn by the
expert's own sampler: the same from the seat's side (equal private views) but with the other
players' hidden cards, the deck and the RNG re-dealt. The expert must see the two as one
(equal redactions) and decide the same for the same seed.
"""

from __future__ import annotations

import pytest

from games import registry
from games.core import Rng, State
from games.search import ExpertPlayer

#: Small budgets keep the suite fast; the decision code is the same at any budget.
BUDGET = 8

CASES = [
    ("kasane", 3),
    ("kasane", 4),
    ("gogyo", 2),
    ("gogyo", 3),
    ("gogyo", 4),
    ("take_and_share", 3),
    ("take_and_share", 4),
    ("sakura", 2),
    ("sakura", 3),
    ("irobae", 3),
    ("irobae", 4),
]


def _expert(game_id: str) -> ExpertPlayer[State]:
    player = registry.get(game_id).cpu("expert")
    assert isinstance(player, ExpertPlayer)
    player.rollouts = BUDGET
    return player


def _positions(game_id: str, players: int, seed: int, every: int) -> list[tuple[State, int]]:
    """Copies of a random game's states where some seat has a real choice."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    rng = Rng(seed)
    found: list[tuple[State, int]] = []
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and step % every == 0:
            found.append((game.load(state.snapshot()), seat))
        state.apply(seat, rng.choice(legal))
        step += 1
    return found


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_twin_states_look_the_same_and_get_the_same_decision(game_id: str, players: int) -> None:
    expert = _expert(game_id)
    positions = _positions(game_id, players, seed=11, every=9)[:6]
    assert positions
    hidden_changed = 0
    for n, (state, seat) in enumerate(positions):
        twin = expert.sample(expert.knowledge(state, seat), Rng(1000 + n))
        assert twin.private_view(seat) == state.private_view(seat)
        assert twin.legal_actions(seat) == state.legal_actions(seat)
        hidden_changed += twin.snapshot() != state.snapshot()
        assert expert.redact(twin, seat).snapshot() == expert.redact(state, seat).snapshot()
        chosen = expert.choose(state, seat, Rng(n))
        assert chosen in state.legal_actions(seat)
        assert expert.choose(twin, seat, Rng(n)) == chosen
    # the twins really differ where the seat cannot look
    assert hidden_changed == len(positions)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_redaction_keeps_what_the_seat_sees(game_id: str, players: int) -> None:
    expert = _expert(game_id)
    for state, seat in _positions(game_id, players, seed=5, every=7)[:8]:
        redacted = expert.redact(state, seat)
        assert redacted.private_view(seat) == state.private_view(seat)
        assert redacted.public_view() == state.public_view()
        assert redacted.rng.state == 0


def test_the_hidden_cards_are_not_read() -> None:
    """A 2-player cherry-tree position: the expert's choice does not move when the opponent's
    screen and the bag are swapped for any other arrangement of the same unseen flowers."""
    expert = _expert("sakura")
    state, seat = _positions("sakura", 2, seed=3, every=1)[12]
    knowledge = expert.knowledge(state, seat)
    choices = {
        expert.choose(expert.sample(knowledge, Rng(k)), seat, Rng(99)).encode() for k in range(5)
    }
    assert choices == {expert.choose(state, seat, Rng(99)).encode()}


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_expert_is_the_strongest_level_and_reproducible(game_id: str) -> None:
    game = registry.get(game_id)
    assert game.cpu_levels == ("random", "strong", "expert")
    state, seat = _positions(game_id, game.min_players + 1, seed=2, every=5)[1]
    first = _expert(game_id).choose(state, seat, Rng(7))
    assert _expert(game_id).choose(state, seat, Rng(7)) == first


# -- the experts' simulations play the engines' rules ----------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_take_and_share_playouts_share_after_the_last_trick(players: int) -> None:
    """A playout from the first trick gives every seat one card per trick, the last trick's
    share included, and its majority points are the engine's scoring of those cards."""
    from games.take_and_share import scoring
    from games.take_and_share.ai import _points
    from games.take_and_share.cards import SETUPS, as_card
    from games.take_and_share.expert import _Playout

    game = registry.get("take_and_share")
    state = game.new(players, seed=21)
    table = _Playout(players)
    table.hands = [list(h) for h in state.hands]
    table.share = list(state.share)
    table.leader = state.leader
    table.play_out(Rng(3))
    for seat in range(players):
        assert sum(table.counts[seat * 6 : seat * 6 + 6]) == SETUPS[players].hand
    # rebuild received hands with the same sums and counts: any cards with those per-suit sums
    # score alike, so the engine's scoring of a hand of the same shape is the playout's
    received: list[list[tuple[int, int]]] = []
    for seat in range(players):
        cards: list[tuple[int, int]] = []
        for suit in range(6):
            count, total = table.counts[seat * 6 + suit], table.sums[seat * 6 + suit]
            if count:
                cards += [(suit, 1)] * (count - 1) + [(suit, total - (count - 1))]
        received.append(cards)
    assert _points(table.sums, table.counts, players) == scoring.final_scores(received)
    assert not any(table.hands) and not table.to_give and len(table.share) == players
    assert all(as_card(c)[1] >= 1 for c in table.share)


def test_gogyo_playout_duel_can_be_settled_either_way() -> None:
    """The 五行 expert values a duel as the chance of winning it times its playout when won, plus
    the rest times its playout when lost, so a duel's luck does not make it look better than a
    sure action: its table plays a duel with the outcome given, whatever the two cards drawn."""
    from games.gogyo.cards import duel_number
    from games.gogyo.expert import _Table

    state = registry.get("gogyo").new(3, seed=9)
    table = _Table(state)  # type: ignore[arg-type]
    # the attacker draws the last card, the defender the one below: the defender's is higher
    low, high = sorted(table.deck[-2:], key=duel_number)
    while duel_number(low) == duel_number(high):
        table.deck.pop()
        low, high = sorted(table.deck[-2:], key=duel_number)
    table.deck[-2:] = [high, low]
    for attacker_wins in (True, False):
        played = table.copy()
        attacker, defender = list(played.hands[0]), list(played.hands[1])
        played.duel(0, 1, attacker_wins)
        # the loser gets the field card and loses one card: one hand changes by a given card
        loser = 1 if attacker_wins else 0
        winner = 1 - loser
        before = (attacker, defender)
        assert len(played.deck) == len(table.deck) - 2 - 1  # two duel cards, one refill
        assert sorted(played.hands[loser]) != sorted(before[loser])
        assert len(played.hands[winner]) == len(played.hands[loser]) == 5
    # without an outcome the drawn numbers decide: here the defender's higher card wins
    played = table.copy()
    given = set(played.field)
    played.duel(0, 1)
    assert any(card in given for card in played.hands[0])


def test_sakura_expert_scores_fields_and_screens_as_the_engine_does() -> None:
    """The cherry-tree expert's standing at the end of a game whose splits are the default ones
    is the engine's final score (a black flower on a field may count as nothing)."""
    from games.sakura import actions as act
    from games.sakura.expert import _field_value, standing

    assert _field_value([0, 0, 0, 0, 0, 1]) == 0  # a lone black counts as nothing, not -3
    assert _field_value([0, 0, 0, 0, 0, 2]) == 0
    assert _field_value([2, 0, 0, 0, 0, 1]) == 1  # two reds and a black make three reds
    game = registry.get("sakura")
    for players, seed in ((2, 4), (3, 8), (4, 15)):
        state = game.new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if isinstance(legal[0], act.SplitAction):
                state.apply(seat, state.default_split(seat))
            else:
                state.apply(seat, rng.choice(legal))
        assert standing(state) == state.result().scores


# -- strength in a small seeded match ------------------------------------------------------

#: (game, players, games): a few seeded games of one expert (small budget) among random CPUs.
AGAINST_RANDOM = [
    ("kasane", 3, 3),
    ("gogyo", 2, 2),
    ("take_and_share", 4, 3),
    ("sakura", 2, 4),
    ("irobae", 3, 2),
]


@pytest.mark.parametrize(("game_id", "players", "games"), AGAINST_RANDOM)
def test_expert_beats_random_players(game_id: str, players: int, games: int) -> None:
    """Seat-rotated games of one expert among random players: the expert wins most of them
    and is ahead of the best random player on average."""
    game = registry.get(game_id)
    expert = _expert(game_id)
    rand = game.cpu("random")
    wins = 0.0
    margins = 0
    for n in range(games):
        lone = n % players
        state = game.new(players, seed=700 + n)
        rng = Rng(n)
        moves = 0
        while not state.is_over():
            seat = state.to_act()[0]
            player = expert if seat == lone else rand
            state.apply(seat, player.choose(state, seat, rng.fork(moves)))
            moves += 1
        result = state.result()
        wins += 1 / len(result.winners) if lone in result.winners else 0.0
        margins += result.scores[lone] - max(s for i, s in enumerate(result.scores) if i != lone)
    assert wins > games / 2
    assert margins > 0


# -- what the public history reveals ----------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_kasane_hands_and_discard_follow_from_the_public_log(players: int) -> None:
    """襲ノ色目's expert keeps the other hands and the discard pile in its redaction because the
    public events rebuild them: every card in a hand was taken face up from a grid the log
    shows, a meld lays a known number of cards from the top of a hand, and the cards left in a
    grid at a round's end are the ones discarded. Only the deck's order is left to sample."""
    from collections import Counter

    from games.kasane.expert import redact

    game = registry.get("kasane")
    state = game.new(players, seed=31)
    events = list(state.opening_events())
    rng = Rng(31)
    checked = 0
    while not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert all(event.public for event in events)
        hands: list[list[int]] = [[] for _ in range(players)]
        grid: list[list[int]] = []
        discard: Counter[int] = Counter()
        for event in events:
            if event.kind == "round_start":
                grid = [list(row) for row in event.data["grid"]]
            elif event.kind == "take":
                card = grid[event.data["row"]].pop()
                assert card == event.data["card"]
                if card != 0:  # a `+1` goes to the tableau
                    hands[event.seat].append(card)
            elif event.kind == "meld":
                del hands[event.seat][len(hands[event.seat]) - event.data["hand"] :]
            elif event.kind == "round_end":
                discard.update(card for row in grid for card in row)
        assert hands == state.hands
        if state.round < state.setup.rounds:  # the last round's discard is what is left over
            assert discard == Counter(state.discard)
        redacted = redact(state, seat)
        assert redacted.hands == state.hands and redacted.discard == state.discard
        assert Counter(redacted.deck) == Counter(state.deck)
        checked += 1
    assert checked > 30
