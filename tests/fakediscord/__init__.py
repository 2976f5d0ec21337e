"""The fake Discord server, re-exported from :mod:`bot.sandbox.fakediscord` where it lives.

Tests keep importing ``tests.fakediscord`` and its submodules (``tests.fakediscord.limits``,
``tests.fakediscord.spec``...): each submodule file here puts the package's own module in its
place, so monkeypatching one patches what the server uses.
Fixtures: ``tests.fakediscord.pytest_plugin``.
"""

from bot.sandbox import fakediscord as _package
from bot.sandbox.fakediscord import *  # noqa: F403 - the same names, listed once, there

__all__ = list(_package.__all__)
