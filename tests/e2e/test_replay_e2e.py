"""Replays end to end: a finished game's end message and `/game replay` step through it privately,
move by move and by round, every hand shown; a game in play, an abandoned game and another
server's game have none."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.i18n import messages as msg
from bot.render import kasane, renderer_for
from bot.render.base import RenderContext
from bot.replays import rebuild, step_page, targets
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.storage.records import GameRecord, SeatRecord
from games import registry
from games.core import State
from tests.e2e.harness import (
    custom_id,
    final_message,
    finished_outcome,
    game_started,
    table_message,
)
from tests.e2e.test_kasane_e2e import play_out
from tests.reliability.test_hidden_information import lines_of, private_parts

#: Hana plays in English; Ben, who does not play, reads the replay in Japanese.
PEOPLE = "Hana:en-US Ben:ja"


def heading(page: Message) -> str:
    """A replay step's first line ("**… #12 — replay** · Move 3/57")."""
    return page.content.splitlines()[0]


def step_of(page: Message) -> int:
    """The step a replay message shows (0 for the deal), read from its heading as shown."""
    found = re.search(r"(\d+)/\d+", heading(page).rpartition("·")[2])
    return int(found[1]) if found else 0


def button(page: Message, way: str) -> dict:
    """A replay's step button (`b` ⏮, `p` ◀, `n` ▶, `f` ⏭)."""
    found = page.component(custom_id(page, rf"rp:\d+:\d+:{way}"))
    assert found is not None
    return found


async def step(user: User, fake: FakeDiscord, page: Message, way: str) -> Message:
    """Click a step button: the same private message shows the step it leads to."""
    inter = await user.click(page, custom_id(page, rf"rp:\d+:\d+:{way}"))
    response = await inter.response()
    assert response.type == 7, "a step edits the replay's own message"
    return fake.message(page.id)


def assert_hands(page: Message, state: State) -> None:
    """The replay's last embed shows every seat's hand as it is in `state`, card by card."""
    hands = page.embeds[-1]
    assert hands["title"] == msg.REPLAY_HANDS("ja")
    assert len(hands["fields"]) == 3  # every seat's hand, named
    for seat, field in enumerate(hands["fields"]):
        assert field["name"].startswith("①②③"[seat])
        for value in state.private_view(seat).hand:  # type: ignore[attr-defined]
            assert kasane.card(value) in field["value"], (seat, value, field["value"])


def page_turns(
    game: str, players: int, seed: int, actions: list[tuple[int, int, str]]
) -> list[int]:
    """The moves (numbered from 1) whose events end a round, worked out from the engine."""
    engine = registry.get(game)
    state = engine.new(players, seed=seed)
    turns = []
    for n, (_, seat, text) in enumerate(actions, start=1):
        events = state.apply(seat, engine.Action.decode(text))
        if any(e.kind in engine.page_turns for e in events):
            turns.append(n)
    return turns


async def test_a_finished_game_replays_move_by_move_with_every_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", PEOPLE, seated=1, cpus=2, seed=7
    ) as game:
        fake, bot, session, game_id, thread_id, (hana, ben) = game
        # In play: no replay, whoever asks and however; nothing of any hand is shown.
        hidden = set().union(*(private_parts(session, seat) for seat in range(3)))
        assert hidden
        inter = await hana.slash("game replay", channel=thread_id)
        refused = (await inter.response()).message
        assert refused is not None and refused.ephemeral
        assert refused.text == msg.REPLAY_NOT_OVER("en", id=game_id)
        assert not refused.embeds and not refused.attachments
        table = table_message(fake, game_id, thread_id)
        inter = await ben.click_raw(table.id, thread_id, f"rp:{game_id}:3:n")
        forged = (await inter.response()).message
        assert forged is not None and forged.ephemeral and not forged.embeds
        assert not forged.attachments and "リプレイ" not in forged.text
        for shown in (refused, forged):
            assert not hidden & lines_of(shown.text)

        await play_out(fake, bot, {0: hana}, game_id, thread_id)
        record, result, actions = await finished_outcome(bot, game_id)
        end = await final_message(fake, thread_id)
        assert end.button("Replay")["custom_id"] == f"rp:{game_id}"

        # Ben did not play; the end message's Replay opens the deal privately, in Japanese.
        inter = await ben.click(end, f"rp:{game_id}")
        response = await inter.response()
        assert response.type == 4 and response.ephemeral
        page = await inter.wait_original()
        assert page.ephemeral and "リプレイ" in heading(page) and "配り（0手目）" in heading(page)
        assert page.attachments and page.attachments[0]["filename"] == "table.png"
        assert button(page, "b").get("disabled") and button(page, "p").get("disabled")
        engine = registry.get("kasane")
        state = engine.new(3, seed=record.seed)
        assert_hands(page, state)

        # ▶ walks every stored move, one edit of the same message each, each with its lines.
        moves = len(actions)
        seen = [0]
        while not button(page, "n").get("disabled"):
            page = await step(ben, fake, page, "n")
            seen.append(step_of(page))
            assert f"{seen[-1]}/{moves}手目" in heading(page)
            assert len(page.content.splitlines()) > 1, "the move's log line(s)"
            _, seat, action = actions[seen[-1] - 1]
            state.apply(seat, engine.Action.decode(action))
            assert_hands(page, state)
        assert seen == list(range(moves + 1)), "one step per stored move, after the deal"
        assert len([m for m in ben.ephemerals() if f"rp:{game_id}:" in str(m.custom_ids)]) == 1

        # The last step shows the final breakdown: its picture, and its text as the end
        # message has it, in the reader's language.
        assert page.attachments[0]["filename"] == "final.png"
        breakdown = renderer_for("kasane").final(final_context(record, "ja"))
        for shown, made in zip(page.embeds, breakdown, strict=False):
            assert shown.get("title") == made.title
            assert shown.get("description") == made.description
            fields = [(f.name, f.value) for f in made.fields]
            assert [(f["name"], f["value"]) for f in shown.get("fields", [])] == fields
        totals = "\n".join(f["value"] for f in page.embeds[0]["fields"])
        for score in result["scores"]:
            assert f"合計: {score}**" in totals
        assert button(page, "f").get("disabled") and button(page, "n").get("disabled")

        # ⏮ goes back round by round to the deal; ⏭ lands on the same round ends.
        turns = page_turns("kasane", 3, record.seed, actions)
        assert turns, "a kasane game has several rounds"
        back = []
        while not button(page, "b").get("disabled"):
            page = await step(ben, fake, page, "b")
            back.append(step_of(page))
        assert back == [*reversed([t for t in turns if t < moves]), 0]
        forth = []
        while not button(page, "f").get("disabled"):
            page = await step(ben, fake, page, "f")
            forth.append(step_of(page))
        assert forth == sorted({*[t for t in turns if t > 0], moves})

        # /game replay opens a new reading, which replaces the last one; in English for Hana.
        inter = await ben.slash("game replay", {"id": game_id})
        again = await inter.wait_original()
        assert step_of(again) == 0
        await fake.wait_for(lambda: fake.message(page.id).deleted, 10, "the last replay gone")
        inter = await hana.slash("game replay", channel=thread_id)
        english = await inter.wait_original()
        assert "The deal (move 0)" in heading(english) and "Every hand" in english.text

        # Another server's members cannot read it, nor a game that does not exist.
        elsewhere = fake.add_guild("Elsewhere", "ja")
        for asked in (game_id, game_id + 100):
            inter = await ben.slash("game replay", {"id": asked}, channel=elsewhere)
            unknown = (await inter.response()).message
            assert unknown is not None and unknown.text == msg.ERROR_UNKNOWN_GAME("ja")


def final_context(record: GameRecord, lang: str) -> RenderContext:
    """What the renderer reads of the finished game `record`, in `lang`."""
    game = registry.get(record.game)
    assert record.snapshot is not None
    state = game.load(record.snapshot)
    return RenderContext(game=game, state=state, record=record, lang=lang, events=[])  # type: ignore[arg-type]


async def test_an_abandoned_game_has_no_replay(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with game_started(fake_discord, tmp_path, "kasane", PEOPLE, seated=1, cpus=2) as game:
        _fake, bot, _, game_id, thread_id, (hana, _) = game
        inter = await hana.slash("game abandon", channel=thread_id)
        ask = await inter.wait_original()
        await (await hana.click(ask, f"ab:{game_id}")).response()
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "abandoned"
        inter = await hana.slash("game replay", {"id": game_id})
        refused = (await inter.response()).message
        assert refused is not None and refused.text == msg.REPLAY_ABANDONED("en", id=game_id)


def played(game_id: str, players: int, seed: int) -> tuple[GameRecord, list[tuple[int, int, str]]]:
    """A finished game of `game_id` played by random legal moves, as its record and stored log."""
    engine = registry.get(game_id)
    state = engine.new(players, seed=seed)
    rng = random.Random(seed)
    rows = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        rows.append((len(rows) + 1, seat, action.encode()))
    seats = [SeatRecord(s, f"Player {s + 1}", 100 + s) for s in range(players)]
    record = GameRecord(
        id=9, game=game_id, status="finished", guild_id=1, channel_id=2, host_id=100,
        language="en", seed=seed, created_at=0.0, updated_at=0.0, seats=seats,
        snapshot=state.snapshot(),
    )  # fmt: skip
    return record, rows


@pytest.mark.parametrize("game", [g.id for g in registry.all()])
def test_every_step_of_every_title_fits_a_message(game: str) -> None:
    """Every title's replay, at its largest table, in both languages, with and without its
    picture: each step within Discord's limits (text, embeds, fields), every seat's hand
    named, the jumps landing on the moves that turn a page (or the ends, for a title without
    pages)."""
    engine = registry.get(game)
    record, rows = played(game, engine.max_players, seed=11)
    turns = page_turns(game, engine.max_players, 11, rows)
    last = len(rows)
    for at in [*range(0, last, 9), last]:
        rebuilt = rebuild(record, rows, at)
        assert (rebuilt.step, rebuilt.last, rebuilt.turns) == (at, last, turns)
        moves = [(seat, action) for _, seat, action in rows[:at]]
        expected = engine.replay(engine.max_players, 11, None, moves).snapshot()
        assert rebuilt.state.snapshot() == expected, "rebuilt from the state kept before it"
        way = targets(rebuilt)
        assert way["b"] == max([t for t in turns if t < at], default=0)
        assert way["f"] == min([t for t in turns if t > at], default=last)
        for lang, pictures_on in (("en", True), ("ja", False)):
            page = step_page(record, rebuilt, lang, pictures_on=pictures_on)  # type: ignore[arg-type]
            assert len(page.content) <= 2000 and len(page.embeds) <= 10
            assert sum(len(embed) for embed in page.embeds) <= 6000
            assert all(len(f.value or "") <= 1024 for e in page.embeds for f in e.fields)
            hands = page.embeds[-1]
            assert [f.name for f in hands.fields] == [
                f"{'①②③④⑤⑥'[s]} Player {s + 1}" for s in range(engine.max_players)
            ]
            assert (page.job is not None) == pictures_on
            if pictures_on:
                assert page.job.kind == ("final" if at == last else "table")  # type: ignore[union-attr]
    # A step past the end (a forged custom_id) shows the last one.
    assert rebuild(record, rows, last + 50).step == last
