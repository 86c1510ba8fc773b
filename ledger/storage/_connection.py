"""The ledger's SQLite connection: the few calls it makes, with sqlite-utils' own meaning
(``execute`` commits a write made outside a transaction, ``atomic`` nests as savepoints),
without importing sqlite-utils, which costs more start-up than click: it is imported only to
create or upgrade a file (``utils()``, the migrations) and for plugins that react to events."""

import functools
import importlib
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import sqlite3 as sqlite3

    from sqlite_utils import Database
else:  # the module sqlite-utils uses (sqlite_utils.utils): pysqlite3, a current SQLite, if any
    try:
        sqlite3 = importlib.import_module("pysqlite3.dbapi2")
    except ImportError:
        import sqlite3

_TRANSACTION_CONTROL = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"})
_BUSY = 5  # SQLITE_BUSY, the primary code of every "database is locked"
# How long a writer waits between two tries for the write lock: short enough to find the
# moments a batch lets go of it between two held transactions (ledger/storage/_group_commit.py)
POLL_SECONDS = 0.0002


class Executes(Protocol):
    """What reads a schema needs: this Connection, or sqlite-utils' Database."""

    def execute(self, sql: str, parameters: Any = None, /) -> Any: ...


def _first_keyword(sql: str) -> str:
    """The statement's first word, uppercased (the ledger's own SQL has no leading comment)."""
    words = sql.lstrip(" \t\r\n;\ufeff").split(None, 1)
    return words[0].upper().rstrip(";") if words else ""


class Connection:
    """One SQLite connection, as sqlite-utils' ``Database`` would use it."""

    def __init__(self, conn: "sqlite3.Connection") -> None:
        self.conn = conn
        self._utils: Database | None = None
        self.depth = 0  # atomic() blocks open: a transaction, then savepoints in it
        self.execute("PRAGMA recursive_triggers=on;")  # as sqlite-utils sets it
        self.busy_ms = int(self.execute("PRAGMA busy_timeout").fetchone()[0])

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a statement waits for another connection's lock (and ``begin`` for the
        write lock) before it fails with "database is locked"."""
        self.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
        self.busy_ms = int(milliseconds)

    def begin(self) -> None:
        """``BEGIN IMMEDIATE``: the write lock, waited for up to the busy timeout. SQLite's
        own wait sleeps longer and longer between its tries (up to 100 ms) and so seldom
        comes while another writer lets go of the lock for a moment, as a batch does
        between two of its held transactions; this one tries again every POLL_SECONDS."""
        conn = self.conn
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            deadline = None
            while True:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as error:
                    if getattr(error, "sqlite_errorcode", _BUSY) & 0xFF != _BUSY:
                        raise
                    now = time.monotonic()
                    if deadline is None:
                        deadline = now + self.busy_ms / 1000
                    elif now >= deadline:
                        raise
                time.sleep(POLL_SECONDS)
        finally:
            conn.execute(f"PRAGMA busy_timeout = {self.busy_ms}")

    def execute(
        self, sql: str, parameters: Sequence[Any] | dict[str, Any] | None = None
    ) -> "sqlite3.Cursor":
        """Run one statement; a write outside a transaction is committed at once."""
        was_in_transaction = self.conn.in_transaction
        try:
            cursor = (
                self.conn.execute(sql) if parameters is None else self.conn.execute(sql, parameters)
            )
        except Exception:
            if not was_in_transaction and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")  # the failed statement's implicit transaction
            raise
        if (
            not was_in_transaction
            and self.conn.in_transaction
            and cursor.description is None
            and _first_keyword(sql) not in _TRANSACTION_CONTROL
        ):
            self.conn.execute("COMMIT")
        return cursor

    def atomic(self) -> "Atomic":
        """``with db.atomic():`` a transaction (holding the write lock: ``begin``), or a
        savepoint inside the one already open."""
        return Atomic(self)

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def table_names(self) -> list[str]:
        return [r[0] for r in self.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]

    def utils(self) -> "Database":
        """The same connection as a sqlite-utils ``Database`` (migrations, plugins' hooks)."""
        if self._utils is None:
            from sqlite_utils import Database

            self._utils = Database(self.conn, execute_plugins=False)
        return self._utils

    def close(self) -> None:
        self.conn.close()


class Atomic:
    """``Connection.atomic()``'s block: a class, not a generator (a batch enters one a line).
    Its savepoint is named by its depth: the same few statements, each prepared once."""

    def __init__(self, db: Connection) -> None:
        self.db = db
        self.savepoint: tuple[str, str, str] | None = None  # see _savepoint

    def __enter__(self) -> Connection:
        db = self.db
        if db.conn.in_transaction:
            self.savepoint = savepoint = _savepoint(db.depth)
            db.conn.execute(savepoint[0])
        else:
            db.begin()
        db.depth += 1
        return db

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        db = self.db
        db.depth -= 1
        conn, savepoint = db.conn, self.savepoint
        if savepoint is None:
            if kind is not None:
                db._rollback()
                return
            try:
                conn.execute("COMMIT")
            except BaseException:
                db._rollback()
                raise
        elif kind is None:
            conn.execute(savepoint[1])
        elif conn.in_transaction:  # a RAISE(ROLLBACK) may have ended it already
            conn.execute(savepoint[2])
            conn.execute(savepoint[1])


@functools.cache
def _savepoint(depth: int) -> tuple[str, str, str]:
    """The statements of the savepoint at ``depth``: begin, release, roll back to."""
    name = f"ledger_{depth}"
    return f"SAVEPOINT {name}", f"RELEASE SAVEPOINT {name}", f"ROLLBACK TO SAVEPOINT {name}"
