"""`python -m bot` starts the sandbox with `--sandbox`, and by itself when no token is set and it
runs in a terminal; without a token and without a terminal (a container) it exits, saying why."""

from __future__ import annotations

import os
import pty
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bot.__main__ import parse_args

ROOT = Path(__file__).resolve().parents[2]


def printed_by(code: str, *, timeout: float) -> str:
    """What the Python statements `code` print, run in a fresh interpreter at the project's root
    (which must succeed), stripped."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_arguments() -> None:
    assert parse_args([]).sandbox is False
    args = parse_args(["--sandbox", "--port", "0"])
    assert args.sandbox is True and args.port == 0


@pytest.mark.parametrize(
    ("token", "stop"),
    [(None, signal.SIGINT), ("a-real-looking.token", signal.SIGTERM)],
    ids=["no-token-ctrl-c", "sandbox-flag-sigterm"],
)
def test_the_sandbox_starts_and_stops(tmp_path: Path, token: str | None, stop: int) -> None:
    """Ctrl+C and SIGTERM both stop it quietly (no CancelledError traceback), world saved."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(
        PYTHONPATH=str(ROOT),
        DATABASE_PATH=str(tmp_path / "db.sqlite3"),
        SANDBOX_DATABASE_PATH=str(tmp_path / "db.sqlite3"),
        LOG_LEVEL="WARNING",
    )
    argv = [sys.executable, "-m", "bot", "--port", "0"]
    if token is not None:
        env["DISCORD_TOKEN"] = token  # with --sandbox the token is not used
        argv.append("--sandbox")
    # Without a token, the sandbox starts for someone at a terminal: stdin is one here.
    terminal, terminal_end = pty.openpty()
    proc = subprocess.Popen(
        argv,
        cwd=tmp_path,
        env=env,
        stdin=terminal_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(terminal_end)
    try:
        assert proc.stdout is not None
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Sandbox ready" in line:
                break
        text = "".join(lines)
        assert ("DISCORD_TOKEN is not set" in text) == (token is None), text
        url = re.search(r"open (http://127\.0\.0\.1:\d+/)", text)
        assert url, text
        with urllib.request.urlopen(url.group(1), timeout=10) as response:
            assert b"/static/app.js" in response.read()
    finally:
        proc.send_signal(stop)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        finally:
            os.close(terminal)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    assert proc.returncode == 0, errors
    assert "Traceback" not in errors and "CancelledError" not in errors, errors
    assert (tmp_path / "db.sandbox.json").is_file()  # the world was saved on the way out
    assert (tmp_path / "db.sqlite3").is_file()


def test_without_a_token_or_a_terminal_it_exits_saying_what_to_set(tmp_path: Path) -> None:
    """In a container (no terminal) a missing token is an error, not a sandbox nobody sees."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), DATABASE_PATH=str(tmp_path / "db.sqlite3"))
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert "DISCORD_TOKEN is not set" in done.stderr and "--sandbox" in done.stderr
    assert "Sandbox ready" not in done.stdout
    assert not (tmp_path / "data").exists()  # nothing was started or created


def test_the_bot_itself_loads_no_sandbox_or_fake_discord_module() -> None:
    """The fake Discord and the sandbox are imported by the sandbox entry point, the tests and
    the benchmarks only: the bot's own modules and `python -m bot`'s normal path load none."""
    code = (
        "import sys, bot.__main__, bot.client, bot.storage.postgres, bot.storage.copy; "
        "import cogs.lobby, cogs.help; "
        "print(sorted(m for m in sys.modules if m.startswith(('bot.sandbox', 'tests'))))"
    )
    assert printed_by(code, timeout=60) == "[]"


def test_the_benchmarks_and_the_sandbox_import_no_test_module() -> None:
    """The benchmarks drive the bot with what `bot.sandbox` offers (the fake Discord, the lobby
    moves, the bot in its own process, a throwaway PostgreSQL), as the tests do: neither they nor
    the sandbox reach into `tests`."""
    code = (
        "import sys, pkgutil, importlib, benchmarks, bot.sandbox; "
        "[importlib.import_module(f'{p.__name__}.{m.name}') "
        " for p in (benchmarks, bot.sandbox) for m in pkgutil.iter_modules(p.__path__)]; "
        "print(sorted(m for m in sys.modules if m == 'tests' or m.startswith('tests.')))"
    )
    assert printed_by(code, timeout=120) == "[]"
