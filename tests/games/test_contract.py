"""The engine contract, checked over every registered game as OpenSpiel's `random_sim_test`.

For each game in `games.registry.all()` (the tests' extra game included), every player count and
every combination of options, seeded random playouts check at every step: who acts and whether
the game is over agree; a seat to act has legal moves and no other seat has any; every legal
move's string form decodes back to it; a rejected move (not legal, not this seat's turn, a
malformed string) raises `IllegalAction` and changes nothing; a snapshot loads into the same
state and continues identically; the public view is every seat's view of the table and holds
none of a seat's private cards; replaying the log from the seed gives the final snapshot; the
result names every seat. What is specific to one game stays in its own tests.
"""

from __future__ import annotations

import itertools
import json
import random
import typing
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from games import registry
from games.core import Action, Game, IllegalAction, Reason, Rng, State

SEEDS = (1, 2)
#: Steps between the checks of views, snapshots and refusals.
CHECK_EVERY = 4


def option_sets(game: Game) -> list[dict[str, Any]]:
    """Every combination of the game's options that take a fixed set of values (bools and
    `Literal`s); the defaults for any other kind."""
    choices: dict[str, list[Any]] = {}
    for name, field in game.Options.model_fields.items():
        if field.annotation is bool:
            choices[name] = [False, True]
        elif typing.get_origin(field.annotation) is Literal:
            choices[name] = list(typing.get_args(field.annotation))
    names = list(choices)
    return [
        dict(zip(names, values, strict=True)) for values in itertools.product(*choices.values())
    ]


def playable(game: Game, players: int, options: dict[str, Any]) -> bool:
    """Whether the game takes these options at this table (a variant may be for one size)."""
    try:
        game.new(players, seed=0, options=game.options(options))
    except ValueError:
        return False
    return True


def cases() -> list[Any]:
    return [
        pytest.param(game.id, players, options, seed, id=f"{game.id}-{players}p-{n}-s{seed}")
        for game in registry.all()
        for players in game.player_counts
        for n, options in enumerate(option_sets(game))
        if playable(game, players, options)
        for seed in SEEDS
    ]


def same_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def secrets(state: State, seat: int, fields: set[str]) -> list[str]:
    """The values of these fields of `seat`'s private view that are lists of three or more
    different things, as JSON texts."""
    private = state.private_view(seat).model_dump(mode="json")
    return [
        json.dumps(private[name])
        for name in fields
        if isinstance(private[name], list) and len({json.dumps(v) for v in private[name]}) >= 3
    ]


def dealt_secrets(state: State) -> set[str]:
    """The private fields holding a dealt secret: those that are such lists at the deal (the
    hands). Fields that fill up later (a won pile) may become public by the rules, so they are
    left to each game's own tests."""
    private = state.private_view(0).model_dump(mode="json")
    private.pop("public", None)
    return {name for name in private if secrets(state, 0, {name})}


def parts(value: Any) -> set[str]:
    """Every list and object inside a JSON value, as JSON texts."""
    found: set[str] = set()
    if isinstance(value, list | dict):
        found.add(json.dumps(value))
        for inner in value.values() if isinstance(value, dict) else value:
            found |= parts(inner)
    return found


def check_views(state: State, fields: set[str]) -> None:
    """The public view is the table every seat sees, and holds none of the seats' hands (the
    private `fields`) while the game runs."""
    public = state.public_view()
    assert isinstance(public, BaseModel)
    shown = parts(public.model_dump(mode="json"))
    for seat in range(state.players):
        private = state.private_view(seat)
        if "public" in type(private).model_fields:
            assert private.public == public, f"seat {seat}'s view of the table differs"
        if not state.is_over():
            for secret in secrets(state, seat, fields):
                assert secret not in shown, f"seat {seat}'s {secret} is in the public view"


def check_turn(game: Game, state: State) -> list[Action]:
    """Who acts agrees with whether the game is over; legal moves belong to the seats to act
    and round-trip through their string form. Returns the legal moves of the seats to act."""
    to_act = state.to_act()
    assert (to_act == []) == state.is_over()
    assert len(set(to_act)) == len(to_act) and all(0 <= s < state.players for s in to_act)
    found: list[Action] = []
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        if seat not in to_act:
            assert legal == [], f"seat {seat} has moves out of turn"
            continue
        assert legal, f"seat {seat} is to act without a legal move"
        assert len({a.encode() for a in legal}) == len(legal), "a move listed twice"
        for action in legal:
            text = action.encode()
            assert len(text) <= 90
            assert game.Action.decode(text) == action
            assert state.is_legal(seat, action)
        found += legal
    return found


def check_rejections(game: Game, state: State, seen: list[Action], rng: random.Random) -> None:
    """Moves that are not legal now are refused with a reason, and change nothing."""
    before = state.snapshot()
    attempts: list[tuple[int, Action | str]] = []
    for seat in range(state.players):
        legal = {a.encode() for a in state.legal_actions(seat)}
        stale = [a for a in seen if a.encode() not in legal]  # `seen` holds each move once
        attempts += [(seat, a) for a in rng.sample(stale, min(3, len(stale)))]
        if seat not in state.to_act() and seen:
            attempts.append((seat, rng.choice(seen)))
    attempts += [(0, "nonsense.1"), (0, ""), (state.players, "x")]
    for seat, attempt in attempts:
        with pytest.raises(IllegalAction) as refused:
            action = game.Action.decode(attempt) if isinstance(attempt, str) else attempt
            state.apply(seat, action)
        assert refused.value.reason
        assert state.snapshot() == before, f"a refused {attempt!r} changed the state"
    if state.is_over():
        return
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.players, state.legal_actions(seat)[0])
    assert refused.value.reason in (Reason.NO_SUCH_SEAT, Reason.NOT_YOUR_TURN)
    assert state.snapshot() == before


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), cases())
def test_random_simulation(game_id: str, players: int, options: dict[str, Any], seed: int) -> None:
    game = registry.get(game_id)
    state = game.new(players, seed=seed, options=game.options(options))
    first = state.snapshot()
    assert game.new(players, seed=seed, options=game.options(options)).snapshot() == first
    assert same_json(first) == first, "a snapshot is plain JSON"
    rng = random.Random(f"{game_id}-{players}-{seed}")
    cpu_rng = Rng(seed)
    log: list[tuple[int, str]] = []
    seen: dict[str, Action] = {}
    middle: State | None = None
    fields = dealt_secrets(state)
    steps = 0
    while True:
        seen.update((a.encode(), a) for a in check_turn(game, state))
        # The costlier checks every few steps (and at the end), which keeps every game's
        # whole simulation to seconds.
        if steps % CHECK_EVERY == 0 or state.is_over():
            check_views(state, fields)
            snapshot = state.snapshot()
            assert game.load(same_json(snapshot)).snapshot() == snapshot
            check_rejections(game, state, list(seen.values()), rng)
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        action = game.cpu("random").choose(state, seat, cpu_rng)
        assert action in state.legal_actions(seat), "the random CPU chose an illegal move"
        events = state.apply(seat, action)
        for event in events:
            assert event.to is None or 0 <= event.to < players
        log.append((seat, action.encode()))
        steps += 1
        if steps == 8:
            middle = game.load(same_json(state.snapshot()))
            middle_at = len(log)
        assert steps < 20_000, "the game does not end"
    result = state.result()
    assert len(result.scores) == players
    assert result.winners and set(result.winners) <= set(range(players))
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, next(iter(seen.values())))
    assert refused.value.reason == Reason.GAME_OVER
    # Replaying the log from the seed gives the very same state, and so does continuing a
    # snapshot taken part-way.
    assert game.replay(players, seed, options, log).snapshot() == state.snapshot()
    if middle is not None:
        for seat, text in log[middle_at:]:
            middle.apply(seat, game.Action.decode(text))
        assert middle.snapshot() == state.snapshot()
        assert middle.result() == result


def test_every_registered_game_is_simulated() -> None:
    """The extra game of the tests joins the registry, so the contract test plays six games."""
    simulated = {case.values[0] for case in cases()}
    assert simulated == set(registry.ids()) and "high_card" in simulated
