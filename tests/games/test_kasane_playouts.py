"""Whole seeded 襲ノ色目 games for every player count and option, invariants at every step."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from games.core import Event, Rng
from games.kasane import GAME
from games.kasane.ai import RandomPlayer, StrongPlayer
from games.kasane.rules import SETUP, TURNS_PER_PLAYER, full_deck
from games.kasane.scoring import PLUS_ONE, end_bonus, matches
from games.kasane.state import KasaneState

COMBOS: list[tuple[int, dict[str, bool]]] = [
    (4, {}),
    (4, {"variant_b": True}),
    (3, {}),
    (3, {"variant_a": True}),
    (3, {"variant_b": True}),
    (3, {"variant_a": True, "variant_b": True}),
]


def all_cards(state: KasaneState) -> list[int]:
    cards = list(state.deck) + list(state.discard)
    for row in state.grid:
        cards += row
    for seat in range(state.players):
        cards += state.hands[seat] + state.tableaus[seat]
    return sorted(cards)


def hidden_twin(state: KasaneState) -> KasaneState | None:
    """The same table with hidden cards changed: hands exchanged between seats with equal hand
    sizes or changed in value, and the deck and discard reversed."""
    snap = json.loads(json.dumps(state.snapshot()))
    changed = False
    for seat, hand in enumerate(snap["hands"]):
        if hand:
            snap["hands"][seat] = [(card % 9) + 1 for card in hand]
            changed = True
    if len(set(snap["deck"])) > 1:
        snap["deck"] = list(reversed(snap["deck"]))
        changed = True
    if len(set(snap["discard"])) > 1:
        snap["discard"] = list(reversed(snap["discard"]))
        changed = True
    return GAME.load(snap) if changed else None


def check_step(state: KasaneState, deck: list[int]) -> None:
    """The invariants that hold between any two actions."""
    assert all_cards(state) == deck
    # Who acts, legal moves' string forms and snapshots: tests/games/test_contract.py.
    assert len(json.dumps(state.snapshot())) < 16_000
    twin = hidden_twin(state)
    if twin is not None:
        assert twin.public_view() == state.public_view()
    pub = state.public_view()
    assert pub.hand_sizes == [len(h) for h in state.hands]
    assert pub.deck_size + pub.discard_size + sum(len(r.cards) for r in pub.grid) + sum(
        pub.hand_sizes
    ) + sum(len(t) for t in pub.tableaus) == len(deck)
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        if seat not in state.to_act():
            assert legal == []
            continue
        assert legal, "the seat to act always has a legal action"
        assert len(legal) <= 25
        assert all(len(action.encode()) <= 50 for action in legal)
        view = state.private_view(seat)
        if state.step == "meld":
            assert [m.action for m in view.melds] == [a.encode() for a in legal[:-1]]
            assert legal[-1].encode() == "pass"
            for meld in view.melds:
                assert matches(meld.yaku, meld.cards) and len(meld.cards) == meld.count
        else:
            assert view.melds == []
            assert [a.encode() for a in legal] == [
                f"take.{r}" for r, row in enumerate(state.grid) if row
            ]


def play(
    players: int, options: dict[str, bool], seed: int, strong_seats: tuple[int, ...] = ()
) -> tuple[KasaneState, list[tuple[int, str]], list[Event]]:
    """Play a whole game, checking every step; return the final state, log and events."""
    state = GAME.new(players, seed=seed, options=options)
    deck = sorted(full_deck(players))
    assert len(deck) == SETUP[players].cards == (52 if players == 4 else 41)
    rng = Rng(seed * 31 + 7)
    log: list[tuple[int, str]] = []
    events: list[Event] = list(state.opening_events())
    check_step(state, deck)
    while not state.is_over():
        seat = state.to_act()[0]
        player = StrongPlayer() if seat in strong_seats else RandomPlayer()
        action = player.choose(state, seat, rng)
        events += state.apply(seat, action)
        log.append((seat, action.encode()))
        check_step(state, deck)
    return state, log, events


def check_final(state: KasaneState, log: list[tuple[int, str]], events: list[Event]) -> None:
    players = state.players
    takes = Counter(seat for seat, text in log if text.startswith("take."))
    assert takes == dict.fromkeys(range(players), TURNS_PER_PLAYER)
    assert state.turns == [TURNS_PER_PLAYER] * players
    assert sum(len(h) + len(t) for h, t in zip(state.hands, state.tableaus, strict=True)) == (
        TURNS_PER_PLAYER * players
    )
    result = state.result()
    for seat in range(players):
        melds = [e for e in events if e.kind == "meld" and e.seat == seat]
        plus = [e for e in events if e.kind == "take" and e.seat == seat and e.data["card"] == 0]
        for meld in melds:
            assert matches(meld.data["yaku"], meld.data["cards"])
            assert len(meld.data["cards"]) == meld.data["count"]
        yaku = sum(e.data["points"] for e in melds)
        bonus = end_bonus(state.tableaus[seat], len(state.hands[seat]))
        assert result.breakdown[seat]["yaku"] == yaku
        assert result.breakdown[seat]["plus_one"] == len(plus) == state.tableaus[seat].count(0)
        assert result.scores[seat] == yaku + len(plus) + bonus
    keys = [(result.scores[s], len(state.tableaus[s])) for s in range(players)]
    assert result.winners == [s for s in range(players) if keys[s] == max(keys)]
    assert result.tiebreak == [len(t) for t in state.tableaus]
    rounds = [e.data["round"] for e in events if e.kind == "round_start"]
    assert rounds == list(range(1, SETUP[players].rounds + 1))
    assert [e.kind for e in events].count("reshuffle") == 1
    assert events[-1].kind == "game_over"
    assert all(e.to is None for e in events)
    replayed = GAME.replay(players, state.seed, state.options, log)
    assert replayed.snapshot() == state.snapshot()


@pytest.mark.parametrize(("players", "options"), COMBOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout(players: int, options: dict[str, bool], seed: int) -> None:
    state, log, events = play(players, options, seed)
    check_final(state, log, events)
    if options.get("variant_a"):
        assert state.used[("ju", 2, 0)] is None and state.used[("kasane", 2, 0)] is None
    if not options.get("variant_b"):
        for i, e in enumerate(events):
            if e.kind == "take" and e.data["card"] == PLUS_ONE:
                assert events[i + 1].kind == "no_meld"


@pytest.mark.parametrize(("players", "options"), COMBOS)
def test_strong_playout(players: int, options: dict[str, bool]) -> None:
    state, log, events = play(players, options, seed=40 + players, strong_seats=(0, 2))
    check_final(state, log, events)


def test_many_seeds_keep_twelve_turns_and_legal_lists_small() -> None:
    longest = 0
    for seed in range(60):
        players = 3 + seed % 2
        options: dict[str, Any] = {"variant_b": seed % 3 == 0}
        state = GAME.new(players, seed=seed, options=options)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            longest = max(longest, len(legal))
            state.apply(seat, rng.choice(legal))
        assert state.turns == [TURNS_PER_PLAYER] * players
        assert all_cards(state) == sorted(full_deck(players))
    assert longest <= 25
