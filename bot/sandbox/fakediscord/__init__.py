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

How it is built: :class:`FakeDiscord` (:mod:`.server`: its state and its life, starting,
stopping, patching discord.py, running a bot) is composed of mixins, one a seam, that all act on
that one state through ``self``, so the public surface stays one object:

- :mod:`.world` (``World``): guilds, roles, members, channels, DMs and messages; who sees what;
  the Discord objects built from them. :mod:`.users` holds :class:`User`, a player's handle.
- :mod:`.interactions` (``Interactions``): the interactions users start (slash commands checked
  against what the bot registered, clicks, selects, modal submits).
- :mod:`.gateway`: the websocket protocol, and ``GatewayControl``: which sessions receive an
  event, READY / GUILD_CREATE, dropping and invalidating sessions.
- :mod:`.rest` (``RestApi``): the request pipeline, and one module a resource, each with its
  routes and handlers: :mod:`.rest.users` (users, the application, DMs), :mod:`.rest.commands`
  (application commands), :mod:`.rest.channels` (channels, messages, threads),
  :mod:`.rest.guilds` (guilds, members, roles), :mod:`.rest.interactions` (callbacks and the
  interaction webhook), over :mod:`.rest.messages` (messages built, edited and dispatched).
- :mod:`.checks` (``Checks``): what the fake saw (requests, violations, deadlines) and waiting
  for changes; :mod:`.limits` and :mod:`.spec` are the checks themselves, :mod:`.faults` the
  injected faults.

Mixins rather than delegating objects: the handlers of one resource need the others' state and
helpers at every step (a callback creates a message, which is dispatched on the gateway and
recorded against the request), and tests and the sandbox read that state on ``fake`` directly.

One library, imported the same way by the sandbox (``bot.sandbox.runner``), the tests and the
benchmarks: ``from bot.sandbox.fakediscord import FakeDiscord``. The tests take their fixtures
from :mod:`bot.sandbox.fakediscord.pytest_plugin`; what drives this bot on it (the lobby moves,
the bot in its own process, a throwaway PostgreSQL) is beside it in :mod:`bot.sandbox`. The bot
itself never imports it (a test checks that ``bot.client`` and ``python -m bot``'s normal path
load no sandbox module).
"""

from .faults import Faults
from .limits import Problem, check_autocomplete, check_commands, check_message, check_modal
from .objects import Channel, FakeClock, Guild, Intents, Message, Permissions, Role
from .records import ApiError, CallbackResponse, Interaction, RequestRecord, Violation
from .rest.messages import strip_none
from .server import FakeDiscord
from .spec import SpecValidator, find_spec_path, load_spec_validator
from .users import User

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
    "strip_none",
]
