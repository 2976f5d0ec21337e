"""Publishing a game to Discord: the table message, hand messages, turn pings and the end.

`Table` turns a session into message payloads (through the game's renderer) and is the
publisher of the service (`bot.sessions`): after each change it brings the Discord side in step,
outside the game's lock, through one background feed per game — one table message edited in
place (re-posted when it gets old, or when other people's messages have pushed it up the
thread), one ping per turn handed to a human (the previous one deleted), every player's live
ephemeral hand (`bot.hands`) and DM hand kept current, and the final breakdown when the game
ends. A feed coalesces: while a request is in flight or waits out a rate limit, later moves only
change what the next request shows. A game with nobody at its table (CPU players only) has its
table edited less often the more such games there are, so a flood of them neither crowds the
bot nor spends Discord's request budget. It records the version each table shows, so a restart
republishes only the tables that are behind. With several processes (`bot.storage.postgres`), clicks
in DMs are answered by the process running shard 0, which may not own the game: the pick such a
click shows on a DM hand is kept in the store and announced, and the owner's edits of that hand take
it from there (`dm_hand_clicked_elsewhere`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.components import MoveButton, ReturnSeat, ShowHand, TableInfo, build_view
from bot.hands import (
    BackgroundWrites,
    Fingerprint,
    HandPayload,
    LiveHands,
    PictureAhead,
    pick_still_legal,
)
from bot.i18n import messages as msg
from bot.names import brief_name, shown_name
from bot.render import pictures, renderer_for
from bot.render.base import RenderContext
from bot.render.common import in_play
from bot.storage.records import STORAGE_ERRORS, DmHand
from games.core import Lang

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.sessions import MoveOutcome, Session

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()

#: The table is re-posted at the bottom of its thread once this many messages of other people
#: follow it (on a phone they push it, and its buttons, off the screen).
PUSHED_UP_MESSAGES = 3
#: … which is looked at no more often than this, per game, when the game changes.
PUSHED_UP_CHECK_SECONDS = 30.0

#: First pause before a table (or final) message Discord failed to take is sent again; the
#: pause doubles after each further failure, up to `REPUBLISH_MAX_SECONDS`. A rate limit is
#: waited out as long as Discord says.
REPUBLISH_SECONDS = 1.0
REPUBLISH_MAX_SECONDS = 60.0
#: Table edits a second shared by all games with nobody at the table (CPU players only), and
#: the shortest time between two edits of one such table: with many of them, each table shows
#: many moves per edit. Their first table and their end are sent at once.
UNWATCHED_EDITS_PER_SECOND = 2.0
UNWATCHED_MIN_SECONDS = 3.0
#: When a message's picture would wait longer than this for the publisher's turn to draw (the
#: pictures queued ahead of it, at the time a picture has lately taken), its new text and
#: controls go out at once, keeping the picture it shows, and its picture follows in an edit of
#: its own once drawn (`Table.text_ahead`): past what the bot can draw, the game stays playable.
TEXT_AHEAD_SECONDS = 0.25
#: … then the pictures of messages nobody is to act on are drawn after the others
#: (`DrawingTurns`), until the first of them has waited this long: from then on they take every
#: other turn. A table or a hand whose text waits for its picture is not left behind while the
#: others keep the drawing busy, nor are the others while those catch up.
LATER_WAITS_AT_MOST = 2.0


def transient(exc: BaseException) -> bool:
    """Whether Discord may take the same request later: a server error, a rate limit that
    discord.py gave up on, or a network failure."""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return isinstance(exc, discord.RateLimited | aiohttp.ClientError | TimeoutError | OSError)


def _on_message(
    answers: list[tuple[discord.Interaction[Any], Lang]], message_id: int | None
) -> list[tuple[discord.Interaction[Any], Lang]]:
    """The acknowledged clicks of `answers` made on message `message_id`."""
    return [
        (interaction, lang)
        for interaction, lang in answers
        if interaction.message is not None and interaction.message.id == message_id
    ]


class DrawingTurns:
    """The publisher's turns to draw: one picture at a time for every game, so a click's own
    picture (a hand shown) waits for at most one of them, and a picture waiting here is drawn
    from the game as it is when its turn comes. First come first served, except the pictures
    drawn `later`: those drawn in the background for a message nobody is to act on (see
    `Table.text_ahead`), which wait until no other does, or, once the first of them has waited
    `LATER_WAITS_AT_MOST` seconds, take every other turn. `wait` tells how long a picture
    asked for now would wait."""

    def __init__(self) -> None:
        #: A picture is being drawn (its turn held).
        self._held = False
        #: The pictures waiting for their turn, each with the loop time it was asked for: the
        #: others (False), then the later ones (True).
        self._waiting: dict[bool, deque[tuple[asyncio.Future[None], float]]] = {
            False: deque(),
            True: deque(),
        }
        #: How long a picture has lately taken to draw, in seconds (a moving average).
        self.drawing_seconds = 0.01
        #: The turn last went to a later picture because they were overdue: the next one goes
        #: to the others, if any wait.
        self._gave_overdue = False

    def _overdue(self) -> bool:
        """Whether the first later picture has waited `LATER_WAITS_AT_MOST`."""
        later = self._waiting[True]
        waited = asyncio.get_running_loop().time() - later[0][1] if later else 0.0
        return waited > LATER_WAITS_AT_MOST

    def wait(self) -> float:
        """Seconds a picture asked for now (not `later`) would wait before it is drawn (an
        estimate): each picture ahead of it, and as many later ones while those are overdue."""
        turns = len(self._waiting[False]) + self._held
        if self._overdue():
            turns *= 2
        return turns * self.drawing_seconds

    def backed_up(self) -> bool:
        """Whether a picture asked for now would wait longer than `TEXT_AHEAD_SECONDS`."""
        return self.wait() > TEXT_AHEAD_SECONDS

    @contextlib.asynccontextmanager
    async def turn(self, later: bool = False) -> AsyncIterator[None]:
        """Wait for the turn to draw and hold it while the block runs."""
        if self._held:
            loop = asyncio.get_running_loop()
            queue = self._waiting[later]
            given = loop.create_future()
            entry = (given, loop.time())
            queue.append(entry)
            try:
                await given
            except BaseException:
                if entry in queue:
                    queue.remove(entry)
                elif given.done() and not given.cancelled():
                    self._pass_on()  # handed the turn, but cancelled before taking it
                raise
        self._held = True
        started = time.perf_counter()
        try:
            yield
        finally:
            took = time.perf_counter() - started
            self.drawing_seconds += (took - self.drawing_seconds) / 5
            self._pass_on()

    def _pass_on(self) -> None:
        """Hand the turn to the first waiting picture, the later ones last, except every other
        turn while they are overdue; else free it."""
        first, later = self._waiting[False], self._waiting[True]
        overdue = not self._gave_overdue and self._overdue()
        for queue in (later, first) if overdue else (first, later):
            while queue:
                given, _ = queue.popleft()
                if not given.done():
                    given.set_result(None)
                    self._gave_overdue = overdue and queue is later
                    return
        self._held = False
        self._gave_overdue = False


def _hand_picture(ctx: RenderContext, seat: int) -> pictures.Scene:
    """The layout of the seat's hand picture (`HandPayload.picture`)."""
    return pictures.hand_job(ctx, seat).scene()


class Feed:
    """One game's publishing: the messages Discord shows for it, the version its table shows,
    and what is still to be sent. Flags, not a queue: a later move replaces what an earlier one
    left pending."""

    def __init__(self, session: Session) -> None:
        record = session.record
        #: The game as it is now (a move replaces the record, not the session).
        self.session = session
        self.table_message_id = record.table_message_id
        self.table_posted_at = record.table_posted_at
        self.ping_message_id = record.ping_message_id
        #: The version the table message shows, and the one last stored as shown.
        self.shown_version: int | None = record.table_version
        self.stored_version: int | None = record.table_version
        #: Pending: a table edit, the recording of a version the click's answer showed, the DM
        #: hands, the live ephemeral hands, pings for these seats.
        self.table = False
        self.record_shown = False
        self.dm_hands = False
        self.live_hands = False
        self.ping: set[int] = set()
        #: Look whether other people's messages pushed the table up the thread; and the table
        #: is to be re-posted at the bottom rather than edited in place.
        self.check_pushed = False
        self.repost = False
        self.pushed_checked_at = 0.0
        #: A table request is in flight: it may land after anything sent meanwhile, so a
        #: click's answer then leaves the table to the feed (`Table.table_answer`). Not while
        #: its picture is drawn: its text is made after that (`Table.table_message`).
        self.editing = False
        #: Table clicks acknowledged while a table request was in flight, with their
        #: clickers' languages: answered once it is done (`Table.answer_later`).
        self.answers: list[tuple[discord.Interaction[Any], Lang]] = []
        #: Loop time of the last table request (posted or edited).
        self.table_sent_at: float | None = None
        #: Set when an unwatched table waiting for its next edit must not wait any longer
        #: (its game ended).
        self.wake = asyncio.Event()
        self.backoff = REPUBLISH_SECONDS
        self.task: asyncio.Task[None] | None = None
        #: The game's end (or abandonment) has been handed to this feed. The session's own
        #: status is not enough: a move ends the game under its lock before it is published,
        #: and a feed that ended then would drop the last table edit that publish asks for.
        self.ended = session.record.status != "playing"
        #: While the table's text goes out ahead of its picture (`Table.text_ahead`): the
        #: version of the text it shows ahead (None: none), the picture being drawn for it in
        #: the background, and that picture once drawn, with the version it shows, for the
        #: table's next edit.
        self.text_version: int | None = None
        self.drawing: asyncio.Task[None] | None = None
        self.drawn: tuple[int, pictures.Picture] | None = None

    def shown(self, version: int) -> None:
        self.shown_version = max(version, self.shown_version or 0)

    def pending(self) -> bool:
        return (
            self.table
            or self.record_shown
            or self.dm_hands
            or self.live_hands
            or self.check_pushed
            or bool(self.ping)
        )

    @property
    def unwatched(self) -> bool:
        """Nobody sits at this game's table: a game in play of CPU players only."""
        record = self.session.record
        return record.status == "playing" and all(seat.is_cpu for seat in record.seats)


class Table:
    """The Discord side of live games: message payloads and the per-game publisher."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        #: What each DM hand message last showed, so unchanged hands are not edited again.
        self._dm_shown: dict[tuple[int, int], Fingerprint] = {}
        #: One DM hand update at a time per `(game id, seat)`: two at once (a move's refresh and
        #: a "Show my hand" click) could both send a new message, or land out of order.
        self._dm_sending: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        #: A pick shown back on a seat's DM hand message for confirmation (`(notice, encoded
        #: action)`; None: none), kept on that message while the game moves on as long as it
        #: stays legal. Kept in the store with the message too (`_keep_dm_pick`), and read from
        #: there the first time this process sends that hand (a seat missing here: not read
        #: yet), so that a pick made before a restart stays on the message after it; on a
        #: database shared by several processes, read from there each time (`_dm_pick`).
        self._dm_picks: dict[tuple[int, int], tuple[str, str] | None] = {}
        #: The writes of each seat's DM hand pick to the store (see `_keep_dm_pick`).
        self._dm_pick_writes = BackgroundWrites("DM hand pick")
        #: Each DM hand's picture while its text goes out ahead of it (`_send_dm_hand`); gone
        #: once the message shows a picture of the hand as it was then (`_dm_picture_current`).
        self._dm_pictures: dict[tuple[int, int], PictureAhead] = {}
        #: What each game shows on Discord and what is still to be sent (see `publish`).
        self._feeds: dict[int, Feed] = {}
        self._closed = False
        #: Every player's one live ephemeral hand, kept current by the feeds.
        self.hands = LiveHands(self, lambda: self.bot.settings.hand_lifetime_seconds)
        #: The publisher's pictures (tables, hands kept current, ends) are drawn one at a time:
        #: they wait here, not in the drawing process's queue, so a click's own picture (a hand
        #: shown) waits for at most one of them when moves come faster than pictures can be
        #: drawn.
        self.drawing = DrawingTurns()

    # -- payloads ------------------------------------------------------------------------

    def context(
        self, session: Session, lang: Lang | None = None, *, pictures: bool = False
    ) -> RenderContext:
        return RenderContext(
            game=session.game,
            state=session.state,
            record=session.record,
            lang=lang or session.record.language,  # type: ignore[arg-type]
            events=list(session.events),
            pictures=pictures,
            stand_ins=dict(session.stand_ins),
        )

    def table_payload(self, session: Session, *, pictures: bool = False) -> dict[str, Any]:
        """Embeds and view of the public table (move controls plus "Show my hand"); with
        `pictures`, the brief text that goes beside the table's picture. A CPU's moves get no
        buttons: nobody could use them, and the CPU moves in a moment."""
        ctx = self.context(session, pictures=pictures)
        rendered = renderer_for(session.record.game).table(ctx)
        extra: list[discord.ui.Item[Any]] = []
        content = rendered.content
        if session.record.status == "playing":
            extra.append(ShowHand(game_id=session.id, label=msg.TABLE_SHOW_HAND(ctx.lang)))
            seats = session.record.seats
            controls = [c for c in rendered.controls if not seats[c.seat].is_cpu]
            away = [s for s in session.record.seats if s.away_user_id is not None]
            if away:
                # Who is away, and their way back (only they can use it).
                # Beside a picture, names are brief, as in the rest of the brief text.
                named = brief_name if pictures else shown_name
                names = ", ".join(named(s.away_name or s.name) for s in away)
                line = "💤 " + msg.TABLE_AWAY(ctx.lang, names=names)
                content = f"{line}\n{content}" if content else line
                extra.append(ReturnSeat(game_id=session.id, label=msg.TABLE_RETURN_SEAT(ctx.lang)))
        else:
            controls = []
        # Rules (the reference) and the whole log answer privately, so the table itself stays short.
        extra += [
            TableInfo(game_id=session.id, what="ref", label=msg.TABLE_REFERENCE(ctx.lang)),
            TableInfo(game_id=session.id, what="log", label=msg.TABLE_HISTORY(ctx.lang)),
        ]
        view = build_view(
            session.id, session.version, controls, extra=extra, extra_row_of_its_own=True
        )
        return {"content": content, "embeds": rendered.embeds, "view": view}

    def hand_payload(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
        pictures: bool = False,
    ) -> HandPayload:
        """The seat's private message: hand, its moves, a refresh button, and `notice` on top;
        with `confirm` (an encoded action chosen in a confirming select), its Confirm button.
        Its controls carry `Session.controls_version`, so other seats' simultaneous choices do
        not change it. With `pictures` (see `hand_pictures_on`), it goes beside the hand's
        picture: its text leaves out what the picture shows."""
        ctx = self.context(session, lang, pictures=pictures)
        rendered = renderer_for(session.record.game).hand(ctx, seat)
        controls = rendered.controls if in_play(ctx) else []
        version = session.controls_version(seat)
        extra: list[discord.ui.Item[Any]] = []
        if confirm is not None:
            extra.append(
                MoveButton(
                    game_id=session.id,
                    version=version,
                    seat=seat,
                    action=confirm,
                    label=msg.HAND_CONFIRM(lang),
                    style=discord.ButtonStyle.success,
                    emoji="✅",
                )
            )
        extra.append(ShowHand(game_id=session.id, label=msg.HAND_REFRESH(lang), refresh=True))
        view = build_view(session.id, version, controls, extra=extra)
        content = "\n".join(part for part in (notice, rendered.content) if part) or None
        payload = HandPayload(content=content, embeds=rendered.embeds, view=view)
        if pictures:  # laid out only when fingerprints are compared
            payload.picture = functools.partial(_hand_picture, ctx, seat)
        return payload

    def hand_fingerprint(
        self, session: Session, seat: int, lang: Lang, *, pictures: bool
    ) -> Fingerprint:
        """What the seat's hand shows with no notice or pick on top (made beside its picture
        or not, `pictures`), to tell whether a live hand needs an edit."""
        return Fingerprint(self.hand_payload(session, seat, lang, pictures=pictures))

    @staticmethod
    def fingerprint(payload: dict[str, Any]) -> Fingerprint:
        """What a hand payload shows, as `hand_fingerprint` gives it."""
        return Fingerprint(payload)

    def acts_on_table(self, session: Session, seat: int) -> bool:
        return renderer_for(session.record.game).acts_on_table(self.context(session), seat)

    # -- pictures ---------------------------------------------------------------------------

    async def pictures_on(self, session: Session, user_id: int | None = None) -> bool:
        """Whether the game's server shows pictures (and, for a hand, whether its player
        wants them)."""
        store = self.bot.store
        if not await store.guild_pictures(session.record.guild_id):
            return False
        return user_id is None or await store.user_pictures(user_id)

    async def hand_pictures_on(self, session: Session, seat: int) -> bool:
        """Whether the seat's hand shows its picture (`pictures_on` for its player)."""
        return await self.pictures_on(session, session.record.seats[seat].user_id)

    def _publisher_turn(self, drawing: bool) -> contextlib.AbstractAsyncContextManager[Any]:
        """The publisher's turn to draw (`drawing`), when it is `drawing`."""
        return self.drawing.turn() if drawing else contextlib.nullcontext()

    async def _with_picture(
        self, payload: dict[str, Any], job: pictures.Job | None, *, edit: bool
    ) -> dict[str, Any]:
        """`payload` with the picture of `job` drawn (off the event loop) and shown as the
        first embed's image; `job` is None when pictures are off. An `edit` payload replaces
        the message's files, so a message whose pictures were switched off loses its old one."""
        picture = await pictures.draw(job) if payload["embeds"] and job is not None else None
        return self.attach(payload, picture, edit=edit)

    @staticmethod
    def attach(
        payload: dict[str, Any], picture: pictures.Picture | None, *, edit: bool
    ) -> dict[str, Any]:
        """`payload` with `picture` (if any) as its first embed's image. An `edit` payload
        replaces the message's files, so a message whose pictures were switched off loses its
        old one."""
        files: list[discord.File] = []
        if picture is not None and payload["embeds"]:
            payload["embeds"][0].set_image(url=picture.url)
            files.append(picture.file())
        if edit:
            payload["attachments"] = files
        elif files:
            payload["files"] = files
        return payload

    @staticmethod
    def keeping_picture(payload: dict[str, Any], filename: str, *, on: bool) -> dict[str, Any]:
        """`payload` as a click's quick answer: its text now, the message's current picture
        kept (the embed points at the file already attached); the caller then sends the new
        picture with an edit, so the answer never waits for a drawing. With pictures off, an
        old picture is removed."""
        if payload["embeds"] and on:
            payload["embeds"][0].set_image(url=f"attachment://{filename}")
        else:
            payload["attachments"] = []
        return payload

    @staticmethod
    def kept_picture(payload: dict[str, Any]) -> bool:
        """Whether `payload` is a quick answer (`keeping_picture`) that leaves the message's
        current picture beside its new text: the picture is then one edit behind."""
        return bool(payload["embeds"]) and "attachments" not in payload and "files" not in payload

    async def table_answer(self, session: Session) -> dict[str, Any] | None:
        """The table as a click's own answer (see `keeping_picture`), or None while the feed
        has a table request in flight: that request carries an older state and would land
        after the answer, so the click is only acknowledged and the feed, once its request is
        done, sends the state as it is then (a table never goes back to an older version)."""
        on = await self.pictures_on(session)
        payload = self.table_payload(session, pictures=on)
        feed = self._feed(session)
        if feed.editing:
            return None
        feed.text_version = session.version
        return self.keeping_picture(payload, pictures.TABLE_FILE, on=on)

    async def hand_answer(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
    ) -> dict[str, Any]:
        """A hand as a click's own answer (see `keeping_picture`)."""
        on = await self.hand_pictures_on(session, seat)
        payload = self.hand_payload(session, seat, lang, notice, confirm=confirm, pictures=on)
        return self.keeping_picture(payload, pictures.HAND_FILE, on=on)

    async def table_message(self, session: Session, *, edit: bool) -> tuple[int, dict[str, Any]]:
        """`table_payload` with the table's picture (from the public view only), drawn as the
        publisher's (a click answers with the text and keeps the old picture), and the version
        the picture shows. The picture is drawn from the game as it is when the publisher's
        turn to draw comes; the text and controls are the game's as it is when this returns, so
        moves made while the picture waited or was drawn are in them (each such move asked the
        feed for another table edit, which brings its picture)."""
        on = await self.pictures_on(session)
        drawn = session.version
        picture = None
        if on:
            async with self.drawing.turn():
                drawn = session.version
                picture = await pictures.draw(pictures.table_job(self.context(session)))
        payload = self.table_payload(session, pictures=on)
        return drawn, self.attach(payload, picture, edit=edit)

    async def hand_message(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        *,
        edit: bool,
        notice: str | None = None,
        confirm: str | None = None,
        payload: HandPayload | None = None,
        background: bool = False,
    ) -> dict[str, Any]:
        """`hand_payload` with the hand's picture, unless its player switched them off;
        `payload`: that `hand_payload` (made for the picture or not, as `hand_pictures_on`
        says), when the caller has just made it (to compare it with
        what the message shows), so the hand is not drawn twice; `background`: for the
        publisher, not for a click's answer: it then waits for the publisher's turn to draw
        (`drawing`), and shows the hand as it was when asked for, text and picture
        alike (the publisher's next pass brings a hand that moved on meanwhile up to date)."""
        if payload is None:
            on = await self.hand_pictures_on(session, seat)
            payload = self.hand_payload(session, seat, lang, notice, confirm=confirm, pictures=on)
        # Taken now, as the text was, not after the wait for the publisher's turn.
        job = pictures.hand_job(self.context(session, lang), seat) if payload.pictures else None
        async with self._publisher_turn(job is not None and background):
            return await self._with_picture(payload, job, edit=edit)

    # -- the table message ------------------------------------------------------------------

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    # -- the publisher ------------------------------------------------------------------------

    def publish(
        self,
        session: Session,
        outcome: MoveOutcome | None = None,
        *,
        table_shown: bool = False,
    ) -> None:
        """Take note that Discord should show the game as it is now, and return at once.

        `outcome` is the move that got it there (its pings; None after a start, an abandon, a
        replacement or a restart); `table_shown` says the click's own answer already updated the
        table to this version. The game's feed does the rest in the background, coalescing
        whatever piles up meanwhile."""
        feed = self._feeds.get(session.id)
        if feed is None:
            feed = self._feeds[session.id] = Feed(session)
        feed.session = session
        feed.ended = session.record.status != "playing"
        if table_shown and outcome is not None and not feed.editing:
            feed.shown(outcome.version)
            feed.record_shown = True
        else:
            feed.table = True
        feed.dm_hands = True
        feed.live_hands = True
        if outcome is not None:
            feed.ping.update(outcome.new_turn)
            feed.check_pushed = True
        else:
            feed.text_version = None  # (a seat changed, say: the same version, another text)
        if not feed.unwatched:
            feed.wake.set()
        self._start(feed)

    def _start(self, feed: Feed) -> None:
        """Run the feed's task, unless it is running."""
        if feed.task is None or feed.task.done():
            feed.task = asyncio.create_task(self._run(feed), name=f"publish-{feed.session.id}")

    def refresh_hands(self, game_id: int, *, dm: bool = False) -> None:
        """Bring the game's live hands (`dm`: its DM hands) up to date soon (a picture drawn
        for one of them)."""
        feed = self._feeds.get(game_id)
        if feed is not None and not self._closed:
            if dm:
                feed.dm_hands = True
            else:
                feed.live_hands = True
            self._start(feed)

    def answer_later(
        self, session: Session, interaction: discord.Interaction[Any], lang: Lang
    ) -> None:
        """A click on the table acknowledged (deferred) while a table request was in flight
        (see `table_answer`): as soon as that request is done, the click is answered with the
        table's text as it is then (an edit of its original response, keeping the picture;
        `_edit_table`); the feed's next table request brings the picture."""
        feed = self._feed(session)
        feed.answers.append((interaction, lang))
        feed.table = True

    def table_message_id(self, game_id: int) -> int | None:
        """The table message of a game as the publisher knows it (None: none yet)."""
        feed = self._feeds.get(game_id)
        return feed.table_message_id if feed is not None else None

    def idle(self, game_id: int) -> bool:
        """Whether nothing of the game is being published now."""
        feed = self._feeds.get(game_id)
        return feed is None or feed.task is None or feed.task.done()

    def shows_table(self, session: Session, message_id: int | None) -> bool:
        """Whether `message_id` is the game's current table message, young enough to edit."""
        feed = self._feed(session)
        return (
            message_id is not None
            and message_id == feed.table_message_id
            and not self._is_old(feed)
        )

    def _feed(self, session: Session) -> Feed:
        feed = self._feeds.get(session.id)
        if feed is None:
            feed = self._feeds[session.id] = Feed(session)
        return feed

    async def _run(self, feed: Feed) -> None:
        """Bring Discord in step with the game until nothing is pending: the table first, then
        DM hands, the ping, and the end. Each step renders the state as it is when the step
        starts, so while one request is in flight (or waits out a rate limit) later moves only
        replace what the next request will show."""
        while not self._closed:
            try:
                if await self._step(feed):
                    return
            except Exception:
                # Whatever failed, what is pending stays pending: try again a little later
                # rather than leave the table behind until the game's next move.
                log.exception("game %s: publishing failed; trying again", feed.session.id)
                await asyncio.sleep(feed.backoff)
                feed.backoff = min(feed.backoff * 2, REPUBLISH_MAX_SECONDS)

    async def _step(self, feed: Feed) -> bool:
        """One round of `_run`; True when nothing is left to do."""
        session = feed.session
        if feed.check_pushed:
            feed.check_pushed = False
            # Nobody reads a table of CPU players only: no need to look for it.
            watched = not feed.unwatched
            if watched and session.record.status == "playing" and await self._pushed_up(feed):
                feed.table = feed.repost = True
        if feed.table:
            pause = self._unwatched_pause(feed)
            if pause > 0:
                # Nobody sits at this table: the moves made meanwhile go into one edit.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(feed.wake.wait(), pause)
                feed.wake.clear()
                return False
            feed.table = False
            if not await self._attempt(feed, "table", self._update_table):
                return False
        if feed.record_shown:
            feed.record_shown = False
            await self._record_shown(feed)
        if feed.dm_hands:
            feed.dm_hands = False
            if session.record.status == "playing":
                await self.refresh_dm_hands(session)
        if feed.live_hands:
            feed.live_hands = False
            if session.record.status == "playing":
                try:
                    await self.hands.refresh(session)
                except Exception:
                    feed.live_hands = True  # e.g. rate-limited: tried again after a pause
                    raise
        if feed.ping:
            seats, feed.ping = feed.ping, set()
            playing = session.record.status == "playing"
            to_act = set(session.state.to_act()) if playing else set()
            if seats & to_act:
                await self.ping(feed, sorted(seats & to_act))
        if feed.ended and not feed.pending():
            await self._end(feed)
            return True
        return not feed.pending()

    async def _attempt(self, feed: Feed, what: str, job: Callable[[Feed], Awaitable[None]]) -> bool:
        """Run one request; when Discord does not take it (a rate limit, a server error, the
        network), wait — rate limits as long as Discord says — and ask for it again. Returns
        whether it was sent."""
        try:
            await job(feed)
        except Exception as exc:
            if not transient(exc):
                log.exception("game %s: %s cannot be sent", feed.session.id, what)
                # Clicks acknowledged for this table request still hear that they were played.
                answers, feed.answers = feed.answers, []
                for interaction, lang in answers:
                    await self._followup(interaction, msg.MOVE_DONE(lang))
                return True
            if isinstance(exc, discord.RateLimited):
                pause = exc.retry_after
            else:
                pause = feed.backoff
                feed.backoff = min(feed.backoff * 2, REPUBLISH_MAX_SECONDS)
            log.warning(
                "game %s: %s not sent (%s); again in %.1f s", feed.session.id, what, exc, pause
            )
            if what == "table":
                feed.table = True
            await asyncio.sleep(pause)
            return False
        feed.backoff = REPUBLISH_SECONDS
        return True

    def _unwatched_pause(self, feed: Feed) -> float:
        """How long an unwatched table's next edit waits: the edits all such tables share
        (`UNWATCHED_EDITS_PER_SECOND`), spread over them, at least `UNWATCHED_MIN_SECONDS`
        apart. Zero for a watched table, a first table and a table whose game ended."""
        if feed.table_sent_at is None or feed.table_message_id is None or not feed.unwatched:
            return 0.0
        unwatched = sum(1 for other in self._feeds.values() if other.unwatched)
        interval = max(UNWATCHED_MIN_SECONDS, unwatched / UNWATCHED_EDITS_PER_SECOND)
        return feed.table_sent_at + interval - asyncio.get_running_loop().time()

    def _is_old(self, feed: Feed) -> bool:
        posted = feed.table_posted_at or 0
        return time.time() - posted > self.bot.settings.table_repost_minutes * 60

    async def _update_table(self, feed: Feed) -> None:
        """Edit the table in place, or re-post it when Discord would no longer let us edit it
        comfortably (older than the configured age) or it has gone missing."""
        session = feed.session
        answers, feed.answers = feed.answers, []
        try:
            if feed.table_message_id is None or self._is_old(feed) or feed.repost:
                feed.repost = False
                version = await self._post_table(feed)
            else:
                version = await self._edit_table(feed, answers)
        except BaseException:
            feed.answers[:0] = answers  # not answered yet: the next request answers them
            raise
        for interaction, lang in answers:
            # A click on a table message that was replaced meanwhile: its move is on the new
            # table; say so.
            if interaction.message is None or interaction.message.id != feed.table_message_id:
                await self._followup(interaction, msg.MOVE_DONE(lang))
        feed.table_sent_at = asyncio.get_running_loop().time()
        if version is None:
            return  # the text alone, ahead of its picture
        log.debug("game %s: table shows version %s", session.id, version)
        feed.shown(version)
        await self._record_shown(feed)

    async def _edit_table(
        self, feed: Feed, answers: list[tuple[discord.Interaction[Any], Lang]]
    ) -> int | None:
        """Edit the table in place (through the latest waiting click's answer, if any; the
        others waiting get the same text with the picture just sent) and return the version
        it shows, picture and all (None: its text went ahead of its picture, see
        `_table_edit`); a table gone missing is posted again. Clicks acknowledged while the
        edit is in flight are answered as soon as it is done."""
        session = feed.session
        message_id = feed.table_message_id
        message = self._channel(session.record.play_channel_id).get_partial_message(message_id)  # type: ignore[arg-type]
        waiting = _on_message(answers, message_id)
        try:
            # Drawn first, and only then `editing`: while the picture waits for its turn, a
            # click on the table is answered with the table's new text at once. The text of
            # this request is made after the drawing, so it is never older than such an answer.
            version, payload = await self._table_edit(feed, bool(waiting))
            if payload is None:
                return None
            feed.editing = True
            try:
                if waiting:
                    await waiting[-1][0].edit_original_response(**payload)
                else:
                    await message.edit(**payload)
            except discord.NotFound:
                if not waiting:
                    raise
                # The click's token is gone: edit the message itself.
                version, payload = await self.table_message(session, edit=True)
                await message.edit(**payload)
                await self._followup(waiting[-1][0], msg.MOVE_DONE(waiting[-1][1]))
            await self._answer_waiting(session, waiting[:-1])
            # Clicks acknowledged while this edit was in flight hear back now, with the table's
            # text: not after the feed's next picture, which may wait long for its turn.
            while late := _on_message(feed.answers, message_id):
                feed.answers = [answer for answer in feed.answers if answer not in late]
                await self._answer_waiting(session, late)
        except discord.NotFound:
            return await self._post_table(feed)
        finally:
            feed.editing = False
        return version

    def text_ahead(self, feed: Feed) -> bool:
        """Whether the table's text goes out ahead of its picture: the picture would wait long
        for its turn to draw (`TEXT_AHEAD_SECONDS`), or one is on its way already. Never for a
        table nobody sits at (nobody waits for its buttons), nor for a game's last edit (the
        end is shown with its picture)."""
        if feed.unwatched or feed.ended:
            return False
        return feed.drawing is not None or self.drawing.backed_up()

    async def _table_edit(
        self, feed: Feed, answering: bool
    ) -> tuple[int | None, dict[str, Any] | None]:
        """The table's next edit, and the version it shows, picture and all: with the picture
        drawn in the background for it, if there is one (`_draw_table`); else, while the
        picture would wait long (`text_ahead`), the text alone, keeping the message's picture,
        with the picture asked for in the background (version None; no payload either, unless
        a click waits for an answer, when the table shows this text already or nobody is to
        act on it); else with its picture drawn now (`table_message`)."""
        session = feed.session
        on = await self.pictures_on(session)
        if feed.drawn is not None:
            (drawn, picture), feed.drawn = feed.drawn, None
            newer = drawn >= (feed.shown_version if feed.shown_version is not None else -1)
            if on and newer and (not feed.ended or drawn == session.version):
                # Moves made while it was drawn are in the text; their picture comes next.
                moved_on = drawn < session.version
                feed.text_version = session.version if moved_on else None
                feed.table = feed.table or moved_on
                payload = self.table_payload(session, pictures=True)
                return drawn, self.attach(payload, picture, edit=True)
        if on and self.text_ahead(feed):
            if feed.drawing is None:
                feed.drawing = asyncio.create_task(
                    self._draw_table(feed), name=f"table-picture-{session.id}"
                )
            if not answering and (
                feed.text_version == session.version or not self._played_on_table(session)
            ):
                # Shown already; or nobody waits for the table's buttons, and its text comes
                # with its picture: past what the bot can draw, it makes no request to spare.
                return None, None
            feed.text_version = session.version
            payload = self.table_payload(session, pictures=True)
            return None, self.keeping_picture(payload, pictures.TABLE_FILE, on=True)
        feed.text_version = None
        return await self.table_message(session, edit=True)

    def _played_on_table(self, session: Session) -> bool:
        """Whether a person is to act with the table's buttons."""
        seats = session.record.seats
        return any(
            not seats[seat].is_cpu and self.acts_on_table(session, seat)
            for seat in session.state.to_act()
        )

    async def draw_in_turn(
        self, job: Callable[[], pictures.Job | None], *, later: bool, what: str
    ) -> tuple[pictures.Job, pictures.Picture] | None:
        """A picture drawn in the background (see `text_ahead`): when the publisher's turn to
        draw comes (`later`: see `DrawingTurns`), the `job` made then, from the game as it is
        then, and its picture. None when `job` makes none (its message is gone), or when it
        could not be drawn (logged, for `what`: the message's text is current, and the game's
        next change asks for the picture again)."""
        try:
            async with self.drawing.turn(later=later):
                made = job()
                return None if made is None else (made, await pictures.draw(made))
        except Exception:
            log.exception("%s: picture not drawn", what)
            return None

    async def _draw_table(self, feed: Feed) -> None:
        """Draw the table's picture (`draw_in_turn`) and have the feed send it
        (`_table_edit`); drawn after the others when nobody plays on the table (its text waits
        for it)."""
        session, drawn = feed.session, feed.session.version

        def job() -> pictures.Job:
            nonlocal drawn
            drawn = session.version
            return pictures.table_job(self.context(session))

        try:
            made = await self.draw_in_turn(
                job, later=not self._played_on_table(session), what=f"game {session.id} table"
            )
        finally:
            feed.drawing = None
        if made is None or self._closed or self._feeds.get(session.id) is not feed:
            return
        feed.drawn = (drawn, made[1])
        feed.table = True
        self._start(feed)

    async def _answer_waiting(
        self, session: Session, waiting: list[tuple[discord.Interaction[Any], Lang]]
    ) -> None:
        """Answer acknowledged table clicks with the table's text as it is now, keeping the
        message's picture (a click whose token is gone gets a follow-up, if it still can)."""
        for interaction, lang in waiting:
            on = await self.pictures_on(session)
            text = self.keeping_picture(
                self.table_payload(session, pictures=on), pictures.TABLE_FILE, on=on
            )
            try:
                await interaction.edit_original_response(**text)
            except discord.NotFound:
                await self._followup(interaction, msg.MOVE_DONE(lang))

    async def _followup(self, interaction: discord.Interaction[Any], text: str) -> None:
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.info("a click's follow-up not sent: %s", exc)

    async def _pushed_up(self, feed: Feed) -> bool:
        """Whether other people's messages have pushed the table up its thread. The bot gets no
        message events, so it looks (one request for a few messages) at most every
        `PUSHED_UP_CHECK_SECONDS` per game, after a move."""
        now = time.monotonic()
        if feed.table_message_id is None:
            return False
        if now - feed.pushed_checked_at < PUSHED_UP_CHECK_SECONDS:
            return False
        feed.pushed_checked_at = now
        channel = self._channel(feed.session.record.play_channel_id)
        after = discord.Object(feed.table_message_id)
        others = 0
        try:
            async for message in channel.history(after=after, limit=PUSHED_UP_MESSAGES + 1):
                if message.author.id != self.bot.user.id:  # type: ignore[union-attr]
                    others += 1
        except discord.HTTPException as exc:
            log.info("game %s: thread not read (%s)", feed.session.id, exc)
            return False
        return others >= PUSHED_UP_MESSAGES

    async def _post_table(self, feed: Feed) -> int:
        """Send a fresh table message in the game's thread (deleting the previous one);
        returns the version it shows."""
        session = feed.session
        record = session.record
        old = feed.table_message_id
        try:
            version, payload = await self.table_message(session, edit=False)
            feed.editing = True  # from here to its end (see `_edit_table`)
            message = await self._channel(record.play_channel_id).send(
                **payload, allowed_mentions=NO_MENTIONS
            )
        finally:
            feed.editing = False
        feed.table_message_id = message.id
        feed.table_posted_at = time.time()
        feed.text_version = None
        await self.bot.store.update_game(
            record.id, table_message_id=message.id, table_posted_at=feed.table_posted_at
        )
        if old is not None:
            await self._delete(record.play_channel_id, old)
        return version

    async def _record_shown(self, feed: Feed) -> None:
        """Store the version the table shows, so a restart republishes only what is behind."""
        if feed.shown_version is None or feed.shown_version == feed.stored_version:
            return
        version = feed.shown_version
        try:
            await self.bot.store.set_table_version(feed.session.id, version)
        except STORAGE_ERRORS as exc:
            log.warning("game %s: the table's version not recorded: %s", feed.session.id, exc)
            return
        feed.stored_version = max(version, feed.stored_version or 0)

    def close(self) -> None:
        """Stop publishing (the bot is shutting down; a restart republishes what is behind)."""
        self._closed = True
        self.hands.close_all()
        for feed in self._feeds.values():
            for task in (feed.task, feed.drawing):
                if task is not None:
                    task.cancel()
        self._feeds.clear()

    async def _delete(self, channel_id: int, message_id: int) -> None:
        try:
            await self._channel(channel_id).get_partial_message(message_id).delete()
        except discord.HTTPException as exc:
            log.info("could not delete message %s: %s", message_id, exc)

    # -- pings and the end --------------------------------------------------------------------

    async def ping(self, feed: Feed, seats: list[int]) -> None:
        """Mention the humans whose turn began (one small message; the previous one deleted)."""
        session = feed.session
        record = session.record
        if all(record.seats[s].user_id is None for s in seats):
            return
        payload = await self.ping_payload(session, seats)
        old = feed.ping_message_id
        try:
            message = await self._channel(record.play_channel_id).send(
                **payload,
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except Exception as exc:
            if not transient(exc):
                raise
            # A ping is a courtesy: the table shows whose turn it is anyway.
            log.warning("game %s: turn ping not sent (%s)", record.id, exc)
            return
        feed.ping_message_id = message.id
        await self.bot.store.update_game(record.id, ping_message_id=message.id)
        if old is not None:
            await self._delete(record.play_channel_id, old)

    async def ping_payload(self, session: Session, seats: list[int]) -> dict[str, Any]:
        """The turn ping: one line per language its players speak (each pinged player reads
        theirs); when the turn is played from the hand, its own "Show my hand" button, and
        for players who get their hand by DM a link to it instead."""
        record = session.record
        from_hand = not all(self.acts_on_table(session, s) for s in seats)
        #: (language, where the hand is) → users; a DM hand is linked, as the next step is there.
        groups: dict[tuple[Lang, str], list[int]] = {}
        links: dict[int, str] = {}
        for seat in seats:
            uid = record.seats[seat].user_id
            if uid is None:
                continue
            delivery, lang = await self.bot.store.user_settings(uid)
            where = "table"
            if from_hand:
                where = "hand"
                stored = (
                    await self.bot.store.hand_message(session.id, seat)
                    if delivery == "dm"
                    else None
                )
                if stored is not None:
                    where = "dm"
                    links[uid] = f"https://discord.com/channels/@me/{stored[0]}/{stored[1]}"
            groups.setdefault(("ja" if lang == "ja" else "en", where), []).append(uid)
        lines = []
        for (lang, where), uids in groups.items():
            mentions = " ".join(f"<@{uid}>" for uid in uids)
            line = msg.PINGS[where](lang, mentions=mentions, game=session.game.name(lang))
            if where == "dm":
                line += " " + " ".join(links[uid] for uid in uids)
            if record.deadline:
                line += " " + msg.PING_DEADLINE(lang, when=f"<t:{int(record.deadline)}:R>")
            lines.append(line)
        payload: dict[str, Any] = {"content": "\n".join(lines)}
        by_lang = dict.fromkeys(lang for (lang, where) in groups if where == "hand")
        if by_lang:
            label = " · ".join(msg.TABLE_SHOW_HAND(lang) for lang in by_lang)
            view = discord.ui.View(timeout=None)
            view.add_item(ShowHand(game_id=session.id, label=label, on_ping=True))
            payload["view"] = view
        return payload

    async def clear_ping(self, feed: Feed) -> None:
        if feed.ping_message_id is not None:
            await self._delete(feed.session.record.play_channel_id, feed.ping_message_id)
            feed.ping_message_id = None
            await self.bot.store.update_game(feed.session.id, ping_message_id=None)

    async def _end(self, feed: Feed) -> None:
        """The game ended or was abandoned: no ping left; for an end, the breakdown message,
        the lobby message updated and the DM hands' last state; every live hand shows how the
        game ended. Then the feed is dropped."""
        session = feed.session
        record = session.record
        await self.clear_ping(feed)
        if record.status == "finished" and not record.end_published:
            while not self._closed and not await self._attempt(feed, "final", self._send_final):
                pass
            await self._finish_lobby(session)
            await self.refresh_dm_hands(session)
        await self.hands.end(session)
        self.hands.forget_game(record.id)
        for key in [key for key in self._dm_shown if key[0] == record.id]:
            del self._dm_shown[key]  # each is a whole hand's text, kept for every game ever
        for key in [key for key in self._dm_sending if key[0] == record.id]:
            del self._dm_sending[key]
        for key in [key for key in self._dm_picks if key[0] == record.id]:
            del self._dm_picks[key]
        for key in [key for key in self._dm_pictures if key[0] == record.id]:
            self._dm_picture_current(key)
        if self._feeds.get(record.id) is feed:
            del self._feeds[record.id]

    async def _finish_lobby(self, session: Session) -> None:
        record = session.record
        if record.lobby_message_id is None or record.thread_id is None:
            return
        ctx = self.context(session)
        result = session.state.result()
        winners = ", ".join(ctx.seat_label(s) for s in result.winners)
        try:
            await (
                self._channel(record.channel_id)
                .get_partial_message(record.lobby_message_id)
                .edit(
                    content=msg.LOBBY_FINISHED(
                        ctx.lang,
                        game=session.game.name(ctx.lang),
                        winners=winners,
                        thread=f"<#{record.thread_id}>",
                    ),
                    embeds=[],
                    view=None,
                    allowed_mentions=NO_MENTIONS,
                )
            )
        except discord.HTTPException as exc:
            log.info("could not update lobby message of game %s: %s", record.id, exc)

    async def _send_final(self, feed: Feed) -> None:
        """Post the final breakdown; only then is the end published (a stop before this is
        caught up after the restart)."""
        session = feed.session
        ctx = self.context(session)
        payload = {"embeds": renderer_for(session.record.game).final(ctx)}
        job = pictures.final_job(ctx) if await self.pictures_on(session) else None
        async with self._publisher_turn(job is not None):
            payload = await self._with_picture(payload, job, edit=False)
        await self._channel(session.record.play_channel_id).send(
            **payload, allowed_mentions=NO_MENTIONS
        )
        await self.bot.store.update_game(session.id, end_published=1)
        session.record.end_published = True

    # -- hands by DM ------------------------------------------------------------------------

    async def refresh_dm_hands(self, session: Session) -> None:
        """Re-send or edit the DM hand of every human who chose DMs."""
        for info in session.record.seats:
            if info.user_id is None:
                continue
            delivery, lang = await self.bot.store.user_settings(info.user_id)
            if delivery != "dm":
                continue
            await self.send_dm_hand(session, info.seat, info.user_id, lang, background=True)  # type: ignore[arg-type]

    async def answer_dm_hand(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        message_id: int,
        update: Callable[[dict[str, Any]], Awaitable[None]],
    ) -> None:
        """Answer a move clicked on a DM hand with the hand as it is now, its new picture
        included (`update`: the click's own update of that message): a DM message's edits
        share the bot's limits with every other DM, so the move costs that message one edit,
        not a quick answer and then a picture. When it is the seat's DM hand message, that is
        noted as what it shows, so the refresh after the move does not send the same hand
        again. While an earlier refresh of that hand is under way the answer does not wait
        for it (it may be waiting out a rate limit) and notes nothing: the refresh after the
        move then brings the message in step."""
        self._note_dm_pick(session, seat, message_id, None)  # a move answers any pick
        self._dm_picture_current((session.id, seat))
        sending = self._dm_sending[(session.id, seat)]
        if sending.locked():
            await update(await self.hand_message(session, seat, lang, edit=True))
            return
        async with sending:
            on = await self.hand_pictures_on(session, seat)
            payload = self.hand_payload(session, seat, lang, pictures=on)
            shown = Fingerprint(payload)
            await update(await self.hand_message(session, seat, lang, edit=True, payload=payload))
            stored = await self.bot.store.hand_message(session.id, seat)
            if stored is not None and stored[1] == message_id:
                self._dm_shown[(session.id, seat)] = shown

    async def dm_hand_clicked(
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
        game, the owner is told (see `_note_dm_pick`)."""
        stored = await self.bot.store.hand_message(session.id, seat)
        if stored is None or stored[1] != message_id:
            return
        self._dm_shown[(session.id, seat)] = shown
        if picture:
            self._dm_picture_current((session.id, seat))
        self._note_dm_pick(session, seat, message_id, pick, announce=True)

    def dm_hand_not_shown(self, game_id: int, seat: int) -> None:
        """A click's update of the seat's DM hand failed after `dm_hand_clicked` noted what it
        would show: what the message shows is not known, so the publisher's next pass sends it
        whatever it was."""
        self._dm_shown.pop((game_id, seat), None)

    def dm_hand_clicked_elsewhere(self, game_id: int, seat: int) -> None:
        """Another process answered a click on the seat's DM hand message (a pick, a refresh,
        a refusal: DMs arrive on shard 0's process) and stored the pick it shows, or none
        (`_note_dm_pick`); the store announced it once stored. The owner of the game edits
        that message after the game's moves: what it noted of the message is dropped (its
        pick is read from the store again, `_dm_pick`), and the game's feed brings the
        message in step. What the click showed is not known here, nor whether an edit of
        this process under way lands before or after the click's answer, so the message is
        edited even when that shows what the click showed: one edit more per such click,
        rather than a pick lost or brought back."""
        key = (game_id, seat)
        self._dm_picks.pop(key, None)
        self._dm_shown.pop(key, None)
        feed = self._feeds.get(game_id)
        if feed is None or self._closed or not self.bot.sessions.owns(feed.session.record):
            return
        feed.dm_hands = True
        if feed.task is None or feed.task.done():
            feed.task = asyncio.create_task(self._run(feed), name=f"publish-{game_id}")

    def dm_hands_unknown(self) -> None:
        """Clicks on DM hands may have been announced unheard (the store's listening
        connection was lost): what each DM hand message shows is no longer known, so the
        publisher's next edit of each is sent (the picks are read from the store anyway)."""
        self._dm_shown.clear()

    def _dm_pick(
        self, session: Session, seat: int, stored: DmHand | None
    ) -> tuple[str, str] | None:
        """The pick the seat's DM hand shows for confirmation, if it can still be played.
        `stored`: the seat's DM hand message as the store has it (read just before), whose
        pick is taken when this process knows none yet for the seat (the process before it
        noted it) and, on a database shared by several processes, whenever no write of this
        process's own is pending for the seat: a click that another process answered is
        stored there (`_note_dm_pick`), so the store, not this process's memory, has the
        latest word. That costs no query: the publisher reads the message's row anyway."""
        key = (session.id, seat)
        shared = self.bot.store.SHARED and not self._dm_pick_writes.pending(key)
        if key not in self._dm_picks or shared:
            self._dm_picks[key] = stored.confirm if stored is not None else None
        pick = self._dm_picks[key]
        if pick is not None and not pick_still_legal(session, seat, pick[1]):
            self._dm_picks[key] = pick = None
        return pick

    def _note_dm_pick(
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
        pick from the store (`_dm_pick`): it is written there whatever this process noted
        before. With `announce` (a click that is not a move: a move is announced itself, and
        the owner edits the hand after it anyway), the owner is told once it is stored
        (`dm_hand_clicked_elsewhere`), so that it does not keep an edit of its own that
        missed the click, nor take the message to show what it last sent there. The write
        stays in the background, off the click's path, as on one process."""
        key = (session.id, seat)
        elsewhere = not self.bot.sessions.owns(session.record)
        if not elsewhere and key in self._dm_picks and self._dm_picks[key] == pick:
            return
        self._dm_picks[key] = pick
        self._keep_dm_pick(session.id, seat, message_id, pick, announce=announce and elsewhere)

    def _keep_dm_pick(
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
        changes nothing (`set_dm_hand_pick`); `announce`: see `_note_dm_pick`; `read`: the
        message as the publisher read it before its edit, whose pick is replaced only if it
        is still the one kept (a click that another process answered meanwhile stored the
        newer word, `replace_dm_hand_pick`)."""
        store = self.bot.store

        async def write() -> None:
            if read is not None:
                await store.replace_dm_hand_pick(game_id, seat, message_id, read.confirm, pick)
            else:
                await store.set_dm_hand_pick(game_id, seat, message_id, pick, announce=announce)

        self._dm_pick_writes.keep((game_id, seat), write)

    async def dm_picks_kept(self) -> None:
        """Wait for the writes of DM hand picks under way (before the store closes)."""
        await self._dm_pick_writes.done()

    async def send_dm_hand(
        self, session: Session, seat: int, user_id: int, lang: Lang, *, background: bool = False
    ) -> bool:
        """Edit the seat's DM hand message (or send one). False when DMs are closed. The pick
        the message shows for confirmation stays on it while it can still be played, one
        made before a restart included (`_dm_pick`); a pick the player made meanwhile on that
        message (`dm_hand_clicked`) is shown: an edit that was under way without it is done
        again. `background`: for the publisher, not for a
        click's answer (see `hand_message`)."""
        async with self._dm_sending[(session.id, seat)]:
            while True:
                stored = await self.bot.store.dm_hand(session.id, seat)
                pick = self._dm_pick(session, seat, stored)
                if not await self._send_dm_hand(
                    session, seat, user_id, lang, stored, pick, background
                ):
                    return False
                if self._dm_picks.get((session.id, seat)) == pick:
                    return True

    async def _send_dm_hand(
        self,
        session: Session,
        seat: int,
        user_id: int,
        lang: Lang,
        stored: DmHand | None,
        pick: tuple[str, str] | None,
        background: bool,
    ) -> bool:
        """`send_dm_hand` once, showing `pick` on the seat's DM hand message `stored` (as read
        just before), or on a new one. The pick the message shows is kept in the store with
        it (a pick dropped, no longer legal, included)."""
        key = (session.id, seat)
        notice, confirm = pick if pick is not None else (None, None)
        on = await self.hand_pictures_on(session, seat)
        # The state as it is by now.
        payload = self.hand_payload(session, seat, lang, notice, confirm=confirm, pictures=on)
        shown = Fingerprint(payload)
        if stored is not None:
            ahead = self._dm_pictures.setdefault(key, PictureAhead())
            before = self._dm_shown.get(key)
            if before != shown or ahead.behind:
                try:
                    if background and ahead.wanted(self, session, payload):
                        # Past what the bot can draw, as a live hand (`LiveHands._edit`).
                        edit, behind = ahead.next_edit(
                            self,
                            session,
                            seat,
                            lang,
                            payload,
                            shown,
                            before,
                            current=lambda: self._dm_pictures.get(key) is ahead,
                            then=lambda: self.refresh_hands(session.id, dm=True),
                            what=f"game {session.id} seat {seat} DM hand",
                        )
                        if edit is None:
                            return True
                    else:
                        edit = await self.hand_message(
                            session, seat, lang, edit=True, payload=payload, background=background
                        )
                        behind = False
                    message = self._channel(stored.channel_id).get_partial_message(
                        stored.message_id
                    )
                    await message.edit(**edit)
                except discord.NotFound:
                    stored = None
                except discord.HTTPException as exc:
                    log.info("DM hand edit failed for game %s seat %s: %s", session.id, seat, exc)
                    return False
                else:
                    if behind:
                        ahead.behind = True
                    else:
                        self._dm_picture_current(key)
            if stored is not None:
                self._dm_shown[key] = shown
                if stored.confirm != pick and self._dm_picks.get((session.id, seat)) == pick:
                    # (A click that changed the pick meanwhile has asked for its own write.)
                    self._keep_dm_pick(session.id, seat, stored.message_id, pick, read=stored)
                return True
            await self.bot.store.delete_hand_message(session.id, seat)
            self._dm_picks[(session.id, seat)] = None  # it was on that message
            notice = confirm = None
            shown = Fingerprint(self.hand_payload(session, seat, lang, pictures=on))
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            message = await channel.send(
                **await self.hand_message(
                    session,
                    seat,
                    lang,
                    edit=False,
                    notice=notice,
                    confirm=confirm,
                    background=background,
                )
            )
        except discord.HTTPException as exc:
            log.info("DMs closed for a player of game %s: %s", session.id, exc.code)
            return False
        shown_pick = (notice, confirm) if notice is not None and confirm is not None else None
        await self.bot.store.set_hand_message(session.id, seat, channel.id, message.id, shown_pick)
        self._dm_shown[key] = shown
        self._dm_picture_current(key)
        return True

    def _dm_picture_current(self, key: tuple[int, int]) -> None:
        """The seat's DM hand message shows a picture of the hand as it was then: a picture
        drawn or being drawn in the background is no newer, and is given up."""
        ahead = self._dm_pictures.pop(key, None)
        if ahead is not None:
            ahead.cancel()
