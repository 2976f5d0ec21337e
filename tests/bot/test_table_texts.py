"""What the table and the end say, over whole random games: a stopped game names no turn, an
ended one says so once, the end names its players and has no empty headings."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from bot.i18n import messages as msg
from bot.publish import compose
from bot.publish.drawing import Drawing
from bot.publish.payload import Fingerprint, Payload
from bot.publish.publisher import Publisher
from bot.render import renderer_for
from bot.session import Session
from games import registry
from games.core import Rng
from games.text import Text
from tests.bot.test_renderers import record_for, text_of

GAMES = [game.id for game in registry.all()]


def everything(payload: Payload) -> str:
    """All text a message shows: content, embed titles, descriptions, fields, footers."""
    parts = [payload.content or ""]
    for embed in payload.embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        for field in data.get("fields", []):
            parts += [field["name"], field["value"]]
    return "\n".join(parts)


def played(game_id: str, lang: str, *, moves: int | None = None) -> tuple[Session, list]:
    """A game at its largest player count played by random CPUs to the end (or `moves` moves);
    returns the session and every public event with its log line."""
    game = registry.get(game_id)
    players = game.max_players
    state = game.new(players, seed=77)
    record = record_for(game_id, players, lang, 77)
    session = Session(record=record, game=game, state=state)
    renderer = renderer_for(game_id)
    rng, steps, lines = Rng(77), 0, []
    while not state.is_over() and (moves is None or steps < moves):
        seat = state.to_act()[0]
        for event in state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps))):
            if event.public:
                session.events.append((steps, event))
                lines.append((event, renderer.event_text(compose.context(session), event)))
        record.version += 1
        steps += 1
    if state.is_over():
        record.status = "finished"
    return session, lines


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_abandoned_table_names_no_turn_bug(game_id: str, lang: str) -> None:
    session, _ = played(game_id, lang, moves=6)
    session.record.deadline = time.time() - 60
    session.record.status = "abandoned"
    text = everything(compose.table_payload(session))
    turn = msg.TABLE_TURN(lang, who="").strip()
    assert turn not in text
    assert "<t:" not in text  # no "ends 1 minute ago"
    assert text.count(msg.TABLE_ABANDONED(lang)) == 1  # said once


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_hand_of_a_stopped_game_asks_nothing_bug(game_id: str, lang: str) -> None:
    """A hand of an abandoned game (at several points of play) or of a finished one shows the
    notice on top and nothing else: no prompt to choose or play, no "waiting for", no move
    controls (only its refresh button)."""
    notice = "⛔ " + msg.TABLE_ABANDONED(lang)
    stopped = [played(game_id, lang, moves=moves) for moves in (0, 1, 3, 6, 12)]
    for session, _ in stopped:
        session.record.status = "abandoned"
    stopped.append(played(game_id, lang))
    for session, _ in stopped:
        assert session.record.status in ("abandoned", "finished")
        for seat in range(len(session.record.seats)):
            payload = compose.hand_payload(session, seat, lang, notice)  # type: ignore[arg-type]
            assert payload.content == notice, (session.record.version, seat)
            rendered = renderer_for(game_id).hand(compose.context(session, lang), seat)  # type: ignore[arg-type]
            assert rendered.content is None and rendered.controls == [], (
                session.record.version,
                seat,
            )


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_finished_table_says_game_over_once_bug(game_id: str, lang: str) -> None:
    """The table's head (title and description) says the game is over once; the log may
    record the end as one of its moves."""
    session, _ = played(game_id, lang)
    head = "\n".join(
        (embed.title or "") + "\n" + (embed.description or "")
        for embed in compose.table_payload(session).embeds
    )
    over = "ゲーム終了" if lang == "ja" else "Game over"
    assert head.count(over) <= 1, head


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gogyo_end_has_no_empty_result_headings_bug(lang: str) -> None:
    session, _ = played("gogyo", lang)
    final = renderer_for("gogyo").final(compose.context(session))
    description = final[0].description or ""
    heading = "ゲームの結果" if lang == "ja" else "results ("
    assert heading not in description
    ended = "第1ゲーム: " if lang == "ja" else "game 1: "
    assert ended in description


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_take_and_share_end_line_names_players_bug(lang: str) -> None:
    session, lines = played("take_and_share", lang)
    ends = [line for event, line in lines if event.kind == "game_end"]
    assert ends
    for line in ends:
        for info in session.record.seats:
            assert info.name in line, line


CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("game_id", GAMES)
def test_english_controls_gloss_every_japanese_name(game_id: str) -> None:
    """In English, a Japanese card or yaku name on a button or select option comes with its
    reading or gloss (on the control itself or in the option's description)."""
    game = registry.get(game_id)
    players = game.max_players
    state = game.new(players, seed=3)
    record = record_for(game_id, players, "en", 3)
    session = Session(record=record, game=game, state=state)
    rng, steps, bare = Rng(3), 0, set()
    while not state.is_over():
        payloads = [compose.table_payload(session)]
        payloads += [compose.hand_payload(session, seat, "en") for seat in range(players)]
        for payload in payloads:
            assert payload.view is not None
            for row in payload.view.to_components():
                for control in row["components"]:
                    shown = [control.get("label") or ""]
                    shown += [
                        f"{o['label']} {o.get('description') or ''}"
                        for o in control.get("options", [])
                    ]
                    bare |= {s for s in shown if CJK.search(s) and not LATIN.search(s)}
        seat = state.to_act()[0]
        state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps)))
        record.version += 1
        steps += 1
    assert not bare, sorted(bare)[:5]


#: A count of one with the plural unit, as shown in English ("1 pts", "+1 points").
ONE_PLURAL = re.compile(r"(?<![\d.])[+-]?1 (?:pts|points)\b")
ONE_SINGULAR = re.compile(r"(?<![\d.])[+-]?1 (?:pt|point)\b")


@pytest.mark.parametrize("game_id", ["kasane", "irobae", "sakura"])
def test_english_says_1_pt_and_2_pts(game_id: str) -> None:
    """Over whole games in English, a points count a player reads (the table, each hand, the
    log, the end) takes the singular for one, never "1 pts" (the games whose text shows a count
    of one on these seeds; `tests/test_texts.py` holds every catalog text to the counted
    form)."""
    game = registry.get(game_id)
    renderer = renderer_for(game_id)
    wrong, singular = set(), 0
    for players in game.player_counts:
        seed = 40 + players
        state = game.new(players, seed=seed)
        record = record_for(game_id, players, "en", seed)
        session = Session(record=record, game=game, state=state)
        rng, steps = Rng(seed), 0
        while True:
            shown = [everything(compose.table_payload(session))]
            shown += [everything(compose.hand_payload(session, s, "en")) for s in range(players)]
            if state.is_over():
                record.status = "finished"
                ctx = compose.context(session)
                shown.append(text_of(renderer.final(ctx)))
            for text in shown:
                wrong |= set(ONE_PLURAL.findall(text))
                singular += len(ONE_SINGULAR.findall(text))
            if state.is_over():
                break
            seat = state.to_act()[0]
            for event in state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps))):
                if event.public:
                    session.events.append((steps, event))
            record.version += 1
            steps += 1
    assert not wrong, sorted(wrong)
    assert singular, "no count of one was shown: the test saw nothing to check"


def test_counted_placeholder_picks_the_english_form() -> None:
    points = Text(ja="{n}点", en="{n:# pt|# pts}")
    assert [points("en", n=n) for n in (0, 1, 2, -1, "+1", "-3")] == [
        "0 pts",
        "1 pt",
        "2 pts",
        "-1 pt",
        "+1 pt",
        "-3 pts",
    ]
    assert points("ja", n=1) == "1点"


class _Store:
    """What `Feeds.ping_payload` reads: each user's settings and stored DM hand messages."""

    def __init__(self, settings: dict[int, tuple[str, str]], dm_hands: dict) -> None:
        self.settings, self.dm_hands = settings, dm_hands

    async def user_settings(self, user_id: int) -> tuple[str, str]:
        return self.settings.get(user_id, ("ephemeral", "en"))

    async def hand_message(self, game_id: int, seat: int) -> tuple[int, int] | None:
        return self.dm_hands.get(seat)


class _NoChannels:
    """Discord, for a part that is not to send anything: any use fails the test."""

    user = None

    def get_partial_messageable(self, id: int, **_: object) -> object:
        raise AssertionError(f"nothing is to be sent (channel {id})")

    async def create_dm(self, user: object) -> object:
        raise AssertionError("no DM is to be opened")


async def test_ping_speaks_each_language_and_points_dm_players_to_their_dm() -> None:
    game = registry.get("irobae")
    state = game.new(3, seed=4)
    record = record_for("irobae", 3, "en", 4)  # users 100, 101, 102; all pass from the hand
    session = Session(record=record, game=game, state=state)
    store = _Store({100: ("ephemeral", "ja"), 102: ("dm", "en")}, {2: (555, 777)})
    publisher = Publisher(
        store,
        _NoChannels(),
        repost_minutes=lambda: 60.0,
        hand_lifetime=lambda: 840.0,
        owns=lambda record: True,
    )
    payload = await publisher.feeds.ping_payload(session, [0, 1, 2])
    assert payload.content is not None and payload.view is not None
    lines = payload.content.splitlines()
    assert any(line.startswith("<@100> ") and "あなたの番" in line for line in lines)
    assert any(line.startswith("<@101> ") and "“Show my hand”" in line for line in lines)
    dm = next(line for line in lines if "<@102>" in line)
    assert "your DMs" in dm and "https://discord.com/channels/@me/555/777" in dm
    assert "<@101>" not in dm and "<@100>" not in dm
    button = payload.view.to_components()[0]["components"][0]
    assert button["custom_id"] == f"hd:{record.id}:p"
    assert button["label"] == "手札を見る · Show my hand"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_kasane_round_changes_are_announced_in_the_log(lang: str) -> None:
    game = registry.get("kasane")
    state = game.new(3, seed=5)
    record = record_for("kasane", 3, lang, 5)
    session = Session(record=record, game=game, state=state)
    rng, steps = Rng(3), 0
    while state.round == 1:
        seat = state.to_act()[0]
        events = state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps)))
        record.version += 1
        steps += 1
        session.events.extend((record.version, e) for e in events if e.public)
    log = compose.table_payload(session).embeds[0].to_dict()["fields"][-1]["value"]
    ends, begins = (
        ("Round 1 ends", "Round 2 begins")
        if lang == "en"
        else ("第1ラウンド終了", "第2ラウンド開始")
    )
    assert f"• 🔔 **{ends}**" in log, log
    assert f"• 🔔 **{begins}" in log, log


class _PicturesOn:
    """A store that has pictures on for every server and player."""

    async def guild_pictures(self, guild_id: int | None) -> bool:
        return True

    async def user_pictures(self, user_id: int) -> bool:
        return True


async def test_a_click_s_picture_waits_for_one_publisher_picture_at_most(monkeypatch) -> None:
    """When moves come faster than pictures can be drawn, the publisher's pictures queue up.
    A click that shows a hand is drawn after at most the one publisher's picture already being
    drawn, not after the whole queue; and a table waiting for its turn is drawn from the state
    as it is when its turn comes, not as it was when it began to wait."""
    from bot.render import pictures

    game = registry.get("take_and_share")
    state = game.new(3, seed=8)
    session = Session(record=record_for("take_and_share", 3, "en", 8), game=game, state=state)
    drawing = Drawing(_PicturesOn())
    drawing_thread = asyncio.Lock()  # the one drawing thread: one picture at a time, in turn
    drawn: list[str] = []

    async def draw(job: pictures.Job) -> pictures.Picture:
        async with drawing_thread:
            for _ in range(3):  # a drawing takes a few turns of the event loop
                await asyncio.sleep(0)
            drawn.append(job.kind if isinstance(job, pictures.Job) else job.__qualname__)
            return pictures.Picture(pictures.HAND_FILE, b"png")

    tables_drawn_from: list[object] = []
    table_job = pictures.table_job

    def recording_table_job(ctx):  # type: ignore[no-untyped-def]
        tables_drawn_from.append(ctx.state)
        return table_job(ctx)

    def labelled(name: str, job: pictures.Job) -> pictures.Job:
        def run() -> pictures.Picture:
            return job()

        run.__qualname__ = name
        return run

    monkeypatch.setattr(pictures, "draw", draw)
    monkeypatch.setattr(pictures, "table_job", recording_table_job)
    hand_job = pictures.hand_job
    kinds = iter(["kept 0", "kept 1", "kept 2", "click"])
    monkeypatch.setattr(
        pictures, "hand_job", lambda ctx, seat: labelled(next(kinds), hand_job(ctx, seat))
    )

    publisher = [
        asyncio.create_task(drawing.hand_message(session, seat, "en", background=True))
        for seat in range(3)
    ]
    waiting_table = asyncio.create_task(drawing.table_message(session))
    await asyncio.sleep(0)  # all four are waiting: the first hand is being drawn
    moved = state.copy()
    moved.apply(moved.to_act()[0], moved.legal_actions(moved.to_act()[0])[0])
    session.state = moved  # a move lands while the table waits for its turn
    await asyncio.wait_for(drawing.hand_message(session, 0, "en"), 30)
    await asyncio.wait_for(asyncio.gather(*publisher, waiting_table), 30)

    assert drawn[:2] == ["kept 0", "click"], drawn
    assert drawn[2:4] == ["kept 1", "kept 2"]
    assert tables_drawn_from == [moved]


@pytest.mark.parametrize("pictures", [False, True], ids=["text", "picture"])
@pytest.mark.parametrize("game_id", ["irobae", "sakura"])
def test_others_simultaneous_choices_leave_a_hand_as_it_was(game_id: str, pictures: bool) -> None:
    """While every seat chooses at once (色映に生へど's pass, the cherry-tree game's split), a
    seat's hand message shows the same thing before and after another seat's choice, controls
    and picture included, so the publisher does not edit it (an edit closes a menu its player
    has open and loses a half-made choice); its controls are still accepted, and once the seat
    itself has moved they are not. (Each move is made on a copy, as the bot makes it: a
    fingerprint reads the state its picture is drawn from when it is compared.)"""
    game = registry.get(game_id)
    for seed in range(50):  # random play up to a moment when all three seats choose at once
        state = game.new(3, seed=seed)
        record = record_for(game_id, 3, "en", seed)
        session = Session(record=record, game=game, state=state)
        rng, steps = Rng(seed), 0
        while not state.is_over() and len(state.to_act()) < 3:
            seat = state.to_act()[0]
            state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(steps)))
            record.version += 1
            session.movers.append((record.version, seat))
            steps += 1
        if not state.is_over():
            break
    assert len(state.to_act()) == 3
    before = compose.hand_fingerprint(session, 2, "en", pictures=pictures)
    version = session.controls_version(2)
    for seat in (0, 1):
        state = session.state = state.copy()
        state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(100 + seat)))
        record.version += 1
        session.movers.append((record.version, seat))
        if len(state.to_act()) < 2:
            break
        assert compose.hand_fingerprint(session, 2, "en", pictures=pictures) == before
        assert session.controls_version(2) == version
        assert session.still_current(version, 2)
    if 2 in state.to_act():
        state = session.state = state.copy()
        state.apply(2, game.cpu("random").choose(state, 2, rng.fork(200)))
        record.version += 1
        session.movers.append((record.version, 2))
        assert not session.still_current(version, 2)
        assert session.controls_version(2) == record.version


@pytest.mark.parametrize("pictures", [False, True], ids=["text", "picture"])
def test_a_hand_fingerprint_tells_what_the_hand_showed_when_it_was_made(pictures: bool) -> None:
    """What a hand payload shows is compared later than it is noted (a click notes its answer's
    before sending it): it is the payload as made, its picture aside (beside a picture, what
    the picture is drawn from), whatever the game does meanwhile (it moves on a copy)."""
    game = registry.get("take_and_share")
    state = game.new(3, seed=4)
    session = Session(record=record_for("take_and_share", 3, "en", 4), game=game, state=state)
    noted = compose.hand_fingerprint(session, 0, "en", pictures=pictures)
    again = Fingerprint(compose.hand_payload(session, 0, "en", pictures=pictures))
    with_picture = compose.hand_payload(session, 0, "en", pictures=pictures)
    with_picture.embeds[0].set_image(url="attachment://hand.png")
    noticed = compose.hand_payload(session, 0, "en", notice="⚠️ not now", pictures=pictures)
    other_way = compose.hand_fingerprint(session, 0, "en", pictures=not pictures)
    seat = state.to_act()[0]
    state = session.state = state.copy()
    state.apply(seat, game.cpu("random").choose(state, seat, Rng(1)))
    session.record.version += 1
    moved = compose.hand_fingerprint(session, 0, "en", pictures=pictures)
    assert noted == again == Fingerprint(with_picture)
    assert noted != Fingerprint(noticed)
    assert noted != moved
    assert noted != other_way
    assert noted != "a text"


def test_a_hand_beside_its_picture_changes_when_only_its_picture_would() -> None:
    """Beside its picture a 襲ノ色目 hand's text does not list the cards in hand, so a change of
    those cards alone leaves the text as it was: the fingerprint compares the picture's layout
    too, and the publisher edits the hand (in words, the text itself tells them apart)."""
    game = registry.get("kasane")
    rng = Rng(3)
    state = game.new(3, seed=3)
    session = Session(record=record_for("kasane", 3, "en", 3), game=game, state=state)
    while not state.hands[0] or 0 in state.to_act():  # seat 0 holds cards and waits
        seat = state.to_act()[0]
        state.apply(seat, game.cpu("random").choose(state, seat, rng.fork(session.version)))
        session.record.version += 1
    noted = {
        pictures: compose.hand_fingerprint(session, 0, "en", pictures=pictures)
        for pictures in (False, True)
    }
    changed = session.state = state.copy()
    changed.hands[0][-1], changed.deck[0] = (
        changed.deck[0],
        changed.hands[0][-1],
    )  # another top card
    now = {
        pictures: compose.hand_fingerprint(session, 0, "en", pictures=pictures)
        for pictures in (False, True)
    }
    assert now[True].text == noted[True].text  # the brief text cannot tell...
    assert now[True] != noted[True]  # ...the picture does
    assert now[False].text != noted[False].text and now[False] != noted[False]
