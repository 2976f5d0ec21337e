"""Every game's renderer, over whole random games: Discord's limits always hold, and every legal
move of every seat to act is reachable through exactly the controls the player is shown."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import time
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.i18n import messages as msg
from bot.publish import compose
from bot.publish.payload import Payload
from bot.render import renderer_for
from bot.render.base import Button, Control, RenderContext, Select
from bot.render.pictures import pictures_for, seat_names
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from bot.storage.records import GameRecord, SeatRecord
from games import registry
from games.core import Event, Rng, State

GAMES = [game.id for game in registry.all()]


def record_for(game_id: str, players: int, lang: str, seed: int, **fields: Any) -> GameRecord:
    """Game 1 of `game_id` in play in a thread, `players` human seats; `fields` replace any of
    the record's fields."""
    now = time.time()
    seats = [SeatRecord(seat=i, name=f"Player {i + 1}", user_id=100 + i) for i in range(players)]
    values: dict[str, Any] = {
        "id": 1,
        "game": game_id,
        "status": "playing",
        "guild_id": 1,
        "channel_id": 2,
        "host_id": 100,
        "language": lang,
        "seed": seed,
        "created_at": now,
        "updated_at": now,
        "thread_id": 3,
        "seats": seats,
    }
    return GameRecord(**(values | fields))


def session_for(game_id: str, players: int, lang: str, seed: int, **options: Any) -> Session:
    """A new game of `game_id` (with those options) as a live session holding its opening
    events, on a `record_for` record."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed, options=game.Options(**options))
    session = Session(record=record_for(game_id, players, lang, seed), game=game, state=state)
    for event in state.opening_events():
        session.events.append((0, event))
    return session


def random_step(session: Session, rng: Rng, n: int, *, public_only: bool = False) -> list[Event]:
    """Play move `n` of `session` by its game's random CPU (`rng.fork(n)`), as the service would:
    the stored version goes up and the events join the session's log (only the public ones with
    `public_only`). Returns every event of the move."""
    state = session.state
    seat = state.to_act()[0]
    events = state.apply(seat, session.game.cpu("random").choose(state, seat, rng.fork(n)))
    session.record.version += 1
    for event in events:
        if event.public or not public_only:
            session.events.append((session.record.version, event))
    return events


def play_until(
    session: Session,
    rng: Rng,
    done: Callable[[Session], bool] | None = None,
    *,
    moves: int = 0,
    public_only: bool = False,
) -> int:
    """Play `session` by `random_step`, from move number `moves` on, until `done(session)`
    holds or the game is over; return the number of the next move."""
    while not (done is not None and done(session)) and not session.state.is_over():
        random_step(session, rng, moves, public_only=public_only)
        moves += 1
    return moves


def play_to_the_end(session: Session, rng: Rng) -> None:
    """Play `session` to its end by `random_step`, move after move."""
    play_until(session, rng)


def text_of(embeds: list[discord.Embed], skip: tuple[str, ...] = ()) -> str:
    """Every title, description, field name and field value of `embeds`, a line each; the
    fields named in `skip` left out."""
    parts: list[str] = []
    for embed in embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        for field in data.get("fields", []):
            if field["name"] not in skip:
                parts += [field["name"], field["value"]]
    return "\n".join(parts)


def render_context(
    game_id: str,
    state: State,
    lang: str,
    seats: list[SeatRecord],
    *,
    events: list[Event] | None = None,
    events_version: int = 0,
    seed: int = 1,
    deadline: float | None = None,
) -> RenderContext:
    """What a renderer is given for `state` at a table of `seats` read in `lang` (game 7,
    playing until the state is over), `events` as the log of version `events_version`."""
    record = record_for(
        game_id,
        len(seats),
        lang,
        seed,
        id=7,
        thread_id=None,
        status="finished" if state.is_over() else "playing",
        seats=seats,
        deadline=deadline,
    )
    return RenderContext(
        game=registry.get(game_id),
        state=state,
        record=record,
        lang=lang,  # type: ignore[arg-type]
        events=[(events_version, e) for e in events or []],
    )


def body(payload: Payload) -> dict:
    """The message as Discord's JSON spells it (what `check_message` checks)."""
    out: dict = {"embeds": [e.to_dict() for e in payload.embeds]}
    if payload.content:
        out["content"] = payload.content
    assert payload.view is not None
    out["components"] = payload.view.to_components()
    return out


class PublicOnly:
    """A state seen from the table: only what `public_view()` and the turn order tell.
    Anything else a renderer might reach for raises, so the table cannot depend on it."""

    def __init__(self, state: State) -> None:
        self._state = state

    def public_view(self) -> Any:
        return self._state.public_view()

    def to_act(self) -> list[int]:
        return self._state.to_act()

    def is_over(self) -> bool:
        return self._state.is_over()

    def result(self) -> Any:
        assert self._state.is_over(), "result() of a game in progress"
        return self._state.result()

    def legal_actions(self, seat: int) -> list[Any]:
        """Moves a table may offer: those of a seat to act (e.g. how many flowers to draw);
        the renderer says with `acts_on_table` that they are public moves."""
        assert seat in self._state.to_act(), f"the table read the moves of seat {seat}"
        return self._state.legal_actions(seat)


class SeatOnly(PublicOnly):
    """A state seen by one seat: the public view plus that seat's private view and moves."""

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state)
        self._seat = seat

    def private_view(self, seat: int) -> Any:
        assert seat == self._seat, f"seat {self._seat}'s hand read seat {seat}'s private view"
        return self._state.private_view(seat)

    def legal_actions(self, seat: int) -> list[Any]:  # type: ignore[override]
        assert seat == self._seat, f"seat {self._seat}'s hand read seat {seat}'s moves"
        return self._state.legal_actions(seat)


def same_payload(session: Session, masked: Session, seat: int | None) -> None:
    """The message rendered from the masked state equals the real one."""
    if seat is None:
        real, seen = compose.table_payload(session), compose.table_payload(masked)
    else:
        lang = session.record.language
        real = compose.hand_payload(session, seat, lang)  # type: ignore[arg-type]
        seen = compose.hand_payload(masked, seat, lang)  # type: ignore[arg-type]
    assert body(real) == body(seen)


def reachable(controls: list[Control], seat: int) -> set[str]:
    """The encoded actions these controls can play for `seat`."""
    found: set[str] = set()
    for control in controls:
        if control.seat != seat or control.disabled:
            continue
        if isinstance(control, Button):
            found.add(control.action)
            continue
        assert isinstance(control, Select)
        values = [o.value for o in control.options]
        for k in range(control.min_values, control.max_values + 1):
            for combo in itertools.combinations(values, k):
                parts = [control.prefix, *combo] if control.prefix else list(combo)
                found.add(".".join(parts))
    return found


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_renderer_over_a_whole_game(game_id: str, lang: str) -> None:
    game = registry.get(game_id)
    renderer = renderer_for(game_id)
    for players in range(game.min_players, game.max_players + 1):
        seed = 1000 + players
        state = game.new(players, seed=seed)
        record = record_for(game_id, players, lang, seed)
        session = Session(record=record, game=game, state=state)
        rng = Rng(seed)
        steps = 0
        while True:
            ctx = compose.context(session)
            problems = check_message(body(compose.table_payload(session)))
            assert not problems, (players, steps, [str(p) for p in problems])
            # The table uses public information only; a hand only its own seat's.
            public = Session(record=record, game=game, state=PublicOnly(state))  # type: ignore[arg-type]
            public.events = session.events
            same_payload(session, public, None)
            # Beside a picture, the table's text is brief: from public information only, the
            # same controls as the whole table, and shorter than it.
            brief = body(compose.table_payload(session, pictures=True))
            whole = body(compose.table_payload(session))
            assert not check_message(brief), (players, steps)
            assert brief == body(compose.table_payload(public, pictures=True))
            assert brief["components"] == whole["components"]
            assert len(json.dumps(brief["embeds"])) < len(json.dumps(whole["embeds"]))
            assert brief["embeds"][0]["fields"][-1]["name"] == msg.TABLE_RECENT_MOVES(lang)  # type: ignore[arg-type]
            for seat in range(players):
                mine = Session(record=record, game=game, state=SeatOnly(state, seat))  # type: ignore[arg-type]
                mine.events = session.events
                same_payload(session, mine, seat)
                hand = compose.hand_payload(session, seat, lang)  # type: ignore[arg-type]
                problems = check_message(body(hand))
                assert not problems, (players, steps, seat, [str(p) for p in problems])
            if state.is_over():
                final = renderer.final(ctx)
                assert check_message({"embeds": [e.to_dict() for e in final]}) == []
                break
            for seat in state.to_act():
                legal = {a.encode() for a in state.legal_actions(seat)}
                on_table = renderer.acts_on_table(ctx, seat)
                rendered = renderer.table(ctx) if on_table else renderer.hand(ctx, seat)
                shown = reachable(rendered.controls, seat)
                assert legal <= shown, (players, steps, seat, sorted(legal - shown))
                assert shown <= legal, (players, steps, seat, sorted(shown - legal))
            seat = state.to_act()[0]
            action = game.cpu("random").choose(state, seat, rng.fork(steps))
            for event in state.apply(seat, action):
                if event.public:
                    session.events.append((steps, event))
                    # A log line, if any, is real text with every placeholder filled in.
                    line = renderer.event_text(ctx, event)
                    assert line is None or (line.strip() and "{" not in line), (event, line)
            record.version += 1
            steps += 1


class ResultReplaced:
    """A finished state whose `result()` is `result`; everything else is the state's own."""

    def __init__(self, state: State, result: Any) -> None:
        self._state = state
        self._result = result

    def result(self) -> Any:
        return self._result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


@pytest.mark.parametrize("game_id", ["kasane", "gogyo", "take_and_share", "sakura", "irobae"])
def test_an_end_lists_a_win_on_the_tie_breaker_above_an_equal_score(game_id: str) -> None:
    """Every seat ends on the same score and the last seat wins on the game's tie-breaker:
    the end's text and its picture list the winner first, not in seat order."""
    session = session_for(game_id, 3, "en", 5)
    play_to_the_end(session, Rng(5))
    real = session.state.result()
    last = len(real.scores) - 1
    tied = real.model_copy(
        update={
            "scores": [max(real.scores)] * len(real.scores),
            "winners": [last],
            "tiebreak": [0] * last + [1],
        }
    )
    state = ResultReplaced(session.state, tied)
    ctx = render_context(game_id, state, "en", session.record.seats)  # type: ignore[arg-type]
    end = renderer_for(game_id).final(ctx)[0].to_dict()
    marks = "①②③"
    # A seat a field, or (beside a picture that shows the rest) a seat a line.
    heads = [f["name"] for f in end.get("fields", [])] or end["description"].splitlines()
    seats = [marks.index(head[0]) for head in heads if head[:1] in marks]
    assert seats[0] == last and sorted(seats) == [0, 1, 2]
    scene = pictures_for(game_id).final(session.state.public_view(), tied, seat_names(ctx), "en")
    panels = [i.tag for i in scene.items if re.fullmatch(r"final\.\d", i.tag)]
    if panels:  # 色映に生へど's end is one board of deals, not a panel a seat
        assert panels[0] == f"final.{last}"


#: The custom_id prefixes of the table's own buttons ("Show my hand", the way back to a seat,
#: Rules, Log), and of move controls.
TABLE_OWN, MOVES = ("hd:", "rs:", "ti:"), ("mv:", "ms:", "mk:")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tables_own_buttons_keep_a_row_apart_from_the_moves(game_id: str) -> None:
    """On every table of a whole game, "Show my hand", Rules and Log share one row of their own
    below the moves: a row of five wraps on a phone, and a move beside them split them."""
    game = registry.get(game_id)
    session = session_for(game_id, game.max_players, "en", seed=3)
    rng, moves = Rng(3), 0
    while not session.state.is_over():
        rows = [
            [item["custom_id"] for item in row["components"]]
            for row in compose.table_payload(session, pictures=True).view.to_components()
        ]
        own = [i for i, row in enumerate(rows) if any(c.startswith(TABLE_OWN) for c in row)]
        assert len(own) == 1 and own[0] == len(rows) - 1, rows
        assert not any(c.startswith(MOVES) for c in rows[own[0]]), rows
        assert [c[:3] for c in rows[own[0]]] == ["hd:", "ti:", "ti:"]
        moves = play_until(session, rng, lambda s, n=moves: s.record.version > n, moves=moves)


@pytest.mark.parametrize("game_id", ["kasane", "take_and_share", "sakura"])
def test_a_cpus_turn_shows_no_move_buttons_on_the_table(game_id: str) -> None:
    """The games played on the table: while a CPU is to act there, the table offers no moves
    (nobody could use them), only its own buttons; a person's turn shows theirs."""
    game = registry.get(game_id)
    session = session_for(game_id, game.max_players, "en", seed=4)
    session.record.seats = [
        dataclasses.replace(s, user_id=None, cpu_level="normal", name=f"CPU {s.seat}")
        if s.seat % 2
        else s
        for s in session.record.seats
    ]
    rng, moves, seen = Rng(4), 0, set()
    while not session.state.is_over():
        ids = compose.table_payload(session).view.to_components()
        custom_ids = [item["custom_id"] for row in ids for item in row["components"]]
        seats = {int(c.split(":")[3]) for c in custom_ids if c.startswith(MOVES)}
        assert not any(session.record.seats[s].is_cpu for s in seats), custom_ids
        seen |= seats
        moves = play_until(session, rng, lambda s, n=moves: s.record.version > n, moves=moves)
    assert seen  # the people's turns had their buttons
