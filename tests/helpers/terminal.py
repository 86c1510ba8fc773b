"""The installed console script on a pseudo-terminal: what a player at a terminal sees and
types (colours, progress, a pager, a prompt and its answer)."""

import os
import pty
import select
import subprocess
import time
from pathlib import Path

from tests.helpers.console import SCRIPT


def on_terminal(
    db: Path,
    *args: str,
    answer: str | None = None,
    asked: str = "[y/N]",
    timeout: float = 60,
    term: str = "xterm-256color",
    columns: int = 100,
    lines: int = 40,
    **env_changes: str,
) -> tuple[int, str]:
    """``campaign-ledger --database DB ARGS`` with a terminal for its streams (``term``, of
    ``columns`` x ``lines``; ``env_changes`` set too); ``answer`` (and Enter) is typed once
    ``asked`` shows. Its exit status and everything it drew, escapes included."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": term}
    for name in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN", "NO_COLOR", "PAGER"):
        env.pop(name, None)
    env.update(COLUMNS=str(columns), LINES=str(lines), **env_changes)
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [str(SCRIPT), "--database", str(db), *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    shown, deadline = b"", time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the terminal closed: the process ended
                    break
                if not chunk:
                    break
                shown += chunk
                if answer is not None and asked.encode() in shown:
                    os.write(leader, answer.encode() + b"\n")
                    answer = None
            elif process.poll() is not None:
                break
        status = process.wait(timeout=max(deadline - time.monotonic(), 1))
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
    return status, shown.decode("utf-8", "replace").replace("\r\n", "\n")
