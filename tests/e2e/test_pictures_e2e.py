"""Pictures end to end: the real bot attaches the table's, the hands' and the end's pictures
through the fake Discord, draws the table from public information only, and a server or a
player can switch them off."""

from __future__ import annotations

import asyncio
import functools
import io
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import messages as msg
from bot.publish import compose
from bot.publish.payload import Payload
from bot.render import pictures
from bot.render.base import RenderContext
from bot.render.common import seat_mark
from bot.render.pictures import drawing_process, hand_job, table_job
from bot.render.pictures.kit import WIDTH
from bot.render.sakura import TABLE_STEPS
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from games.kasane import texts as kasane_texts
from tests.bot.test_picture_process import NoThread
from tests.bot.test_renderers import PublicOnly
from tests.e2e import test_irobae_e2e as irobae
from tests.e2e.harness import (
    custom_id,
    dm_hand,
    enabled,
    game_started,
    hand_messages,
    make_bot,
    open_hand,
    play_a_card,
    refresh_hand,
    start_through_lobby,
    table_message,
    wait_stored,
    wait_until,
)
from tests.e2e.test_kasane_e2e import human_turn, play_out
from tests.e2e.test_sakura_e2e import choose, human_step, legal, shown_moves


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def embedded_picture(fake: FakeDiscord, message: Message) -> str:
    """The file name of the message's one attachment, checked to be the picture its first
    embed shows, drawn at the renderers' width."""
    (attachment,) = message.attachments
    assert message.embeds[0]["image"]["url"] == attachment["url"]
    assert png_size(fake.attachment_bytes(attachment["id"]))[0] == WIDTH
    return attachment["filename"]


def public_pictures(fake: FakeDiscord) -> set[str]:
    """The file names of every picture any version of a public message carried."""
    return {
        a["filename"]
        for message in fake.public_messages()
        for version in message.versions
        for a in version.get("attachments") or []
    }


async def show_hand(fake: FakeDiscord, user: User, game_id: int, thread_id: int) -> Message:
    table = table_message(fake, game_id, thread_id)
    inter = await user.click(table, custom_id(table, rf"hd:{game_id}"))
    response = await inter.response()
    assert response.message is not None and response.message.ephemeral
    return response.message


async def test_pictures_on_tables_hands_and_the_end_and_switched_off(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    people = [fake.add_user("Aoi", "ja"), fake.add_user("Ben", "en-US"), fake.add_user("Chika")]
    mod = fake.add_user("Mod", "en-US", manage_guild=True)
    monkeypatch.setenv("PICTURE_PROCESS", "true")  # as a bot runs by default
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=5)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(fake, people[0], people[1:], "kasane")
        users = dict(enumerate(people))
        session = await bot.sessions.get(game_id)
        assert session is not None

        def table_bytes() -> bytes | None:
            table = table_message(fake, game_id, thread_id)
            image = table.embeds[0].get("image")
            if not image:
                assert not table.attachments
                return None
            (attachment,) = table.attachments
            assert attachment["filename"] == "table.png" and image["url"] == attachment["url"]
            assert image["width"] == WIDTH and attachment["content_type"] == "image/png"
            return fake.attachment_bytes(attachment["id"])

        def public_picture() -> bytes:
            ctx = compose.context(session)
            masked = RenderContext(ctx.game, PublicOnly(session.state), ctx.record, ctx.lang, [])
            return table_job(masked)().data

        # The table shows the picture drawn from the public view of the game as it is.
        assert table_bytes() == public_picture()
        # The bot draws in its drawing process once that has started (in its thread until
        # then): the pictures from here on are drawn there.
        worker = await fake.wait_for(drawing_process, 120, "the drawing process")
        monkeypatch.setattr(pictures, "_thread", NoThread())
        lang = session.record.language

        def table_fields() -> list[str]:
            return [f["name"] for f in table_message(fake, game_id, thread_id).embeds[0]["fields"]]

        # Beside its picture, the table's text is brief: whose turn and each seat's points
        # under it (a 襲ノ色目 table keeps to a phone's screen with its grid's moves), while a
        # card is to be taken what each take button takes, the last move.
        brief = [msg.TABLE_RECENT_MOVES(lang)]
        assert table_fields() == brief
        table = table_message(fake, game_id, thread_id)
        turn, standing, *takeable = table.embeds[0]["description"].split("\n")
        taking = session.state.public_view().step == "take"
        assert [line.split(":")[0] for line in takeable] == (
            [kasane_texts.TAKEABLE(lang)] if taking else []
        )
        assert msg.TABLE_TURN(lang, who="").strip() in turn
        points = kasane_texts.POINTS(lang, n=session.state.public_view().scores[1])
        assert f"{seat_mark(1)} {session.record.seats[1].name} {points}" in standing
        first = table_bytes()
        await human_turn(fake, bot, users, session, thread_id)
        await wait_until(fake, lambda: table_bytes() == public_picture(), "the new table picture")
        assert table_bytes() != first
        # The click was answered with the text at once; its picture followed in an edit.
        callback = "/interactions/{interaction_id}/{interaction_token}/callback"
        assert fake.requests_to("POST", callback)[-1].files == []
        edit = "/channels/{channel_id}/messages/{message_id}"
        assert fake.requests_to("PATCH", edit)[-1].files == ["table.png"]

        # A hand comes with its own picture, for its player only. Beside it, the hand's text
        # leaves out what the picture shows (the cards in hand, the tableau and its points).
        hand = await show_hand(fake, people[0], game_id, thread_id)
        assert embedded_picture(fake, hand) == "hand.png"
        assert [f["name"] for f in hand.embeds[0].get("fields") or []] in (
            [],
            [kasane_texts.MELDS("ja")],
        )
        assert "札を取って" in hand.embeds[0]["description"]  # what is being decided
        assert kasane_texts.YOUR_HAND("ja") not in hand.text

        # No hand picture was ever posted where others could see it.
        assert public_pictures(fake) <= {"table.png", "final.png"}

        # A player switches pictures of their hand off; the table keeps its picture.
        answer = await (await people[0].slash("settings", {"pictures": "off"})).response()
        assert answer.message is not None and "文字だけ" in answer.message.text
        hand = await show_hand(fake, people[0], game_id, thread_id)
        assert hand.attachments == [] and "image" not in hand.embeds[0]
        names = [f["name"] for f in hand.embeds[0]["fields"]]
        assert kasane_texts.YOUR_HAND("ja") in names  # in words, after the rows to take from
        assert table_bytes() is not None and table_fields() == brief

        # Only a manager switches the server's pictures off; the table loses its picture.
        refused = await (await people[1].slash("game pictures", {"shown": "off"})).response()
        assert refused.message is not None and "Manage Server" in refused.message.text
        done = await (await mod.slash("game pictures", {"shown": "off"})).response()
        assert done.message is not None and "text only" in done.message.text
        await human_turn(fake, bot, users, session, thread_id)
        await wait_until(fake, lambda: table_bytes() is None, "the table without its picture")
        # Without a picture the table is in words: a line per seat with the grid, the yaku
        # board, the recent moves.
        assert table_fields() == [kasane_texts.YAKU_BOARD(lang), kasane_texts.LOG(lang)]
        words = table_message(fake, game_id, thread_id).embeds[0]["description"]
        assert all(f"{seat_mark(s.seat)} {s.name}**" in words for s in session.record.seats)
        hand = await show_hand(fake, people[1], game_id, thread_id)
        assert hand.attachments == []

        # Back on, the game is played to its end: the final breakdown has its picture.
        await (await mod.slash("game pictures", {"shown": "on"})).response()
        await play_out(fake, bot, users, game_id, thread_id)

        def final() -> Message | None:
            for message in fake.channel_messages(thread_id):
                if any("🏆" in (e.get("description") or "") for e in message.embeds):
                    return message
            return None

        message = await fake.wait_for(final, 20, "the final message")
        assert embedded_picture(fake, message) == "final.png"

        # No hand picture was ever posted where others could see it.
        assert public_pictures(fake) <= {"table.png", "final.png"}
        assert drawing_process() == worker
    # The bot stopped its drawing process with itself.
    assert drawing_process() is None


async def test_a_move_from_a_hand_is_answered_at_once_and_its_picture_follows(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A card played from a live hand: the click's own answer is the hand's new text and
    buttons without an upload (the message keeps its picture a moment longer), and the
    publisher's edit then brings the hand's new picture, drawn from the game after the move."""
    people = "Aoi:en-US Ben:en-US Chika:en-US"
    async with game_started(
        fake_discord, tmp_path, "irobae", people, seed=11, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, users = game
        seats = {session.record.seat_of(user.id): user for user in users}
        for seat, user in seats.items():
            await irobae.human_pass(fake, bot, session, user, seat, thread_id)  # type: ignore[arg-type]
        assert session.state.public_view().phase == "play"
        seat = session.state.to_act()[0]
        user, version = seats[seat], session.version
        hand = await open_hand(fake, user, game_id, thread_id)

        def picture() -> bytes:
            (attachment,) = fake.message(hand.id).attachments
            assert attachment["filename"] == "hand.png"
            return fake.attachment_bytes(attachment["id"])

        before = picture()
        assert before == hand_job(compose.context(session, "en"), seat)().data
        move = enabled(hand, rf"mv:{game_id}:{version}:{seat}:play\.\d+")[0]
        inter = await user.click(hand, move)
        answer = await inter.response()
        await wait_stored(fake, session, version)
        assert answer.type == 7
        (callback,) = [
            r
            for r in fake.requests_to(
                "POST", "/interactions/{interaction_id}/{interaction_token}/callback"
            )
            if str(inter.id) in r.path
        ]
        assert callback.files == []
        # The answer itself already shows the hand after the move: one card fewer.
        cards = rf"mv:{game_id}:\d+:{seat}:play\.\d+"
        assert len(re.findall(cards, json.dumps(answer.data))) == len(
            session.state.private_view(seat).hand
        )
        after = hand_job(compose.context(session, "en"), seat)().data
        assert after != before
        await wait_until(fake, lambda: picture() == after, "the hand's new picture")
        edit = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        assert [r.files for r in fake.requests_to("PATCH", edit) if hand.id in r.message_ids][
            -1
        ] == ["hand.png"]


def slow_table_edits(fake: FakeDiscord, session: Any, people: list[User]) -> dict[int, User]:
    """Every edit of a channel message (the table) reaches Discord a second late from now on;
    returns the players by seat."""
    fake.faults.add(
        "slow",
        routes={"PATCH /channels/{channel_id}/messages/{message_id}"},
        times=None,
        delay=1.0,
    )
    return {
        info.seat: next(p for p in people if p.id == info.user_id) for info in session.record.seats
    }


def publisher_state(bot: Any, game_id: int) -> str:
    """Where the game's publisher is (its feed's flags and versions, its picture's drawing),
    for the message of a wait that timed out."""
    feed = bot.publisher.feeds._feeds.get(game_id)
    if feed is None:
        return "the game has no feed"
    drawing = "none" if feed.drawing is None else f"done={feed.drawing.done()}"
    drawn = None if feed.drawn is None else feed.drawn[0]
    return (
        f"feed: table={feed.table} editing={feed.editing} shown={feed.shown_version} "
        f"text={feed.text_version} drawing {drawing} drawn={drawn} answers={len(feed.answers)} "
        f"running={feed.task is not None and not feed.task.done()}; "
        f"drawing backed up={bot.publisher.drawing.turns.backed_up()}"
    )


async def sakura_step(
    fake: FakeDiscord, bot: Any, session: Any, users: dict[int, User], thread_id: int
) -> int | None:
    """One step of the cherry-tree game as its player makes it. A step played from the hand,
    or a table that does not show the step's buttons yet (its edit in flight: the feed sends
    it next, and this waits for it), gives None; otherwise a button of the table is clicked
    and the type of its answer returned once the move is stored."""
    game_id = session.id
    view, version = session.state.public_view(), session.version
    seat = view.to_act[0]
    if view.step not in TABLE_STEPS:
        await human_step(fake, session, users, thread_id, Counter())
        return None
    table = table_message(fake, game_id, thread_id)
    shown = shown_moves(table, game_id, version, seat)
    if not shown:
        try:
            await wait_until(
                fake,
                lambda: shown_moves(
                    table_message(fake, game_id, thread_id), game_id, version, seat
                ),
                "the table's buttons",
            )
        except AssertionError as exc:
            current = session.version
            raise AssertionError(
                f"{exc} of version {version} (the game is at {current}); "
                f"{publisher_state(bot, game_id)}"
            ) from None
        return None
    action = choose(view, legal(session, seat), version)
    inter = await users[seat].click(table, shown[action])
    answer = (await inter.response()).type
    await wait_stored(fake, session, version)
    return answer


def table_text(embeds: Any) -> list[tuple[object, ...]]:
    """What a message's embeds say, without their pictures."""
    return [
        (embed.get("title"), embed.get("description"), json.dumps(embed.get("fields")))
        for embed in embeds or []
    ]


def shown_picture_id(fake: FakeDiscord, message: Message) -> str:
    """The attachment id of the picture the message shows now."""
    (attachment,) = fake.message(message.id).attachments
    return attachment["id"]


def shows_text_of(fake: FakeDiscord, message: Message, payload: Payload) -> bool:
    """Whether the message shows the text and the controls of `payload` now."""
    embeds = [embed.to_dict() for embed in payload.embeds]
    controls = re.findall(r'"custom_id": "([^"]+)"', json.dumps(payload.view.to_components()))
    current = fake.message(message.id)
    return table_text(current.embeds) == table_text(embeds) and current.custom_ids == controls


async def shown_ahead_of_its_picture(
    fake: FakeDiscord, bot: Any, session: Any, hand: Message, seat: int
) -> None:
    """Wait until `hand` shows the text and buttons of the seat's hand as it is now, and check
    that it still shows the picture it had (the new one waits for its turn to draw)."""
    before = shown_picture_id(fake, hand)
    await wait_until(
        fake,
        lambda: shows_text_of(fake, hand, compose.hand_payload(session, seat, "en", pictures=True)),
        f"the move in seat {seat}'s hand, at once",
    )
    assert shown_picture_id(fake, hand) == before


async def test_a_table_edited_faster_than_discord_takes_uploads_never_goes_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The table's edits reach Discord a second late (slow uploads) while a player keeps
    clicking its buttons: every state the table message ever showed is at least as new as the
    one before, a click made while an edit is in flight is acknowledged without an update of
    its own, and the table ends on the game's state."""
    async with game_started(
        fake_discord, tmp_path, "sakura", "Aoi:en-US Ben:en-US", seed=3, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, people = game
        users = slow_table_edits(fake, session, people)
        answers: list[int] = []
        # At least eight clicks, and on until one came while an edit was in flight (that
        # window is the edit's request alone, a second here).
        while len(answers) < 8 or (6 not in answers and len(answers) < 30):
            answer = await sakura_step(fake, bot, session, users, thread_id)
            if answer is not None:
                answers.append(answer)

        def table_version(data: dict[str, object]) -> int:
            found = re.findall(rf"mv:{game_id}:(\d+):", json.dumps(data))
            return max(map(int, found)) if found else -1

        # The table ends on the game as it is: its text, and its buttons of the last version
        # (none when the step after the last click is made from a hand).
        expected = compose.table_payload(session, pictures=True)
        buttons = {"components": expected.view.to_components()}
        wanted = (
            table_text([embed.to_dict() for embed in expected.embeds]),
            table_version(buttons),
        )
        assert table_version(buttons) in (session.version, -1)
        await wait_until(
            fake,
            lambda: (
                (
                    table_text(table_message(fake, game_id, thread_id).data["embeds"]),
                    table_version(table_message(fake, game_id, thread_id).data),
                )
                == wanted
            ),
            "the table to show the game as it is",
        )
        shown_versions = [
            table_version(data) for data in table_message(fake, game_id, thread_id).versions
        ]
        # (A table without buttons, e.g. while a player fills their screen, has no version.)
        shown_versions = [version for version in shown_versions if version >= 0]
        assert shown_versions == sorted(shown_versions), shown_versions
        # Some clicks came while an edit was in flight: those were only acknowledged.
        assert 6 in answers and 7 in answers, answers


async def test_a_click_acknowledged_during_a_table_edit_does_not_wait_for_the_next_picture(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A click on the table while the table's edit is in flight is only acknowledged (that edit
    could land after an answer of its own). Once the edit is done, the click is answered with
    the table's new text at once: it does not wait for the next picture, which under load waits
    its turn behind every other game's pictures (here: no picture can be drawn at all)."""
    async with game_started(
        fake_discord, tmp_path, "sakura", "Aoi:en-US Ben:en-US", seed=3, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, people = game
        users = slow_table_edits(fake, session, people)
        for _ in range(40):
            if await sakura_step(fake, bot, session, users, thread_id) != 6:
                continue
            # Acknowledged while the table's edit was in flight: every picture is held back
            # now, and the table still comes to show the game after the move.
            expected = compose.table_payload(session, pictures=True)
            wanted = table_text([embed.to_dict() for embed in expected.embeds])
            async with bot.publisher.drawing.turns.turn():
                await wait_until(
                    fake,
                    lambda w=wanted: (
                        table_text(table_message(fake, game_id, thread_id).data["embeds"]) == w
                    ),
                    "the acknowledged click's answer",
                )
            return
        pytest.fail("no click came while the table's edit was in flight")


async def test_past_what_the_bot_can_draw_a_move_shows_at_once_and_its_pictures_follow(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """When the publisher's pictures would wait long for their turn to draw (here: one is
    being drawn and no other can be, and a picture has lately taken a second), a card played
    from a hand is at once in the live hand of the player to act next: its new text and
    buttons, beside the picture it had. The table and the hand of the player not to act
    (nobody waits for their buttons) are edited once, with their new pictures, as are all
    three once the pictures can be drawn."""
    async with game_started(
        fake_discord, tmp_path, "take_and_share", "Aoi:en-US Ben:en-US Chika:en-US", seed=3
    ) as game:
        fake, bot, session, game_id, thread_id, people = game
        users = {session.record.seat_of(user.id): user for user in people}
        (mover,) = session.state.to_act()
        hands = {
            seat: await open_hand(fake, user, game_id, thread_id)
            for seat, user in users.items()
            if seat != mover
        }
        table = table_message(fake, game_id, thread_id)
        picture_id = functools.partial(shown_picture_id, fake)
        edits_before = {m.id: len(fake.message(m.id).versions) for m in [table, *hands.values()]}
        table_picture = picture_id(table)
        bot.publisher.drawing.turns.drawing_seconds = 1.0
        async with bot.publisher.drawing.turns.turn():
            await play_a_card(fake, session, users[mover], mover, thread_id)
            (next_seat,) = session.state.to_act()
            assert next_seat in hands and not compose.acts_on_table(session, next_seat)
            await shown_ahead_of_its_picture(fake, bot, session, hands[next_seat], next_seat)
            waiting = [table, *(hand for seat, hand in hands.items() if seat != next_seat)]
            await asyncio.sleep(0.2)
            assert [len(fake.message(m.id).versions) for m in waiting] == [
                edits_before[m.id] for m in waiting
            ]

        def picture(message: Message) -> bytes:
            return fake.attachment_bytes(picture_id(message))

        await wait_until(
            fake,
            lambda: picture(table) == table_job(compose.context(session))().data,
            "the table's new picture",
        )
        # The mover's hand, answered with its text beside its old picture, gets its new one too.
        (played,) = hand_messages(users[mover], game_id)
        for seat, hand in [*hands.items(), (mover, played)]:
            await wait_until(
                fake,
                lambda s=seat, h=hand: (
                    picture(h) == hand_job(compose.context(session, "en"), s)().data
                ),
                f"seat {seat}'s new hand picture",
            )
        assert picture_id(table) != table_picture
        # The table and the hand not to act: one edit each, text and picture together.
        assert [len(fake.message(m.id).versions) for m in waiting] == [
            edits_before[m.id] + 1 for m in waiting
        ]


@pytest.mark.parametrize("refreshed", [False, True], ids=["follow", "refreshed"])
async def test_past_what_the_bot_can_draw_dm_hands_show_a_move_at_once_and_their_pictures_follow(
    fake_discord: FakeDiscord, tmp_path: Path, refreshed: bool
) -> None:
    """The same for hands sent by DM: when the publisher's pictures would wait long for their
    turn to draw, a card played from a DM hand is at once in the DM hand of the player to act
    next (its text and buttons, beside the picture it had), while the DM hand of the player
    not to act waits for its new picture and gets one edit; both pictures follow. When the
    player to act refreshes their DM hand meanwhile (its answer brings the picture as it is
    now), the picture that was to follow is given up: no edit is sent for it."""
    async with game_started(
        fake_discord,
        tmp_path,
        "take_and_share",
        "Aoi:en-US Ben:en-US Chika:en-US",
        dm_hands="Aoi Ben Chika",
        seed=3,
    ) as game:
        fake, bot, session, game_id, _, people = game
        users = {session.record.seat_of(user.id): user for user in people}
        picture_id = functools.partial(shown_picture_id, fake)
        shown = functools.partial(shows_text_of, fake)

        def hand_of(seat: int) -> Message:
            hand = dm_hand(users[seat], game_id)
            assert hand is not None, f"seat {seat} has no DM hand"
            return hand

        def current(seat: int) -> bool:
            """Whether the seat's DM hand shows the hand as it is, picture and all."""
            hand = dm_hand(users[seat], game_id)
            return (
                hand is not None
                and shown(hand, compose.hand_payload(session, seat, "en", pictures=True))
                and fake.attachment_bytes(picture_id(hand))
                == hand_job(compose.context(session, "en"), seat)().data
            )

        def edits(seat: int) -> int:
            return len(fake.message(hands[seat].id).versions)

        await wait_until(fake, lambda: all(map(current, users)), "every DM hand")
        hands = {seat: hand_of(seat) for seat in users}
        edits_before = {seat: edits(seat) for seat in users}
        (mover,) = session.state.to_act()
        version = session.version
        bot.publisher.drawing.turns.drawing_seconds = 1.0
        async with bot.publisher.drawing.turns.turn():
            moves = enabled(hands[mover], rf"mv:{game_id}:{version}:{mover}:play\..*")
            inter = await users[mover].click(hands[mover], moves[0])
            assert (await inter.response()).type == 7  # the DM hand answers in place
            await wait_stored(fake, session, version)
            (next_seat,) = session.state.to_act()
            (other,) = set(users) - {mover, next_seat}
            await shown_ahead_of_its_picture(fake, bot, session, hands[next_seat], next_seat)
            if refreshed:
                await refresh_hand(fake, users[next_seat], hands[next_seat], game_id)
                assert current(next_seat)
            await asyncio.sleep(0.2)
            assert edits(other) == edits_before[other]
        for seat in users:
            await wait_until(fake, lambda s=seat: current(s), f"seat {seat}'s new DM hand picture")
        await asyncio.sleep(0.5)  # (a picture drawn for nothing would be sent by now)
        # Not to act: one edit, text and picture together; to act: its text, then its picture
        # (or the refresh's answer).
        assert edits(other) == edits_before[other] + 1
        assert edits(next_seat) == edits_before[next_seat] + 2
        assert {seat: hand_of(seat).id for seat in users} == {s: h.id for s, h in hands.items()}
