"""The layers are a contract, not a drawing: import-linter checks the contracts in
pyproject.toml (imports only downwards, every module of the bot in a layer, no circles)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_imports(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    return subprocess.run(
        [command, "--no-cache", *arguments], cwd=ROOT, capture_output=True, text=True
    )


def test_the_layers_hold() -> None:
    """All three contracts are read and kept (a contract dropped from pyproject.toml, or one
    broken by an upward import or a circle, fails here with import-linter's report)."""
    proc = lint_imports()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: 3 kept, 0 broken." in proc.stdout, proc.stdout
