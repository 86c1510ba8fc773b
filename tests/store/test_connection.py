"""The ledger's connection keeps sqlite-utils' meaning (a write outside a transaction is
committed at once, ``atomic`` nests as savepoints and rolls back what raised) without importing
sqlite-utils, which reading a campaign never needs."""

import subprocess
import sys
from pathlib import Path

import pytest

from ledger.storage import Connection, sqlite3
from ledger.storage._connection import POLL_SECONDS


def _rows(path: Path) -> list[tuple[int]]:
    other = sqlite3.connect(path)  # another connection sees only what was committed
    try:
        return other.execute("SELECT n FROM t ORDER BY n").fetchall()
    finally:
        other.close()


def test_a_write_outside_a_transaction_is_committed(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    db = Connection(sqlite3.connect(path))
    db.execute("CREATE TABLE t (n INTEGER)")
    db.execute("INSERT INTO t VALUES (?)", [1])
    assert not db.conn.in_transaction
    assert _rows(path) == [(1,)]
    db.close()


class Refused(Exception):
    pass


def _insert_then_raise(db: Connection, n: int) -> None:
    with db.atomic():
        db.execute("INSERT INTO t VALUES (?)", [n])
        raise Refused


def test_atomic_nests_and_rolls_back_only_what_raised(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    db = Connection(sqlite3.connect(path))
    db.execute("CREATE TABLE t (n INTEGER)")
    with db.atomic():
        db.execute("INSERT INTO t VALUES (1)")
        with pytest.raises(Refused):
            _insert_then_raise(db, 2)  # a savepoint inside the transaction
        assert _rows(path) == []  # nothing committed inside the transaction
    assert _rows(path) == [(1,)]
    with pytest.raises(Refused):
        _insert_then_raise(db, 3)  # a transaction of its own
    assert _rows(path) == [(1,)]
    assert db.execute("SELECT n FROM t").fetchall() == [(1,)]
    db.close()


def test_a_failed_write_leaves_no_transaction_open(tmp_path: Path) -> None:
    db = Connection(sqlite3.connect(tmp_path / "c.db"))
    db.execute("CREATE TABLE t (n INTEGER NOT NULL)")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO t VALUES (NULL)")
    assert not db.conn.in_transaction
    db.close()


def test_reading_a_campaign_does_not_import_sqlite_utils(tmp_path: Path) -> None:
    path = str(tmp_path / "party.db")
    cli = str(Path(sys.executable).parent / "campaign-ledger")
    subprocess.run([cli, "--database", path, "campaign", "new", "Golden"], check=True)
    script = (
        "import sys\n"
        "from ledger_cli.app import main\n"
        "for args in (['hero', 'list'], ['verify']):\n"
        "    sys.argv = ['campaign-ledger', '--database', PATH, *args]\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit as end:\n"
        "        assert not end.code, end.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('sqlite_utils')))\n"
    ).replace("PATH", repr(path))
    shown = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert shown.stdout.splitlines()[-1] == "[]"


def test_begin_waits_for_the_write_lock_by_trying_again_not_with_sqlites_own_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``begin`` tries for the lock every POLL_SECONDS (SQLite's own wait sleeps up to 100 ms
    between tries and misses a batch's short pauses): here the other writer lets go during
    the third pause, which SQLite's wait, in this one thread, would never let happen."""
    path = tmp_path / "c.db"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("CREATE TABLE t (n INTEGER)")
    db = Connection(sqlite3.connect(path))
    other.execute("BEGIN IMMEDIATE")  # the write lock, taken by another connection
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            other.execute("COMMIT")

    monkeypatch.setattr("ledger.storage._connection.time.sleep", pause)
    db.begin()
    assert db.conn.in_transaction
    assert pauses == [POLL_SECONDS] * 3
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == db.busy_ms == 5000
    db.execute("ROLLBACK")
    db.close()
    other.close()


def test_begin_gives_up_after_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("BEGIN IMMEDIATE")
    db = Connection(sqlite3.connect(path))
    db.set_busy_timeout(50)
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        db.begin()
    assert not db.conn.in_transaction
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 50
    other.execute("ROLLBACK")
    db.begin()  # free again
    db.close()
    other.close()
