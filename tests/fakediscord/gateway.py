"""`tests.fakediscord.gateway` is :mod:`bot.sandbox.fakediscord.gateway` (the fake moved there)."""

import sys

from bot.sandbox.fakediscord import gateway

sys.modules[__name__] = gateway
