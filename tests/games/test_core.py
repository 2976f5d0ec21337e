"""The engine contract's shared pieces: RNG determinism and action encoding."""

from __future__ import annotations

from typing import Literal

import pytest

from games.core import Action, IllegalAction, Reason, Rng, winners_by


class DemoAction(Action):
    pass


class Pick(DemoAction):
    kind: Literal["pick"] = "pick"
    row: int


class Lay(DemoAction):
    kind: Literal["lay"] = "lay"
    yaku: str
    cards: tuple[int, ...]
    top: bool
    target: int | None = None


def test_rng_is_reproducible_and_snapshots_as_one_int() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    c = Rng(a.state)
    assert c.next64() == a.next64()


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 5
    for _ in range(5000):
        items = list(range(5))
        rng.shuffle(items)
        assert sorted(items) == list(range(5))
        counts[items[0]] += 1
    assert all(900 < n < 1100 for n in counts)


@pytest.mark.parametrize(
    "action",
    [
        Pick(row=3),
        Lay(yaku="ju", cards=(1, 9), top=True, target=2),
        Lay(yaku="kasane", cards=(), top=False),
    ],
)
def test_action_round_trip(action: DemoAction) -> None:
    text = action.encode()
    assert DemoAction.decode(text) == action
    assert len(text) <= 90


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pick",
        "pick.x",
        "pick.1.2",
        "pick.01",
        "nope.1",
        "lay.ju.1-x.1.~",
        "lay.ju._.2.~",
        "lay.j-u.1.1.~",
        "x" * 200,
    ],
)
def test_malformed_actions_are_rejected(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        DemoAction.decode(text)
    assert info.value.reason == Reason.MALFORMED


def test_winners_by_shares_full_ties() -> None:
    assert winners_by([(3, 1), (3, 2), (1, 9)]) == [1]
    assert winners_by([(3, 2), (3, 2), (1, 9)]) == [0, 1]
