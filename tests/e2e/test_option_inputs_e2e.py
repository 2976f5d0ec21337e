"""Slash-command options no Discord client sends, sent as a modified client could: every option
of every command with a value of the wrong JSON type (text for an integer, an integer for text
or for a user, a boolean or a fraction for an integer), out of range (negative, beyond
Discord's integers), not one of its choices, declared as another option type, a user Discord
did not resolve, an option the command does not have. Each gets the translated "not valid"
answer, privately, in English and in Japanese; nothing changes in the store and no traceback
or error reaches the log.

The interactions are built by hand (`FakeDiscord._start_interaction`), since `User.slash`
checks options against the registered command the way a Discord client does.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from bot.i18n import messages as msg
from bot.sandbox.fakediscord import FakeDiscord, User
from tests.e2e.harness import make_bot, start_through_lobby


class Forged(NamedTuple):
    """A command line ("game abandon") and the options of its (sub)command, as sent."""

    command: str
    options: list[dict[str, Any]]
    #: The interaction's `resolved` data (None: none at all).
    resolved: dict[str, Any] | None = None


def opt(name: str, otype: int, value: Any) -> dict[str, Any]:
    return {"name": name, "type": otype, "value": value}


STRING, INTEGER, BOOLEAN, USER, NUMBER = 3, 4, 5, 6, 10
#: One beyond Discord's integers (its options hold -(2**53 - 1) .. 2**53 - 1).
BEYOND = 2**53

#: Game ids: the game under way is the first one stored (id 1), so an id that SQLite or
#: Python take for 1 (True, 1.0) would act on it.
WRONG_IDS = [
    opt("id", INTEGER, "1"),  # the reported one: text for an integer
    opt("id", INTEGER, "abc"),
    opt("id", INTEGER, True),
    opt("id", INTEGER, 1.0),
    opt("id", INTEGER, 1.5),
    opt("id", INTEGER, None),
    opt("id", INTEGER, [1]),
    opt("id", INTEGER, {"id": 1}),
    opt("id", INTEGER, 0),
    opt("id", INTEGER, -1),
    opt("id", INTEGER, BEYOND),
    opt("id", INTEGER, 2**63),
    opt("id", INTEGER, -(2**70)),
    opt("id", STRING, "1"),  # declared as another type
    opt("id", BOOLEAN, True),
]


def resolved_user(fake: FakeDiscord, user: User) -> dict[str, Any]:
    """`resolved` as Discord sends it with a user option naming `user`, a server member."""
    member = fake.guild.member_dict(user.to_dict(), with_user=False, permissions=True)
    return {"users": {str(user.id): user.to_dict()}, "members": {str(user.id): member}}


def cases(fake: FakeDiscord, player: User, stranger: User) -> list[Forged]:
    """Every option of every command, forged, `player` playing in the game under way and
    `stranger` not."""
    member = resolved_user(fake, player)
    unknown = fake.snowflake()
    found: list[Forged] = []
    for command in ("game abandon", "game log"):
        found += [Forged(command, [option]) for option in WRONG_IDS]
    found.append(Forged("game abandon", [opt("id", INTEGER, 1), opt("id", INTEGER, 1)]))
    found.append(Forged("game abandon", [opt("game", STRING, "kasane")]))  # not its option
    # The user option: Discord sends a snowflake as text, with the user in `resolved`.
    found += [
        Forged("game replace", [opt("player", USER, player.id)], member),  # an integer
        Forged("game replace", [opt("player", USER, str(player.id))], None),  # not resolved
        Forged("game replace", [opt("player", USER, str(unknown))], None),  # nobody
        Forged("game replace", [opt("player", USER, str(stranger.id))], member),
        Forged("game replace", [opt("player", USER, str(2**64))], None),
        Forged("game replace", [opt("player", USER, "-5")], None),
        Forged("game replace", [opt("player", STRING, str(player.id))], member),
        Forged("game replace", [opt("player", INTEGER, player.id)], member),
        Forged("game replace", [opt("player", USER, True)], member),
        Forged("game replace", [], None),  # required, left out
    ]
    # Choices: text for text, an integer for the timer, one of the list in either case.
    for command, name in (
        ("newgame", "game"),
        ("rules", "game"),
        ("game pictures", "shown"),
        ("settings", "hand"),
        ("settings", "pictures"),
    ):
        others = [opt("game", STRING, "kasane")] if command == "newgame" and name != "game" else []
        for value in (1, True, None, ["kasane"], "nosuch", "KASANE"):
            found.append(Forged(command, [*others, opt(name, STRING, value)]))
        found.append(Forged(command, [*others, opt(name, INTEGER, 1)]))
    base = [opt("game", STRING, "kasane")]
    for name in ("language", "cpu"):
        for value in (1, True, "xx", ["ja"]):
            found.append(Forged("newgame", [*base, opt(name, STRING, value)]))
    for value in ("5", True, 5.0, 3, -1, BEYOND, None):
        found.append(Forged("newgame", [*base, opt("turn_timer", INTEGER, value)]))
    found.append(Forged("newgame", [*base, opt("turn_timer", STRING, "5")]))
    # Commands without options, given one.
    for command in ("hand", "game list", "game return"):
        found.append(Forged(command, [opt("id", INTEGER, 1)]))
    return found


#: Options that break before any of the bot's code can look at them: discord.py turns a user
#: option into an id with int() and a number option into a float while it builds the
#: command's namespace, and raises outside the tree's error handling. Only the command tree's
#: own check (bot/client.py) runs before that; see `test_options_that_break_discord_py`.
BREAK_DISCORD_PY = [
    Forged("game replace", [opt("player", USER, "abc")], None),
    Forged("game replace", [opt("player", USER, None)], None),
    Forged("game replace", [opt("player", USER, [1])], None),
    Forged("game abandon", [opt("id", NUMBER, "abc")]),
    Forged("game abandon", [{"name": "id", "type": INTEGER}]),  # no value at all
]


def forged_data(fake: FakeDiscord, case: Forged) -> dict[str, Any]:
    """The interaction data of `case`, for the command as the bot registered it."""
    names = case.command.split()
    command = next(
        c for cmds in fake.commands.values() for c in cmds.values() if c["name"] == names[0]
    )
    options: list[dict[str, Any]] = list(case.options)
    for sub in reversed(names[1:]):
        options = [{"name": sub, "type": 1, "options": options}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    if options:
        data["options"] = options
    if case.resolved is not None:
        data["resolved"] = case.resolved
    return data


def stored(db: Path) -> dict[str, list[str]]:
    """Every row of every table of the bot's database, but for the games' `updated_at`: the
    publisher writes the table message's ids again as it catches up, which moves it on."""
    assert db.is_file(), db
    found: dict[str, list[str]] = {}
    with sqlite3.connect(db) as con:
        tables = [
            name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        for table in tables:
            rows = con.execute(f'SELECT * FROM "{table}"')
            columns = [column[0] for column in rows.description]
            found[table] = sorted(
                repr({k: v for k, v in zip(columns, row, strict=True) if k != "updated_at"})
                for row in rows
            )
    return found


async def settled(fake: FakeDiscord, db: Path) -> dict[str, list[str]]:
    """`stored(db)` once the bot has finished what a new game does on its own (its table
    published, its first turn's ping posted): nothing stored nor sent for `QUIET` seconds."""
    for _ in range(30):
        rows, changes = stored(db), fake.changes
        await asyncio.sleep(QUIET)
        if stored(db) == rows and fake.changes == changes:
            return rows
    raise AssertionError("the bot kept writing")


#: How long the bot must have stored and sent nothing to be taken as idle.
QUIET = 1.0


class Logged(logging.Handler):
    """Every record that carries a traceback or is an error, from any logger."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.records.append(record)


@pytest.fixture
def logged() -> Iterator[Logged]:
    handler = Logged()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)


async def answers(
    fake: FakeDiscord, users: list[User], thread_id: int, forged: list[Forged]
) -> list[str]:
    """Send each forged command as each user (in the game's thread), one command at a time;
    what went wrong with each answer that is not the user's translated "not valid",
    privately, within Discord's 3 seconds."""

    async def answer(user: User, case: Forged) -> str | None:
        lang = "ja" if user.locale == "ja" else "en"
        channel = fake._channel_arg(thread_id)
        inter = await fake._start_interaction(user, 2, channel, forged_data(fake, case))
        try:
            response = await inter.response(timeout=3)
        except AssertionError:
            return f"{case} ({lang}): no answer"
        if response.type != 4 or not response.ephemeral:
            return f"{case} ({lang}): answered publicly or late ({response.type})"
        if response.text != msg.ERROR_BAD_OPTION(lang):
            return f"{case} ({lang}): {response.text!r}"
        return None

    wrong = []
    for case in forged:
        found = await asyncio.gather(*(answer(user, case) for user in users))
        wrong += [problem for problem in found if problem is not None]
    return wrong


async def run(fake: FakeDiscord, tmp_path: Path, logged: Logged, which: str) -> None:
    aoi = fake.add_user("Aoi", locale="en-US", manage_guild=True)
    chika = fake.add_user("Chika", locale="ja", manage_guild=True)
    ben = fake.add_user("Ben", locale="en-US")
    stranger = fake.add_user("Dan", locale="en-US")
    db = tmp_path / "db.sqlite3"
    bot = make_bot(fake, db)
    async with fake.run_bot(bot):
        # A game under way (nobody's turn runs out, no CPU moves on its own), in this thread.
        game_id, thread_id, _ = await start_through_lobby(fake, aoi, [chika, ben], "kasane")
        assert game_id == 1
        forged = cases(fake, ben, stranger) if which == "caught" else BREAK_DISCORD_PY
        before = await settled(fake, db)
        wrong = await answers(fake, [aoi, chika], thread_id, forged)
        gc.collect()  # an exception no task retrieved is logged when the task goes
        assert not wrong, "\n".join(wrong)
        after = stored(db)
        changed = {
            table: (
                sorted(set(before.get(table, [])) - set(rows)),
                sorted(set(rows) - set(before.get(table, []))),
            )
            for table, rows in after.items()
            if rows != before.get(table)
        }
        assert not changed, changed
        assert (await bot.store.get(game_id)).status == "playing"  # type: ignore[union-attr]
    logs = [f"{r.name}: {r.getMessage()[:200]}" for r in logged.records]
    assert not logs, logs


async def test_every_option_of_the_wrong_type_or_range_is_not_valid(
    fake_discord: FakeDiscord, tmp_path: Path, logged: Logged
) -> None:
    await run(fake_discord, tmp_path, logged, "caught")


async def test_options_that_break_discord_py(
    fake_discord: FakeDiscord, tmp_path: Path, logged: Logged
) -> None:
    await run(fake_discord, tmp_path, logged, "namespace")
