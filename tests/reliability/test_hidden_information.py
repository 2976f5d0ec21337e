"""Hidden information across whole random games of every title, played through the bot.

Humans fill every seat and play random legal moves through the controls they are shown. At every
step, each seat's private message is rendered and the parts of it the table does not show (its
hand, screen, won pile, face-down cards …) are remembered. At the end every message body the
fake Discord received is scanned: none of a seat's private parts may appear in a public channel
message, nor in another player's ephemeral messages or DMs.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import GameBot
from bot.publish import compose
from bot.render import renderer_for
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from games import registry
from tests.e2e.harness import (
    legal_controls,
    make_bot,
    start_through_lobby,
    table_message,
)

#: Where the texts the table showed during the game are collected.
TABLE = -1
#: Strings this short are too common to prove anything ("—", "3 pts").
MIN_LENGTH = 8
#: Players per title: the smallest table the game allows, but at least this many where possible.
PLAYERS = 3


def texts_of(embeds: list[discord.Embed]) -> set[str]:
    """The titles, field values and description lines of a rendered message's embeds."""
    found: set[str] = set()
    for embed in embeds:
        data = embed.to_dict()
        found.add(data.get("title") or "")
        found.update(line for line in (data.get("description") or "").splitlines())
        for field in data.get("fields") or []:
            found.add(field["value"])
            found.update(field["value"].splitlines())
    return {text.strip() for text in found if len(text.strip()) >= MIN_LENGTH}


def lines_of(text: str) -> set[str]:
    """Every line of a text, and every text as a whole, stripped."""
    return {line.strip() for line in text.splitlines()} | {text.strip()}


def private_parts(session: Any, seat: int) -> set[str]:
    """What the seat's private message shows that the table does not."""
    lang = session.record.language
    hand = texts_of(compose.hand_payload(session, seat, lang).embeds)
    public = texts_of(compose.table_payload(session).embeds)
    return hand - public


async def start(fake: FakeDiscord, game: str, people: list[User]) -> tuple[int, int]:
    game_id, thread_id, _ = await start_through_lobby(fake, people[0], people[1:], game)
    return game_id, thread_id


def control_for(
    message: Message, game_id: int, version: int, seat: int, legal: set[str], rng: random.Random
) -> tuple[str, list[str] | None] | None:
    """A random control on `message` that plays a legal move: (custom_id, select values)."""
    choices = legal_controls(message, game_id, version, seat, legal)
    return rng.choice(choices) if choices else None


async def play_randomly(
    fake: FakeDiscord,
    bot: GameBot,
    people: list[User],
    game_id: int,
    thread_id: int,
    rng: random.Random,
    seen: dict[int, set[str]],
) -> int:
    moves = 0
    while True:
        session = await bot.sessions.get(game_id)
        if session is None or session.record.status != "playing":
            return moves
        # The table as either kind of server shows it: its whole text, or its brief text
        # beside the picture.
        for pictures in (False, True):
            table_now = texts_of(compose.table_payload(session, pictures=pictures).embeds)
            seen.setdefault(TABLE, set()).update(table_now)
        for seat in range(len(people)):
            seen.setdefault(seat, set()).update(private_parts(session, seat))
        if session.pause is not None and session.pause.waiting:
            # A page turned: a player who has not read it presses Next on their hand (which
            # shows the summary, and nothing of anyone else's hand).
            seat = min(session.pause.waiting)
            table = table_message(fake, game_id, thread_id)
            inter = await people[seat].click_raw(table.id, thread_id, f"hd:{game_id}")
            await inter.response()
            hand = await inter.wait_original()
            await (
                await people[seat].click(hand, f"np:{game_id}:{session.pause.version}")
            ).response()
            continue
        seat = rng.choice(session.state.to_act())
        user, version = people[seat], session.version
        legal = {a.encode() for a in session.state.legal_actions(seat)}
        renderer = renderer_for(session.record.game)
        on_table = renderer.acts_on_table(compose.context(session), seat)
        # The table's controls carry the game's version, a hand's the seat's own.
        label = version if on_table else session.controls_version(seat)
        if on_table:

            def table_ready(
                v: int = version, s: int = seat, moves: set[str] = legal
            ) -> Message | None:
                message = table_message(fake, game_id, thread_id)
                return message if control_for(message, game_id, v, s, moves, rng) else None

            message = await fake.wait_for(table_ready, 10, "the table's controls")
        else:
            table = table_message(fake, game_id, thread_id)
            inter = await user.click_raw(table.id, thread_id, f"hd:{game_id}")
            await inter.response()
            message = await inter.wait_original()
        chosen = control_for(message, game_id, label, seat, legal, rng)
        assert chosen is not None, (message.custom_ids, sorted(legal))
        custom_id, values = chosen
        if values is None:
            inter = await user.click(message, custom_id)
        else:
            inter = await user.select(message, custom_id, values)
            if custom_id.startswith("mk:"):  # a pick confirmed by a second click
                await inter.response()
                shown = fake.message(message.id)
                confirm = [c for c in shown.custom_ids if c.startswith(f"mv:{game_id}:{label}:")]
                inter = await user.click(shown, confirm[0])
        await inter.response()
        await fake.wait_for(
            lambda v=version, s=session: s.version > v or s.record.status != "playing",
            10,
            "the move",
        )
        moves += 1


@pytest.mark.parametrize("game", [g.id for g in registry.all()])
async def test_private_information_stays_with_its_owner(
    fake_discord: FakeDiscord, tmp_path: Path, game: str
) -> None:
    fake = fake_discord
    counts = registry.get(game).player_counts
    players = min(max(counts.start, PLAYERS), counts.stop - 1)
    people = [
        fake.add_user(f"{game[:4]}{i}", locale="ja" if i % 2 else "en-US") for i in range(players)
    ]
    bot = make_bot(fake, tmp_path / "db.sqlite3", seed=2024)
    rng = random.Random(game)
    seen: dict[int, set[str]] = {}
    async with fake.run_bot(bot):
        game_id, thread_id = await start(fake, game, people)
        moves = await play_randomly(fake, bot, people, game_id, thread_id, rng, seen)
        record = await bot.store.get(game_id)
        assert record is not None and record.status == "finished"
        await fake.wait_for(
            lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)), 10, "the end"
        )
        # What the end of the game reveals to everyone is not private any more.
        final = renderer_for(game).final(compose.context(await _final_session(bot, game_id)))
        # So is what the table showed at some point (tables are built from public information
        # only, which tests/bot/test_renderers.py proves): e.g. a finished game's hands.
        revealed = texts_of(final) | seen.pop(TABLE)
    leaks = []
    checked = 0
    public_lines = lines_of(fake.public_text())
    private_lines = [
        lines_of("\n".join(m.text for m in user.ephemerals() + user.dms())) for user in people
    ]
    for seat, parts in seen.items():
        for part in parts - revealed:
            checked += 1
            if part in public_lines:
                leaks.append(("public", seat, part))
            for other, lines in enumerate(private_lines):
                # The same text can be private to both (two one-card hands alike): only a
                # text that was never this other player's own counts as a leak to them.
                if other != seat and part in lines and part not in seen.get(other, set()):
                    leaks.append(("another player", seat, part))
    # Pictures: public messages only ever carried the table's and the end's (drawn from the
    # public view, which tests/bot/test_pictures.py proves), never a picture a player was
    # shown privately.
    public_files = [
        attachment
        for message in fake.public_messages()
        for version in message.versions
        for attachment in version.get("attachments") or []
    ]
    assert {a["filename"] for a in public_files} <= {"table.png", "final.png"}
    public_pictures = {fake.attachment_bytes(a["id"]) for a in public_files}
    private_pictures = {
        fake.attachment_bytes(a["id"])
        for user in people
        for message in user.ephemerals() + user.dms()
        for version in message.versions
        for a in version.get("attachments") or []
    }
    leaks += [("public picture", -1, len(p)) for p in private_pictures & public_pictures]
    print(
        f"\nhidden information [{game}]: {moves} moves, {checked} private texts and "
        f"{len(private_pictures)} private pictures checked, {len(fake.requests)} request bodies "
        "scanned"
    )
    assert checked > 0 and private_pictures and public_pictures
    assert not leaks, leaks[:5]


async def _final_session(bot: GameBot, game_id: int) -> Any:
    """The finished game as a session (finished games are no longer kept live)."""
    from bot.session import Session

    record = await bot.store.get(game_id)
    assert record is not None and record.snapshot is not None
    game = registry.get(record.game)
    return Session(record=record, game=game, state=game.load(record.snapshot))
