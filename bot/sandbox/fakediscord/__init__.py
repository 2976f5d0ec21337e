"""A fake Discord (REST + gateway on 127.0.0.1): the end-to-end tests and the sandbox run on it.

The unmodified discord.py client logs into it; tests (and the sandbox page) act as several
users::

    async with FakeDiscord() as fake:
        alice = fake.add_user("Alice", locale="ja")
        async with fake.run_bot(make_bot()):
            inter = await alice.slash("newgame", {"game": "kasane"})
            response = await inter.response()
            await alice.click(response.message, label="Join")

Every request body is checked against Discord's OpenAPI spec (when available) and the
documented limits; problems are answered like Discord does and recorded in
``fake.violations``. Discord faults (rate limits, 5xx, slow answers, gateway drops, duplicate
interactions) are injected through ``fake.faults`` (:mod:`bot.sandbox.fakediscord.faults`). See
:class:`FakeDiscord` for the full API.

One library, imported the same way by the sandbox (``bot.sandbox.runner``), the tests and the
benchmarks: ``from bot.sandbox.fakediscord import FakeDiscord``. The tests take their fixtures
from :mod:`bot.sandbox.fakediscord.pytest_plugin`. The bot itself never imports it (a test
checks that ``bot.client`` and ``python -m bot``'s normal path load no sandbox module).
"""

from .faults import Faults
from .limits import Problem, check_autocomplete, check_commands, check_message, check_modal
from .objects import Channel, FakeClock, Guild, Intents, Message, Permissions, Role
from .records import ApiError, CallbackResponse, Interaction, RequestRecord, Violation
from .server import FakeDiscord, User
from .spec import SpecValidator, find_spec_path, load_spec_validator

__all__ = [
    "ApiError",
    "CallbackResponse",
    "Channel",
    "FakeClock",
    "FakeDiscord",
    "Faults",
    "Guild",
    "Intents",
    "Interaction",
    "Message",
    "Permissions",
    "Problem",
    "RequestRecord",
    "Role",
    "SpecValidator",
    "User",
    "Violation",
    "check_autocomplete",
    "check_commands",
    "check_message",
    "check_modal",
    "find_spec_path",
    "load_spec_validator",
]
