"""The installed console script, run as a user runs it: a real process, real streams."""

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("campaign-ledger")


def script(
    db: Path | None,
    *args: str,
    stdin: bytes | str | None = None,
    timeout: float = 60,
    cwd: Path | None = None,
    **popen: object,
) -> subprocess.CompletedProcess[str]:
    """``campaign-ledger [--database DB] ARGS`` with its exit status, stdout and stderr."""
    prefix = ["--database", str(db)] if db is not None else []
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for name in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN"):
        env.pop(name, None)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [str(SCRIPT), *prefix, *args],
        input=data,
        capture_output=True,
        timeout=timeout,
        env=env,
        cwd=cwd,
        **popen,  # type: ignore[arg-type]
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    assert "Traceback" not in done.stdout, done.stdout
