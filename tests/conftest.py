"""Shared pytest configuration: the fake Discord server's fixtures and a throwaway PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import Cluster, throwaway_cluster

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
