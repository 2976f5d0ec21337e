"""色映に生へど end to end: the real bot against the fake Discord server, played through the pass
select and the card buttons of each player's hand."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from bot.client import GameBot
from bot.render.irobae import (
    card_short,
    card_text,
    cards_short,
    colours_short,
    signed,
    taking_change,
)
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.session import Session
from games.irobae.views import CardView
from tests.e2e import harness
from tests.e2e.harness import (
    custom_id,
    final_message,
    finished_outcome,
    hands_in_words,
    ids,
    make_bot,
    open_hand,
    play_a_card,
    refresh_hand,
    start_through_lobby,
    table_message,
    table_showing,
    wait_until,
)

GAME = "irobae"
HAND_TITLES = ("あなたの手札", "Your hand")
CHOICE_TITLES = ("に渡す2枚", "Passing to")
#: Any card as the renderer writes one (`🟥7`, `🟥花7`, `🟥 flower 7`, `🟥 flower: 3 6`).
ANY_CARD = re.compile(r"[🟥🟧🟨🟩🟦] ?[^\s\d·]*:? ?\d")


def pass_select(hand: Message, game_id: int, seat: int) -> dict:
    """The hand's one pass select, checked: 2 values, the passable cards in ascending order."""
    found = ids(hand, rf"mk:{game_id}:\d+:{seat}:\d:pass")
    assert len(found) == 1, hand.custom_ids
    select = hand.component(found[0])
    assert select is not None
    assert select["min_values"] == 2 and select["max_values"] == 2
    values = [int(o["value"]) for o in select["options"]]
    assert values == sorted(values) and len(values) == 9
    return select


def field(message: Message, *titles: str) -> str | None:
    """The value of the first embed field whose name holds one of `titles`."""
    for embed in message.embeds:
        for f in embed.get("fields") or []:
            if any(title in f["name"] for title in titles):
                return f["value"]
    return None


async def choose_pass(
    fake: FakeDiscord, bot: GameBot, session: Session, user: User, seat: int, hand: Message
) -> list[int]:
    """Pick two cards in the hand's pass select (the higher one first: the platform puts them
    in option order). Returns the chosen card ids, ascending.

    The hand may have been shown before other players chose theirs. Such a select either
    still plays (others' secret choices change nothing this player saw) or is answered with
    the fresh hand and a warning, whose new select then plays.
    """
    version = session.version
    select = pass_select(hand, session.id, seat)
    values = [o["value"] for o in select["options"]]
    assert {int(v) for v in values} == set(session.state.private_view(seat).passable)
    pick = [values[-1], values[version % (len(values) - 1)]]
    inter = await user.select(hand, select["custom_id"], pick)
    response = await inter.response()
    assert response.type == 7 and response.message is not None and response.message.ephemeral
    assert response.message.id == hand.id
    # The pass cannot be taken back: it is shown back and played on a second click.
    chosen = sorted(int(v) for v in pick)
    # Its Confirm carries the version the seat's controls carry (`Session.controls_version`).
    label = session.controls_version(seat)
    confirm = f"mv:{session.id}:{label}:{seat}:pass.{chosen[0]}.{chosen[1]}"
    if "⚠️" not in response.message.text:
        assert "☑️" in response.message.text and session.version == version
        inter = await user.click(fake.message(hand.id), confirm)
        response = await inter.response()
        assert response.type == 7 and response.message is not None
    if session.version == version:
        assert "⚠️" in response.message.text
        return await choose_pass(fake, bot, session, user, seat, fake.message(hand.id))
    await wait_until(fake, lambda: session.version > version, "the pass to be stored")
    chosen = sorted(int(v) for v in pick)
    # The pass is the seat's first move after `version`; CPUs may have moved since.
    log = await bot.store.actions(session.id)
    after = [action for v, s, action in log if v > version and s == seat]
    assert after[:1] == [f"pass.{chosen[0]}.{chosen[1]}"]
    return chosen


async def human_pass(
    fake: FakeDiscord, bot: GameBot, session: Session, user: User, seat: int, thread_id: int
) -> list[int]:
    hand = await open_hand(fake, user, session.id, thread_id)
    assert field(hand, *CHOICE_TITLES) is None
    return await choose_pass(fake, bot, session, user, seat, hand)


async def human_move(
    fake: FakeDiscord, bot: GameBot, users: dict[int, User], session: Session, thread_id: int
) -> None:
    """The human to act passes or plays, through their hand."""
    seat = session.state.to_act()[0]
    if session.state.public_view().phase == "pass":
        await human_pass(fake, bot, session, users[seat], seat, thread_id)
    else:
        await play_a_card(fake, session, users[seat], seat, thread_id)


#: Humans play through their hands, CPUs on their own, until the end or until `stop`.
play_out = partial(harness.humans_play, human_move)


async def check_final(fake: FakeDiscord, bot: GameBot, game_id: int, thread_id: int) -> dict:
    """The breakdown message matches the stored result, which matches a replay of the log."""
    final = await final_message(fake, thread_id)
    record, result, actions = await finished_outcome(bot, game_id)
    players = len(record.seats)
    # N deals of 9 tricks, and one pass per seat per deal.
    assert len(actions) == players * players * 10
    embed = final.embeds[0]
    fields = embed["fields"]
    assert len(fields) == players
    names = [info.name for info in record.seats]
    for seat, score in enumerate(result["scores"]):
        value = next(f["value"] for f in fields if f["name"].endswith(f" {names[seat]}"))
        lines = value.split("\n")
        assert re.fullmatch(rf"\*\*.+[:：] ?{re.escape(signed(score))}\*\*", lines[-1]), value
        deals = result["details"]["deal_scores"]
        assert [re.split(r"[:：] ?", line)[-1] for line in lines[:-1]] == [
            signed(row[seat]) for row in deals
        ]
    # Highest total first; the winners are named in the description.
    shown = [next(s for s in range(players) if f["name"].endswith(f" {names[s]}")) for f in fields]
    assert [result["scores"][s] for s in shown] == sorted(result["scores"], reverse=True)
    assert all(names[s] in embed["description"] for s in result["winners"])
    return result


def hand_secrets(fake: FakeDiscord, people: list[User], game_id: int) -> set[str]:
    """Every hand and pass choice a player was shown privately (all message versions, also of
    hands since replaced by a newer one); and each hand message only ever showed its own
    player's hand."""
    found: set[str] = set()
    for user in people:
        ever = [m for m in fake.messages.values() if m.ephemeral_for == user.id]
        for message in ever + user.dms():
            for version in message.versions:
                for embed in version.get("embeds") or []:
                    assert embed["title"].endswith(f" {user.name}"), embed["title"]
                    for f in embed.get("fields") or []:
                        secret = any(t in f["name"] for t in HAND_TITLES + CHOICE_TITLES)
                        if secret and ANY_CARD.search(f["value"]):
                            found.add(f["value"])
    return found


async def test_three_humans_play_a_full_game_with_a_restart_in_the_pass(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Three humans play a whole game with open minimums, passing from their hands: the first
    pass with every hand open at once, the second split by a restart of the bot."""
    fake = fake_discord
    people = [
        fake.add_user("Aoi", locale="ja"),
        fake.add_user("Ben", locale="en-US"),
        fake.add_user("Chika", locale="en-GB"),
    ]
    users = dict(enumerate(people))
    db = tmp_path / "db.sqlite3"
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(
            fake, people[0], people[1:], GAME, options={"open_minimums": "on"}, language="en"
        )
        session = await bot.sessions.get(game_id)
        assert session is not None
        table = table_message(fake, game_id, thread_id)
        assert "Deal 1/3" in table.text and "⏳ ①→②" in table.text
        assert not ANY_CARD.search(table.text)  # nothing of any hand on the table
        # The first pass, really at the same time: everyone opens their hand first.
        hands = {s: await open_hand(fake, users[s], game_id, thread_id) for s in range(3)}
        for s, hand in hands.items():
            pass_select(hand, game_id, s)
            assert "Choose 2 cards" in hand.text or "2枚選んでください" in hand.text
        chosen = {0: await choose_pass(fake, bot, session, people[0], 0, hands[0])}
        answered = fake.message(hands[0].id)
        shown = field(answered, *CHOICE_TITLES)
        assert shown == " ".join(card_text(c, "ja") for c in chosen[0])
        assert not ids(answered, rf"m[sk]:{game_id}:.*")  # a choice is final
        table = await table_showing(fake, game_id, thread_id, "✅ ①→②", "the table with Aoi's pass")
        assert "⏳ ②→③" in table.text and "⏳ ③→①" in table.text
        assert not ANY_CARD.search(table.text)  # who has passed, never what
        for s in (1, 2):
            # Hands shown before the others chose still lead to a pass.
            chosen[s] = await choose_pass(fake, bot, session, users[s], s, hands[s])
        assert session.state.public_view().phase == "play"
        # Each hand now tells what went left and what came from the right.
        for s in range(3):
            refreshed = await refresh_hand(fake, users[s], hands[s], game_id)
            value = field(refreshed, "このディールの受け渡し", "This deal's pass")
            assert value is not None
            received = [CardView.of(c) for c in chosen[(s - 1) % 3]]
            assert cards_short([CardView.of(c) for c in chosen[s]]) in value
            assert cards_short(received) in value

        # On to the second deal's pass: two players choose, then the bot restarts.
        await play_out(
            fake, bot, users, game_id, thread_id, stop=lambda s: s.state.public_view().deal == 2
        )
        session = await bot.sessions.get(game_id)
        assert session is not None and session.state.public_view().phase == "pass"
        table = await table_showing(
            fake, game_id, thread_id, "Deal 2/3", "the table of the second deal"
        )
        assert "Last deal's scores" in table.text and "Deal 1: ①" in table.text
        assert "open: " in fake.public_text()  # the open minimums were on the table
        chosen = {}
        kept = {}
        for s in (0, 1):
            hand = await open_hand(fake, users[s], game_id, thread_id)
            chosen[s] = await choose_pass(fake, bot, session, users[s], s, hand)
            kept[s] = fake.message(hand.id)
        last_hand = await open_hand(fake, people[2], game_id, thread_id)
        version = session.version
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None and session.version == version
        view = session.state.public_view()
        assert view.phase == "pass" and view.passed == [True, True, False]
        assert session.state.to_act() == [2]
        # Shown by the bot before it stopped, or else republished by the restart: the second
        # pass's table edit may not have been sent yet when the first bot stopped.
        table = await table_showing(
            fake, game_id, thread_id, "✅ ①→② · ✅ ②→③", "the table with both passes"
        )
        assert "✅ ①→② · ✅ ②→③ · ⏳ ③→①" in table.text
        # The choices made before the restart are kept, and the old hands still refresh.
        for s in (0, 1):
            refreshed = await refresh_hand(fake, users[s], kept[s], game_id)
            lang = "ja" if s == 0 else "en"
            assert field(refreshed, *CHOICE_TITLES) == " ".join(
                card_text(c, lang) for c in chosen[s]
            )
        # The last player chooses in the hand shown before the restart: the pass resolves.
        chosen[2] = await choose_pass(fake, bot, session, people[2], 2, last_hand)
        assert session.state.public_view().phase == "play"
        for s in range(3):
            assert session.state.private_view(s).received == [
                CardView.of(c) for c in chosen[(s - 1) % 3]
            ]
        await table_showing(
            fake, game_id, thread_id, "Deal 2/3 · Trick 1/9", "the table after the pass"
        )
        value = field(fake.message(last_hand.id), "This deal's pass")
        assert value is not None and cards_short([CardView.of(c) for c in chosen[1]]) in value
        await play_out(fake, bot, users, game_id, thread_id)
        await check_final(fake, bot, game_id, thread_id)
    public = fake.public_text()
    secrets = hand_secrets(fake, people, game_id)
    assert len(secrets) >= 20
    assert not [s for s in secrets if s in public]
    assert not any(title in public for title in HAND_TITLES + CHOICE_TITLES)


def rows(message: Message) -> list[list[dict]]:
    """The message's action rows, each as its components."""
    return [row.get("components") or [] for row in message.components]


async def test_six_players_with_cpus_fit_the_layout(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """One human and five CPUs: six seats on the table, nine cards in one pass select and in
    nine buttons of the hand, through a whole game."""
    fake = fake_discord
    hana = fake.add_user("Hana", locale="ja")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=8)
    async with fake.run_bot(bot):
        await hands_in_words(bot, hana)  # (the hand's text is compared with what is public)
        game_id, thread_id, _ = await start_through_lobby(
            fake, hana, [], GAME, cpus=5, language="ja"
        )
        session = await bot.sessions.get(game_id)
        assert session is not None
        await wait_until(fake, lambda: session.state.to_act() == [0], "the CPUs' passes")
        # The table catches up with every CPU's pass (it may show some of them first).
        await wait_until(
            fake,
            lambda: (
                "✅ ②→③" in table_message(fake, game_id, thread_id).text
                and all(
                    f"✅ {mark}" in table_message(fake, game_id, thread_id).text for mark in "②③④⑤⑥"
                )
            ),
            "the table with the CPUs' passes",
        )
        table = table_message(fake, game_id, thread_id)
        # Beside the picture: who has passed to whom on one line, each seat's total on another.
        assert "⏳ ①→②" in table.text
        scores = table.embeds[0]["fields"][0]
        assert scores["name"] == "得点"
        assert [f"{mark} " in scores["value"] for mark in "①②③④⑤⑥"] == [True] * 6
        assert "🤖 CPU 5" in scores["value"] and "第1/6ディール" in table.text
        hand = await open_hand(fake, hana, game_id, thread_id)
        assert [len(row) for row in rows(hand)] == [1, 1]  # the pass select, then refresh
        assert "②" in pass_select(hand, game_id, 0)["placeholder"]
        await choose_pass(fake, bot, session, hana, 0, hand)
        # The first trick: Hana's hand holds nine buttons in two rows, and refresh.
        while session.state.public_view().turn != 0:
            version = session.version
            await wait_until(fake, lambda v=version: session.version > v, "a CPU card")
        # The last CPU card is applied; wait until it is stored (the version moves then).
        await wait_until(fake, lambda: not session.lock.locked(), "the CPU card stored")
        hand = await open_hand(fake, hana, game_id, thread_id)
        assert [len(row) for row in rows(hand)] == [5, 5]
        assert len(ids(hand, rf"mv:{game_id}:{session.version}:0:play\.\d+")) == 9
        await play_out(fake, bot, {0: hana}, game_id, thread_id)
        result = await check_final(fake, bot, game_id, thread_id)
        assert len(result["scores"]) == 6
        final = [m for m in fake.channel_messages(thread_id) if "🏆" in m.text][-1]
        assert "第6ディール" in final.text and "🤖 CPU 1" in final.text
    secrets = hand_secrets(fake, [hana], game_id)
    assert secrets and not [s for s in secrets if s in fake.public_text()]


async def test_refusals_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A second pass, another player's select, an outsider, a card of the wrong step, an
    unplayable card and a card out of turn: each is answered in the clicker's language and
    changes nothing."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="ja")
    chika = fake.add_user("Chika", locale="en-US")
    eve = fake.add_user("Eve", locale="ja")
    users = {0: aoi, 1: ben, 2: chika}
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=5)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(
            fake, aoi, [ben, chika], GAME, language="en"
        )
        session = await bot.sessions.get(game_id)
        assert session is not None

        async def refused(user: User, message: Message, cid: str, values: list[str] | None) -> str:
            """Send a control as `user` (forged or stale); nothing may change."""
            before, version = session.state.snapshot(), session.version
            kind = 2 if values is None else 3
            inter = await user.click_raw(message.id, message.channel_id, cid, kind, values=values)
            response = await inter.response()
            assert response.message is not None
            assert response.type in (4, 7) and response.message.ephemeral
            assert session.state.snapshot() == before and session.version == version
            return response.text

        hands = {s: await open_hand(fake, users[s], game_id, thread_id) for s in range(3)}
        select = pass_select(hands[0], game_id, 0)
        two = [o["value"] for o in select["options"]][:2]
        # An outsider, and another player, on Aoi's pass select.
        assert "参加者ではありません" in await refused(eve, hands[0], select["custom_id"], two)
        assert "他のプレイヤーのもの" in await refused(ben, hands[0], select["custom_id"], two)
        # A card played during the pass step.
        card = session.state.private_view(1).hand[0].id
        text = await refused(ben, hands[1], f"mv:{game_id}:0:1:play.{card}", None)
        assert "その操作をする段階ではありません" in text
        # Aoi passes; her choice is final: neither the same select again nor a fresh one plays.
        chosen = await choose_pass(fake, bot, session, aoi, 0, hands[0])
        again = [str(c) for c in chosen]
        assert "⚠️" in await refused(aoi, hands[0], select["custom_id"], again)
        fresh = f"mk:{game_id}:{session.version}:0:0:pass"
        assert "already chosen" in await refused(aoi, hands[0], fresh, two)
        assert session.state.private_view(0).pass_choice == [CardView.of(c) for c in chosen]
        for s in (1, 2):
            await choose_pass(fake, bot, session, users[s], s, hands[s])
        assert session.state.public_view().phase == "play"

        # Play on until someone must follow while holding other colours.
        def must_follow(s: Session) -> bool:
            view = s.state.public_view()
            if view.phase != "play" or not view.trick or view.turn is None:
                return False
            private = s.state.private_view(view.turn)
            return len(private.playable) < len(private.hand)

        await play_out(fake, bot, users, game_id, thread_id, stop=must_follow)
        view = session.state.public_view()
        seat = view.turn
        assert seat is not None
        version = session.version
        hand = await open_hand(fake, users[seat], game_id, thread_id)
        private = session.state.private_view(seat)
        disabled = [
            b["custom_id"]
            for b in hand.buttons
            if b.get("disabled") and b["custom_id"].startswith(f"mv:{game_id}:{version}:")
        ]
        assert len(disabled) == len(private.hand) - len(private.playable) > 0
        held = [c for c in view.follow_colours if any(h.colour == c for h in private.hand)]
        assert colours_in(held, users[seat]) in hand.text  # the prompt names the colours to follow
        # Each playable card is said to win the trick as it stands (a green button, with the
        # points it would bring) or not (a blue one); the locked ones are grey.
        for card in private.hand:
            (button,) = [b for b in hand.buttons if b["custom_id"].endswith(f":play.{card.id}")]
            change = taking_change(private, card.id)
            if card.id not in private.playable:
                assert button["style"] == 2 and button["disabled"]
            elif change is None:
                assert button["style"] == 1 and card_short(card) in hand.text
            else:
                assert button["style"] == 3 and f"{card_short(card)} {signed(change)}" in hand.text
        text = await refused(users[seat], hand, disabled[0], None)
        assert "その中から出してください" in text or "play one of those" in text
        # A player not to act, with a button of their own hand at the current version.
        other = (seat + 1) % 3
        card = session.state.private_view(other).hand[0].id
        other_hand = await open_hand(fake, users[other], game_id, thread_id)
        assert not [
            b for b in other_hand.buttons if b["custom_id"].startswith("mv:") and not b["disabled"]
        ]
        text = await refused(
            users[other], other_hand, f"mv:{game_id}:{version}:{other}:play.{card}", None
        )
        assert "あなたの番ではありません" in text or "not your turn" in text
        # A pass during the play step.
        pair = sorted(c.id for c in private.hand[:2])
        text = await refused(
            users[seat], hand, f"mv:{game_id}:{version}:{seat}:pass.{pair[0]}.{pair[1]}", None
        )
        assert "その操作をする段階ではありません" in text or "another step" in text
        assert custom_id(table_message(fake, game_id, thread_id), rf"hd:{game_id}")


def colours_in(colours: list[int], user: User) -> str:
    """How the hand's prompt names the colours to follow, in the user's language."""
    return colours_short(colours, "ja" if user.locale == "ja" else "en")
