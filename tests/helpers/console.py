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


def on_terminal(
    db: Path, *args: str, columns: int = 100, lines: int = 40, **env_changes: str
) -> tuple[int, str]:
    """``campaign-ledger --database DB ARGS`` on a pseudo-terminal (stdout and stderr a tty,
    as a player sees it): its exit status and everything it drew, escapes included."""
    import pty

    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "xterm-256color"}
    for name in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN", "NO_COLOR", "PAGER"):
        env.pop(name, None)
    env.update(COLUMNS=str(columns), LINES=str(lines), **env_changes)
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        [str(SCRIPT), "--database", str(db), *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        drawn += chunk
    status = child.wait(timeout=60)
    os.close(leader)
    return status, drawn.decode("utf-8", "replace")
