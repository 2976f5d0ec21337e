"""The cherry-tree flower game: whole seeded games with invariants checked at every step."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import Event, Rng
from games.sakura import GAME, scoring
from games.sakura.ai import RandomPlayer, StrongPlayer
from games.sakura.state import STEP_KINDS, SakuraState
from tests.games.playing import play_randomly

COLOURS = scoring.COLOURS
SIDES = ("classic", "advanced")


def hidden_variant(state: SakuraState) -> SakuraState | None:
    """A state differing from `state` only in what the table cannot see: one flower swapped
    between the bag (or the removed flowers) and a screen, and any submitted secret split
    changed. None when there is nothing hidden to change."""
    snap: dict[str, Any] = json.loads(json.dumps(state.snapshot()))
    changed = False
    piles = [snap["bag"], snap["removed"]]
    for screen in snap["screens"]:
        for source in piles:
            a = next((c for c in range(6) if screen[c]), None)
            b = next((c for c in range(6) if source[c] and c != a), None)
            if a is not None and b is not None:
                screen[a] -= 1
                screen[b] += 1
                source[b] -= 1
                source[a] += 1
                changed = True
                break
        if changed:
            break
    if not changed and sum(snap["removed"]) and sum(snap["bag"]):
        a = next(c for c in range(6) if snap["removed"][c])
        b = next((c for c in range(6) if snap["bag"][c] and c != a), None)
        if b is not None:
            snap["removed"][a] -= 1
            snap["removed"][b] += 1
            snap["bag"][b] -= 1
            snap["bag"][a] += 1
            changed = True
    if snap["step"] == "split":
        for seat, split in enumerate(snap["splits"]):
            if split is not None:
                wilds = snap["screens"][seat][4] + snap["screens"][seat][5]
                snap["splits"][seat] = wilds - split if wilds - split != split else split
                changed = True
    return GAME.load(snap) if changed else None


def check_result(state: SakuraState) -> None:
    """The result equals the scoring API applied to the final fields and screens."""
    result = state.result()
    final = state.public_view().final
    assert final is not None
    n = state.players
    fields = [dict(zip(COLOURS, f, strict=True)) for f in state.fields]
    screens = [dict(zip(COLOURS, s, strict=True)) for s in state.screens]
    warm, cool = [], []
    for seat in range(n):
        w, c = scoring.group_totals(screens[seat], final.seats[seat].warm_wilds)
        warm.append(w)
        cool.append(c)
    warm_pts = scoring.screen_points(warm, "warm")
    cool_pts = scoring.screen_points(cool, "cool")
    expected = [scoring.field_score(fields[s]) + warm_pts[s] + cool_pts[s] for s in range(n)]
    assert result.scores == expected
    assert result.tiebreak == [sum(s) for s in state.screens]
    best = max(zip(result.scores, result.tiebreak, strict=True))
    assert result.winners == [s for s in range(n) if (result.scores[s], result.tiebreak[s]) == best]
    for seat in range(n):
        assert result.breakdown[seat] == {
            "field": scoring.field_score(fields[seat]),
            "warm": warm_pts[seat],
            "cool": cool_pts[seat],
        }
        assert final.seats[seat].screen == screens[seat]


def play(
    players: int, side: str, seed: int, strong_seats: set[int], *, deep: bool = True
) -> tuple[SakuraState, list[tuple[int, str]], list[Event]]:
    """Play one whole game, checking the invariants at every step."""
    options = {"mastery_side": side}
    state = GAME.new(players, seed=seed, options=options)
    total = state.flower_count()
    assert total == scoring_total(players)
    rng = Rng(seed * 31 + players)
    cpus = {s: StrongPlayer() if s in strong_seats else RandomPlayer() for s in range(players)}
    log: list[tuple[int, str]] = []
    events: list[Event] = []
    steps = 0
    while True:
        to_act = state.to_act()
        assert (to_act == []) == state.is_over()
        if state.is_over():
            break
        if state.step == "draw":
            assert sum(state.bag) > 0  # a turn never starts with an empty bag
        public = state.public_view()
        assert public.to_act == to_act
        assert public.final is None
        for seat in range(players):
            legal = state.legal_actions(seat)
            assert bool(legal) == (seat in to_act)
            assert len(legal) <= 25
            assert all(len(action.encode()) <= 50 for action in legal)
        if deep and steps % 3 == 0:
            variant = hidden_variant(state)
            if variant is not None:
                assert variant.public_view() == public
        seat = to_act[rng.below(len(to_act))] if len(to_act) > 1 else to_act[0]
        action = cpus[seat].choose(state, seat, rng)
        snap = state.snapshot()
        assert len(json.dumps(snap)) < 16_000
        new_events = state.apply(seat, action)
        if deep and steps % 5 == 0:
            twin = GAME.load(snap)
            assert twin.snapshot() == snap
            assert [e.model_dump() for e in twin.apply(seat, action)] == [
                e.model_dump() for e in new_events
            ]
            assert twin.snapshot() == state.snapshot()
        log.append((seat, action.encode()))
        events += new_events
        assert state.flower_count() == total
        for event in new_events:
            if event.kind == "turn_end":
                assert (event.data["bag"] == 0) == (state.step in ("split", "over"))
            if event.public and event.kind in ("screen", "move_to_screen", "hidden_draw"):
                assert not any(c in json.dumps(event.data) for c in COLOURS)
        steps += 1
        assert steps < 2000
    assert sum(state.bag) == 0
    assert GAME.load(state.snapshot()).snapshot() == state.snapshot()
    return state, log, events


def scoring_total(players: int) -> int:
    return {2: 13 * 5 + 4, 3: 15 * 5 + 5, 4: 18 * 5 + 6}[players]


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int, side: str) -> None:
    for seed in range(2):
        state, log, _ = play(players, side, seed * 100 + players, set())
        check_result(state)
        replayed = GAME.replay(players, state.seed, {"mastery_side": side}, log)
        assert replayed.snapshot() == state.snapshot()


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_games(players: int, side: str) -> None:
    state, log, _ = play(players, side, 900 + players, {0, players - 1}, deep=False)
    check_result(state)
    assert GAME.replay(players, state.seed, {"mastery_side": side}, log).snapshot() == (
        state.snapshot()
    )


def test_many_quick_random_games_cover_every_step() -> None:
    """Light playouts over many seeds: every step and ability shows up, flowers are conserved."""
    seen_steps: set[str] = set()
    seen_kinds: set[str] = set()
    for seed in range(24):
        players = 2 + seed % 3
        side = SIDES[seed // 3 % 2]
        state = GAME.new(players, seed=seed, options={"mastery_side": side})
        rng = Rng(seed)
        total = state.flower_count()
        while not state.is_over():
            seen_steps.add(state.step)
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            for event in state.apply(seat, action):
                seen_kinds.add(event.kind if event.kind != "ability" else event.data["card"])
            assert state.flower_count() == total
        check_result(state)
    assert seen_steps >= set(STEP_KINDS) - {"over"}  # every step played
    assert seen_kinds >= {
        "someiyoshino",
        "shinsumizome",
        "kenrokuen",
        "komatsuotome",
        "sakuyahime",
        "kokonoe",
        "failure",
        "reveal",
        "game_over",
    }


def test_screens_never_public_before_the_end() -> None:
    state, _, events = play(3, "classic", 77, {1}, deep=False)
    for event in events:
        if event.public and event.kind != "reveal":
            assert "screens" not in event.data
    assert state.public_view().final is not None


def test_split_submissions_in_any_order_give_the_same_end() -> None:
    """Play to the end split, then submit the splits in every order."""
    for seed in range(40):
        state = GAME.new(4, seed=seed)
        rng = Rng(seed)
        play_randomly(state, rng, until=lambda s: s.step == "split")
        if state.step == "split" and len(state.to_act()) >= 3:
            break
    else:
        pytest.fail("no game with three seats splitting")
    seats = state.to_act()
    choice = {s: state.legal_actions(s)[-1] for s in seats}
    ends = []
    for order in (seats, list(reversed(seats)), seats[1:] + seats[:1]):
        trial = state.copy()
        for seat in order:
            assert not trial.is_over()
            trial.apply(seat, choice[seat])
        assert trial.is_over()
        ends.append(trial.snapshot())
    assert ends[0] == ends[1] == ends[2]
