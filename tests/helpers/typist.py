"""A process on a pseudo-terminal that a test types into as a player would: wait for what it
shows (``expect``), type keys (``send``: text, Tab, Ctrl-C, Ctrl-D), read what it drew."""

import contextlib
import os
import pty
import re
import select
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from tests.helpers.console import SCRIPT

TAB, ENTER, CTRL_C, CTRL_D = "\t", "\r", "\x03", "\x04"
# What a terminal draws besides the text: colours, cursor moves, mode switches.
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")


def plain(drawn: str) -> str:
    """What a player reads of ``drawn``: escapes and carriage returns left out."""
    return ESCAPES.sub("", drawn).replace("\r", "")


def _controlling() -> None:
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Typist:
    def __init__(
        self,
        args: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        columns: int = 120,
        lines: int = 40,
        cwd: Path | None = None,
    ) -> None:
        environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "xterm-256color"}
        for name in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN", "NO_COLOR", "PAGER"):
            environment.pop(name, None)
        # prompt_toolkit asks the terminal where its cursor is; this one does not answer
        environment.update(COLUMNS=str(columns), LINES=str(lines), PROMPT_TOOLKIT_NO_CPR="1")
        environment.update(env or {})
        self.leader, follower = pty.openpty()
        import fcntl
        import struct
        import termios

        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.process = subprocess.Popen(
            list(args),
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=environment,
            close_fds=True,
            cwd=cwd,
            start_new_session=True,  # the terminal is its own: Ctrl-C reaches it alone
            preexec_fn=_controlling,  # and it is the session's terminal (fish needs one)
        )
        os.close(follower)
        self.drawn = ""
        self._read = 0  # how much of ``plain(drawn)`` an expect has consumed

    @classmethod
    def ledger(cls, db: Path, *args: str, **kwargs: object) -> "Typist":
        """``campaign-ledger --database DB ARGS`` on the terminal."""
        return cls([str(SCRIPT), "--database", str(db), *args], **kwargs)  # type: ignore[arg-type]

    def _pump(self, wait: float) -> bool:
        ready, _, _ = select.select([self.leader], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.leader, 65536)
        except OSError:  # the terminal closed: the process ended
            return False
        if not chunk:
            return False
        self.drawn += chunk.decode("utf-8", "replace")
        return True

    @property
    def text(self) -> str:
        return plain(self.drawn)

    def expect(self, wanted: str, timeout: float = 60) -> str:
        """Wait until ``wanted`` shows after what the last expect found; what came before it."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.text.find(wanted, self._read)
            if found >= 0:
                before = self.text[self._read : found]
                self._read = found + len(wanted)
                return before
            if time.monotonic() > deadline or not self._pump(0.1):
                if self.text.find(wanted, self._read) >= 0:
                    continue
                raise AssertionError(f"{wanted!r} never showed; the terminal shows:\n{self.text}")

    def send(self, keys: str) -> None:
        os.write(self.leader, keys.encode())

    def interrupt(self) -> None:
        """SIGINT to the process, as Ctrl-C at a terminal in cooked mode sends it."""
        os.killpg(self.process.pid, signal.SIGINT)

    def wait(self, timeout: float = 60) -> int:
        """Read what is left until the process ends; its exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            if not self._pump(0.1):
                break
        try:
            return self.process.wait(timeout=max(deadline - time.monotonic(), 1))
        finally:
            self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        with contextlib.suppress(OSError):  # closed already
            os.close(self.leader)
