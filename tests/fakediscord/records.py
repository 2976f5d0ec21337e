"""`tests.fakediscord.records` is :mod:`bot.sandbox.fakediscord.records` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import records

sys.modules[__name__] = records
