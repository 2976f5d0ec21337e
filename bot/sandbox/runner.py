"""The sandbox: the fake Discord, the real bot logged into it, and the page, run together."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from pydantic import SecretStr

from bot import quotas
from bot.client import GameBot
from bot.sandbox import world
from bot.sandbox.fakediscord import FakeDiscord, load_spec_validator
from bot.sandbox.web import SandboxWeb
from bot.settings import Settings

log = logging.getLogger(__name__)

#: How often the world is written while something changes (and once more at the end).
SAVE_SECONDS = 2.0
#: Request records kept for the fake's own bookkeeping (the sandbox never reads old ones).
KEEP_REQUESTS = 200


class Sandbox:
    """``async with Sandbox(settings) as sandbox:`` → open ``sandbox.url`` in a browser.

    The bot runs with ``settings`` (its database at ``settings.database_path``), logged into
    a fake Discord whose guild, users, channels and messages are kept in
    :func:`bot.sandbox.world.world_path` of that database, so a restart keeps every game.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        port: int = 0,
        users: tuple[tuple[str, str, bool], ...] = world.DEFAULT_USERS,
    ) -> None:
        self.settings = settings
        self.world_path = world.world_path(settings.database_path)
        self.fake = FakeDiscord(
            guild_name="Kasane Sandbox",
            channel_name="game-table",
            bot_name="KasaneTable",
            spec=load_spec_validator(quiet=True),
        )
        self.restored = world.load(self.fake, self.world_path)
        if not self.restored:
            world.populate(self.fake, users)
        self.web = SandboxWeb(self.fake, port=port)
        self.bot: GameBot | None = None
        self._stack = contextlib.AsyncExitStack()
        self._saved_at = -1
        self._saver: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return self.web.url

    @property
    def users(self) -> list[Any]:
        """The sandbox users (everyone but the guild's owner account)."""
        return [u for u in self.fake.users.values() if u.id != self.fake.owner.id]

    async def __aenter__(self) -> Sandbox:
        stack = self._stack
        try:
            await stack.enter_async_context(self.fake)
            await self.web.start()  # first: a port in use stops the sandbox before the bot runs
            stack.push_async_callback(self.web.stop)
            stack.push_async_callback(self._final_save)  # once the bot has closed
            settings = self.settings.model_copy(
                update={
                    "discord_token": SecretStr(self.fake.token),
                    "dev_guild_id": None,
                    "sync_commands": True,
                    # One person plays every seat here: the limits against hostile servers
                    # (lobbies per user, the /newgame cooldown...) would only get in the way.
                    **quotas.OFF,
                }
            )
            self.bot = await stack.enter_async_context(
                self.fake.run_bot(GameBot(settings), timeout=60)
            )
        except BaseException:
            await stack.aclose()
            raise
        self._saver = asyncio.create_task(self._save_loop(), name="sandbox-world-saver")
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._saver is not None:
            self._saver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._saver
        await self._stack.aclose()

    def save(self) -> None:
        """Write the world now (and forget bookkeeping the sandbox does not need)."""
        fake = self.fake
        del fake.requests[:-KEEP_REQUESTS]
        del fake.errors[:-KEEP_REQUESTS]
        expired = fake.clock.monotonic() - fake.token_lifetime - 60
        for interaction in [i for i in fake.interactions.values() if i.created_at < expired]:
            fake.interactions.pop(interaction.id, None)
            fake._by_token.pop(interaction.token, None)
        for message in fake.messages.values():
            message.history.clear()
        self._saved_at = fake.changes
        world.save(fake, self.world_path)

    async def _save_loop(self) -> None:
        while True:
            await asyncio.sleep(SAVE_SECONDS)
            if self.fake.changes != self._saved_at:
                try:
                    self.save()
                except OSError:
                    log.exception("could not save the sandbox world to %s", self.world_path)

    async def _final_save(self) -> None:
        self.save()

    async def wait_closed(self, stop: asyncio.Event | None = None) -> None:
        """Until the bot stops (it never does by itself unless it fails) or ``stop`` is set."""
        stop = stop or asyncio.Event()
        while self.bot is not None and not self.bot.is_closed() and not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)


async def serve(settings: Settings, *, port: int) -> None:
    """Run the sandbox until Ctrl+C or SIGTERM, printing where to open it.

    SIGTERM ends the wait like the bot closing would (the sandbox then saves and closes
    normally); cancelling the main task instead would end ``asyncio.run`` with a
    ``CancelledError`` traceback. Ctrl+C is ``asyncio.run``'s own KeyboardInterrupt.
    """
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    async with Sandbox(settings, port=port) as sandbox:
        names = ", ".join(f"{u.name} ({u.locale})" for u in sandbox.users)
        print(
            f"Sandbox ready: open {sandbox.url} in your browser (Ctrl+C to stop).\n"
            f"  Users: {names}. Games: {settings.database_path}; "
            f"the sandbox's server: {sandbox.world_path}.",
            flush=True,
        )
        await sandbox.wait_closed(stop)
