"""The Take & Share renderer: what the table and the hand show, and what they never show."""

from __future__ import annotations

import re

import pytest

from bot.publish import compose
from bot.render.base import Button
from bot.render.common import seat_mark
from bot.render.take_and_share import RECENT_GIFT_TRICKS, RENDERER, by_suit, keep_newest
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from games import registry
from games.core import Event, Rng
from games.take_and_share import actions as act
from games.take_and_share import texts
from games.take_and_share.state import TakeAndShareState
from games.text import Text
from tests.bot import test_renderers as renderers
from tests.bot.test_renderers import body, text_of

GAME = registry.get("take_and_share")


def session_for(players: int, lang: str, seed: int, *, long_game: bool = False) -> Session:
    return renderers.session_for("take_and_share", players, lang, seed, long_game=long_game)


def step(session: Session, rng: Rng, n: int) -> list[Event]:
    return renderers.random_step(session, rng, n)


def mentions(text: str, card: tuple[int, int]) -> bool:
    """Whether `text` names `card` in any of the renderer's forms (🔴7, 🔴Red 7, 🔴赤7)."""
    forms = [texts.card_short(card), texts.card_name(card, "en"), texts.card_name(card, "ja")]
    return any(re.search(re.escape(form) + r"(?!\d)", text) for form in forms)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("long_game", [False, True])
def test_the_table_never_names_a_card_in_a_hand(players: int, long_game: bool) -> None:
    session = session_for(players, "en" if long_game else "ja", 40 + players, long_game=long_game)
    rng = Rng(players)
    n = 0
    while True:
        ctx = compose.context(session)
        payload = compose.table_payload(session)
        assert check_message(body(payload)) == []
        # Everything on the table but the log, whose lines may name cards of an earlier deal
        # of a long game; those of the current deal are checked line by line.
        public = text_of(payload.embeds, skip=("Recent moves", "最近の手"))
        public += "\n".join(c.label for c in RENDERER.table(ctx).controls)
        events = [e for _, e in session.events]
        starts = [i for i, e in enumerate(events) if e.kind == "game_start"]
        current = events[starts[-1] :] if starts else events
        public += "\n".join(RENDERER.event_text(ctx, e) or "" for e in current)
        state = session.state
        for seat in range(players):
            for card in state.private_view(seat).hand:
                assert not mentions(public, card), (n, card)
        if n % 7 == 0:
            for seat in range(players):
                hand = compose.hand_payload(session, seat, ctx.lang)
                assert check_message(body(hand)) == []
        if state.is_over():
            final = RENDERER.final(ctx)
            assert check_message({"embeds": [e.to_dict() for e in final]}) == []
            break
        step(session, rng, n)
        n += 1


def test_the_hand_has_one_button_per_card_in_suit_order() -> None:
    session = session_for(4, "en", 3)
    state = session.state
    rng = Rng(3)
    for n in range(2):  # two cards into the first trick: the third player must follow
        step(session, rng, n)
    seat = state.to_act()[0]
    ctx = compose.context(session)
    private = state.private_view(seat)
    rendered = RENDERER.hand(ctx, seat)
    buttons = [c for c in rendered.controls if isinstance(c, Button)]
    assert [b.action for b in buttons] == [
        act.Play(suit=s, number=n).encode() for s, n in sorted(private.hand)
    ]
    assert {b.action for b in buttons if not b.disabled} == {
        a.encode() for a in state.legal_actions(seat)
    }
    assert all(b.emoji == texts.SUITS[int(b.action.split(".")[1])].emoji for b in buttons)
    lead = texts.suit_name(state.public_view().lead_suit, "en")  # type: ignore[arg-type]
    assert rendered.content == f"Your turn: play a card — {lead} if you have one."
    embed = rendered.embeds[0].to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields[f"Your hand ({len(private.hand)})"] == by_suit(private.hand)
    assert "Your received cards (0)" in fields
    # The table lists the trick so far in play order, one card a line.
    description = RENDERER.table(ctx).embeds[0].description or ""
    trick = state.public_view().trick
    lines = [
        f"{seat_mark(c.seat)} Player {c.seat + 1} — {texts.card_name((c.suit, c.number), 'en')}"
        for c in trick
    ]
    assert "\n".join(lines) in description and f"· lead {lead}" in description
    # Someone else's hand at the same moment: every card shown, none playable.
    other = (seat + 1) % 4
    waiting = RENDERER.hand(ctx, other)
    assert all(c.disabled for c in waiting.controls)
    assert len(waiting.controls) == len(state.private_view(other).hand)
    assert waiting.content is not None and waiting.content.startswith("Waiting for")


def test_the_share_is_done_on_the_table_by_the_trick_winner() -> None:
    session = session_for(3, "en", 8)
    state = session.state
    renderers.play_until(session, Rng(8), lambda s: s.state.public_view().step == "give")
    view = state.public_view()
    giver = view.share_giver
    assert giver is not None and view.next_gift is not None
    ctx = compose.context(session)
    assert RENDERER.acts_on_table(ctx, giver)
    assert not any(RENDERER.acts_on_table(ctx, s) for s in range(3) if s != giver)
    rendered = RENDERER.table(ctx)
    suit, number = view.next_gift
    assert [c.action for c in rendered.controls] == [
        act.Give(suit=suit, number=number, to=to).encode() for to in range(3)
    ]
    assert all(c.seat == giver for c in rendered.controls)
    description = rendered.embeds[0].description or ""
    assert f"Who gets {texts.card_name(view.next_gift, 'en')}?" in description
    assert "New share cards" in description
    hand = RENDERER.hand(ctx, giver)
    assert hand.content is not None and "buttons on the table" in hand.content
    assert all(c.disabled for c in hand.controls)
    # After one gift, the table offers only the players who have not received one.
    first = rendered.controls[0]
    assert isinstance(first, Button)
    state.apply(giver, GAME.Action.decode(first.action))
    rendered = RENDERER.table(compose.context(session))
    assert [c.action.rsplit(".", 1)[1] for c in rendered.controls] == ["1", "2"]
    assert "(received already: ①)" in (rendered.embeds[0].description or "")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_last_trick_is_shared_on_the_table_and_its_cards_are_named_unshared(lang: str) -> None:
    # 「最後のトリック及びシェアが解決されるとゲームが終了します。なお、最後のトリックで使用された
    # カードはシェアされることはありません。」
    session = session_for(4, lang, 31)
    state = session.state
    rng = Rng(31)
    n = renderers.play_until(
        session,
        rng,
        lambda s: s.state.public_view().step == "give" and s.state.public_view().tricks_left == 0,
    )
    view = state.public_view()
    ctx = compose.context(session)
    rendered = RENDERER.table(ctx)
    description = rendered.embeds[0].description or ""
    unshared = {"en": "The last trick's cards (never shared)", "ja": "最後のトリックのカード"}[lang]
    assert f"**{unshared}" in description and "New share cards" not in description
    assert view.share_giver is not None and len(rendered.controls) == 4
    share = next(e for v, e in reversed(session.events) if e.kind == "share")
    line = RENDERER.event_text(ctx, share)
    assert line is not None
    assert {"en": "the last trick's cards are not shared", "ja": "シェアされない"}[lang] in line
    renderers.play_until(session, rng, moves=n)
    assert state.public_view().received_counts == [14] * 4


def test_received_cards_have_the_rulebooks_one_name() -> None:
    """The cards a player is given at a share are 「受け取った」 cards (the rulebook's word) in
    every Japanese text, the pictures' labels too: never 「獲得」 (taking) or a clipped 「受取」."""
    japanese = [
        text.ja
        for value in vars(texts).values()
        for text in (value.values() if isinstance(value, dict) else [value])
        if isinstance(text, Text)
    ]
    assert any("受け取" in ja for ja in japanese)
    assert not [ja for ja in japanese if "獲得" in ja or "受取" in ja]
    view = session_for(3, "ja", 5).state.public_view()
    assert texts.PICTURE_RECEIVED("ja", n=view.received_counts[0]) == "受け取り0枚"
    assert texts.PICTURE_YOUR_RECEIVED("ja") == "受け取ったカード"


def test_the_gift_log_and_received_cards() -> None:
    session = session_for(4, "ja", 12)
    state = session.state
    renderers.play_until(session, Rng(12), lambda s: len(s.state.public_view().gifts) >= 12)
    ctx = compose.context(session)
    view = state.public_view()
    embed = RENDERER.table(ctx).embeds[0].to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    # The gifts of the last shares, a line each (the Log button lists every one).
    log = fields["最近のシェア"]
    recent = sorted({g.trick for g in view.gifts})[-RECENT_GIFT_TRICKS:]
    assert len(log.splitlines()) == len(recent) == RECENT_GIFT_TRICKS
    for gift in view.gifts:
        if gift.trick in recent:
            assert f"{texts.card_short((gift.suit, gift.number))}→{seat_mark(gift.to)}" in log
    players = fields["プレイヤー"]
    for seat in range(4):
        line = f"手札{view.hand_sizes[seat]}枚・受け取り{view.received_counts[seat]}枚"
        assert line in players
    for seat in range(4):
        private = state.private_view(seat)
        hand = RENDERER.hand(ctx, seat).embeds[0].to_dict()
        values = {f["name"]: f["value"] for f in hand["fields"]}
        assert values[f"受け取ったカード（{len(private.received)}枚）"] == by_suit(
            private.received, sums=True
        )


def test_event_lines_in_both_languages() -> None:
    for lang in ("ja", "en"):
        session = session_for(3, lang, 21, long_game=True)
        state = session.state
        rng = Rng(21)
        kinds: set[str] = set()
        ctx = compose.context(session)
        for event in state.opening_events():
            assert event.kind == "game_start"
            line = RENDERER.event_text(ctx, event)
            assert line is not None and ctx.seat_label(state.first_leader) in line
        n = 0
        while not state.is_over():
            for event in step(session, rng, n):
                line = RENDERER.event_text(ctx, event)
                assert line and "{" not in line, (event.kind, line)
                kinds.add(event.kind)
            n += 1
        assert kinds == {
            "play",
            "trick_won",
            "share",
            "give",
            "game_end",
            "game_start",
            "game_over",
        }


def test_final_breakdown_single_game() -> None:
    session = session_for(4, "en", 77)
    renderers.play_to_the_end(session, Rng(77))
    result = session.state.result()
    (embed,) = RENDERER.final(compose.context(session))
    data = embed.to_dict()
    assert data["description"].startswith("🏆")
    assert all(f"Player {s + 1}" in data["description"] for s in result.winners)
    fields = data["fields"]
    scores = [int(re.search(r"Total: (\d+)", f["value"]).group(1)) for f in fields]  # type: ignore[union-attr]
    assert scores == sorted(result.scores, reverse=True)
    for field in fields:
        seat = int(field["name"].split("Player ")[1]) - 1
        won = [int(p) for p in re.findall(r"→ \*\*(\d+)\*\*", field["value"])]
        assert sum(won) == result.scores[seat]


def test_final_breakdown_long_game() -> None:
    session = session_for(3, "ja", 5, long_game=True)
    renderers.play_to_the_end(session, Rng(5))
    result = session.state.result()
    games = result.details["games"]
    (embed,) = RENDERER.final(compose.context(session))
    data = embed.to_dict()
    assert f"ロングゲーム：{len(games)}ゲーム（30点を超えて終了）" in data["description"]
    for field in data["fields"]:
        seat = int(field["name"].split("Player ")[1]) - 1
        for game in games:
            assert f"第{game['number']}ゲーム：{game['scores'][seat]}" in field["value"]
        assert f"**合計：{result.scores[seat]}**" in field["value"]


def test_no_controls_once_the_game_no_longer_runs() -> None:
    session = session_for(3, "en", 8)
    renderers.play_until(session, Rng(8), lambda s: s.state.public_view().step == "give")
    session.record.status = "abandoned"
    ctx = compose.context(session)
    rendered = RENDERER.table(ctx)
    assert rendered.controls == []
    assert "abandoned" in (rendered.embeds[0].description or "")


def test_keep_newest_fits_the_limit() -> None:
    lines = [f"line {i:04d}" for i in range(500)]
    kept = keep_newest(lines)
    assert len(kept) <= 1024 and kept.endswith("line 0499")
    assert kept.splitlines() == lines[-len(kept.splitlines()) :]
    assert keep_newest([]) == "—"


def test_opening_events_announce_the_first_leader() -> None:
    state = GAME.new(4, seed=9)
    assert isinstance(state, TakeAndShareState)
    (event,) = state.opening_events()
    assert event.kind == "game_start" and event.seat == state.first_leader
    assert event.data["game"] == 1
    assert [tuple(c) for c in event.data["share"]] == state.public_view().share_cards
