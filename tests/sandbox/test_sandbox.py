"""The sandbox's server: what each user sees through its API, acting as them, and restarts."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from noto_cjk_sans_jp_regular import FONT_PATH

from bot import quotas
from bot.sandbox.fakediscord import User
from bot.sandbox.runner import Sandbox
from bot.sandbox.web import CJK_FONT_PATH, REQUEST_HEADER
from bot.sandbox.world import WorldError, world_path
from bot.settings import Settings
from tests.sandbox.dom import parse


def sandbox_settings(tmp_path: Path) -> Settings:
    return Settings(
        discord_token="unused",
        database_path=tmp_path / "games.sqlite3",
        cpu_delay_seconds=0,
        **quotas.OFF,
    )


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(headers={REQUEST_HEADER: "1"}) as session:
        yield session


async def state(
    http: aiohttp.ClientSession, sandbox: Sandbox, user: User | None, channel: int | None = None
) -> dict[str, Any]:
    query = {"user": str(user.id) if user else ""}
    if channel is not None:
        query["channel"] = str(channel)
    async with http.get(sandbox.url + "api/state", params=query) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def act(
    http: aiohttp.ClientSession, sandbox: Sandbox, what: str, user: User, **body: Any
) -> tuple[int, dict[str, Any]]:
    async with http.post(sandbox.url + f"api/{what}", json={"user": user.id, **body}) as response:
        return response.status, await response.json()


def messages(data: dict[str, Any]) -> list[Any]:
    return [parse(m["html"]).one("div", "msg") for m in data["messages"]]


async def new_lobby(http: aiohttp.ClientSession, sandbox: Sandbox, host: User) -> int:
    status, answer = await act(
        http, sandbox, "command", host, command="newgame", options={"game": "kasane"}
    )
    assert (status, answer) == (200, {"ok": True})
    lobby = sandbox.fake.channel_messages()[-1]
    assert any(re.fullmatch(r"lb:\d+:join", c) for c in lobby.custom_ids)
    return lobby.id


async def test_users_commands_and_what_each_user_sees(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    async with Sandbox(sandbox_settings(tmp_path)) as sandbox:
        aoi, ben = sandbox.users[:2]
        first = await state(http, sandbox, None)
        assert first["me"] == str(aoi.id)  # the first user when none is named
        assert [(u["name"], u["locale"]) for u in first["users"]] == [
            ("Aoi", "ja"),
            ("Ben", "en-US"),
            ("Chika", "ja"),
            ("Dan", "en-GB"),
        ]
        assert [c["kind"] for c in first["channels"]] == ["text", "dm"]
        ja = {c["name"]: c for c in first["commands"]}
        en = {c["name"]: c for c in (await state(http, sandbox, ben))["commands"]}
        assert {"newgame", "hand", "rules", "settings", "game list", "game replace"} <= set(en)
        assert en["newgame"]["label"] == "newgame" and ja["newgame"]["label"] != "newgame"
        game = next(o for o in en["newgame"]["options"] if o["name"] == "game")
        assert game["required"] and "kasane" in [c["value"] for c in game["choices"]]
        timer = next(o for o in en["newgame"]["options"] if o["name"] == "turn_timer")
        assert timer["type"] == "integer" and 5 in [c["value"] for c in timer["choices"]]
        player = next(o for o in en["game replace"]["options"] if o["name"] == "player")
        assert player["type"] == "user"

        lobby_id = await new_lobby(http, sandbox, aoi)
        for user in (aoi, ben):
            (lobby,) = messages(await state(http, sandbox, user))
            assert lobby.attrs["data-id"] == str(lobby_id)
            assert lobby.one("div", "reply-bar").text == "Aoi used /newgame"
            assert lobby.one("div", "embed")
            labels = [b.text for b in lobby.all("button")]
            assert len(labels) == 5  # Join, Leave, Add CPU, Start, Cancel

        # Ben is not the host: Start answers him alone, ephemerally.
        start = next(c for c in sandbox.fake.message(lobby_id).custom_ids if c.endswith(":start"))
        status, answer = await act(
            http, sandbox, "component", ben, message=str(lobby_id), custom_id=start
        )
        assert (status, answer) == (200, {"ok": True})
        ben_view = messages(await state(http, sandbox, ben))
        aoi_view = messages(await state(http, sandbox, aoi))
        assert len(ben_view) == 2 and "ephemeral" in ben_view[1].classes
        assert "Only you can see this" in ben_view[1].one("div", "ephemeral-note").text
        assert len(aoi_view) == 1

        # DMs: each user lists their own, and nobody can open another's.
        status, _ = await act(http, sandbox, "message", aoi, channel=str(aoi.dm_channel.id),
                              content="note to self")  # fmt: skip
        assert status == 200
        aoi_dm = await state(http, sandbox, aoi, aoi.dm_channel.id)
        assert aoi_dm["channel"]["kind"] == "dm"
        assert [m.one("div", "content").text for m in messages(aoi_dm)] == ["note to self"]
        ben_channels = (await state(http, sandbox, ben))["channels"]
        assert [c["id"] for c in ben_channels if c["kind"] == "dm"] == [str(ben.dm_channel.id)]
        async with http.get(
            sandbox.url + "api/state", params={"user": ben.name, "channel": aoi.dm_channel.id}
        ) as response:
            assert response.status == 400
            assert "someone else's DM" in (await response.json())["error"]


async def test_failures_are_answered_and_foreign_pages_refused(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    async with Sandbox(sandbox_settings(tmp_path)) as sandbox:
        aoi = sandbox.users[0]
        lobby_id = await new_lobby(http, sandbox, aoi)
        status, answer = await act(
            http, sandbox, "component", aoi, message=str(lobby_id), custom_id="lb:1:nothing"
        )
        assert status == 400 and "has no component" in answer["error"]
        status, answer = await act(http, sandbox, "command", aoi, command="newgame", options={})
        assert status == 400 and "'game' is required" in answer["error"]
        async with http.post(
            sandbox.url + "api/command", json={"user": "nobody", "command": "hand"}
        ) as response:
            assert response.status == 400
        async with http.get(sandbox.url, headers={"Host": "attacker.example:80"}) as response:
            assert response.status == 403
        async with http.get(sandbox.url) as response:
            page = await response.text()
            assert response.status == 200 and "/static/app.js" in page
        for name in ("app.js", "style.css"):
            async with http.get(sandbox.url + "static/" + name) as response:
                assert response.status == 200
        # The Japanese font the style sheet falls back on is the pictures' own.
        async with http.get(sandbox.url + CJK_FONT_PATH.lstrip("/")) as response:
            assert response.status == 200
            assert await response.read() == FONT_PATH.read_bytes()
        assert sandbox.fake.violations == []


async def test_a_restart_keeps_the_world_and_its_games(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    settings = sandbox_settings(tmp_path)
    async with Sandbox(settings) as sandbox:
        assert not sandbox.restored
        aoi, ben = sandbox.users[:2]
        lobby_id = await new_lobby(http, sandbox, aoi)
        before = (sandbox.fake.guild.id, sandbox.fake.channel.id, aoi.id, ben.id)
    assert world_path(settings.database_path).is_file()

    async with Sandbox(settings) as sandbox:
        assert sandbox.restored
        aoi, ben = sandbox.users[:2]
        assert (sandbox.fake.guild.id, sandbox.fake.channel.id, aoi.id, ben.id) == before
        (lobby,) = messages(await state(http, sandbox, ben))
        assert lobby.attrs["data-id"] == str(lobby_id)
        join = next(c for c in sandbox.fake.message(lobby_id).custom_ids if c.endswith(":join"))
        status, _ = await act(
            http, sandbox, "component", ben, message=str(lobby_id), custom_id=join
        )
        assert status == 200
        (lobby,) = messages(await state(http, sandbox, ben))
        seats = lobby.one("div", "embed").text
        assert "@Aoi" in seats and "@Ben" in seats  # the old lobby's button still works
        assert sandbox.fake.violations == []


def test_an_unreadable_world_is_reported(tmp_path: Path) -> None:
    settings = sandbox_settings(tmp_path)
    world_path(settings.database_path).write_text('{"format": 1, "guild": ', encoding="utf-8")
    with pytest.raises(WorldError, match="cannot be read"):
        Sandbox(settings)


async def test_the_thread_chip_follows_the_thread(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    """The chip under a game's start message counts the thread's messages as Discord does
    (the table and the current turn ping; hands and answers are ephemeral, old pings deleted)
    and shows the newest one, so it follows the game instead of always reading the same."""
    async with Sandbox(sandbox_settings(tmp_path)) as sandbox:
        fake = sandbox.fake
        aoi, ben = sandbox.users[:2]
        lobby_id = await new_lobby(http, sandbox, ben)
        for action in ("cpu", "cpu", "start"):
            custom_id = next(c for c in fake.message(lobby_id).custom_ids if c.endswith(action))
            status, _ = await act(
                http, sandbox, "component", ben, message=str(lobby_id), custom_id=custom_id
            )
            assert status == 200
        (thread,) = await fake.wait_for(fake.threads, 10, "the game's thread")
        await fake.wait_for(lambda: len(fake.channel_messages(thread)) >= 2, 10, "the ping")

        def chip_of(data: dict[str, Any]) -> Any:
            return next(m for m in messages(data) if m.all("a", "thread-chip")).one(
                "a", "thread-chip"
            )

        public = fake.channel_messages(thread)
        chip = chip_of(await state(http, sandbox, aoi))
        assert chip.one("span", "thread-count").text == f"{len(public)} messages ›"
        newest = chip.one("span", "thread-last")
        assert newest.one("span", "thread-last-author").text == fake.bot_name
        assert newest.one("span", "thread-last-text").text.startswith("@Ben")  # Ben's ping

        status, _ = await act(
            http, sandbox, "message", aoi, channel=str(thread.id), content="good luck, **Ben**"
        )
        assert status == 200
        chip = chip_of(await state(http, sandbox, ben))
        assert chip.one("span", "thread-count").text == f"{len(public) + 1} messages ›"
        newest = chip.one("span", "thread-last")
        assert newest.one("span", "thread-last-author").text == "Aoi"
        assert newest.one("span", "thread-last-text").text == "good luck, Ben"
        assert fake.violations == []
