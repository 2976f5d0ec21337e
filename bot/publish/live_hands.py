"""Live hands: one private hand message per player per game, kept current while it can be.

A hand shown as an ephemeral message ("Show my hand" on the table or on a turn ping, the hand
that follows a table move, a click inside a hand) is remembered with the interaction that last
showed it: that interaction's token lets the bot edit or delete the message for 15 minutes.
After every change of the game the publisher (`bot.publish.feeds`, outside the game's lock,
coalescing)
brings each live hand to the state as it is; opening a new hand deletes the previous one;
shortly before the token expires the hand turns into one line ("hand closed") whose button opens
it again in place; when the game ends every live hand shows the result. So no hand ever shows
an old state as current, and a player has at most one live hand message per game. Hands by DM
(`/settings`) are kept current by the publisher too, as messages of their own
(`bot.publish.dm_hands`); both keep a pick waiting for its Confirm click while it stays legal
(`compose.pick_still_legal`).

Concurrency rules enforced here: one Discord request at a time per hand (an edit after a move,
the closing and the end never overtake each other); a click registers the hand it shows before
its answer is sent, so an edit of the publisher under way does not land after it unnoticed;
what is kept in the store is written in the background (`BackgroundWrites`), off the click's
path.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.publish import compose
from bot.publish.drawing import Drawing, PictureAhead
from bot.publish.payload import Fingerprint, Payload
from bot.storage.records import STORAGE_ERRORS, StoredHand
from games.core import Lang

if TYPE_CHECKING:
    from bot.publish.ports import LiveHandRecords
    from bot.session import Session

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


@dataclass(eq=False)
class LiveHands:
    """Every live ephemeral hand, by `(game id, seat)`; one instance per publisher."""

    drawing: Drawing
    records: LiveHandRecords
    #: The client whose HTTP session the interactions' webhooks use.
    client: discord.Client
    #: Seconds a hand stays open after the interaction that showed it (read at each use, so a
    #: setting changed at run time applies to the next hand).
    lifetime: Callable[[], float]
    #: Asks the game's feed (by id) to bring its live hands up to date soon (a picture drawn
    #: for one of them).
    wake: Callable[[int], None]
    #: game id → seat → its live hand.
    _hands: dict[int, dict[int, LiveHand]] = field(default_factory=dict, init=False)
    #: One Discord request at a time per hand: an edit after a move, the closing and the end
    #: must not overtake each other.
    _busy: defaultdict[tuple[int, int], asyncio.Lock] = field(
        default_factory=lambda: defaultdict(asyncio.Lock), init=False
    )
    #: Deletions of replaced hands under way (kept so they are not collected mid-flight).
    _deleting: set[asyncio.Task[None]] = field(default_factory=set, init=False)
    #: game id → the hand messages a newer hand replaced (deleted, or being deleted): a click
    #: made on one before it went is answered there, but does not make it live again.
    _replaced: dict[int, set[int]] = field(default_factory=dict, init=False)
    #: The writes of each seat's kept hand to the store.
    _saving: BackgroundWrites = field(
        default_factory=lambda: BackgroundWrites("live hand"), init=False
    )

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
            plain = compose.hand_fingerprint(session, seat, lang, pictures=shown.beside_picture)
        hand = LiveHand(
            game_id=session.id,
            seat=seat,
            lang=lang,
            application_id=interaction.application_id,
            token=interaction.token,
            client=self.client,
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
        it (the clicker's, updated by the click's own answer) are left alone; those of seats a
        CPU now plays are closed, saying how to take the seat back."""
        for hand in list(self._hands.get(session.id, {}).values()):
            if session.record.seats[hand.seat].user_id is None:
                # Its player left the seat to a CPU: the hand is theirs no longer.
                await self.close(hand, away=True)
            else:
                await self._edit(hand, session, None)

    async def end(self, session: Session) -> None:
        """The game is over (or abandoned): each live hand shows the last state, with the
        result on top, and is no longer kept."""
        for hand in list(self._hands.get(session.id, {}).values()):
            await self._edit(hand, session, compose.end_notice(session, hand.lang))
            self._forget(hand)

    async def _edit(self, hand: LiveHand, session: Session, notice: str | None) -> None:
        async with self._busy[(hand.game_id, hand.seat)]:
            payload = await self.drawing.hand(session, hand.seat, hand.lang)
            if self.live(hand.game_id, hand.seat) is not hand:
                return  # replaced or closed meanwhile
            plain = Fingerprint(payload)
            if notice is None and plain == hand.plain and not hand.ahead.behind:
                return  # the game changed nothing this hand shows: its notice stays
            confirm = None
            if notice is None and hand.confirm is not None and self._legal(session, hand):
                notice, confirm = hand.confirm
            else:
                hand.confirm = None
            shown = plain
            if notice is not None:
                payload = compose.hand_payload(
                    session,
                    hand.seat,
                    hand.lang,
                    notice,
                    confirm=confirm,
                    pictures=payload.beside_picture,
                )
                shown = Fingerprint(payload)
            if shown == hand.shown and not hand.ahead.behind:
                return
            if hand.ahead.wanted(self.drawing, session, payload):
                edit, behind = hand.ahead.next_edit(
                    self.drawing,
                    session,
                    hand.seat,
                    hand.lang,
                    payload,
                    shown,
                    hand.shown,
                    current=lambda: self.live(hand.game_id, hand.seat) is hand,
                    then=lambda: self.wake(hand.game_id),
                    what=f"game {hand.game_id} seat {hand.seat} hand",
                )
                if edit is not None:
                    await self._send(hand, edit, shown, plain, behind=behind)
                return
            payload = await self.drawing.hand_message(
                session, hand.seat, hand.lang, payload=payload, background=True
            )
            if self.live(hand.game_id, hand.seat) is not hand:
                # A click showed the hand meanwhile (it registers before it answers): its
                # answer is newer than this edit.
                return
            await self._send(hand, payload, shown, plain, behind=False)

    async def _send(
        self, hand: LiveHand, edit: Payload, shown: Fingerprint, plain: Fingerprint, *, behind: bool
    ) -> None:
        """Edit the hand's message with `edit`, which shows `shown` (`plain` without a notice
        on top; `behind`: beside a picture older than its text)."""
        try:
            await hand.webhook.edit_message(hand.message_id, **edit.edit())
        except discord.HTTPException as exc:
            # Dismissed by its player, or the token is gone: nothing left to keep current.
            log.info("game %s seat %s: hand not edited: %s", hand.game_id, hand.seat, exc)
            self._forget(hand)
            return
        hand.shown, hand.plain, hand.ahead.behind = shown, plain, behind

    @staticmethod
    def _legal(session: Session, hand: LiveHand) -> bool:
        """Whether the pick the hand shows for confirmation can still be played."""
        return hand.confirm is not None and compose.pick_still_legal(
            session, hand.seat, hand.confirm[1]
        )

    # -- closing before the token expires -------------------------------------------------------

    def _close_due(self, hand: LiveHand) -> None:
        hand.closer = asyncio.create_task(
            self.close(hand), name=f"hand-close-{hand.game_id}-{hand.seat}"
        )

    async def close(self, hand: LiveHand, *, away: bool = False) -> None:
        """Turn the hand into one line whose button opens it again in place, while its token
        still allows it; from then on it is no longer kept current. `away`: its player left
        the seat to a CPU, and the line says how to take it back."""
        async with self._busy[(hand.game_id, hand.seat)]:
            if self.live(hand.game_id, hand.seat) is not hand:
                return
            closed = compose.closed_hand(hand.game_id, hand.lang, away=away)
            hand.closer = None  # this task: not to be cancelled by `_forget`
            self._forget(hand)
            try:
                await hand.webhook.edit_message(hand.message_id, **closed.edit())
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
        store = self.records

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
        for stored in await self.records.live_hands():
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
                client=self.client,
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
