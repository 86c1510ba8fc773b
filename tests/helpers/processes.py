"""Real ``campaign-ledger`` processes for the reliability tests, through child.py."""

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

CHILD = Path(__file__).with_name("child.py")


def cli_args(db_path: Path, *args: str) -> list[str]:
    """A real ``campaign-ledger`` process (through child.py, which also counts conflicts)."""
    return [sys.executable, str(CHILD), "cli", "--database", str(db_path), *args]


def run(args: Sequence[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, input=stdin, capture_output=True, text=True, timeout=120, env=child_env()
    )


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}
