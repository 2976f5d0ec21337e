"""The Gogyo renderer: cards and runs, what the table may show, the steps of a turn in the hand,
the declaration, the log lines and the final breakdown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.render.base import Button, RenderContext, Rendered, Select
from bot.render.gogyo import (
    RENDERER,
    arranged,
    card,
    yaku_line,
)
from bot.storage.records import SeatRecord
from games import registry
from games.core import Event, Rng
from games.gogyo import actions as act
from games.gogyo import texts
from games.gogyo.cards import card_id, card_name
from games.gogyo.scoring import best_score
from games.gogyo.state import GogyoState
from games.gogyo.views import arrangement, card_view
from tests.bot.test_renderers import render_context

GAME = registry.get("gogyo")
NAMES = ["Aoi", "Ben", "Chika", "Dan"]


def context(
    state: GogyoState, lang: str = "en", events: list[Event] | None = None
) -> RenderContext:
    seats = [
        SeatRecord(seat=i, name=NAMES[i], user_id=100 + i if i != 1 else None)
        for i in range(state.players)
    ]
    return render_context("gogyo", state, lang, seats, events=events)


def text_of(rendered: Rendered | list[Any]) -> str:
    """Everything a reader sees: content, embeds and control labels."""
    embeds = rendered if isinstance(rendered, list) else rendered.embeds
    parts: list[str] = []
    if isinstance(rendered, Rendered) and rendered.content:
        parts.append(rendered.content)
    for embed in embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        for f in data.get("fields", []):
            parts += [f["name"], f["value"]]
        parts.append(data.get("footer", {}).get("text", ""))
    if isinstance(rendered, Rendered):
        for control in rendered.controls:
            if isinstance(control, Button):
                parts.append(control.label)
            else:
                parts.append(control.placeholder)
                parts += [o.label for o in control.options]
    return "\n".join(parts)


def actions_of(rendered: Rendered) -> set[str]:
    found: set[str] = set()
    for control in rendered.controls:
        if control.disabled:
            continue
        if isinstance(control, Button):
            found.add(control.action)
        else:
            found |= {o.value for o in control.options}
    return found


def legal(state: GogyoState, seat: int) -> set[str]:
    return {a.encode() for a in state.legal_actions(seat)}


def new(players: int, seed: int = 3) -> GogyoState:
    state = GAME.new(players, seed=seed)
    assert isinstance(state, GogyoState)
    return state


def names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


# -- cards and runs ------------------------------------------------------------------------


def test_cards_show_element_colour_name_and_dynasty_number() -> None:
    assert card(card_view(card_id("夏木"))) == "🟩夏木①"
    assert card(card_view(card_id("清水"))) == "🟦清水⑫"
    assert card(card_view(card_id("漢金"))) == "⬜漢金⑤"
    assert card(card_view(60)) == "✨天"
    assert card(card_view(63)) == "🏴閥"


def test_the_seed_example_marks_both_runs_and_the_wilds() -> None:
    best = arrangement([card_id(n) for n in ("殷火", "漢土", "閥", "天", "隋水")])
    assert best.total == 16
    # 天 stands for 晋 ⑥ in the dynasty run ⑤⑥⑦ (underlined), 閥 for 金 in 火土金 (bold).
    assert arranged(best) == "🟥**殷火②** 🟨__**漢土⑤**__ 🏴**閥→金** ✨__天→晋⑥__ 🟦__隋水⑦__"
    assert yaku_line(best, "en") == "王朝役 dynasty ⑤⑥⑦ +10 · 五行役 element 火土金 +6"
    assert yaku_line(best, "ja") == "王朝役 ⑤⑥⑦ +10 · 五行役 火土金 +6"
    nothing = arrangement([card_id(n) for n in ("夏木", "夏火", "秦木", "元金", "清金")])
    assert yaku_line(nothing, "ja") == "王朝役 なし · 五行役 なし"


# -- the table -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_table_shows_public_cards_and_hides_face_down_ones(lang: str) -> None:
    state = new(3)
    seat = state.turn
    dropped = state.hands[seat][:2]
    state.apply(seat, act.Deck())
    events = state.apply(seat, act.Draw(cards=tuple(dropped)))
    down = list(state.down[seat])
    assert len(down) == 2
    ctx = context(state, lang, events)
    table = RENDERER.table(ctx)
    text = text_of(table)
    assert table.controls == [] and not RENDERER.acts_on_table(ctx, seat)
    for c in state.field:
        assert card(card_view(c)) in text
    for other in range(3):
        for c in state.hands[other]:
            shown = card(card_view(c))
            assert (shown in text) == (c not in state.down[other])
    for c in down:
        assert card_name(c) not in text
    deck, piles = len(state.deck), "🂠 " + ("山札" if lang == "ja" else "Deck")
    assert f"{piles} {deck}" in text
    assert ("捨札 2枚" if lang == "ja" else "discards 2") in text
    assert ("裏向き2枚" if lang == "ja" else "2 face down") in text
    assert text.count("🂠 🂠") == 1
    # The draw is in the log, without the drawn cards.
    log = RENDERER.event_text(ctx, events[0])
    assert log is not None and all(card_name(c) in log for c in dropped)
    assert RENDERER.event_text(ctx, events[1]) is None  # addressed to the drawer only
    # The drawer's hand marks its face-down cards; nobody else's hand holds them.
    mine = text_of(RENDERER.hand(ctx, seat))
    for c in down:
        assert f"{card(card_view(c))}🔒" in mine
    for other in range(3):
        if other != seat:
            theirs = text_of(RENDERER.hand(ctx, other))
            assert not any(card_name(c) in theirs for c in down)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_marks_legend_is_in_the_reference_not_on_the_table(lang: str) -> None:
    """The table keeps to the game (it fits a phone's screen); the reference (Rules) says what the
    element colours, 天, 閥, a face-down card and the runs' marks stand for."""
    ctx = context(new(4), lang)
    assert texts.LEGEND(lang) not in text_of(RENDERER.table(ctx))
    (reference,) = RENDERER.reference(ctx)
    data = reference.to_dict()
    assert data["title"] == texts.REF_MARKS(lang)
    for text in (texts.LEGEND, texts.MARKS, texts.FOOTER):
        assert text(lang) in data["description"]


# -- a turn, step by step ------------------------------------------------------------------


def test_the_field_action_goes_discard_then_field_card() -> None:
    state = new(2)
    seat = state.turn
    hand = RENDERER.hand(context(state), seat)
    assert actions_of(hand) == legal(state, seat) == {"field", "deck", f"duel.{1 - seat}"}
    assert hand.content == "Your turn: choose an action."
    assert "declare" not in text_of(hand).lower()
    waiting = RENDERER.hand(context(state), 1 - seat)
    assert waiting.controls == [] and waiting.content is not None
    assert waiting.content.startswith("Waiting for")
    state.apply(seat, act.Field())
    hand = RENDERER.hand(context(state, "ja"), seat)
    assert actions_of(hand) == legal(state, seat)
    assert {a for a in actions_of(hand) if a.startswith("discard.")} == {
        f"discard.{c}" for c in state.hands[seat]
    }
    assert "back" in actions_of(hand)
    dropped = state.hands[seat][0]
    state.apply(seat, act.Discard(card=dropped))
    hand = RENDERER.hand(context(state, "ja"), seat)
    assert actions_of(hand) == {f"take.{c}" for c in state.field} | {"back"}
    assert hand.content is not None and card(card_view(dropped)) in hand.content
    # Nothing is carried out (or shown on the table) before the last choice.
    assert "捨札 0枚" in text_of(RENDERER.table(context(state, "ja")))
    take = state.field[0]
    events = state.apply(seat, act.Take(card=take))
    assert take in state.hands[seat] and dropped in state.discard
    line = RENDERER.event_text(context(state), events[0])
    assert line is not None and card_name(take) in line and card_name(dropped) in line


def test_the_deck_action_offers_one_or_two_discards_in_two_selects() -> None:
    state = new(2)
    seat = state.turn
    state.apply(seat, act.Deck())
    hand = RENDERER.hand(context(state), seat)
    selects = [c for c in hand.controls if isinstance(c, Select)]
    assert [len(s.options) for s in selects] == [5, 10]
    assert all(s.prefix == "" and s.max_values == 1 for s in selects)
    assert actions_of(hand) == legal(state, seat)
    # With one card left in the deck only single discards are offered.
    snap = state.snapshot()
    snap["discard"] += snap["deck"][1:]
    snap["deck"] = snap["deck"][:1]
    short = GAME.load(snap)
    assert isinstance(short, GogyoState)
    hand = RENDERER.hand(context(short), seat)
    assert [len(c.options) for c in hand.controls if isinstance(c, Select)] == [5]
    assert actions_of(hand) == legal(short, seat)
    assert "1 card" in (hand.content or "")


def test_a_duel_step_by_step() -> None:
    state = new(3, seed=11)
    attacker = state.turn
    defender = (attacker + 1) % 3
    before = list(state.hands[defender]) + list(state.hands[attacker])
    state.apply(attacker, act.Duel(target=defender))
    view = state.public_view()
    duel = view.last_duel
    assert duel is not None
    winner, loser = duel.winner, duel.loser
    table = text_of(RENDERER.table(context(state)))
    assert card(duel.attacker_card) in table and card(duel.defender_card) in table
    assert f"**{NAMES[winner] if winner != 1 else '🤖 ' + NAMES[1]}** wins" in table
    # The winner picks loot or destroy and a card of the loser's (now face-up) hand.
    hand = RENDERER.hand(context(state), winner)
    assert actions_of(hand) == legal(state, winner)
    loser_cards = state.hands[loser]
    assert actions_of(hand) == {f"loot.{c}" for c in loser_cards} | {
        f"destroy.{c}" for c in loser_cards
    }
    # More than two cards: a select per way, not two buttons a card (a phone's screen).
    assert len(loser_cards) > 2
    selects = [c for c in hand.controls if isinstance(c, Select)]
    assert [s.placeholder for s in selects] == ["🫳 Loot a card…", "🔥 Destroy a card…"]
    assert [{o.value for o in s.options} for s in selects] == [
        {f"loot.{c}" for c in loser_cards},
        {f"destroy.{c}" for c in loser_cards},
    ]
    assert RENDERER.hand(context(state), loser).controls == []
    # Two cards or fewer: a button a card and way.
    few = state.copy()
    few.hands[loser] = few.hands[loser][:2]
    short = RENDERER.hand(context(few), winner)
    assert all(isinstance(c, Button) for c in short.controls)
    assert actions_of(short) == {
        f"{way}.{c}" for way in ("loot", "destroy") for c in loser_cards[:2]
    }
    assert sorted(before) == sorted(state.hands[defender] + state.hands[attacker])
    taken = loser_cards[0]
    state.apply(winner, act.Loot(card=taken))
    hand = RENDERER.hand(context(state), winner)
    assert actions_of(hand) == legal(state, winner)
    assert hand.content is not None and card(card_view(taken)) in hand.content
    own = next(c for c in state.hands[winner] if c != taken)
    state.apply(winner, act.Discard(card=own))
    hand = RENDERER.hand(context(state), winner)
    assert actions_of(hand) == {f"give.{c}" for c in state.field}
    table = text_of(RENDERER.table(context(state)))
    assert f"Loot: {card(card_view(taken))}" in table and card(card_view(own)) in table
    given = state.field[-1]
    events = state.apply(winner, act.Give(card=given))
    table = text_of(RENDERER.table(context(state, "en", events)))
    assert f"took the field card {card(card_view(given))}" in table
    assert any(f"gave {NAMES[loser]}" in line or "gave 🤖" in line for line in table.split("\n"))


def test_destroy_is_shown_on_the_table() -> None:
    state = new(2, seed=4)
    attacker = state.turn
    state.apply(attacker, act.Duel(target=1 - attacker))
    duel = state.public_view().last_duel
    assert duel is not None
    victim = state.hands[duel.loser][2]
    events = state.apply(duel.winner, act.Destroy(card=victim))
    ctx = context(state, "ja", events)
    assert f"破棄: {card(card_view(victim))}" in text_of(RENDERER.table(ctx))
    line = RENDERER.event_text(ctx, events[0])
    assert line is not None and "破棄" in line and card_name(victim) in line


def test_the_declare_buttons_appear_only_when_declaring_is_legal() -> None:
    offered = 0
    for seed in range(6):
        state = new(2 + seed % 3, seed=seed)
        cpu = GAME.cpu("strong")
        rng = Rng(seed)
        steps = 0
        while not state.is_over():
            seat = state.to_act()[0]
            hand = RENDERER.hand(context(state), seat)
            shown = actions_of(hand)
            assert shown == legal(state, seat)
            if state.step == "declare":
                offered += 1
                assert shown == {"declare", "end"}
                assert state.hand_score(seat) >= 30 and state.turns_taken[seat] >= 1
                assert f"scores {state.hand_score(seat)}" in (hand.content or "")
            else:
                assert "declare" not in shown
            state.apply(seat, cpu.choose(state, seat, rng.fork(steps)))
            steps += 1
    assert offered > 0


# -- the log and the end -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_log_lines_for_a_whole_match(lang: str) -> None:
    state = new(3, seed=21)
    rng = Rng(5)
    cpu = GAME.cpu("random")
    kinds: set[str] = set()
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = cpu.choose(state, seat, rng.fork(steps))
        if state.step == "act" and steps % 7 == 0 and len(state.deck) >= 3:
            action = act.Duel(target=(seat + 1) % 3)
        for event in state.apply(seat, action):
            line = RENDERER.event_text(context(state, lang), event)
            if event.kind in texts.EVENTS and event.public:
                assert line and "{" not in line, event
                kinds.add(event.kind)
            else:
                assert line is None
            if line:
                hidden = {card_name(c) for s in range(3) for c in state.down[s]}
                assert not any(name in line for name in hidden - {"天", "閥"})
        steps += 1
    assert {"game_start", "duel", "game_end", "match_end"} <= kinds


def over_state(games: list[tuple[list[list[str]], str, int | None]]) -> GogyoState:
    """A finished 2-player match whose games ended with these hands."""
    state = new(2)
    snap = state.snapshot()
    snap["results"] = [
        {
            "game": n,
            "ended_by": ending,
            "declarer": declarer,
            "hands": [sorted(card_id(c) for c in hand) for hand in hands],
            "scores": [best_score(hand) for hand in hands],
        }
        for n, (hands, ending, declarer) in enumerate(games, start=1)
    ]
    snap["step"] = "over"
    snap["game_no"] = 2
    loaded = GAME.load(snap)
    assert isinstance(loaded, GogyoState)
    return loaded


H20 = ["夏木", "秦火", "宋土", "殷金", "明水"]
H10 = ["夏木", "殷木", "周木", "元木", "清木"]
H10B = ["漢水", "晋水", "隋水", "宋水", "元水"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_final_breakdown_per_game_and_total(lang: str) -> None:
    assert [best_score(h) for h in (H20, H10, H10B)] == [20, 10, 10]
    state = over_state([([H20, H10B], "deck", None), ([H10, H20], "declare", 1)])
    ctx = context(state, lang)
    final = RENDERER.final(ctx)
    embed = final[0].to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    # Totals tie at 30; the game 2 score gives Ben the win.
    ben = next(name for name in fields if "Ben" in name)
    aoi = next(name for name in fields if "Aoi" in name)
    assert list(fields) == [ben, aoi]
    total = "合計30点" if lang == "ja" else "total 30"
    assert ben.endswith(total) and aoi.endswith(total)
    game = "第{n}ゲーム {p}点" if lang == "ja" else "game {n}: {p}"
    assert game.format(n=1, p=20) in fields[aoi] and game.format(n=2, p=10) in fields[aoi]
    assert game.format(n=1, p=10) in fields[ben] and game.format(n=2, p=20) in fields[ben]
    assert "+20" in fields[aoi] and "__" in fields[ben]
    assert "🏆" in embed["description"] and "Ben" in embed["description"]
    assert "Aoi" not in embed["description"].split("\n")[0]
    assert ("第2ゲームの得点" if lang == "ja" else "game 2 score decided") in embed["description"]
    # The table keeps both games' results, with the declarer named.
    table = text_of(RENDERER.table(ctx))
    assert ("第2ゲームの結果（🤖 Benが終了宣言）" if lang == "ja" else "Game 2 results") in table
    assert re.search(r"Game 1 results \(the deck ran out\)|第1ゲームの結果（山札切れ）", table)


def test_final_shared_win() -> None:
    state = over_state([([H10, H10B], "deck", None), ([H20, H20], "deck", None)])
    embed = RENDERER.final(context(state))[0].to_dict()
    first = embed["description"].split("\n")
    assert "Aoi" in first[0] and "Ben" in first[0]
    assert "the win is shared" in embed["description"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_table_does_not_announce_a_choice_its_player_can_still_take_back(lang: str) -> None:
    """Choosing the field or the deck, and the discard before the field card, can each be taken
    back: the table and the others' hands go on saying the player is choosing an action until
    the move is carried out."""
    state = new(3)
    seat = state.turn
    choosing = texts.STEPS["act"](lang)

    def told() -> tuple[str, str]:
        table = text_of(RENDERER.table(context(state, lang)))
        other = RENDERER.hand(context(state, lang), (seat + 1) % 3).content or ""
        return table, other

    for choices in ([act.Field()], [act.Field(), act.Discard(card=state.hands[seat][0])]):
        for action in choices:
            state.apply(seat, action)
        table, other = told()
        assert choosing in table and choosing in other, (table, other)
        for step in ("field_discard", "field_take"):
            assert texts.STEPS[step](lang) not in table + other
        while state.step != "act":
            state.apply(seat, act.Back())
    state.apply(seat, act.Deck())
    table, other = told()
    assert choosing in table and texts.STEPS["deck_discard"](lang) not in table + other
