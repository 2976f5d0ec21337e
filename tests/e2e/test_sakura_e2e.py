"""十年に一度咲く桜の木の伝説 end to end: the real bot against the fake Discord server, played
through the table's buttons and each player's hand, down to the end split and its deadline."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.render.sakura import TABLE_STEPS
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.sandbox.fakediscord.objects import message_text
from bot.session import Session
from games import registry
from games.sakura import state as sakura_state
from games.sakura.views import PublicView
from tests.e2e import harness
from tests.e2e.harness import (
    TABLE_ANSWERS,
    final_message,
    finished_outcome,
    hand_messages,
    make_bot,
    open_hand,
    refresh_hand,
    refusal,
    start_through_lobby,
    table_message,
    wait_stored,
    wait_until,
)

GAME = "sakura"
SCREEN_TITLES = ("あなたのついたて", "Your screen")
#: Lines of the end-of-game reveal (every screen's contents).
REVEAL = ("Screen: ", "ついたて: ")
FLOWER_MARKS = "🔴🟡💧🔵⚪⚫"


# -- setting up ------------------------------------------------------------------------------


# -- reading what players see ---------------------------------------------------------------


def shown_moves(message: Message, game_id: int, version: int, seat: int) -> dict[str, str]:
    """Encoded action → custom_id of the enabled move controls of `message` for that seat at
    that version."""
    prefix = f"mv:{game_id}:{version}:{seat}:"
    return {
        b["custom_id"][len(prefix) :]: b["custom_id"]
        for b in message.buttons
        if not b.get("disabled") and b.get("custom_id", "").startswith(prefix)
    }


def offered(
    message: Message, game_id: int, version: int, seat: int, legal: list[str]
) -> dict[str, tuple[str, list[str] | None]]:
    """Encoded action → how `message` plays it for that seat at that version: a button's
    custom_id (values None), or a select's custom_id and the values to pick (many pairs to
    keep after a failed turn are one select)."""
    out: dict[str, tuple[str, list[str] | None]] = {}
    for cid, values in harness.legal_controls(message, game_id, version, seat, set(legal)):
        if values is None:
            out[cid.split(":", 4)[4]] = (cid, None)
        else:
            prefix = cid.split(":", 5)[5]
            out[".".join([prefix, *values] if prefix else values)] = (cid, values)
    return out


def legal(session: Session, seat: int) -> list[str]:
    return [a.encode() for a in session.state.legal_actions(seat)]


def choose(view: PublicView, actions: list[str], version: int) -> str:
    """A fixed policy over the actions shown: greedy draws (so turns fail now and then), every
    ability offered, white and black behind the screen whenever possible."""
    step = view.step
    if step == "draw":
        assert view.turn is not None
        big = view.turn_number % 4 == 0
        want = [4 if big else 3, 4 if big else 1, 0][view.turn.draws]
        sizes = sorted(int(a.split(".")[1]) for a in actions if a.startswith("draw."))
        if want and sizes:
            fitting = [n for n in sizes if n <= want]
            return f"draw.{max(fitting) if fitting else sizes[0]}"
        return "stop" if "stop" in actions else f"draw.{sizes[0]}"
    if step == "ability":
        uses = [a for a in actions if a.startswith("ability.")]
        return uses[0] if uses else "done"
    if step == "screen":
        wild = [a for a in actions if a.split(".")[1] in ("white", "black")]
        if wild:
            return max(wild, key=lambda a: int(a.split(".")[2]))
        return actions[-1]
    if step == "kenrokuen":
        return actions[version % len(actions)]
    return actions[0]


async def human_step(
    fake: FakeDiscord,
    session: Session,
    users: dict[int, User],
    thread_id: int,
    kinds: Counter[str],
) -> None:
    """Play one move for the human to act, only through the controls they are shown: the
    table's buttons for public steps, their own hand (brought up by the bot) for the rest."""
    state, game_id, version = session.state, session.id, session.version
    view = state.public_view()
    seat = view.to_act[0]
    user = users[seat]
    actions = legal(session, seat)
    # The table's controls carry the game's version, a hand's the seat's own.
    label = version if view.step in TABLE_STEPS else session.controls_version(seat)
    if view.step in TABLE_STEPS:

        def table_ready() -> Message | None:
            current = table_message(fake, game_id, thread_id)
            return current if offered(current, game_id, label, seat, actions) else None

        message = await fake.wait_for(table_ready, 10, "the table's buttons")
        if view.step == "draw" and view.turn is not None and view.turn.draws:
            # The failure risk is on the table, from the flowers drawn so far.
            assert "Same colour" in message.text and "colours" in message.text
    else:

        def hand_ready() -> Message | None:
            # A step with many choices is one select on the hand, the others buttons.
            hands = hand_messages(user, game_id)
            if hands and offered(hands[-1], game_id, label, seat, actions):
                return hands[-1]
            return None

        message = await fake.wait_for(hand_ready, 10, f"the hand for {view.step}")
    shown = offered(message, game_id, label, seat, actions)
    assert set(shown) == set(actions), (view.step, sorted(shown), actions)
    assert set(shown_moves(message, game_id, label, seat)) <= set(actions)
    action = choose(view, actions, version)
    kinds[action.split(".")[0]] += 1
    custom_id, values = shown[action]
    if values is None:
        inter = await user.click(message, custom_id)
    else:
        inter = await user.select(message, custom_id, values)
    response = await inter.response()
    if view.step in TABLE_STEPS:
        assert response.type in TABLE_ANSWERS
    else:  # the hand answered with its own update
        assert response.type == 7 and response.message is not None
        assert response.message.ephemeral
    await wait_stored(fake, session, version)


async def play_until_split(
    fake: FakeDiscord,
    bot: GameBot,
    users: dict[int, User],
    game_id: int,
    thread_id: int,
    kinds: Counter[str],
    *,
    stop_after: int | None = None,
) -> Session:
    """Play (humans by buttons, CPUs by themselves) until the end split, or `stop_after` human
    moves."""

    async def move(session: Session) -> None:
        await human_step(fake, session, users, thread_id, kinds)

    session = await harness.play_out(
        fake,
        bot,
        game_id,
        move,
        stop=lambda s: s.state.public_view().step == "split",
        human_moves=stop_after,
    )
    assert session is not None
    return session


# -- checking the outcome and the secrets -----------------------------------------------------


async def check_final(
    fake: FakeDiscord, bot: GameBot, game_id: int, thread_id: int, players: int
) -> tuple[dict, Counter[str]]:
    """The final breakdown message agrees with the stored result and a replay of the log.
    Returns the result and the kinds of the replayed events."""
    # The table shows 🏆 as soon as the game is over; the breakdown is a message of its own.
    final = await final_message(fake, thread_id, "Final scores")
    record, result, actions = await finished_outcome(bot, game_id)
    game = registry.get(GAME)
    replay = game.new(players, seed=record.seed, options=game.options(record.options))
    events: Counter[str] = Counter()
    for _, seat, text in actions:
        events.update(e.kind for e in replay.apply(seat, game.Action.decode(text)))
    assert replay.result().model_dump(mode="json") == result
    fields = {f["name"]: f["value"] for f in final.embeds[0]["fields"]}
    for seat, score in enumerate(result["scores"]):
        name = record.seats[seat].name
        value = next(v for n, v in fields.items() if name in n)
        assert f"**Total {score}**" in value, value
        parts = result["breakdown"][seat]
        assert f"→ **{parts['field']}**" in value
        assert (
            f"warm {result['details']['seats'][seat]['warm_count']} → **{parts['warm']}**" in value
        )
    winners = [record.seats[s].name for s in result["winners"]]
    assert all(name in final.embeds[0]["description"] for name in winners)
    # The last table reveals every screen with its split.
    assert record.table_message_id is not None
    table = fake.message(record.table_message_id)
    assert "Game over" in table.text and table.text.count("Screen: ") == players
    return result, events


def check_secrets(fake: FakeDiscord, people: list[User], game_id: int) -> None:
    """Screens stay private until the reveal; each player's hands are their own."""
    public = fake.public_text()
    assert not any(title in public for title in SCREEN_TITLES)
    for message in fake.public_messages():
        for version in message.versions:
            text = message_text(version)
            if any(mark in text for mark in REVEAL):
                # only the end-of-game table and breakdown reveal screens
                assert "Game over" in text or "Final scores" in text, text
            for line in text.splitlines():
                if "behind the screen" in line or "ついたての中" in line:
                    assert not any(mark in line for mark in FLOWER_MARKS), line
    shown: set[str] = set()
    for user in people:
        for message in hand_messages(user, game_id):
            for version in message.versions:
                embed = version["embeds"][0]
                assert embed["title"].endswith(user.name), embed["title"]  # their own hand only
                screen = next(f for f in embed["fields"] if f["name"].startswith(("🙈 あ", "🙈 Y")))
                shown.add(screen["value"])
    assert len(shown) >= len(people)  # the players really looked behind their screens
    assert not [value for value in shown if value in public]


# -- the tests -------------------------------------------------------------------------------


async def test_two_players_full_game_with_a_split_deadline(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two humans play a whole game by buttons; at the end split one answers, the other lets
    the (shortened) deadline pass and gets the documented default."""
    monkeypatch.setattr(sakura_state, "SPLIT_SECONDS", 4)
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="en-GB")
    outsider = fake.add_user("Eve", locale="ja")
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=2, pictures=False)
    # The game's clock stands still until Ben's time is to run out, however slowly the
    # machine plays the steps before.
    now = [time.time()]
    async with fake.run_bot(bot):
        bot.sessions.clock = lambda: now[0]
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [ben], GAME, language="en")
        users = {0: aoi, 1: ben}
        session = await bot.sessions.get(game_id)
        assert session is not None
        seat = session.state.to_act()[0]
        table = table_message(fake, game_id, thread_id)
        assert "Bag: **66** flowers (3 removed unseen)" in table.text
        draw = shown_moves(table, game_id, 0, seat)["draw.3"]
        before = session.state.snapshot()

        assert "参加者ではありません" in await refusal(outsider, table, draw)
        assert "not your turn" in await refusal(users[1 - seat], table, draw)
        assert "At most 8 flowers" in await refusal(
            users[seat], table, f"mv:{game_id}:0:{seat}:draw.9"
        )
        assert "Draw at least once" in await refusal(
            users[seat], table, f"mv:{game_id}:0:{seat}:stop"
        )
        assert "not possible at this step" in await refusal(
            users[seat], table, f"mv:{game_id}:0:{seat}:screen.none.0"
        )
        assert session.state.snapshot() == before and session.version == 0

        kinds: Counter[str] = Counter()
        session = await play_until_split(fake, bot, users, game_id, thread_id, kinds)
        assert kinds["draw"] >= 1 and kinds["ability"] >= 1 and kinds["screen"] >= 1

        # The end split: asked of both at once, with a deadline on the table and in the ping.
        view = session.state.public_view()
        assert view.step == "split" and sorted(view.split_waiting) == [0, 1]
        deadline = session.record.deadline
        assert deadline is not None
        when = f"<t:{int(deadline)}:R>"

        def split_table() -> Message | None:
            current = table_message(fake, game_id, thread_id)
            return current if when in current.text else None

        table = await fake.wait_for(split_table, 10, "the table with the split's deadline")
        assert "Choosing: ① Aoi, ② Ben" in table.text
        assert not shown_moves(table, game_id, session.version, 0)  # secret: not on the table

        # The ping goes to whoever was not already acting (the last mover's hand is updated
        # in place with its split buttons). The publisher may first send the ping of the last
        # mover's own turn, if it had not yet when the split began (with the split's
        # deadline, read as it sends); the split's ping then replaces it.
        last = (await bot.store.actions(game_id))[-1][1]

        def split_ping() -> Message | None:
            pings = [m for m in fake.channel_messages(thread_id) if when in m.content]
            newest = pings[-1] if pings else None
            return newest if newest and users[1 - last].mention in newest.content else None

        ping = await fake.wait_for(split_ping, 10, "the ping with the deadline")
        assert users[last].mention not in ping.content

        version = session.version
        hand = await open_hand(fake, aoi, game_id, thread_id)
        splits = shown_moves(hand, game_id, session.controls_version(0), 0)
        assert set(splits) == set(legal(session, 0))
        default = session.state.default_split(0).encode()  # type: ignore[attr-defined]
        # The split time running out would choose is the highlighted (primary) button; every
        # label says what the player does.
        styles = {b["custom_id"]: b["style"] for b in hand.buttons}
        assert [a for a, cid in splits.items() if styles[cid] == 1] == [default]
        assert all(
            b["label"].startswith("White/black: ")
            for b in hand.buttons
            if b["custom_id"] in splits.values()
        )
        assert f"<t:{int(deadline)}:R>" in hand.text
        chosen = min(splits, key=lambda a: (a == default, a))
        inter = await aoi.click(hand, splits[chosen])
        response = await inter.response()
        assert response.type == 7 and "Your split is in" in response.message.text  # type: ignore[union-attr]
        await wait_until(fake, lambda: session.version > version, "Aoi's split")
        # A second submission changes nothing: the old button is stale, a fresh one refused.
        snapshot = session.state.snapshot()
        again = await aoi.click_raw(hand.id, hand.channel_id, splits[chosen])
        response = await again.response()
        assert response.type == 7 and "changed" in response.message.text  # type: ignore[union-attr]
        fresh = f"mv:{game_id}:{session.version}:0:{chosen}"
        again = await aoi.click_raw(hand.id, hand.channel_id, fresh)
        response = await again.response()
        # The refusal itself (the hand may be edited again since, by the publisher).
        assert response.type == 7 and "⚠️" in (response.data or {}).get("content", "")
        assert session.state.snapshot() == snapshot
        # The game did not change what the hand shows since: the refusal stays on it.
        await wait_until(fake, lambda: bot.publisher.idle(game_id), "the publisher")
        assert "⚠️" in fake.message(hand.id).text

        # Ben looks at his hand and lets the time run out: the default split is his.
        ben_hand = await open_hand(fake, ben, game_id, thread_id)
        assert shown_moves(ben_hand, game_id, session.controls_version(1), 1)
        assert "If time runs out" in ben_hand.text
        ben_default = session.state.default_split(1).warm  # type: ignore[attr-defined]
        now[0] += 5
        result, events = await check_final(fake, bot, game_id, thread_id, 2)
        assert events["failure"] >= 1 and events["ability"] >= 1
        seats = result["details"]["seats"]
        assert seats[1]["warm_wilds"] == ben_default
        assert seats[0]["warm_wilds"] == int(chosen.split(".")[1])
        log = await bot.store.actions(game_id)
        assert log[-1][1:] == (1, f"split.{ben_default}")
        check_secrets(fake, [aoi, ben], game_id)


async def test_three_players_with_a_cpu_and_restarts(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Two humans and a CPU on the advanced side; the bot restarts mid-game and again during
    the end split, and controls shown before each restart keep working."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="en-US")
    users = {0: aoi, 1: ben}
    db = tmp_path / "db.sqlite3"
    kinds: Counter[str] = Counter()
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=16, pictures=False)
    async with fake.run_bot(bot):
        game_id, thread_id, lobby = await start_through_lobby(
            fake, aoi, [ben], GAME, cpus=1, options={"mastery_side": "advanced"}, language="en"
        )
        # The lobby showed the side chosen before the game started.
        lobby_texts = [message_text(v) for v in fake.message(lobby.id).versions]
        assert any("advanced side" in text for text in lobby_texts)
        assert "小松乙女" in table_message(fake, game_id, thread_id).text
        session = await play_until_split(fake, bot, users, game_id, thread_id, kinds, stop_after=25)
        # Stop on a human's draw step, with the table's buttons and a hand to reuse later.
        while session.record.seats[session.state.to_act()[0]].is_cpu or (
            session.state.public_view().step != "draw"
        ):
            session = await play_until_split(
                fake, bot, users, game_id, thread_id, kinds, stop_after=1
            )
        seat = session.state.to_act()[0]
        version = session.version

        def table_ready() -> Message | None:
            current = table_message(fake, game_id, thread_id)
            return current if shown_moves(current, game_id, version, seat) else None

        old_table = await fake.wait_for(table_ready, 10, "the table before the restart")
        old_hand = await open_hand(fake, users[seat], game_id, thread_id)
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=16, pictures=False)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None and session.version == version
        assert session.state.to_act() == [seat]
        # The table message from before the restart still plays.
        draw = next(iter(shown_moves(old_table, game_id, version, seat).values()))
        inter = await users[seat].click(old_table, draw)
        assert (await inter.response()).type == 7
        await wait_until(fake, lambda: session.version > version, "the draw after the restart")
        # So does the hand sent before it.
        await refresh_hand(fake, users[seat], old_hand, game_id)
        session = await play_until_split(fake, bot, users, game_id, thread_id, kinds)
        view = session.state.public_view()
        assert view.step == "split" and {0, 1} <= set(view.split_waiting) | set(view.split_done)
        # Let the CPU split first, then both humans look at their split buttons.
        await wait_until(
            fake,
            lambda: all(not session.record.seats[s].is_cpu for s in session.state.to_act()),
            "the CPU's split",
        )
        version = session.version
        hands = {s: await open_hand(fake, users[s], game_id, thread_id) for s in (0, 1)}
        labels = {s: session.controls_version(s) for s in hands}
        for s, hand in hands.items():
            assert set(shown_moves(hand, game_id, labels[s], s)) == set(legal(session, s))
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=16, pictures=False)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None and session.version == version
        assert session.state.public_view().step == "split"
        # Aoi splits from the hand shown before the restart.
        first = shown_moves(hands[0], game_id, labels[0], 0)
        inter = await aoi.click(hands[0], next(iter(first.values())))
        response = await inter.response()
        assert response.type == 7 and "Your split is in" in response.message.text  # type: ignore[union-attr]
        await wait_until(fake, lambda: session.version > version, "Aoi's split")
        # Ben refreshes that same message and splits.
        refreshed = await refresh_hand(fake, ben, hands[1], game_id)
        moves = shown_moves(refreshed, game_id, session.controls_version(1), 1)
        assert set(moves) == set(legal(session, 1))
        inter = await ben.click(refreshed, list(moves.values())[-1])
        assert (await inter.response()).type == 7
        _, events = await check_final(fake, bot, game_id, thread_id, 3)
        actions = [a for _, _, a in await bot.store.actions(game_id)]
    assert events["failure"] >= 1 and kinds["ability"] >= 1
    # The advanced side's public abilities were played from the table's buttons.
    assert kinds["pick"] + kinds["give"] + kinds["take"] >= 1
    assert any(a.startswith(("pick.", "give.", "take.")) for a in actions)
    check_secrets(fake, [aoi, ben], game_id)
    assert "🤖 CPU" in "\n".join(m.text for m in fake.channel_messages(thread_id))
