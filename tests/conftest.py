"""Shared pytest configuration: the fake Discord server's fixtures, a throwaway PostgreSQL, and
the extra game (`tests.extra_game`), registered before any test is collected so that every suite
parametrised over `games.registry.all()` plays it beside the five titles."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bot.sandbox.postgres import Cluster, throwaway_cluster
from tests import extra_game

extra_game.install()

# Each bot a test starts (here or in a process of its own, which inherits this) would start a
# drawing process of its own: a fresh interpreter that imports Pillow and the games and fills
# its caches, seconds of processor time each. The bots under test draw in their thread; the
# tests of the drawing process (`tests/bot/test_picture_process.py`) start it themselves.
os.environ["PICTURE_PROCESS"] = "false"
# Likewise the CPU players' pool would start one such process per core of the machine, in every
# bot that plays a CPU, while the tests run on every core already: one decides their moves.
os.environ["CPU_WORKERS"] = "1"

pytest_plugins = ["bot.sandbox.fakediscord.pytest_plugin"]


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One PostgreSQL server for the whole run, started on first use (skips if not installed)."""
    try:
        with throwaway_cluster() as cluster:
            yield cluster
    except LookupError as exc:
        pytest.skip(str(exc))


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """The URL of a fresh, empty database on the throwaway server."""
    return postgres_cluster.new_database()
