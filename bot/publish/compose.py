"""Pure composition: a session as the payloads Discord shows (the table, a hand, a turn ping, the
end), through the game's renderer. Nothing here waits, draws or sends; tests render through
these functions."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.components import (
    MoveButton,
    NextPage,
    PlayAgain,
    ReplayStep,
    ReturnSeat,
    ShowHand,
    TableInfo,
    build_view,
)
from bot.i18n import messages as msg
from bot.names import brief_name, shown_name
from bot.publish.payload import Fingerprint, Payload
from bot.render import pictures, renderer_for
from bot.render.base import RenderContext
from bot.render.common import in_play, log_lines, since_text, winners_line
from bot.storage import ratings
from games.core import Lang

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.session import Session
    from bot.storage.ratings import RatingChange


def context(session: Session, lang: Lang | None = None, *, pictures: bool = False) -> RenderContext:
    """What the game's renderer reads of `session`, in `lang` (the table's language if None);
    `pictures`: the message goes out with its picture."""
    return RenderContext(
        game=session.game,
        state=session.state,
        record=session.record,
        lang=lang or session.record.language,  # type: ignore[arg-type]
        events=list(session.events),
        pictures=pictures,
        stand_ins=dict(session.stand_ins),
    )


#: The most lines a page turn's summary shows.
SUMMARY_LINES = 12


def page_summary(session: Session, ctx: RenderContext) -> str | None:
    """The summary of the page turn under way (`Session.pause`): a heading and the log lines
    of the move that turned it; None when there is none."""
    pause = session.pause
    if pause is None or not in_play(ctx):
        return None
    events = [(v, e) for v, e in session.events if v == pause.version]
    describe = renderer_for(session.record.game).event_text
    lines, _ = log_lines(ctx, describe, events, keep=SUMMARY_LINES)
    return "\n".join([f"**{msg.PAGE_TURN(ctx.lang)}**", *lines])


def page_waiting(session: Session, ctx: RenderContext) -> str | None:
    """Who the page turn under way still waits for, as the table names them."""
    pause = session.pause
    if pause is None or not pause.waiting:
        return None
    named = brief_name if ctx.pictures else shown_name
    names = ", ".join(named(session.record.seats[s].name) for s in sorted(pause.waiting))
    return msg.PAGE_WAITING(ctx.lang, names=names)


def table_payload(session: Session, *, pictures: bool = False) -> Payload:
    """The public table: embeds, move controls and "Show my hand"; with `pictures`, the brief
    text that goes beside the table's picture. A CPU's moves get no buttons: nobody could use
    them, and the CPU moves in a moment."""
    ctx = context(session, pictures=pictures)
    rendered = renderer_for(session.record.game).table(ctx)
    extra: list[discord.ui.Item[Any]] = []
    content = rendered.content
    if session.record.status == "playing":
        if (summary := page_summary(session, ctx)) is not None:
            # A page turned: its summary first, and Next for those who have read it.
            waiting = page_waiting(session, ctx)
            block = "\n".join(part for part in (summary, waiting) if part)
            content = f"{block}\n{content}" if content else block
            label = msg.PAGE_NEXT(ctx.lang)
            extra.append(NextPage(game_id=session.id, version=session.pause.version, label=label))  # type: ignore[union-attr]
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
    view = build_view(session.id, session.version, controls, extra=extra, extra_row_of_its_own=True)
    return Payload(content=content, embeds=rendered.embeds, view=view)


def _hand_scene(ctx: RenderContext, seat: int) -> pictures.Scene:
    """The layout of the seat's hand picture (`Payload.scene`)."""
    return pictures.hand_job(ctx, seat).scene()


def hand_payload(
    session: Session,
    seat: int,
    lang: Lang,
    notice: str | None = None,
    *,
    confirm: str | None = None,
    pictures: bool = False,
) -> Payload:
    """The seat's private message: hand, its moves, a refresh button, and `notice` on top, then,
    when the seat is to act, what happened since its last move;
    with `confirm` (an encoded action chosen in a confirming select), its Confirm button.
    Its controls carry `Session.controls_version`, so other seats' simultaneous choices do
    not change it. With `pictures`, it goes beside the hand's picture: its text leaves out
    what the picture shows."""
    ctx = context(session, lang, pictures=pictures)
    renderer = renderer_for(session.record.game)
    rendered = renderer.hand(ctx, seat)
    controls = rendered.controls if in_play(ctx) else []
    version = session.controls_version(seat)
    since = None
    pause = session.paused_for(seat)
    if pause is not None:
        # A page turned: its summary and Next, the next page's moves once the player has read it.
        since = page_summary(session, ctx)
        controls = []
    elif in_play(ctx) and seat in session.state.to_act():
        # What the others did since the seat last moved, as its turn comes (a waiting hand is
        # not edited for every move of the others), up to the version its controls carry: the
        # others' choices in a simultaneous phase do not change it (see `controls_version`).
        events = [(v, e) for v, e in session.since_last_move(seat) if v <= version]
        since = since_text(ctx, renderer.event_text, events)
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
    if pause is not None:
        extra.append(NextPage(game_id=session.id, version=pause.version, label=msg.PAGE_NEXT(lang)))
    if in_play(ctx):  # a game that no longer runs has nothing new to show
        extra.append(ShowHand(game_id=session.id, label=msg.HAND_REFRESH(lang), refresh=True))
    elif session.record.status == "finished":
        extra.append(PlayAgain(game_id=session.id, label=msg.PLAY_AGAIN(lang)))
    view = build_view(session.id, version, controls, extra=extra)
    content = "\n".join(part for part in (notice, since, rendered.content) if part) or None
    payload = Payload(content=content, embeds=rendered.embeds, view=view)
    if pictures:  # laid out only when fingerprints are compared
        payload.scene = functools.partial(_hand_scene, ctx, seat)
    return payload


def hand_fingerprint(session: Session, seat: int, lang: Lang, *, pictures: bool) -> Fingerprint:
    """What the seat's hand shows with no notice or pick on top (made beside its picture or
    not, `pictures`), to tell whether a hand message needs an edit."""
    return Fingerprint(hand_payload(session, seat, lang, pictures=pictures))


def pick_still_legal(session: Session, seat: int, action_text: str) -> bool:
    """Whether a pick shown back on a hand for confirmation (`action_text`: the encoded action
    its Confirm button plays) can still be played by `seat` as the game is now. A hand that is
    redrawn after other seats' moves keeps its pending pick while this holds, and drops it once
    it does not."""
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


def acts_on_table(session: Session, seat: int) -> bool:
    """Whether the seat's next step is played with the table's buttons (else from its hand)."""
    return renderer_for(session.record.game).acts_on_table(context(session), seat)


def played_on_table(session: Session) -> bool:
    """Whether a person is to act with the table's buttons."""
    seats = session.record.seats
    return any(
        not seats[seat].is_cpu and acts_on_table(session, seat) for seat in session.state.to_act()
    )


@dataclass(frozen=True)
class Pinged:
    """A player whose turn began, as their ping addresses them: in their language, and, when
    they play from a hand they get by DM, with a link to it."""

    user_id: int
    lang: Lang
    dm_link: str | None = None


def dm_link(channel_id: int, message_id: int) -> str:
    """A link to a DM hand message."""
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


def ping_payload(session: Session, players: list[Pinged]) -> Payload:
    """The turn ping: one line per language its players speak (each pinged player reads
    theirs), and its own "Show my hand" button (every step is played from the hand; the
    table's buttons are shortcuts), or for players who get their hand by DM a link to it."""
    record = session.record
    #: (language, where the hand is) → players.
    groups: dict[tuple[Lang, str], list[Pinged]] = {}
    for player in players:
        where = "dm" if player.dm_link is not None else "hand"
        groups.setdefault(("ja" if player.lang == "ja" else "en", where), []).append(player)
    lines = []
    for (lang, where), group in groups.items():
        mentions = " ".join(f"<@{player.user_id}>" for player in group)
        line = msg.PINGS[where](lang, mentions=mentions, game=session.game.name(lang))
        if where == "dm":
            line += " " + " ".join(str(player.dm_link) for player in group)
        if record.deadline:
            line += " " + msg.PING_DEADLINE(lang, when=f"<t:{int(record.deadline)}:R>")
        lines.append(line)
    payload = Payload(content="\n".join(lines))
    by_lang = dict.fromkeys(lang for (lang, where) in groups if where == "hand")
    if by_lang:
        label = " · ".join(msg.TABLE_SHOW_HAND(lang) for lang in by_lang)
        view = discord.ui.View(timeout=None)
        view.add_item(ShowHand(game_id=session.id, label=label, on_ping=True))
        payload.view = view
    return payload


def final_payload(session: Session, changes: Sequence[RatingChange] = ()) -> Payload:
    """The final breakdown message (its picture drawn from `pictures.final_job`), with Play
    again (a new lobby like this game's, `bot.lobby.Lobby.play_again`), the Replay button that
    steps anyone through the game privately (`bot.replays`), and one line of each person's
    rating change (`changes`, see `ratings_line`)."""
    ctx = context(session)
    view = discord.ui.View(timeout=None)
    view.add_item(PlayAgain(game_id=session.id, label=msg.PLAY_AGAIN(ctx.lang)))
    view.add_item(ReplayStep(game_id=session.id, label=msg.REPLAY_BUTTON(ctx.lang)))
    return Payload(
        content=ratings_line(changes, ctx.lang),
        embeds=renderer_for(session.record.game).final(ctx),
        view=view,
    )


def ratings_line(changes: Sequence[RatingChange], lang: Lang) -> str | None:
    """One line of each person's rating change in a finished game ("Aoi 1,234 → 1,251
    (+17)"), marked provisional below `ratings.MIN_GAMES` rated games; None when no person's
    rating changed."""
    parts = []
    for change in changes:
        shown = msg.END_RATING if change.games >= ratings.MIN_GAMES else msg.END_RATING_PROVISIONAL
        parts.append(
            shown(
                lang,
                name=shown_name(change.name),
                before=ratings.rating_text(change.before),
                after=ratings.rating_text(change.after),
                change=ratings.change_text(change.before, change.after),
            )
        )
    return msg.END_RATINGS(lang, changes=" · ".join(parts)) if parts else None


def lobby_finished(session: Session) -> str:
    """The lobby message's text once its game has ended: who won, and where it was played."""
    record = session.record
    ctx = context(session)
    result = session.state.result()
    winners = ", ".join(ctx.seat_label(s) for s in result.winners)
    return msg.LOBBY_FINISHED(
        ctx.lang,
        game=session.game.name(ctx.lang),
        winners=winners,
        thread=f"<#{record.thread_id}>",
    )


def end_notice(session: Session, lang: Lang) -> str:
    """What a hand shows on top once its game is over: who won, or that it was abandoned."""
    if session.state.is_over():
        return "🏁 " + winners_line(context(session, lang), session.state.result().winners)
    return "⛔ " + msg.TABLE_ABANDONED(lang)


def closed_hand(game_id: int, lang: Lang, *, away: bool = False) -> Payload:
    """A hand closed before its token expires (`away`: its player left the seat to a CPU):
    one line, and a button that opens it again."""
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHand(game_id=game_id, label=msg.TABLE_SHOW_HAND(lang), refresh=True))
    text = "💤 " + msg.ERROR_SEAT_AWAY(lang) if away else "🂠 " + msg.HAND_CLOSED(lang)
    return Payload(content=text, view=view)
