"""五行中国史カードゲーム end to end: the real bot against the fake Discord server, every move made
through the buttons and selects of the players' hand messages."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.render.gogyo import card, cards
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.sandbox.fakediscord.objects import message_text
from bot.session import Session
from games import registry
from games.core import Action, Rng
from games.gogyo.actions import Deck, Discard, Draw, Duel, Field, Loot
from games.gogyo.cards import card_name
from games.gogyo.state import GogyoState
from games.gogyo.views import card_view
from tests.e2e.harness import (
    finished_outcome,
    hands_in_words,
    make_bot,
    start_through_lobby,
    table_message,
    wait_stored,
    wait_until,
)

GAME = registry.get("gogyo")
HAND_TITLES = ("あなたの手札", "Your hand")
#: Fields of the table (during game 2) and of the final message that show finished games'
#: hands: every card in them was revealed when that game ended.
RESULTS_FIELD = re.compile(r"^(第\dゲームの結果|Game \d results)")
SELECT_TYPES = {3, 5, 6, 7, 8}
CARD_NAME = re.compile(r"[夏殷周秦漢晋隋唐宋元明清][木火土金水]|天|閥")


def visible(version: dict[str, Any]) -> str:
    """A message version's text without the finished games' results (see `RESULTS_FIELD`)."""
    data = dict(version)
    data["embeds"] = [
        {
            **embed,
            "fields": [
                f for f in embed.get("fields") or [] if not RESULTS_FIELD.match(f.get("name", ""))
            ],
        }
        for embed in version.get("embeds") or []
    ]
    return message_text(data)


@dataclass
class Match:
    """One game on the fake server, and what its players were shown."""

    fake: FakeDiscord
    bot: GameBot
    users: dict[int, User]
    game_id: int
    thread_id: int
    #: Message versions that belong to earlier games of the match (skipped by hidden checks).
    marker: dict[int, int] = field(default_factory=dict)
    game_no: int = 1
    #: Every face-down card (name) a player was shown in its hand, by seat.
    shown_down: dict[int, set[str]] = field(default_factory=dict)
    human_moves: int = 0
    _texts: dict[tuple[int, int], str] = field(default_factory=dict)

    async def session(self) -> Session | None:
        return await self.bot.sessions.get(self.game_id)

    def state(self, session: Session) -> GogyoState:
        assert isinstance(session.state, GogyoState)
        return session.state

    def new_texts(self, messages: list[Message]) -> list[str]:
        """The text of every version of these messages shown during the current game."""
        found: list[str] = []
        for m in messages:
            versions = m.versions
            for n in range(self.marker.get(m.id, 0), len(versions)):
                key = (m.id, n)
                if key not in self._texts:
                    self._texts[key] = visible(versions[n])
                found.append(self._texts[key])
        return found

    def note_game(self, state: GogyoState) -> None:
        """Start a new hidden-information window when a new game of the match began."""
        if state.game_no != self.game_no:
            self.game_no = state.game_no
            self.marker = {m.id: len(m.versions) for m in self.fake.messages.values()}

    # -- what the players see ------------------------------------------------------------

    def hand_with_moves(self, seat: int, version: int) -> Message | None:
        """The seat's latest hand message, if it carries the moves of `version`."""
        hands = [m for m in self.users[seat].ephemerals() if f"hd:{self.game_id}:r" in m.custom_ids]
        if hands and moves_of(hands[-1], self.game_id, version, seat):
            return hands[-1]
        return None

    async def open_hand(self, seat: int) -> Message:
        """Press "Show my hand" on the table."""
        table = table_message(self.fake, self.game_id, self.thread_id)
        inter = await self.users[seat].click(table, f"hd:{self.game_id}")
        response = await inter.response()
        assert response.type == 4 and response.ephemeral and response.message is not None
        return response.message

    async def hand(self, seat: int, version: int) -> Message:
        found = self.hand_with_moves(seat, version)
        if found is None:
            found = await self.open_hand(seat)
            assert moves_of(found, self.game_id, version, seat), found.custom_ids
        return found

    def check_hand(self, seat: int, message: Message, state: GogyoState) -> None:
        """The hand shows the seat's cards, its face-down ones marked, and its best score."""
        embed = message.embeds[0]
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        own = next(v for k, v in fields.items() if k.startswith(HAND_TITLES))
        for c in state.hands[seat]:
            shown = card(card_view(c))
            assert (shown + "🔒" in own) == (c in state.down[seat]), (shown, own)
        assert self.note_shown(seat, message) == {card_name(c) for c in state.down[seat]}
        best = state.hand_score(seat)
        assert any(k in (f"現在の最高得点: {best}点", f"Best score now: {best}") for k in fields)

    def note_shown(self, seat: int, message: Message) -> set[str]:
        """The cards a hand message shows as face down (🔒), remembered as shown to `seat`."""
        fields = {f["name"]: f["value"] for f in message.embeds[0]["fields"]}
        own = next(v for k, v in fields.items() if k.startswith(HAND_TITLES))
        marked = re.findall(r"(\S+?)🔒", own.split("\n")[0])
        names = {CARD_NAME.search(token).group() for token in marked}  # type: ignore[union-attr]
        self.shown_down.setdefault(seat, set()).update(names)
        return names

    async def check_table(self, state: GogyoState) -> None:
        """The table (once up to date) shows the field, the piles and every face-up card."""
        view = state.public_view()
        expected = [cards(view.field), f"{view.deck_count}"]
        for player in view.players:
            value = " ".join([card(c) for c in player.face_up] + ["🂠"] * player.face_down_count)
            expected.append(value)

        def current() -> bool:
            text = table_message(self.fake, self.game_id, self.thread_id).text
            return all(part in text for part in expected)

        await wait_until(self.fake, current, "the table to show the state")

    def check_hidden(self, state: GogyoState) -> None:
        """No face-down card was ever public in this game, nor in another player's messages."""
        public = self.new_texts(self.fake.public_messages())
        for seat in range(state.players):
            down = {card_name(c) for c in state.down[seat]} - {"天", "閥"}
            assert not [n for n in down for text in public if n in text], (seat, down)
            for other, user in self.users.items():
                if other == seat:
                    continue
                private = self.new_texts(user.ephemerals() + user.dms())
                assert not [n for n in down for text in private if n in text], (seat, other)

    # -- acting ---------------------------------------------------------------------------

    async def act(self, seat: int, action: str) -> Message:
        """Play `action` for the human at `seat` through its hand's button or select."""
        session = await self.session()
        assert session is not None
        version = session.version
        message = await self.hand(seat, version)
        self.check_hand(seat, message, self.state(session))
        moves = moves_of(message, self.game_id, version, seat)
        assert action in moves, (action, sorted(moves))
        kind, custom_id = moves[action]
        user = self.users[seat]
        if kind == "button":
            inter = await user.click(message, custom_id)
        else:
            inter = await user.select(message, custom_id, [action])
            if custom_id.startswith("mk:"):
                # A discard to draw is shown back first; nothing is played until Confirm.
                shown = await inter.response()
                assert shown.type == 7 and session.version == version
                confirm = f"mv:{self.game_id}:{version}:{seat}:{action}"
                assert (
                    "☑️" in fake_text(self.fake, message)
                    and confirm in self.fake.message(message.id).custom_ids
                )
                inter = await user.click(self.fake.message(message.id), confirm)
        response = await inter.response()
        assert response.type == 7 and response.message is not None
        assert response.message.id == message.id and response.message.ephemeral
        assert "⚠️" not in response.message.text
        self.note_shown(seat, response.message)
        await wait_stored(self.fake, session, version)
        self.human_moves += 1
        return response.message

    async def play(
        self,
        policy: Callable[[GogyoState, int], Action],
        *,
        stop: Callable[[GogyoState], bool] | None = None,
    ) -> None:
        """Humans follow `policy` and CPUs play, until `stop` holds or the match ends."""
        while True:
            session = await self.session()
            if session is None or session.record.status != "playing":
                return
            if session.pause is not None:
                # A game of the match ended: the people read its summary, then Next.
                for seat in sorted(session.pause.waiting):
                    self.bot.sessions.page_seen(self.game_id, seat, session.pause.version)
                continue
            state = self.state(session)
            if stop is not None and stop(state):
                return
            seat = state.to_act()[0]
            if session.record.seats[seat].is_cpu:
                await wait_stored(self.fake, session, session.version, "a CPU move")
                continue
            self.note_game(state)
            if state.step == "act":
                await self.check_table(state)
            self.check_hidden(state)
            await self.act(seat, policy(state, seat).encode())


async def start_match(
    fake: FakeDiscord, bot: GameBot, people: list[User], *, cpus: int, language: str
) -> tuple[Match, Session, Message]:
    """`people` (the first one hosting) and `cpus` CPUs start a match through the lobby.
    Returns the match, its session and the lobby message."""
    game_id, thread_id, lobby = await start_through_lobby(
        fake, people[0], people[1:], "gogyo", cpus=cpus, language=language
    )
    match = Match(fake, bot, dict(enumerate(people)), game_id, thread_id)
    session = await match.session()
    assert session is not None
    return match, session, lobby


def fake_text(fake: FakeDiscord, message: Message) -> str:
    """The message's text as it is now."""
    return fake.message(message.id).text


def moves_of(message: Message, game_id: int, version: int, seat: int) -> dict[str, tuple[str, str]]:
    """The moves a hand message offers at `version`: action → (button|select, custom_id)."""
    found: dict[str, tuple[str, str]] = {}
    prefix = f":{game_id}:{version}:{seat}:"
    for component in message.interactive_components:
        custom_id = component.get("custom_id") or ""
        if component.get("disabled") or prefix not in custom_id:
            continue
        if custom_id.startswith("mv:"):
            found[custom_id.split(":", 4)[4]] = ("button", custom_id)
        elif component.get("type") in SELECT_TYPES:
            for option in component.get("options") or []:
                found[option["value"]] = ("select", custom_id)
    return found


def strong(seed: int) -> Callable[[GogyoState, int], Action]:
    """The strong CPU's choice, reproducible from the state's position."""
    cpu = GAME.cpu("strong")

    def choose(state: GogyoState, seat: int) -> Action:
        rng = Rng(seed).fork(len(state.discard) * 101 + len(state.deck) * 7 + seat)
        return cpu.choose(state, seat, rng)

    return choose


def final_messages(fake: FakeDiscord, thread_id: int) -> list[Message]:
    """The final breakdowns posted (titled so: the table's log says the match is over too)."""
    titles = ("最終得点", "final scores")
    return [
        m
        for m in fake.channel_messages(thread_id)
        if m.embeds and any(t in m.embeds[0].get("title", "") for t in titles)
    ]


def final_message(fake: FakeDiscord, thread_id: int) -> Message:
    found = final_messages(fake, thread_id)
    assert found, "no final message"
    return found[-1]


async def test_a_full_two_player_match_against_a_cpu(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="ja")
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=8, pictures=False)
    async with fake.run_bot(bot):
        match, session, lobby = await start_match(fake, bot, [aoi], cpus=1, language="ja")
        game_id, thread_id = match.game_id, match.thread_id

        def state() -> GogyoState:
            """The game as it is now (each stored move makes a new state)."""
            return match.state(session)

        # The CPU may start; then it is Aoi's turn.
        await match.play(strong(1), stop=lambda s: s.to_act() == [0] and s.step == "act")
        # A field action started and taken back, then a deck action drawing two face down.
        hand = await match.act(0, "field")
        assert "場札入手" in hand.text and "戻る" in hand.text
        await match.act(0, "back")
        await match.act(0, Deck().encode())
        pair = tuple(state().hands[0][:2])
        hand = await match.act(0, Draw(cards=pair).encode())
        own = next(f["value"] for f in hand.embeds[0]["fields"] if f["name"] == "あなたの手札")
        assert own.split("\n")[0].count("🔒") == 2 and "🔒＝裏向き" in own
        match.check_hidden(state())
        # Aoi's next turn begins with a duel against the CPU.
        await match.play(strong(1), stop=lambda s: s.to_act() == [0] and s.step == "act")
        await match.act(0, Duel(target=1).encode())
        actions = await bot.store.actions(game_id)
        upto = max(n for n, (_, s, a) in enumerate(actions) if (s, a) == (0, "duel.1"))
        at_duel = GAME.replay(2, 8, {}, [(s, a) for _, s, a in actions[: upto + 1]])
        duel = at_duel.public_view().last_duel
        assert duel is not None
        line = f"{card(duel.attacker_card)} 対 🤖 CPU 1 {card(duel.defender_card)}"
        await wait_until(fake, lambda: line in fake.public_text(), "the duel on the table")
        # Then both games to the end.
        await match.play(strong(1))
        await wait_until(fake, lambda: bool(final_messages(fake, thread_id)), "the final message")
        assert match.human_moves >= 20 and match.shown_down.get(0)
        # The result is what the stored moves replay to, and what the final message shows.
        record, result, _ = await finished_outcome(bot, game_id)
        assert (len(record.seats), record.seed) == (2, 8)
        assert len(result["details"]["games"]) == 2
        final = final_message(fake, thread_id).embeds[0]
        lines = final["description"].split("\n")
        for seat, total in enumerate(result["scores"]):
            line = next(x for x in lines[1:] if ("Aoi" if seat == 0 else "CPU 1") in x)
            games = " + ".join(str(scores[seat]) for scores in result["details"]["game_scores"])
            assert line.endswith(f"**{total}点**（{games}）"), line
        winners = ["Aoi" if s == 0 else "CPU 1" for s in result["winners"]]
        first_line = lines[0]
        assert "🏆" in first_line and all(w in first_line for w in winners)
        # Game 1's points and how it ended were on the table during game 2.
        assert any(
            "第1ゲームの結果" in message_text(v)
            for m in fake.public_messages()
            for v in m.versions
            if "第2ゲーム（全2ゲーム）" in message_text(v)
        )
        # The lobby message is edited with the end right after the final message is posted.
        await wait_until(
            fake, lambda: "終了" in fake.message(lobby.id).text, "the lobby message's end"
        )


async def test_three_players_restart_in_the_middle_of_a_duel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    ann, bo = fake.add_user("Ann", locale="en-US"), fake.add_user("Bo", locale="ja")
    db = tmp_path / "db.sqlite3"
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    policy = strong(2)
    async with fake.run_bot(bot):
        match, session, _ = await start_match(fake, bot, [ann, bo], cpus=1, language="en")
        game_id, thread_id = match.game_id, match.thread_id

        def state() -> GogyoState:
            """The game as it is now (each stored move makes a new state)."""
            return match.state(session)

        # The first human to act draws two cards face down …
        await match.play(policy, stop=lambda s: s.step == "act" and s.to_act()[0] in (0, 1))
        defender = state().turn
        attacker = 1 - defender
        await match.act(defender, Deck().encode())
        await match.act(defender, Draw(cards=tuple(state().hands[defender][-2:])).encode())
        # … and the other human challenges them on their next turn.
        await match.play(policy, stop=lambda s: s.step == "act" and s.to_act() == [attacker])
        hidden = {card_name(c) for c in state().down[defender]}
        assert hidden and hidden <= match.shown_down[defender]
        match.check_hidden(state())
        await match.act(attacker, Duel(target=defender).encode())
        duel = state().public_view().last_duel
        assert duel is not None and state().step == "duel_choice"
        winner, loser = duel.winner, duel.loser
        assert (winner, loser) == (attacker, defender)
        # The loser's whole hand is face up on the table now, the cards drawn face down too.
        await match.check_table(state())
        assert state().down[loser] == []
        table = table_message(fake, game_id, thread_id).text
        assert all(name in table for name in hidden)
        looted = state().hands[loser][0]
        hand = await match.act(winner, Loot(card=looted).encode())
        assert state().step == "loot_discard"
        assert "Loot" in hand.text or "略奪" in hand.text
        version = session.version
        old_table = table_message(fake, game_id, thread_id)
    # A new bot on the same database, in the middle of the duel's choices.
    # The table is read in words: the server shows no pictures.
    bot = make_bot(fake, db, seed=31, pictures=False)
    async with fake.run_bot(bot):
        match.bot = bot
        session = await match.session()
        assert session is not None and session.version == version
        assert state().step == "loot_discard" and state().to_act() == [winner]
        # The hand message sent before the restart still plays its buttons.
        own = next(c for c in state().hands[winner] if c != looted)
        moves = moves_of(hand, game_id, version, winner)
        inter = await match.users[winner].click(hand, moves[Discard(card=own).encode()][1])
        response = await inter.response()
        assert response.type == 7 and response.message is not None
        assert response.message.id == hand.id
        await wait_until(fake, lambda: session.version > version, "the discard")
        assert looted in state().hands[winner] and own in state().discard
        assert state().step == "duel_give"
        await match.act(winner, f"give.{state().field[0]}")
        assert all(len(h) == 5 for h in state().hands)
        # The table message from before the restart still opens a hand.
        inter = await match.users[loser].click(old_table, f"hd:{game_id}")
        assert (await inter.response()).ephemeral
        loot = f"Loot: {card(card_view(looted))}"
        await wait_until(fake, lambda: loot in fake.public_text(), "the loot on the table")
        # A few more turns after the duel.
        target = session.version + 12
        await match.play(policy, stop=lambda s: session.version >= target)
        await wait_until(fake, lambda: not session.cpu_seats(state().to_act()), "a human's turn")
        actions = await bot.store.actions(game_id)
        replay = GAME.replay(3, 31, {}, [(s, a) for _, s, a in actions])
        assert replay.snapshot() == state().snapshot() == session.record.snapshot
        match.check_hidden(state())


async def test_refusals_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    ann, bo = fake.add_user("Ann", locale="en-US"), fake.add_user("Bo", locale="en-GB")
    eve = fake.add_user("Eve", locale="ja")
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=12)
    async with fake.run_bot(bot):
        await hands_in_words(bot, ann, bo)  # (the hands are checked card by card)
        match, session, _ = await start_match(fake, bot, [ann, bo], cpus=0, language="en")
        game_id, thread_id, state = match.game_id, match.thread_id, match.state(session)
        seat = state.turn
        other = 1 - seat
        user, rival = match.users[seat], match.users[other]
        table = table_message(fake, game_id, thread_id)
        hand = await match.hand(seat, 0)

        async def refused(who: User, message: Message, action: str, version: int = 0) -> str:
            before = state.snapshot()
            inter = await who.click_raw(
                message.id, message.channel_id, f"mv:{game_id}:{version}:{seat}:{action}"
            )
            response = await inter.response()
            assert response.message is not None and response.ephemeral
            assert state.snapshot() == before and session.version == current
            return response.text

        current = 0
        # Someone outside the game, and the other player, on the table.
        assert "参加者ではありません" in await refused(eve, table, "field")
        assert "not your turn" in await refused(rival, table, "field")
        # Declaring on a first turn (the button is not shown; a forged click is refused).
        assert "declare" not in " ".join(moves_of(hand, game_id, 0, seat))
        text = await refused(user, hand, "declare")
        assert "⚠️" in text and "first turn" in text
        # A duel needs a real opponent.
        assert "⚠️ You cannot duel that player." in await refused(user, hand, f"duel.{seat}")
        # A card that is not on the field.
        await match.act(seat, Field().encode())
        await match.act(seat, Discard(card=state.hands[seat][0]).encode())
        current = session.version
        missing = next(c for c in state.hands[other] if c not in state.field)
        text = await refused(user, hand, f"take.{missing}", current)
        assert "That card cannot be chosen." in text
        # A button of an earlier step: the table has moved on.
        text = await refused(user, hand, f"discard.{state.hands[seat][1]}", current - 1)
        assert "has changed" in text
        # The other player cannot play the field card the player to act is choosing.
        text = await refused(rival, table, f"take.{state.field[0]}", current)
        assert "not your turn" in text
        await match.act(seat, f"take.{state.field[0]}")
        assert session.version == current + 1
