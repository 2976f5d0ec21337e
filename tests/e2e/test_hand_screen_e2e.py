"""Every title played start to finish from the hand alone: one person against CPUs clicks only
their own private hand (opened once with the table's "Show my hand"), never the table. At each
of their steps the hand, kept current by the bot, offers a control for a legal move; a choice of
several shown back with a Confirm button is confirmed there, and a page turn's summary (a
round's end, say) is read there and left with Next. The taps each step took are printed per
kind of move."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bot.publish import compose
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.session import Session
from games import registry
from tests.e2e.harness import (
    final_message,
    finished_outcome,
    game_started,
    hand_messages,
    open_hand,
    wait_stored,
)

#: The most value combinations of one select the test tries (a pass of 2 of 9 cards is 36).
MOST_COMBINATIONS = 400


def hand_moves(hand: Message, session: Session, seat: int) -> list[tuple[str, list[str] | None]]:
    """Every control of `hand` that plays a legal move for `seat` now: `(custom_id, None)` for a
    move button, `(custom_id, values)` for a choice of a move select (every combination its
    limits allow, tried against the engine as the bot's preview does)."""
    version = session.controls_version(seat)
    head = f"{session.id}:{version}:{seat}:"
    found: list[tuple[str, list[str] | None]] = []
    for component in hand.iter_components():
        cid = str(component.get("custom_id") or "")
        if component.get("disabled"):
            continue
        if component.get("type") == 2 and cid.startswith(f"mv:{head}"):
            if compose.pick_still_legal(session, seat, cid.split(":", 4)[4]):
                found.append((cid, None))
        elif component.get("type") == 3 and cid[3:].startswith(head):
            prefix = cid.split(":", 5)[5]
            values = [str(o["value"]) for o in component.get("options") or []]
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            combos = itertools.chain.from_iterable(
                itertools.combinations(values, n) for n in range(low, high + 1)
            )
            for combo in itertools.islice(combos, MOST_COMBINATIONS):
                action = ".".join([prefix, *combo]) if prefix else ".".join(combo)
                if compose.pick_still_legal(session, seat, action):
                    found.append((cid, list(combo)))
    return found


def next_page(hand: Message, session: Session) -> str | None:
    """The hand's Next under a page turn's summary, if it shows one."""
    found = [cid for cid in hand.custom_ids if cid.startswith(f"np:{session.id}:")]
    return found[0] if found else None


async def current_hand(fake: FakeDiscord, user: User, session: Session, seat: int) -> Message:
    """The user's hand once the bot has brought it to the seat's current step (opened once from
    the table's "Show my hand" if the user has none)."""
    if not hand_messages(user, session.id):
        await open_hand(fake, user, session.id, session.record.thread_id or 0)

    def ready() -> Message | None:
        hands = hand_messages(user, session.id)
        if hands and (hand_moves(hands[-1], session, seat) or next_page(hands[-1], session)):
            return hands[-1]
        return None

    return await fake.wait_for(ready, 20, f"a move on the hand at version {session.version}")


async def play_one(
    fake: FakeDiscord, user: User, session: Session, seat: int, pick: int
) -> tuple[str, int]:
    """One move made on the hand: the `pick`-th legal control, confirmed if it asks. Returns the
    move's kind (the encoded action's first word) and the taps it took."""
    version = session.version
    hand = await current_hand(fake, user, session, seat)
    if (next_id := next_page(hand, session)) is not None:
        # A page turned: its summary is read, then Next brings the next page's moves.
        assert not hand_moves(hand, session, seat)
        response = await (await user.click(hand, next_id)).response()
        assert response.type == 7 and not next_page(fake.message(hand.id), session)
        return "next", 1
    moves = hand_moves(hand, session, seat)
    cid, values = moves[pick % len(moves)]
    taps = 1
    if values is None:
        inter = await user.click(hand, cid)
        action = cid.split(":", 4)[4]
    else:
        inter = await user.select(hand, cid, values)
        prefix = cid.split(":", 5)[5]
        action = ".".join([prefix, *values]) if prefix else ".".join(values)
    response = await inter.response()
    assert response.type in (6, 7), response
    if cid.startswith("mk:"):  # shown back: confirmed once, on the same hand
        shown = fake.message(hand.id)
        confirm = [c for c in shown.custom_ids if c.startswith(f"mv:{session.id}:")]
        assert len(confirm) >= 1, shown.custom_ids
        chosen = [c for c in confirm if c.endswith(":" + action)]
        assert chosen, (action, confirm)
        await (await user.click(shown, chosen[0])).response()
        taps += 1
    await wait_stored(fake, session, version)
    return action.split(".")[0], taps


@pytest.mark.parametrize("game_id", [game.id for game in registry.all()])
async def test_a_whole_game_from_the_hand(
    fake_discord: FakeDiscord, tmp_path: Path, game_id: str
) -> None:
    game, fake = registry.get(game_id), fake_discord
    async with game_started(
        fake, tmp_path, game_id, "Aoi:en-US", cpus=game.min_players - 1, cpu="random"
    ) as started:
        session, (aoi,) = started.session, started.users
        taps: dict[str, Counter[int]] = defaultdict(Counter)
        moves = 0
        while session.record.status == "playing":
            to_act = session.state.to_act()
            if 0 not in to_act and not session.paused_for(0):
                await wait_stored(fake, session, session.version, "the CPUs' moves")
                continue
            kind, count = await play_one(fake, aoi, session, 0, moves)
            taps[kind][count] += 1
            moves += 1
        final = await final_message(fake, started.thread_id)
        record, _, _ = await finished_outcome(started.bot, started.game_id)
        assert record.status == "finished" and final.text
        print(game_id, {kind: dict(counts) for kind, counts in taps.items()})
