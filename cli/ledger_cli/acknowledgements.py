"""A batch's acknowledgements: each line's output, shown once its commit is on the disk."""

import io
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import IO, Any

import click

from ledger.group_commit import GroupCommit, NotDurable
from ledger.text import printable
from ledger_cli.context import App


def regular(file: IO[Any]) -> bool:
    """Whether ``file`` is a regular file (not a terminal, a pipe or a test's stream)."""
    try:
        return stat.S_ISREG(os.fstat(file.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False


class Acknowledgements:
    """Each line's output, held back until what the line committed is on the disk.

    The batch's ledger commits through a GroupCommit (ledger/group_commit.py): lines commit
    one by one without waiting for the disk, and once a group of them is held (GROUP_LINES,
    or GROUP_SECONDS after the first) one flush makes them durable and their outputs (the
    acknowledgements) are printed.
    """

    GROUP_LINES = (
        1000  # lines held at most (at a few thousand a second, GROUP_SECONDS ends a group)
    )
    GROUP_SECONDS = 0.05  # how long the first held line waits at most

    def __init__(self, app: App, database: Path, *, promptly: bool) -> None:
        self.app, self.database = app, database
        self.promptly = promptly  # each line's output before the next line is read
        self.group: GroupCommit | None = None
        self.started = False
        self.held: list[tuple[int, str, str]] = []  # line, text, output
        self.since = 0.0  # when the first held line was held

    @contextmanager
    def line(self, number: int, text: str) -> Iterator[None]:
        output = io.StringIO()
        try:
            with redirect_stdout(output):
                yield
        finally:
            if not self.held:
                self.since = time.monotonic()
            self.held.append((number, text, output.getvalue()))
            self._start()
            full = len(self.held) >= self.GROUP_LINES
            if self.promptly or full or time.monotonic() - self.since >= self.GROUP_SECONDS:
                self.release()

    def release(self) -> None:
        """Flush the log, then print every output held."""
        if self.held and self.group is not None:
            try:
                self.group.flush()
            except NotDurable as error:
                number, text, _ = self.held[0]
                self.held.clear()  # never acknowledged
                raise click.ClickException(f"line {number}: {printable(text)}\n{error}") from None
        click.echo("".join(output for _, _, output in self.held), nl=False)
        self.held.clear()

    def close(self) -> None:
        """Flush and print every output still held; commit synchronously again."""
        try:
            self.release()
        finally:
            if self.group is not None:
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
                self.group = GroupCommit.start(ledger.db)
                self.release()
