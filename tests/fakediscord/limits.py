"""`tests.fakediscord.limits` is :mod:`bot.sandbox.fakediscord.limits` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import limits

sys.modules[__name__] = limits
