"""Two bot processes on four shards sharing one PostgreSQL database, through the fake Discord.

The guild is on shard 3, so its games belong to the process running shards 2–3 (lobby, table,
CPU turns, publishing); Discord sends DMs to shard 0, so every click on a DM hand is applied by
the other process. Both processes store moves of the same game; the database keeps them in
order, and the owner hears of the other's moves (NOTIFY) and keeps the table and hands current.
A pick shown back on a DM hand by the other process stays on it through the owner's edits, and
a seat changing hands on the owner reaches the other process's copy of the game.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from bot.client import GameBot
from bot.i18n import messages as msg
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.sandbox.fakediscord.pytest_plugin import fake_discord, fake_discord_options
from bot.session import Session
from bot.storage.postgres import PostgresStore
from games import registry
from tests.e2e import test_irobae_e2e as irobae
from tests.e2e.harness import (
    custom_id,
    dm_hand,
    make_bot,
    move_buttons,
    refresh_hand,
    refusal,
    start_through_lobby,
    table_message,
    wait_stored,
    wait_until,
)
from tests.e2e.test_irobae_e2e import human_pass
from tests.e2e.test_live_hands_e2e import open_dm_hand

__all__ = ["fake_discord", "fake_discord_options"]

SHARDS = 4
GUILD_SHARD = 3
#: A CPU's pause before each move, long enough that a CPU taking a seat over makes none while
#: a test runs (it is cancelled when the bot stops; the settings allow no such pause).
CPU_WAITS = 3600.0


def playable(
    fake: FakeDiscord,
    user: User,
    game_id: int,
    thread_id: int,
    version: int,
    seat: int,
    legal: set[str],
) -> tuple[str, dict[str, str]] | None:
    """Where the seat's legal moves at `version` can be clicked: `("dm", …)` on its DM hand if
    there, else `("table", …)`; None while neither shows them yet."""
    hand = move_buttons(dm_hand(user, game_id), game_id, version, seat)
    table = move_buttons(table_message(fake, game_id, thread_id), game_id, version, seat)
    hand = {a: c for a, c in hand.items() if a in legal}
    table = {a: c for a, c in table.items() if a in legal}
    return ("dm", hand) if hand else ("table", table) if table else None


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARD, SHARDS))
async def test_dm_clicks_on_the_other_process_are_applied_once_and_published(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="en-US")
    first = make_bot(fake, tmp_path / "a", seed=21, database_url=postgres_url, shards=(4, [0, 1]))
    owner = make_bot(fake, tmp_path / "b", seed=21, database_url=postgres_url, shards=(4, [2, 3]))
    observer = await PostgresStore.open(postgres_url)
    rng = random.Random(4)
    async with fake.run_bot(first), fake.run_bot(owner):
        await fake.wait_for(lambda: fake.gateway.identifies == SHARDS, what="four shards")
        for user in (aoi, ben):
            await (await user.slash("settings", {"hand": "dm"})).response()
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [ben], "kasane", cpus=1)
        users = {0: aoi, 1: ben}
        played = {"dm": 0, "table": 0}
        game = registry.get("kasane")
        for _ in range(400):
            record = await observer.get(game_id)
            assert record is not None
            if record.status != "playing":
                break
            state = game.load(record.snapshot or {})
            table = table_message(fake, game_id, thread_id)
            turned = [c for c in table.custom_ids if c.startswith("np:")]
            if turned:
                # A round ended: both read its summary and press the table's Next (a click in
                # the server, answered by the process that runs the game).
                for user in users.values():
                    inter = await user.click_raw(table.id, thread_id, turned[0])
                    await inter.response()
                await fake.wait_for(
                    lambda: (
                        not any(
                            c.startswith("np:")
                            for c in table_message(fake, game_id, thread_id).custom_ids
                        )
                    ),
                    20,
                    "the next round on the table",
                )
                continue
            humans = [s for s in state.to_act() if s in users]
            if not humans:
                await asyncio.sleep(0.05)  # a CPU's turn
                continue
            seat = humans[0]
            user = users[seat]
            legal = {a.encode() for a in state.legal_actions(seat)}
            if dm_hand(user, game_id) is None:
                table = table_message(fake, game_id, thread_id)
                await (await user.click(table, f"hd:{game_id}")).response()
                await wait_until(fake, partial(dm_hand, user, game_id), "the DM hand")
            choices = partial(playable, fake, user, game_id, thread_id, record.version, seat, legal)
            where, found = await fake.wait_for(choices, 20, "controls for the player to act")
            action = rng.choice(sorted(found))
            message = (
                dm_hand(user, game_id) if where == "dm" else table_message(fake, game_id, thread_id)
            )
            assert message is not None
            response = await (await user.click(message, found[action])).response()
            assert response.type in (6, 7), response
            played[where] += 1
            version = record.version

            async def stored(version: int = version) -> bool:
                now = await observer.get(game_id)
                return now is not None and now.version > version

            for _ in range(200):
                if await stored():
                    break
                await asyncio.sleep(0.05)
        else:
            raise AssertionError("the game did not end")
        record = await observer.get(game_id)
        assert record is not None and record.status == "finished"
        # Clicks crossed processes: moves from DM hands were applied by the first process.
        assert played["dm"] >= 3, played
        # Every stored move replays from the seed to the stored result; none twice, none lost.
        actions = await observer.actions(game_id)
        assert [v for v, _, _ in actions] == list(range(1, record.version + 1))
        replay = game.new(3, seed=record.seed)
        for _, seat, text in actions:
            replay.apply(seat, game.Action.decode(text))
        assert replay.result().model_dump(mode="json") == await observer.result(game_id)
        # The owner published the end, though the last moves may have been made elsewhere.
        await wait_until(
            fake,
            lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)),
            "the final table",
        )
        assert first.sessions._live.get(game_id) is None
    await observer.close()


class PassTable(NamedTuple):
    """A 色映に生へど game of Aoi (the host), Ben and Chika on two processes, Ben's hand sent
    by DM by the game's owner; Ben passes to Chika."""

    first: GameBot
    owner: GameBot
    session: Session
    thread_id: int
    users: tuple[User, User, User]
    ben_seat: int
    dm: Message


@asynccontextmanager
async def pass_table(
    fake: FakeDiscord, tmp_path: Path, postgres_url: str
) -> AsyncIterator[PassTable]:
    """`PassTable`, the processes running until the block ends: `first` runs shards 0–1 (it
    answers every click in DMs), `owner` shards 2–3 (the game's guild)."""
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="en-US")
    chika = fake.add_user("Chika", locale="en-US")
    first = make_bot(fake, tmp_path / "a", seed=11, database_url=postgres_url, shards=(4, [0, 1]))
    owner = make_bot(fake, tmp_path / "b", seed=11, database_url=postgres_url, shards=(4, [2, 3]))
    async with fake.run_bot(first), fake.run_bot(owner):
        await fake.wait_for(lambda: fake.gateway.identifies == SHARDS, what="four shards")
        await (await ben.slash("settings", {"hand": "dm"})).response()
        game_id, thread_id, _ = await start_through_lobby(
            fake, aoi, [ben, chika], "irobae", language="en"
        )
        session = await owner.sessions.get(game_id)
        assert session is not None
        ben_seat = session.record.seat_of(ben.id)
        chika_seat = session.record.seat_of(chika.id)
        assert ben_seat is not None and chika_seat is not None
        assert session.state.private_view(ben_seat).pass_to == chika_seat  # type: ignore[attr-defined]
        dm = await open_dm_hand(fake, ben, game_id, thread_id)  # sent by the owner
        yield PassTable(first, owner, session, thread_id, (aoi, ben, chika), ben_seat, dm)


async def pick_pass(fake: FakeDiscord, table: PassTable) -> str:
    """Ben picks two cards in his DM hand's pass select (the first process answers, and keeps
    the pick in the background); returns its Confirm button's custom_id."""
    session, seat, dm, ben = table.session, table.ben_seat, table.dm, table.users[1]
    select = irobae.pass_select(fake.message(dm.id), session.id, seat)
    values = [o["value"] for o in select["options"]][:2]
    inter = await ben.select(fake.message(dm.id), select["custom_id"], values)
    assert (await inter.response()).type == 7
    assert "☑️" in fake.message(dm.id).text
    label = session.controls_version(seat)
    return custom_id(fake.message(dm.id), rf"mv:{session.id}:{label}:{seat}:pass\.\d+\.\d+")


async def owner_edited(
    fake: FakeDiscord, table: PassTable, text: str, absent: str | None = None
) -> Message:
    """Ben's DM hand once it holds `text` (and not `absent`) and the owner has nothing left
    to publish."""

    def edited() -> bool:
        shown = fake.message(table.dm.id).text
        return text in shown and (absent is None or absent not in shown)

    await wait_until(
        fake,
        lambda: edited() and table.owner.publisher.idle(table.session.id),
        f"Ben's DM hand to show {text!r}",
    )
    return fake.message(table.dm.id)


async def replace_chika(fake: FakeDiscord, table: PassTable) -> None:
    """The host gives Chika's seat to a CPU, which passes for her."""
    aoi, _, chika = table.users
    version = table.session.version
    inter = await aoi.slash("game replace", {"player": chika}, channel=table.thread_id)
    await inter.response()
    await wait_stored(fake, table.session, version, "the CPU's pass for Chika")


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARD, SHARDS))
async def test_a_dm_hand_keeps_a_pick_made_on_the_other_process(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    """Ben picks his 色映に生へど pass on his hand by DM, a click the process running shard 0
    answers; the owner of the game (which sent that hand) then edits it after the host gives
    Chika's seat to a CPU, the seat Ben passes to: the edit names the CPU and keeps Ben's pick
    and its Confirm button. A refresh there drops the pick, and the owner's next edit (Chika
    back in her seat) does not bring it back. Picked again, the Confirm plays the pass."""
    fake = fake_discord
    async with pass_table(fake, tmp_path, postgres_url) as table:
        first, owner, session, thread_id, (_, ben, chika), ben_seat, dm = table
        confirm = await pick_pass(fake, table)
        await first.publisher.dm_hands.picks_kept()
        # The owner edits Ben's hand, which names the CPU he passes to now, with his pick and
        # its Confirm still on it.
        await replace_chika(fake, table)
        shown = await owner_edited(fake, table, "CPU (Chika)")
        assert "☑️" in shown.text and confirm in shown.custom_ids
        assert len(ben.dms()) == 1
        # A refresh (on the other process) drops the pick; Chika takes her seat back, and the
        # owner's edit of Ben's hand does not bring the pick back.
        await refresh_hand(fake, ben, shown, session.id)
        await first.publisher.dm_hands.picks_kept()
        await (await chika.slash("game return", {}, channel=thread_id)).response()
        shown = await owner_edited(fake, table, "Chika", "CPU (Chika)")
        assert "☑️" not in shown.text
        assert not [c for c in shown.custom_ids if c.startswith("mv:")]
        # Picked again, the Confirm plays the pass (the other process stores it).
        confirm = await pick_pass(fake, table)
        await first.publisher.dm_hands.picks_kept()
        version = session.version
        inter = await ben.click(fake.message(dm.id), confirm)
        assert (await inter.response()).type == 7
        await wait_stored(fake, session, version, "Ben's pass")
        actions = await owner.store.actions(session.id)
        assert [a for _, s, a in actions if s == ben_seat] == [confirm.rsplit(":", 1)[1]]


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARD, SHARDS))
async def test_a_dm_hand_pick_stored_after_the_owners_edit_is_put_back_on_the_hand(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pick is stored in the background after the click's answer; here its write waits until
    the owner has edited Ben's hand for the CPU that takes Chika's seat, an edit that went out
    without the pick. Told of the click once it is stored, the owner edits the hand again,
    with the pick and its Confirm on it."""
    fake = fake_discord
    async with pass_table(fake, tmp_path, postgres_url) as table:
        store = table.first.store
        write = store.set_dm_hand_pick
        stored = asyncio.Event()

        async def stored_later(*args: Any, **kwargs: Any) -> None:
            await stored.wait()
            await write(*args, **kwargs)

        monkeypatch.setattr(store, "set_dm_hand_pick", stored_later)
        confirm = await pick_pass(fake, table)
        await replace_chika(fake, table)
        shown = await owner_edited(fake, table, "CPU (Chika)")
        assert "☑️" not in shown.text  # the owner knows of no pick yet
        stored.set()
        await table.first.publisher.dm_hands.picks_kept()

        def kept() -> bool:
            shown = fake.message(table.dm.id)
            return "CPU (Chika)" in shown.text and confirm in shown.custom_ids

        await wait_until(fake, kept, "Ben's DM hand to show his pick again")
        shown = await owner_edited(fake, table, "CPU (Chika)")
        assert "☑️" in shown.text and confirm in shown.custom_ids
        assert len(table.users[1].dms()) == 1


async def seats_heard(fake: FakeDiscord, table: PassTable, what: str) -> None:
    """Wait until the first process's copy of the game (it holds one once it has answered a
    click on a DM hand) has the seats as the owner stored them."""

    def same() -> bool:
        copy = table.first.sessions._live.get(table.session.id)
        return copy is not None and copy.record.seats == table.session.record.seats

    await wait_until(fake, same, what)


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARD, SHARDS))
async def test_seats_changing_hands_reach_the_process_answering_dm_hands(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    """The host gives Ben's and Chika's seats to CPUs (which wait to move), and later both take
    them back: changes the owner of the game stores with no move, which the process answering
    Ben's DM hand (it holds a copy of the game since his first click there) hears of. While a
    CPU holds Ben's seat, his Confirm on the DM hand is refused there (he is told how to take
    it back) and nothing is stored;
    once he is back, his pass from the DM hand is accepted, and its answers name the players
    as they sit now."""
    fake = fake_discord
    async with pass_table(fake, tmp_path, postgres_url) as table:
        first, owner, session, thread_id, (aoi, ben, chika), ben_seat, dm = table
        owner.sessions.cpu_delay = CPU_WAITS
        aoi_seat = session.record.seat_of(aoi.id)
        assert aoi_seat is not None
        confirm = await pick_pass(fake, table)
        await first.publisher.dm_hands.picks_kept()
        await seats_heard(fake, table, "the first process to hold the game")
        for player in (ben, chika):
            await (
                await aoi.slash("game replace", {"player": player}, channel=thread_id)
            ).response()
        assert [seat.name for seat in session.record.seats if seat.is_cpu] == [
            "CPU (Ben)",
            "CPU (Chika)",
        ]
        await seats_heard(fake, table, "the first process to hear of the CPUs")
        # A CPU holds Ben's seat: his pick's Confirm is refused (he is told how to take his
        # seat back), and nothing is stored.
        text = await refusal(ben, fake.message(dm.id), confirm)
        assert text == msg.ERROR_SEAT_AWAY("en")
        assert session.version == 0
        # Aoi passes (a move the first process catches up with); then both take their seats
        # back, and Ben passes from his DM hand, answered by the first process.
        await human_pass(fake, owner, session, aoi, aoi_seat, thread_id)
        for player in (chika, ben):
            await (await player.slash("game return", {}, channel=thread_id)).response()
        assert not any(seat.is_cpu for seat in session.record.seats)
        await seats_heard(fake, table, "the first process to hear of the returns")
        confirm = await pick_pass(fake, table)
        picked = fake.message(dm.id).text
        assert "Ben" in picked and "Chika" in picked and "CPU" not in picked
        version = session.version
        inter = await ben.click(fake.message(dm.id), confirm)
        response = await inter.response()
        assert response.type == 7 and response.message is not None
        assert "Chika" in response.message.text and "CPU" not in response.message.text
        await wait_stored(fake, session, version, "Ben's pass")
        actions = await owner.store.actions(session.id)
        assert [(s, a) for _, s, a in actions] == [
            (aoi_seat, actions[0][2]),
            (ben_seat, confirm.rsplit(":", 1)[1]),
        ]
