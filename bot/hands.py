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
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.components import ShowHand
from bot.i18n import t
from bot.render.common import winners_line
from games.core import Lang

if TYPE_CHECKING:
    from bot.sessions import Session
    from bot.table import Table

log = logging.getLogger(__name__)


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
            session.game.load(session.state.snapshot()).apply(seat, action)
    except ValueError:  # IllegalAction included
        return False
    return True


@dataclass
class LiveHand:
    """One player's ephemeral hand message and the interaction whose token edits it."""

    game_id: int
    seat: int
    lang: Lang
    interaction: discord.Interaction[Any]
    message_id: int
    #: What the message shows now (`fingerprint` of its payload without picture), so an
    #: unchanged hand is not edited again.
    shown: str = ""
    #: A pick shown back for confirmation (`(notice, encoded action)`), kept on the hand while
    #: the game moves on as long as the pick stays legal.
    confirm: tuple[str, str] | None = None
    closer: asyncio.Task[None] | None = field(default=None, repr=False)


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
        shown: str,
        confirm: tuple[str, str] | None = None,
    ) -> None:
        """`interaction` has just shown the seat's hand (`shown`: its fingerprint) in message
        `message_id`, a new message or the clicked hand updated in place. It becomes the seat's
        live hand; a previous hand message of the seat is deleted in the background (this may
        run under the game's lock, as part of a click's answer: it sends nothing itself)."""
        old = self.live(session.id, seat)
        hand = LiveHand(
            game_id=session.id,
            seat=seat,
            lang=lang,
            interaction=interaction,
            message_id=message_id,
            shown=shown,
            confirm=confirm,
        )
        self._hands.setdefault(session.id, {})[seat] = hand
        hand.closer = asyncio.create_task(
            self._close_later(hand), name=f"hand-close-{session.id}-{seat}"
        )
        if old is None:
            return
        if old.closer is not None:
            old.closer.cancel()
        if old.message_id != message_id:
            task = asyncio.create_task(self._delete(old), name=f"hand-delete-{session.id}-{seat}")
            self._deleting.add(task)
            task.add_done_callback(self._deleting.discard)

    async def _delete(self, old: LiveHand) -> None:
        async with self._busy[(old.game_id, old.seat)]:
            try:
                await old.interaction.followup.delete_message(old.message_id)
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
                notice = "⛔ " + t(hand.lang, "table.abandoned")
            await self._edit(hand, session, notice)
            self._forget(hand)

    async def _edit(self, hand: LiveHand, session: Session, notice: str | None) -> None:
        async with self._busy[(hand.game_id, hand.seat)]:
            if self.live(hand.game_id, hand.seat) is not hand:
                return  # replaced or closed meanwhile
            confirm = None
            if notice is None and hand.confirm is not None and self._legal(session, hand):
                notice, confirm = hand.confirm
            else:
                hand.confirm = None
            shown = self.table.hand_fingerprint(
                session, hand.seat, hand.lang, notice, confirm=confirm
            )
            if shown == hand.shown:
                return
            try:
                payload = await self.table.hand_message(
                    session, hand.seat, hand.lang, edit=True, notice=notice, confirm=confirm
                )
                if self.live(hand.game_id, hand.seat) is not hand:
                    # A click showed the hand meanwhile (it registers before it answers): its
                    # answer is newer than this edit.
                    return
                await hand.interaction.followup.edit_message(hand.message_id, **payload)
            except discord.HTTPException as exc:
                # Dismissed by its player, or the token is gone: nothing left to keep current.
                log.info("game %s seat %s: hand not edited: %s", hand.game_id, hand.seat, exc)
                self._forget(hand)
                return
            hand.shown = shown

    @staticmethod
    def _legal(session: Session, hand: LiveHand) -> bool:
        """Whether the pick the hand shows for confirmation can still be played."""
        return hand.confirm is not None and pick_still_legal(session, hand.seat, hand.confirm[1])

    # -- closing before the token expires -------------------------------------------------------

    async def _close_later(self, hand: LiveHand) -> None:
        # The token lives 15 minutes from the interaction's creation, not from now.
        age = (discord.utils.utcnow() - hand.interaction.created_at).total_seconds()
        await asyncio.sleep(max(0.0, self.lifetime() - max(0.0, age)))
        await self.close(hand)

    async def close(self, hand: LiveHand) -> None:
        """Turn the hand into one line whose button opens it again in place, while its token
        still allows it; from then on it is no longer kept current."""
        async with self._busy[(hand.game_id, hand.seat)]:
            if self.live(hand.game_id, hand.seat) is not hand:
                return
            view = discord.ui.View(timeout=None)
            view.add_item(
                ShowHand(game_id=hand.game_id, label=t(hand.lang, "table.show_hand"), refresh=True)
            )
            hand.closer = None  # this task: not to be cancelled by `_forget`
            self._forget(hand)
            try:
                await hand.interaction.followup.edit_message(
                    hand.message_id,
                    content="🂠 " + t(hand.lang, "hand.closed"),
                    embeds=[],
                    attachments=[],
                    view=view,
                )
            except discord.HTTPException as exc:
                log.info("game %s seat %s: hand not closed: %s", hand.game_id, hand.seat, exc)

    def discard(self, game_id: int, seat: int, interaction: discord.Interaction[Any]) -> None:
        """The hand `interaction` was to show could not be shown: it is not kept."""
        hand = self.live(game_id, seat)
        if hand is not None and hand.interaction is interaction:
            self._forget(hand)

    def _forget(self, hand: LiveHand) -> None:
        seats = self._hands.get(hand.game_id, {})
        if seats.get(hand.seat) is hand:
            del seats[hand.seat]
            if not seats:
                del self._hands[hand.game_id]
        if hand.closer is not None and hand.closer is not asyncio.current_task():
            hand.closer.cancel()

    def forget_game(self, game_id: int) -> None:
        """Drop what is kept of a game that ended."""
        for hand in list(self._hands.get(game_id, {}).values()):
            self._forget(hand)
        for key in [k for k in self._busy if k[0] == game_id and not self._busy[k].locked()]:
            del self._busy[key]

    def close_all(self) -> None:
        """The bot is stopping: stop the closing timers."""
        for seats in list(self._hands.values()):
            for hand in list(seats.values()):
                self._forget(hand)
        for task in list(self._deleting):
            task.cancel()
