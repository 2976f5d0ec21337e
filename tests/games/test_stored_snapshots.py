"""Games stored before keep loading: snapshots written by the engines of the five games when
each state still listed its snapshot by hand (`stored_snapshots.json`: seeded random playouts of
every player count and option set, keeping the first snapshot of each shape — which fields are
empty or null — and each final one) load into the same game, and write the same snapshot back.

Each entry's `digest` fingerprints what the loaded state shows and allows (public view, seats to
act, every seat's legal moves and private view), as the old engines computed it."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.core import State

STORED = json.loads((Path(__file__).with_name("stored_snapshots.json")).read_text("utf-8"))


def digest(state: State) -> str:
    seen: list[Any] = [state.public_view().model_dump(mode="json"), state.to_act()]
    seen += [[a.encode() for a in state.legal_actions(s)] for s in range(state.players)]
    seen += [state.private_view(s).model_dump(mode="json") for s in range(state.players)]
    return hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()[:16]


def attributes(state: State) -> dict[str, Any]:
    """Every attribute with its type, the RNG by its position."""
    return {
        name: (type(value), value.state if name == "rng" else value)
        for name, value in vars(state).items()
    }


@pytest.mark.parametrize("game_id", sorted(STORED))
def test_stored_snapshots_load_into_the_same_game(game_id: str) -> None:
    game = registry.get(game_id)
    assert len(STORED[game_id]) >= 30
    for entry in STORED[game_id]:
        state = game.load(entry["snapshot"])
        assert state.snapshot() == entry["snapshot"]
        assert json.loads(json.dumps(state.snapshot())) == entry["snapshot"]
        assert digest(state) == entry["digest"]


@pytest.mark.parametrize("game_id", sorted(STORED))
def test_a_loaded_or_copied_state_is_the_state_itself(game_id: str) -> None:
    """Through JSON and back, or copied, a state has the same attributes of the same types
    (tuples stay tuples, lists lists), and a move on the copy leaves the original as it was."""
    game = registry.get(game_id)
    for players in game.player_counts:
        rng = random.Random(players)
        state = game.new(players, seed=players + 11)
        while not state.is_over():
            loaded = game.load(json.loads(json.dumps(state.snapshot())))
            copied = state.copy()
            assert attributes(loaded) == attributes(state)
            assert attributes(copied) == attributes(state)
            before = state.snapshot()
            seat = rng.choice(state.to_act())
            action = rng.choice(state.legal_actions(seat))
            copied.apply(seat, action)
            loaded.apply(seat, action)
            assert state.snapshot() == before
            state.apply(seat, action)
            assert copied.snapshot() == loaded.snapshot() == state.snapshot()


@pytest.mark.parametrize("game_id", sorted(STORED))
def test_a_snapshot_of_another_game_or_format_is_refused(game_id: str) -> None:
    game = registry.get(game_id)
    snapshot = STORED[game_id][0]["snapshot"]
    other = next(g for g in sorted(STORED) if g != game_id)
    with pytest.raises(ValueError, match="game"):
        game.load({**snapshot, "game": other})
    if "version" in snapshot:
        with pytest.raises(ValueError, match="version"):
            game.load({**snapshot, "version": snapshot["version"] + 1})
    with pytest.raises(ValueError):
        game.load({key: value for key, value in snapshot.items() if key != "players"})
    with pytest.raises(ValueError):
        game.load({**snapshot, "seed": "not a number"})
