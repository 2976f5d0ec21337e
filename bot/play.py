"""Playing by clicks: move buttons and selects, "Show my hand", and every refusal.

Each click is checked in this order: the game exists and is in play, the clicker holds the seat
the control was made for, the action parses, and — under the game's lock — the control's version
is still current and the engine accepts the move. Any refusal is answered with a translated
ephemeral message (or, on a hand message, the fresh hand with the reason on top) and changes
nothing. An accepted move is on disk before Discord hears back.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import lang_of, t
from bot.i18n.errors import reason_text
from bot.sessions import GameDamaged, MoveRefused
from games.core import IllegalAction, Lang

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.sessions import Session
    from bot.table import Table

log = logging.getLogger(__name__)

#: How long a click waits for its game's lock (or for a DM hand to be sent) before
#: acknowledging Discord first (seconds).
LOCK_PATIENCE = 1.5


def _is_hand_message(interaction: discord.Interaction[Any]) -> bool:
    """Whether the clicked message is a private hand (ephemeral or in DMs)."""
    message = interaction.message
    if message is None:
        return False
    return bool(message.flags.ephemeral) or interaction.guild_id is None


class Play:
    """Handlers for in-game clicks; one instance per bot."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @property
    def table(self) -> Table:
        return self.bot.table

    async def _update(self, interaction: discord.Interaction[Any], **payload: Any) -> None:
        """Update the clicked message: as the first response, or after a deferral."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**payload)
        else:
            await interaction.response.edit_message(**payload)

    async def _reply(self, interaction: discord.Interaction[Any], text: str) -> None:
        """An ephemeral answer, as a first response or as a follow-up."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def _session_for_click(
        self, interaction: discord.Interaction[Any], game_id: int, lang: Lang
    ) -> Session | None:
        try:
            session = await self.bot.sessions.get(game_id)
        except GameDamaged:
            await self._reply(interaction, t(lang, "error.damaged"))
            return None
        if session is None:
            record = await self.bot.store.get(game_id)
            key = "error.game_over" if record is not None else "error.unknown_game"
            if record is not None and record.status == "lobby":
                key = "error.not_started"
            await self._reply(interaction, t(lang, key))
            return None
        if session.record.status != "playing":
            await self._reply(interaction, t(lang, "error.game_over"))
            return None
        return session

    async def move(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        seat: int,
        action_text: str,
    ) -> None:
        """A move button or select was used."""
        lang = lang_of(interaction.locale)
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return
        record = session.record
        own_seat = record.seat_of(interaction.user.id)
        if own_seat is None:
            await self._reply(interaction, t(lang, "error.not_player"))
            return
        on_hand = _is_hand_message(interaction)
        if own_seat != seat:
            # Table buttons are made for the seat to act: anyone else is out of turn.
            key = "error.not_your_seat" if on_hand else "error.not_your_turn"
            await self._reply(interaction, t(lang, key))
            return
        try:
            action = session.game.Action.decode(action_text)
        except IllegalAction as exc:
            await self._refuse(interaction, session, seat, lang, exc.reason, on_hand)
            return
        try:
            if session.lock.locked():  # (a free lock is taken at once, without a timeout task)
                await asyncio.wait_for(session.lock.acquire(), LOCK_PATIENCE)
            else:
                await session.lock.acquire()
        except TimeoutError:
            # Other moves of this game are being written: acknowledge now so Discord's
            # 3-second limit holds however long the queue is, and answer when it is our turn.
            await interaction.response.defer()
            await session.lock.acquire()
        try:
            try:
                outcome = await self.bot.sessions.apply(
                    session, seat, action, expected_version=version
                )
            except (MoveRefused, IllegalAction) as exc:
                await self._refuse(interaction, session, seat, lang, exc.reason, on_hand)
                return
            try:
                await self._answer_move(interaction, session, seat, lang, on_hand)
            except discord.HTTPException as exc:
                # The move is stored and stands; the clicker may not have seen it, but the
                # table must show it, and the rest (pings, the end) must still happen.
                log.warning("game %s: the answer to a stored move failed: %s", session.id, exc)
                await self.table.update_table(session)
            in_dm = on_hand and interaction.guild_id is None
            await self.table.after_move(session, outcome, skip_dm_seat=seat if in_dm else None)
        finally:
            session.lock.release()
        self.bot.sessions.schedule(session)

    async def _answer_move(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        on_hand: bool,
    ) -> None:
        """Answer the click with its own update (type 7), then bring the rest in step."""
        record = session.record
        over = record.status == "finished"
        clicked_table = (
            not on_hand
            and interaction.message is not None
            and interaction.message.id == record.table_message_id
            and not self.table.table_is_old(session)
        )
        # The answer is the text at once; the new picture follows in an edit.
        if clicked_table:
            await self._update(interaction, **await self.table.table_answer(session))
            if await self.table.pictures_on(session):
                await self.table.update_table(session)
        elif on_hand:
            await self._update(interaction, **await self.table.hand_answer(session, seat, lang))
            await self.table.update_table(session)
            if await self.table.pictures_on(session, interaction.user.id):
                await interaction.edit_original_response(
                    **await self.table.hand_message(session, seat, lang, edit=True)
                )
        else:
            await self._reply(interaction, t(lang, "move.done"))
            await self.table.update_table(session)
        if over or on_hand:
            return
        # A move on the table that leaves this seat to act from its hand (e.g. a take followed
        # by a meld step): bring the hand straight up.
        if seat in session.state.to_act() and not self.table.acts_on_table(session, seat):
            delivery, _ = await self.bot.store.user_settings(interaction.user.id)
            if delivery != "dm":  # a DM hand is refreshed with every move anyway
                await self._deliver_hand(interaction, session, seat, lang, followup=True)

    async def _refuse(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        reason: str,
        on_hand: bool,
    ) -> None:
        """Answer a click that changes nothing: the reason, with the fresh view on a hand."""
        text = reason_text(session.record.game, reason, lang)
        if on_hand and session.record.seat_of(interaction.user.id) == seat:
            try:
                await self._update(
                    interaction,
                    **await self.table.hand_message(
                        session, seat, lang, edit=True, notice=f"⚠️ {text}"
                    ),
                )
                return
            except discord.NotFound:
                pass  # not a hand message of ours after all (a forged DM click): just say why
        await self._reply(interaction, f"⚠️ {text}")

    async def show_hand(
        self, interaction: discord.Interaction[Any], game_id: int, *, refresh: bool
    ) -> None:
        """ "Show my hand" on the table, or "refresh" on a hand message."""
        lang = lang_of(interaction.locale)
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return
        seat = session.record.seat_of(interaction.user.id)
        if seat is None:
            await self._reply(interaction, t(lang, "error.not_player"))
            return
        if refresh and _is_hand_message(interaction):
            await self._update(
                interaction, **await self.table.hand_message(session, seat, lang, edit=True)
            )
            return
        await self._deliver_hand(interaction, session, seat, lang, followup=False)

    async def _deliver_hand(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        *,
        followup: bool,
    ) -> None:
        """Send the hand as the player prefers: ephemeral, or by DM (ephemeral if DMs fail)."""
        delivery, dm_lang = await self.bot.store.user_settings(interaction.user.id)
        notice = None
        if delivery == "dm":
            sending = asyncio.ensure_future(
                self.table.send_dm_hand(session, seat, interaction.user.id, dm_lang)  # type: ignore[arg-type]
            )
            if not interaction.response.is_done():
                done, _ = await asyncio.wait({sending}, timeout=LOCK_PATIENCE)
                if not done:
                    # Discord is slow to take the DM: acknowledge within its 3 seconds first.
                    await interaction.response.defer(ephemeral=True, thinking=True)
            if await sending:
                if not followup:
                    await self._reply(interaction, t(lang, "hand.sent_dm"))
                return
            notice = t(lang, "hand.dm_closed")
        payload = await self.table.hand_message(session, seat, lang, edit=False, notice=notice)
        if followup or interaction.response.is_done():
            await interaction.followup.send(**payload, ephemeral=True)
        else:
            await interaction.response.send_message(**payload, ephemeral=True)
