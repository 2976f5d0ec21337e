"""Playing by clicks: move buttons and selects, "Show my hand", and every refusal.

Each click is checked in this order: the game exists and is in play, the clicker holds the seat
the control was made for, the action parses, and — under the game's lock — the control's version
is still current and the engine accepts the move. Any refusal is answered with a translated
ephemeral message (or, on a hand message, the fresh hand with the reason on top) and changes
nothing. An accepted move is on disk before Discord hears back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import answers
from bot.answers import Readings
from bot.guards import belongs, can_manage
from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.i18n.errors import reason_text
from bot.publish import compose
from bot.publish.payload import Fingerprint, Payload
from bot.session import GameDamaged, MoveOutcome, MoveRefused
from games import registry
from games.core import IllegalAction, Lang

if TYPE_CHECKING:
    from bot.ports import GameService, HandPublisher, PlayRecords
    from bot.session import Session
    from bot.storage.records import GameRecord

log = logging.getLogger(__name__)

#: How long a click waits for a DM hand to be sent before acknowledging Discord first
#: (seconds); the service's own patience covers the game's lock and the store.
DM_PATIENCE = 1.5


def _is_hand_message(interaction: discord.Interaction[Any]) -> bool:
    """Whether the clicked message is a private hand (ephemeral or in DMs)."""
    message = interaction.message
    if message is None:
        return False
    return bool(message.flags.ephemeral) or interaction.guild_id is None


class Play:
    """Handlers for in-game clicks; one instance per bot."""

    def __init__(
        self,
        sessions: GameService,
        records: PlayRecords,
        publisher: HandPublisher,
        readings: Readings,
    ) -> None:
        self._sessions = sessions
        self._records = records
        self._publisher = publisher
        self._readings = readings

    async def _tell(self, interaction: discord.Interaction[Any], game_id: int, text: str) -> None:
        """Answer privately about game `game_id` (a refusal): the player's new reading of the
        game, which replaces their last one (`answers.Readings`)."""
        followup = await answers.send(interaction, text)
        await self._readings.shown(interaction, game_id, followup)

    async def _update(self, interaction: discord.Interaction[Any], payload: Payload) -> None:
        """Update the clicked message: as the first response, or after a deferral."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**payload.edit())
        else:
            await interaction.response.edit_message(**payload.edit())

    async def _update_hand(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        payload: Payload,
        *,
        notice: str | None = None,
        confirm: str | None = None,
        picture_behind: bool = False,
    ) -> None:
        """Update the clicked hand message in place with `payload` (`notice` and `confirm`:
        what it was made with; `picture_behind`: it keeps the message's picture although the
        game has moved, for the publisher to send the new one); an ephemeral one becomes
        (or stays) the seat's live hand, kept
        current through this click's token by the publisher; on a DM hand, the pick it shows
        (or that it shows none) is noted for the publisher's edits of that message. Either is
        registered before the answer is sent, so that an edit of the publisher under way does
        not land after it unnoticed."""
        message = interaction.message
        live = interaction.guild_id is not None and message is not None
        if live:
            self._live(
                interaction,
                session,
                seat,
                lang,
                message.id,  # type: ignore[union-attr]
                payload,
                notice,
                confirm,
                picture_behind=picture_behind,
            )
        elif message is not None:
            pick = (notice, confirm) if notice is not None and confirm is not None else None
            await self._publisher.dm_hands.clicked(
                session,
                seat,
                message.id,
                pick,
                Fingerprint(payload),
                picture=not payload.kept_picture,
            )
        try:
            await self._update(interaction, payload)
        except Exception:
            if live:
                self._publisher.hands.discard(session.id, seat, interaction)
            elif message is not None:
                self._publisher.dm_hands.not_shown(session.id, seat)
            raise

    def _live(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        message_id: int,
        payload: Payload,
        notice: str | None = None,
        confirm: str | None = None,
        *,
        picture_behind: bool = False,
        replace: bool = True,
    ) -> None:
        """Note the hand `payload` (made with `notice` and `confirm`; `picture_behind`: see
        `PictureAhead.behind`; `replace`: see `LiveHands.shown`) as the seat's live hand."""
        shown = Fingerprint(payload)
        pick = (notice, confirm) if notice is not None and confirm is not None else None
        plain = shown if notice is None and confirm is None else None
        self._publisher.hands.shown(
            session,
            seat,
            lang,
            interaction,
            message_id,
            shown,
            pick,
            plain,
            picture_behind=picture_behind,
            replace=replace,
        )

    async def _session_for_click(
        self, interaction: discord.Interaction[Any], game_id: int, lang: Lang
    ) -> Session | None:
        try:
            session = await self._sessions.get(game_id)
        except GameDamaged:
            await answers.send(interaction, msg.ERROR_DAMAGED(lang))
            return None
        if session is None:
            record = await self._records.get(game_id)
            if record is not None and not belongs(interaction, record):
                record = None
            refusal = msg.ERROR_GAME_OVER if record is not None else msg.ERROR_UNKNOWN_GAME
            if record is not None and record.status == "lobby":
                refusal = msg.ERROR_NOT_STARTED
            await self._tell(interaction, game_id, refusal(lang))
            return None
        if not belongs(interaction, session.record):
            log.info("refused a click on game %s from elsewhere", game_id)
            await answers.send(interaction, msg.ERROR_UNKNOWN_GAME(lang))
            return None
        if session.record.status != "playing":
            await self._tell(interaction, game_id, msg.ERROR_GAME_OVER(lang))
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
        lang = lang_for(interaction)
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return
        record = session.record
        own_seat = record.seat_of(interaction.user.id)
        if own_seat is None:
            await self._refuse_unseated(interaction, record, lang)
            return
        on_hand = _is_hand_message(interaction)
        if own_seat != seat:
            # Table buttons are made for the seat to act: anyone else is out of turn.
            refusal = msg.ERROR_NOT_YOUR_SEAT if on_hand else msg.ERROR_NOT_YOUR_TURN
            await self._tell(interaction, game_id, refusal(lang))
            return
        try:
            action = session.game.Action.decode(action_text)
        except IllegalAction as exc:
            await self._refuse(interaction, session, seat, lang, exc.reason, on_hand)
            return

        answered = False

        async def answer(session: Session, outcome: MoveOutcome) -> bool:
            nonlocal answered
            table_shown = await self._answer_move(interaction, session, seat, lang, on_hand)
            answered = True
            return table_shown

        try:
            await self._sessions.play(
                game_id,
                seat,
                action,
                expected_version=version,
                source="human",
                answer=answer,
                on_wait=answers.acknowledger(interaction),
            )
        except (MoveRefused, IllegalAction) as exc:
            await self._refuse(interaction, session, seat, lang, exc.reason, on_hand)
            return
        if not answered:
            # The move is stored but its answer failed (e.g. the clicked hand was replaced by
            # a newer one meanwhile, or the update after a deferral was refused): the player
            # still hears that it was played.
            with contextlib.suppress(discord.HTTPException):
                await answers.send(interaction, msg.MOVE_DONE(lang))
        if on_hand or session.record.status != "playing":
            return
        # A move on the table that leaves this seat to act from its hand (e.g. a take followed
        # by a meld step): bring the hand straight up, unless the player's DM hand or live
        # hand is kept current with every move anyway.
        if seat in session.state.to_act() and not compose.acts_on_table(session, seat):
            delivery, _ = await self._records.user_settings(interaction.user.id)
            if delivery != "dm" and self._publisher.hands.live(session.id, seat) is None:
                await self._deliver_hand(interaction, session, seat, lang, followup=True)

    async def preview(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        seat: int,
        action_text: str,
        chosen: str,
    ) -> None:
        """A confirming select was used: show the choice back on the hand with a Confirm
        button that plays it. Nothing is played or stored yet; a choice that is not legal
        (any more) is refused as a move would be."""
        lang = lang_for(interaction)
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return
        on_hand = _is_hand_message(interaction)
        own_seat = session.record.seat_of(interaction.user.id)
        if own_seat is None:
            await self._refuse_unseated(interaction, session.record, lang)
            return
        if own_seat != seat:
            await self._tell(interaction, game_id, msg.ERROR_NOT_YOUR_SEAT(lang))
            return
        try:
            action = session.game.Action.decode(action_text)
            if not session.still_current(version, seat):
                raise MoveRefused("stale")  # as a move made from the same control would be
            if action not in session.state.legal_actions(seat):
                # Ask the engine why, on a copy: nothing of the game itself changes.
                session.state.copy().apply(seat, action)
        except (MoveRefused, IllegalAction) as exc:
            await self._refuse(interaction, session, seat, lang, exc.reason, on_hand)
            return
        notice = "☑️ " + msg.HAND_CONFIRM_PROMPT(lang, choice=chosen)
        confirm = action.encode()
        payload = await self._publisher.drawing.hand_answer(
            session, seat, lang, notice, confirm=confirm
        )
        if on_hand:
            await self._update_hand(
                interaction, session, seat, lang, payload, notice=notice, confirm=confirm
            )
        else:
            await self._update(interaction, payload)

    async def _answer_move(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        seat: int,
        lang: Lang,
        on_hand: bool,
    ) -> bool:
        """Answer the click with its own update (type 7, or an edit after a deferral) under the
        game's lock; True when that update put the move on the table message. With pictures
        on, a table's answer keeps the message's current picture (its text is the new state)
        and the publisher then edits in the new picture, so the answer never waits for a
        drawing; so does a live hand's answer (the publisher's next edit of it brings the
        hand's new picture; a DM hand's answer carries its picture, see
        `DmHands.answer_move`). While the publisher has
        a table request in flight, a table click is only acknowledged (see
        `Feeds.table_answer`)."""
        message_id = interaction.message.id if interaction.message is not None else None
        if not on_hand and self._publisher.feeds.shows_table(session, message_id):
            payload = await self._publisher.feeds.table_answer(session)
            if payload is None:
                # The publisher's request in flight shows an older state and would land after
                # this answer: acknowledge now; the publisher answers the click once it is done.
                if not interaction.response.is_done():
                    await interaction.response.defer()
                self._publisher.feeds.answer_later(session, interaction, lang)
                return False
            await self._update(interaction, payload)
            return not await self._publisher.drawing.pictures_on(session)
        if on_hand and interaction.guild_id is None and interaction.message is not None:

            async def update(payload: Payload) -> None:
                await self._update(interaction, payload)

            await self._publisher.dm_hands.answer_move(
                session, seat, lang, interaction.message.id, update
            )
        elif on_hand:
            payload = await self._publisher.drawing.hand_answer(session, seat, lang)
            behind = payload.kept_picture
            await self._update_hand(
                interaction, session, seat, lang, payload, picture_behind=behind
            )
        else:
            await answers.send(interaction, msg.MOVE_DONE(lang))
        return False

    async def _seated(
        self, interaction: discord.Interaction[Any], game_id: int, lang: Lang
    ) -> tuple[Session, int] | None:
        """The game in play and the clicker's seat at it; None once the click is refused (see
        `_session_for_click`, `_refuse_unseated`)."""
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return None
        seat = session.record.seat_of(interaction.user.id)
        if seat is None:
            await self._refuse_unseated(interaction, session.record, lang)
            return None
        return session, seat

    async def _refuse_unseated(
        self, interaction: discord.Interaction[Any], record: GameRecord, lang: Lang
    ) -> None:
        """Answer a click from someone who holds no seat of the game: a player whose seat a CPU
        plays while they are away is told how to take it back, anyone else that they are not
        playing."""
        away = record.away_seat_of(interaction.user.id) is not None
        refusal = msg.ERROR_SEAT_AWAY if away else msg.ERROR_NOT_PLAYER
        await self._tell(interaction, record.id, refusal(lang))

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
                notice = f"⚠️ {text}"
                payload = await self._publisher.drawing.hand_message(
                    session, seat, lang, notice=notice
                )
                await self._update_hand(interaction, session, seat, lang, payload, notice=notice)
                return
            except discord.NotFound:
                pass  # not a hand message of ours after all (a forged DM click): just say why
        await self._tell(interaction, session.id, f"⚠️ {text}")

    async def return_seat(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A player whose seat a CPU took over takes it back (the table's button or `/game
        return`); the thread is told, and the publisher shows them back at the table."""
        lang = lang_for(interaction)
        session = await self._session_for_click(interaction, game_id, lang)
        if session is None:
            return
        user = interaction.user
        seat = session.record.away_seat_of(user.id)
        stored = None
        if seat is not None:
            stored = await self._sessions.return_seat(
                game_id, seat, user.id, on_wait=answers.acknowledger(interaction)
            )
        if stored is None or seat is None:
            await self._tell(interaction, game_id, msg.ERROR_NOT_AWAY(lang))
            return
        text = msg.GAME_RETURNED(
            session.record.language,  # type: ignore[arg-type]
            player=user.mention,
            seat=seat + 1,
        )
        await answers.send(interaction, text, public=True)

    async def next_page(
        self, interaction: discord.Interaction[Any], game_id: int, version: int
    ) -> None:
        """Next under a page turn's summary: its player has read it. A hand shows the next
        page's moves at once; the table is brought up to date by the publisher."""
        lang = lang_for(interaction)
        seated = await self._seated(interaction, game_id, lang)
        if seated is None:
            return
        session, seat = seated
        self._sessions.page_seen(game_id, seat, version)
        if _is_hand_message(interaction):
            payload = await self._publisher.drawing.hand_message(session, seat, lang)
            await self._update_hand(interaction, session, seat, lang, payload)
        else:
            await interaction.response.defer()

    async def abandon(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "Abandon" on the question `/game abandon` asked its host (or a server manager):
        the game ends for everyone; the question turns into what was done, and the channel is
        told in the table's language."""
        lang = lang_for(interaction)
        record = await self._records.get(game_id)
        if record is None or not belongs(interaction, record, in_dm=False):
            await answers.send(interaction, msg.ERROR_UNKNOWN_GAME(lang))
            return
        if not can_manage(interaction, record):
            await answers.send(interaction, msg.ERROR_HOST_ONLY(lang))
            return
        try:
            stored = await self._sessions.abandon(
                game_id, on_wait=answers.acknowledger(interaction)
            )
        except GameDamaged:
            stored = await self._records.abandon_game(game_id)  # one that cannot load, too
        if stored is None:
            await answers.send(interaction, msg.ERROR_GAME_OVER(lang))
            return
        game = registry.get(record.game)
        done = msg.GAME_ABANDONED(lang, id=record.id, game=game.name(lang))
        if interaction.response.is_done():
            await interaction.edit_original_response(content=done, view=None)
        else:
            await interaction.response.edit_message(content=done, view=None)
        table_lang: Lang = record.language  # type: ignore[assignment]
        told = msg.GAME_ABANDONED(table_lang, id=record.id, game=game.name(table_lang))
        await interaction.followup.send(told, allowed_mentions=discord.AllowedMentions.none())

    async def show_hand(
        self, interaction: discord.Interaction[Any], game_id: int, *, refresh: bool
    ) -> None:
        """ "Show my hand" on the table, or "refresh" on a hand message."""
        lang = lang_for(interaction)
        seated = await self._seated(interaction, game_id, lang)
        if seated is None:
            return
        session, seat = seated
        if refresh and _is_hand_message(interaction):
            payload = await self._publisher.drawing.hand_message(session, seat, lang)
            await self._update_hand(interaction, session, seat, lang, payload)
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
        delivery, dm_lang = await self._records.user_settings(interaction.user.id)
        notice = None
        if delivery == "dm":
            sending = asyncio.ensure_future(
                self._publisher.dm_hands.send(session, seat, interaction.user.id, dm_lang)  # type: ignore[arg-type]
            )
            if not interaction.response.is_done():
                done, _ = await asyncio.wait({sending}, timeout=DM_PATIENCE)
                if not done:
                    # Discord is slow to take the DM: acknowledge within its 3 seconds first.
                    await interaction.response.defer(ephemeral=True, thinking=True)
            if await sending:
                if not followup:
                    await answers.send(interaction, msg.HAND_SENT_DM(lang))
                return
            notice = msg.HAND_DM_CLOSED(lang)
        payload = await self._publisher.drawing.hand_message(session, seat, lang, notice=notice)
        message_id: int | None
        if followup or interaction.response.is_done():
            message = await interaction.followup.send(**payload.send(), ephemeral=True, wait=True)
            message_id = message.id
        else:
            sent = await interaction.response.send_message(**payload.send(), ephemeral=True)
            message_id = sent.message_id
        if message_id is not None and interaction.guild_id is not None:
            # The one live hand of this player: the previous one goes; but a hand the bot
            # brings up by itself (`followup`) leaves one the player opened meanwhile.
            self._live(
                interaction, session, seat, lang, message_id, payload, notice, replace=not followup
            )
