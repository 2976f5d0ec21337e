"""What a game's renderer returns, and the context it renders from.

A renderer (`bot/render/<id>.py`) turns engine views into Discord embeds and *control specs*.
It never builds custom_ids or views: the platform turns each `Button`/`Select` spec into a
`DynamicItem` carrying the game id, version and seat, so every control survives restarts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import discord

from bot.names import brief_name, shown_name
from games.core import Event, Game, Lang, State

if TYPE_CHECKING:
    from bot.storage.records import GameRecord

#: Discord caps an embed field's value at this many characters.
FIELD_MAX = 1024

#: Embed colour per game family, so tables are recognisable at a glance.
TABLE_COLOUR = discord.Colour(0xB0476A)


@dataclass(frozen=True)
class Button:
    """A move button: clicking it plays `action` (an encoded action) for `seat`."""

    label: str
    action: str
    seat: int
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    emoji: str | None = None


@dataclass(frozen=True)
class Select:
    """A move select. The action played is `prefix` joined with the chosen values by `.`, in
    the order of `options` (with `prefix=""` and one value, the value is the action itself).
    The engine validates the composed action like any other. With `confirm`, choosing only
    shows the choice back with a Confirm button, and the move is played on that second click
    (for irreversible picks of several cards)."""

    placeholder: str
    options: tuple[SelectOption, ...]
    seat: int
    prefix: str = ""
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False
    row: int | None = None
    confirm: bool = False


Control = Button | Select


@dataclass
class Rendered:
    """A message to show: text, embeds and move controls."""

    embeds: list[discord.Embed] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    content: str | None = None


@dataclass
class RenderContext:
    """Everything a renderer may read. `state` is read-only for renderers; they should use
    `state.public_view()` / `state.private_view(seat)` so nothing hidden leaks by accident."""

    game: Game
    state: State
    record: GameRecord
    lang: Lang
    events: list[tuple[int, Event]]
    #: The message goes out with its picture. A table's text is then the brief one
    #: (`common.brief`), what a screen reader or a notification needs, naming seats by
    #: `brief_name`; the picture shows the rest. A hand's text then leaves out what the hand's
    #: picture shows (the cards in hand and what the picture scores of them) and keeps what
    #: is being decided and what the picture does not show.
    pictures: bool = False
    #: Rendering the whole log for reading later (`bot.history`), not the table's recent moves:
    #: what the rules let players see only as it happens is left out.
    whole_log: bool = False
    #: Moves not made by their player, by version → the seat: the turn timer played for them,
    #: or a CPU that took over their seat did. Their log lines carry ⏰.
    stand_ins: dict[int, int] = field(default_factory=dict)

    def seat_name(self, seat: int) -> str:
        """The seat's name as shown: escaped, isolated and cut (see `bot.names`)."""
        return shown_name(self.record.seats[seat].name)

    def seat_label(self, seat: int) -> str:
        """`seat_name` for people, and a robot mark for CPU seats; beside a picture
        (`pictures`), the name cut short (`brief_name`: the table's picture shows it whole)."""
        info = self.record.seats[seat]
        name = brief_name(info.name) if self.pictures else shown_name(info.name)
        return f"🤖 {name}" if info.is_cpu else name


class Renderer(Protocol):
    """One per game, listed in `bot.render.RENDERERS`."""

    game_id: str

    def table(self, ctx: RenderContext) -> Rendered:
        """The public table: embeds and the move controls that belong on the table (for the
        seat to act). Hidden information must never appear here."""

    def hand(self, ctx: RenderContext, seat: int) -> Rendered:
        """The seat's private message: its hand and the move controls it plays from there."""

    def acts_on_table(self, ctx: RenderContext, seat: int) -> bool:
        """Whether `seat`'s current moves are buttons on the table (else in its hand)."""

    def event_text(self, ctx: RenderContext, event: Event) -> str | None:
        """One log line for a public event (None to leave it out of the log)."""

    def final(self, ctx: RenderContext) -> list[discord.Embed]:
        """The end-of-game breakdown: scores per component, tie-breaks and the winner(s)."""

    def reference(self, ctx: RenderContext) -> list[discord.Embed]:
        """Reference rather than state, shown privately under the rules summary by the table's
        Rules button (早見表: what each yaku needs, what each ability does); [] for none."""
