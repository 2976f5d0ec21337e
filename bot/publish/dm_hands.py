"""Hands by DM: each player who chose DMs (`/settings`) gets their hand as a message of its own,
which the publisher edits after every move, keeping a pick waiting for its Confirm click while
it stays legal.

Concurrency rules enforced here: one DM hand update at a time per seat (a move's refresh and a
"Show my hand" click could both send a new message, or land out of order); a click notes what it
shows on a DM hand before its answer is sent, so an edit under way is redone; the pick a DM
hand shows is kept in the store in the background (`BackgroundWrites`), off the click's path.
With several processes, clicks in DMs are answered by the process running shard 0, which may
not own the game: the pick such a click shows is kept in the store and announced, and the
owner's edits of that hand take it from there (`clicked_elsewhere`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.publish import compose
from bot.publish.drawing import Drawing, PictureAhead
from bot.publish.live_hands import BackgroundWrites
from bot.publish.payload import Fingerprint, Payload
from games.core import Lang

if TYPE_CHECKING:
    from bot.publish.ports import Channels, DmHandRecords
    from bot.session import Session
    from bot.storage.records import DmHand, GameRecord

log = logging.getLogger(__name__)


@dataclass(eq=False)
class DmHands:
    """Every DM hand message the publisher keeps current, by `(game id, seat)`."""

    drawing: Drawing
    records: DmHandRecords
    channels: Channels
    #: Whether this process owns a game (with several processes, the owner edits its DM
    #: hands after its moves).
    owns: Callable[[GameRecord], bool]
    #: Asks the game's feed (by id) to bring its DM hands up to date soon.
    wake: Callable[[int], None]
    #: What each DM hand message last showed, so unchanged hands are not edited again.
    _shown: dict[tuple[int, int], Fingerprint] = field(default_factory=dict, init=False)
    #: One DM hand update at a time per `(game id, seat)`: two at once (a move's refresh and
    #: a "Show my hand" click) could both send a new message, or land out of order.
    _sending: defaultdict[tuple[int, int], asyncio.Lock] = field(
        default_factory=lambda: defaultdict(asyncio.Lock), init=False
    )
    #: A pick shown back on a seat's DM hand message for confirmation (`(notice, encoded
    #: action)`; None: none), kept on that message while the game moves on as long as it
    #: stays legal. Kept in the store with the message too (`_keep_pick`), and read from
    #: there the first time this process sends that hand (a seat missing here: not read
    #: yet), so that a pick made before a restart stays on the message after it; on a
    #: database shared by several processes, read from there each time (`_pick`).
    _picks: dict[tuple[int, int], tuple[str, str] | None] = field(default_factory=dict, init=False)
    #: The writes of each seat's DM hand pick to the store (see `_keep_pick`).
    _pick_writes: BackgroundWrites = field(
        default_factory=lambda: BackgroundWrites("DM hand pick"), init=False
    )
    #: Each DM hand's picture while its text goes out ahead of it (`_send`); gone once the
    #: message shows a picture of the hand as it was then (`_picture_current`).
    _pictures: dict[tuple[int, int], PictureAhead] = field(default_factory=dict, init=False)

    async def refresh(self, session: Session) -> None:
        """Re-send or edit the DM hand of every human who chose DMs."""
        for info in session.record.seats:
            if info.user_id is None:
                continue
            delivery, lang = await self.records.user_settings(info.user_id)
            if delivery != "dm":
                continue
            await self.send(session, info.seat, info.user_id, lang, background=True)  # type: ignore[arg-type]

    async def answer_move(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        message_id: int,
        update: Callable[[Payload], Awaitable[None]],
    ) -> None:
        """Answer a move clicked on a DM hand with the hand as it is now, its new picture
        included (`update`: the click's own update of that message): a DM message's edits
        share the bot's limits with every other DM, so the move costs that message one edit,
        not a quick answer and then a picture. When it is the seat's DM hand message, that is
        noted as what it shows, so the refresh after the move does not send the same hand
        again. While an earlier refresh of that hand is under way the answer does not wait
        for it (it may be waiting out a rate limit) and notes nothing: the refresh after the
        move then brings the message in step."""
        self._note_pick(session, seat, message_id, None)  # a move answers any pick
        self._picture_current((session.id, seat))
        sending = self._sending[(session.id, seat)]
        if sending.locked():
            await update(await self.drawing.hand_message(session, seat, lang))
            return
        async with sending:
            payload = await self.drawing.hand(session, seat, lang)
            shown = Fingerprint(payload)
            await update(await self.drawing.hand_message(session, seat, lang, payload=payload))
            stored = await self.records.hand_message(session.id, seat)
            if stored is not None and stored[1] == message_id:
                self._shown[(session.id, seat)] = shown

    async def clicked(
        self,
        session: Session,
        seat: int,
        message_id: int,
        pick: tuple[str, str] | None,
        shown: Fingerprint,
        *,
        picture: bool,
    ) -> None:
        """A click is about to update DM hand message `message_id` of the seat in place, showing
        `pick` (`(notice, encoded action)` waiting for its Confirm click) or none, as `shown`
        (its `fingerprint`), with the hand's picture as it is now (`picture`) or keeping the
        message's. When it is the seat's DM hand message, the publisher's later edits
        keep showing that pick while it stays legal, as a live hand does (after a restart too:
        it is kept in the store with the message), and do not send what the message already
        shows; any other click there (a refresh, a refusal) drops it. Noted before the answer
        is sent, so that an edit under way is redone. On a process that does not own the
        game, the owner is told (see `_note_pick`)."""
        stored = await self.records.hand_message(session.id, seat)
        if stored is None or stored[1] != message_id:
            return
        self._shown[(session.id, seat)] = shown
        if picture:
            self._picture_current((session.id, seat))
        self._note_pick(session, seat, message_id, pick, announce=True)

    def not_shown(self, game_id: int, seat: int) -> None:
        """A click's update of the seat's DM hand failed after `clicked` noted what it
        would show: what the message shows is not known, so the publisher's next pass sends it
        whatever it was."""
        self._shown.pop((game_id, seat), None)

    def clicked_elsewhere(self, game_id: int, seat: int) -> None:
        """Another process answered a click on the seat's DM hand message (a pick, a refresh,
        a refusal: DMs arrive on shard 0's process) and stored the pick it shows, or none
        (`_note_pick`); the store announced it once stored. The owner of the game edits
        that message after the game's moves: what it noted of the message is dropped (its
        pick is read from the store again, `_pick`); the game's feed then brings the message
        in step (`Publisher.dm_hand_clicked_elsewhere`). What the click showed is not known
        here, nor whether an edit of this process under way lands before or after the click's
        answer, so the message is edited even when that shows what the click showed: one edit
        more per such click, rather than a pick lost or brought back."""
        key = (game_id, seat)
        self._picks.pop(key, None)
        self._shown.pop(key, None)

    def all_unknown(self) -> None:
        """Clicks on DM hands may have been announced unheard (the store's listening
        connection was lost): what each DM hand message shows is no longer known, so the
        publisher's next edit of each is sent (the picks are read from the store anyway)."""
        self._shown.clear()

    def _pick(self, session: Session, seat: int, stored: DmHand | None) -> tuple[str, str] | None:
        """The pick the seat's DM hand shows for confirmation, if it can still be played.
        `stored`: the seat's DM hand message as the store has it (read just before), whose
        pick is taken when this process knows none yet for the seat (the process before it
        noted it) and, on a database shared by several processes, whenever no write of this
        process's own is pending for the seat: a click that another process answered is
        stored there (`_note_pick`), so the store, not this process's memory, has the
        latest word. That costs no query: the publisher reads the message's row anyway."""
        key = (session.id, seat)
        shared = self.records.SHARED and not self._pick_writes.pending(key)
        if key not in self._picks or shared:
            self._picks[key] = stored.confirm if stored is not None else None
        pick = self._picks[key]
        if pick is not None and not compose.pick_still_legal(session, seat, pick[1]):
            self._picks[key] = pick = None
        return pick

    def _note_pick(
        self,
        session: Session,
        seat: int,
        message_id: int,
        pick: tuple[str, str] | None,
        *,
        announce: bool = False,
    ) -> None:
        """A click on DM hand message `message_id` of the seat shows `pick` on it, or none:
        noted for the publisher's edits, and kept in the store when that changes what is kept
        (a seat this process knows no pick of yet may have one kept from before a restart).

        On a process that does not own the game (a click in DMs arrives on shard 0's), the
        owner is the one that edits the message after the game's moves, and it reads the
        pick from the store (`_pick`): it is written there whatever this process noted
        before. With `announce` (a click that is not a move: a move is announced itself, and
        the owner edits the hand after it anyway), the owner is told once it is stored
        (`clicked_elsewhere`), so that it does not keep an edit of its own that
        missed the click, nor take the message to show what it last sent there. The write
        stays in the background, off the click's path, as on one process."""
        key = (session.id, seat)
        elsewhere = not self.owns(session.record)
        if not elsewhere and key in self._picks and self._picks[key] == pick:
            return
        self._picks[key] = pick
        self._keep_pick(session.id, seat, message_id, pick, announce=announce and elsewhere)

    def _keep_pick(
        self,
        game_id: int,
        seat: int,
        message_id: int,
        pick: tuple[str, str] | None,
        *,
        announce: bool = False,
        read: DmHand | None = None,
    ) -> None:
        """Keep `pick` (or none) in the store as what the seat's DM hand message `message_id`
        shows, for the process after a restart and the game's owner, in the background
        (`BackgroundWrites`, as live hands are kept): it may be asked under the game's lock,
        before a click's answer. A write for a message that is no longer the seat's DM hand
        changes nothing (`set_dm_hand_pick`); `announce`: see `_note_pick`; `read`: the
        message as the publisher read it before its edit, whose pick is replaced only if it
        is still the one kept (a click that another process answered meanwhile stored the
        newer word, `replace_dm_hand_pick`)."""
        store = self.records

        async def write() -> None:
            if read is not None:
                await store.replace_dm_hand_pick(game_id, seat, message_id, read.confirm, pick)
            else:
                await store.set_dm_hand_pick(game_id, seat, message_id, pick, announce=announce)

        self._pick_writes.keep((game_id, seat), write)

    async def picks_kept(self) -> None:
        """Wait for the writes of DM hand picks under way (before the store closes)."""
        await self._pick_writes.done()

    async def send(
        self, session: Session, seat: int, user_id: int, lang: Lang, *, background: bool = False
    ) -> bool:
        """Edit the seat's DM hand message (or send one). False when DMs are closed. The pick
        the message shows for confirmation stays on it while it can still be played, one
        made before a restart included (`_pick`); a pick the player made meanwhile on that
        message (`clicked`) is shown: an edit that was under way without it is done
        again. `background`: for the publisher, not for a
        click's answer (see `Drawing.hand_message`)."""
        async with self._sending[(session.id, seat)]:
            while True:
                stored = await self.records.dm_hand(session.id, seat)
                pick = self._pick(session, seat, stored)
                if not await self._send(session, seat, user_id, lang, stored, pick, background):
                    return False
                if self._picks.get((session.id, seat)) == pick:
                    return True

    async def _send(
        self,
        session: Session,
        seat: int,
        user_id: int,
        lang: Lang,
        stored: DmHand | None,
        pick: tuple[str, str] | None,
        background: bool,
    ) -> bool:
        """`send` once, showing `pick` on the seat's DM hand message `stored` (as read
        just before), or on a new one. The pick the message shows is kept in the store with
        it (a pick dropped, no longer legal, included)."""
        key = (session.id, seat)
        notice, confirm = pick if pick is not None else (None, None)
        # The state as it is by now.
        payload = await self.drawing.hand(session, seat, lang, notice, confirm=confirm)
        shown = Fingerprint(payload)
        if stored is not None:
            ahead = self._pictures.setdefault(key, PictureAhead())
            before = self._shown.get(key)
            if before != shown or ahead.behind:
                try:
                    if background and ahead.wanted(self.drawing, session, payload):
                        # Past what the bot can draw, as a live hand (`LiveHands._edit`).
                        edit, behind = ahead.next_edit(
                            self.drawing,
                            session,
                            seat,
                            lang,
                            payload,
                            shown,
                            before,
                            current=lambda: self._pictures.get(key) is ahead,
                            then=lambda: self.wake(session.id),
                            what=f"game {session.id} seat {seat} DM hand",
                        )
                        if edit is None:
                            return True
                    else:
                        edit = await self.drawing.hand_message(
                            session, seat, lang, payload=payload, background=background
                        )
                        behind = False
                    channel = self.channels.get_partial_messageable(stored.channel_id)
                    await channel.get_partial_message(stored.message_id).edit(**edit.edit())
                except discord.NotFound:
                    stored = None
                except discord.HTTPException as exc:
                    log.info("DM hand edit failed for game %s seat %s: %s", session.id, seat, exc)
                    return False
                else:
                    if behind:
                        ahead.behind = True
                    else:
                        self._picture_current(key)
            if stored is not None:
                self._shown[key] = shown
                if stored.confirm != pick and self._picks.get((session.id, seat)) == pick:
                    # (A click that changed the pick meanwhile has asked for its own write.)
                    self._keep_pick(session.id, seat, stored.message_id, pick, read=stored)
                return True
            await self.records.delete_hand_message(session.id, seat)
            self._picks[(session.id, seat)] = None  # it was on that message
            notice = confirm = None
            plain = compose.hand_payload(session, seat, lang, pictures=payload.beside_picture)
            shown = Fingerprint(plain)
        try:
            channel = await self.channels.create_dm(discord.Object(user_id))
            hand = await self.drawing.hand_message(
                session, seat, lang, notice=notice, confirm=confirm, background=background
            )
            message = await channel.send(**hand.send())
        except discord.HTTPException as exc:
            log.info("DMs closed for a player of game %s: %s", session.id, exc.code)
            return False
        shown_pick = (notice, confirm) if notice is not None and confirm is not None else None
        await self.records.set_hand_message(session.id, seat, channel.id, message.id, shown_pick)
        self._shown[key] = shown
        self._picture_current(key)
        return True

    def _picture_current(self, key: tuple[int, int]) -> None:
        """The seat's DM hand message shows a picture of the hand as it was then: a picture
        drawn or being drawn in the background is no newer, and is given up."""
        ahead = self._pictures.pop(key, None)
        if ahead is not None:
            ahead.cancel()

    def forget_game(self, game_id: int) -> None:
        """Drop what is kept of a game that ended (each is a whole hand's text: kept for every
        game ever, it would grow without bound)."""
        for key in [key for key in self._shown if key[0] == game_id]:
            del self._shown[key]
        for key in [key for key in self._sending if key[0] == game_id]:
            del self._sending[key]
        for key in [key for key in self._picks if key[0] == game_id]:
            del self._picks[key]
        for key in [key for key in self._pictures if key[0] == game_id]:
            self._picture_current(key)
