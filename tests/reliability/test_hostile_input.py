"""Hostile input, property-based: forged and random custom_ids, other games' and seats' ids,
out-of-range values, clicks by non-players and by players of another game, DM interactions for
guild games, and forged slash-command options. Every input gets an answer (ephemeral where it
is a refusal), no move is applied that its player could not make, stored games always replay,
and nothing unexpected reaches the logs.

The bot and the fake Discord server run on an event loop in a background thread, so that
hypothesis can drive them example by example from a plain test function.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.client import GameBot
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from games import registry
from tests.e2e.harness import ErrorLog, create_lobby, game_id_of, make_bot, start_through_lobby

T = TypeVar("T")

EXAMPLES = 250


@dataclass
class World:
    loop: asyncio.AbstractEventLoop
    fake: FakeDiscord
    bot: GameBot
    users: list[User]
    outsider: User
    games: dict[str, tuple[int, int]]  # name -> (game id, thread id)
    lobby: Message
    errors: ErrorLog
    inputs: int = 0
    real_clicks: int = 0
    refusals: int = 0
    moves: int = 0
    actions: set[str] = field(default_factory=set)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)


async def start(
    fake: FakeDiscord, game: str, host: User, others: list[User], cpus: int
) -> tuple[int, int]:
    game_id, thread_id, _ = await start_through_lobby(fake, host, others, game, cpus=cpus)
    return game_id, thread_id


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    db = Path(tmp_path_factory.mktemp("hostile")) / "db.sqlite3"

    async def setup() -> tuple[FakeDiscord, GameBot, Any, list[User], User, dict, Message]:
        fake = FakeDiscord()
        await fake.__aenter__()
        users = [fake.add_user(f"U{i}", locale="ja" if i % 2 else "en-US") for i in range(5)]
        outsider = fake.add_user("Outsider", locale="en-US")
        bot = make_bot(fake, db, seed=77)
        runner = fake.run_bot(bot)
        await runner.__aenter__()
        games = {
            "kasane": await start(fake, "kasane", users[0], users[1:3], 0),
            "take_and_share": await start(fake, "take_and_share", users[3], [users[4]], 1),
        }
        lobby = await create_lobby(fake, users[0], "kasane")
        return fake, bot, runner, users, outsider, games, lobby

    fake, bot, runner, users, outsider, games, lobby = asyncio.run_coroutine_threadsafe(
        setup(), loop
    ).result(60)
    world = World(loop, fake, bot, users, outsider, games, lobby, errors)
    for game_id, _ in games.values():
        session = world.run(bot.sessions.get(game_id))
        assert session is not None
        for seat in range(len(session.record.seats)):
            world.actions.update(a.encode() for a in session.state.legal_actions(seat))
    yield world
    print(
        f"\nhostile input: {world.inputs} inputs tried, {world.refusals} answered privately, "
        f"{world.moves} moves made ({world.real_clicks} clicks on real controls), "
        f"{len(errors.records)} errors logged"
    )

    async def teardown() -> None:
        await runner.__aexit__(None, None, None)
        fake.take_violations("no_response")
        await fake.__aexit__(None, None, None)

    asyncio.run_coroutine_threadsafe(teardown(), loop).result(30)
    logging.getLogger().removeHandler(errors)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    assert not errors.records, [
        (r.getMessage(), logging.Formatter().formatException(r.exc_info) if r.exc_info else "")
        for r in errors.records
    ]
    fake.assert_clean()


GAME_NAMES = ["kasane", "take_and_share"]
junk = st.text(alphabet=st.characters(codec="utf-8"), max_size=110)
small_junk = st.text(alphabet="abcdefxyz0123456789.-~_", min_size=1, max_size=30)


@st.composite
def forged_custom_id(draw: st.DrawFn, world: World) -> tuple[str, int]:
    """A custom_id and component type: pure junk, or our formats with wrong parts."""
    game_ids = [gid for gid, _ in world.games.values()] + [game_id_of(world.lobby), 0, 987654]
    gid = draw(st.sampled_from(game_ids))
    version = draw(st.one_of(st.integers(0, 3), st.integers(0, 10**6)))
    seat = draw(st.integers(0, 9))
    action = draw(st.one_of(st.sampled_from(sorted(world.actions)), small_junk))
    kind = draw(st.sampled_from(["junk", "mv", "ms", "hd", "lb", "lo", *["real"] * 6]))
    if kind == "real":
        # A control really on the message, resolved when the click is made; half of the time
        # clicked by the player it is for.
        owner = "owner" if draw(st.booleans()) else "any"
        return f"real:{owner}:{draw(st.integers(0, 40))}", 2
    if kind == "junk":
        return draw(junk) or "x", draw(st.sampled_from([2, 3]))
    if kind == "mv":
        return f"mv:{gid}:{version}:{seat}:{action}"[:100], 2
    if kind == "ms":
        prefix = draw(st.sampled_from(["", "pass", "play", "give"]))
        return f"ms:{gid}:{version}:{seat}:{draw(st.integers(0, 9))}:{prefix}", 3
    if kind == "hd":
        return f"hd:{gid}" + draw(st.sampled_from(["", ":r"])), 2
    if kind == "lb":
        return f"lb:{gid}:{draw(st.sampled_from(['join', 'leave', 'cpu', 'start', 'cancel']))}", 2
    field_name = draw(st.sampled_from(["variant_a", "variant_b", "long_game", "nope"]))
    return f"lo:{gid}:{field_name}", 3


def click_strategy(world: World) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.tuples(
        st.sampled_from([*world.users, world.outsider]),
        st.sampled_from(["kasane", "take_and_share", "lobby", "dm", "stub"]),
        forged_custom_id(world),
        st.lists(st.one_of(st.sampled_from(sorted(world.actions)), small_junk), max_size=3),
    )


async def check_games(world: World) -> None:
    """Stored games are consistent: contiguous versions that replay to the stored snapshot."""
    for game_id, _ in world.games.values():
        record = await world.bot.store.get(game_id)
        assert record is not None
        rows = await world.bot.store.actions(game_id)
        assert [v for v, _, _ in rows] == list(range(1, record.version + 1))
        game = registry.get(record.game)
        replay = game.replay(
            len(record.seats), record.seed, record.options, [(s, a) for _, s, a in rows]
        )
        assert replay.snapshot() == record.snapshot


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_forged_clicks_are_answered_and_change_nothing_they_should_not(
    world: World, data: st.DataObject
) -> None:
    user, where, (custom_id, component_type), values = data.draw(click_strategy(world))
    fake = world.fake

    async def act() -> None:
        nonlocal user, where
        before = {gid: (await world.bot.store.get(gid)).version for gid, _ in world.games.values()}  # type: ignore[union-attr]
        if custom_id.startswith("real:"):
            where = "kasane"  # the game whose table carries the moves
        if where in world.games:
            game_id, thread_id = world.games[where]
            record = await world.bot.store.get(game_id)
            assert record is not None and record.table_message_id is not None
            channel_id, message_id = thread_id, record.table_message_id
        elif where == "lobby":
            channel_id, message_id = world.lobby.channel_id, world.lobby.id
        elif where == "dm":
            channel_id, message_id = user.dm_channel.id, fake.snowflake()
        else:
            channel_id, message_id = fake.channel.id, fake.snowflake()
        if custom_id.startswith("real:"):
            message = fake.messages.get(message_id)
            real = [c for c in (message.custom_ids if message else []) if c.startswith("mv:")]
            # At a step played from the hand, the table has only "Show my hand".
            real = real or (message.custom_ids if message else ["hd:0"])
            _, owner, index = custom_id.split(":")
            chosen = real[int(index) % len(real)]
            world.real_clicks += 1
            if owner == "owner" and chosen.startswith("mv:"):
                seat = int(chosen.split(":")[3])
                record = await world.bot.store.get(world.games[where][0])
                assert record is not None
                holder = record.seats[seat].user_id
                user = next((u for u in world.users if u.id == holder), user)
        else:
            chosen = custom_id
        inter = await user.click_raw(
            message_id,
            channel_id,
            chosen,
            component_type,
            values=values or ["x"] if component_type == 3 else None,
        )
        response = await inter.response(timeout=10)
        world.inputs += 1
        if response.type == 4:
            assert response.ephemeral, response
            assert response.message is not None and response.message.text.strip()
            world.refusals += 1
        else:
            assert response.type in (5, 6, 7), response
        await asyncio.sleep(0)
        after = {gid: (await world.bot.store.get(gid)).version for gid, _ in world.games.values()}  # type: ignore[union-attr]
        for gid in after:
            moved = after[gid] - before[gid]
            assert moved >= 0
            record = await world.bot.store.get(gid)
            assert record is not None
            rows = await world.bot.store.actions(gid)
            for version, seat, _ in rows[before[gid] : after[gid]]:
                if record.seats[seat].is_cpu:
                    continue  # the game's CPU moved on its own
                # A human seat moved: only by its own player's click on that very control.
                prefixes = (f"mv:{gid}:{version - 1}:{seat}:", f"ms:{gid}:{version - 1}:{seat}:")
                assert chosen.startswith(prefixes), (chosen, version, seat)
                assert record.seats[seat].user_id == user.id, (chosen, user)
            world.moves += max(0, moved)
        await check_games(world)

    world.run(act())


def test_forged_slash_options_get_an_answer(world: World) -> None:
    """Slash commands with values no client would send: unknown game, timer, language."""
    fake = world.fake

    async def act() -> None:
        command = next(
            c for cmds in fake.commands.values() for c in cmds.values() if c["name"] == "newgame"
        )
        for options in (
            [{"name": "game", "type": 3, "value": "chess"}],
            [
                {"name": "game", "type": 3, "value": "kasane"},
                {"name": "turn_timer", "type": 4, "value": 99999},
            ],
            [
                {"name": "game", "type": 3, "value": "kasane"},
                {"name": "language", "type": 3, "value": "xx"},
            ],
        ):
            data = {"id": command["id"], "name": "newgame", "type": 1, "options": options}
            inter = await fake._start_interaction(world.outsider, 2, fake.channel, data)
            response = await inter.response(timeout=10)
            world.inputs += 1
            assert response.type == 4 and response.ephemeral, response
            world.refusals += 1

    world.run(act())
