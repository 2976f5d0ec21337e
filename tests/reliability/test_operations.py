"""The bot as an operator runs it, tested as processes: a database it cannot use stops it at
once with one clear line; SIGTERM and SIGINT stop it gracefully (the move being written is
finished and answered, the database closed cleanly, exit status 0); `python -m bot --health`
(the container's HEALTHCHECK) tells a healthy bot from a disconnected, stuck or stopped one,
and from one whose database cannot be written to. Each test prints its counts.

The Docker image itself is not built here (these tests need no Docker daemon); the image runs
the same `python -m bot` and `python -m bot --health` commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.sandbox import botproc
from bot.sandbox.fakediscord import FakeDiscord
from tests.e2e.harness import start_through_lobby, table_message

ROOT = Path(__file__).resolve().parents[2]
#: How long a bot with an unusable database may take to give up (seconds; most of it is
#: starting Python, which takes several seconds on a busy machine).
GIVE_UP_SECONDS = 10.0
#: How long a graceful stop may take (seconds).
STOP_SECONDS = 8.0


def cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot <args>` with only `env` (and what Python needs) in its environment."""
    base = {"PATH": os.environ.get("PATH", ""), "HOME": str(ROOT), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@contextlib.contextmanager
def read_only(*paths: Path, while_open: bool = False) -> Iterator[bool]:
    """Make files unwritable, even for root (the immutable attribute; chmod otherwise). Yields
    False, changing nothing, where that cannot be done: some container file systems refuse the
    immutable attribute, and chmod does not stop a process that has the file open already
    (`while_open`)."""
    if os.geteuid() != 0 and while_open:
        yield False
    elif os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True)
        if done.returncode != 0:
            subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True)
            yield False
            return
        try:
            yield True
        finally:
            subprocess.run(["chattr", "-i", *map(str, paths)], check=True)
    else:
        modes = [p.stat().st_mode for p in paths]
        for path in paths:
            path.chmod(0o444)
        try:
            yield True
        finally:
            for path, mode in zip(paths, modes, strict=True):
                path.chmod(mode)


def damaged_database(path: Path) -> None:
    """A real SQLite database whose table pages were overwritten with junk."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x TEXT)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    db.execute("CREATE INDEX t_x ON t (x)")
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page * 2, len(data) - page, page * 3):
        data[start + 8 : start + 400] = os.urandom(392)
    path.write_bytes(bytes(data))


def test_a_bad_database_stops_the_bot_at_once(tmp_path: Path) -> None:
    bad: dict[str, Path] = {}
    bad["random bytes"] = tmp_path / "random.sqlite3"
    bad["random bytes"].write_bytes(os.urandom(16384))
    bad["a text file"] = tmp_path / "notes.sqlite3"
    bad["a text file"].write_text("not a database\n" * 100)
    bad["damaged pages"] = tmp_path / "damaged.sqlite3"
    damaged_database(bad["damaged pages"])
    bad["a folder"] = tmp_path / "folder.sqlite3"
    bad["a folder"].mkdir()
    readonly = tmp_path / "readonly.sqlite3"
    sqlite3.connect(readonly).execute("CREATE TABLE t (x)").connection.close()
    stopped = 0
    with read_only(readonly) as made_read_only:
        if made_read_only:
            bad["read-only"] = readonly
        for what, path in bad.items():
            started = time.monotonic()
            done = cli(DISCORD_TOKEN="x" * 59, DATABASE_PATH=str(path))
            took = time.monotonic() - started
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            assert done.returncode != 0, (what, done)
            assert took < GIVE_UP_SECONDS, (what, took)
            assert len(lines) == 1 and str(path) in lines[0], (what, done.stderr)
            assert "Traceback" not in done.stderr
            stopped += 1
    print(
        f"\nbad database: {len(bad)} kinds tried ({', '.join(bad)}), {stopped} stopped "
        f"at once with one line, 0 hung"
        + ("" if made_read_only else " (this file system cannot make a file read-only)")
    )


async def test_a_bad_database_stops_the_bot_process_against_discord(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The same through the bot's own start (`setup_hook`), not only the command line: before,
    aiosqlite's thread kept the process alive for ever after the failure."""
    db = tmp_path / "bad.sqlite3"
    db.write_bytes(os.urandom(8192))
    log_path = tmp_path / "bot.log"
    started = time.monotonic()
    proc = await botproc.spawn(fake_discord, db, log_path, seed=1)
    try:
        code = await asyncio.wait_for(proc.wait(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    took = time.monotonic() - started
    log = log_path.read_text()
    print(f"\nbad database under the bot process: exit {code} after {took:.1f} s")
    assert code != 0 and took < GIVE_UP_SECONDS + 5
    assert f"DATABASE_PATH={db} is not a usable SQLite database" in log


class Watched:
    """A bot process (`bot.sandbox.botproc`) and the lines it reports."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: asyncio.Queue[str] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        async for raw in self.proc.stdout:
            await self.lines.put(raw.decode().strip())

    async def wait_line(self, prefix: str, timeout: float = 20) -> str:
        async def find() -> str:
            while True:
                line = await self.lines.get()
                if line.startswith(prefix):
                    return line

        return await asyncio.wait_for(find(), timeout)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        self.reader.cancel()


async def test_sigterm_finishes_the_move_in_flight_and_exits_cleanly(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = [fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika")]
    db = tmp_path / "db.sqlite3"
    log_path = tmp_path / "bot.log"
    results: list[str] = []
    for signum in (signal.SIGTERM, signal.SIGINT):
        # The first move of the process is held open 1.5 s before its COMMIT.
        bot = Watched(await botproc.spawn(fake, db, log_path, seed=3, hold="1:1.0"))
        try:
            await bot.wait_line("ready")
            game_id, thread_id, _ = await start_through_lobby(fake, users[0], users[1:], "kasane")
            table = table_message(fake, game_id, thread_id)
            move = next(c for c in table.custom_ids if c.startswith(f"mv:{game_id}:0:"))
            seat = int(move.split(":")[3])
            click = await users[seat].click(table, move)
            await bot.wait_line("commit-open")
            stopped_at = time.monotonic()
            bot.proc.send_signal(signum)
            await asyncio.sleep(0.3)
            # A click arriving while the bot stops is refused in plain words, not lost.
            late = await users[0].click_raw(table.id, table.channel_id, f"hd:{game_id}")
            late_answer = await late.response(timeout=5)
            answer = await click.response(timeout=10)
            code = await asyncio.wait_for(bot.proc.wait(), STOP_SECONDS + 5)
            took = time.monotonic() - stopped_at
        finally:
            await bot.stop()
        assert code == 0, (signum, code, log_path.read_text()[-3000:])
        assert took < STOP_SECONDS, took
        # The move's own answer: it was played (an update, or a deferral first when the held
        # write outlasted the service's patience on a slow machine).
        assert answer.type in (6, 7), answer
        assert late_answer.ephemeral and "restarting" in late_answer.message.text  # type: ignore[union-attr]
        check = sqlite3.connect(db)
        stored = check.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        integrity = check.execute("PRAGMA integrity_check").fetchone()[0]
        check.close()
        assert stored == (1,) and integrity == "ok"
        # Closed cleanly: the last connection checkpointed and removed the write-ahead log.
        assert not Path(f"{db}-wal").exists()
        results.append(f"{signal.Signals(signum).name}: exit 0 in {took:.1f} s, move kept")
    fake.take_violations("no_response")
    print("\ngraceful stop: " + "; ".join(results))


def health(db: Path, interval: float) -> subprocess.CompletedProcess[str]:
    return cli("--health", DATABASE_PATH=str(db), HEALTH_INTERVAL_SECONDS=str(interval))


async def test_health_command_tells_a_healthy_bot_from_a_broken_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    interval = 0.5
    monkeypatch.setenv("HEALTH_INTERVAL_SECONDS", str(interval))
    db = tmp_path / "db.sqlite3"
    verdicts: dict[str, tuple[int, str]] = {}

    def check(what: str) -> int:
        done = health(db, interval)
        verdicts[what] = (done.returncode, (done.stdout + done.stderr).strip())
        return done.returncode

    assert check("before start") == 1
    async with FakeDiscord() as fake:
        bot = Watched(await botproc.spawn(fake, db, tmp_path / "bot.log", seed=1))
        try:
            await bot.wait_line("ready")
            await asyncio.sleep(2 * interval)
            assert check("running") == 0, verdicts
            with read_only(db, Path(f"{db}-wal"), while_open=True) as made_read_only:
                if made_read_only:
                    await asyncio.sleep(3 * interval)
                    assert check("database read-only") == 1
                    assert "cannot be written" in verdicts["database read-only"][1]
            if made_read_only:
                await asyncio.sleep(3 * interval)
                assert check("database writable again") == 0, verdicts
            bot.proc.send_signal(signal.SIGSTOP)
            await asyncio.sleep(4 * interval)
            assert check("stuck") == 1
            bot.proc.send_signal(signal.SIGCONT)
            await asyncio.sleep(3 * interval)
            assert check("running again") == 0, verdicts
            await fake.stop()  # Discord goes away
            await asyncio.sleep(4 * interval)
            assert check("disconnected") == 1
            assert "not connected" in verdicts["disconnected"][1]
            bot.proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(bot.proc.wait(), STOP_SECONDS) == 0
            assert check("stopped") == 1
        finally:
            await bot.stop()
    print(
        "\nhealth check: "
        + "; ".join(
            f"{what}: {'healthy' if code == 0 else 'unhealthy'}"
            for what, (code, _) in verdicts.items()
        )
    )


def test_the_image_pins_its_dependencies_has_an_init_and_a_health_check() -> None:
    """What the image must hold (the image itself is built where Docker runs: see README)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    dockerfile = (ROOT / "Dockerfile").read_text()
    instructions = [
        line.strip() for line in dockerfile.replace("\\\n", " ").splitlines() if line.strip()
    ]
    health_check = [i for i in instructions if i.startswith("HEALTHCHECK")]
    assert health_check and '"bot", "--health"' in health_check[0]
    assert any(i.startswith("ENTRYPOINT") and "tini" in i for i in instructions)
    installs = [i for i in instructions if "pip install" in i]
    assert installs and all("--constraint constraints.txt" in i for i in installs)
    assert any(i.startswith("COPY") and "constraints.txt" in i for i in instructions)
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned: {line}"
            pins[name.lower().replace("_", "-")] = version
    # Walk the dependency tree of the bot and of its `test` extra through the pinned versions.
    # A distribution's own requirements can be read only from its installed metadata, so the
    # walk goes below a distribution only where the installed version is the pinned one (it
    # always is after the README's install, which uses these pins); elsewhere the pin is still
    # checked against what requires it, and the distribution is counted as not walked.
    checked = 0
    not_walked: list[str] = []
    wanted = [
        (Requirement(line), ("", "test"))
        for line in metadata.distribution("kasane-table").requires or []
    ]
    seen: set[str] = set()
    while wanted:
        requirement, extras = wanted.pop()
        if requirement.marker and not any(
            requirement.marker.evaluate({"extra": extra}) for extra in extras
        ):
            continue
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"{name} is not pinned in constraints.txt"
        assert requirement.specifier.contains(pins[name]), (requirement, pins[name])
        checked += 1
        if name in seen:
            continue
        seen.add(name)
        installed = metadata.distribution(requirement.name)
        if installed.version == pins[name]:
            wanted += [(Requirement(line), ("",)) for line in installed.requires or []]
        else:
            not_walked.append(f"{name} {installed.version} (pinned {pins[name]})")
    assert not_walked or seen == set(pins), f"pinned but not required: {set(pins) - seen}"
    print(
        f"\ncontainer: HEALTHCHECK, tini, {len(pins)} pins; {checked} requirements checked; "
        f"not installed at their pins here: {', '.join(not_walked) or 'none'}"
    )
