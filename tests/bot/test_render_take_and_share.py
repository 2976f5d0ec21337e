"""The Take & Share renderer: what the table and the hand show, and what they never show."""

from __future__ import annotations

import functools
import re

import pytest

from bot.publish import compose
from bot.render.base import Button, Rendered
from bot.render.common import phone_rows, seat_mark
from bot.render.pictures.take_and_share import PICTURES
from bot.render.take_and_share import (
    HAND_ROW,
    RECENT_GIFT_TRICKS,
    RENDERER,
    by_suit,
    card_rows,
    keep_newest,
    played,
    shorts,
)
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from games import registry
from games.core import Event, Rng
from games.take_and_share import actions as act
from games.take_and_share import scoring, texts
from games.take_and_share.state import TakeAndShareState
from games.text import Text
from tests.bot import test_renderers as renderers
from tests.bot.test_renderers import body, text_of

GAME = registry.get("take_and_share")
SUIT_BY_EMOJI = {suit.emoji: suit.key for suit in texts.SUITS}


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
    # The greyed-out cards' reason is in the hand's text.
    assert rendered.content == (
        f"Your turn: you hold {lead}, so you must play it (your other cards are greyed out)."
    )
    # Four buttons a row, the first row one short for the Refresh button.
    assert [b.row for b in buttons] == card_rows(len(buttons))
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


def test_the_share_is_made_from_the_winners_hand_and_still_on_the_table() -> None:
    session = session_for(3, "en", 8)
    state = session.state
    renderers.play_until(session, Rng(8), lambda s: s.state.public_view().step == "give")
    view = state.public_view()
    giver = view.share_giver
    assert giver is not None and view.next_gift is not None
    ctx = compose.context(session)
    # The table keeps its buttons as a shortcut.
    assert RENDERER.acts_on_table(ctx, giver)
    assert not any(RENDERER.acts_on_table(ctx, s) for s in range(3) if s != giver)
    rendered = RENDERER.table(ctx)
    suit, number = view.next_gift
    gives = [act.Give(suit=suit, number=number, to=to).encode() for to in range(3)]
    assert [c.action for c in rendered.controls] == gives
    assert all(c.seat == giver for c in rendered.controls)
    description = rendered.embeds[0].description or ""
    assert f"Who gets {texts.card_name(view.next_gift, 'en')}?" in description
    # The hand carries the same moves, each label naming the card and who gets it.
    hand = RENDERER.hand(ctx, giver)
    assert [c.action for c in hand.controls] == gives
    card = texts.card_short(view.next_gift)
    assert [c.label for c in hand.controls] == [
        f"{card} → {seat_mark(to)} Player {to + 1}" + (" (you)" if to == giver else "")
        for to in range(3)
    ]
    assert hand.content == (
        f"You won trick {view.history[-1].number}: who gets "
        f"{texts.card_name(view.next_gift, 'en')}? One card each, yourself included."
    )
    # Table and hand name the same two sets alike: the cards handed out, the new share cards.
    handing = f"**Handing out** {shorts(view.to_give)}"
    new_share = f"**New share cards** {shorts(view.share_cards)}"
    hand_text = hand.embeds[0].description or ""
    for text in (description, hand_text):
        assert handing in text and new_share in text
    assert set(view.share_cards) == {(c.suit, c.number) for c in view.history[-1].cards}
    # The hand shows the trick just won, by whom and why, above the cards.
    record = view.history[-1]
    rule = texts.RULE_SHORT[record.rule]("en")
    assert (
        f"Trick {record.number} → {seat_mark(giver)} Player {giver + 1} won ({rule})" in hand_text
    )
    assert played(record.cards) in hand_text
    # The others wait, told what for.
    other = RENDERER.hand(ctx, (giver + 1) % 3)
    assert other.content == f"Waiting for Player {giver + 1} to hand out the share cards."
    assert all(c.disabled for c in other.controls)
    # After one gift, table and hand offer only the players who have not received one.
    state.apply(giver, GAME.Action.decode(gives[0]))
    ctx = compose.context(session)
    rendered = RENDERER.table(ctx)
    assert [c.action.rsplit(".", 1)[1] for c in rendered.controls] == ["1", "2"]
    assert "(received already: ①)" in (rendered.embeds[0].description or "")
    hand = RENDERER.hand(ctx, giver)
    assert [c.action for c in hand.controls] == [c.action for c in rendered.controls]
    assert "(received already: ①)" in (hand.embeds[0].description or "")


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
    to_give, new = shorts(view.to_give), shorts(view.share_cards)
    assert (
        line
        == {
            "en": f"Player {view.share_giver + 1} hands out {to_give}, the last share; "
            f"{new} are never shared.",
            "ja": f"Player {view.share_giver + 1}が最後のシェアで{to_give}を配る。"
            f"最後のトリック{new}はシェアされない。",
        }[lang]
    )
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


def test_card_buttons_take_rows_a_phone_shows_whole() -> None:
    """At most `HAND_ROW` card buttons a row, the first row one short for the platform's Refresh
    button, in hand order, in the five rows Discord allows."""
    for count in range(16):
        rows = card_rows(count)
        assert rows == sorted(rows)
        per_row = {row: rows.count(row) for row in set(rows)}
        assert per_row.get(0, 0) <= HAND_ROW - 1
        assert all(n <= HAND_ROW for n in per_row.values())
        assert max(rows, default=0) <= 4
    assert card_rows(14) == [0, 0] + [1] * 4 + [2] * 4 + [3] * 4


def hand_text(rendered: Rendered) -> str:
    return (rendered.content or "") + "\n" + (rendered.embeds[0].description or "")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_shows_the_trick_who_is_winning_and_what_each_card_would_do(lang: str) -> None:
    session = session_for(4, lang, 3)
    state = session.state
    rng = Rng(3)

    def last_to_play(s: Session) -> bool:
        return len(s.state.public_view().trick) == 3

    renderers.play_until(session, rng, last_to_play)
    view = state.public_view()
    seat = state.to_act()[0]
    private = state.private_view(seat)
    ctx = compose.context(session)
    rendered = RENDERER.hand(ctx, seat)
    text = hand_text(rendered)
    cards = [(c.suit, c.number) for c in view.trick]
    rule = "highest" if all(s == cards[0][0] for s, _ in cards) else "lowest"
    numbers = [n for _, n in cards]
    best = numbers.index(max(numbers) if rule == "highest" else min(numbers))
    ahead = view.trick[best].seat
    who = f"{seat_mark(ahead)} Player {ahead + 1}"
    rule_text = texts.RULE_SHORT[rule](lang)
    winning = {"en": f"{who} is winning ({rule_text})", "ja": f"{who}が勝ち中（{rule_text}）"}[lang]
    assert f"{played(view.trick)} → {winning}" in text
    assert texts.LEAD(lang, suit=texts.suit_name(cards[0][0], lang)) in text
    assert f"{texts.SHARE_CARDS(lang)}** {shorts(view.share_cards)}" in text
    # Playing last: the cards that take the trick, worked out here from the rule itself.
    takes = []
    for card in private.playable:
        trick = [*cards, card]
        followed = all(s == trick[0][0] for s, _ in trick)
        values = [n for _, n in trick]
        if values.index(max(values) if followed else min(values)) == 3:
            takes.append(card)
    if takes:
        assert "🏆 " + texts.WINS_TRICK(lang, cards=shorts(takes)) in text
    else:
        assert "🏆 " + texts.WINS_NONE(lang) in text
    # The others see the trick, but not what this seat's cards would do.
    other = RENDERER.hand(ctx, (seat + 1) % 4)
    assert f"{played(view.trick)} → {winning}" in hand_text(other)
    assert "🏆" not in hand_text(other)


def test_a_player_without_the_lead_suit_is_told_any_card_goes() -> None:
    session = session_for(4, "en", 3)
    state = session.state

    def void(s: Session) -> bool:
        view = s.state.public_view()
        if view.step != "follow":
            return False
        private = s.state.private_view(view.to_act[0])
        return not any(suit == view.lead_suit for suit, _ in private.hand)

    renderers.play_until(session, Rng(3), void)
    seat = state.to_act()[0]
    rendered = RENDERER.hand(compose.context(session), seat)
    lead = texts.suit_name(state.public_view().lead_suit, "en")  # type: ignore[arg-type]
    assert rendered.content == (
        f"Your turn: you have no {lead}, so any card goes (off-suit: the lowest number wins)."
    )
    assert not any(c.disabled for c in rendered.controls)


def event(kind: str, seat: int | None, **data: object) -> Event:
    return Event(kind=kind, seat=seat, data=data)


@pytest.mark.parametrize("whole_log", [False, True])
def test_log_lines_name_the_player_and_the_cards(whole_log: bool) -> None:
    session = session_for(4, "en", 3)
    ctx = compose.context(session)
    ctx.whole_log = whole_log
    line = functools.partial(RENDERER.event_text, ctx)
    assert line(event("play", 1, position=0, suit=2, number=4, lead=2)) == "Player 2 led 🟢Green 4."
    assert line(event("play", 2, position=1, suit=2, number=8, lead=2)) == (
        "Player 3 played 🟢Green 8."
    )
    assert line(event("play", 3, position=2, suit=1, number=3, lead=2)) == (
        "Player 4 played 🟡Yellow 3 (no 🟢Green: now the lowest wins)."
    )
    cards = [[1, 2, 4], [2, 2, 8], [3, 1, 3], [0, 2, 9]]
    won = event("trick_won", 3, trick=5, cards=cards, rule="lowest", last=False)
    assert line(won) == "Player 4 won trick 5 with 🟡Yellow 3 (off-suit played: lowest wins)."
    share = event("share", 3, to_give=[[4, 1], [4, 5]], new_share=[[2, 4], [1, 3]], last=False)
    assert line(share) == "Player 4 hands out 🟣1 🟣5; new share 🟢4 🟡3."
    # Every gift is seen by all as it is made (the seed: 「渡されたカードの内容が全てのプレイヤーが
    # 確認できるように配ります」), so the whole log names it too.
    give = event("give", 3, suit=4, number=1, to=0, auto=False)
    assert line(give) == "Player 4 gave 🟣Purple 1 to Player 1."
    last = event("give", 3, suit=4, number=5, to=2, auto=True)
    assert line(last) == "The last card, 🟣Purple 5, goes to Player 3."
    # A log stored before the lead suit was noted still reads.
    assert line(event("play", 2, position=1, suit=1, number=8)) == "Player 3 played 🟡Yellow 8."


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_games_end_in_a_long_game_is_a_summary_of_its_points(lang: str) -> None:
    session = session_for(3, lang, 21, long_game=True)
    state = session.state
    rng = Rng(21)
    n = 0
    ends: list[Event] = []
    while not ends:
        ends = [e for e in step(session, rng, n) if e.kind == "game_end"]
        n += 1
    assert not state.is_over()  # the series goes on
    (end,) = ends
    text = RENDERER.event_text(compose.context(session), end)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == texts.LOG["game_end"](lang, game=1)
    received = [[(s, n) for s, n in cards] for cards in end.data["received"]]
    points = scoring.suit_points(received)
    for seat in range(3):
        who = f"{seat_mark(seat)} Player {seat + 1}"
        line = lines[1 + seat]
        assert line.startswith(who)
        if not any(points[seat]):
            assert line == texts.END_NO_SUIT(lang, seat=who)
            continue
        assert line.startswith(texts.END_SEAT(lang, seat=who, points=sum(points[seat]), suits=""))
        for suit, won in enumerate(points[seat]):
            total = sum(n for s, n in received[seat] if s == suit)
            part = texts.END_SUIT(lang, suit=texts.SUITS[suit].emoji, count=won, sum=total)
            assert (part in line) == (won > 0), (suit, line)
    totals = " · ".join(f"{seat_mark(s)} {t}" for s, t in enumerate(end.data["totals"]))
    assert lines[4] == texts.END_TOTALS(lang, totals=totals, target=30)
    assert len(lines) == 5


def test_the_end_of_a_single_game_names_the_winner_and_the_points() -> None:
    session = session_for(4, "en", 77)
    events: list[Event] = []
    rng = Rng(77)
    n = 0
    while not session.state.is_over():
        events += step(session, rng, n)
        n += 1
    ctx = compose.context(session)
    over = next(e for e in events if e.kind == "game_over")
    result = session.state.result()
    names = ", ".join(f"Player {s + 1}" for s in result.winners)
    points = result.scores[result.winners[0]]
    assert RENDERER.event_text(ctx, over) == f"Game over — {names} won ({points} pts)."
    end = RENDERER.event_text(ctx, next(e for e in events if e.kind == "game_end")) or ""
    assert "Running totals" not in end and len(end.splitlines()) == 5


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_and_each_reference_page_fit_a_phone_screen(lang: str) -> None:
    ctx = compose.context(session_for(4, lang, 3))
    pages = RENDERER.reference(ctx)
    assert [p.title for p in pages] == [
        texts.REF_TRICKS_TITLE(lang),
        texts.REF_SCORING_TITLE(lang),
    ]
    for text in [GAME.rules_summary(lang), *(p.description or "" for p in pages)]:
        rows = sum(phone_rows(line) for line in text.strip().splitlines())
        assert rows <= 28, (rows, text[:40])
    # The examples of who wins, as the rules decide them.
    examples = pages[0].description or ""
    for trick, winner in (("🟢3 🟢8 🟢5", "🟢8"), ("🟢3 🟡1 🟢8", "🟡1"), ("🟢4 🔵4 🟢9", "🟢4")):
        cards = [(texts.SUIT_KEYS.index(SUIT_BY_EMOJI[c[0]]), int(c[1:])) for c in trick.split()]
        best = cards[scoring.trick_winner(cards)]
        assert f"{trick} → {winner}" in examples and texts.card_short(best) == winner


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pictures_show_the_share_as_the_texts_name_it(lang: str) -> None:
    """During a share the table's picture shows the trick just won (its winner's card framed),
    the cards handed out (the next framed) and beside them the new share cards, labelled as the
    texts label them; the winner's hand greys out none of its cards, as none is to be played."""
    session = session_for(4, lang, 8)
    renderers.play_until(session, Rng(8), lambda s: s.state.public_view().step == "give")
    state = session.state
    view = state.public_view()
    names = [f"Player {s + 1}" for s in range(4)]
    scene = PICTURES.table(view, names, lang)
    record = view.history[-1]
    trick = [scene.find(f"trick.{i}") for i in range(4)]
    assert [(c.face.label, c.mark) for c in trick] == [  # type: ignore[union-attr]
        (str(c.number), "pick" if c.seat == record.winner else "") for c in record.cards
    ]
    assert scene.find("share.title").text == texts.HANDING_OUT(lang)  # type: ignore[union-attr]
    assert scene.find("new_share.title").text == texts.NEW_SHARE(lang)  # type: ignore[union-attr]
    handed = [c for c in scene.cards() if c.tag.startswith("share.")]
    assert [(c.face.label, c.mark) for c in handed] == [
        (str(n), "pick" if i == 0 else "") for i, (_, n) in enumerate(view.to_give)
    ]
    new = [c.face.label for c in scene.cards() if c.tag.startswith("new_share.")]
    assert new == [str(n) for _, n in view.share_cards]
    giver = view.share_giver
    assert giver is not None
    hand = PICTURES.hand(state.private_view(giver), names, lang)
    assert {c.mark for c in hand.cards() if c.tag.startswith("hand.")} == {""}
