"""A throwaway PostgreSQL server for the tests and the benchmarks: `initdb` in a temporary
folder, a free port on 127.0.0.1, removed afterwards. Run as root, the server runs as an
unprivileged user (PostgreSQL refuses to run as root). Tests that need it skip, saying why,
where PostgreSQL is not installed.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

#: Where Debian's `postgresql` package puts the server's programs (not on PATH).
DEBIAN_BIN = Path("/usr/lib/postgresql")
SUPERUSER = "kasane"


def server_bin() -> Path | None:
    """The folder holding `initdb`, `pg_ctl` and `postgres`, or None if PostgreSQL is missing."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    if DEBIAN_BIN.is_dir():
        versions = sorted(
            (p for p in DEBIAN_BIN.iterdir() if (p / "bin" / "initdb").exists()),
            key=lambda p: int(p.name) if p.name.isdigit() else 0,
        )
        if versions:
            return versions[-1] / "bin"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run_as() -> pwd.struct_passwd | None:
    """The unprivileged account to run the server as when this process is root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise RuntimeError("running as root and no unprivileged account (postgres, nobody) exists")


class Cluster:
    """A running throwaway cluster; `url(db)` for a database on it, `new_database()` for a
    fresh empty one."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        #: Keep PostgreSQL's defaults (fsync, synchronous commit), as a production server does;
        #: tests turn them off, benchmarks do not.
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="kasane-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.account = _run_as()
        self._names = itertools.count(1)

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        extra = {}
        if self.account is not None:
            extra = {"user": self.account.pw_uid, "group": self.account.pw_gid}
        return subprocess.run(
            args,
            check=check,
            capture_output=True,
            text=True,
            cwd=self.folder,
            env={**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"},
            **extra,  # type: ignore[arg-type]
        )

    def start(self) -> None:
        if self.account is not None:
            os.chown(self.folder, self.account.pw_uid, self.account.pw_gid)
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories='' "
            "-c max_connections=200"
        )
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-m",
            "immediate",
            "stop",
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        self._run(
            str(self.bindir / "psql"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            SUPERUSER,
            "-d",
            "postgres",
            "-qc",
            f"CREATE DATABASE {name}",
        )
        return self.url(name)


@contextlib.contextmanager
def throwaway_cluster(*, durable: bool = False) -> Iterator[Cluster]:
    """Start a cluster, yield it, stop and remove it (raises `LookupError` if PostgreSQL is not
    installed). `durable` keeps fsync and synchronous commits on."""
    bindir = server_bin()
    if bindir is None:
        raise LookupError(
            "PostgreSQL is not installed (no initdb on PATH or under /usr/lib/postgresql); "
            "`apt-get install postgresql` to run these tests"
        )
    cluster = Cluster(bindir, durable=durable)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
