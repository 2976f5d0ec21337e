"""The bot: wires storage, sessions, the publisher, handlers and cogs in `setup_hook`.

This is where the parts meet: each is built with the narrow things it uses (`bot.ports`,
`bot.publish.ports`), and only here, and in the cogs, is the bot itself handed around."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
from collections import OrderedDict
from contextlib import suppress
from typing import Any

import discord
from discord.ext import commands

from bot import answers, guards, health, logsafe
from bot.answers import Readings
from bot.components import DYNAMIC_ITEMS
from bot.cpu import CpuPool, CpuTurns
from bot.history import History
from bot.i18n import choose_language, lang_for
from bot.i18n import messages as msg
from bot.i18n.translator import Translator
from bot.lobby import Lobby, LobbyLocks
from bot.play import Play
from bot.publish.publisher import Publisher
from bot.quotas import Quotas
from bot.records import Records
from bot.render import pictures
from bot.replays import Replays
from bot.sessions import Sessions
from bot.settings import Settings
from bot.storage import open_store
from bot.storage.postgres import PostgresStore
from bot.storage.queries import GameStore
from bot.storage.records import STORAGE_ERRORS

log = logging.getLogger(__name__)

COGS = ("cogs.lobby", "cogs.play", "cogs.admin", "cogs.help", "cogs.records")

#: How many recent interaction ids are remembered to recognise one Discord delivers twice.
SEEN_INTERACTIONS = 4096


#: Controls of a game in play, and of a lobby (see `bot.components`).
_FAMILIES = {
    "mv": "game",
    "ms": "game",
    "mk": "game",
    "hd": "game",
    "rs": "game",
    "ab": "game",
    "ti": "game",
    "np": "game",
    "lg": "log",
    "rp": "replay",
    "lb": "lobby",
    "lo": "lobby",
    "pa": "lobby",
}


def _control_family(custom_id: str) -> tuple[str | None, str]:
    """A control's family and game (`mv:12:3:0:take.1` → `("game", "12")`)."""
    kind, _, rest = custom_id.partition(":")
    return _FAMILIES.get(kind), rest.partition(":")[0]


def _earlier_control(message: discord.Message | None, custom_id: str) -> bool:
    """Whether a click on `custom_id` that `message` does not carry can be one on an earlier
    version of that message: the message carries controls of the same game and family (a
    table or hand edited since), or none at all (a lobby that started, a table that ended).
    Otherwise the custom_id was forged onto a message of something else."""
    if message is None:
        return False
    wanted = _control_family(custom_id)
    stack: list[Any] = list(message.components)
    controls = 0
    while stack:
        component = stack.pop()
        other = getattr(component, "custom_id", None)
        if other:
            controls += 1
            if _control_family(other) == wanted:
                return True
        stack.extend(getattr(component, "children", []) or [])
    return controls == 0


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
        if self.client.stopping:
            await self.client.say_stopping(interaction)
            return False
        if not self.client.first_delivery(interaction):
            return False
        await self.client.note_language(interaction)
        try:
            # Options no client sends (a text where Discord sends a number, say) are answered
            # here, before discord.py reads them.
            guards.check_options(interaction)
        except guards.BadOption as error:
            await self.client.on_app_command_error(interaction, error)
            return False
        return True


class GameBot(commands.Bot):
    """The game bot. Everything it needs is created in `setup_hook` from `settings`."""

    store: GameStore
    sessions: Sessions
    publisher: Publisher
    play: Play
    lobby: Lobby
    quotas: Quotas
    replays: Replays

    def __init__(self, settings: Settings, **options: Any) -> None:
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
            # A rate limit longer than this raises `RateLimited` instead of sleeping inside the
            # request: the publisher waits it out itself and then sends the latest state
            # (30 s is the least discord.py accepts).
            max_ratelimit_timeout=30.0,
            **options,
        )
        self.settings = settings
        logsafe.protect(settings.discord_token.get_secret_value())
        self._seen_interactions: OrderedDict[int, None] = OrderedDict()
        self._restoring: asyncio.Task[None] | None = None
        #: Set once the bot is stopping: clicks and commands are refused from then on.
        self.stopping = False
        #: Whether SIGTERM/SIGINT stop the bot gracefully (set by `run`, the process's own
        #: entry point; a bot started on someone else's event loop leaves signals alone).
        self._handle_signals = False
        self._status: asyncio.Task[None] | None = None
        self._stop: asyncio.Task[None] | None = None

    def run(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Run until closed, as the process's main loop: SIGTERM and SIGINT stop the bot
        gracefully (see `close`), so `docker stop` and Ctrl-C end it with exit status 0."""
        self._handle_signals = True
        super().run(*args, **kwargs)

    def _on_stop_signal(self, signum: int) -> None:
        if self.stopping:
            return
        log.info("%s received: stopping", signal.Signals(signum).name)
        self._stop = asyncio.create_task(self.close(), name="stop")

    async def setup_hook(self) -> None:
        if self._handle_signals:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, self._on_stop_signal, signum)
        # A database that cannot be used stops the bot here, before it connects (the process
        # entry point checks it even earlier, and prints why).
        if not self.settings.database_url:
            await asyncio.to_thread(health.check_database, self.settings.database_path)
        self.store = await open_store(self.settings)
        self._status = asyncio.create_task(
            health.report(
                self,
                self.store,
                health.health_file(self.settings),
                self.settings.health_interval_seconds,
            ),
            name="health-status",
        )
        self.sessions = Sessions(
            self.store,
            cpu_delay=self.settings.cpu_delay_seconds,
            page_pause=self.settings.page_pause_seconds,
            expert_rollouts=self.settings.cpu_expert_rollouts,
            cpu_pool=CpuPool(self.settings.cpu_workers),
            cpu_turns=CpuTurns(self.settings.cpu_moves_per_second),
            owns_guild=self.settings.owns_guild,
        )
        if isinstance(self.store, PostgresStore):
            # Moves other processes store (and this one's) reach the copies kept here, and so
            # do changes of who holds a seat (they store no move).
            self.store.add_move_listener(self.sessions.moved)
            self.store.add_seats_listener(self.sessions.seats_changed)
            self.store.add_resync_listener(self.sessions.resync)
        self.publisher = Publisher(
            self.store,
            self,
            repost_minutes=lambda: self.settings.table_repost_minutes,
            hand_lifetime=lambda: self.settings.hand_lifetime_seconds,
            owns=self.sessions.owns,
        )
        self.sessions.publisher = self.publisher
        if isinstance(self.store, PostgresStore):
            # Clicks on DM hands that another process answered (DMs arrive on shard 0's).
            self.store.add_dm_hand_listener(self.publisher.dm_hand_clicked_elsewhere)
            self.store.add_resync_listener(self.publisher.dm_hands_unknown)
        if self.settings.picture_process:
            pictures.start_process()
        #: Each player's one private reading per game (the log, the rules, a refusal).
        readings = Readings()
        self.play = Play(self.sessions, self.store, self.publisher, readings)
        locks = LobbyLocks()
        self.quotas = Quotas(self.settings, self.store, self.sessions, locks, self)
        self.lobby = Lobby(self.sessions, self.store, self.quotas, locks)
        self.quotas.start_expiry()
        self.history = History(self.store, readings)
        self.records = Records(self.store)
        self.replays = Replays(self.store, readings)
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
        # Restoring makes long-lived objects by the thousand, and full garbage collections
        # over them (2–4 of 270–350 ms each) held every click up; so none run meanwhile.
        # `python -m benchmarks.gc_restore` (10,000 games, 5,000 in play, a loaded machine):
        # the event loop held up at most 497 ms on average with this (11 runs), 640 ms while
        # collecting (9 runs, longer in 7 of 9 paired rounds; p99 60 against 66 ms). Freezing
        # what the restore made out of later collections (`gc.freeze()`) did not pay: a full
        # collection afterwards took no less (370–444 ms with it, 330–415 ms without).
        gc.disable()
        try:
            # The live hands the previous process kept first, so that what the restore
            # publishes reaches them too; then each is brought up to date.
            try:
                hands = await self.publisher.hands.restore(self.sessions.owns_guild)
            except STORAGE_ERRORS as exc:
                log.warning("live hands not taken over: %s", exc)
                hands = []
            restored = await self.sessions.restore()
            for game_id in hands:
                session = await self.sessions.get(game_id)
                if session is not None:
                    await self.publisher.hands.refresh(session)
        finally:
            gc.enable()
        log.info("%d game(s) in play restored", restored)

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
            match = factory.custom_id_pattern.fullmatch(custom_id)
            if match is None:
                continue
            if _carries(interaction.message, custom_id):
                return  # discord.py dispatches it to the DynamicItem
            if not _earlier_control(interaction.message, custom_id):
                # Never on this message: a forged custom_id naming some other game. No handler
                # runs for it.
                break
            # An earlier version of a control of this message's game (the message was edited
            # since the user saw it): discord.py would drop the click, so run the same handler,
            # which refuses the stale version and shows the current view.
            base: discord.ui.Item[Any] = (
                discord.ui.Button(custom_id=custom_id)
                if int((interaction.data or {}).get("component_type", 2)) == 2
                else discord.ui.Select(custom_id=custom_id)
            )
            item = await factory.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return
        lang = lang_for(interaction)
        log.info("click on a control that is not ours: %r", custom_id[:100])
        await interaction.response.send_message(msg.ERROR_UNKNOWN_CONTROL(lang), ephemeral=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: discord.app_commands.AppCommandError
    ) -> None:
        lang = lang_for(interaction)
        if isinstance(error, discord.app_commands.CheckFailure):
            text = msg.ERROR_NO_PERMISSION(lang)
        elif isinstance(
            error,
            discord.app_commands.TransformerError
            | discord.app_commands.CommandSignatureMismatch
            | discord.app_commands.CommandNotFound,
        ):
            # Options no client sends (a value out of range, a required one missing, a command
            # that is not registered in this shape): a plain answer, not a traceback.
            log.info("rejected a command: %s", error)
            text = msg.ERROR_BAD_OPTION(lang)
        else:
            log.error("command failed", exc_info=error)
            text = msg.ERROR_INTERNAL(lang)
        await answers.send(interaction, text)

    async def note_language(self, interaction: discord.Interaction[Any]) -> None:
        """Note on the interaction the language its user chose for their own messages
        (`i18n.lang_for` answers in it); their client's if none, or if the store cannot say."""
        try:
            chosen = await self.store.chosen_language(interaction.user.id)
        except STORAGE_ERRORS as exc:
            log.warning("a user's language could not be read: %s", exc)
            return
        choose_language(interaction, chosen)

    async def say_stopping(self, interaction: discord.Interaction[Any]) -> None:
        """Answer an interaction that arrives while the bot is stopping."""
        if not interaction.response.is_done():
            with suppress(discord.HTTPException):
                await interaction.response.send_message(
                    msg.ERROR_STOPPING(lang_for(interaction)), ephemeral=True
                )

    async def _finish_moves(self, grace: float) -> None:
        """Wait (at most `grace` seconds in all) until every game's and lobby's lock is free:
        the clicks and turns already under way are written and answered. A lock is FIFO, so
        taking it also waits for the clicks queued for it before the stop."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        locks = [s.lock for s in self.sessions.live()] if hasattr(self, "sessions") else []
        locks += self.lobby.locks.held() if hasattr(self, "lobby") else []
        for lock in locks:
            if not lock.locked():
                continue
            try:
                await asyncio.wait_for(lock.acquire(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                log.warning("stopping: a move was still being written after %.0f s", grace)
                return
            lock.release()

    async def close(self) -> None:
        """Stop: refuse new clicks, let the moves under way finish (`STOP_GRACE_SECONDS` at
        most), stop CPU turns and the gateway, then close the database."""
        if not self.stopping:
            self.stopping = True
            await self._finish_moves(self.settings.stop_grace_seconds)
        if hasattr(self, "quotas"):
            await self.quotas.close()
        if self._status is not None:
            self._status.cancel()
            with suppress(asyncio.CancelledError):
                await self._status
        if self._restoring is not None:
            self._restoring.cancel()
            with suppress(asyncio.CancelledError):
                await self._restoring
        if hasattr(self, "publisher"):
            self.publisher.close()
            await self.publisher.kept()
            pictures.stop_process()
        if hasattr(self, "sessions"):
            await self.sessions.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The game bot on discord.py's shards: `SHARD_COUNT` shards in all, of which this process
    runs `SHARD_IDS` (all of them if unset). Other processes run the other shards on the same
    PostgreSQL database (see `bot.storage.postgres`)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(
            settings, shard_count=settings.shard_count, shard_ids=settings.shard_ids, **options
        )


def create_bot(settings: Settings, **options: Any) -> GameBot:
    """One process without shards (the default), or `ShardedGameBot` when SHARD_COUNT is set.
    `options` go to discord.py's client (e.g. `guild_ready_timeout` for a test harness)."""
    if settings.sharded:
        return ShardedGameBot(settings, **options)
    return GameBot(settings, **options)
