"""Group commit: durable acknowledgements without waiting for the disk between commands.

A batch still commits every command in a transaction of its own. With ``synchronous=NORMAL``
SQLite writes each commit to the write-ahead log without flushing it to the disk; a thread
flushes (fsyncs) the log while the next command is being checked and written, and a command
is acknowledged only once a flush that began after its commit has finished. That is the
promise of ``synchronous=FULL`` (a power cut loses no acknowledged command) with the disk's
wait overlapping the next command's work; when commands come faster than the disk, one flush
covers several commits.

A power cut can only lose the newest, unacknowledged commands: WAL recovery keeps a prefix of
the log (each frame's checksum chains on from the frames before it; after a checkpoint SQLite
syncs the log's new header before any frame), never a later commit without an earlier one.
Other processes may read a command up to one flush before it is on the disk; one that finds
its own command already recorded (an idempotency key) flushes the log first (``flush_log``).
"""

import os
import threading
from pathlib import Path

from sqlite_utils import Database

from ledger.errors import LedgerError


class NotDurable(LedgerError):
    """Flushing the write-ahead log failed: commits after the last flush may not survive a
    power cut, and none of them was acknowledged."""


def log_path(db: Database) -> Path | None:
    """The write-ahead log SQLite uses for ``db`` (SQLite resolves symbolic links; so does
    ``PRAGMA database_list``), or None when there is none (not WAL, in memory, off POSIX,
    where fsync needs a writable descriptor)."""
    if os.name != "posix" or db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        return None
    file = next((row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"), "")
    wal = Path(f"{file}-wal")
    return wal if file and wal.is_file() else None


def flush_log(db: Database) -> None:
    """Flush ``db``'s write-ahead log to the disk: whatever any connection has committed,
    durable or not, is durable afterwards."""
    wal = log_path(db)
    if wal is None:
        return
    descriptor = os.open(wal, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    except OSError as error:
        raise NotDurable(f"the write-ahead log could not be flushed: {error}") from None
    finally:
        os.close(descriptor)


class GroupCommit:
    """Flushes ``db``'s write-ahead log in the background; ``ticket()`` after a commit, then
    ``durable(ticket)`` says whether that commit is on the disk."""

    def __init__(self, db: Database, wal: Path) -> None:
        self._db = db
        self._changes = db.conn.total_changes
        self._requested = self._flushed = 0
        self._failure: OSError | None = None
        self._closing = False
        self._changed = threading.Condition()
        self._wal = os.open(wal, os.O_RDONLY)  # the file SQLite appends this file's commits to
        try:
            db.execute("PRAGMA synchronous = NORMAL")
            self._thread = threading.Thread(target=self._flush, name="ledger-group-commit")
            self._thread.start()
        except BaseException:
            db.execute("PRAGMA synchronous = FULL")
            os.close(self._wal)
            raise

    @classmethod
    def start(cls, db: Database) -> "GroupCommit | None":
        """Group commit for a ledger with a write-ahead log, else None (commits stay
        synchronous)."""
        wal = log_path(db)
        if wal is None:
            return None
        try:
            return cls(db, wal)
        except OSError:  # the log cannot be opened: stay synchronous
            return None

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
