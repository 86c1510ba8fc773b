"""The ledger's connection keeps sqlite-utils' meaning (a write outside a transaction is
committed at once, ``atomic`` nests as savepoints and rolls back what raised) without importing
sqlite-utils, which reading a campaign never needs."""

import subprocess
import sys
from pathlib import Path

import pytest

from ledger.storage import Connection, sqlite3


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
