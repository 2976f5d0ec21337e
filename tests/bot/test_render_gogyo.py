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
    named,
    yaku_line,
)
from bot.storage.records import SeatRecord
from games import registry
from games.core import Event, Rng
from games.gogyo import actions as act
from games.gogyo import texts
from games.gogyo.cards import card_id, card_name
from games.gogyo.scoring import best_score, best_score_ids
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
    assert hand.content == f"Your turn (hand: {state.hand_score(seat)})."
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


def test_the_deck_action_one_discard_is_one_tap_and_two_are_confirmed() -> None:
    """One discard is a button (one tap); two are one option of a select shown back for
    confirmation, each pair saying what the three kept cards score."""
    state = new(2)
    seat = state.turn
    state.apply(seat, act.Deck())
    hand = RENDERER.hand(context(state), seat)
    buttons = [c for c in hand.controls if isinstance(c, Button) and c.action != "back"]
    assert {b.action for b in buttons} == {f"draw.{c}" for c in state.hands[seat]}
    (pairs,) = [c for c in hand.controls if isinstance(c, Select)]
    assert len(pairs.options) == 10 and pairs.confirm and pairs.max_values == 1
    kept = [c for c in state.hands[seat] if c not in state.hands[seat][:2]]
    first = pairs.options[0]
    assert first.description == f"the 3 kept score {best_score_ids(kept)}"
    assert actions_of(hand) == legal(state, seat)
    assert "draw 1 face down" in (hand.content or "")
    # With one card left in the deck only single discards are offered.
    snap = state.snapshot()
    snap["discard"] += snap["deck"][1:]
    snap["deck"] = snap["deck"][:1]
    short = GAME.load(snap)
    assert isinstance(short, GogyoState)
    hand = RENDERER.hand(context(short), seat)
    assert not [c for c in hand.controls if isinstance(c, Select)]
    assert actions_of(hand) == legal(short, seat)
    assert "1 card" in (hand.content or "")


def test_every_choice_says_the_score_it_leads_to() -> None:
    """The field's first button, each discard and each field card give the score they lead to,
    computed as the engine scores the hand they make."""
    state = new(2)
    seat = state.turn
    hand = state.hands[seat]
    best = max(best_score_ids([*(c for c in hand if c != d), f]) for d in hand for f in state.field)
    labels = [
        c.label for c in RENDERER.hand(context(state), seat).controls if isinstance(c, Button)
    ]
    assert f"Field card (up to {best})" in labels
    state.apply(seat, act.Field())
    dropped = hand[0]
    state.apply(seat, act.Discard(card=dropped))
    rendered = RENDERER.hand(context(state), seat)
    takes = {c.action: c.label for c in rendered.controls if isinstance(c, Button)}
    for f in state.field:
        after = best_score_ids([*(c for c in state.hands[seat] if c != dropped), f])
        assert takes[f"take.{f}"].endswith(f"→ {after} pts" if after != 1 else "→ 1 pt")


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
    assert any(
        f"made {NAMES[loser]} take" in line or "made 🤖" in line for line in table.split("\n")
    )


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
    lines = embed["description"].split("\n")
    # Totals tie at 30; the game 2 score gives Ben the win: Ben first, then Aoi, each with
    # both games' points.
    assert "🏆" in lines[0] and "Ben" in lines[0] and "Aoi" not in lines[0]
    assert ("第2ゲームの得点" if lang == "ja" else "game 2 score decided") in lines[1]
    seat_line = "{seat} **30点**（{games}）" if lang == "ja" else "{seat} **30** ({games})"
    assert lines[2] == seat_line.format(seat="② 🤖 Ben", games="10 + 20")
    assert lines[3] == seat_line.format(seat="① Aoi", games="20 + 10")
    ending = (
        "第1ゲーム: 山札切れ · 第2ゲーム: 🤖 Benが終了宣言"
        if lang == "ja"
        else "game 1: the deck ran out · game 2: 🤖 Ben declared"
    )
    assert lines[4] == ending
    # Brief enough for a phone with its picture: a line a seat, no fields, no footer.
    assert "fields" not in embed and "footer" not in embed
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


# -- the log lines and the summaries, in detail ----------------------------------------------


@pytest.mark.parametrize(
    ("attacker_card", "defender_card", "outcome"),
    [("隋火", "漢水", "won"), ("漢水", "隋火", "lost"), ("漢水", "漢木", "lost on a tie")],
)
def test_a_duel_line_gives_both_cards_numbers_and_the_outcome(
    attacker_card: str, defender_card: str, outcome: str
) -> None:
    state = new(2)
    attacker = state.turn
    # The two duel cards on top of the deck (the attacker draws first).
    state.deck += [card_id(defender_card), card_id(attacker_card)]
    events = state.apply(attacker, act.Duel(target=1 - attacker))
    line = RENDERER.event_text(context(state), events[0])
    a_number = "⑦" if attacker_card == "隋火" else "⑤"
    d_number = "⑤" if defender_card.startswith("漢") else "⑦"
    who = {0: "Aoi", 1: "🤖 Ben"}
    assert line == (
        f"⚔️ {who[attacker]} duelled {who[1 - attacker]}: "
        f"{card(named(attacker_card))} against {card(named(defender_card))}, {outcome}"
    )
    assert a_number in line and d_number in line


def test_a_wild_duel_card_counts_zero_in_its_line() -> None:
    state = new(2)
    attacker = state.turn
    state.deck += [card_id("夏木"), card_id("閥")]
    events = state.apply(attacker, act.Duel(target=1 - attacker))
    line = RENDERER.event_text(context(state, "ja"), events[0])
    assert line is not None and "🏴閥 0 対 🟩夏木①" in line and "防御側の勝ち" in line


def test_a_burst_of_moves_reads_as_a_list_of_who_did_what() -> None:
    """A duel, its loot and its field card, each a line naming who acted and the cards."""
    state = new(3, seed=11)
    attacker = state.turn
    lines = [
        RENDERER.event_text(context(state), e)
        for e in state.apply(attacker, act.Duel(target=(attacker + 1) % 3))
    ]
    duel = state.public_view().last_duel
    assert duel is not None
    taken = state.hands[duel.loser][0]
    lines += [
        RENDERER.event_text(context(state), e)
        for e in state.apply(duel.winner, act.Loot(card=taken))
    ]
    own = next(c for c in state.hands[duel.winner] if c != taken)
    lines += [
        RENDERER.event_text(context(state), e)
        for e in state.apply(duel.winner, act.Discard(card=own))
    ]
    given = state.field[0]
    lines += [
        RENDERER.event_text(context(state), e)
        for e in state.apply(duel.winner, act.Give(card=given))
    ]
    said = [line for line in lines if line]
    winner, loser = (NAMES[duel.winner], NAMES[duel.loser])
    winner = "🤖 Ben" if duel.winner == 1 else winner
    loser = "🤖 Ben" if duel.loser == 1 else loser
    assert said[0].startswith("⚔️ ") and "duelled" in said[0]
    looted, dropped = card(card_view(taken)), card(card_view(own))
    assert said[1] == f"{winner} looted {looted} from {loser}, discarded {dropped}"
    assert said[2] == f"{winner} made {loser} take {card(card_view(given))} from the field"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_end_of_game_one_is_a_summary(lang: str) -> None:
    """How the game ended, each seat's points with the runs that made them and its hand in
    scoring order, the marks, and that game 2 follows."""
    state = new(2, seed=5)
    while True:
        state.deck = state.deck[-1:]  # the next deck action ends the game
        seat = state.to_act()[0]
        if state.step == "act":
            state.apply(seat, act.Deck())
            events = state.apply(seat, act.Draw(cards=(state.hands[seat][0],)))
            break
        state.apply(seat, state.legal_actions(seat)[0])
    (end,) = [e for e in events if e.kind == "game_end"]
    text = RENDERER.event_text(context(state, lang), end)
    assert text is not None
    lines = text.split("\n")
    over = (
        "🏁 **第1ゲーム終了**（山札切れ）"
        if lang == "ja"
        else "🏁 **Game 1 over** (the deck ran out)"
    )
    assert lines[0] == over
    result = state.results[0]
    for seat in range(2):
        hand = arrangement(result["hands"][seat])
        points = result["scores"][seat]
        shown = (
            f"**{points}点**"
            if lang == "ja"
            else f"**{points} pt"
            if points == 1
            else f"**{points} pts**"
        )
        assert lines[1 + seat].startswith(f"{'①②'[seat]} ") and shown in lines[1 + seat]
        assert arranged(hand) in lines[1 + seat]
    assert texts.MARKS(lang) in lines[-1]
    assert ("第2ゲームへ" if lang == "ja" else "On to game 2") in lines[-1]


# -- the hand is the player's screen ----------------------------------------------------------


def test_the_hand_picture_shows_what_each_step_needs() -> None:
    """At the turn's first choice the field and the others' cards; choosing a field card, the
    field; a duel's winner, the duel and the loser's hand; and always the own hand."""
    from bot.render.pictures.gogyo import PICTURES

    state = new(3, seed=11)
    seat = state.turn

    def tags() -> set[str]:
        scene = PICTURES.hand(state.private_view(state.to_act()[0]), NAMES[:3], "en")
        return {
            item.tag.split(".")[0] + "." + item.tag.split(".")[1]
            for item in scene.items
            if "." in item.tag
        }

    first = tags()
    others = {f"seat.{s}" for s in range(3) if s != seat}
    assert {"field.0", "hand.0", "legend.木"} <= first and others <= first
    state.apply(seat, act.Field())
    state.apply(seat, act.Discard(card=state.hands[seat][0]))
    taking = tags()
    assert "field.0" in taking and not others & taking
    state.apply(seat, act.Back())
    state.apply(seat, act.Back())
    state.apply(seat, act.Duel(target=(seat + 1) % 3))
    duel = state.public_view().last_duel
    assert duel is not None
    choosing = tags()
    assert f"seat.{duel.loser}" in choosing and "field.0" not in choosing


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_english_cards_name_their_dynasty_and_number_and_a_legend_names_the_colours(
    lang: str,
) -> None:
    from bot.render.pictures.gogyo import PICTURES

    state = new(3, seed=11)
    scene = PICTURES.table(state.public_view(), NAMES[:3], lang)
    field = [scene.find(f"field.{i}") for i in range(len(state.field))]
    for item, c in zip(field, state.public_view().field, strict=True):
        if c.dynasty is not None and lang == "en":
            assert item.face.sub.split() == [
                str(c.number),
                texts.DYNASTY_NAMES[c.dynasty]("en").split("(")[1].split(")")[0],
            ]
            assert item.face.sub_size >= 14
        elif c.dynasty is not None:
            assert item.face.corner == str(c.number)
    legend = [scene.find(f"legend.{e}.name").text for e in "木火土金水"]
    assert legend == (
        ["木", "火", "土", "金", "水"]
        if lang == "ja"
        else ["wood", "fire", "earth", "metal", "water"]
    )


def test_the_final_picture_explains_its_lines() -> None:
    from bot.render.pictures.gogyo import PICTURES

    state = over_state([([H20, H10B], "deck", None), ([H10, H20], "declare", 1)])
    scene = PICTURES.final(state.public_view(), state.result(), NAMES[:2], "en")
    assert scene.find("runs.dynasty").text == "dynasty run"
    assert scene.find("runs.element").text == "element run"
    assert scene.find("legend.火.name").text == "fire"
    assert scene.height <= 480  # two seats: well within a phone's screen


def test_the_reference_fits_a_phone_screen() -> None:
    for lang in ("ja", "en"):
        for embed in RENDERER.reference(context(new(4), lang)):
            text = embed.description or ""
            assert sum(1 + len(line) // 42 for line in text.split("\n")) <= 30
