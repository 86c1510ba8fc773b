"""A batch's acknowledgements: each line's output, shown once its commit is on the disk."""

import io
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import click

from ledger.storage import Flushing, GroupCommit, HeldLost, NotDurable
from ledger.text import printable
from ledger_cli import boundary
from ledger_cli.context import App


def regular(file: IO[Any]) -> bool:
    """Whether ``file`` is a regular file (not a terminal, a pipe or a test's stream)."""
    try:
        return stat.S_ISREG(os.fstat(file.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False


class Unrecorded(Exception):
    """The transaction the lines from line ``first`` on shared was not committed: none of
    them is recorded (the message says so)."""

    def __init__(self, message: str, first: int) -> None:
        super().__init__(message)
        self.first = first


class Acknowledgements:
    """Each line's output, held back until what the line committed is on the disk.

    The batch's ledger commits through a GroupCommit (ledger/storage/_group_commit.py): lines
    commit without waiting for the disk, most of them sharing a transaction with the lines
    around them (the game's commands read as a file, when no plugin reacts to events), and
    once a group of them is held (GROUP_LINES, or GROUP_SECONDS after the first) their
    transaction is committed and one flush makes them durable; then their outputs (the
    acknowledgements) are printed. The flush runs while the next group's lines run; its
    lines are shown once it has ended, before the next group is flushed. While it is
    entered, standard output goes into one buffer that holds the outputs of the lines held.
    """

    GROUP_LINES = (
        1000  # lines held at most (at a few thousand a second, GROUP_SECONDS ends a group)
    )
    GROUP_SECONDS = 0.05  # how long the first held line waits at most

    def __init__(self, app: App, database: Path, *, promptly: bool) -> None:
        self.app, self.database = app, database
        self.promptly = promptly  # each line's output before the next line is read
        # Lines may share a transaction: not when each is shown before the next is read, nor
        # when a plugin reacts to events (its reaction gets the connection: sqlite-utils
        # commits or rolls back a transaction of its own making, and could end the shared one).
        self.shares = not promptly and not app.pm.hook.event_recorded.get_hookimpls()
        self.group: GroupCommit | None = None
        # The line whose write began the shared transaction open: its number, text, where its
        # output begins in the buffer, and its place among the lines held
        self.first_shared: tuple[int, str, int, int] | None = None
        self.current = (0, "", 0, 0)  # the same of the line being run
        self.started = False
        self.held: list[tuple[int, str]] = []  # line, text
        # The group being flushed: its flush, what its lines printed, its lines
        self.pending: tuple[Flushing | None, str, list[tuple[int, str]]] | None = None
        # Standard output's reader has gone, or writing to it failed (why): the lines run
        # on, unshown.
        self.closed = False
        self.failed: str | None = None
        self.since = 0.0  # when the first held line was held
        self.output = io.StringIO()  # what the lines held printed
        self.stdout = sys.stdout  # where the outputs go once acknowledged
        self.capture = redirect_stdout(self.output)

    def __enter__(self) -> "Acknowledgements":
        self.stdout = sys.stdout
        self.capture.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.capture.__exit__(kind, error, traceback)
        self.close()

    @contextmanager
    def line(self, number: int, text: str) -> Iterator[None]:
        # Where this line's output begins, and its place among the lines held
        self.current = (number, text, self.output.tell(), len(self.held))
        try:
            yield
        finally:
            if self.group is not None:
                if self.group.holding and self.first_shared is None:
                    self.first_shared = self.current
                self._group(self.group.line_ended)
            if not self.held:
                self.since = time.monotonic()
            self.held.append((number, text))
            self._start()
            full = len(self.held) >= self.GROUP_LINES
            if self.promptly or full or time.monotonic() - self.since >= self.GROUP_SECONDS:
                self.release()

    def line_starts(self, shares: bool) -> None:
        """The line being run may share the transaction of the lines before it (``shares``),
        or needs them committed first (see GroupCommit.line_starts)."""
        if self.group is not None:
            group = self.group
            self._group(lambda: group.line_starts(shares and self.shares))

    def _group(self, call: Callable[[], None]) -> None:
        """``call()`` a GroupCommit step that may commit the shared transaction; if it could
        not be committed, nothing of its lines is acknowledged (Unrecorded says which)."""
        try:
            call()
        except HeldLost as error:
            number, text, mark, place = self.first_shared or self.current
            self.first_shared = None
            self.output.seek(mark)
            self.output.truncate()
            del self.held[place:]
            raise Unrecorded(
                f"line {number}: {printable(text)}\nthe lines from line {number} on are not "
                f"recorded: {error.why}",
                number,
            ) from None
        if self.group is not None and not self.group.holding:
            self.first_shared = None

    def release(self, *, wait: bool = False) -> None:
        """Show the group flushed before (once its flush ended), then flush the lines held:
        on a thread of its own while the next lines run, or now and shown at once when the
        lines are read as typed or piped, or with ``wait`` (the batch ends)."""
        self._settle()
        group = self.group
        if group is not None:
            self._group(group.commit_held)
        shown = self._take()
        held, self.held = self.held, []
        if not held or group is None:
            self._show(shown, held)
            return
        self.pending = (group.start_flush(), shown, held)
        if self.promptly or wait:
            self._settle()

    def _settle(self) -> None:
        """Wait for the flush under way, then show what its lines printed; a failed flush
        acknowledges nothing (not those lines, not the ones held since)."""
        if self.pending is None or self.group is None:
            return
        flushing, shown, held = self.pending
        self.pending = None
        try:
            self.group.finish(flushing)
        except NotDurable as error:
            number, text = held[0]
            self.held.clear()  # never acknowledged
            self._take()
            raise click.ClickException(f"line {number}: {printable(text)}\n{error}") from None
        self._show(shown, held)

    def _show(self, shown: str, held: list[tuple[int, str]]) -> None:
        if self.closed or self.failed is not None or not shown:
            return
        try:
            click.echo(shown, nl=False, file=self.stdout)
        except OSError as error:
            # The lines are recorded: the batch runs on, unshown (a line's refusal still
            # stops it), and ends saying why nothing more was shown.
            if boundary.closed_pipe(error):
                self.closed = True  # `batch FILE | head -1`
            else:
                first = held[0][0] if held else 0
                self.failed = f"from line {first} on: {type(error).__name__}: {error}"
            boundary.silence_stdout(self.stdout)

    def _take(self) -> str:
        """What the lines held printed, taken out of the buffer."""
        output = self.output.getvalue()
        self.output.seek(0)
        self.output.truncate()
        return output

    def close(self) -> None:
        """Flush and print every output still held; commit synchronously again."""
        try:
            self.release(wait=True)
        finally:
            if self.group is not None:
                if self.pending is not None:  # a refusal came first: still wait for it
                    self.group.finish(self.pending[0])
                self.group.close()

    def _start(self) -> None:
        """Group commit once the batch's ledger is open (a first line may create the file).
        The lines before committed synchronously, each flushed: they are shown at once."""
        if not self.started:
            ledger = self.app.opened_ledger(self.database)
            if ledger is not None:
                self.started = True
                # The log is opened before anything is shown: once a line is acknowledged,
                # a deleted log is noticed (GroupCommit checks it is still the one opened).
                self.group = GroupCommit.start(ledger.db, ledger.store)
                self.release()
