"""One feed per game: the table message, turn pings and the end, brought in step with the game
outside its lock.

After each change the service hands the game to `Feeds.publish`, which returns at once; the
game's feed task does the rest: one table message edited in place (re-posted when it gets old,
or when other people's messages have pushed it up the thread), one ping per turn handed to a
human (the previous one deleted), every player's live hand (`bot.publish.live_hands`) and DM
hand (`bot.publish.dm_hands`) kept current, and the final breakdown when the game ends.

Concurrency rules enforced here:
- A feed coalesces: flags, not a queue. While a request is in flight or waits out a rate
  limit, later moves only change what the next request shows; each step renders the state as
  it is when the step starts.
- A click on the table is answered with the interaction's own update, unless a table request
  is in flight (`Feed.editing`): that request carries an older state and would land after the
  answer, so the click is only acknowledged and answered once the request is done
  (`answer_later`); a table never goes back to an older version.
- A game with nobody at its table (CPU players only) has its table edited less often the more
  such games there are, so a flood of them neither crowds the bot nor spends Discord's request
  budget.
- The version each table shows is recorded, so a restart republishes only the tables that are
  behind; a feed ends only once the end has been handed to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.i18n import messages as msg
from bot.publish import compose
from bot.publish.drawing import Drawing
from bot.publish.payload import Payload
from bot.render import pictures
from bot.storage.records import STORAGE_ERRORS
from games.core import Lang

if TYPE_CHECKING:
    from bot.publish.dm_hands import DmHands
    from bot.publish.live_hands import LiveHands
    from bot.publish.ports import Channels, TableRecords
    from bot.session import MoveOutcome, Session
    from bot.storage.records import GameRecord

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
        #: The seats the ping mentions (as far as this process knows: not after a restart).
        self.pinged: list[int] = []
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
        #: click's answer then leaves the table to the feed (`Feeds.table_answer`). Not while
        #: its picture is drawn: its text is made after that (`Drawing.table_message`).
        self.editing = False
        #: Table clicks acknowledged while a table request was in flight, with their
        #: clickers' languages: answered once it is done (`Feeds.answer_later`).
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
        #: While the table's text goes out ahead of its picture (`Feeds.text_ahead`): the
        #: version of the text it shows ahead (None: none), the picture being drawn for it in
        #: the background, and that picture once drawn, with the version it shows, for the
        #: table's next edit.
        self.text_version: int | None = None
        self.drawing: asyncio.Task[None] | None = None
        self.drawn: tuple[int, pictures.Picture] | None = None
        #: Set (and replaced) whenever the table shows a newer version (`Feeds.table_shows`).
        self.showed = asyncio.Event()

    def shown(self, version: int) -> None:
        if self.shown_version is None or version > self.shown_version:
            self.shown_version = version
            self.showed.set()
            self.showed = asyncio.Event()

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


@dataclass(eq=False)
class Feeds:
    """Every game's feed, by game id: what Discord shows of each game and what is still to be
    sent."""

    channels: Channels
    records: TableRecords
    drawing: Drawing
    hands: LiveHands
    dm_hands: DmHands
    _: KW_ONLY
    #: A table older than this (minutes, read at each use) is re-posted, not edited.
    repost_minutes: Callable[[], float]
    #: Whether this process owns a game (with several processes).
    owns: Callable[[GameRecord], bool]
    #: What each game shows on Discord and what is still to be sent (see `publish`).
    _feeds: dict[int, Feed] = field(default_factory=dict, init=False)
    _closed: bool = field(default=False, init=False)

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.channels.get_partial_messageable(channel_id)

    def publish(
        self, session: Session, outcome: MoveOutcome | None = None, *, table_shown: bool = False
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
        """Bring the game's live hands (`dm`: its DM hands) up to date soon, if this process
        owns the game: a picture drawn for one of them, or (DM hands) a click on one that
        another process answered."""
        feed = self._feeds.get(game_id)
        if feed is not None and not self._closed and self.owns(feed.session.record):
            if dm:
                feed.dm_hands = True
            else:
                feed.live_hands = True
            self._start(feed)

    async def table_answer(self, session: Session) -> Payload | None:
        """The table as a click's own answer (`Drawing.table_answer`), or None while the feed
        has a table request in flight: that request carries an older state and would land
        after the answer, so the click is only acknowledged and the feed, once its request is
        done, sends the state as it is then (a table never goes back to an older version)."""
        payload = await self.drawing.table_answer(session)
        feed = self._feed(session)
        if feed.editing:
            return None
        feed.text_version = session.version
        return payload

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

    async def table_shows(self, session: Session, version: int) -> None:
        """Return once the game's table message shows `version` or a later one, or once there is
        nothing to wait for: the feed is not publishing it (the game is not published from this
        process, has ended, or the publisher is closing)."""
        while not self._closed:
            feed = self._feeds.get(session.id)
            if feed is None or feed.ended or (feed.shown_version or 0) >= version:
                return
            if not feed.pending() and (feed.task is None or feed.task.done()):
                return  # nothing under way would show it
            await feed.showed.wait()

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
                await self.dm_hands.refresh(session)
        if feed.live_hands:
            feed.live_hands = False
            if session.record.status == "playing":
                try:
                    await self.hands.refresh(session)
                except Exception:
                    feed.live_hands = True  # e.g. rate-limited: tried again after a pause
                    raise
        if feed.pinged and any(session.record.seats[s].user_id is None for s in feed.pinged):
            await self.clear_ping(feed)  # its player left the seat to a CPU: not their turn
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
        return time.time() - posted > self.repost_minutes() * 60

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
                    await waiting[-1][0].edit_original_response(**payload.edit())
                else:
                    await message.edit(**payload.edit())
            except discord.NotFound:
                if not waiting:
                    raise
                # The click's token is gone: edit the message itself.
                version, payload = await self.drawing.table_message(session)
                await message.edit(**payload.edit())
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
        return feed.drawing is not None or self.drawing.turns.backed_up()

    async def _table_edit(self, feed: Feed, answering: bool) -> tuple[int | None, Payload | None]:
        """The table's next edit, and the version it shows, picture and all: with the picture
        drawn in the background for it, if there is one (`_draw_table`); else, while the
        picture would wait long (`text_ahead`), the text alone, keeping the message's picture,
        with the picture asked for in the background (version None; no payload either, unless
        a click waits for an answer, when the table shows this text already or nobody is to
        act on it); else with its picture drawn now (`table_message`)."""
        session = feed.session
        on = await self.drawing.pictures_on(session)
        if feed.drawn is not None:
            (drawn, picture), feed.drawn = feed.drawn, None
            newer = drawn >= (feed.shown_version if feed.shown_version is not None else -1)
            if on and newer and (not feed.ended or drawn == session.version):
                # Moves made while it was drawn are in the text; their picture comes next.
                moved_on = drawn < session.version
                feed.text_version = session.version if moved_on else None
                feed.table = feed.table or moved_on
                return drawn, compose.table_payload(session, pictures=True).drawn(picture)
        if on and self.text_ahead(feed):
            if feed.drawing is None:
                feed.drawing = asyncio.create_task(
                    self._draw_table(feed), name=f"table-picture-{session.id}"
                )
            if not answering and (
                feed.text_version == session.version or not compose.played_on_table(session)
            ):
                # Shown already; or nobody waits for the table's buttons, and its text comes
                # with its picture: past what the bot can draw, it makes no request to spare.
                return None, None
            feed.text_version = session.version
            payload = compose.table_payload(session, pictures=True)
            return None, payload.keeping_picture(pictures.TABLE_FILE, on=True)
        feed.text_version = None
        return await self.drawing.table_message(session)

    async def _draw_table(self, feed: Feed) -> None:
        """Draw the table's picture (`Drawing.draw_in_turn`) and have the feed send it
        (`_table_edit`); drawn after the others when nobody plays on the table (its text waits
        for it)."""
        session, drawn = feed.session, feed.session.version

        def job() -> pictures.Job:
            nonlocal drawn
            drawn = session.version
            return pictures.table_job(compose.context(session))

        try:
            made = await self.drawing.draw_in_turn(
                job, later=not compose.played_on_table(session), what=f"game {session.id} table"
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
            text = await self.drawing.table_answer(session)
            try:
                await interaction.edit_original_response(**text.edit())
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
                if message.author.id != self.channels.user.id:  # type: ignore[union-attr]
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
            version, payload = await self.drawing.table_message(session)
            feed.editing = True  # from here to its end (see `_edit_table`)
            message = await self._channel(record.play_channel_id).send(
                **payload.send(), allowed_mentions=NO_MENTIONS
            )
        finally:
            feed.editing = False
        feed.table_message_id = message.id
        feed.table_posted_at = time.time()
        feed.text_version = None
        await self.records.update_game(
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
            await self.records.set_table_version(feed.session.id, version)
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
                **payload.send(),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except Exception as exc:
            if not transient(exc):
                raise
            # A ping is a courtesy: the table shows whose turn it is anyway.
            log.warning("game %s: turn ping not sent (%s)", record.id, exc)
            return
        feed.ping_message_id = message.id
        feed.pinged = [s for s in seats if record.seats[s].user_id is not None]
        await self.records.update_game(record.id, ping_message_id=message.id)
        if old is not None:
            await self._delete(record.play_channel_id, old)

    async def ping_payload(self, session: Session, seats: list[int]) -> Payload:
        """The turn ping of `seats` (`compose.ping_payload`), each player in the language of
        their settings; a player who gets their hand by DM is linked to it."""
        players: list[compose.Pinged] = []
        for seat in seats:
            user_id = session.record.seats[seat].user_id
            if user_id is None:
                continue
            delivery, lang = await self.records.user_settings(user_id)
            link = None
            if delivery == "dm":
                stored = await self.records.hand_message(session.id, seat)
                link = compose.dm_link(*stored) if stored is not None else None
            players.append(compose.Pinged(user_id, lang, link))  # type: ignore[arg-type]
        return compose.ping_payload(session, players)

    async def clear_ping(self, feed: Feed) -> None:
        feed.pinged = []
        if feed.ping_message_id is not None:
            await self._delete(feed.session.record.play_channel_id, feed.ping_message_id)
            feed.ping_message_id = None
            await self.records.update_game(feed.session.id, ping_message_id=None)

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
            await self.dm_hands.refresh(session)
        await self.hands.end(session)
        self.hands.forget_game(record.id)
        self.dm_hands.forget_game(record.id)
        if self._feeds.get(record.id) is feed:
            del self._feeds[record.id]

    async def _finish_lobby(self, session: Session) -> None:
        record = session.record
        if record.lobby_message_id is None or record.thread_id is None:
            return
        try:
            await (
                self._channel(record.channel_id)
                .get_partial_message(record.lobby_message_id)
                .edit(
                    content=compose.lobby_finished(session),
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
        try:
            changes = await self.records.rating_changes(session.id)
        except STORAGE_ERRORS as exc:
            log.warning("game %s: rating changes not read for its end: %s", session.id, exc)
            changes = []
        payload = await self.drawing.final_message(session, changes)
        await self._channel(session.record.play_channel_id).send(
            **payload.send(), allowed_mentions=NO_MENTIONS
        )
        await self.records.update_game(session.id, end_published=1)
        session.record.end_published = True
