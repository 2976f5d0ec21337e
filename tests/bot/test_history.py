"""The whole log read later (`bot.history`): every public line in order, nothing the rules show
only as it happens."""

from __future__ import annotations

import pytest

from bot.history import replayed_lines
from games import registry
from games.core import Rng
from games.take_and_share import texts
from tests.bot.test_renderers import record_for


def actions_of(game_id: str, players: int, seed: int) -> list[tuple[int, int, str]]:
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    rng, rows = Rng(seed), []
    while not state.is_over():
        seat = state.to_act()[0]
        action = game.cpu("random").choose(state, seat, rng.fork(len(rows)))
        rows.append((len(rows) + 1, seat, action.encode()))
        state.apply(seat, action)
    return rows


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_take_and_share_whole_log_names_every_gift(lang: str) -> None:
    """「渡されたカードの内容が全てのプレイヤーが確認できるように配ります」: every gift is seen by
    all as it is made, so the whole log names the card and its receiver, as the table's did."""
    record = record_for("take_and_share", 4, lang, 5)
    rows = actions_of("take_and_share", 4, 5)
    lines = replayed_lines(record, rows, lang)
    names = [info.name for info in record.seats]
    cards = [texts.card_name((suit, number), lang) for suit in range(6) for number in range(1, 11)]
    allowed = {
        texts.LOG["give"](lang, seat=a, card=card, to=b)
        for a in names
        for b in names
        for card in cards
    } | {texts.LOG["give_last"](lang, card=card, to=b) for b in names for card in cards}
    gives = [line for line in lines if line in allowed]
    # Every share hands out one card to each of the four players, the last trick's included.
    assert len(gives) == 14 * 4, len(gives)


@pytest.mark.parametrize("game_id", [g.id for g in registry.all()])
def test_whole_log_is_every_public_event_in_order(game_id: str) -> None:
    game = registry.get(game_id)
    record = record_for(game_id, game.max_players, "en", 9)
    rows = actions_of(game_id, game.max_players, 9)
    lines = replayed_lines(record, rows, "en")
    assert lines and all(line.strip() and "{" not in line for line in lines)
    assert lines == replayed_lines(record, rows, "en")  # replay is exact
    # A log cut short (a later page asked for while the game goes on) is a prefix.
    early = replayed_lines(record, rows[: len(rows) // 2], "en")
    assert lines[: len(early) - 1] == early[:-1]
