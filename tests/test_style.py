"""Project-wide hygiene: ruff is clean and shipped code holds no placeholders."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("games", "bot", "cogs")


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    proc = subprocess.run(
        [ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_placeholders_in_shipped_code() -> None:
    pattern = re.compile(r"\b(TODO|FIXME|XXX)\b|raise NotImplementedError")
    hits = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in SHIPPED
        for path in (ROOT / folder).rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert hits == []
