"""`tests.fakediscord.spec` is :mod:`bot.sandbox.fakediscord.spec` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import spec

sys.modules[__name__] = spec
