"""`tests.fakediscord.objects` is :mod:`bot.sandbox.fakediscord.objects` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import objects

sys.modules[__name__] = objects
