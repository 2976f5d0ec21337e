"""The 色映に生へど renderer: the trick with its trump marker, the pass step, hands and piles."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest

from bot.components import MoveSelect
from bot.publish import compose
from bot.render.base import Button, Select
from bot.render.common import log_text, seat_mark
from bot.render.irobae import MARKER, RENDERER, card_short, card_text, colours_short, signed
from bot.sandbox.fakediscord.limits import check_message
from bot.session import Session
from games import registry
from games.core import Event, Rng
from games.irobae import scoring, texts
from games.irobae.rules import as_pair, card_id
from games.irobae.state import IrobaeState
from tests.bot import test_renderers as renderers
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
    rendered = RENDERER.hand(compose.context(session), 1)
    assert rendered.content is not None and "hold none of 🟥 flower" in rendered.content
    assert "trump marker moves" in rendered.content
    buttons = [c for c in rendered.controls if isinstance(c, Button)]
    assert all(not b.disabled for b in buttons) and len(buttons) == 3
    state.hands[1].append(card_id(FLOWER, 6))
    state.hands[1].sort()
    rendered = RENDERER.hand(compose.context(session), 1)
    assert rendered.content == "Your turn: play a card of 🟥 flower."
    enabled = [c.action for c in rendered.controls if isinstance(c, Button) and not c.disabled]
    assert enabled == [f"play.{card_id(FLOWER, 6)}"]


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
            assert text, event
            kinds.add(event.kind)
            if event.kind == "play" and event.data["marker_moved"]:
                assert ("切り札が" in text) if lang == "ja" else ("trump moves to" in text)
            if event.kind == "play" and event.data["lead"]:
                assert text.endswith(MARKER)
        n += 1
    assert kinds >= {"passed", "pass_done", "play", "trick_end", "deal_start", "deal_end"}


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
def test_every_players_won_cards_are_shown_by_colour_at_the_deals_end(lang: str) -> None:
    """Won cards are counted in the open when a deal ends: the log then shows each player's
    pile by colour, with each colour's score and the deal's total (the table's recent moves
    end with the last of them; the Log button shows them all)."""
    session = session_for(4, lang, 3)
    rng, n, events = Rng(3), 0, []
    while not state_of(session).deal_scores:
        events = step(session, rng, n)
        n += 1
    piles = [e for e in events if e.kind == "deal_pile"]
    assert [e.seat for e in piles] == [0, 1, 2, 3] and all(e.public for e in piles)
    text = table_text(session)
    ctx = compose.context(session)
    for event in piles:
        cards = [as_pair(c) for c in event.data["cards"]]
        assert scoring.deal_score(cards) == event.data["score"]
        line = RENDERER.event_text(ctx, event)
        assert line is not None and session.record.seats[event.seat].name in line
        assert line.endswith(f"= {signed(event.data['score'])}")
        for _, number in cards:
            assert str(number) in line
        assert line in log_text(ctx, RENDERER.event_text)  # in the log
    assert line in text  # the last on the table's recent moves
