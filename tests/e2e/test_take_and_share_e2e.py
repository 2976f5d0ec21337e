"""Take & Share end to end: the real bot against the fake Discord server, played through buttons."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from bot.client import GameBot
from bot.render.take_and_share import by_suit, played, shorts
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.session import Session
from games import registry
from games.take_and_share import scoring, texts
from tests.e2e import harness
from tests.e2e.harness import (
    TABLE_ANSWERS,
    enabled,
    final_message,
    finished_outcome,
    game_started,
    hand_messages,
    hand_with_plays,
    ids,
    legal_move_ids,
    make_bot,
    open_hand,
    play_a_card,
    play_from_hand,
    refresh_hand,
    refusal,
    start_through_lobby,
    table_message,
    table_offering,
    wait_until,
)

GAME = "take_and_share"
HAND_TITLES = ("あなたの手札", "Your hand")
RECEIVED_TITLES = ("受け取ったカード", "Your received cards")
EMPTY = ("（なし）", "(none)")


async def human_step(
    fake: FakeDiscord, bot: GameBot, users: dict[int, User], session: Session, thread_id: int
) -> None:
    """Play one move for the human to act, only through the buttons they are shown."""
    state, game_id, version = session.state, session.id, session.version
    seat = state.to_act()[0]
    user = users[seat]
    view = state.public_view()
    if view.step == "give":
        pattern = rf"mv:{game_id}:{version}:{seat}:give\..*"
        table = await table_offering(fake, game_id, thread_id, pattern, "the share buttons")
        gives = ids(table, pattern)
        assert set(gives) == legal_move_ids(session, seat)  # one button per player left
        assert "Who gets" in table.text or "誰に渡しますか" in table.text
        if version % 2:
            # The winner's hand carries the same buttons, each naming the card and its receiver.
            hand = await open_hand(fake, user, game_id, thread_id)
            assert enabled(hand, pattern) == gives
            card = texts.card_short(view.next_gift)  # type: ignore[arg-type]
            labels = [b["label"] for b in hand.buttons if b.get("custom_id") in gives]
            assert all(label.startswith(f"{card} → ") for label in labels), labels
            assert "One card each" in hand.text or "1人1枚" in hand.text
            await play_from_hand(fake, user, hand, gives[version % len(gives)], session, version)
        else:
            inter = await user.click(table, gives[version % len(gives)])
            response = await inter.response()
            assert response.type in TABLE_ANSWERS
            await wait_until(fake, lambda: session.version > version, "the gift to be stored")
        if session.state.to_act() == [seat] and session.state.public_view().step == "lead":
            # The share is over: the winner leads, and the bot brings their hand up at once.
            lead = rf"mv:{game_id}:{session.version}:{seat}:play\..*"
            await wait_until(
                fake,
                lambda: any(enabled(h, lead) for h in hand_messages(user, game_id)),
                "the hand brought up after the share",
            )
        return
    # Otherwise a card is played, from the hand (the bot brings it up itself after a share).
    await play_a_card(fake, session, user, seat, thread_id)


#: Humans play through buttons, CPUs on their own, until the end or until `stop`.
play_out = partial(harness.humans_play, human_step)


async def check_final(
    fake: FakeDiscord, bot: GameBot, game_id: int, thread_id: int, names: list[str]
) -> dict:
    """The breakdown message matches the stored result, which matches a replay of the log."""
    final = await final_message(fake, thread_id)
    record, result, _ = await finished_outcome(bot, game_id)
    assert len(record.seats) == len(names)
    games = result["details"]["games"]
    last = games[-1]
    assert last["scores"] == scoring.final_scores([[tuple(c) for c in r] for r in last["received"]])
    fields = {f["name"]: f["value"] for f in final.embeds[0]["fields"]}
    for seat, score in enumerate(result["scores"]):
        value = next(v for name, v in fields.items() if names[seat] in name)
        assert f"Total: {score}**" in value or f"合計：{score}**" in value, value
    assert all(names[s] in final.embeds[0]["description"] for s in result["winners"])
    return result


def seen_hands(
    seed: int, options: dict, actions: list[tuple[int, int, str]], players: int
) -> tuple[list[set[str]], list[set[str]]]:
    """Every hand and received-cards text each seat could have been shown (replaying the log)."""
    game = registry.get(GAME)
    state = game.new(players, seed=seed, options=game.options(options))
    hands: list[set[str]] = [set() for _ in range(players)]
    received: list[set[str]] = [set() for _ in range(players)]

    def note() -> None:
        for seat in range(players):
            private = state.private_view(seat)
            hands[seat].add(by_suit(private.hand))
            received[seat].add(by_suit(private.received, sums=True))

    note()
    for _, seat, text in actions:
        state.apply(seat, game.Action.decode(text))
        note()
    return hands, received


def check_hidden(
    fake: FakeDiscord,
    people: dict[int, User],
    hands: list[set[str]],
    received: list[set[str]],
    game_id: int,
) -> int:
    """No hand is ever public; each player's private messages hold only their own cards.
    Returns how many multi-suit hands the players were shown."""
    public = fake.public_text()
    assert not any(title in public for title in HAND_TITLES + RECEIVED_TITLES)
    shown = 0
    for seat, user in people.items():
        # Every hand message ever shown, also those a newer hand replaced since.
        ever = [m for m in fake.messages.values() if m.ephemeral_for == user.id]
        for message in ever + user.dms():
            for version in message.versions:
                for embed in version.get("embeds") or []:
                    assert user.name in embed.get("title", "")  # the hand is this player's
                    for field in embed.get("fields") or []:
                        name, value = field["name"], field["value"]
                        if value in EMPTY:
                            continue
                        if name.startswith(HAND_TITLES):
                            assert value in hands[seat], value
                            others = [s for s in range(len(hands)) if s != seat]
                            if "\n" in value:
                                assert not any(value in hands[s] for s in others)
                                assert value not in public
                                shown += 1
                        elif name.startswith(RECEIVED_TITLES):
                            assert value in received[seat], value
    return shown


def table_agrees(table: Message, session: Session) -> None:
    """What the table shows at a share step: the trick just won in play order, the cards
    handed out and the new share cards, received counts, the trick's number, the recent gifts,
    no hand."""
    view = session.state.public_view()
    text = table.text
    assert played(view.history[-1].cards) in text
    assert f"Handing out** {shorts(view.to_give)}" in text
    assert f"New share cards** {shorts(view.share_cards)}" in text
    for seat in range(view.players):
        assert f"received {view.received_counts[seat]}" in text
    assert f"Trick {view.trick_number}/{view.tricks_per_game}" in text
    assert "→" in text  # the gift log has entries
    for seat in range(view.players):
        for card in session.state.private_view(seat).hand:
            for shown in (texts.card_short(card), texts.card_name(card, "en")):
                assert not re.search(re.escape(shown) + r"(?!\d)", text), shown


async def run_game(
    fake: FakeDiscord, tmp_path: Path, name: str, *, restart: bool
) -> tuple[dict, list, int]:
    """Two humans and a CPU play a seeded 3-player game, with or without a bot restart at a
    share step of a human trick winner. Returns the result, the action log and how many
    multi-suit hands the players were shown."""
    people = [fake.add_user(f"{name}{i}", locale="en-US") for i in range(2)]
    db = tmp_path / f"{name}.sqlite3"
    users = {0: people[0], 1: people[1]}
    names = [people[0].name, people[1].name, "CPU 1"]

    def at_human_share(session: Session) -> bool:
        view = session.state.public_view()
        giver = view.share_giver
        return (
            restart
            and view.trick_number >= 5
            and giver is not None
            and not session.record.seats[giver].is_cpu
            and not view.share_received
        )

    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(
            fake, people[0], people[1:], GAME, cpus=1, language="en"
        )
        await play_out(fake, bot, users, game_id, thread_id, stop=at_human_share)
        if not restart:
            return await finish(fake, bot, game_id, thread_id, names, users)
        session = await bot.sessions.get(game_id)
        assert session is not None
        seat, version = session.state.to_act()[0], session.version
        pattern = rf"mv:{game_id}:{version}:{seat}:give\..*"
        old_table = await table_offering(fake, game_id, thread_id, pattern)
        table_agrees(old_table, session)
        # A hand opened before the restart, to use afterwards.
        old_hand = await open_hand(fake, users[seat], game_id, thread_id)
        assert "One card each, yourself included" in old_hand.text
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    async with fake.run_bot(bot):
        session = await bot.sessions.get(game_id)
        assert session is not None and session.version == version
        assert session.state.to_act() == [seat]
        # The table message from before the restart still works: its share buttons play.
        gives = ids(old_table, pattern)
        inter = await users[seat].click(old_table, gives[version % len(gives)])
        assert (await inter.response()).type == 7
        await wait_until(fake, lambda: session.version > version, "the gift to be stored")
        # So does the ephemeral hand sent before the restart.
        await refresh_hand(fake, users[seat], old_hand, game_id)
        await play_out(fake, bot, users, game_id, thread_id)
        return await finish(fake, bot, game_id, thread_id, names, users)


async def finish(
    fake: FakeDiscord,
    bot: GameBot,
    game_id: int,
    thread_id: int,
    names: list[str],
    users: dict[int, User],
) -> tuple[dict, list, int]:
    result = await check_final(fake, bot, game_id, thread_id, names)
    record = await bot.store.get(game_id)
    assert record is not None
    actions = await bot.store.actions(game_id)
    hands, received = seen_hands(record.seed, record.options, actions, len(names))
    shown = check_hidden(fake, users, hands, received, game_id)
    return result, actions, shown


async def test_two_humans_and_a_cpu_with_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    straight, straight_log, _ = await run_game(fake, tmp_path, "s", restart=False)
    restarted, restarted_log, shown = await run_game(fake, tmp_path, "r", restart=True)
    assert [a[1:] for a in restarted_log] == [a[1:] for a in straight_log]
    assert restarted == straight
    plays = [a for a in restarted_log if a[2].startswith("play.")]
    gives = [a for a in restarted_log if a[2].startswith("give.")]
    assert len(plays) == 45  # 15 tricks of 3 cards
    # 15 shares, the last trick's included; the third card of each goes by itself
    assert len(gives) == 15 * 2
    assert shown >= 10  # the players really looked at their hands


async def test_refusals_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    people = "Aoi:en-US Ben:en-US Chika:en-US Eve:ja"  # Eve only looks on
    async with game_started(
        fake_discord, tmp_path, GAME, people, seated=3, seed=5, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben, chika, outsider) = game
        users = {0: aoi, 1: ben, 2: chika}

        async def on_hand(user: User, hand: Message, cid: str) -> str:
            inter = await user.click_raw(hand.id, hand.channel_id, cid)
            response = await inter.response()
            assert response.type == 7 and response.message is not None
            assert response.message.id == hand.id  # the hand, refreshed, with the reason on top
            return response.text

        def may_break_suit(s: Session) -> bool:
            """A follower who holds the lead suit and other suits too."""
            view = s.state.public_view()
            if view.step != "follow":
                return False
            private = s.state.private_view(view.to_act[0])
            return 0 < len(private.playable) < len(private.hand)

        # Playing: an off-suit card while holding the lead suit, a card not in the hand,
        # another player's button, a non-player.
        await play_out(fake, bot, users, game_id, thread_id, stop=may_break_suit)
        seat, version = session.state.to_act()[0], session.version
        private = session.state.private_view(seat)
        hand = await hand_with_plays(fake, users[seat], game_id, thread_id, version, seat)
        before = session.state.snapshot()
        off = next(c for c in private.hand if c not in private.playable)
        off_id = f"mv:{game_id}:{version}:{seat}:play.{off[0]}.{off[1]}"
        assert off_id in hand.custom_ids and off_id not in enabled(hand, ".*")  # shown disabled
        text = await on_hand(users[seat], hand, off_id)
        assert "⚠️" in text and "you must play it" in text
        missing = next((s, n) for s in range(6) for n in range(3, 11) if (s, n) not in private.hand)
        text = await on_hand(
            users[seat], hand, f"mv:{game_id}:{version}:{seat}:play.{missing[0]}.{missing[1]}"
        )
        assert "not in your hand" in text
        other = (seat + 1) % 3
        other_hand = await open_hand(fake, users[other], game_id, thread_id)
        legal = sorted(legal_move_ids(session, seat))[0]
        assert "belongs to another player" in await refusal(users[other], other_hand, legal)
        table = table_message(fake, game_id, thread_id)
        assert "参加者ではありません" in await refusal(outsider, table, f"hd:{game_id}")
        assert "参加者ではありません" in await refusal(outsider, table, legal)
        assert session.state.snapshot() == before and session.version == version

        # Sharing: another player, a wrong card, a second card to the same player, a stale click.
        await play_out(
            fake,
            bot,
            users,
            game_id,
            thread_id,
            stop=lambda s: s.state.public_view().step == "give",
        )
        giver, version = session.state.to_act()[0], session.version
        view = session.state.public_view()
        pattern = rf"mv:{game_id}:{version}:{giver}:give\..*"
        table = await table_offering(fake, game_id, thread_id, pattern, "the share buttons")
        gives = ids(table, pattern)
        assert len(gives) == 3 and view.next_gift is not None
        before = session.state.snapshot()
        other = (giver + 1) % 3
        assert "not your turn" in await refusal(users[other], table, gives[0])
        assert "参加者ではありません" in await refusal(outsider, table, gives[0])
        wrong = view.to_give[1]
        text = await refusal(
            users[giver], table, f"mv:{game_id}:{version}:{giver}:give.{wrong[0]}.{wrong[1]}.0"
        )
        assert "not the share card being given now" in text
        assert session.state.snapshot() == before and session.version == version
        first = await users[giver].click(table, gives[0])
        assert (await first.response()).type == 7
        to = int(gives[0].rsplit(".", 1)[1])
        after = session.state.snapshot()
        version = session.version
        card = session.state.public_view().next_gift
        assert card is not None
        again = f"mv:{game_id}:{version}:{giver}:give.{card[0]}.{card[1]}.{to}"
        text = await refusal(users[giver], table, again)
        assert "already received a card in this share" in text
        text = await refusal(users[giver], table, gives[0])  # a double click
        assert "changed" in text
        assert session.state.snapshot() == after and session.version == version
        # The table no longer offers the player who got a card.
        current = table_message(fake, game_id, thread_id)
        assert not [c for c in current.custom_ids if c.endswith(f"give.{card[0]}.{card[1]}.{to}")]


async def test_long_game_with_two_cpus(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    hana = fake.add_user("Hana", locale="ja")
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=3, pictures=False)
    async with fake.run_bot(bot):
        game_id, thread_id, _ = await start_through_lobby(
            fake, hana, [], GAME, cpus=2, options={"long_game": "on"}, language="ja"
        )
        table = table_message(fake, game_id, thread_id)
        assert "累計得点（30点を超えたら終了）" in table.text and "第1ゲーム" in table.text
        await play_out(fake, bot, {0: hana}, game_id, thread_id)
        result = await check_final(fake, bot, game_id, thread_id, ["Hana", "CPU 1", "CPU 2"])
        games = result["details"]["games"]
        assert len(games) >= 2 and max(result["scores"]) > 30
        assert result["scores"] == [sum(g["scores"][s] for g in games) for s in range(3)]
        final = await final_message(fake, thread_id)
        assert f"ロングゲーム：{len(games)}ゲーム" in final.text
        # The table kept the running scores of every game.
        last_table = [m for m in fake.channel_messages(thread_id) if "累計得点（" in m.text][-1]
        assert "ゲーム終了" in last_table.text
        # No moves and no hand are offered any more (only the reference and the whole log).
        assert sorted(last_table.custom_ids) == [f"ti:{game_id}:log", f"ti:{game_id}:ref"]
        for number, game in enumerate(games, start=1):
            row = " · ".join(f"{'①②③'[s]} {v}" for s, v in enumerate(game["scores"]))
            assert f"第{number}ゲーム：{row}" in last_table.text
        record = await bot.store.get(game_id)
        assert record is not None
        actions = await bot.store.actions(game_id)
        hands, received = seen_hands(record.seed, record.options, actions, 3)
        assert check_hidden(fake, {0: hana}, hands, received, game_id) >= 10
