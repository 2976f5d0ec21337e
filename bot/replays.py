"""Replays: a finished game stepped through move by move, privately, every hand shown.

`/game replay` and the Replay button on a game's end message answer with step 0 (the deal) as a
new private reading (`answers.Readings`: it replaces the reader's last reading of that game);
◀ ▶ go one move back or on and ⏮ ⏭ to the move that ended the round, deal or game of a match
before or after (`Game.page_turns`; the deal or the last move when there is none), editing the
same message. Each step shows the table as it stood after that move (with its picture when the
server and the reader have pictures on), the move's log lines, and every seat's hand, which the
game's end reveals; the last step shows the final breakdown instead of the table. Steps are
rebuilt from the stored seed and action log (as `bot.history` does for the log); the whole
replays of the games read last are kept, with a state every few moves, so that a step replays
only the moves since the state kept before it. Only finished games have replays: a game in play
(or a lobby) would give its hands away, and an abandoned one never reached the end that
reveals them.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.answers import Readings
from bot.components import ReplayStep
from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.render import pictures, renderer_for
from bot.render.base import FIELD_MAX, TABLE_COLOUR, RenderContext
from bot.render.common import log_lines, seat_title
from games import registry
from games.core import Event, Game, IllegalAction, Lang, State

if TYPE_CHECKING:
    from bot.ports import ReplayRecords
    from bot.render.base import Renderer
    from bot.storage.records import GameRecord

log = logging.getLogger(__name__)

#: How long a step's picture may take before the click is acknowledged first (Discord wants a
#: first answer within 3 seconds; the picture waits behind any the drawing process is busy with).
PICTURE_PATIENCE = 1.5
#: What Discord allows a message: characters of text, and characters in all its embeds.
CONTENT_MAX = 2000
EMBEDS_MAX = 6000
#: The most log lines one step lists (a move that ends a round says a whole summary).
STEP_LINES = 12


@dataclass
class Rebuilt:
    """A finished game replayed from its seed and stored moves, seen at one step."""

    #: The step shown: 0 is the deal, step n the state after the n-th stored move.
    step: int
    #: The last step (the moves that replayed; all the stored ones unless the log broke off).
    last: int
    #: The game as it stood at `step`.
    state: State
    #: Every public event up to and including `step`, each with its step.
    events: list[tuple[int, Event]]
    #: The steps whose move turned a page (ended a round, a deal or a game of a match).
    turns: list[int]
    #: The seat that made the move of `step` (None for the deal).
    mover: int | None


#: Steps between the states a whole replay keeps (`Replayed.checkpoints`): any step is rebuilt
#: from the one before it in fewer moves than this.
CHECKPOINT_STEPS = 8
#: How many games' whole replays the bot keeps for their next steps (the most recently read).
KEPT_REPLAYS = 16


@dataclass
class Replayed:
    """A finished game replayed once through its whole log, kept for its next steps (a
    finished game's log no longer changes): every public event with its step, the moves that
    turned a page, who made each move, and the state every `CHECKPOINT_STEPS` steps (as
    snapshots), from which a step is rebuilt in a few moves (`at_step`)."""

    game: Game
    #: The moves that replayed, as `(seat, encoded action)`: all the stored ones unless the log
    #: broke off (logged).
    moves: list[tuple[int, str]]
    events: list[tuple[int, Event]]
    turns: list[int]
    checkpoints: list[dict[str, Any]]

    @property
    def last(self) -> int:
        return len(self.moves)


def replay_whole(record: GameRecord, rows: list[tuple[int, int, str]]) -> Replayed:
    """Replay `record`'s game from its seed through its stored `rows` (`(version, seat,
    action)`)."""
    game = registry.get(record.game)
    state = game.new(len(record.seats), seed=record.seed, options=game.options(record.options))
    replayed = Replayed(
        game=game,
        moves=[],
        events=[(0, e) for e in state.opening_events() if e.public],
        turns=[],
        checkpoints=[state.snapshot()],
    )
    try:
        for n, (_, seat, text) in enumerate(rows, start=1):
            happened = state.apply(seat, game.Action.decode(text))
            replayed.moves.append((seat, text))
            replayed.events += [(n, e) for e in happened if e.public]
            if any(e.kind in game.page_turns for e in happened):
                replayed.turns.append(n)
            if n % CHECKPOINT_STEPS == 0:
                replayed.checkpoints.append(state.snapshot())
    except (IllegalAction, ValueError) as exc:
        log.warning("game %s: its log does not replay (%s); replayed up to there", record.id, exc)
    return replayed


def at_step(replayed: Replayed, step: int) -> Rebuilt:
    """The game of `replayed` at `step` (held within 0 and the last step), from the kept state
    before it."""
    at = min(max(step, 0), replayed.last)
    base = at // CHECKPOINT_STEPS
    game = replayed.game
    state = game.load(replayed.checkpoints[base])
    for seat, text in replayed.moves[base * CHECKPOINT_STEPS : at]:
        state.apply(seat, game.Action.decode(text))
    return Rebuilt(
        step=at,
        last=replayed.last,
        state=state,
        events=[(n, e) for n, e in replayed.events if n <= at],
        turns=replayed.turns,
        mover=replayed.moves[at - 1][0] if at else None,
    )


def rebuild(record: GameRecord, rows: list[tuple[int, int, str]], step: int) -> Rebuilt:
    """`record`'s game at `step` (held within 0 and the last step), replayed from its seed
    through its stored `rows`."""
    return at_step(replay_whole(record, rows), step)


def targets(rebuilt: Rebuilt) -> dict[str, int]:
    """Where each step button leads from the step shown (`ReplayStep.WAYS`): ⏮ the page turn
    before (else the deal), ◀ one move back, ▶ one on, ⏭ the page turn after (else the last
    step)."""
    step, last = rebuilt.step, rebuilt.last
    before = [t for t in rebuilt.turns if t < step]
    after = [t for t in rebuilt.turns if t > step]
    return {
        "b": before[-1] if before else 0,
        "p": max(step - 1, 0),
        "n": min(step + 1, last),
        "f": after[0] if after else last,
    }


def step_buttons(game_id: int, rebuilt: Rebuilt) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ under a step; those that lead nowhere are greyed."""
    view = discord.ui.View(timeout=None)
    for way, to in targets(rebuilt).items():
        view.add_item(ReplayStep(game_id=game_id, step=to, way=way, disabled=to == rebuilt.step))
    return view


def hands_text(ctx: RenderContext, renderer: Renderer) -> list[str]:
    """Every seat's hand as its own hand message words it (its description and fields, in
    words, not beside a picture), leaving out what every seat's message shows alike (the
    table's part of it)."""
    per_seat: list[list[str]] = []
    for seat in range(len(ctx.record.seats)):
        parts: list[str] = []
        for embed in renderer.hand(ctx, seat).embeds:
            if embed.description:
                parts.append(embed.description)
            parts += [f"**{field.name}**\n{field.value}" for field in embed.fields]
        per_seat.append(parts)
    if len(per_seat) > 1:
        shared = set.intersection(*(set(parts) for parts in per_seat))
        per_seat = [[part for part in parts if part not in shared] for parts in per_seat]
    return ["\n".join(parts) for parts in per_seat]


def cut(text: str, limit: int) -> str:
    """`text` within `limit` characters, ending in … when cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def hands_embed(ctx: RenderContext, renderer: Renderer, room: int) -> discord.Embed:
    """The hands of every seat, one field each, within `room` characters in all."""
    embed = discord.Embed(title=msg.REPLAY_HANDS(ctx.lang), colour=TABLE_COLOUR)
    embed.set_footer(text=msg.REPLAY_KEYS(ctx.lang))
    # In words: no hand's picture goes with a replay.
    texts = hands_text(replace(ctx, pictures=False), renderer)
    names = [seat_title(ctx, seat)[:256] for seat in range(len(texts))]
    left = room - len(embed) - sum(len(name) for name in names)
    share = max(left // max(len(texts), 1), 1)
    for name, text in zip(names, texts, strict=True):
        embed.add_field(name=name, value=cut(text or "—", min(share, FIELD_MAX)), inline=False)
    return embed


@dataclass
class StepPage:
    """One step of a replay as a message: its text, embeds and buttons, and the picture to draw
    for its first embed (None with pictures off)."""

    content: str
    embeds: list[discord.Embed]
    view: discord.ui.View
    job: pictures.Job | None


def step_page(record: GameRecord, rebuilt: Rebuilt, lang: Lang, *, pictures_on: bool) -> StepPage:
    """The message of step `rebuilt.step`: a heading and the move's log lines; the table as it
    stood then (the final breakdown at the last step) with its picture when `pictures_on`; and
    every seat's hand."""
    game = registry.get(record.game)
    renderer = renderer_for(record.game)
    ctx = RenderContext(
        game=game,
        state=rebuilt.state,
        record=record,
        lang=lang,
        events=rebuilt.events,
        pictures=pictures_on,
    )
    step, last = rebuilt.step, rebuilt.last
    where = msg.REPLAY_STEP(lang, step=step, steps=last) if step else msg.REPLAY_DEAL(lang)
    heading = f"**{msg.REPLAY_TITLE(lang, game=game.name(lang), id=record.id)}** · {where}"
    moved = [(v, e) for v, e in rebuilt.events if v == step]
    lines, _ = log_lines(ctx, renderer.event_text, moved, keep=STEP_LINES)
    if not lines and rebuilt.mover is not None:
        lines = ["• " + msg.REPLAY_UNSEEN_MOVE(lang, player=seat_title(ctx, rebuilt.mover))]
    content = cut("\n".join([heading, *lines]), CONTENT_MAX)
    job: pictures.Job | None
    if step == last and rebuilt.state.is_over():
        shown = renderer.final(ctx)
        job = pictures.final_job(ctx) if pictures_on else None
    else:
        shown = renderer.table(ctx).embeds
        job = pictures.table_job(ctx) if pictures_on else None
    shown = shown[:9]
    room = EMBEDS_MAX - sum(len(embed) for embed in shown)
    embeds = [*shown, hands_embed(ctx, renderer, room)]
    return StepPage(content, embeds, step_buttons(record.id, rebuilt), job if shown else None)


class Replays:
    """`/game replay`, the end message's Replay button and the step buttons; one per bot."""

    def __init__(self, records: ReplayRecords, readings: Readings) -> None:
        self._records = records
        self._readings = readings
        #: The whole replays read last, by game (`KEPT_REPLAYS`), newest last.
        self._kept: OrderedDict[int, Replayed] = OrderedDict()

    async def _replayed(self, record: GameRecord) -> Replayed:
        """The finished game's whole replay: kept from an earlier step, or replayed now from its
        stored log."""
        replayed = self._kept.pop(record.id, None)
        if replayed is None:
            replayed = replay_whole(record, await self._records.actions(record.id))
        self._kept[record.id] = replayed
        while len(self._kept) > KEPT_REPLAYS:
            self._kept.popitem(last=False)
        return replayed

    async def show(
        self, interaction: discord.Interaction[Any], game_id: int, step: int | None
    ) -> None:
        """Answer privately with step `step` of the game's replay, editing the clicked replay
        message; `step` None opens a new replay at the deal. Only finished games of the server
        asked from."""
        lang = lang_for(interaction)
        record = await self._records.get(game_id)
        if record is None or record.guild_id != interaction.guild_id:
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        if record.status != "finished":
            refusal = msg.REPLAY_ABANDONED if record.status == "abandoned" else msg.REPLAY_NOT_OVER
            await interaction.response.send_message(refusal(lang, id=record.id), ephemeral=True)
            return
        rebuilt = at_step(await self._replayed(record), step or 0)
        on = await self._pictures_on(record, interaction.user.id)
        page = step_page(record, rebuilt, lang, pictures_on=on)
        turning = step is not None and interaction.message is not None
        files = await self._picture(interaction, page, turning=turning)
        kwargs: dict[str, Any] = {"content": page.content, "embeds": page.embeds, "view": page.view}
        if turning:
            if interaction.response.is_done():
                await interaction.edit_original_response(**kwargs, attachments=files)
            else:
                await interaction.response.edit_message(**kwargs, attachments=files)
            return
        if interaction.response.is_done():
            sent = await interaction.followup.send(**kwargs, files=files, ephemeral=True, wait=True)
            await self._readings.shown(interaction, game_id, sent)
            return
        await interaction.response.send_message(**kwargs, files=files, ephemeral=True)
        await self._readings.shown(interaction, game_id)

    async def _pictures_on(self, record: GameRecord, user_id: int) -> bool:
        """Whether the game's server and the reader have pictures on."""
        if not await self._records.guild_pictures(record.guild_id):
            return False
        return await self._records.user_pictures(user_id)

    async def _picture(
        self, interaction: discord.Interaction[Any], page: StepPage, *, turning: bool
    ) -> list[discord.File]:
        """The step's picture drawn (off the event loop) and shown by its first embed, as the
        files to attach; a picture slower than `PICTURE_PATIENCE` has the click acknowledged
        first."""
        if page.job is None:
            return []
        drawing = asyncio.ensure_future(pictures.draw(page.job))
        done, _ = await asyncio.wait({drawing}, timeout=PICTURE_PATIENCE)
        if not done:
            if turning:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        picture = await drawing
        page.embeds[0].set_image(url=picture.url)
        return [picture.file()]
