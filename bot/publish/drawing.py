"""Drawing for the publisher: its turns to draw, the pictures switch, messages with their picture,
and pictures drawn behind a message's text when the bot cannot keep up.

Concurrency rules enforced here:
- The publisher's pictures (tables, hands kept current, ends) are drawn one at a time
  (`DrawingTurns`): they wait here, not in the drawing process's queue, so a click's own
  picture (a hand shown) waits for at most one of them when moves come faster than pictures
  can be drawn. A picture waiting for its turn is drawn from the game as it is when the turn
  comes.
- Past what the bot can draw (a picture would wait longer than `TEXT_AHEAD_SECONDS`), a
  message's new text and controls go out at once, keeping the picture it shows, and its picture
  follows in an edit of its own once drawn (`PictureAhead`): the game stays playable. The
  pictures of messages nobody is to act on are then drawn after the others, until the first of
  them has waited `LATER_WAITS_AT_MOST`: from then on they take every other turn.
- Pictures are drawn after a click's text answer, off the event loop (the picture process or
  thread, `bot.render.pictures`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.publish import compose
from bot.publish.payload import Fingerprint, Payload
from bot.render import pictures
from games.core import Lang

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.publish.ports import PictureSwitches
    from bot.session import Session
    from bot.storage.ratings import RatingChange

log = logging.getLogger(__name__)

#: When a message's picture would wait longer than this for the publisher's turn to draw (the
#: pictures queued ahead of it, at the time a picture has lately taken), its new text and
#: controls go out at once, keeping the picture it shows, and its picture follows in an edit of
#: its own once drawn: past what the bot can draw, the game stays playable.
TEXT_AHEAD_SECONDS = 0.25
#: … then the pictures of messages nobody is to act on are drawn after the others
#: (`DrawingTurns`), until the first of them has waited this long: from then on they take every
#: other turn. A table or a hand whose text waits for its picture is not left behind while the
#: others keep the drawing busy, nor are the others while those catch up.
LATER_WAITS_AT_MOST = 2.0


class DrawingTurns:
    """The publisher's turns to draw: one picture at a time for every game, so a click's own
    picture (a hand shown) waits for at most one of them, and a picture waiting here is drawn
    from the game as it is when its turn comes. First come first served, except the pictures
    drawn `later`: those drawn in the background for a message nobody is to act on, which wait
    until no other does, or, once the first of them has waited `LATER_WAITS_AT_MOST` seconds,
    take every other turn. `wait` tells how long a picture asked for now would wait."""

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


class Drawing:
    """Messages with their pictures, drawn in the publisher's turns (`turns`) when the server
    and the player have pictures on (`switches`)."""

    def __init__(self, switches: PictureSwitches) -> None:
        self._switches = switches
        self.turns = DrawingTurns()

    async def pictures_on(self, session: Session, user_id: int | None = None) -> bool:
        """Whether the game's server shows pictures (and, for a hand, whether its player wants
        them)."""
        if not await self._switches.guild_pictures(session.record.guild_id):
            return False
        return user_id is None or await self._switches.user_pictures(user_id)

    async def hand_pictures_on(self, session: Session, seat: int) -> bool:
        """Whether the seat's hand shows its picture (`pictures_on` for its player)."""
        return await self.pictures_on(session, session.record.seats[seat].user_id)

    def turn(self, drawing: bool) -> contextlib.AbstractAsyncContextManager[Any]:
        """The publisher's turn to draw, when it is `drawing`."""
        return self.turns.turn() if drawing else contextlib.nullcontext()

    async def with_picture(self, payload: Payload, job: pictures.Job | None) -> Payload:
        """`payload` with the picture of `job` drawn (off the event loop); `job` is None when
        pictures are off."""
        picture = await pictures.draw(job) if payload.embeds and job is not None else None
        return payload.drawn(picture)

    async def table_answer(self, session: Session) -> Payload:
        """The table as a click's quick answer: its text now, keeping the message's picture
        (the publisher then sends the new one, so the answer never waits for a drawing)."""
        on = await self.pictures_on(session)
        payload = compose.table_payload(session, pictures=on)
        return payload.keeping_picture(pictures.TABLE_FILE, on=on)

    async def hand(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
    ) -> Payload:
        """The seat's hand (`compose.hand_payload`), made to go beside its picture when its
        player has pictures on (`hand_pictures_on`); the picture itself is not drawn."""
        on = await self.hand_pictures_on(session, seat)
        return compose.hand_payload(session, seat, lang, notice, confirm=confirm, pictures=on)

    async def hand_answer(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        notice: str | None = None,
        *,
        confirm: str | None = None,
    ) -> Payload:
        """A hand as a click's quick answer (see `table_answer`)."""
        payload = await self.hand(session, seat, lang, notice, confirm=confirm)
        return payload.keeping_picture(pictures.HAND_FILE, on=payload.beside_picture)

    async def table_message(self, session: Session) -> tuple[int, Payload]:
        """The table with its picture (from the public view only), drawn in the publisher's
        turn, and the version the picture shows. The picture is drawn from the game as it is
        when the turn comes; the text and controls are the game's as it is when this returns,
        so moves made while the picture waited or was drawn are in them (each such move asked
        the feed for another table edit, which brings its picture)."""
        on = await self.pictures_on(session)
        drawn = session.version
        picture = None
        if on:
            async with self.turns.turn():
                drawn = session.version
                picture = await pictures.draw(pictures.table_job(compose.context(session)))
        return drawn, compose.table_payload(session, pictures=on).drawn(picture)

    async def hand_message(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        *,
        notice: str | None = None,
        confirm: str | None = None,
        payload: Payload | None = None,
        background: bool = False,
    ) -> Payload:
        """The seat's hand with its picture, unless its player switched them off; `payload`:
        that hand (`hand`), when the caller
        has just made it (to compare it with what the message shows), so the hand is not
        drawn twice; `background`: for the publisher, not for a click's answer: it then waits
        for the publisher's turn to draw, and shows the hand as it was when asked for, text
        and picture alike (the publisher's next pass brings a hand that moved on meanwhile up
        to date)."""
        if payload is None:
            payload = await self.hand(session, seat, lang, notice, confirm=confirm)
        # Taken now, as the text was, not after the wait for the publisher's turn.
        job = (
            pictures.hand_job(compose.context(session, lang), seat)
            if payload.beside_picture
            else None
        )
        async with self.turn(job is not None and background):
            return await self.with_picture(payload, job)

    async def final_message(
        self, session: Session, changes: Sequence[RatingChange] = ()
    ) -> Payload:
        """The final breakdown with its picture, drawn in the publisher's turn (`changes`: the
        persons' rating changes it names)."""
        payload = compose.final_payload(session, changes)
        on = await self.pictures_on(session)
        job = pictures.final_job(compose.context(session)) if on else None
        async with self.turn(job is not None):
            return await self.with_picture(payload, job)

    async def draw_in_turn(
        self, job: Callable[[], pictures.Job | None], *, later: bool, what: str
    ) -> tuple[pictures.Job, pictures.Picture] | None:
        """A picture drawn in the background (past what the bot can draw): when the
        publisher's turn to draw comes (`later`: see `DrawingTurns`), the `job` made then,
        from the game as it is then, and its picture. None when `job` makes none (its message
        is gone), or when it could not be drawn (logged, for `what`: the message's text is
        current, and the game's next change asks for the picture again)."""
        try:
            async with self.turns.turn(later=later):
                made = job()
                return None if made is None else (made, await pictures.draw(made))
        except Exception:
            log.exception("%s: picture not drawn", what)
            return None


@dataclass(eq=False)
class PictureAhead:
    """A hand message's picture while its text goes out ahead of it, past what the bot can
    draw (as the table's does, `bot.publish.feeds`): whether the message's picture is older
    than its text, the picture being drawn in the background, and that picture once drawn,
    with its layout, for the message's next edit. Each live hand has one, and so has each DM
    hand the publisher edits."""

    #: The message's picture is older than its text: the publisher's next pass sends the new
    #: one (a click's quick answer kept it, `Payload.kept_picture`, or the text went ahead).
    behind: bool = False
    drawing: asyncio.Task[None] | None = field(default=None, repr=False)
    drawn: tuple[object, pictures.Picture] | None = field(default=None, repr=False)

    def wanted(self, drawing: Drawing, session: Session, payload: Payload) -> bool:
        """Whether the hand's next edit goes ahead of its picture: its picture would wait long
        for its turn to draw, or one is on its way or drawn already. Not for a hand made
        without its picture, nor once the game is over (the last state is shown with its
        picture)."""
        if not payload.beside_picture or session.record.status != "playing":
            return False
        return self.drawing is not None or self.drawn is not None or drawing.turns.backed_up()

    def next_edit(
        self,
        drawing: Drawing,
        session: Session,
        seat: int,
        lang: Lang,
        payload: Payload,
        shown: Fingerprint,
        before: Fingerprint | None,
        *,
        current: Callable[[], bool],
        then: Callable[[], None],
        what: str,
    ) -> tuple[Payload | None, bool]:
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
                self._draw(drawing, session, seat, lang, current, then, what),
                name=f"{what} picture",
            )
        if drawn is not None:
            return payload.drawn(drawn[1]), behind
        if seat not in session.state.to_act():
            return None, behind
        if before is not None and shown.text == before.text:
            return None, behind
        return payload.keeping_picture(pictures.HAND_FILE, on=True), True

    async def _draw(
        self,
        drawing: Drawing,
        session: Session,
        seat: int,
        lang: Lang,
        current: Callable[[], bool],
        then: Callable[[], None],
        what: str,
    ) -> None:
        """Draw the seat's hand picture when the publisher's turn to draw comes, from the game
        as it is then (`Drawing.draw_in_turn`; after the others when the seat is not to act:
        its text waits for it), keep it for the next edit (`next_edit`) and ask for that edit
        (`then`); nothing once the message is no longer edited this way (`current`). `what`
        names the hand in the log."""

        def job() -> pictures.Job | None:
            return pictures.hand_job(compose.context(session, lang), seat) if current() else None

        later = seat not in session.state.to_act()
        try:
            made = await drawing.draw_in_turn(job, later=later, what=what)
        finally:
            self.drawing = None
        if made is not None and current():
            self.drawn = (made[0].scene(), made[1])
            then()

    def cancel(self) -> None:
        """The message is no longer edited this way: stop drawing its picture."""
        if self.drawing is not None:
            self.drawing.cancel()
