"""Live hands: one private hand message per player per game, kept current while it can be.

A hand shown as an ephemeral message ("Show my hand" on the table or on a turn ping, the hand
that follows a table move, a click inside a hand) is remembered with the interaction that last
showed it: that interaction's token lets the bot edit or delete the message for 15 minutes.
After every change of the game the publisher (`bot.table`, outside the game's lock, coalescing)
brings each live hand to the state as it is; opening a new hand deletes the previous one;
shortly before the token expires the hand turns into one line ("hand closed") whose button opens
it again in place; when the game ends every live hand shows the result. So no hand ever shows
an old state as current, and a player has at most one live hand message per game. Hands by DM
(`/settings`) are kept current by the publisher too, as messages of their own; both keep a
pick waiting for its Confirm click while it stays legal (`pick_still_legal`).
"""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.components import ShowHand
from bot.i18n import messages as msg
from bot.render import pictures
from bot.render.common import winners_line
from bot.storage.records import STORAGE_ERRORS, StoredHand
from games.core import Lang

if TYPE_CHECKING:
    from bot.sessions import Session
    from bot.table import Table

log = logging.getLogger(__name__)

#: How long Discord lets an interaction's token edit its messages (seconds from its creation).
TOKEN_SECONDS = 15 * 60.0

#: How long a live hand's write to the store waits: the click that showed the hand answers
#: first (its database work and that answer do not compete), and a player's clicks in a row
#: cost one write. A crash meanwhile loses only the newest token; the previous one kept edits
#: the same message, or the hand is shown afresh with the next "Show my hand".
KEEP_AFTER_SECONDS = 0.1


class BackgroundWrites:
    """Writes to the store that need not hold up what asks for them (they may be asked under
    a game's lock, before a click's answer): each starts after `KEEP_AFTER_SECONDS`, the
    writes of one key follow each other in the order they were asked for, and each says all
    there is to keep for its key, so one that a newer write of its key follows before it
    starts is skipped (clicks in a row cost one write).

    Asking costs a timer, not a task: a task made before a click's answer would run its first
    step in the turn of the event loop that sends the answer's request (aiohttp writes a
    request's body from a task of its own), so the task that writes starts only when the
    timer fires."""

    def __init__(self, what: str) -> None:
        #: What is kept, for the log when a write fails.
        self.what = what
        #: The newest write asked for on each key that has not started yet.
        self._asked: dict[tuple[int, int], Callable[[], Awaitable[None]]] = {}
        #: Each key with writes asked for or under way: its timer until its writer starts,
        #: then its writer (a task that writes what is asked for the key until nothing is).
        self._writers: dict[tuple[int, int], asyncio.TimerHandle | asyncio.Task[None]] = {}

    def keep(self, key: tuple[int, int], write: Callable[[], Awaitable[None]]) -> None:
        """Call `write` in the background, as the newest word on `key` (`(game id, seat)`)."""
        self._asked[key] = write
        if key not in self._writers:
            loop = asyncio.get_running_loop()
            self._writers[key] = loop.call_later(KEEP_AFTER_SECONDS, self._start, key)

    def _start(self, key: tuple[int, int]) -> None:
        self._writers[key] = asyncio.create_task(
            self._write(key), name=f"keep-{self.what}-{key[0]}-{key[1]}"
        )

    async def _write(self, key: tuple[int, int]) -> None:
        try:
            while (write := self._asked.pop(key, None)) is not None:
                try:
                    await write()
                except STORAGE_ERRORS as exc:
                    log.warning("game %s seat %s: %s not kept: %s", *key, self.what, exc)
        finally:
            del self._writers[key]

    def pending(self, key: tuple[int, int]) -> bool:
        """Whether a write of `key` is asked for and not done yet: until it is, what the store
        holds for it is older than what was asked."""
        return key in self._writers

    async def done(self) -> None:
        """Wait for the writes asked for and under way (before the store closes): those still
        waiting for their time start now."""
        while self._writers:
            for key, writer in list(self._writers.items()):
                if isinstance(writer, asyncio.TimerHandle):
                    writer.cancel()
                    self._start(key)
            await asyncio.wait(set(self._writers.values()))  # type: ignore[arg-type]


def pick_still_legal(session: Session, seat: int, action_text: str) -> bool:
    """Whether a pick shown back on a hand for confirmation (`action_text`: the encoded action
    its Confirm button plays) can still be played by `seat` as the game is now. A hand that
    is redrawn after other seats' moves keeps its pending pick while this holds (live hands
    here, DM hands in `bot.table`), and drops it once it does not."""
    if session.record.status != "playing":
        return False
    try:
        action = session.game.Action.decode(action_text)
        if action not in session.state.legal_actions(seat):
            # Not every legal pick is listed (a pass of several cards): ask the engine, on a
            # copy, as the preview did.
            session.state.copy().apply(seat, action)
    except ValueError:  # IllegalAction included
        return False
    return True


class HandPayload(dict[str, Any]):
    """A hand message as `Table.hand_payload` makes it: the keyword arguments of its send or
    edit, and what its `Fingerprint` needs beyond them. Made to go beside the hand's picture,
    its text leaves out what the picture shows; `picture` then lays that picture out (its
    `Scene`), for the fingerprint to compare instead."""

    picture: Callable[[], object] | None = None

    @property
    def pictures(self) -> bool:
        """Whether it was made to go beside the hand's picture."""
        return self.picture is not None


class Fingerprint:
    """What a hand payload shows (its text, embeds and controls; its picture aside, since the
    picture follows from the same state, unless the text leaves out what the picture shows:
    then the picture's layout counts too), to tell whether a hand message needs an edit.

    Each part is worked out the first time two are compared (the layout only when the texts
    are the same): a click notes what its answer shows before sending it, and only the
    publisher compares, later, so the answer does not wait for it. The payload must not
    change what it shows once given (nor the game state its picture is laid out from: a
    move replaces the session's state by a new one)."""

    __slots__ = ("_laid_out", "_payload", "_picture", "_text", "pictures")

    def __init__(self, payload: dict[str, Any]) -> None:
        self._payload: dict[str, Any] | None = payload
        self._text = ""
        self._picture: Callable[[], object] | None = getattr(payload, "picture", None)
        self._laid_out: object = None
        #: Whether the payload was made to go beside the hand's picture (see `HandPayload`).
        self.pictures: bool = getattr(payload, "pictures", False)

    @property
    def text(self) -> str:
        if self._payload is not None:
            payload, self._payload = self._payload, None
            view = payload.get("view")
            embeds = [embed.to_dict() for embed in payload.get("embeds") or []]
            self._text = json.dumps(
                [
                    payload.get("content"),
                    [{k: v for k, v in embed.items() if k != "image"} for embed in embeds],
                    view.to_components() if view is not None else None,
                ],
                sort_keys=True,
                ensure_ascii=False,
            )
        return self._text

    @property
    def picture(self) -> object:
        """The layout of the picture the text leaves things to (None when it leaves nothing)."""
        if self._picture is not None:
            lay_out, self._picture = self._picture, None
            self._laid_out = lay_out()
        return self._laid_out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fingerprint):
            return NotImplemented
        return self is other or (self.text == other.text and self.picture == other.picture)

    __hash__ = None  # type: ignore[assignment]


@dataclass(eq=False)
class PictureAhead:
    """A hand message's picture while its text goes out ahead of it, past what the bot can
    draw (as the table's does, `Table.text_ahead`): whether the message's picture is older
    than its text, the picture being drawn in the background, and that picture once drawn,
    with its layout, for the message's next edit. Each live hand has one (`LiveHand.ahead`),
    and so has each DM hand the publisher edits (`Table._dm_pictures`)."""

    #: The message's picture is older than its text: the publisher's next pass sends the new
    #: one (a click's quick answer kept it, `Table.kept_picture`, or the text went ahead).
    behind: bool = False
    drawing: asyncio.Task[None] | None = field(default=None, repr=False)
    drawn: tuple[object, pictures.Picture] | None = field(default=None, repr=False)

    def wanted(self, table: Table, session: Session, payload: HandPayload) -> bool:
        """Whether the hand's next edit goes ahead of its picture: its picture would wait long
        for its turn to draw, or one is on its way or drawn already. Not for a hand made
        without its picture, nor once the game is over (the last state is shown with its
        picture)."""
        if not payload.pictures or session.record.status != "playing":
            return False
        return self.drawing is not None or self.drawn is not None or table.drawing.backed_up()

    def next_edit(
        self,
        table: Table,
        session: Session,
        seat: int,
        lang: Lang,
        payload: HandPayload,
        shown: Fingerprint,
        before: Fingerprint | None,
        *,
        current: Callable[[], bool],
        then: Callable[[], None],
        what: str,
    ) -> tuple[dict[str, Any] | None, bool]:
        """The message's next edit, to show `payload` (`shown`; `before`: what the message
        shows, if known), and whether its picture is then behind its text: with the picture
        drawn for it, if there is one (newer than the one the message shows, if not the
        hand's as it is now); else, when the seat is to act, its text alone, keeping the
        message's picture. None when nothing is to be sent: the message shows this text
        already, or the seat is not to act (its text waits for its picture, so that past what
        the bot can draw its requests stay one per picture). While the picture is behind, it
        is drawn in the background (`_draw`, one at a time; `current`, `then`, `what`: see
        there)."""
        drawn, self.drawn = self.drawn, None
        behind = drawn is None or drawn[0] != shown.picture
        if behind and self.drawing is None:
            self.drawing = asyncio.create_task(
                self._draw(table, session, seat, lang, current, then, what),
                name=f"{what} picture",
            )
        if drawn is not None:
            return table.attach(payload, drawn[1], edit=True), behind
        if seat not in session.state.to_act():
            return None, behind
        if before is not None and shown.text == before.text:
            return None, behind
        return table.keeping_picture(payload, pictures.HAND_FILE, on=True), True

    async def _draw(
        self,
        table: Table,
        session: Session,
        seat: int,
        lang: Lang,
        current: Callable[[], bool],
        then: Callable[[], None],
        what: str,
    ) -> None:
        """Draw the seat's hand picture when the publisher's turn to draw comes, from the game
        as it is then (`Table.draw_in_turn`; after the others when the seat is not to act: its
        text waits for it), keep it for the next edit (`next_edit`) and ask for that edit
        (`then`); nothing once the message is no longer edited this way (`current`). `what`
        names the hand in the log."""

        def job() -> pictures.Job | None:
            return pictures.hand_job(table.context(session, lang), seat) if current() else None

        later = seat not in session.state.to_act()
        try:
            made = await table.draw_in_turn(job, later=later, what=what)
        finally:
            self.drawing = None
        if made is not None and current():
            self.drawn = (made[0].scene(), made[1])
            then()

    def cancel(self) -> None:
        """The message is no longer edited this way: stop drawing its picture."""
        if self.drawing is not None:
            self.drawing.cancel()


@dataclass
class LiveHand:
    """One player's ephemeral hand message and the interaction token that edits it."""

    game_id: int
    seat: int
    lang: Lang
    #: The application and the token of the interaction that showed it: its follow-up webhook
    #: (`webhook`) edits or deletes the message.
    application_id: int
    token: str
    #: When that interaction was made: its token lives 15 minutes from then.
    created_at: datetime.datetime
    message_id: int
    client: discord.Client = field(repr=False)
    #: What the message shows now, so an unchanged hand is not edited again (None: not known).
    shown: Fingerprint | None = None
    #: A pick shown back for confirmation (`(notice, encoded action)`), kept on the hand while
    #: the game moves on as long as the pick stays legal.
    confirm: tuple[str, str] | None = None
    #: The fingerprint of the hand itself, without a notice or pick on top: while the game has
    #: not changed what it shows, a notice the player was given (a refusal) stays.
    plain: Fingerprint | None = None
    #: Its picture, when older than its text.
    ahead: PictureAhead = field(default_factory=PictureAhead, repr=False)
    #: Its closing: the timer until it is due, then the task that closes it.
    closer: asyncio.TimerHandle | asyncio.Task[None] | None = field(default=None, repr=False)
    _webhook: discord.Webhook | None = field(default=None, repr=False)

    @property
    def webhook(self) -> discord.Webhook:
        """The interaction's follow-up webhook, made when first used (by the publisher, not
        in the answer of the click that showed the hand)."""
        if self._webhook is None:
            self._webhook = discord.Webhook.partial(
                self.application_id, self.token, client=self.client
            )
        return self._webhook

    def stored(self) -> StoredHand:
        """The hand as kept for the next process: its webhook (the interaction's follow-up
        webhook, named by the application's id) and that webhook's token edit the message."""
        return StoredHand(
            game_id=self.game_id,
            seat=self.seat,
            language=self.lang,
            application_id=self.application_id,
            token=self.token,
            message_id=self.message_id,
            created_at=self.created_at.timestamp(),
            confirm=self.confirm,
        )


class LiveHands:
    """Every live ephemeral hand, by `(game id, seat)`; one instance per publisher."""

    def __init__(self, table: Table, lifetime: Callable[[], float]) -> None:
        self.table = table
        #: Seconds a hand stays open after the interaction that showed it (read at each use,
        #: so a setting changed at run time applies to the next hand).
        self.lifetime = lifetime
        #: game id → seat → its live hand.
        self._hands: dict[int, dict[int, LiveHand]] = {}
        #: One Discord request at a time per hand: an edit after a move, the closing and the
        #: end must not overtake each other.
        self._busy: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Deletions of replaced hands under way (kept so they are not collected mid-flight).
        self._deleting: set[asyncio.Task[None]] = set()
        #: game id → the hand messages a newer hand replaced (deleted, or being deleted): a
        #: click made on one before it went is answered there, but does not make it live again.
        self._replaced: dict[int, set[int]] = {}
        #: The writes of each seat's kept hand to the store.
        self._saving = BackgroundWrites("live hand")

    def live(self, game_id: int, seat: int) -> LiveHand | None:
        return self._hands.get(game_id, {}).get(seat)

    # -- opening and replacing ------------------------------------------------------------------

    def shown(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        interaction: discord.Interaction[Any],
        message_id: int,
        shown: Fingerprint,
        confirm: tuple[str, str] | None = None,
        plain: Fingerprint | None = None,
        *,
        picture_behind: bool = False,
        replace: bool = True,
    ) -> None:
        """`interaction` has just shown the seat's hand (`shown`: its fingerprint; `plain`: the
        fingerprint without a notice or pick on top, when the caller has it; `picture_behind`:
        the message kept an older picture) in message
        `message_id`, a new message or the clicked hand updated in place. It becomes the seat's
        live hand; a previous hand message of the seat is deleted in the background (this may
        run under the game's lock, as part of a click's answer: it sends nothing itself).

        Two exceptions keep the hand the player has in front of them: a hand message already
        replaced by a newer one (clicked before it went) does not become live again; and
        without `replace` (a hand the bot brought up by itself after a move), a hand the player
        opened while it was on its way stays live, and this one is deleted instead."""
        if message_id in self._replaced.get(session.id, ()):
            return
        old = self.live(session.id, seat)
        if old is not None and old.message_id == message_id and old.ahead.behind:
            picture_behind = True  # shown again in place before its picture was sent
        outdone = not replace and old is not None and old.message_id != message_id
        if plain is None and not outdone:
            plain = self.table.hand_fingerprint(session, seat, lang, pictures=shown.pictures)
        hand = LiveHand(
            game_id=session.id,
            seat=seat,
            lang=lang,
            application_id=interaction.application_id,
            token=interaction.token,
            client=self.table.bot,
            created_at=interaction.created_at,
            message_id=message_id,
            shown=shown,
            confirm=confirm,
            plain=plain,
            ahead=PictureAhead(behind=picture_behind),
        )
        if outdone:
            self._remove(hand)
            return
        self._register(hand)
        self._save(hand, keep=True)

    def _register(self, hand: LiveHand) -> None:
        """`hand` becomes its seat's live hand, closed before its token expires; the seat's
        previous hand message, if another, is deleted in the background."""
        old = self.live(hand.game_id, hand.seat)
        self._hands.setdefault(hand.game_id, {})[hand.seat] = hand
        # The token lives 15 minutes from the interaction's creation, not from now. A timer,
        # not a task: a click's answer may register the hand, and it is sent one turn of the
        # event loop later, after whatever that turn runs.
        age = (discord.utils.utcnow() - hand.created_at).total_seconds()
        due = max(0.0, self.lifetime() - max(0.0, age))
        hand.closer = asyncio.get_running_loop().call_later(due, self._close_due, hand)
        if old is None:
            return
        if old.closer is not None:
            old.closer.cancel()
        if old.message_id != hand.message_id:
            self._remove(old)

    def _remove(self, hand: LiveHand) -> None:
        """Delete `hand`'s message in the background; it is noted as replaced."""
        self._replaced.setdefault(hand.game_id, set()).add(hand.message_id)
        task = asyncio.create_task(
            self._delete(hand), name=f"hand-delete-{hand.game_id}-{hand.seat}"
        )
        self._deleting.add(task)
        task.add_done_callback(self._deleting.discard)

    async def _delete(self, old: LiveHand) -> None:
        async with self._busy[(old.game_id, old.seat)]:
            try:
                await old.webhook.delete_message(old.message_id)
            except discord.HTTPException as exc:
                log.info("game %s seat %s: old hand not deleted: %s", old.game_id, old.seat, exc)

    # -- keeping them current -------------------------------------------------------------------

    async def refresh(self, session: Session) -> None:
        """Edit every live hand of the game to the state as it is now. Hands that already show
        it (the clicker's, updated by the click's own answer) are left alone."""
        for hand in list(self._hands.get(session.id, {}).values()):
            await self._edit(hand, session, None)

    async def end(self, session: Session) -> None:
        """The game is over (or abandoned): each live hand shows the last state, with the
        result on top, and is no longer kept."""
        result = session.state.result() if session.state.is_over() else None
        for hand in list(self._hands.get(session.id, {}).values()):
            ctx = self.table.context(session, hand.lang)
            if result is not None:
                notice = "🏁 " + winners_line(ctx, result.winners)
            else:
                notice = "⛔ " + msg.TABLE_ABANDONED(hand.lang)
            await self._edit(hand, session, notice)
            self._forget(hand)

    async def _edit(self, hand: LiveHand, session: Session, notice: str | None) -> None:
        async with self._busy[(hand.game_id, hand.seat)]:
            on = await self.table.hand_pictures_on(session, hand.seat)
            if self.live(hand.game_id, hand.seat) is not hand:
                return  # replaced or closed meanwhile
            payload = self.table.hand_payload(session, hand.seat, hand.lang, pictures=on)
            plain = self.table.fingerprint(payload)
            if notice is None and plain == hand.plain and not hand.ahead.behind:
                return  # the game changed nothing this hand shows: its notice stays
            confirm = None
            if notice is None and hand.confirm is not None and self._legal(session, hand):
                notice, confirm = hand.confirm
            else:
                hand.confirm = None
            shown = plain
            if notice is not None:
                payload = self.table.hand_payload(
                    session, hand.seat, hand.lang, notice, confirm=confirm, pictures=on
                )
                shown = self.table.fingerprint(payload)
            if shown == hand.shown and not hand.ahead.behind:
                return
            if hand.ahead.wanted(self.table, session, payload):
                edit, behind = hand.ahead.next_edit(
                    self.table,
                    session,
                    hand.seat,
                    hand.lang,
                    payload,
                    shown,
                    hand.shown,
                    current=lambda: self.live(hand.game_id, hand.seat) is hand,
                    then=lambda: self.table.refresh_hands(hand.game_id),
                    what=f"game {hand.game_id} seat {hand.seat} hand",
                )
                if edit is not None:
                    await self._send(hand, edit, shown, plain, behind=behind)
                return
            payload = await self.table.hand_message(
                session, hand.seat, hand.lang, edit=True, payload=payload, background=True
            )
            if self.live(hand.game_id, hand.seat) is not hand:
                # A click showed the hand meanwhile (it registers before it answers): its
                # answer is newer than this edit.
                return
            await self._send(hand, payload, shown, plain, behind=False)

    async def _send(
        self,
        hand: LiveHand,
        edit: dict[str, Any],
        shown: Fingerprint,
        plain: Fingerprint,
        *,
        behind: bool,
    ) -> None:
        """Edit the hand's message with `edit`, which shows `shown` (`plain` without a notice
        on top; `behind`: beside a picture older than its text)."""
        try:
            await hand.webhook.edit_message(hand.message_id, **edit)
        except discord.HTTPException as exc:
            # Dismissed by its player, or the token is gone: nothing left to keep current.
            log.info("game %s seat %s: hand not edited: %s", hand.game_id, hand.seat, exc)
            self._forget(hand)
            return
        hand.shown, hand.plain, hand.ahead.behind = shown, plain, behind

    @staticmethod
    def _legal(session: Session, hand: LiveHand) -> bool:
        """Whether the pick the hand shows for confirmation can still be played."""
        return hand.confirm is not None and pick_still_legal(session, hand.seat, hand.confirm[1])

    # -- closing before the token expires -------------------------------------------------------

    def _close_due(self, hand: LiveHand) -> None:
        hand.closer = asyncio.create_task(
            self.close(hand), name=f"hand-close-{hand.game_id}-{hand.seat}"
        )

    async def close(self, hand: LiveHand) -> None:
        """Turn the hand into one line whose button opens it again in place, while its token
        still allows it; from then on it is no longer kept current."""
        async with self._busy[(hand.game_id, hand.seat)]:
            if self.live(hand.game_id, hand.seat) is not hand:
                return
            view = discord.ui.View(timeout=None)
            view.add_item(
                ShowHand(game_id=hand.game_id, label=msg.TABLE_SHOW_HAND(hand.lang), refresh=True)
            )
            hand.closer = None  # this task: not to be cancelled by `_forget`
            self._forget(hand)
            try:
                await hand.webhook.edit_message(
                    hand.message_id,
                    content="🂠 " + msg.HAND_CLOSED(hand.lang),
                    embeds=[],
                    attachments=[],
                    view=view,
                )
            except discord.HTTPException as exc:
                log.info("game %s seat %s: hand not closed: %s", hand.game_id, hand.seat, exc)

    def discard(self, game_id: int, seat: int, interaction: discord.Interaction[Any]) -> None:
        """The hand `interaction` was to show could not be shown: it is not kept."""
        hand = self.live(game_id, seat)
        if hand is not None and hand.token == interaction.token:
            self._forget(hand)

    def _forget(self, hand: LiveHand, *, kept: bool = False) -> None:
        """No longer keep `hand` current; unless `kept` (the bot is stopping and the next
        process takes it over), it is no longer kept in the store either."""
        seats = self._hands.get(hand.game_id, {})
        if seats.get(hand.seat) is hand:
            del seats[hand.seat]
            if not seats:
                del self._hands[hand.game_id]
            if not kept:
                self._save(hand, keep=False)
        if hand.closer is not None and hand.closer is not asyncio.current_task():
            hand.closer.cancel()
        hand.ahead.cancel()

    def forget_game(self, game_id: int) -> None:
        """Drop what is kept of a game that ended."""
        for hand in list(self._hands.get(game_id, {}).values()):
            self._forget(hand)
        self._replaced.pop(game_id, None)
        for key in [k for k in self._busy if k[0] == game_id and not self._busy[k].locked()]:
            del self._busy[key]

    def close_all(self) -> None:
        """The bot is stopping: stop the closing timers. The hands stay kept in the store,
        for the next process to keep current (`restore`)."""
        for seats in list(self._hands.values()):
            for hand in list(seats.values()):
                self._forget(hand, kept=True)
        for task in list(self._deleting):
            task.cancel()

    # -- across restarts ------------------------------------------------------------------------

    def _save(self, hand: LiveHand, *, keep: bool) -> None:
        """Keep the seat's live hand `hand` in the store (`keep`), or keep none for the seat,
        in the background (`BackgroundWrites`, as the hand is when written)."""
        store = self.table.bot.store

        async def write() -> None:
            if keep:
                await store.set_live_hand(hand.stored())
            else:
                await store.delete_live_hand(hand.game_id, hand.seat)

        self._saving.keep((hand.game_id, hand.seat), write)

    async def saved(self) -> None:
        """Wait for the writes of kept hands under way (before the store closes)."""
        await self._saving.done()

    async def restore(self, owns: Callable[[int], bool]) -> list[int]:
        """After a restart: take over the live hands the previous process kept, of the games
        on servers this process `owns`, while their tokens live: each is closed before its
        token expires (at once if that time has passed) and edited with the next change, or
        shows the end of a game whose end is still to publish. Hands whose token is spent are
        dropped. Returns the ids of the games in play whose hands were taken over, to bring
        them up to date (a stop may have come between a move and the edit of its hands)."""
        games: list[int] = []
        for stored in await self.table.bot.store.live_hands():
            if not owns(stored.guild_id):
                continue
            created = datetime.datetime.fromtimestamp(stored.created_at, datetime.UTC)
            age = (discord.utils.utcnow() - created).total_seconds()
            hand = LiveHand(
                game_id=stored.game_id,
                seat=stored.seat,
                lang=stored.language,  # type: ignore[arg-type]
                application_id=stored.application_id,
                token=stored.token,
                created_at=created,
                message_id=stored.message_id,
                client=self.table.bot,
                confirm=stored.confirm,
            )
            current = self.live(stored.game_id, stored.seat)
            if current is not None:
                # The player opened a hand in this process first: that one is kept (and
                # stored in this one's place), the older message goes.
                if current.message_id != hand.message_id and age < TOKEN_SECONDS:
                    self._remove(hand)
                continue
            if age >= TOKEN_SECONDS:
                self._save(hand, keep=False)  # nothing can edit it any more
                continue
            # A game that ended is not brought up to date here: its end, if not yet
            # published, shows on its hands (`end`); otherwise they close.
            self._register(hand)
            if stored.playing and stored.game_id not in games:
                games.append(stored.game_id)
        return games
