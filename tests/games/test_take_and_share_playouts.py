"""Seeded whole-game playouts of Take & Share for every player count and option, with invariants
checked after every move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import CpuPlayer, Rng
from games.take_and_share import GAME
from games.take_and_share.ai import RandomPlayer, StrongPlayer
from games.take_and_share.cards import as_cards, card_id, deck
from games.take_and_share.scoring import final_scores
from games.take_and_share.state import TakeAndShareState


def swapped_hidden(state: TakeAndShareState, rng: Rng) -> TakeAndShareState | None:
    """The same state with one card swapped between two hands (hidden information only)."""
    holders = [s for s in range(state.players) if state.hands[s]]
    if len(holders) < 2:
        return None
    a, b = holders[0], holders[-1]
    snap = state.snapshot()
    i, j = rng.below(len(snap["hands"][a])), rng.below(len(snap["hands"][b]))
    snap["hands"][a][i], snap["hands"][b][j] = snap["hands"][b][j], snap["hands"][a][i]
    return GAME.load(snap)


def check_step(state: TakeAndShareState, rng: Rng) -> None:
    players = state.players
    assert state.all_cards() == deck(players)
    # Who acts, legal moves' string forms and snapshots: tests/games/test_contract.py.
    for seat in range(players):
        legal = state.legal_actions(seat)
        assert len(legal) <= 25
        assert all(len(action.encode()) <= 50 for action in legal)
    view = state.public_view()
    # Every trick, the last one included, is followed by a share: every player has received
    # exactly one card per finished share of this game so far.
    shared = sum(1 for t in view.history if len(t.gifts) == players)
    for record in view.history:
        assert sorted(g.to for g in record.gifts) == (
            list(range(players)) if len(record.gifts) == players else sorted(view.share_received)
        )
        # Only the last trick's own cards are never handed out.
        assert record.shared == (record.number < state.setup.hand)
    for seat in range(players):
        assert view.received_counts[seat] == shared + (seat in view.share_received)
    other = swapped_hidden(state, rng)
    if other is not None:
        assert other.snapshot()["hands"] != state.snapshot()["hands"]
        assert other.public_view() == view
    if not state.is_over():
        seat = state.to_act()[0]
        assert state.private_view(seat).playable == [
            (a.suit, a.number) for a in state.legal_actions(seat) if a.kind == "play"
        ]


def play(
    players: int, seed: int, long_game: bool, cpus: list[CpuPlayer]
) -> tuple[TakeAndShareState, list[tuple[int, str]], list[list[list[int]]]]:
    options = {"long_game": long_game}
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed * 31 + 7)
    log: list[tuple[int, str]] = []
    received_per_game: list[list[list[int]]] = []
    steps = 0
    while not state.is_over():
        check_step(state, rng)
        seat = state.to_act()[0]
        action = cpus[seat].choose(state, seat, rng)
        if steps % 23 == 0:
            # A loaded copy continues identically.
            twin = GAME.load(state.snapshot())
            twin.apply(seat, action)
        game_before = state.game_no
        events = state.apply(seat, action)
        if steps % 23 == 0:
            assert twin.snapshot() == state.snapshot()
        ended = [e for e in events if e.kind == "game_end"]
        if state.game_no != game_before or state.is_over():
            # A game ends only with the last trick's share (a gift), never on a card played.
            assert action.kind == "give" and len(ended) == 1
            received = [[card_id(s, n) for s, n in r] for r in ended[0].data["received"]]
            if state.is_over():
                assert received == state.received
            received_per_game.append(received)
        else:
            assert ended == []
        for event in events:
            if event.to is None and event.kind == "play":
                assert event.seat == seat
        log.append((seat, action.encode()))
        steps += 1
    check_step(state, rng)
    return state, log, received_per_game


def check_end(
    state: TakeAndShareState,
    log: list[tuple[int, str]],
    received_per_game: list[list[list[int]]],
    seed: int,
    long_game: bool,
) -> None:
    players = state.players
    replayed = GAME.replay(players, seed, {"long_game": long_game}, log)
    assert replayed.snapshot() == state.snapshot()
    assert len(json.dumps(state.snapshot())) < 16_000
    result = state.result()
    per_game = [final_scores([as_cards(r) for r in game]) for game in received_per_game]
    assert result.scores == [sum(g[seat] for g in per_game) for seat in range(players)]
    assert state.public_view().game_scores == per_game
    for summary, received in zip(state.public_view().games, received_per_game, strict=True):
        assert summary.received == [as_cards(r) for r in received]
        # One received card per trick: 14 each with 4 players, 15 with 3.
        assert all(len(r) == {4: 14, 3: 15}[players] for r in received)
    best = max(result.scores)
    assert result.winners == [s for s in range(players) if result.scores[s] == best]
    if long_game:
        target = {4: 20, 3: 30}[players]
        totals = [0] * players
        for number, scores in enumerate(per_game, start=1):
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            assert (max(totals) > target) == (number == len(per_game))
    else:
        assert len(per_game) == 1
        assert [sum(b.values()) for b in result.breakdown] == result.scores


CASES = [(p, lg, seed) for p in (3, 4) for lg in (False, True) for seed in (1, 2, 3)]


@pytest.mark.parametrize(("players", "long_game", "seed"), CASES)
def test_random_playout(players: int, long_game: bool, seed: int) -> None:
    cpus: list[CpuPlayer] = [RandomPlayer() for _ in range(players)]
    state, log, received = play(players, seed, long_game, cpus)
    check_end(state, log, received, seed, long_game)


@pytest.mark.parametrize(("players", "long_game"), [(3, False), (4, False), (4, True)])
def test_strong_playout(players: int, long_game: bool) -> None:
    cpus: list[CpuPlayer] = [
        StrongPlayer(samples=8) if s % 2 else RandomPlayer() for s in range(players)
    ]
    state, log, received = play(players, 40 + players, long_game, cpus)
    check_end(state, log, received, 40 + players, long_game)


def test_hands_never_in_public_view() -> None:
    state = GAME.new(4, seed=12)
    text = state.public_view().model_dump_json()
    other = swapped_hidden(state, Rng(3))
    assert other is not None and other.public_view().model_dump_json() == text
    assert set(state.public_view().model_dump()) >= {"hand_sizes", "received_counts", "gifts"}


def test_snapshot_is_plain_json() -> None:
    snap: dict[str, Any] = GAME.new(3, seed=8).snapshot()
    assert snap["players"] == 3 and snap["seed"] == 8 and snap["options"] == {"long_game": False}
    assert isinstance(snap["rng"], int)
