"""The sandbox only takes requests from its own page: a page of another site open in the same
browser can send a form or a "simple" cross-site POST (no preflight) to 127.0.0.1, and none of
them may change anything. Prints how many such requests were tried and refused."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp

from bot.sandbox.runner import Sandbox
from bot.sandbox.web import REQUEST_HEADER
from bot.settings import Settings


async def test_only_the_sandbox_page_can_change_anything(tmp_path: Path) -> None:
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    async with Sandbox(settings) as sandbox, aiohttp.ClientSession() as http:
        fake = sandbox.fake
        user = sandbox.users[0]
        body = json.dumps({"user": user.id, "command": "newgame", "options": {"game": "kasane"}})
        own = sandbox.url.rstrip("/")
        hostile = [
            # What a form or fetch() of another site can send without a preflight.
            {"Content-Type": "text/plain", "Origin": "http://evil.example"},
            {"Content-Type": "application/x-www-form-urlencoded", "Origin": "null"},
            {"Content-Type": "text/plain"},  # an old browser that sends no Origin
            # Even with the header (a script could only send it after a preflight).
            {
                "Content-Type": "application/json",
                "Origin": "http://evil.example",
                REQUEST_HEADER: "1",
            },
        ]
        before = len(fake.channel_messages())
        refused = 0
        for path in ("api/command", "api/component", "api/message"):
            for headers in hostile:
                async with http.post(sandbox.url + path, data=body, headers=headers) as response:
                    assert response.status == 403, (path, headers, response.status)
                    refused += 1
        assert len(fake.channel_messages()) == before
        # The page itself: same origin, with the header.
        headers = {"Content-Type": "application/json", "Origin": own, REQUEST_HEADER: "1"}
        async with http.post(sandbox.url + "api/command", data=body, headers=headers) as response:
            assert response.status == 200, await response.text()
        assert len(fake.channel_messages()) == before + 1
        tried = 3 * len(hostile)
    print(f"\nsandbox origin: {tried} cross-site requests tried, {refused} refused, 0 acted on")
