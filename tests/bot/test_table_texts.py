"""What the table and the end say, over whole random games: a stopped game names no turn, an
ended one says so once, the end names its players and has no empty headings."""

from __future__ import annotations

import time

import pytest

from bot.i18n import messages as msg
from bot.render import renderer_for
from bot.sessions import Session
from bot.table import Table
from games import registry
from games.core import Rng
from tests.bot.test_renderers import record_for

GAMES = [game.id for game in registry.all()]


def everything(payload: dict) -> str:
    """All text a message shows: content, embed titles, descriptions, fields, footers."""
    parts = [payload.get("content") or ""]
    for embed in payload["embeds"]:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        for field in data.get("fields", []):
            parts += [field["name"], field["value"]]
    return "\n".join(parts)


def played(game_id: str, lang: str, *, moves: int | None = None) -> tuple[Table, Session, list]:
    """A game at its largest player count played by random CPUs to the end (or `moves` moves);
    returns the publisher, the session and every public event with its log line."""
    game = registry.get(game_id)
    players = game.max_players
    state = game.new(players, seed=77)
    record = record_for(game_id, players, lang, 77)
    session = Session(record=record, game=game, state=state)
    table = Table(bot=None)  # type: ignore[arg-type]
    renderer = renderer_for(game_id)
    rng, steps, lines = Rng(77), 0, []
    while not state.is_over() and (moves is None or steps < moves):
        seat = state.to_act()[0]
        for event in state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps))):
            if event.public:
                session.events.append((steps, event))
                lines.append((event, renderer.event_text(table.context(session), event)))
        record.version += 1
        steps += 1
    if state.is_over():
        record.status = "finished"
    return table, session, lines


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_abandoned_table_names_no_turn_bug(game_id: str, lang: str) -> None:
    table, session, _ = played(game_id, lang, moves=6)
    session.record.deadline = time.time() - 60
    session.record.status = "abandoned"
    text = everything(table.table_payload(session))
    turn = msg.TABLE_TURN(lang, who="").strip()
    assert turn not in text
    assert "<t:" not in text  # no "ends 1 minute ago"
    assert msg.TABLE_STOPPED(lang) in text
    assert msg.TABLE_ABANDONED(lang) in text


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_finished_table_says_game_over_once_bug(game_id: str, lang: str) -> None:
    """The table's head (title and description) says the game is over once; the log may
    record the end as one of its moves."""
    table, session, _ = played(game_id, lang)
    head = "\n".join(
        (embed.title or "") + "\n" + (embed.description or "")
        for embed in table.table_payload(session)["embeds"]
    )
    over = "ゲーム終了" if lang == "ja" else "Game over"
    assert head.count(over) <= 1, head


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gogyo_end_has_no_empty_result_headings_bug(lang: str) -> None:
    table, session, _ = played("gogyo", lang)
    final = renderer_for("gogyo").final(table.context(session))
    description = final[0].description or ""
    heading = "ゲームの結果" if lang == "ja" else "results ("
    assert heading not in description
    ended = "ゲームの終わり" if lang == "ja" else "Game 1 ended"
    assert ended in description


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_take_and_share_end_line_names_players_bug(lang: str) -> None:
    _, session, lines = played("take_and_share", lang)
    ends = [line for event, line in lines if event.kind == "game_end"]
    assert ends
    for line in ends:
        for info in session.record.seats:
            assert info.name in line, line
