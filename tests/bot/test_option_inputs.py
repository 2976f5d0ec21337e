"""`guards.option_problem` on the option types and rules the bot's own commands do not use
(numbers, booleans, text lengths, channels, roles and mentionables, autocomplete's partial
text), with discord.py's own parameters. The commands' options are checked end to end in
`tests/e2e/test_option_inputs_e2e.py`."""

from __future__ import annotations

import math
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.guards import MAX_OPTION_INT, option_problem


async def every_type(
    interaction: discord.Interaction[Any],
    number: app_commands.Range[float, 0.5, 10.0],
    flag: bool,
    word: app_commands.Range[str, 2, 5],
    channel: discord.TextChannel,
    role: discord.Role,
    anyone: discord.User | discord.Role,
    count: int | None = None,
) -> None:
    """Every kind of option."""


PARAMETERS = app_commands.Command(
    name="every", description="every type", callback=every_type
).parameters

RESOLVED = {
    "channels": {"7": {"id": "7"}},
    "roles": {"8": {"id": "8"}},
    "users": {"9": {"id": "9"}},
}

GOOD = {
    "number": (10, 2.5),
    "flag": (5, True),
    "word": (3, "abc"),
    "channel": (7, "7"),
    "role": (8, "8"),
    "anyone": (9, "9"),
}


def data(**values: tuple[int, Any]) -> dict[str, Any]:
    """Application command data with these options ((type, value) each), `GOOD` otherwise."""
    chosen = GOOD | values
    options = [{"name": n, "type": t, "value": v} for n, (t, v) in chosen.items()]
    return {"name": "every", "type": 1, "options": options, "resolved": RESOLVED}


def test_values_a_client_sends_pass() -> None:
    assert option_problem(PARAMETERS, data()) is None
    assert option_problem(PARAMETERS, data(anyone=(9, "8"))) is None  # a role is mentionable
    assert option_problem(PARAMETERS, data(number=(10, 10))) is None
    assert option_problem(PARAMETERS, data(count=(4, -MAX_OPTION_INT))) is None


@pytest.mark.parametrize(
    "values",
    [
        {"number": (10, "2.5")},
        {"number": (10, True)},
        {"number": (10, math.nan)},
        {"number": (10, 0.25)},  # below its minimum
        {"number": (10, 11)},
        {"flag": (5, 1)},
        {"flag": (5, "true")},
        {"word": (3, "a")},  # shorter than its least length
        {"word": (3, "abcdef")},
        {"word": (3, 5)},
        {"channel": (7, 7)},
        {"channel": (7, "70")},  # not resolved
        {"role": (8, "9")},  # a user, not a role
        {"anyone": (9, "6")},
        {"anyone": (9, "²")},  # a digit, but no id
        {"count": (4, MAX_OPTION_INT + 1)},
        {"count": (4, 1.0)},
        {"flag": (4, 1)},  # declared as another type
    ],
)
def test_values_no_client_sends_are_a_problem(values: dict[str, tuple[int, Any]]) -> None:
    problem = option_problem(PARAMETERS, data(**values))
    assert problem is not None and next(iter(values)) in problem


def test_autocompletes_partial_text_is_not_a_value_yet() -> None:
    sent = data()
    sent["options"].append({"name": "count", "type": 4, "value": "12", "focused": True})
    assert option_problem(PARAMETERS, sent) is None


def test_options_left_out_unknown_or_malformed() -> None:
    sent = data()
    sent["options"] = [o for o in sent["options"] if o["name"] != "word"]
    assert option_problem(PARAMETERS, sent) == "option 'word' left out"
    sent = data()
    sent["options"].append({"name": "secret-token-here", "type": 3, "value": "x"})
    problem = option_problem(PARAMETERS, sent)
    assert problem is not None and "secret" not in problem  # the log never gets what was sent
    assert option_problem(PARAMETERS, {"options": "every"}) is not None
    assert option_problem(PARAMETERS, {"options": [5]}) is not None
    assert option_problem(PARAMETERS, data() | {"resolved": []}) is not None
