"""The bot: wires storage, sessions, the table publisher, handlers and cogs in `setup_hook`."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections import OrderedDict, defaultdict
from contextlib import suppress
from typing import Any

import discord
from discord.ext import commands

from bot.components import DYNAMIC_ITEMS
from bot.i18n import lang_of, t
from bot.i18n.translator import Translator
from bot.lobby import Lobby
from bot.play import Play
from bot.sessions import Sessions
from bot.settings import Settings
from bot.store import Store
from bot.table import Table

log = logging.getLogger(__name__)

COGS = ("cogs.lobby", "cogs.play", "cogs.admin", "cogs.help")

#: How many recent interaction ids are remembered to recognise one Discord delivers twice.
SEEN_INTERACTIONS = 4096


def _carries(message: discord.Message | None, custom_id: str) -> bool:
    """Whether `message` has a component with this custom_id (what discord.py dispatches on)."""
    if message is None:
        return False
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", []) or [])
    return False


class CommandTree(discord.app_commands.CommandTree["GameBot"]):
    """The bot's slash commands; a command Discord delivers twice runs once."""

    async def interaction_check(self, interaction: discord.Interaction[GameBot], /) -> bool:
        return self.client.first_delivery(interaction)


class GameBot(commands.Bot):
    """The game bot. Everything it needs is created in `setup_hook` from `settings`."""

    store: Store
    sessions: Sessions
    table: Table
    play: Play
    lobby: Lobby

    def __init__(self, settings: Settings) -> None:
        # Only interactions drive the bot. With message events, every table edit, ping and
        # lobby update it makes would come back over the gateway to be parsed for nothing.
        intents = discord.Intents.default()
        intents.messages = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=CommandTree,
        )
        self.settings = settings
        self._lobby_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._seen_interactions: OrderedDict[int, None] = OrderedDict()
        self._restoring: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database_path)
        self.sessions = Sessions(self.store, cpu_delay=self.settings.cpu_delay_seconds)
        self.table = Table(self)
        self.sessions.publisher = self.table
        self.play = Play(self)
        self.lobby = Lobby(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(Translator())
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        for extension in COGS:
            await self.load_extension(extension)
        if self.settings.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # Games in play are restored in the background: loading thousands of them (each one's
        # log replayed) before connecting kept every click waiting, and a click on a game not
        # restored yet loads that game on the spot.
        self._restoring = asyncio.create_task(self._restore(), name="restore")

    async def _restore(self) -> None:
        # Restoring makes long-lived objects by the thousand. Full garbage collections over
        # them held every click up for half a second and more, during the restore and after
        # it; so none run meanwhile, and what it made is kept out of later ones.
        gc.disable()
        try:
            restored = await self.sessions.restore()
        finally:
            gc.enable()
        gc.freeze()
        log.info("%d game(s) in play restored", restored)

    def lobby_lock(self, game_id: int) -> asyncio.Lock:
        """Serialises clicks on one lobby (seats and options change one at a time)."""
        return self._lobby_locks[game_id]

    def lobby_closed(self, game_id: int) -> None:
        """Forget a lobby's lock once the lobby has started or been cancelled."""
        self._lobby_locks.pop(game_id, None)

    def first_delivery(self, interaction: discord.Interaction[Any]) -> bool:
        """False for an interaction this bot has already handled. Discord may deliver one
        INTERACTION_CREATE twice (same id and token); the first copy answers it, and handling
        the second would apply a click twice (a lobby's "Add CPU") or answer it twice."""
        if interaction.id in self._seen_interactions:
            return False
        self._seen_interactions[interaction.id] = None
        if len(self._seen_interactions) > SEEN_INTERACTIONS:
            self._seen_interactions.popitem(last=False)
        return True

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer clicks on controls that no handler knows (forged or from elsewhere)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        for factory in DYNAMIC_ITEMS:
            match = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is None:
                continue
            if _carries(interaction.message, custom_id):
                return  # discord.py dispatches it to the DynamicItem
            # The control is no longer on the message (it was edited since the user saw it) or
            # never was: discord.py would drop the click, so run the same handler, which
            # checks version, seat and legality like for any other click.
            base: discord.ui.Item[Any] = (
                discord.ui.Button(custom_id=custom_id)
                if int((interaction.data or {}).get("component_type", 2)) == 2
                else discord.ui.Select(custom_id=custom_id)
            )
            item = await factory.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return
        lang = lang_of(interaction.locale)
        log.info("click on a control that is not ours: %r", custom_id[:100])
        await interaction.response.send_message(t(lang, "error.unknown_control"), ephemeral=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: discord.app_commands.AppCommandError
    ) -> None:
        lang = lang_of(interaction.locale)
        if isinstance(error, discord.app_commands.CheckFailure):
            text = t(lang, "error.no_permission")
        elif isinstance(error, discord.app_commands.TransformerError):
            log.info("rejected a command option: %s", error)
            text = t(lang, "error.bad_option")
        else:
            log.error("command failed", exc_info=error)
            text = t(lang, "error.internal")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        if self._restoring is not None:
            self._restoring.cancel()
            with suppress(asyncio.CancelledError):
                await self._restoring
        if hasattr(self, "table"):
            self.table.close()
        if hasattr(self, "sessions"):
            await self.sessions.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()
