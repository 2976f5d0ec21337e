"""The 色映に生へど renderer: the trick with its trump marker, the pass step, hands and piles."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest

from bot.components import MoveSelect
from bot.publish import compose
from bot.render.base import Button, Select
from bot.render.common import phone_rows, seat_mark
from bot.render.irobae import MARKER, RENDERER, card_short, card_text, colours_short, signed
from bot.render.pictures import pictures_for
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from games import registry
from games.core import Event, Rng
from games.irobae import scoring, texts
from games.irobae.rules import as_pair, card_id
from games.irobae.state import IrobaeState
from tests.bot import test_renderers as renderers
from tests.bot.test_pictures import NAMES
from tests.bot.test_renderers import body, text_of

GAME = registry.get("irobae")


def session_for(players: int, lang: str, seed: int, *, open_minimums: bool = False) -> Session:
    return renderers.session_for("irobae", players, lang, seed, open_minimums=open_minimums)


def state_of(session: Session) -> IrobaeState:
    assert isinstance(session.state, IrobaeState)
    return session.state


def step(session: Session, rng: Rng, n: int) -> list[Event]:
    return renderers.random_step(session, rng, n, public_only=True)


def fields(embed: discord.Embed) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.to_dict().get("fields", [])}


def table_text(session: Session) -> str:
    return text_of(compose.table_payload(session).embeds)


def play_until(session: Session, rng: Rng, done: Callable[[Session], bool]) -> int:
    return renderers.play_until(session, rng, done, public_only=True)


def in_play(players: int, lang: str, trick: list[int], leader: int = 0) -> Session:
    """A deal in its play step with `trick` on the table, led by `leader`."""
    session = session_for(players, lang, 3)
    state = state_of(session)
    rng = Rng(1)
    play_until(session, rng, lambda s: s.state.public_view().phase == "play")
    state.leader = leader
    state.trick = list(trick)
    for card in trick:
        for hand in state.hands:
            if card in hand:
                hand.remove(card)
    return session


# -- the trick and its trump marker ------------------------------------------------------------

FLOWER, BIRD, UMBRELLA, FAN, BUTTERFLY = range(5)


@pytest.mark.parametrize(
    ("trick", "marker"),
    [
        # Never moved: everyone follows the lead colour.
        ([card_id(FLOWER, 2), card_id(FLOWER, 7), card_id(FLOWER, 5)], 0),
        # Moved once: the second player had no flower.
        ([card_id(FLOWER, 2), card_id(BIRD, 1), card_id(FLOWER, 5)], 1),
        # Moved twice: bird, then a player with neither flower nor bird.
        ([card_id(FLOWER, 2), card_id(BIRD, 1), card_id(FAN, 3)], 2),
    ],
)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_trump_marker_lies_beside_the_right_card(
    trick: list[int], marker: int, lang: str
) -> None:
    session = in_play(4, lang, trick, leader=1)
    view = session.state.public_view()
    assert view.marker == marker == scoring.marker_index([as_pair(c) for c in trick])
    text = table_text(session)
    lines = [line for line in text.split("\n") if card_text(trick[0], lang) in line]
    assert lines, text
    start = text.split("\n").index(lines[0])
    trick_lines = text.split("\n")[start : start + len(trick)]
    for i, (line, card) in enumerate(zip(trick_lines, trick, strict=True)):
        seat = (1 + i) % 4
        assert line.startswith(seat_mark(seat)) and card_text(card, lang) in line
        assert line.endswith(MARKER) == (i == marker), line
    trump = texts.colour_name(trick[marker] // 12, lang)
    assert f"{MARKER} **{'切り札色' if lang == 'ja' else 'Trump'}**" in text and trump in text
    follow = colours_short(view.follow_colours, lang)
    assert f"**{'フォローする色' if lang == 'ja' else 'Must follow'}** {follow}" in text
    assert ("第1/9トリック" if lang == "ja" else "Trick 1/9") in text


def test_the_hand_of_a_player_who_cannot_follow_says_the_marker_moves() -> None:
    session = in_play(3, "en", [card_id(FLOWER, 2)])
    state = state_of(session)
    state.hands[1] = sorted([card_id(BIRD, 3), card_id(FAN, 4), card_id(BUTTERFLY, 1)])
    state.piles[1] = []
    rendered = RENDERER.hand(compose.context(session), 1)
    assert rendered.content is not None
    prompt, effects = rendered.content.split("\n")
    assert "you hold no 🟥 flower" in prompt and "🚩 moves beside it" in prompt
    # Any card moves the marker to its colour, so each would win as it stands, and taking the
    # trick with it scores the flower 2 and the card itself.
    assert effects == "Wins as it stands (points it brings): 🟧3 +5 · 🟩4 +6 · 🟦1 +3"
    buttons = [c for c in rendered.controls if isinstance(c, Button)]
    assert len(buttons) == 3 and all(not b.disabled for b in buttons)
    assert {b.style for b in buttons} == {discord.ButtonStyle.success}
    assert [b.label for b in buttons] == ["3", "4", "1"]
    assert [b.emoji for b in buttons] == ["🟧", "🟩", "🟦"]
    state.hands[1].append(card_id(FLOWER, 6))
    state.hands[1].sort()
    rendered = RENDERER.hand(compose.context(session), 1)
    assert rendered.content == (
        "Your turn: you hold 🟥 flower from this trick, so play one of those (the rest are "
        "locked).\nWins as it stands (points it brings): 🟥6 +1"
    )
    enabled = [c.action for c in rendered.controls if isinstance(c, Button) and not c.disabled]
    assert enabled == [f"play.{card_id(FLOWER, 6)}"]


@pytest.mark.parametrize("pictures", [False, True])
def test_the_hand_shows_the_trick_its_trump_who_is_winning_and_what_each_card_would_do(
    pictures: bool,
) -> None:
    """Seat 0 is last to play to 🟥2 🟧5 (the marker moved to bird, ③ winning) holding birds on
    either side of 5, a flower and a fan: both colours are in the trick, so all but the fan may
    be played; the bird 6 would take the trick, the others would not."""
    trick = [card_id(FLOWER, 2), card_id(BIRD, 5)]
    session = in_play(3, "en", trick, leader=1)
    state = state_of(session)
    state.hands[0] = sorted(
        [card_id(BIRD, 3), card_id(BIRD, 6), card_id(FLOWER, 4), card_id(FAN, 4)]
    )
    state.piles[0] = [card_id(FAN, 1)]
    rendered = RENDERER.hand(compose.context(session, "en", pictures=pictures), 0)
    assert rendered.content is not None
    prompt, wins, loses = rendered.content.split("\n")
    assert prompt.startswith("Your turn: you hold 🟥 flower, 🟧 bird from this trick")
    # Taking 🟥2 🟧5 🟧6 beside the fan 1 already won: flower +2, bird 5 − 1 = +4.
    assert wins == "Wins as it stands (points it brings): 🟧6 +6"
    assert loses == "Would not win: 🟥4 🟧3"
    styles = {
        (b.emoji, b.label): (b.style, b.disabled)
        for b in rendered.controls
        if isinstance(b, Button)
    }
    assert styles == {
        ("🟥", "4"): (discord.ButtonStyle.primary, False),
        ("🟧", "3"): (discord.ButtonStyle.primary, False),
        ("🟧", "6"): (discord.ButtonStyle.success, False),
        ("🟩", "4"): (discord.ButtonStyle.secondary, True),
    }
    description = rendered.embeds[0].description or ""
    if pictures:
        # The picture shows the trick above the hand, the text only the deal and the pass.
        assert "Trick" not in description.split("\n", 1)[-1]
        scene = pictures_for("irobae").hand(state.private_view(0), NAMES[:3], "en")
        cards = [scene.find(f"trick.{i}") for i in range(2)]
        assert [c.face.label for c in cards] == ["2", "5"]
        assert [c.mark for c in cards] == ["", "pick"]  # the bird 5 is winning
        assert scene.find("trick.title").text == "Trick 1/9 · trump: 鳥 bird"
        assert scene.find("trick.note").text.startswith("winning: ③")
        marker = scene.find("trick.marker").box
        assert marker.overlaps(cards[1].box) and not marker.overlaps(cards[0].box)
        assert scene.find("trick.1.seat").text.startswith("③")
    else:
        lines = description.split("\n")
        assert lines[1] == "**Trick** ②🟥2 · ③🟧5🚩"
        assert lines[2] == "🚩 Trump 🟧 bird · winning: ③ Player 3 🟧5"


def test_the_lead_says_its_colour_becomes_trump_and_no_card_is_called_winning() -> None:
    session = in_play(3, "ja", [], leader=2)
    rendered = RENDERER.hand(compose.context(session, "ja"), 2)
    assert rendered.content == (
        "あなたの番です。好きなカードをリードしてください。その色が切り札（🚩）になります。"
    )
    buttons = [c for c in rendered.controls if isinstance(c, Button)]
    assert buttons and all(b.style == discord.ButtonStyle.primary for b in buttons)
    assert all(b.label[0] in "花鳥傘扇蝶" for b in buttons)
    assert "**第1トリック — ③ Player 3のリード**" in (rendered.embeds[0].description or "")


# -- the pass step ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_pass_is_one_select_of_two_cards_and_the_table_shows_only_who_chose(
    lang: str,
) -> None:
    session = session_for(4, lang, 11)
    state = state_of(session)
    text = table_text(session)
    assert not any(card_short(c) in text for hand in state.hands for c in hand)
    for seat in range(4):
        assert f"⏳ {seat_mark(seat)}→{seat_mark((seat + 1) % 4)}" in text
        assert f"✅ {seat_mark(seat)}" not in text
    ctx = compose.context(session)
    rendered = RENDERER.hand(ctx, 2)
    assert rendered.content is not None and seat_mark(3) in rendered.content  # to the left
    (select,) = rendered.controls
    assert isinstance(select, Select)
    assert select.prefix == "pass" and select.min_values == select.max_values == 2
    values = [int(o.value) for o in select.options]
    assert values == sorted(state.hands[2]) == state.private_view(2).passable
    assert all(o.emoji in ("🟥", "🟧", "🟨", "🟩", "🟦") for o in select.options)
    # Each option says what else of its colour the hand holds (passing it may leave none).
    for option in select.options:
        card = int(option.value)
        numbers = " ".join(str(c % 12 + 1) for c in sorted(state.hands[2]) if c // 12 == card // 12)
        colour = texts.colour_short(card // 12, lang)
        expected = f"手札の{colour}：{numbers}" if lang == "ja" else f"your {colour}: {numbers}"
        assert option.description == expected
    assert select.confirm  # several cards at once: picked, shown back, confirmed once
    # The platform joins the chosen values in option order, whatever order they come in.
    view = compose.hand_payload(session, 2, lang).view  # type: ignore[arg-type]
    item = next(i for i in view.children if isinstance(i, MoveSelect))
    high, low = str(values[-1]), str(values[0])
    action = item.compose([high, low])
    assert action == f"pass.{low}.{high}"
    assert GAME.Action.decode(action) in state.legal_actions(2)
    # Seat 2 chooses: its cards wait, out of the hand, and the table shows a tick only.
    state.apply(2, GAME.Action.decode(action))
    session.record.version += 1
    rendered = RENDERER.hand(compose.context(session), 2)
    assert rendered.controls == []
    shown = fields(rendered.embeds[0])
    choice = next(v for k, v in shown.items() if ("Passing to" in k or "に渡す2枚" in k))
    assert choice == f"{card_text(values[0], lang)} {card_text(values[-1], lang)}"
    hand_title = next(k for k in shown if k.startswith(("Your hand", "あなたの手札")))
    assert "7" in hand_title  # nine cards less the two chosen
    assert rendered.content is not None and seat_mark(0) in rendered.content  # still waiting
    text = table_text(session)
    assert f"✅ {seat_mark(2)}→{seat_mark(3)}" in text
    assert f"⏳ {seat_mark(0)}→{seat_mark(1)}" in text
    assert not any(card_short(c) in text for hand in state.hands for c in hand)
    # The others' hands say nothing of it.
    for seat in (0, 1, 3):
        other = text_of(RENDERER.hand(compose.context(session), seat).embeds)
        assert card_text(values[0], lang) not in other
        assert card_text(values[-1], lang) not in other


def test_after_the_pass_each_hand_shows_what_went_left_and_came_from_the_right() -> None:
    session = session_for(3, "en", 12)
    rng = Rng(2)
    play_until(session, rng, lambda s: s.state.public_view().phase == "play")
    state = state_of(session)
    for seat in range(3):
        rendered = RENDERER.hand(compose.context(session), seat)
        value = fields(rendered.embeds[0])["This deal's pass"]
        passed, received = value.split("\n")
        left, right = (seat + 1) % 3, (seat - 1) % 3
        assert passed.startswith(f"Passed to {seat_mark(left)}")
        assert received.startswith(f"Received from {seat_mark(right)}")
        assert all(card_short(c) in passed for c in state.passed[seat])
        assert all(card_short(c) in received for c in state.passed[right])


# -- hands, piles, open minimums, scores --------------------------------------------------


def test_hand_buttons_one_per_card_sorted_by_colour_and_unplayable_disabled() -> None:
    session = session_for(6, "ja", 21)
    rng = Rng(4)
    checked = 0
    for n in range(200):
        state = state_of(session)
        if state.is_over():
            break
        view = state.public_view()
        if view.phase == "play":
            for seat in range(6):
                private = state.private_view(seat)
                rendered = RENDERER.hand(compose.context(session), seat)
                buttons = [c for c in rendered.controls if isinstance(c, Button)]
                assert [b.action for b in buttons] == [f"play.{c.id}" for c in private.hand]
                assert [c.id for c in private.hand] == sorted(c.id for c in private.hand)
                assert {b.action for b in buttons if not b.disabled} == {
                    f"play.{c}" for c in private.playable
                }
                payload = compose.hand_payload(session, seat, "ja")
                assert check_message(body(payload)) == []
                assert len(payload.view.to_components()) <= 2  # 9 cards and refresh
                checked += 1
        step(session, rng, n)
    assert checked > 100


def test_won_cards_stay_in_the_owners_hand_and_open_minimums_on_the_table() -> None:
    for open_minimums in (False, True):
        session = session_for(3, "en", 30, open_minimums=open_minimums)
        rng = Rng(5)
        play_until(session, rng, lambda s: s.state.public_view().trick_number >= 6)
        state = state_of(session)
        text = table_text(session)
        assert ("open: " in text) == open_minimums
        for seat in range(3):
            pile = state.piles[seat]
            rendered = RENDERER.hand(compose.context(session), seat)
            score = scoring.deal_score([as_pair(c) for c in pile])
            name = f"Your won cards (this deal) — {signed(score)} pts"
            value = fields(rendered.embeds[0])[name]
            per_colour = scoring.colour_scores([as_pair(c) for c in pile])
            if pile:
                assert [line.rsplit(" → ", 1)[1] for line in value.split("\n")] == [
                    signed(v) for v in per_colour.values()
                ]
            else:
                assert value == "(none)"
            # Nobody else's hand shows this pile.
            for other in range(3):
                if other != seat and pile:
                    theirs = RENDERER.hand(compose.context(session), other)
                    assert value not in text_of(theirs.embeds)
            if open_minimums:
                lows = " ".join(card_short(c) for c in sorted(pile) if c in _lows(pile))
                if lows:
                    assert f"open: {lows}" in text


def _lows(pile: list[int]) -> set[int]:
    lowest: dict[int, int] = {}
    for card in pile:
        lowest[card // 12] = min(card, lowest.get(card // 12, card))
    return set(lowest.values())


def test_last_deal_scores_and_totals_on_the_table() -> None:
    """The table shows the last deal's scores and each player's total (the end shows every
    deal)."""
    session = session_for(3, "ja", 40)
    rng = Rng(6)
    play_until(session, rng, lambda s: s.state.public_view().deal == 3)
    view = session.state.public_view()
    text = table_text(session)
    assert "第3/3ディール" in text and "前のディールの得点" in text
    last = " · ".join(f"{seat_mark(s)} {signed(v)}" for s, v in enumerate(view.deal_scores[-1]))
    assert f"第2ディール：{last}" in text and "第1ディール" not in text
    lines = text.splitlines()
    for seat, total in enumerate(view.totals):
        assert any(f"{seat_mark(seat)} **" in line and f"・合計{total}" in line for line in lines)


# -- the log and the end -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_public_event_has_a_log_line(lang: str) -> None:
    session = session_for(3, lang, 50)
    ctx = compose.context(session)
    rng = Rng(7)
    kinds: set[str] = set()
    n = 0
    while not session.state.is_over():
        for event in step(session, rng, n):
            text = RENDERER.event_text(ctx, event)
            if not event.public:
                assert text is None
                continue
            if event.kind == "deal_pile":  # said by the deal's summary just before
                assert text is None
                continue
            assert text, event
            kinds.add(event.kind)
            if event.kind in ("passed", "play", "trick_end"):
                assert text.startswith(seat_mark(event.seat)), text  # who did it, first
            if event.kind == "play":
                card = card_text(event.data["card"], lang)
                assert card in text
                trump = colours_short([event.data["trump"]], lang)
                if event.data["lead"]:
                    assert f"{card} {MARKER}" in text
                elif event.data["marker_moved"]:
                    assert f"{card} {MARKER}" in text and trump in text
                    assert ("切り札が" in text) if lang == "ja" else ("trump is" in text)
                else:
                    winning = ("トップ" in text) if lang == "ja" else ("now winning" in text)
                    assert winning == (event.data["winning"] == event.seat)
            if event.kind == "trick_end":
                won = dict((s, c) for s, c in event.data["cards"])[event.seat]
                assert card_text(won, lang) in text
                assert all(card_short(c) in text for _, c in event.data["cards"])
            if event.kind != "deal_end":
                assert "\n" not in text and len(text) <= 84, text  # two phone lines at most
        n += 1
    assert kinds >= {"passed", "pass_done", "play", "trick_end", "deal_start", "deal_end"}
    assert "game_over" in kinds


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_final_breakdown_per_deal_totals_and_winners(lang: str) -> None:
    session = session_for(4, lang, 60)
    play_until(session, Rng(8), lambda s: False)
    result = session.state.result()
    (embed,) = RENDERER.final(compose.context(session))
    data = embed.to_dict()
    assert check_message({"embeds": [data]}) == []
    names = [f["name"] for f in data["fields"]]
    order = sorted(range(4), key=lambda s: (-result.scores[s], s))
    assert names == [f"{seat_mark(s)} Player {s + 1}" for s in order]
    for f, seat in zip(data["fields"], order, strict=True):
        lines = f["value"].split("\n")
        assert len(lines) == 5
        assert lines[-1].endswith(f"{signed(result.scores[seat])}**")
        for n, line in enumerate(lines[:-1], start=1):
            assert line.endswith(signed(result.breakdown[seat][f"deal{n}"]))
    assert all(f"Player {s + 1}" in data["description"] for s in result.winners)
    assert "🏆" in data["description"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_deals_end_is_a_summary_readable_on_its_own(lang: str) -> None:
    """The deal's end says the scoring rule, then for each player the deal's points, the total
    so far and the won cards by colour with each colour's points: the page the game pauses on.
    The piles counted after it add no lines of their own."""
    session = session_for(4, lang, 3)
    rng, n, events = Rng(3), 0, []
    while not state_of(session).deal_scores:
        events = step(session, rng, n)
        n += 1
    ctx = compose.context(session)
    (end,) = [e for e in events if e.kind == "deal_end"]
    piles = {e.seat: e for e in events if e.kind == "deal_pile"}
    assert all(RENDERER.event_text(ctx, e) is None for e in piles.values())
    text = RENDERER.event_text(ctx, end)
    assert text is not None
    head, *lines = text.split("\n")
    assert head.startswith("**第1/4ディール終了**" if lang == "ja" else "**Deal 1/4 over**")
    assert ("最小の札がその数字" in head) if lang == "ja" else ("lowest scores its number" in head)
    assert len(lines) == 4
    state = state_of(session)
    for seat, line in enumerate(lines):
        score, total = state.deal_scores[0][seat], state.totals()[seat]
        assert line.startswith(f"{seat_mark(seat)} Player {seat + 1} ")
        if lang == "en":
            unit = "pt" if abs(score) == 1 else "pts"
            assert f"**{signed(score)} {unit}** (total {total}): " in line
        else:
            assert f"**{signed(score)}点**（合計{total}）：" in line
        cards = piles[seat].data["cards"]
        for colour, points in scoring.colour_scores([as_pair(c) for c in cards]).items():
            numbers = " ".join(str(c % 12 + 1) for c in sorted(cards) if c // 12 == colour)
            assert f"{'🟥🟧🟨🟩🟦'[colour]} {numbers} ({signed(points)})" in line
        assert cards or ("獲得札なし" in line if lang == "ja" else "no cards won" in line)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_quick_reference_is_one_phone_screen(lang: str) -> None:
    (embed,) = RENDERER.reference(compose.context(session_for(3, lang, 1)))
    text = embed.description or ""
    assert "🟦 蝶" in text and ("−1" in text)
    assert sum(phone_rows(line) for line in text.split("\n")) <= 26
