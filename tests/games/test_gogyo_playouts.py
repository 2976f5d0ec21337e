"""Whole seeded Gogyo matches for 2–4 players, checking the invariants at every step."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import Action, Rng
from games.gogyo import GAME
from games.gogyo import actions as act
from games.gogyo.ai import RandomPlayer, StrongPlayer
from games.gogyo.cards import ALL_CARDS, card_name
from games.gogyo.scoring import best_score
from games.gogyo.state import GogyoState


def all_cards(state: GogyoState) -> list[int]:
    return sorted(state.deck + state.field + state.discard + [c for h in state.hands for c in h])


def swapped_hidden(state: GogyoState, rng: Rng) -> tuple[GogyoState, int | None] | None:
    """A copy in which one hidden card (face down in a hand, or in the deck) changed places
    with another deck card; returns it and the seat whose hand changed (None: deck only)."""
    snap = state.snapshot()
    if len(snap["deck"]) < 2:
        return None
    owners = [s for s in range(state.players) if snap["down"][s]]
    j = rng.below(len(snap["deck"]))
    if owners and rng.below(2):
        seat = owners[rng.below(len(owners))]
        old = snap["down"][seat][rng.below(len(snap["down"][seat]))]
        new = snap["deck"][j]
        snap["deck"][j] = old
        snap["hands"][seat] = sorted(new if x == old else x for x in snap["hands"][seat])
        snap["down"][seat] = sorted(new if x == old else x for x in snap["down"][seat])
        return GAME.load(snap), seat
    i = (j + 1 + rng.below(len(snap["deck"]) - 1)) % len(snap["deck"])
    snap["deck"][i], snap["deck"][j] = snap["deck"][j], snap["deck"][i]
    return GAME.load(snap), None


def check_step(state: GogyoState, rng: Rng, deep: bool) -> None:
    assert all_cards(state) == list(ALL_CARDS)
    sizes = [5] * state.players
    if state.step == "duel_give":
        assert state.duel is not None
        sizes[state.duel["loser"]] = 4  # until the winner gives a field card
    assert [len(h) for h in state.hands] == sizes
    assert all(set(d) <= set(h) for d, h in zip(state.down, state.hands, strict=True))
    assert len(state.field) <= 4
    # Who acts, legal moves' string forms and snapshots: tests/games/test_contract.py.
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        assert len(legal) <= 25
        assert all(len(action.encode()) <= 50 for action in legal)
    if state.step == "declare":
        assert state.turns_taken[state.turn] >= 1
        assert best_score([card_name(c) for c in state.hands[state.turn]]) >= 30
    public = state.public_view()
    shown = {c.id for p in public.players for c in p.face_up}
    hidden = {c for d in state.down for c in d} | set(state.deck)
    assert not shown & hidden
    text = public.model_dump_json()
    for seat in range(state.players):
        view = state.private_view(seat)
        assert sorted(h.id for h in view.hand) == state.hands[seat]
        assert {h.id for h in view.hand if h.face_down} == set(state.down[seat])
    if not deep:
        return
    snap = state.snapshot()
    assert len(json.dumps(snap)) < 16_000
    other = swapped_hidden(state, rng)
    if other is not None:
        twin, owner = other
        assert twin.public_view().model_dump_json() == text
        for seat in range(state.players):
            if seat != owner:
                assert twin.private_view(seat) == state.private_view(seat)


def play_match(players: int, seed: int, strong_seats: tuple[int, ...] = ()) -> None:
    state = GAME.new(players, seed=seed)
    cpu_rng = Rng(seed + 1000)
    check_rng = Rng(seed + 2000)
    cpus: dict[int, Any] = {s: StrongPlayer() for s in strong_seats}
    weak = RandomPlayer()
    log: list[tuple[int, str]] = []
    step = 0
    while not state.is_over():
        check_step(state, check_rng, deep=step % 5 == 0)
        seat = state.to_act()[0]
        action: Action = cpus.get(seat, weak).choose(state, seat, cpu_rng)
        before = state.snapshot()
        turn, game, turns = state.turn, state.game_no, state.turns_taken[state.turn]
        events = state.apply(seat, action)
        log.append((seat, action.encode()))
        for event in events:
            json.dumps(event.data)
            if event.kind == "draw":
                assert event.public and set(event.data) == {"discard", "count"}
            if event.kind == "drawn":
                assert event.to == seat
        if (
            state.game_no == game
            and not state.is_over()
            and state.turn != turn
            and not isinstance(action, act.EndTurn)
        ):
            # The turn passed without a declare step: declaring was not allowed.
            assert turns < 1 or state.hand_score(turn) < 30
        if step % 7 == 3:
            copy = GAME.load(before)
            copy.apply(seat, action)
            assert copy.snapshot() == state.snapshot()
        step += 1
    check_step(state, check_rng, deep=True)
    assert len(state.results) == 2
    result = state.result()
    for game in state.results:
        assert game["scores"] == [best_score([card_name(c) for c in h]) for h in game["hands"]]
    totals = [sum(g["scores"][s] for g in state.results) for s in range(players)]
    assert result.scores == totals
    second = state.results[1]["scores"]
    keys = [(totals[s], second[s]) for s in range(players)]
    assert result.winners == [s for s in range(players) if keys[s] == max(keys)]
    assert GAME.replay(players, seed, None, log).snapshot() == state.snapshot()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_matches(players: int, seed: int) -> None:
    play_match(players, seed * 31 + players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_matches(players: int) -> None:
    play_match(players, 900 + players, strong_seats=tuple(range(players - 1)))


def test_strong_player_does_not_peek() -> None:
    """The strong player's choices do not change when cards it cannot see are swapped."""
    state = GAME.new(3, seed=44)
    rng = Rng(5)
    checked = 0
    while not state.is_over() and checked < 60:
        seat = state.to_act()[0]
        other = swapped_hidden(state, rng)
        choice = StrongPlayer().choose(state, seat, Rng(checked))
        if other is not None and other[1] != seat:
            assert StrongPlayer().choose(other[0], seat, Rng(checked)) == choice
            checked += 1
        state.apply(seat, choice)
    assert checked >= 30
