"""`tests.fakediscord.faults` is :mod:`bot.sandbox.fakediscord.faults` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import faults

sys.modules[__name__] = faults
