"""Secrets stay out of logs: with every logger at DEBUG (discord.py's HTTP and gateway logging
included), a lobby and a game played by clicks leave no bot token and no interaction token in
any log line. Prints how many lines and tokens it checked."""

from __future__ import annotations

import logging
from pathlib import Path

from bot import logsafe
from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import make_bot, start_through_lobby, table_message


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


async def test_no_token_reaches_the_log_at_debug(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = [fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika")]
    collect = Collect()
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(collect)
    root.setLevel(logging.DEBUG)
    try:
        bot = make_bot(fake, tmp_path / "db.sqlite3")
        async with fake.run_bot(bot):
            game_id, thread_id, _ = await start_through_lobby(fake, users[0], users[1:], "kasane")
            table = table_message(fake, game_id, thread_id)
            inter = await users[1].click(table, f"hd:{game_id}")
            await inter.response()
            # A failure with a token in its message and in its traceback.
            try:
                raise RuntimeError(f"POST /webhooks/1/{inter.token}/messages failed")
            except RuntimeError:
                logging.getLogger("bot.test").exception("token %s", fake.token)
    finally:
        root.removeHandler(collect)
        root.setLevel(old_level)
    tokens = [fake.token] + [i.token for i in fake.interactions.values()]
    text = "\n".join(collect.lines)
    leaked = [t for t in tokens if t in text]
    print(
        f"\nlog secrets: {len(collect.lines)} lines at DEBUG, {len(tokens)} tokens checked, "
        f"{len(leaked)} leaked, {text.count(logsafe.REDACTED)} redactions"
    )
    assert len(collect.lines) > 100 and len(tokens) > 5
    assert not leaked
