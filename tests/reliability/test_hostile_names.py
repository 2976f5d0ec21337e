"""Names are shown, never interpreted: players whose display names are markdown links, mention
syntax, markdown runs, right-to-left overrides, right-to-left script or far too long play whole
games of every game at its largest table. Every table, hand, log line and final breakdown stays
within Discord's limits, and no name becomes a link, a mention, formatting or reversed text.
Prints how many names were shown and checked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.names import ISOLATE_CLOSE, ISOLATE_OPEN, NAME_MAX, brief_name, shown_name
from bot.publish import compose
from bot.render import renderer_for
from bot.sandbox.fakediscord import FakeDiscord
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from games import registry
from games.core import Rng
from tests.bot.test_renderers import body, record_for
from tests.e2e.harness import make_bot, start_through_lobby, table_message

HOSTILE = [
    "[Free Nitro](https://evil.test)",
    "abc\u202eevil name\u202c",
    "*" * NAME_MAX,
    "@everyone <@123456789012345678>",
    "محمد الطويل 123",
    "`||# -# > _~~x~~_ <t:0:R>" + "Z" * 80,
]
#: Masked links, live URLs, mass mentions and user/channel/time mention syntax.
INTERPRETED = re.compile(
    r"(?<!\\)\[[^\]\n]*\]\(|https?://|@everyone|@here|(?<!\\)<(@|#|t:)|\u202e|\u202c"
)
#: What each hostile name must look like when shown (escaped, cut, isolated if needed), in
#: full or cut short beside a table's picture.
SHOWN = list(
    dict.fromkeys([shown_name(name) for name in HOSTILE] + [brief_name(name) for name in HOSTILE])
)


def texts(payload: dict[str, Any]) -> list[str]:
    """Every text of a message body that Discord renders."""
    out = [payload.get("content") or ""]
    for embed in payload.get("embeds", []):
        out += [embed.get("title", ""), embed.get("description", "")]
        out += [embed.get("footer", {}).get("text", ""), embed.get("author", {}).get("name", "")]
        for field in embed.get("fields", []):
            out += [field["name"], field["value"]]
    return [t for t in out if t]


def check(payload: dict[str, Any], where: str) -> int:
    """Discord's limits hold and nothing in the names is interpreted; returns how many names
    were shown."""
    problems = check_message(payload)
    assert not problems, (where, [str(p) for p in problems])
    shown = 0
    for text in texts(payload):
        assert not INTERPRETED.search(text), (where, text)
        assert text.count(ISOLATE_OPEN) == text.count(ISOLATE_CLOSE), (where, text)
        shown += sum(text.count(name) for name in SHOWN)
    return shown


def test_shown_name_makes_a_name_inert() -> None:
    assert shown_name("Aoi") == "Aoi"  # a plain name stays as it is
    link = shown_name(HOSTILE[0])
    assert link.startswith("\\[") and "https://" not in link
    override = shown_name(HOSTILE[1])
    assert "\u202e" not in override and override[0] == ISOLATE_OPEN
    assert shown_name(HOSTILE[4])[0] == ISOLATE_OPEN  # right-to-left script is isolated
    assert len(shown_name("x" * 100)) == NAME_MAX and shown_name("x" * 100).endswith("…")
    assert "\n" not in shown_name("two\nlines")
    # Cut short beside a picture, then escaped: an escape never counts, nor is cut in half.
    assert brief_name(HOSTILE[2]) == "\\*" * 11 + "…"
    assert brief_name(HOSTILE[5]) == "\\`\\|\\|# -# > \\_…"
    assert brief_name(HOSTILE[3]) == "@\u200beveryone \\<…"
    assert brief_name(HOSTILE[4])[0] == ISOLATE_OPEN and brief_name(HOSTILE[4])[-1] == ISOLATE_CLOSE


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
def test_hostile_names_at_the_largest_table(game_id: str) -> None:
    game = registry.get(game_id)
    players = game.max_players
    renderer = renderer_for(game_id)
    record = record_for(game_id, players, "en", seed=5)
    for seat in record.seats:
        seat.name = HOSTILE[seat.seat % len(HOSTILE)]
    record.seats[-1].user_id = None  # one CPU, named after a player like `/game replace` does
    record.seats[-1].cpu_level = "random"
    state = game.new(players, seed=5)
    session = Session(record=record, game=game, state=state)
    rng = Rng(5)
    shown = messages = steps = 0
    while True:
        ctx = compose.context(session)
        shown += check(body(compose.table_payload(session)), f"table at step {steps}")
        brief = body(compose.table_payload(session, pictures=True))
        shown += check(brief, f"table beside its picture at step {steps}")
        messages += 2
        if steps % 5 == 0 or state.is_over():
            for seat in range(players):
                hand = body(compose.hand_payload(session, seat, "en"))
                shown += check(hand, f"seat {seat}'s hand at step {steps}")
                messages += 1
        if state.is_over():
            final = {"embeds": [e.to_dict() for e in renderer.final(ctx)]}
            shown += check(final, "final breakdown")
            messages += 1
            break
        seat = state.to_act()[0]
        action = game.cpu("random").choose(state, seat, rng.fork(steps))
        for event in state.apply(seat, action):
            if event.public:
                session.events.append((steps, event))
        record.version += 1
        steps += 1
    print(
        f"\nhostile names, {game_id} with {players} players: {messages} messages, "
        f"{shown} names shown escaped, 0 interpreted"
    )
    assert shown > 0


async def test_hostile_names_on_the_bot_s_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = [fake.add_user(name, locale="en-US") for name in HOSTILE[:4]]
    bot = make_bot(fake, tmp_path / "db.sqlite3")
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(fake, users[0], users[1:], "kasane")
        table = table_message(fake, game_id, thread_id)
        shown = check({"content": table.data.get("content"), "embeds": table.embeds}, "the table")
    print(f"\nhostile names on the bot's table: {shown} names shown escaped, 0 interpreted")
    assert shown >= 4
