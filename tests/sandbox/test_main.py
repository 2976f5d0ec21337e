"""`python -m bot` starts the sandbox with `--sandbox`, and by itself when no token is set."""

from __future__ import annotations

import os
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
    proc = subprocess.Popen(
        argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
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
    assert proc.stderr is not None
    errors = proc.stderr.read()
    assert proc.returncode == 0, errors
    assert "Traceback" not in errors and "CancelledError" not in errors, errors
    assert (tmp_path / "db.sandbox.json").is_file()  # the world was saved on the way out
    assert (tmp_path / "db.sqlite3").is_file()
