"""A held transaction: one write transaction that a store keeps open across many commands, so
that a batch's lines share one commit instead of paying one each (each commit writes the
pages it changed to the log: the same few pages, every line). ledger/storage/_group_commit.py
says when a batch holds one and for how long.

Each command in it is still all or nothing: the first writes its rows at the top of the
transaction (a failure rolls it back, holding only that command), each later one under a
savepoint of its own, or, a single row, in one INSERT (a statement is undone whole).
Nothing of it is seen by another connection, nor acknowledged to anyone, before
``commit_held``. If that commit fails, or the transaction is rolled back before it (SQLite
does so on its own after some errors, a full disk among them), every command in it is gone:
the store forgets what it remembered of them and knows the history as it knew it before the
transaction began, and HeldLost says so."""

import contextlib
from collections.abc import Iterator
from typing import Any

from ledger.errors import LedgerError
from ledger.storage._connection import Connection, sqlite3
from ledger.storage._guard import HistoryGuard, Knowledge, Versions
from ledger.storage._rows import Row


class HeldLost(LedgerError):
    """A held transaction was not committed: none of the commands written in it is recorded
    (``why``: what happened to it)."""

    def __init__(self, why: str) -> None:
        super().__init__(f"the commands written in a held transaction are not recorded: {why}")
        self.why = why


class Held:
    """An open held transaction: the versions its first write read (nobody else can move them
    while it holds the write lock), what the history guard knew before it, when it began, the
    last row written in it, and why it was lost, once it is."""

    def __init__(self, versions: Versions, knowledge: Knowledge, since: float) -> None:
        self.versions = versions
        self.knowledge = knowledge
        self.since = since
        self.last: Row | None = None
        self.lost: str | None = None

    def kept(self, db: Connection) -> bool:
        """Whether what was written in it is in the file, once the transaction ended without
        ``commit_held`` (committed or rolled back by other code on the connection)."""
        if self.last is None:
            return True
        found = db.conn.execute(
            "SELECT hash FROM events WHERE campaign = ? AND seq = ?",
            [self.last.campaign, self.last.seq],
        ).fetchone()
        return found is not None and found[0] == self.last.hash


class Holding:
    """The event store's held transactions (``EventStore.append`` begins one and writes in it)."""

    db: Connection
    _guard: HistoryGuard
    _heads: dict[str, Any]
    _answers: dict[str, Any]
    _may_hold: bool
    _held: Held | None

    def hold(self, allowed: bool) -> None:
        """Whether a write outside any transaction may begin a held one: the transaction is
        then kept open after it, and the writes after it are made in it, each all or nothing
        (``EventStore.append``), until ``commit_held``. A batch allows it line by line
        (ledger/storage/_group_commit.py)."""
        self._may_hold = allowed

    @property
    def holding(self) -> bool:
        """Whether a held transaction is open, or was lost and not told yet (check_held)."""
        return self._held is not None

    @property
    def held_since(self) -> float | None:
        """When (``time.monotonic()``) the held transaction open began; None if none is."""
        held = self._held
        return held.since if held is not None and held.lost is None else None

    def commit_held(self) -> None:
        """Commit the held transaction, if one is open. HeldLost if it cannot be committed
        (it is rolled back) or was rolled back already: none of its writes is recorded."""
        held = self._held
        if held is None:
            return
        conn = self.db.conn
        if held.lost is None and conn.in_transaction:
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as error:
                with contextlib.suppress(sqlite3.Error):
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                self._forget_held(held, f"their transaction could not be committed: {error}")
            else:
                self._held = None
                return
        self.check_held()

    def check_held(self, *, keep: bool = False) -> None:
        """HeldLost if the held transaction was lost: rolled back, or ended other than by
        ``commit_held`` without its writes in the file (SQLite rolls a transaction back on
        its own after some errors). ``keep``: it stays known as lost, for the batch that
        held it to be told which lines it held (``commit_held`` or ``check_held`` again)."""
        held = self._held
        if held is None or (held.lost is None and self.db.conn.in_transaction):
            return
        lost = held.lost
        if lost is None:
            if held.kept(self.db):  # committed by other code on this connection: it stands
                self._held = None
                self._heads.clear()
                self._answers.clear()
                return
            lost = self._forget_held(held, "their transaction was rolled back by the database")
        if not keep:
            self._held = None
        raise HeldLost(lost)

    def _forget_held(self, held: Held, why: str) -> str:
        """Forget what the lost transaction's writes made the store remember; ``why``."""
        held.lost = why
        self._heads.clear()
        self._answers.clear()
        self._guard.restore(held.knowledge)
        return why

    @contextlib.contextmanager
    def _beginning_held(self) -> Iterator[None]:
        """The first write of a held transaction: begun, and left open if it succeeds."""
        self.db.begin()
        try:
            yield
        except BaseException:
            if self.db.conn.in_transaction:
                self.db.conn.execute("ROLLBACK")
            raise
