"""Where a click's time goes inside the bot: a timestamp at each step of every click.

`python -m benchmarks --quick --only overhead --steps` runs the overhead benchmark (section 2)
with these timestamps taken in the bot's process (`bot_process --steps FILE`) and prints, for a
move and for the trivial button, the median time from the gateway message's arrival to each
step and the median of each step alone.

`install` wraps, by name, the functions a click passes through: discord.py's gateway and its
parsing of the interaction, the control's callback, the move's play, its write and its answer,
the render, discord.py's response and aiohttp's request. Each wrapper notes
`time.perf_counter_ns()` the first time its step is reached by the task of one interaction (a
context variable set when the control's callback starts names the interaction; tasks started
from it inherit it). The wrappers cost a few microseconds each, so a click measured this way is
slightly slower than one that is not; compare steps with each other, not with the round trips
of a run without them. `write` saves the timestamps as JSON when the process ends.
"""

from __future__ import annotations

import asyncio.selector_events
import contextvars
import functools
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Steps in the order a click reaches them, each with what it marks.
STEPS: dict[str, str] = {
    "received": "the gateway message arrives",
    "parsed": "discord.py has built the interaction and scheduled its control",
    "callback": "the control's callback starts",
    "play": "the move's play starts (lock, checks, engine)",
    "write": "the move's write starts",
    "written": "the write is stored",
    "answer": "the answer starts",
    "render": "the answer's render starts",
    "view": "the renderer is done; discord.py's view of its controls is built next",
    "rendered": "the render is done, view and all",
    "respond": "discord.py's response starts",
    "request": "aiohttp's request starts",
    "sent": "the first bytes are handed to the socket",
}

_now = time.perf_counter_ns
#: The interaction whose task is running.
_current: contextvars.ContextVar[int | None] = contextvars.ContextVar("click", default=None)
#: Interaction id → what kind of control it clicked and when it reached each step.
_stamps: dict[int, dict[str, Any]] = {}
_last_received = [0]


def _stamp(step: str, interaction_id: int | None = None) -> None:
    interaction_id = interaction_id if interaction_id is not None else _current.get()
    if interaction_id is not None:
        _stamps.setdefault(interaction_id, {}).setdefault(step, _now())


def _around(owner: Any, name: str, step: str, done: str | None = None) -> None:
    """Wrap `owner.name` (a coroutine function or a plain one) to note `step` when it starts
    and `done` when it returns."""
    original = getattr(owner, name)
    if asyncio.iscoroutinefunction(original):

        @functools.wraps(original)
        async def stamped_async(*args: Any, **kwargs: Any) -> Any:
            _stamp(step)
            result = await original(*args, **kwargs)
            if done is not None:
                _stamp(done)
            return result

        setattr(owner, name, stamped_async)
    else:

        @functools.wraps(original)
        def stamped(*args: Any, **kwargs: Any) -> Any:
            _stamp(step)
            result = original(*args, **kwargs)
            if done is not None:
                _stamp(done)
            return result

        setattr(owner, name, stamped)


def _callback(owner: type) -> None:
    """Wrap a control class's `callback`: the click's task is named from here on."""
    original: Callable[..., Any] = owner.callback  # type: ignore[attr-defined]

    @functools.wraps(original)
    async def callback(self: Any, interaction: Any) -> Any:
        _current.set(interaction.id)
        _stamps.setdefault(interaction.id, {})["kind"] = type(self).__name__
        _stamp("callback")
        return await original(self, interaction)

    owner.callback = callback  # type: ignore[attr-defined]


def install(*extra_controls: type) -> None:
    """Put the timestamps in place in this process (the bot's), before it connects.
    `extra_controls`: control classes beside the bot's own (the benchmark's trivial button)."""
    import aiohttp.client
    import discord.gateway
    import discord.interactions
    import discord.state

    import bot.components
    import bot.play
    import bot.sessions
    import bot.storage.queries
    from bot.publish import compose

    received = discord.gateway.DiscordWebSocket.received_message

    async def received_message(self: Any, message: Any, /) -> None:
        _last_received[0] = _now()
        await received(self, message)

    discord.gateway.DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]

    parse = discord.state.ConnectionState.parse_interaction_create

    def parse_interaction_create(self: Any, data: Any) -> None:
        interaction_id = int(data["id"])
        _stamps.setdefault(interaction_id, {})["received"] = _last_received[0]
        parse(self, data)
        _stamp("parsed", interaction_id)

    discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]

    for control in (*bot.components.DYNAMIC_ITEMS, *extra_controls):
        _callback(control)
    _around(bot.sessions.Sessions, "play", "play")
    _around(bot.storage.queries.GameStore, "write_move", "write", "written")
    _around(bot.play.Play, "_answer_move", "answer")
    # Module functions, looked up as `compose.X` by their callers (and `build_view` as a
    # global of `compose`): replacing the module attributes reaches every call.
    _around(compose, "hand_payload", "render", "rendered")
    _around(compose, "table_payload", "render", "rendered")
    _around(compose, "build_view", "view")
    _around(discord.interactions.InteractionResponse, "edit_message", "respond")
    _around(discord.interactions.InteractionResponse, "send_message", "respond")
    _around(aiohttp.client.ClientSession, "_request", "request")
    _around(asyncio.selector_events._SelectorSocketTransport, "write", "sent")


def write(path: Path) -> None:
    """Save the timestamps taken so far."""
    path.write_text(json.dumps({str(k): v for k, v in _stamps.items()}))


def summary(path: Path) -> str:
    """Each step's median, for moves (a move button or select whose write started) and for the
    trivial button: from the gateway message's arrival, and from the step before it."""
    clicks = json.loads(path.read_text()).values()
    kinds: dict[str, list[dict[str, Any]]] = {}
    for stamps in clicks:
        if "received" not in stamps or "kind" not in stamps:
            continue
        if stamps["kind"] in ("MoveButton", "MoveSelect"):
            if "write" not in stamps:
                continue  # a pick shown back, or a refusal
            kind = "move"
        elif stamps["kind"] == "TrivialButton":
            kind = "trivial button"
        else:
            continue
        kinds.setdefault(kind, []).append(stamps)
    lines = []
    for kind, found in kinds.items():
        lines.append(f"{kind}: {len(found)} clicks; median ms from the gateway message, and alone")
        before = "received"
        for step, meaning in STEPS.items():
            if step == "received":
                continue
            at = [(s[step] - s["received"]) / 1e6 for s in found if step in s]
            alone = [(s[step] - s[before]) / 1e6 for s in found if step in s and before in s]
            if not at:
                continue
            lines.append(
                f"  {step:>9} {statistics.median(at):6.3f} "
                f"{statistics.median(alone) if alone else float('nan'):6.3f}  {meaning}"
            )
            before = step
    return "\n".join(lines)
