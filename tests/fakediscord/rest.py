"""`tests.fakediscord.rest` is :mod:`bot.sandbox.fakediscord.rest` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import rest

sys.modules[__name__] = rest
