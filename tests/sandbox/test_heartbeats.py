"""The sandbox's log stays quiet about heartbeats: the fake answers them like Discord does."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import discord.gateway
import pytest

from bot.sandbox.runner import Sandbox
from bot.settings import Settings

#: How late discord.py's keep-alive thread runs again after its heartbeat went out, as on a
#: loaded machine (the sandbox shares its cores with the browser and everything else).
THREAD_LATENESS = 0.03


class _LateResult:
    def __init__(self, future: concurrent.futures.Future[Any]) -> None:
        self._future = future

    def result(self, timeout: float | None = None) -> Any:
        value = self._future.result(timeout)
        time.sleep(THREAD_LATENESS)
        return value


class _LateKeepAliveAsyncio:
    """`asyncio` as discord.gateway sees it, except that the keep-alive thread learns that
    its heartbeat was written :data:`THREAD_LATENESS` after the event loop wrote it."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    def run_coroutine_threadsafe(
        coro: Coroutine[Any, Any, Any], loop: asyncio.AbstractEventLoop
    ) -> _LateResult:
        return _LateResult(asyncio.run_coroutine_threadsafe(coro, loop))


async def test_heartbeats_are_acknowledged_after_they_are_sent(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py's keep-alive thread notes a heartbeat's send time once the event loop has
    written it; an answer read before that is measured against the previous heartbeat. The
    fake answered at once, so a busy sandbox logged "Can't keep up, websocket is 41.3s
    behind" at every heartbeat (and ``bot.latency`` was the heartbeat interval). Discord's
    answer crosses a network: the fake's now takes a round trip too."""
    monkeypatch.setattr(discord.gateway, "asyncio", _LateKeepAliveAsyncio())
    caplog.set_level(logging.WARNING, logger="discord.gateway")
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    sandbox = Sandbox(settings)
    sandbox.fake.heartbeat_interval = 1.0
    latencies = []
    async with sandbox:
        fake, bot = sandbox.fake, sandbox.bot
        assert bot is not None
        for _ in range(3):
            beats = fake.gateway.heartbeats
            await fake.wait_for(lambda: fake.gateway.heartbeats > beats, 5, "a heartbeat")  # noqa: B023
            await asyncio.sleep(0.4)  # its answer has been read
            latencies.append(bot.latency)
    assert all(0 < latency < 0.5 for latency in latencies), latencies
    assert [r.getMessage() for r in caplog.records if "behind" in r.getMessage()] == []
