"""Expert CPU seats in a live session: the table's level and the bot's search budget decide
every CPU move, reproducibly from the seed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.sessions import Sessions
from bot.storage.records import SeatRecord
from bot.storage.sqlite import SqliteStore
from games import registry
from games.core import Rng
from tests.bot.stored import create_lobby

BUDGET = 48


async def test_expert_seats_play_with_the_bots_budget(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    seed = 4242
    stored = await create_lobby(
        store,
        seats=[SeatRecord(i, f"CPU {i + 1}", None, None) for i in range(3)],
        host_name="CPU 1",
        language="en",
        seed=seed,
        cpu_level="expert",
    )
    sessions = Sessions(store, cpu_delay=0, expert_rollouts=BUDGET)
    session = await sessions.start(stored)
    sessions.schedule(session)

    async def finished() -> None:
        while True:
            current = await store.get(stored.id)
            if current is not None and current.status == "finished":
                return
            await asyncio.sleep(0.01)

    await asyncio.wait_for(finished(), 120)
    log = await store.actions(stored.id)
    await sessions.close()
    await store.close()

    game = registry.get("kasane")
    expert = game.cpu("expert", rollouts=BUDGET)
    assert getattr(expert, "rollouts", None) == BUDGET
    state = game.new(3, seed=seed, options=game.options({}))
    for version, seat, text in log:
        expected = expert.choose(state, seat, Rng(seed).fork(version))
        assert text == expected.encode(), (version, seat)
        state.apply(seat, game.Action.decode(text))
    assert state.is_over()
