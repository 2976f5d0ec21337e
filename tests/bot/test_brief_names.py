"""Names beside a table's picture are cut short (`bot.names.brief_name`), so that long names
do not wrap its lines and buttons; the whole table (pictures off) and the end name every seat
in full."""

from __future__ import annotations

from typing import Any

import pytest

from bot.names import BRIEF_COLUMNS, NAME_MAX, brief_name, display_width, shown_name
from bot.publish import compose
from bot.render import renderer_for
from bot.session import Session
from games import registry
from games.core import Rng
from tests.bot.test_renderers import body, random_step, record_for

#: A name as long as the lobby shows for each seat of the largest table, each its own.
LONG = [f"{given} Worthington-Wadsworth"[:NAME_MAX] for given in "ABCDEF"]


def test_brief_name_cuts_to_columns() -> None:
    assert brief_name("Aoi") == "Aoi"
    assert brief_name("A" * BRIEF_COLUMNS) == "A" * BRIEF_COLUMNS
    assert brief_name("Wilhelmina Worthington") == "Wilhelmina…"  # no space before the cut
    # A kanji takes two columns: five and the ellipsis fit in twelve.
    assert brief_name("長谷川左衛門之助") == "長谷川左衛…"
    for name in ("Wilhelmina Worthington", "長谷川左衛門之助", "🌸" * 20, "x" * 100):
        assert display_width(brief_name(name)) <= BRIEF_COLUMNS


def shown_texts(payload: dict[str, Any]) -> str:
    """Every text a table message shows: content, embeds, and its buttons' labels."""
    parts = [payload.get("content") or ""]
    for embed in payload["embeds"]:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{field['name']}\n{field['value']}" for field in embed.get("fields", [])]
    for row in payload["components"]:
        parts += [item.get("label", "") for item in row["components"]]
    return "\n".join(parts)


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
def test_brief_table_names_seats_briefly(game_id: str) -> None:
    game = registry.get(game_id)
    players = game.max_players
    record = record_for(game_id, players, "en", seed=3)
    for seat in record.seats:
        seat.name = LONG[seat.seat]
    state = game.new(players, seed=3)
    session = Session(record=record, game=game, state=state)
    session.events += [(0, event) for event in state.opening_events()]
    rng, steps = Rng(3), 0
    in_whole: set[int] = set()
    in_brief: set[int] = set()
    while not state.is_over():
        brief = shown_texts(body(compose.table_payload(session, pictures=True)))
        whole = shown_texts(body(compose.table_payload(session)))
        for seat in range(players):
            assert shown_name(LONG[seat]) not in brief, (steps, brief)
            in_brief |= {seat} if brief_name(LONG[seat]) in brief else set()
            in_whole |= {seat} if shown_name(LONG[seat]) in whole else set()
        random_step(session, rng, steps, public_only=True)
        steps += 1
    # Every seat was named, briefly beside the picture and in full on the whole table; the
    # end's breakdown names every seat (briefly where its picture names them in full).
    assert in_brief == in_whole == set(range(players))
    final = renderer_for(game_id).final(compose.context(session))
    ending = shown_texts({"embeds": [e.to_dict() for e in final], "components": []})
    assert all(brief_name(n) in ending or shown_name(n) in ending for n in LONG[:players])


def test_the_away_line_names_a_player_briefly_beside_the_picture() -> None:
    """A player whose seat a CPU plays is named on the table's away line: briefly beside the
    picture, in full on the whole table."""
    game = registry.get("kasane")
    record = record_for("kasane", 3, "en", seed=3)
    away = record.seats[1]
    away.away_user_id, away.away_name = away.user_id, LONG[1]
    away.user_id, away.cpu_level, away.name = None, "normal", f"CPU ({LONG[1]})"
    session = Session(record=record, game=game, state=game.new(3, seed=3))
    brief = body(compose.table_payload(session, pictures=True))["content"]
    whole = body(compose.table_payload(session))["content"]
    assert brief.startswith("💤") and brief_name(LONG[1]) in brief
    assert shown_name(LONG[1]) not in brief
    assert whole.startswith("💤") and shown_name(LONG[1]) in whole
