"""pytest fixtures for the fake Discord server.

Enable them once in ``tests/conftest.py``::

    pytest_plugins = ["bot.sandbox.fakediscord.pytest_plugin"]

Fixtures:

``fake_discord``
    A started :class:`~bot.sandbox.fakediscord.FakeDiscord` with discord.py patched to use it.
    At teardown it asserts that nothing a real Discord would reject happened
    (``fake.violations``, unexpected routes, unacknowledged interactions). A test that
    provokes violations on purpose removes them with ``fake.take_violations(...)``.
``fake_discord_options``
    Keyword arguments for ``FakeDiscord(...)``; override the fixture, or mark a test with
    ``@pytest.mark.fake_discord(response_deadline=1.0, guild_locale="en-US")``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.sandbox.fakediscord import FakeDiscord

__all__ = ["fake_discord", "fake_discord_options"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "fake_discord(**options): keyword arguments for the FakeDiscord fixture"
    )


@pytest.fixture
def fake_discord_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    marker = request.node.get_closest_marker("fake_discord")
    return dict(marker.kwargs) if marker is not None else {}


@pytest_asyncio.fixture
async def fake_discord(fake_discord_options: dict[str, Any]) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(**fake_discord_options) as fake:
        yield fake
    fake.assert_clean()
