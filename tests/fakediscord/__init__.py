"""The fake Discord server, re-exported from :mod:`bot.sandbox.fakediscord` where it lives.

Tests keep importing ``tests.fakediscord`` and its submodules (``tests.fakediscord.limits``,
``tests.fakediscord.spec``...): each submodule file here puts the package's own module in its
place, so monkeypatching one patches what the server uses.
Fixtures: ``tests.fakediscord.pytest_plugin``.
"""

from bot.sandbox.fakediscord import (
    ApiError,
    CallbackResponse,
    Channel,
    FakeClock,
    FakeDiscord,
    Faults,
    Guild,
    Intents,
    Interaction,
    Message,
    Permissions,
    Problem,
    RequestRecord,
    Role,
    SpecValidator,
    User,
    Violation,
    check_autocomplete,
    check_commands,
    check_message,
    check_modal,
    find_spec_path,
    load_spec_validator,
)

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
