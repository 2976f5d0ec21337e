"""Shared pytest configuration: the fake Discord server's fixtures."""

pytest_plugins = ["tests.fakediscord.pytest_plugin"]
