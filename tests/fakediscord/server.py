"""`tests.fakediscord.server` is :mod:`bot.sandbox.fakediscord.server` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import server

sys.modules[__name__] = server
