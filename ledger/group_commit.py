"""Group commit: durable acknowledgements without waiting for the disk between commands.

A batch still commits every command in a transaction of its own. With ``synchronous=NORMAL``
SQLite writes each commit to the write-ahead log without flushing it to the disk; a thread
flushes (fsyncs) the log while the next command is being checked and written, and a command
is acknowledged only once a flush that began after its commit has finished. That is the
promise of ``synchronous=FULL`` (a power cut loses no acknowledged command) with the disk's
wait overlapping the next command's work; when commands come faster than the disk, one flush
covers several commits.

A power cut can only lose the newest, unacknowledged commands: WAL recovery keeps a prefix of
the log (each frame's checksum chains on from the frames before it), never a later commit
without an earlier one.
"""

import os
import threading
from pathlib import Path

from sqlite_utils import Database

from ledger.errors import LedgerError


class NotDurable(LedgerError):
    """Flushing the write-ahead log failed: commits after the last flush may not survive a
    power cut, and none of them was acknowledged."""


class GroupCommit:
    """Flushes ``db``'s write-ahead log in the background; ``ticket()`` after a commit, then
    ``durable(ticket)`` says whether that commit is on the disk."""

    def __init__(self, db: Database, path: Path) -> None:
        # The log SQLite appends this file's commits to (it exists while a connection is open).
        self._wal = os.open(f"{path}-wal", os.O_RDWR)
        self._db = db
        self._changes = db.conn.total_changes
        self._requested = self._flushed = 0
        self._failure: OSError | None = None
        self._closing = False
        self._changed = threading.Condition()
        db.execute("PRAGMA synchronous = NORMAL")
        self._thread = threading.Thread(target=self._flush, name="ledger-group-commit")
        self._thread.start()

    @classmethod
    def start(cls, db: Database, path: Path) -> "GroupCommit | None":
        """Group commit for a ledger in WAL mode, else None (commits stay synchronous)."""
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        if mode != "wal" or not Path(f"{path}-wal").is_file():
            return None
        return cls(db, path)

    def ticket(self) -> int:
        """A ticket for everything this connection has committed so far."""
        changes = self._db.conn.total_changes
        with self._changed:
            if changes != self._changes:  # something was written since the last ticket
                self._changes = changes
                self._requested += 1
                self._changed.notify_all()
            return self._requested

    def durable(self, ticket: int, *, wait: bool = False) -> bool:
        """Whether the commits behind ``ticket`` are on the disk (``wait``: once they are)."""
        with self._changed:
            while wait and self._flushed < ticket and self._failure is None:
                self._changed.wait()
            if self._failure is not None and self._flushed < ticket:
                raise NotDurable(f"the write-ahead log could not be flushed: {self._failure}")
            return self._flushed >= ticket

    def close(self) -> None:
        """Flush what is left, stop the thread and commit synchronously again."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        self._thread.join()
        os.close(self._wal)
        self._db.execute("PRAGMA synchronous = FULL")

    def _flush(self) -> None:
        while True:
            with self._changed:
                while self._requested == self._flushed and not self._closing:
                    self._changed.wait()
                if self._requested == self._flushed or self._failure is not None:
                    return
                target = self._requested  # every commit before this moment is in the log
            try:
                os.fsync(self._wal)
            except OSError as error:
                with self._changed:
                    self._failure = error
                    self._changed.notify_all()
                return
            with self._changed:
                self._flushed = target
                self._changed.notify_all()
