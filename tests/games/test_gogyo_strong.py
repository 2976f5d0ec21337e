"""The strong 五行 CPU declares for the match: in the second game a declaration ends the match, so
it declares when that wins the match over the deals of the cards it cannot see, not when its
total beats every other seat's average."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.core import Rng
from games.gogyo import GAME
from games.gogyo import actions as act
from games.gogyo.ai import StrongPlayer, observe
from games.gogyo.cards import ALL_CARDS, FACTION_IDS, HEAVEN_IDS, card_id, card_name
from games.gogyo.match import final_share, match_chance, soft_share
from games.gogyo.scoring import best_score_ids
from games.gogyo.state import GogyoState


def _ids(names: str, taken: set[int]) -> list[int]:
    """Card ids for space-separated names, 天 and 閥 taking the lowest id not yet `taken`."""
    out = []
    for name in names.split():
        if name in ("天", "閥"):
            pile = HEAVEN_IDS if name == "天" else FACTION_IDS
            card = next(c for c in pile if c not in taken)
        else:
            card = card_id(name)
        assert card not in taken
        taken.add(card)
        out.append(card)
    return out


def declare_step(
    seed: int,
    seat: int,
    hands: list[str],
    down: list[str],
    field: str,
    first_game: list[int] | None,
    deck_size: int,
) -> GogyoState:
    """A declare step of `seat`: the hands (the cards named in `down` face down), the field and
    the first game's scores as given (None: a declare step of the first game); the other cards
    shuffled by `seed`, the first `deck_size` of them the deck, the rest the discard pile."""
    state = GAME.new(len(hands), seed=seed)
    taken: set[int] = set()
    state.hands = [sorted(_ids(h, taken)) for h in hands]
    state.field = _ids(field, taken)
    state.down = []
    for hand, names in zip(state.hands, down, strict=True):
        hidden: list[int] = []
        for name in names.split():
            hidden.append(next(c for c in hand if card_name(c) == name and c not in hidden))
        state.down.append(hidden)
    rest = [c for c in ALL_CARDS if c not in taken]
    Rng(seed).shuffle(rest)
    state.deck, state.discard = rest[:deck_size], rest[deck_size:]
    if first_game is not None:
        # Only the first game's scores are read (the match totals).
        state.results = [
            {"game": 1, "ended_by": "deck", "declarer": None, "hands": [], "scores": first_game}
        ]
        state.game_no = 2
    state.turn = state.start_seat = seat
    state.turns_taken = [3] * len(hands)
    state.step = "declare"
    state.check(seat, act.Declare())
    return state


def every_deal(state: GogyoState, seat: int) -> list[list[int]]:
    """Every seat's hand score for every deal of the other seats' face-down cards from the
    cards `seat` cannot see."""
    obs = observe(state, seat)
    hidden = [s for s in range(state.players) if s != seat and obs.down_count[s]]
    scores = [best_score_ids(h) for h in obs.face_up]
    scores[seat] = best_score_ids(obs.hand)
    out: list[list[int]] = []

    def deal(k: int, pool: tuple[int, ...], world: list[int]) -> None:
        if k == len(hidden):
            out.append(world)
            return
        s = hidden[k]
        for picks in combinations(pool, obs.down_count[s]):
            rest = tuple(c for c in pool if c not in picks)
            deal(
                k + 1,
                rest,
                [*world[:s], best_score_ids((*obs.face_up[s], *picks)), *world[s + 1 :]],
            )

    deal(0, obs.unseen, scores)
    return out


def beats_every_average(state: GogyoState, seat: int) -> bool:
    """The previous declaration rule, with exact means: the seat's total with its hand beats
    every other seat's total with that seat's mean hand over the cards the seat cannot see."""
    obs = observe(state, seat)
    mine = obs.totals[seat] + best_score_ids(obs.hand)
    for s in range(state.players):
        if s == seat:
            continue
        picks = list(combinations(obs.unseen, obs.down_count[s]))
        mean = sum(best_score_ids((*obs.face_up[s], *p)) for p in picks) / len(picks)
        if not mine > obs.totals[s] + mean:
            return False
    return True


def hands_now(state: GogyoState) -> list[int]:
    return [best_score_ids(h) for h in state.hands]


def test_plays_on_where_declaring_beats_every_average_but_mostly_loses() -> None:
    # Four players; seat 0 holds 31 (two of its cards face down) on a total of 20, so 51. Seat 3
    # (total 32) shows 唐木 宋土 明水 清金 and one face-down card; seats 1 and 2 (20 each) one
    # face-down card each. Each seat's mean hand leaves it below 51, but with seven cards in the
    # deck most deals give one of the three enough.
    state = declare_step(
        267,
        0,
        [
            "隋金 唐水 宋木 元金 清土",
            "秦土 隋水 唐土 宋金 明木",
            "周土 秦金 漢火 漢水 晋土",
            "唐木 宋土 明水 清金 閥",
        ],
        ["隋金 元金", "秦土", "漢火", "閥"],
        "夏木 殷土 隋火 晋火",
        [20, 20, 20, 32],
        7,
    )
    assert beats_every_average(state, 0)
    deals = every_deal(state, 0)
    wins = sum(final_share(w, state.totals(), 0) for w in deals) / len(deals)
    assert len(deals) == 720 and wins < 0.2
    assert final_share(hands_now(state), state.totals(), 0) == 0  # the true hands lose too
    for k in range(4):
        assert StrongPlayer().choose(state, 0, Rng(k)) == act.EndTurn()


def test_declares_a_win_on_the_second_game_score() -> None:
    # Three players; seat 1 holds 31 on a total of 23, seat 2 (all face up) 24 on 30: both 54,
    # and the tie goes to the higher second-game score, seat 1's. Seat 0 (total 20) shows 漢火
    # 清土 閥 and two face-down cards: no two cards bring it to 34.
    state = declare_step(
        1,
        1,
        ["漢火 宋金 清土 閥 閥", "晋金 宋木 元火 明土 天", "秦木 漢土 晋木 隋水 閥"],
        ["宋金 閥", "晋金", ""],
        "殷金 唐火 夏木 秦水",
        [20, 23, 30],
        38,
    )
    assert hands_now(state)[1:] == [31, 24] and state.totals()[1:] == [23, 30]
    assert not beats_every_average(state, 1)
    assert all(final_share(w, state.totals(), 1) == 1 for w in every_deal(state, 1))
    for k in range(4):
        assert StrongPlayer().choose(state, 1, Rng(k)) == act.Declare()


@pytest.mark.parametrize("leads", [True, False])
def test_first_game_declares_when_ahead_for_the_match(leads: bool) -> None:
    # First game, three players, every card face up but seat 0's two; seats 1 and 2 hold 31
    # and 46 (a five-card run of both kinds). Seat 1 declares when it holds the 46 and plays on
    # when it holds the 31.
    run, thirty_one = "夏木 殷火 周土 秦金 漢水", "晋金 宋木 元火 明土 天"
    hands = ["漢火 宋金 清土 閥 閥", *((run, thirty_one) if leads else (thirty_one, run))]
    state = declare_step(5, 1, hands, ["宋金 閥", "", ""], "殷金 唐火 隋木 秦水", None, 38)
    assert state.game_no == 1 and hands_now(state)[1:] == ([46, 31] if leads else [31, 46])
    for k in range(4):
        choice = StrongPlayer().choose(state, 1, Rng(k))
        assert choice == (act.Declare() if leads else act.EndTurn())


def test_match_chance_is_the_result_at_the_match_end_and_a_share_before() -> None:
    totals, hands = [20, 23, 30], [20, 31, 24]
    # at the end of the second game: the tie on 54 goes to the higher second-game score
    assert [match_chance(hands, totals, s, 2, over=True) for s in range(3)] == [0.0, 1.0, 0.0]
    assert final_share([30, 30], [10, 10], 0) == 0.5
    # before it: shares of one, equal for equal totals, sharper with a smaller spread
    shares = [match_chance(hands, totals, s, 2, over=False) for s in range(3)]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[1] == pytest.approx(shares[2]) and shares[0] < shares[1]
    assert match_chance(hands, totals, 0, 1, over=True) == soft_share(hands, totals, 0, 7.0)
    assert soft_share([40, 30], [0, 0], 0, 4.0) > soft_share([40, 30], [0, 0], 0, 8.0) > 0.5
