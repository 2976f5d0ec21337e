"""Publishing a game to Discord: the table message, hand messages, turn pings and the end.

`Table` turns a session into message payloads (through the game's renderer) and keeps the
Discord side in step after each move: one table message edited in place (re-posted when it gets
old), one ping per turn handed to a human (the previous one deleted), DM hands refreshed for
players who chose DMs, and the final breakdown when the game ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.components import ShowHand, build_view
from bot.i18n import t
from bot.render import pictures, renderer_for
from bot.render.base import RenderContext
from games.core import Lang

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.sessions import MoveOutcome, Session

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()

#: First pause before a table (or final) message Discord failed to take is sent again; the
#: pause doubles after each further failure, up to `REPUBLISH_MAX_SECONDS`.
REPUBLISH_SECONDS = 1.0
REPUBLISH_MAX_SECONDS = 60.0


def transient(exc: BaseException) -> bool:
    """Whether Discord may take the same request later: a server error, a rate limit that
    discord.py gave up on, or a network failure."""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return isinstance(exc, discord.RateLimited | aiohttp.ClientError | TimeoutError | OSError)


class Table:
    """The Discord side of live games (the sessions' `Publisher`)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        #: What each DM hand message last showed, so unchanged hands are not edited again.
        self._dm_shown: dict[tuple[int, int], str] = {}
        #: One DM hand update at a time per `(game id, seat)`: two at once (a move's refresh and
        #: a "Show my hand" click) could both send a new message, or land out of order.
        self._dm_sending: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Messages Discord failed to take, being sent again: `(game id, what)` → task.
        self._pending: dict[tuple[int, str], asyncio.Task[None]] = {}

    # -- payloads ------------------------------------------------------------------------

    def context(self, session: Session, lang: Lang | None = None) -> RenderContext:
        return RenderContext(
            game=session.game,
            state=session.state,
            record=session.record,
            lang=lang or session.record.language,  # type: ignore[arg-type]
            events=list(session.events),
        )

    def table_payload(self, session: Session) -> dict[str, Any]:
        """Embeds and view of the public table (move controls plus "Show my hand")."""
        ctx = self.context(session)
        rendered = renderer_for(session.record.game).table(ctx)
        extra: list[discord.ui.Item[Any]] = []
        if session.record.status == "playing":
            extra.append(ShowHand(game_id=session.id, label=t(ctx.lang, "table.show_hand")))
            controls = rendered.controls
        else:
            controls = []
        view = build_view(session.id, session.version, controls, extra=extra)
        return {"content": rendered.content, "embeds": rendered.embeds, "view": view}

    def hand_payload(
        self, session: Session, seat: int, lang: Lang, notice: str | None = None
    ) -> dict[str, Any]:
        """The seat's private message: hand, its moves, a refresh button, and `notice` on top."""
        ctx = self.context(session, lang)
        rendered = renderer_for(session.record.game).hand(ctx, seat)
        controls = rendered.controls if session.record.status == "playing" else []
        extra: list[discord.ui.Item[Any]] = [
            ShowHand(game_id=session.id, label=t(lang, "hand.refresh"), refresh=True)
        ]
        view = build_view(session.id, session.version, controls, extra=extra)
        content = "\n".join(part for part in (notice, rendered.content) if part) or None
        return {"content": content, "embeds": rendered.embeds, "view": view}

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

    async def _with_picture(
        self,
        session: Session,
        payload: dict[str, Any],
        job: pictures.Job,
        *,
        edit: bool,
        user_id: int | None = None,
    ) -> dict[str, Any]:
        """`payload` with its picture drawn (off the event loop) and shown as the first
        embed's image. An `edit` payload replaces the message's files, so a message whose
        pictures were switched off loses its old one."""
        files: list[discord.File] = []
        if payload["embeds"] and await self.pictures_on(session, user_id):
            picture = await pictures.draw(job)
            payload["embeds"][0].set_image(url=picture.url)
            files.append(picture.file())
        if edit:
            payload["attachments"] = files
        elif files:
            payload["files"] = files
        return payload

    async def _keeping_picture(
        self, session: Session, payload: dict[str, Any], filename: str, user_id: int | None = None
    ) -> dict[str, Any]:
        """`payload` as a click's quick answer: its text now, the message's current picture
        kept (the embed points at the file already attached); the caller then sends the new
        picture with an edit, so the answer never waits for a drawing. With pictures off, an
        old picture is removed."""
        if payload["embeds"] and await self.pictures_on(session, user_id):
            payload["embeds"][0].set_image(url=f"attachment://{filename}")
        else:
            payload["attachments"] = []
        return payload

    async def table_answer(self, session: Session) -> dict[str, Any]:
        """The table as a click's own answer (see `_keeping_picture`)."""
        return await self._keeping_picture(
            session, self.table_payload(session), pictures.TABLE_FILE
        )

    async def hand_answer(self, session: Session, seat: int, lang: Lang) -> dict[str, Any]:
        """A hand as a click's own answer (see `_keeping_picture`)."""
        user_id = session.record.seats[seat].user_id
        payload = self.hand_payload(session, seat, lang)
        return await self._keeping_picture(session, payload, pictures.HAND_FILE, user_id)

    async def table_message(self, session: Session, *, edit: bool) -> dict[str, Any]:
        """`table_payload` with the table's picture (from the public view only)."""
        job = pictures.table_job(self.context(session))
        return await self._with_picture(session, self.table_payload(session), job, edit=edit)

    async def hand_message(
        self,
        session: Session,
        seat: int,
        lang: Lang,
        *,
        edit: bool,
        notice: str | None = None,
    ) -> dict[str, Any]:
        """`hand_payload` with the hand's picture, unless its player switched them off."""
        job = pictures.hand_job(self.context(session, lang), seat)
        payload = self.hand_payload(session, seat, lang, notice)
        user_id = session.record.seats[seat].user_id
        return await self._with_picture(session, payload, job, edit=edit, user_id=user_id)

    # -- the table message ------------------------------------------------------------------

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def post_table(self, session: Session) -> None:
        """Send a fresh table message in the game's thread (deleting the previous one).
        If Discord fails to take it, the game goes on and it is sent again (`_publish`)."""
        await self._publish(session, "table", self._post_table)

    async def _post_table(self, session: Session) -> None:
        record = session.record
        old = record.table_message_id
        message = await self._channel(record.play_channel_id).send(
            **await self.table_message(session, edit=False), allowed_mentions=NO_MENTIONS
        )
        record.table_message_id = message.id
        record.table_posted_at = time.time()
        await self.bot.store.update_game(
            record.id, table_message_id=message.id, table_posted_at=record.table_posted_at
        )
        if old is not None:
            await self._delete(record.play_channel_id, old)

    def table_is_old(self, session: Session) -> bool:
        posted = session.record.table_posted_at or 0
        return time.time() - posted > self.bot.settings.table_repost_minutes * 60

    async def update_table(self, session: Session) -> None:
        """Edit the table in place, or re-post it when Discord would no longer let us edit
        it comfortably (older than the configured age) or it has gone missing. If Discord
        fails to take it, the game goes on and the table catches up later (`_publish`)."""
        await self._publish(session, "table", self._update_table)

    async def _update_table(self, session: Session) -> None:
        record = session.record
        if record.table_message_id is None or self.table_is_old(session):
            await self._post_table(session)
            return
        message = self._channel(record.play_channel_id).get_partial_message(record.table_message_id)
        try:
            await message.edit(**await self.table_message(session, edit=True))
        except discord.NotFound:
            await self._post_table(session)

    async def _publish(
        self, session: Session, what: str, job: Callable[[Session], Awaitable[None]]
    ) -> None:
        """Run `job`. When Discord fails to take it for a while (server errors, rate limits),
        the move still stands: log it and run it again in the background, under the game's
        lock, until Discord takes it. A table is retried as an edit of the current state (or
        a post when there is none), so it shows the game as it is by then."""
        try:
            await job(session)
        except Exception as exc:
            if not transient(exc):
                raise
            log.warning("game %s: %s not sent (%s); trying again later", session.id, what, exc)
            key = (session.id, what)
            task = self._pending.get(key)
            if task is None or task.done():
                retry = self._update_table if what == "table" else job
                self._pending[key] = asyncio.create_task(
                    self._republish(session, what, retry), name=f"republish-{what}-{session.id}"
                )

    async def _republish(
        self, session: Session, what: str, job: Callable[[Session], Awaitable[None]]
    ) -> None:
        delay = REPUBLISH_SECONDS
        while True:
            await asyncio.sleep(delay)
            async with session.lock:
                try:
                    await job(session)
                except Exception as exc:
                    if not transient(exc):
                        log.exception("game %s: %s cannot be sent", session.id, what)
                        return
                    log.info("game %s: %s still not sent (%s)", session.id, what, exc)
                else:
                    log.info("game %s: %s sent after all", session.id, what)
                    return
            delay = min(delay * 2, REPUBLISH_MAX_SECONDS)

    def close(self) -> None:
        """Stop sending again what Discord failed to take (the bot is shutting down)."""
        for task in self._pending.values():
            task.cancel()
        self._pending.clear()

    async def _delete(self, channel_id: int, message_id: int) -> None:
        try:
            await self._channel(channel_id).get_partial_message(message_id).delete()
        except discord.HTTPException as exc:
            log.info("could not delete message %s: %s", message_id, exc)

    # -- after a move -----------------------------------------------------------------------

    async def after_cpu_move(self, session: Session, outcome: MoveOutcome) -> None:
        """Publish a move the session layer made (CPU or timer): edit the table, then the rest."""
        await self.update_table(session)
        await self.after_move(session, outcome)

    async def after_move(
        self,
        session: Session,
        outcome: MoveOutcome,
        *,
        skip_dm_seat: int | None = None,
    ) -> None:
        """Everything but the table itself: pings, DM hands, the end of the game."""
        if session.record.status == "finished":
            await self.finish(session)
            return
        await self.refresh_dm_hands(session, skip=skip_dm_seat)
        if outcome.new_turn:
            await self.ping(session, outcome.new_turn)

    async def ping(self, session: Session, seats: list[int]) -> None:
        """Mention the humans whose turn began (one small message; the previous one deleted)."""
        record = session.record
        users = [record.seats[s].user_id for s in seats if record.seats[s].user_id is not None]
        if not users:
            return
        lang: Lang = record.language  # type: ignore[assignment]
        mentions = " ".join(f"<@{uid}>" for uid in users)
        key = "ping.table" if all(self.acts_on_table(session, s) for s in seats) else "ping.hand"
        text = t(lang, key, mentions=mentions, game=session.game.name(lang))
        if record.deadline:
            text += " " + t(lang, "ping.deadline", when=f"<t:{int(record.deadline)}:R>")
        old = record.ping_message_id
        try:
            message = await self._channel(record.play_channel_id).send(
                text,
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except Exception as exc:
            if not transient(exc):
                raise
            # A ping is a courtesy: the table shows whose turn it is anyway.
            log.warning("game %s: turn ping not sent (%s)", record.id, exc)
            return
        record.ping_message_id = message.id
        await self.bot.store.update_game(record.id, ping_message_id=message.id)
        if old is not None:
            await self._delete(record.play_channel_id, old)

    async def clear_ping(self, session: Session) -> None:
        record = session.record
        if record.ping_message_id is not None:
            await self._delete(record.play_channel_id, record.ping_message_id)
            record.ping_message_id = None
            await self.bot.store.update_game(record.id, ping_message_id=None)

    async def finish(self, session: Session) -> None:
        """The game ended: final table, the breakdown message, the lobby message updated."""
        record = session.record
        await self.clear_ping(session)
        ctx = self.context(session)
        await self._publish(session, "final", self._send_final)
        if record.lobby_message_id is not None and record.thread_id is not None:
            result = session.state.result()
            winners = ", ".join(ctx.seat_label(s) for s in result.winners)
            try:
                await (
                    self._channel(record.channel_id)
                    .get_partial_message(record.lobby_message_id)
                    .edit(
                        content=t(
                            ctx.lang,
                            "lobby.finished",
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
        await self.refresh_dm_hands(session)
        for key in [key for key in self._dm_shown if key[0] == record.id]:
            del self._dm_shown[key]  # each is a whole hand's text, kept for every game ever
        for key in [key for key in self._dm_sending if key[0] == record.id]:
            del self._dm_sending[key]
        self.bot.sessions.forget(record.id)

    async def _send_final(self, session: Session) -> None:
        """Post the final breakdown; only then is the end published (a stop before this is
        caught up after the restart, also when Discord made us send it again later)."""
        ctx = self.context(session)
        payload = {"embeds": renderer_for(session.record.game).final(ctx)}
        payload = await self._with_picture(session, payload, pictures.final_job(ctx), edit=False)
        await self._channel(session.record.play_channel_id).send(
            **payload, allowed_mentions=NO_MENTIONS
        )
        session.record.end_published = True
        await self.bot.store.update_game(session.record.id, end_published=1)

    # -- hands by DM ------------------------------------------------------------------------

    async def refresh_dm_hands(self, session: Session, *, skip: int | None = None) -> None:
        """Re-send or edit the DM hand of every human who chose DMs (except `skip`)."""
        for info in session.record.seats:
            if info.user_id is None or info.seat == skip:
                continue
            delivery, lang = await self.bot.store.user_settings(info.user_id)
            if delivery != "dm":
                continue
            await self.send_dm_hand(session, info.seat, info.user_id, lang)  # type: ignore[arg-type]

    async def send_dm_hand(self, session: Session, seat: int, user_id: int, lang: Lang) -> bool:
        """Edit the seat's DM hand message (or send one). False when DMs are closed."""
        async with self._dm_sending[(session.id, seat)]:
            return await self._send_dm_hand(session, seat, user_id, lang)

    async def _send_dm_hand(self, session: Session, seat: int, user_id: int, lang: Lang) -> bool:
        payload = self.hand_payload(session, seat, lang)  # the state as it is by now
        shown = _fingerprint(payload)
        stored = await self.bot.store.hand_message(session.id, seat)
        if stored is not None:
            if self._dm_shown.get((session.id, seat)) == shown:
                return True
            channel_id, message_id = stored
            try:
                edit = await self.hand_message(session, seat, lang, edit=True)
                await self._channel(channel_id).get_partial_message(message_id).edit(**edit)
                self._dm_shown[(session.id, seat)] = shown
                return True
            except discord.NotFound:
                await self.bot.store.delete_hand_message(session.id, seat)
            except discord.HTTPException as exc:
                log.info("DM hand edit failed for game %s seat %s: %s", session.id, seat, exc)
                return False
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            message = await channel.send(**await self.hand_message(session, seat, lang, edit=False))
        except discord.HTTPException as exc:
            log.info("DMs closed for a player of game %s: %s", session.id, exc.code)
            return False
        await self.bot.store.set_hand_message(session.id, seat, channel.id, message.id)
        self._dm_shown[(session.id, seat)] = shown
        return True


def _fingerprint(payload: dict[str, Any]) -> str:
    """A stable text of what a message payload shows (text, embeds, controls)."""
    view = payload.get("view")
    return json.dumps(
        [
            payload.get("content"),
            [embed.to_dict() for embed in payload.get("embeds") or []],
            view.to_components() if view is not None else None,
        ],
        sort_keys=True,
        ensure_ascii=False,
    )
