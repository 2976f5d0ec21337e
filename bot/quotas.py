"""Limits that keep one user (or one channel) from crowding out everyone else.

- open lobbies per user (`MAX_LOBBIES_PER_USER`: lobbies they host or joined) and per channel
  (`MAX_LOBBIES_PER_CHANNEL`);
- games in play per user (`MAX_GAMES_PER_USER`; a game every human left counts against its
  host);
- a cooldown between two `/newgame` of one user (`NEWGAME_COOLDOWN_SECONDS`);
- lobby expiry: a lobby unchanged for `LOBBY_EXPIRY_MINUTES` closes and says so.

A refusal is a translated ephemeral answer naming the limit and when it frees up. Members who
may manage the server are exempt from the per-user limits (not from the channel's). Each setting
at 0 turns its limit off.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite
import discord

from bot.i18n import messages as msg
from bot.storage.records import OpenCounts
from games import registry
from games.core import Lang
from games.text import Text

if TYPE_CHECKING:
    from bot.ports import GameService, LobbyLocks, QuotaRecords
    from bot.publish.ports import Channels
    from bot.settings import Settings

log = logging.getLogger(__name__)

#: Settings that turn every limit off: for tests and benchmarks whose few users open many games
#: at once, and for a private server that wants none.
OFF: dict[str, Any] = {
    "max_lobbies_per_user": 0,
    "max_lobbies_per_channel": 0,
    "max_games_per_user": 0,
    "lobby_expiry_minutes": 0,
    "newgame_cooldown_seconds": 0,
}

#: Longest pause between two looks for idle lobbies (seconds).
SWEEP_SECONDS = 60.0


def _when(timestamp: float) -> str:
    """A Discord relative timestamp ("in 5 minutes"), shown in the reader's language."""
    return f"<t:{int(timestamp) + 1}:R>"


def exempt(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage this server (and so is exempt from per-user limits)."""
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


class Quotas:
    """The limits of one bot; `newgame`, `join` and `start` return a refusal text or None."""

    def __init__(
        self,
        settings: Settings,
        records: QuotaRecords,
        sessions: GameService,
        locks: LobbyLocks,
        channels: Channels,
    ) -> None:
        self.settings = settings
        self._records = records
        self._sessions = sessions
        #: The lobbies' locks (the lobby owns them): an idle lobby is closed under its lock.
        self._locks = locks
        self._channels = channels
        #: When each user last opened a lobby (monotonic time is not shown; unix time is).
        self._last_newgame: dict[int, float] = {}
        self._sweeping: asyncio.Task[None] | None = None
        #: A read-only connection of the quotas' own: counting runs in its thread, never in
        #: the one that writes moves.
        self._reader: aiosqlite.Connection | None = None

    async def _counts(self, interaction: discord.Interaction[Any]) -> OpenCounts:
        path = self.settings.database_path
        if self._reader is None and str(path) != ":memory:" and not self.settings.database_url:
            uri = Path(path).resolve().as_uri() + "?mode=ro"
            self._reader = await aiosqlite.connect(uri, uri=True)
            await self._reader.execute("PRAGMA busy_timeout=5000")
        return await self._records.open_counts(
            interaction.user.id, interaction.channel_id or 0, db=self._reader
        )

    def _expires(self, changed: float | None) -> float | None:
        minutes = self.settings.lobby_expiry_minutes
        if changed is None or minutes <= 0:
            return None
        return changed + minutes * 60

    def _lobby_limit_text(self, lang: Lang, refusal: Text, limit: int, oldest: float | None) -> str:
        expires = self._expires(oldest)
        text = refusal(lang, n=limit)
        if expires is not None:
            text += " " + msg.QUOTA_LOBBY_EXPIRES(lang, when=_when(expires))
        return text

    async def newgame(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None:
        """Why this user may not open a lobby in this channel now, if they may not."""
        settings = self.settings
        user_id, free = interaction.user.id, exempt(interaction)
        now = time.time()
        cooldown = settings.newgame_cooldown_seconds
        last = self._last_newgame.get(user_id)
        if not free and cooldown > 0 and last is not None and now - last < cooldown:
            return msg.QUOTA_COOLDOWN(lang, when=_when(last + cooldown))
        counts = await self._counts(interaction)
        limit = settings.max_lobbies_per_channel
        if limit and counts.channel_lobbies >= limit:
            return self._lobby_limit_text(
                lang, msg.QUOTA_CHANNEL_LOBBIES, limit, counts.channel_oldest_lobby
            )
        if not free:
            return self._user_limit(counts, lang)
        return None

    def opened(self, user_id: int) -> None:
        """Note that this user just opened a lobby (the cooldown starts)."""
        self._last_newgame[user_id] = time.time()
        if len(self._last_newgame) > 10_000:  # forget cooldowns long over
            horizon = time.time() - self.settings.newgame_cooldown_seconds
            self._last_newgame = {u: w for u, w in self._last_newgame.items() if w >= horizon}

    async def join(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None:
        """Why this user may not take a seat in one more lobby, if they may not."""
        if exempt(interaction):
            return None
        return self._user_limit(await self._counts(interaction), lang)

    def _user_limit(self, counts: OpenCounts, lang: Lang) -> str | None:
        """Why the user counted in `counts` may not be in one more lobby, if they may not: they
        wait in as many lobbies, or play in as many games, as one user may."""
        settings = self.settings
        limit = settings.max_lobbies_per_user
        if limit and counts.user_lobbies >= limit:
            return self._lobby_limit_text(
                lang, msg.QUOTA_USER_LOBBIES, limit, counts.user_oldest_lobby
            )
        limit = settings.max_games_per_user
        if limit and counts.user_games >= limit:
            return msg.QUOTA_USER_GAMES(lang, n=limit)
        return None

    async def start(self, interaction: discord.Interaction[Any], lang: Lang) -> str | None:
        """Why the host may not start one more game, if they may not."""
        limit = self.settings.max_games_per_user
        if exempt(interaction) or not limit:
            return None
        counts = await self._counts(interaction)
        if counts.user_games >= limit:
            return msg.QUOTA_USER_GAMES(lang, n=limit)
        return None

    # -- lobby expiry ----------------------------------------------------------------------

    def start_expiry(self) -> None:
        """Close idle lobbies from now on (when `LOBBY_EXPIRY_MINUTES` is set)."""
        if self.settings.lobby_expiry_minutes > 0 and self._sweeping is None:
            self._sweeping = asyncio.create_task(self._sweep(), name="lobby-expiry")

    async def close(self) -> None:
        if self._sweeping is not None:
            self._sweeping.cancel()
            with suppress(asyncio.CancelledError):
                await self._sweeping
            self._sweeping = None
        if self._reader is not None:
            await self._reader.close()
            self._reader = None

    async def _sweep(self) -> None:
        expiry = self.settings.lobby_expiry_minutes * 60
        every = min(SWEEP_SECONDS, max(expiry / 4, 0.1))
        while True:
            try:
                for game_id in await self._records.idle_lobbies(time.time() - expiry):
                    await self.expire(game_id)
            except Exception:
                log.exception("closing idle lobbies failed; trying again later")
            await asyncio.sleep(every)

    async def expire(self, game_id: int) -> bool:
        """Close a lobby left unchanged for `LOBBY_EXPIRY_MINUTES` and say so on its message.
        Returns whether it was closed (a click may have changed or started it meanwhile)."""
        expiry = self.settings.lobby_expiry_minutes * 60
        async with self._locks.lock(game_id):
            record = await self._records.get(game_id)
            if (
                record is None
                or record.status != "lobby"
                or record.updated_at > time.time() - expiry
            ):
                return False
            if await self._sessions.abandon(game_id) is None:
                return False  # started or ended meanwhile
            self._locks.closed(game_id)
        log.info("lobby %s closed after %g idle minute(s)", game_id, expiry / 60)
        if record.lobby_message_id is None:
            return True
        lang: Lang = record.language  # type: ignore[assignment]
        text = msg.LOBBY_EXPIRED(
            lang,
            game=registry.get(record.game).name(lang),
            minutes=f"{expiry / 60:g}",
        )
        message = self._channels.get_partial_messageable(record.channel_id).get_partial_message(
            record.lobby_message_id
        )
        try:
            await message.edit(content=text, embeds=[], view=None)
        except discord.HTTPException as exc:
            log.warning("could not mark expired lobby %s on Discord: %s", game_id, exc)
        return True
