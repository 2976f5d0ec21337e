"""Driving the real bot through the fake Discord server, the way players would.

The lobby moves (`create_lobby`, `lobby_click`, `custom_id`, `game_id_of`) live in
`bot.sandbox.players` and a bot's settings (`bot_settings`) in `bot.sandbox.botproc`, where the
benchmarks import them too; they are imported here for the tests."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

from bot.client import GameBot, create_bot
from bot.sandbox.botproc import bot_settings
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from bot.sandbox.players import create_lobby, custom_id, game_id_of, lobby_click
from bot.session import Session
from bot.storage.records import GameRecord
from games import registry

#: When set (see `tests/e2e/test_postgres_e2e.py`), the PostgreSQL database URL that stands
#: for a SQLite path: bots made by `make_bot` then keep their games there instead, and a bot
#: made again with the same path (a restart) finds them.
postgres_database_for: Callable[[Path], str] | None = None


def make_bot(
    fake: FakeDiscord,
    db: Path,
    *,
    seed: int = 1,
    cpu_delay: float = 0.0,
    database_url: str | None = None,
    shards: tuple[int, list[int]] | None = None,
    pictures: bool = True,
    page_pause: float = 90.0,
) -> GameBot:
    """A bot wired to `fake` with its database at `db` (or `database_url`) and every new game
    seeded with `seed`; with `shards` `(count, ids)`, one process of a sharded bot. Without
    `pictures`, the server has switched pictures off (`/game pictures shown:off`): its tables
    are the whole table in words, which tests that read the table's text need. `page_pause`:
    `PAGE_PAUSE_SECONDS` (0: no pauses at page turns)."""
    if database_url is None and postgres_database_for is not None:
        database_url = postgres_database_for(db)
    settings = bot_settings(
        fake.token,
        db,
        database_url=database_url,
        shards=shards,
        cpu_delay=cpu_delay,
        page_pause=page_pause,
    )
    bot = create_bot(settings)
    original = bot.setup_hook

    async def setup_hook() -> None:
        await original()
        bot.lobby.new_seed = lambda: seed
        if not pictures:
            await bot.store.set_guild_pictures(fake.guild.id, False)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def hands_in_words(bot: GameBot, *users: User) -> None:
    """`users` switch the pictures of their hands off (`/settings pictures:off`): their hands
    then show every card in words, which tests that read a hand's text need (beside its
    picture, a hand's text leaves out what the picture shows)."""
    for user in users:
        await bot.store.set_user_pictures(user.id, False)


def ids(message: Message, pattern: str) -> list[str]:
    return [cid for cid in message.custom_ids if re.fullmatch(pattern, cid)]


async def start_from_lobby(fake: FakeDiscord, host: User, lobby: Message) -> tuple[int, int]:
    """The host clicks Start; returns (game id, thread id) once the table is in the thread."""
    await lobby_click(fake, host, fake.message(lobby.id), "start")
    game_id = game_id_of(lobby)
    thread = await fake.wait_for(lambda: fake.thread_for(lobby), 10, "the game thread")
    await wait_until(
        fake,
        lambda: any(f"hd:{game_id}" in m.custom_ids for m in fake.channel_messages(thread.id)),
        "the table",
    )
    return game_id, thread.id


async def start_through_lobby(
    fake: FakeDiscord,
    host: User,
    others: list[User],
    game: str,
    *,
    cpus: int = 0,
    options: dict[str, str] | None = None,
    **newgame: object,
) -> tuple[int, int, Message]:
    """/newgame (with `newgame` options), then `seat_and_start`. Returns (game id, thread id,
    lobby message)."""
    lobby = await create_lobby(fake, host, game, **newgame)
    game_id, thread_id = await seat_and_start(fake, host, lobby, others, cpus=cpus, options=options)
    return game_id, thread_id, lobby


async def seat_and_start(
    fake: FakeDiscord,
    host: User,
    lobby: Message,
    others: list[User] | None = None,
    *,
    cpus: int = 0,
    options: dict[str, str] | None = None,
) -> tuple[int, int]:
    """In the host's open `lobby`: the `others` join → the host adds `cpus` CPUs → sets the
    lobby's option selects (`options`: field → value) → Start. Returns (game id, thread id)."""
    for user in others or []:
        updated = await lobby_click(fake, user, lobby, "join")
        assert user.mention in updated.text  # the lobby lists who joined
    for _ in range(cpus):
        await lobby_click(fake, host, lobby, "cpu")
    for name, value in (options or {}).items():
        current = fake.message(lobby.id)
        inter = await host.select(current, custom_id(current, rf"lo:\d+:{name}"), [value])
        assert (await inter.response()).type == 7
    return await start_from_lobby(fake, host, lobby)


def add_users(fake: FakeDiscord, people: str) -> list[User]:
    """The users `people` lists, in its order, each as `name:locale`: `"Aoi:en-US Ben:ja"` is
    Aoi with an English Discord client and Ben with a Japanese one."""
    return [
        fake.add_user(name, locale=locale)
        for name, locale in (person.split(":") for person in people.split())
    ]


class Running(NamedTuple):
    """A bot running on the fake Discord, and the users `bot_running` made. Unpacks as
    `fake, bot, users`."""

    fake: FakeDiscord
    bot: GameBot
    users: list[User]


@asynccontextmanager
async def bot_running(
    fake: FakeDiscord,
    folder: Path,
    people: str,
    *,
    seed: int = 1,
    pictures: bool = True,
    cpu_delay: float = 0.0,
) -> AsyncIterator[Running]:
    """The users `people` (see `add_users`) and a bot (`make_bot`: its database in `folder`,
    every game seeded with `seed`, `pictures` on or off, CPUs pausing `cpu_delay` seconds
    before each move) running on `fake` until the block ends."""
    users = add_users(fake, people)
    bot = make_bot(fake, folder / "db.sqlite3", seed=seed, pictures=pictures, cpu_delay=cpu_delay)
    async with fake.run_bot(bot):
        yield Running(fake, bot, users)


class Started(NamedTuple):
    """A game started through its lobby on a running bot: what a test plays it with. Unpacks as
    `fake, bot, session, game_id, thread_id, users`."""

    fake: FakeDiscord
    bot: GameBot
    session: Session
    game_id: int
    thread_id: int
    #: The users of `game_started`'s `people`, in that order.
    users: list[User]


@asynccontextmanager
async def game_started(
    fake: FakeDiscord,
    folder: Path,
    game: str,
    people: str,
    *,
    seated: int | None = None,
    dm_hands: str = "",
    seed: int = 1,
    cpus: int = 0,
    pictures: bool = True,
    cpu_delay: float = 0.0,
    **newgame: object,
) -> AsyncIterator[Started]:
    """`bot_running`, where the first `seated` users (all by default) sit at a game of `game`
    started through its lobby (`start_through_lobby`: the first one hosts, with `cpus` CPUs and
    the `newgame` options of /newgame). Those `dm_hands` names have first asked for their hands
    by DM (`/settings hand:dm`). The bot runs until the block ends."""
    running = bot_running(fake, folder, people, seed=seed, pictures=pictures, cpu_delay=cpu_delay)
    async with running as (_, bot, users):
        for user in users:
            if user.name in dm_hands.split():
                inter = await user.slash("settings", {"hand": "dm"})
                assert "DM" in (await inter.response()).message.text  # type: ignore[union-attr]
        host, *others = users[:seated]
        game_id, thread_id, _ = await start_through_lobby(
            fake, host, others, game, cpus=cpus, **newgame
        )
        session = await bot.sessions.get(game_id)
        assert session is not None
        yield Started(fake, bot, session, game_id, thread_id, users)


#: How a move clicked on the table is answered: with the table's own update (7), or only
#: acknowledged (6) while the publisher's previous edit of the table is on its way to Discord
#: (it would land after the answer, with an older state); the publisher shows the move next.
TABLE_ANSWERS = (6, 7)


def table_message(fake: FakeDiscord, game_id: int, thread_id: int) -> Message:
    """The current table message of a game (the one carrying its "Show my hand" button)."""
    found = [m for m in fake.channel_messages(thread_id) if f"hd:{game_id}" in m.custom_ids]
    assert found, "no table message"
    return found[-1]


async def table_offering(
    fake: FakeDiscord, game_id: int, thread_id: int, pattern: str, what: str = "the table"
) -> Message:
    """The game's table message once it carries a control whose custom_id matches the regex
    `pattern` (the moves of a version are on it once the publisher has caught up)."""

    def ready() -> Message | None:
        current = table_message(fake, game_id, thread_id)
        return current if ids(current, pattern) else None

    return await fake.wait_for(ready, 10, what)


async def table_showing(
    fake: FakeDiscord, game_id: int, thread_id: int, text: str, what: str = "the table"
) -> Message:
    """The game's table message once its text holds `text`."""

    def ready() -> Message | None:
        current = table_message(fake, game_id, thread_id)
        return current if text in current.text else None

    return await fake.wait_for(ready, 20, what)


async def wait_stored(
    fake: FakeDiscord, session: Any, version: int, what: str = "the move to be stored"
) -> None:
    """Wait until the game has moved past `version` (the click's move, or a CPU's, is stored)
    or ended."""
    await fake.wait_for(
        lambda: session.version > version or session.record.status != "playing", 20, what
    )


#: A move button's custom_id: game, version, seat, action.
MOVE_BUTTON = re.compile(r"mv:(\d+):(\d+):(\d+):(.+)")


def move_buttons(message: Message | None, game_id: int, version: int, seat: int) -> dict[str, str]:
    """`{action: custom_id}` of the move buttons on `message` for `seat` at `version`."""
    found: dict[str, str] = {}
    for cid in message.custom_ids if message is not None else []:
        match = MOVE_BUTTON.fullmatch(cid)
        if match and (int(match[1]), int(match[2]), int(match[3])) == (game_id, version, seat):
            found[match[4]] = cid
    return found


def dm_hand(user: User, game_id: int) -> Message | None:
    """The user's latest hand of this game sent by direct message, if any."""
    hands = [m for m in user.dms() if f"hd:{game_id}:r" in m.custom_ids]
    return hands[-1] if hands else None


def legal_move_ids(session: Any, seat: int) -> set[str]:
    """The custom_ids of the move buttons that would play each legal move of `seat` now."""
    version = session.version
    return {
        f"mv:{session.id}:{version}:{seat}:{a.encode()}" for a in session.state.legal_actions(seat)
    }


def enabled(message: Message, pattern: str) -> list[str]:
    """The custom_ids of the enabled buttons of `message` matching `pattern`."""
    return [
        b["custom_id"]
        for b in message.buttons
        if not b.get("disabled") and re.fullmatch(pattern, b.get("custom_id", ""))
    ]


async def play_from_hand(
    fake: FakeDiscord, user: User, hand: Message, custom_id: str, session: Any, version: int
) -> None:
    """Click the move `custom_id` of `version` on a private hand: the hand answers with its own
    update, and the move is stored."""
    inter = await user.click(hand, custom_id)
    response = await inter.response()
    assert response.type == 7 and response.message is not None and response.message.ephemeral
    await wait_stored(fake, session, version)


def hand_messages(user: User, game_id: int) -> list[Message]:
    """The user's hand messages of this game that still exist (a hand carries its refresh
    button while the game runs; one of a game that has ended no longer does)."""
    mark = f'"hd:{game_id}:r"'
    return [
        m
        for m in user.ephemerals()
        if any(mark in json.dumps(version.get("components") or []) for version in m.versions)
    ]


async def hand_with_plays(
    fake: FakeDiscord, user: User, game_id: int, thread_id: int, version: int, seat: int
) -> Message:
    """The user's hand carrying the card plays (`play.…` moves) of `version`: the latest one if
    it does (the bot may bring it up itself), else a fresh one from "Show my hand"."""
    pattern = rf"mv:{game_id}:{version}:{seat}:play\..*"
    hands = hand_messages(user, game_id)
    if hands and enabled(hands[-1], pattern):
        return hands[-1]
    hand = await open_hand(fake, user, game_id, thread_id)
    assert enabled(hand, pattern), hand.custom_ids
    return hand


async def play_a_card(
    fake: FakeDiscord, session: Session, user: User, seat: int, thread_id: int
) -> None:
    """In a game of cards in hand played by `play.…` moves, the user plays one from their hand,
    only through its buttons: one per card in the hand, the legal ones enabled. The card is
    chosen by the version, so that a seeded game is repeatable."""
    game_id, version = session.id, session.version
    hand = await hand_with_plays(fake, user, game_id, thread_id, version, seat)
    pattern = rf"mv:{game_id}:{version}:{seat}:play\..*"
    assert len(ids(hand, pattern)) == len(session.state.private_view(seat).hand)  # one per card
    moves = enabled(hand, pattern)
    assert set(moves) == legal_move_ids(session, seat)  # unplayable cards are disabled
    await play_from_hand(fake, user, hand, moves[version % len(moves)], session, version)


async def open_hand(fake: FakeDiscord, user: User, game_id: int, thread_id: int) -> Message:
    """ "Show my hand" on the table: the answer is an ephemeral hand."""
    inter = await user.click(table_message(fake, game_id, thread_id), f"hd:{game_id}")
    response = await inter.response()
    assert response.type == 4 and response.ephemeral
    return await inter.wait_original()


async def refresh_hand(fake: FakeDiscord, user: User, hand: Message, game_id: int) -> Message:
    """Click the refresh button of a hand message (ephemeral or DM): the same message answers,
    redrawn; returns it as it is now."""
    inter = await user.click(hand, f"hd:{game_id}:r")
    response = await inter.response()
    assert response.type == 7 and response.message is not None
    assert response.message.id == hand.id
    return fake.message(hand.id)


async def wait_until(fake: FakeDiscord, predicate: Callable[[], object], what: str) -> None:
    await fake.wait_for(predicate, 20, what)


async def play_out(
    fake: FakeDiscord,
    bot: GameBot,
    game_id: int,
    human_move: Callable[[Session], Awaitable[object]],
    *,
    stop: Callable[[Session], bool] | None = None,
    human_moves: int | None = None,
) -> Session | None:
    """Humans play through `human_move` (one move of the first seat to act, given the
    session), pressing Next at each page turn, CPUs on their own, until the game is over,
    `stop(session)` holds or `human_moves` human moves were made. Returns the session last
    seen (None once it left memory)."""
    made = 0
    while True:
        session = await bot.sessions.get(game_id)
        if session is None or not session.state.to_act():
            return session
        if session.pause is not None:
            # A page turned: every person has read its summary (as their Next says).
            for seat in sorted(session.pause.waiting):
                bot.sessions.page_seen(game_id, seat, session.pause.version)
            continue
        if stop is not None and stop(session):
            return session
        if human_moves is not None and made >= human_moves:
            return session
        if session.cpu_seats(session.state.to_act()):
            await wait_stored(fake, session, session.version, "a CPU move")
            continue
        await human_move(session)
        made += 1


#: One move of the first human seat to act in `session`, made through what that player is
#: shown, the way each game's tests click: `human_move(fake, bot, users, session, thread_id)`
#: (`users`: seat → user).
HumanMove = Callable[[FakeDiscord, GameBot, dict[int, User], Session, int], Awaitable[object]]


async def humans_play(
    human_move: HumanMove,
    fake: FakeDiscord,
    bot: GameBot,
    users: dict[int, User],
    game_id: int,
    thread_id: int,
    *,
    stop: Callable[[Session], bool] | None = None,
    human_moves: int | None = None,
) -> Session | None:
    """`play_out` with the humans `users` (seat → user) moving by `human_move`; a game's tests
    bind their own move as their `play_out = partial(humans_play, human_move)`."""

    async def move(session: Session) -> None:
        await human_move(fake, bot, users, session, thread_id)

    return await play_out(fake, bot, game_id, move, stop=stop, human_moves=human_moves)


async def final_message(fake: FakeDiscord, thread_id: int, mark: str = "🏆") -> Message:
    """The game's final message in its thread (the latest one holding `mark`), once posted."""

    def found() -> Message | None:
        finals = [m for m in fake.channel_messages(thread_id) if mark in m.text]
        return finals[-1] if finals else None

    return await fake.wait_for(found, 20, "the final message")


async def finished_outcome(
    bot: GameBot, game_id: int
) -> tuple[GameRecord, dict, list[tuple[int, int, str]]]:
    """The finished game's record, stored result and action log, checked: the result is what
    the stored moves replay to."""
    result = await bot.store.result(game_id)
    record = await bot.store.get(game_id)
    assert result is not None and record is not None and record.status == "finished"
    actions = await bot.store.actions(game_id)
    replay = registry.get(record.game).replay(
        len(record.seats), record.seed, record.options, [(s, a) for _, s, a in actions]
    )
    assert replay.result().model_dump(mode="json") == result
    return record, result, actions


async def refusal(user: User, message: Message, custom_id: str) -> str:
    """Click `custom_id` on `message` as `user` (even if it does not show it): the answer must
    be a private message of its own; returns its text."""
    inter = await user.click_raw(message.id, message.channel_id, custom_id)
    response = await inter.response()
    assert response.type == 4 and response.ephemeral
    return response.text


def select_choices(component: dict[str, Any], prefix: str, legal: set[str]) -> list[list[str]]:
    """Value lists of a move select that compose a legal action (in the options' order)."""
    options = [str(o["value"]) for o in component.get("options") or []]
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    found: list[list[str]] = []

    def match(rest: str, start: int, chosen: list[str]) -> None:
        for i in range(start, len(options)):
            value = options[i]
            if rest == value and low <= len(chosen) + 1 <= high:
                found.append([*chosen, value])
            elif rest.startswith(value + ".") and len(chosen) + 1 < high:
                match(rest[len(value) + 1 :], i + 1, [*chosen, value])

    for action in sorted(legal):
        if prefix:
            if action.startswith(prefix + "."):
                match(action[len(prefix) + 1 :], 0, [])
        else:
            match(action, 0, [])
    return found


def legal_controls(
    message: Message, game_id: int, version: int, seat: int, legal: set[str]
) -> list[tuple[str, list[str] | None]]:
    """Every way `message` offers to play one of the encoded actions `legal` for `seat` at
    `version`: `(custom_id, None)` for an enabled move button, `(custom_id, values)` for each
    choice of an enabled move select that composes one."""
    out: list[tuple[str, list[str] | None]] = []
    for component in message.iter_components():
        cid = component.get("custom_id") or ""
        if component.get("disabled"):
            continue
        if component.get("type") == 2 and cid.startswith(f"mv:{game_id}:{version}:{seat}:"):
            if cid.split(":", 4)[4] in legal:
                out.append((cid, None))
        elif component.get("type") == 3 and cid[3:].startswith(f"{game_id}:{version}:{seat}:"):
            prefix = cid.split(":", 5)[5]
            out += [(cid, values) for values in select_choices(component, prefix, legal)]
    return out


class ErrorLog(logging.Handler):
    """Collects every ERROR record of the bot and of discord.py."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("bot", "cogs", "discord")):
            self.records.append(record)
