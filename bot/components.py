"""Every control the bot sends, as a `DynamicItem` whose custom_id carries all it needs.

Templates (all ≤ 100 characters):
- `mv:<game>:<version>:<seat>:<action>`  a move button (table or hand)
- `ms:<game>:<version>:<seat>:<n>:<prefix>`  a move select (values complete the action)
- `hd:<game>`  "Show my hand" on the table; `hd:<game>:r` refreshes a hand message
- `lb:<game>:<op>`  lobby buttons (join, leave, cpu, start, cancel)
- `lo:<game>:<field>`  a lobby option select
- `rs:<game>`  take my seat back; `ab:<game>`  abandon, on `/game abandon`'s question
- `rp:<game>`  a finished game's replay; `rp:<game>:<step>:<way>`  a step of it

Because these are registered in `setup_hook`, a click on any message the bot ever sent —
including an ephemeral hand from before a restart — reaches the right handler. Handlers live in
`bot.play`, `bot.lobby` and `bot.history`; this module only parses and builds, and reaches them
through `interaction.client` (the edge where discord.py hands the client over), typed as the
`ClickHandlers` it must provide.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, Protocol, Self

import discord

from bot import answers
from bot.i18n import lang_for
from bot.i18n import messages as msg
from bot.render.base import Button, Control, Select

log = logging.getLogger(__name__)

CUSTOM_ID_MAX = 100


@functools.lru_cache(maxsize=1024)
def _emoji(text: str | None) -> discord.PartialEmoji | None:
    """The emoji a control shows, parsed once per text (discord.py parses a `str` emoji again
    for every button, and a hand or table is built with up to 25 of them on every move).
    Controls only read it, so one value serves them all."""
    return discord.PartialEmoji.from_str(text) if text else None


#: A click as discord.py hands it to a control.
Click = discord.Interaction[Any]


class PlayClicks(Protocol):
    """Clicks in a game in play (`bot.play.Play`)."""

    async def move(
        self, interaction: Click, game_id: int, version: int, seat: int, action_text: str
    ) -> None: ...

    async def preview(
        self, click: Click, game_id: int, version: int, seat: int, action: str, chosen: str, /
    ) -> None: ...

    async def show_hand(self, interaction: Click, game_id: int, *, refresh: bool) -> None: ...

    async def return_seat(self, interaction: Click, game_id: int) -> None: ...

    async def next_page(self, interaction: Click, game_id: int, version: int) -> None: ...

    async def abandon(self, interaction: Click, game_id: int) -> None: ...


class HistoryClicks(Protocol):
    """Clicks that read a game's log or rules (`bot.history.History`)."""

    async def show(self, interaction: Click, game_id: int, page: int | None) -> None: ...

    async def reference(
        self, interaction: Click, game_id: int, page: int | None = None
    ) -> None: ...


class ReplayClicks(Protocol):
    """Clicks that open or step a finished game's replay (`bot.replays.Replays`)."""

    async def show(self, interaction: Click, game_id: int, step: int | None) -> None: ...


class LobbyClicks(Protocol):
    """Clicks on a lobby (`bot.lobby.Lobby`)."""

    async def button(self, interaction: Click, game_id: int, op: str) -> None: ...

    async def set_option(
        self, interaction: Click, game_id: int, field: str, value: str
    ) -> None: ...

    async def play_again(self, interaction: Click, game_id: int) -> None: ...


class ClickHandlers(Protocol):
    """What a control's click reaches through `interaction.client` (the bot provides it)."""

    stopping: bool
    play: PlayClicks
    history: HistoryClicks
    replays: ReplayClicks
    lobby: LobbyClicks

    async def say_stopping(self, interaction: Click) -> None: ...

    def first_delivery(self, interaction: Click) -> bool: ...

    async def note_language(self, interaction: Click) -> None: ...


def _bot(interaction: discord.Interaction[Any]) -> ClickHandlers:
    """The handlers of the client that received the click."""
    return interaction.client  # type: ignore[return-value]


async def _guard(interaction: discord.Interaction[Any], work: Coroutine[Any, Any, None]) -> None:
    """Run a handler; on an unexpected error, log it and tell the clicker (translated).
    A click Discord delivers a second time is dropped: its first delivery answers it."""
    if _bot(interaction).stopping:
        work.close()
        await _bot(interaction).say_stopping(interaction)
        return
    if not _bot(interaction).first_delivery(interaction):
        work.close()
        log.info("interaction %s delivered twice; handled once", interaction.id)
        return
    try:
        await _bot(interaction).note_language(interaction)
        await work
    except Exception:
        log.exception("handling %s failed", (interaction.data or {}).get("custom_id"))
        text = msg.ERROR_INTERNAL(lang_for(interaction))
        try:
            await answers.send(interaction, text)
        except discord.HTTPException:
            log.warning("could not report the error to the user")


class _Control:
    """What every control below shares beside `discord.ui.DynamicItem`, which asks each item class
    for a `from_custom_id` classmethod and a `callback`: the item is rebuilt from the parts of
    its custom_id (`from_parts`, given the template's match and the clicked component), and a
    click runs the handler `handle` returns under `_guard`. Every control defines those two;
    this class is listed first among its bases, so that its `from_custom_id` and `callback`
    take the place of `DynamicItem`'s, and that it compiles the class's `template=` itself
    (kept as `custom_id_pattern`) before handing it on to `DynamicItem`."""

    from_parts: Callable[[re.Match[str], Any], Self]
    handle: Callable[[discord.Interaction[Any]], Coroutine[Any, Any, None]]
    #: The custom_id template of the class, compiled (discord.py shows it only on instances,
    #: as `DynamicItem.template`; the bot matches custom_ids of clicks no item answered).
    custom_id_pattern: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, *, template: str, **kwargs: Any) -> None:
        cls.custom_id_pattern = re.compile(template)
        super().__init_subclass__(template=cls.custom_id_pattern, **kwargs)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> Self:
        return cls.from_parts(match, item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self.handle(interaction))


class MoveButton(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mv:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<action>[^:]{1,60})",
):
    """A button that plays one move for one seat at one version of one game."""

    def __init__(
        self,
        *,
        game_id: int,
        version: int,
        seat: int,
        action: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.game_id, self.version, self.seat, self.action = game_id, version, seat, action
        super().__init__(
            discord.ui.Button(
                label=label[:80] if label else None,
                style=style,
                emoji=_emoji(emoji),
                disabled=disabled,
                row=row,
                custom_id=f"mv:{game_id}:{version}:{seat}:{action}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> MoveButton:
        return cls(
            game_id=int(match["game"]),
            version=int(match["version"]),
            seat=int(match["seat"]),
            action=match["action"],
            label=item.label or "",
        )

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).play.move(
            interaction, self.game_id, self.version, self.seat, self.action
        )


class MoveSelect(
    _Control,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"m(?P<mode>[sk]):(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<n>\d)"
        r":(?P<prefix>[^:]{0,40})"
    ),
):
    """A select whose chosen values complete a move (see `bot.render.base.Select`); `mk:` for
    one whose choice is confirmed by a second click before it is played."""

    def __init__(
        self,
        *,
        game_id: int,
        version: int,
        seat: int,
        index: int,
        prefix: str,
        placeholder: str | None = None,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        disabled: bool = False,
        row: int | None = None,
        confirm: bool = False,
    ) -> None:
        self.game_id, self.version, self.seat, self.prefix = game_id, version, seat, prefix
        self.confirm = confirm
        mode = "mk" if confirm else "ms"
        super().__init__(
            discord.ui.Select(
                custom_id=f"{mode}:{game_id}:{version}:{seat}:{index}:{prefix}",
                placeholder=placeholder[:150] if placeholder else None,
                options=options or [],
                min_values=min_values,
                max_values=max_values,
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Select[Any]) -> MoveSelect:
        select = cls(
            game_id=int(match["game"]),
            version=int(match["version"]),
            seat=int(match["seat"]),
            index=int(match["n"]),
            prefix=match["prefix"],
            confirm=match["mode"] == "k",
        )
        select.item.options = list(item.options)
        return select

    def compose(self, values: list[str]) -> str | None:
        """The encoded action the chosen values make, in the options' order."""
        order = {option.value: i for i, option in enumerate(self.item.options)}
        if order and any(v not in order for v in values):
            return None
        chosen = sorted(values, key=lambda v: order.get(v, 0))
        if not chosen:
            return None
        return ".".join([self.prefix, *chosen]) if self.prefix else ".".join(chosen)

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        action = self.compose(values) or ""
        play = _bot(interaction).play
        if self.confirm:
            labels = {o.value: o.label for o in self.item.options}
            chosen = " · ".join(labels.get(v, v) for v in values)
            return play.preview(interaction, self.game_id, self.version, self.seat, action, chosen)
        return play.move(interaction, self.game_id, self.version, self.seat, action)


class ShowHand(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hd:(?P<game>\d+)(?::(?P<mode>[rp]))?",
):
    """ "Show my hand" on the table (`hd:<game>`) or on a turn ping (`:p`), or "refresh" on a
    hand message (`:r`)."""

    def __init__(
        self, *, game_id: int, label: str, refresh: bool = False, on_ping: bool = False
    ) -> None:
        self.game_id, self.refresh = game_id, refresh
        suffix = ":r" if refresh else (":p" if on_ping else "")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary if refresh else discord.ButtonStyle.primary,
                emoji=_emoji("🔄" if refresh else "🂠"),
                custom_id=f"hd:{game_id}{suffix}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> ShowHand:
        return cls(
            game_id=int(match["game"]),
            label=item.label or "",
            refresh=match["mode"] == "r",
            on_ping=match["mode"] == "p",
        )

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).play.show_hand(interaction, self.game_id, refresh=self.refresh)


class NextPage(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"np:(?P<game>\d+):(?P<version>\d+)",
):
    """ "Next" under a page turn's summary (a round, a deal or a game of a match ended), on the
    table and on the hands: its player has seen it (`bot.session.Pause`)."""

    def __init__(self, *, game_id: int, version: int, label: str = "") -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=_emoji("▶️"),
                style=discord.ButtonStyle.primary,
                custom_id=f"np:{game_id}:{version}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> NextPage:
        return cls(
            game_id=int(match["game"]), version=int(match["version"]), label=item.label or ""
        )

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).play.next_page(interaction, self.game_id, self.version)


class ReturnSeat(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rs:(?P<game>\d+)",
):
    """ "Take my seat back" on the table while a CPU plays the seat of someone away."""

    def __init__(self, *, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=_emoji("↩️"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"rs:{game_id}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> ReturnSeat:
        return cls(game_id=int(match["game"]), label=item.label or "")

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).play.return_seat(interaction, self.game_id)


class AbandonGame(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ab:(?P<game>\d+)",
):
    """ "Abandon" on the private question `/game abandon` asks its host (or a manager) first."""

    def __init__(self, *, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        button = discord.ui.Button[Any](label=label or None, custom_id=f"ab:{game_id}")
        button.style, button.emoji = discord.ButtonStyle.danger, _emoji("⛔")
        super().__init__(button)

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> AbandonGame:
        return cls(game_id=int(match["game"]), label=item.label or "")

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).play.abandon(interaction, self.game_id)


class TableInfo(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ti:(?P<game>\d+):(?P<what>ref|log)",
):
    """A table button answered privately: the game's reference (`ref`) or its whole log."""

    def __init__(self, *, game_id: int, what: str, label: str = "") -> None:
        self.game_id, self.what = game_id, what
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=_emoji("📖" if what == "ref" else "📜"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ti:{game_id}:{what}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> TableInfo:
        return cls(game_id=int(match["game"]), what=match["what"], label=item.label or "")

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        history = _bot(interaction).history
        if self.what == "ref":
            return history.reference(interaction, self.game_id)
        return history.show(interaction, self.game_id, None)


class LogPage(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lg:(?P<game>\d+):(?P<page>-?\d{1,5}):(?P<way>[pn])(?::(?P<what>r))?",
):
    """◀ / ▶ on a private page of a game's whole log, or (`reference`) of its rules and
    reference (`bot.history`): shows page `page` in the same message."""

    def __init__(
        self,
        *,
        game_id: int,
        page: int,
        forward: bool,
        disabled: bool = False,
        reference: bool = False,
    ) -> None:
        self.game_id, self.page, self.reference = game_id, page, reference
        what = ":r" if reference else ""
        super().__init__(
            discord.ui.Button(
                emoji=_emoji("▶️" if forward else "◀️"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"lg:{game_id}:{page}:{'n' if forward else 'p'}{what}",
                disabled=disabled,
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> LogPage:
        return cls(
            game_id=int(match["game"]),
            page=int(match["page"]),
            forward=match["way"] == "n",
            reference=match["what"] == "r",
        )

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        history = _bot(interaction).history
        if self.reference:
            return history.reference(interaction, self.game_id, self.page)
        return history.show(interaction, self.game_id, self.page)


class ReplayStep(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<game>\d+)(?::(?P<step>\d{1,5}):(?P<way>[bpnf]))?",
):
    """Replay on a finished game's end message (`rp:<game>`: a new private replay, from the
    deal), or ⏮ ◀ ▶ ⏭ under a replay (`rp:<game>:<step>:<way>`, `WAYS`): shows step `step`
    in the same message (`bot.replays`)."""

    #: The step buttons, by the letter their custom_id carries: a round (or deal) back, a move
    #: back, a move on, a round on.
    WAYS: ClassVar[dict[str, str]] = {"b": "⏮️", "p": "◀️", "n": "▶️", "f": "⏭️"}

    def __init__(
        self,
        *,
        game_id: int,
        step: int | None = None,
        way: str = "n",
        label: str = "",
        disabled: bool = False,
    ) -> None:
        self.game_id, self.step = game_id, step
        opening = step is None
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=_emoji("🎞️" if opening else self.WAYS[way]),
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{game_id}" if opening else f"rp:{game_id}:{step}:{way}",
                disabled=disabled,
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> ReplayStep:
        step = match["step"]
        return cls(
            game_id=int(match["game"]),
            step=None if step is None else int(step),
            way=match["way"] or "n",
            label=item.label or "",
        )

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).replays.show(interaction, self.game_id, self.step)


LOBBY_OPS = ("join", "leave", "cpu", "start", "cancel")


class PlayAgain(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pa:(?P<game>\d+)",
):
    """ "Play again" on a finished game's end message and hands: a new lobby like it
    (`bot.lobby.Lobby.play_again`)."""

    def __init__(self, *, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=_emoji("🔁"),
                style=discord.ButtonStyle.success,
                custom_id=f"pa:{game_id}",
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> PlayAgain:
        return cls(game_id=int(match["game"]), label=item.label or "")

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).lobby.play_again(interaction, self.game_id)


class LobbyButton(
    _Control,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lb:(?P<game>\d+):(?P<op>join|leave|cpu|start|cancel)",
):
    """Join / Leave / Add CPU / Start / Cancel on a lobby."""

    def __init__(
        self,
        *,
        game_id: int,
        op: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        self.game_id, self.op = game_id, op
        super().__init__(
            discord.ui.Button(
                label=label, style=style, disabled=disabled, custom_id=f"lb:{game_id}:{op}", row=0
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Button[Any]) -> LobbyButton:
        return cls(game_id=int(match["game"]), op=match["op"], label=item.label or "")

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        return _bot(interaction).lobby.button(interaction, self.game_id, self.op)


class LobbyOption(
    _Control,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"lo:(?P<game>\d+):(?P<field>[a-z_]{1,40})",
):
    """A lobby select that sets one game option (host only)."""

    def __init__(
        self,
        *,
        game_id: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.game_id, self.field = game_id, field
        super().__init__(
            discord.ui.Select(
                custom_id=f"lo:{game_id}:{field}",
                options=options or [],
                placeholder=placeholder,
                row=row,
            )
        )

    @classmethod
    def from_parts(cls, match: re.Match[str], item: discord.ui.Select[Any]) -> LobbyOption:
        return cls(game_id=int(match["game"]), field=match["field"])

    def handle(self, interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None]:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        value = str(values[0]) if values else ""
        return _bot(interaction).lobby.set_option(interaction, self.game_id, self.field, value)


#: Every control class, each a `DynamicItem` and a `_Control` (with its `custom_id_pattern`).
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    MoveSelect,
    ShowHand,
    LobbyButton,
    LobbyOption,
    LogPage,
    TableInfo,
    ReturnSeat,
    AbandonGame,
    NextPage,
    ReplayStep,
    PlayAgain,
)


#: Items in one row of a message's components (Discord's limit), and rows in a message.
ROW_WIDTH, ROWS = 5, 5


def next_free_row(controls: list[Control]) -> int:
    """The first row after every row `controls` take, placed as `build_view` places them
    (discord.py's rule: a button in the first row with room unless it names one; a select
    takes a whole row)."""
    used = [0] * ROWS
    for control in controls:
        width = ROW_WIDTH if isinstance(control, Select) else 1
        row = control.row
        if row is None:
            row = next((i for i, w in enumerate(used) if w + width <= ROW_WIDTH), ROWS - 1)
        used[row] += width
    return max((i + 1 for i, w in enumerate(used) if w), default=0)


def build_view(
    game_id: int,
    version: int,
    controls: list[Control],
    *,
    extra: list[discord.ui.Item[Any]] | None = None,
    extra_row_of_its_own: bool = False,
) -> discord.ui.View:
    """A persistent view of move controls (plus `extra` items such as "Show my hand").

    Buttons fill rows of five in order unless they name a row; each select takes a row.
    With `extra_row_of_its_own`, the extra items start a row after the controls' (when there
    is one left and they fit it), so that none of them shares a row with a move: a row of
    five wraps on a phone, and the table's own buttons then stay together on one line.
    Controls whose custom_id would not fit Discord's limit are a renderer bug and raise.
    """
    view = discord.ui.View(timeout=None)
    select_index = 0
    for control in controls:
        item: discord.ui.Item[Any]
        if isinstance(control, Button):
            item = MoveButton(
                game_id=game_id,
                version=version,
                seat=control.seat,
                action=control.action,
                label=control.label,
                style=control.style,
                emoji=control.emoji,
                disabled=control.disabled,
                row=control.row,
            )
        elif isinstance(control, Select):
            item = MoveSelect(
                game_id=game_id,
                version=version,
                seat=control.seat,
                index=select_index,
                prefix=control.prefix,
                placeholder=control.placeholder,
                options=[
                    discord.SelectOption(
                        label=o.label[:100],
                        value=o.value,
                        description=o.description[:100] if o.description else None,
                        emoji=_emoji(o.emoji),
                    )
                    for o in control.options
                ],
                min_values=control.min_values,
                max_values=control.max_values,
                disabled=control.disabled,
                row=control.row,
                confirm=control.confirm,
            )
            select_index += 1
        else:  # pragma: no cover - exhaustive over Control
            raise TypeError(control)
        custom_id = item.item.custom_id  # type: ignore[attr-defined]
        if len(custom_id) > CUSTOM_ID_MAX:
            raise ValueError(f"custom_id too long: {custom_id}")
        view.add_item(item)
    extra = extra or []
    if extra_row_of_its_own and len(extra) <= ROW_WIDTH and (row := next_free_row(controls)) < ROWS:
        for item in extra:
            item.row = row
    for item in extra:
        view.add_item(item)
    return view
