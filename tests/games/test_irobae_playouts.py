"""色映に生へど: seeded whole games for every player count and option, checking invariants."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import Event, Rng
from games.irobae import GAME
from games.irobae import actions as act
from games.irobae.ai import StrongPlayer
from games.irobae.rules import IrobaeOptions, as_pair, deck
from games.irobae.scoring import deal_score
from games.irobae.state import IrobaeState, pile_minimums
from tests.games.playing import play_randomly

#: Events that may name cards publicly: plays, finished tricks, and each won pile as it is
#: counted in the open at the deal's end.
PUBLIC_CARD_EVENTS = {"play", "trick_end", "deal_pile"}


def check_conservation(state: IrobaeState) -> None:
    cards = [c for h in state.hands for c in h] + state.unused + state.trick
    cards += [c for p in state.piles for c in p]
    assert sorted(cards) == deck(state.players)
    for seat, choice in enumerate(state.pass_choice):
        assert choice is None or set(choice) <= set(state.hands[seat])


def check_round_trips(state: IrobaeState) -> None:
    """Action strings stay short (round trips and snapshots: tests/games/test_contract.py)."""
    for seat in state.to_act():
        assert all(len(action.encode()) <= 50 for action in state.legal_actions(seat))


def swapped_hidden(state: IrobaeState, rng: Rng) -> IrobaeState | None:
    """The same state with two hidden cards exchanged between hands or with the unused cards."""
    snap = json.loads(json.dumps(state.snapshot()))
    chosen = {c for choice in snap["pass_choice"] if choice for c in choice}
    places = [("hands", s) for s in range(state.players)] + [("unused", None)]
    spots = [
        (key, seat, i)
        for key, seat in places
        for i, card in enumerate(snap[key][seat] if seat is not None else snap[key])
        if card not in chosen
    ]
    for _ in range(20):
        a, b = rng.choice(spots), rng.choice(spots)
        if (a[0], a[1]) == (b[0], b[1]):
            continue
        lists = [snap[k][s] if s is not None else snap[k] for k, s, _ in (a, b)]
        lists[0][a[2]], lists[1][b[2]] = lists[1][b[2]], lists[0][a[2]]
        for key, seat in places:
            target = snap[key][seat] if seat is not None else snap[key]
            target.sort()
        return GAME.load(snap)
    return None


def check_public_view(state: IrobaeState, rng: Rng) -> None:
    view = state.public_view()
    other = swapped_hidden(state, rng)
    if other is not None:
        assert other.public_view() == view
    if not state.options.open_minimums and any(state.piles):
        # Won piles are private too: exchanging a won card with a hand card changes no public bit.
        snap = json.loads(json.dumps(state.snapshot()))
        owner = next(s for s in range(state.players) if snap["piles"][s])
        holder = next((s for s in range(state.players) if snap["hands"][s]), None)
        if holder is not None:
            pile, hand = snap["piles"][owner], snap["hands"][holder]
            pile[0], hand[-1] = hand[-1], pile[0]
            hand.sort()
            assert GAME.load(snap).public_view() == view
    played = {c for c in state.trick}
    played |= {c for _, cards in state.tricks for c in cards}
    if state.last_trick is not None:
        played |= set(state.last_trick[2])
    shown = {p.card.id for p in view.trick}
    shown |= {p.card.id for t in view.tricks for p in t.cards}
    if view.last_trick is not None:
        shown |= {p.card.id for p in view.last_trick.cards}
    assert shown <= played
    minimums = [[c.id for c in row] for row in view.minimums]
    if state.options.open_minimums:
        assert minimums == [pile_minimums(p) for p in state.piles]
    else:
        assert minimums == [[]] * state.players


def check_events(events: list[Event]) -> None:
    for event in events:
        json.dumps(event.data)
        if event.public and event.kind not in PUBLIC_CARD_EVENTS:
            assert "cards" not in event.data and "card" not in event.data, event


class Tracker:
    """Rebuilds every deal's won piles from public events and checks the scores against them."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.piles: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.tricks = 0
        self.deals: list[list[int]] = []

    def feed(self, state: IrobaeState, events: list[Event]) -> None:
        for event in events:
            if event.kind == "trick_end":
                self.tricks += 1
                self.piles[event.seat].extend(as_pair(c) for _, c in event.data["cards"])
            elif event.kind == "deal_end":
                assert self.tricks == 9
                scores = [deal_score(p) for p in self.piles]
                assert event.data["scores"] == scores
                assert state.deal_scores[len(self.deals)] == scores
                self.deals.append(scores)
                self.piles = [[] for _ in range(self.players)]
                self.tricks = 0
        if state.phase == "play":
            assert [sorted(as_pair(c) for c in p) for p in state.piles] == [
                sorted(p) for p in self.piles
            ]


def play_game(
    players: int, seed: int, open_minimums: bool, strong_seat: int | None = None
) -> IrobaeState:
    options = IrobaeOptions(open_minimums=open_minimums)
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed * 31 + players)
    random_cpu, strong = GAME.cpu("random"), StrongPlayer()
    strong.budget = 1500
    log: list[tuple[int, str]] = []
    tracker = Tracker(players)
    passes = 0
    while not state.is_over():
        check_conservation(state)
        check_round_trips(state)
        check_public_view(state, rng)
        if state.phase == "pass":
            # Everyone chooses first; submit in a seed-dependent order and compare with the
            # reverse order: the outcome must not depend on it.
            choices: dict[int, Any] = {
                s: (strong if s == strong_seat else random_cpu).choose(state, s, rng)
                for s in state.to_act()
            }
            order = sorted(choices, reverse=bool((seed + passes) % 2))
            other = GAME.load(state.snapshot())
            for seat in reversed(order):
                other.apply(seat, choices[seat])
            for seat in order:
                events = state.apply(seat, choices[seat])
                check_events(events)
                tracker.feed(state, events)
                log.append((seat, choices[seat].encode()))
            assert other.snapshot() == state.snapshot()
            passes += 1
            continue
        (seat,) = state.to_act()
        cpu = strong if seat == strong_seat else random_cpu
        action = cpu.choose(state, seat, rng)
        twin = GAME.load(state.snapshot())
        events = state.apply(seat, action)
        assert twin.apply(seat, action) == events
        assert twin.snapshot() == state.snapshot()
        check_events(events)
        tracker.feed(state, events)
        log.append((seat, action.encode()))
    check_conservation(state)
    assert passes == players
    assert len(tracker.deals) == players
    result = state.result()
    totals = [sum(row[s] for row in tracker.deals) for s in range(players)]
    assert result.scores == totals
    assert result.winners == [s for s in range(players) if totals[s] == max(totals)]
    assert [sum(b.values()) for b in result.breakdown] == totals
    assert state.public_view().winners == result.winners
    replayed = GAME.replay(players, seed, options, log)
    assert replayed.snapshot() == state.snapshot()
    assert len(json.dumps(state.snapshot())) < 16_000
    return state


@pytest.mark.parametrize("open_minimums", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games(players: int, open_minimums: bool) -> None:
    for seed in (1, 2):
        play_game(players, seed + 10 * players + (5 if open_minimums else 0), open_minimums)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_games_with_a_strong_player(players: int) -> None:
    play_game(players, 900 + players, players % 2 == 0, strong_seat=players - 1)


def test_dealer_rotates_and_the_left_of_the_dealer_leads() -> None:
    state = GAME.new(4, seed=33)
    rng = Rng(3)
    dealers, leaders = [], []
    while not state.is_over():
        if state.phase == "pass" and len(state.to_act()) == 4:
            dealers.append(state.dealer)
        if state.phase == "play" and not state.tricks and not state.trick:
            leaders.append(state.to_act()[0])
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    first = dealers[0]
    assert dealers == [(first + d) % 4 for d in range(4)]
    assert leaders == [(d + 1) % 4 for d in dealers]
    assert state.result().details["dealers"] == dealers


def test_strong_player_uses_only_what_its_seat_may_know() -> None:
    state = GAME.new(4, seed=77)
    rng = Rng(8)
    while state.phase == "pass":
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    play_randomly(state, rng, moves=6)
    seat = state.to_act()[0]
    other = swapped_hidden_among_others(state, seat)
    assert other.private_view(seat) == state.private_view(seat)
    strong = StrongPlayer()
    assert strong.choose(state, seat, Rng(4)) == strong.choose(other, seat, Rng(4))


def swapped_hidden_among_others(state: IrobaeState, seat: int) -> IrobaeState:
    snap = json.loads(json.dumps(state.snapshot()))
    a, b = [s for s in range(state.players) if s != seat][:2]
    snap["hands"][a][0], snap["unused"][0] = snap["unused"][0], snap["hands"][a][0]
    snap["hands"][a][-1], snap["hands"][b][0] = snap["hands"][b][0], snap["hands"][a][-1]
    for key in ("hands",):
        for hand in snap[key]:
            hand.sort()
    snap["unused"].sort()
    other = GAME.load(snap)
    assert other.snapshot() != state.snapshot()
    return other


def test_pass_choices_are_all_pairs() -> None:
    state = GAME.new(6, seed=5)
    actions = state.legal_actions(2)
    hand = state.hands[2]
    assert actions == [
        act.PassCards(a=hand[i], b=hand[j]) for i in range(9) for j in range(i + 1, 9)
    ]
