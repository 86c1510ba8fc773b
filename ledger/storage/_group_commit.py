"""Group commit: durable acknowledgements without flushing the disk after every command.

A batch still commits every command in a transaction of its own. With ``synchronous=NORMAL``
SQLite writes each commit to the write-ahead log without flushing it to the disk; the batch
flushes (fsyncs) the log once for a group of commands and only then acknowledges them. That
is the promise of ``synchronous=FULL`` (a power cut loses no acknowledged command) with one
flush for many commits instead of one each.

A power cut can only lose the newest, unacknowledged commands: WAL recovery keeps a prefix of
the log (each frame's checksum chains on from the frames before it; after a checkpoint SQLite
syncs the log's new header before any frame), never a later commit without an earlier one.
Other processes may read a command before its group is flushed; one that finds its own
command already recorded (an idempotency key) flushes the log first (``flush_log``).
"""

import contextlib
import os
import time
from pathlib import Path

from ledger.errors import LedgerError
from ledger.storage._connection import Connection
from ledger.storage._store import EventStore


class NotDurable(LedgerError):
    """Flushing the write-ahead log failed: commits after the last flush may not survive a
    power cut, and none of them was acknowledged."""


def log_path(db: Connection) -> Path | None:
    """The write-ahead log SQLite uses for ``db`` (SQLite resolves symbolic links; so does
    ``PRAGMA database_list``), or None when there is none (not WAL, in memory, off POSIX,
    where fsync needs a writable descriptor)."""
    if os.name != "posix" or db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        return None
    file = next((row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"), "")
    wal = Path(f"{file}-wal")
    return wal if file and wal.is_file() else None


def _fsync(descriptor: int) -> None:
    try:
        os.fsync(descriptor)
    except OSError as error:
        raise NotDurable(f"the write-ahead log could not be flushed: {error}") from None


def flush_log(db: Connection) -> None:
    """Flush ``db``'s write-ahead log to the disk: whatever any connection has committed,
    durable or not, is durable afterwards."""
    wal = log_path(db)
    if wal is None:
        return
    try:
        descriptor = os.open(wal, os.O_RDONLY)
    except FileNotFoundError:  # checkpointed and removed meanwhile: all is in the file
        return
    except OSError as error:
        raise NotDurable(f"the write-ahead log could not be opened to flush it: {error}") from None
    try:
        _fsync(descriptor)
    finally:
        os.close(descriptor)


class GroupCommit:
    """Commits on ``db`` without a flush each; ``flush()`` makes them all durable.

    Meanwhile SQLite copies the log into the file (a checkpoint, two flushes) every
    CHECKPOINT_PAGES pages of log instead of its default 1,000: a batch's commits rewrite the
    same few pages (the end of the table and of each index), and a checkpoint copies each
    page once however often it was logged, so fewer checkpoints are less work, not later work
    (measured: a third of a batch line's SQLite time). The log grows to 16 MB at most.

    Given the ``store``, consecutive lines that allow it (``line_starts``) also share one
    transaction, held open by the store (ledger/storage/_held.py), instead of committing one
    each: a commit writes the pages it changed to the log, the same few pages every line. A
    held transaction holds the write lock, so it is committed once it is HOLD_SECONDS old;
    for GAP_SECONDS after that, lines commit one by one, letting go of the lock between
    them, so that another writer waiting for it (``Connection.begin`` tries again every
    fraction of a millisecond) gets in."""

    CHECKPOINT_PAGES = 4000
    HOLD_SECONDS = 0.01
    GAP_SECONDS = 0.002

    def __init__(self, db: Connection, wal: Path, store: EventStore | None = None) -> None:
        self._db = db
        self._store = store
        self._gap_ends = 0.0  # lines commit one by one until then (time.monotonic())
        self._flushed_changes = db.conn.total_changes
        self._failed = False  # a flush failed (and said so): nothing more is flushed
        self._wal = os.open(wal, os.O_RDONLY)  # the file SQLite appends this file's commits to
        self._wal_path = wal
        try:
            opened = os.fstat(self._wal)
            self._identity = (opened.st_dev, opened.st_ino)
            self._checkpoint_pages = db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
            db.execute(f"PRAGMA wal_autocheckpoint = {self.CHECKPOINT_PAGES}")
            db.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            os.close(self._wal)
            raise

    @classmethod
    def start(cls, db: Connection, store: EventStore | None = None) -> "GroupCommit | None":
        """Group commit for a ledger with a write-ahead log, else None (commits stay
        synchronous, each flushed by SQLite); with ``store``, lines may share transactions."""
        wal = log_path(db)
        if wal is None:
            return None
        try:
            return cls(db, wal, store)
        except OSError:  # the log cannot be opened: stay synchronous
            return None

    def line_starts(self, shares: bool) -> None:
        """A line begins: it may write in the transaction the lines before it hold
        (``shares``), or it needs theirs committed first (it may read the file through
        another connection, or wait for its input)."""
        if self._store is None:
            return
        if not shares:
            self.commit_held()
        self._store.hold(shares and time.monotonic() >= self._gap_ends)

    @property
    def holding(self) -> bool:
        """Whether the lines hold a transaction (open, or lost and not told yet)."""
        return self._store is not None and self._store.holding

    def line_ended(self) -> None:
        """A line ended: its held transaction is committed once HOLD_SECONDS old. HeldLost if
        the database rolled it back."""
        store = self._store
        if store is None:
            return
        store.hold(False)
        store.check_held()
        since = store.held_since
        if since is not None and time.monotonic() - since >= self.HOLD_SECONDS:
            self.commit_held()

    def commit_held(self) -> None:
        """Commit what the lines hold (HeldLost if it cannot be); lines commit one by one for
        GAP_SECONDS after it."""
        store = self._store
        if store is not None and store.holding:
            store.commit_held()
            self._gap_ends = time.monotonic() + self.GAP_SECONDS

    def flush(self) -> None:
        """Make every commit so far durable (nothing to do if nothing was written)."""
        self.finish(self.start_flush())

    def start_flush(self) -> "Flushing | None":
        """Begin making every commit so far durable, on a thread of its own: the batch goes
        on committing while the disk writes (a flush is about a twentieth of a batch's
        time). None if nothing was written since the last flush; ``finish`` waits for it."""
        self.commit_held()
        changes = self._db.conn.total_changes
        if changes == self._flushed_changes:
            return None
        self._failed = True  # until finish() says otherwise
        self._flushed_changes = changes
        return Flushing(self._wal)  # every commit before this moment is in the log

    def finish(self, flushing: "Flushing | None") -> None:
        """Wait for ``flushing``: the commits before it began are durable once this returns,
        or NotDurable says why they may not be."""
        if flushing is None:
            return
        error = flushing.wait()
        if error is not None:
            raise NotDurable(f"the write-ahead log could not be flushed: {error}") from None
        self._check_log_is_in_place()
        self._failed = False

    def _check_log_is_in_place(self) -> None:
        """The log flushed must be the one a recovery would read: if someone deleted or
        replaced the ``-wal`` file, SQLite still appends to the open one, which a crash
        would lose. Its commits are copied into the database file (a checkpoint) before the
        batch stops, so that what was acknowledged stays."""
        try:
            now = os.stat(self._wal_path)
            if (now.st_dev, now.st_ino) == self._identity:
                return
        except OSError:
            pass
        with contextlib.suppress(Exception):  # the error below says what matters
            self.commit_held()  # unacknowledged lines, but whole: into the file with the rest
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute("PRAGMA wal_checkpoint(FULL)")
        raise NotDurable(
            f"the write-ahead log {self._wal_path} was deleted or replaced while the batch "
            "ran; the lines since the last one shown are not acknowledged (the batch stops; "
            "run `verify`)"
        )

    def close(self) -> None:
        """Commit what the lines hold, flush what is left (unless a flush failed) and commit
        synchronously again."""
        try:
            self.commit_held()
            if not self._failed:
                self.flush()
        finally:
            os.close(self._wal)
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute(f"PRAGMA wal_autocheckpoint = {int(self._checkpoint_pages)}")


class Flushing:
    """One fsync of the log, running on its own thread (``os.fsync`` releases the GIL)."""

    def __init__(self, descriptor: int) -> None:
        import threading  # only for a batch: no other command flushes in the background

        self.error: OSError | None = None
        self._thread = threading.Thread(target=self._run, args=(descriptor,), daemon=True)
        self._thread.start()

    def _run(self, descriptor: int) -> None:
        try:
            os.fsync(descriptor)
        except OSError as error:
            self.error = error

    def wait(self) -> OSError | None:
        """Once the flush ended: the error it met, if any."""
        self._thread.join()
        return self.error
