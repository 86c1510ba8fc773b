"""A held transaction (ledger/storage/_held.py): a store allowed to hold one keeps the write
transaction its first write began open, and the commands after it share it, each still all
or nothing; nobody else sees them before ``commit_held``; a transaction that is lost (not
committed, or rolled back under the store) is forgotten whole, and the store then knows the
file as it was before it."""

from collections.abc import Iterator
from pathlib import Path

import pluggy
import pytest

from ledger import ConflictError, IntegrityError
from ledger.hosting import Registry
from ledger.service import Service
from ledger.storage import HeldLost
from ledger.storage import sqlite3 as storage_sqlite3
from ledger.storage._guard import HistoryGuard
from ledger_base_game import actions
from ledger_base_game.events import StarsGained
from tests.helpers.actions import TORRAX
from tests.helpers.files import event_count
from tests.helpers.tampering import edit_last_payload, other_connection


@pytest.fixture
def table(db_path: Path, pm: pluggy.PluginManager) -> Iterator[Service]:
    with Service(db_path, Registry(pm)) as service:
        service.start_campaign("Moonsilver")
        service.do(actions.add_hero, name="Torrax", **TORRAX)
        yield service


def stars(table: Service) -> int:
    return int(table.hero("Torrax")["stars"])


def statements(table: Service) -> list[str]:
    """Every statement the service's connection runs from now on."""
    ran: list[str] = []
    table.ledger().db.conn.set_trace_callback(ran.append)
    return ran


def test_commands_share_a_held_transaction_that_nobody_sees_before_its_commit(
    table: Service, db_path: Path
) -> None:
    before = event_count(db_path)
    store = table.ledger().store
    store.hold(True)
    ran = statements(table)
    for amount in (1, 2, 3):
        table.do(actions.gain_stars, hero="Torrax", amount=amount)
    assert stars(table) == 6  # each command read what the ones before it wrote
    assert table.ledger().db.conn.in_transaction
    assert event_count(db_path) == before  # another connection sees none of them yet
    store.commit_held()
    assert event_count(db_path) == before + 3
    assert not table.ledger().db.conn.in_transaction
    # One transaction. The file's versions are read by the first command (its decision,
    # then its write) and never again: no other connection can commit while the transaction
    # holds the write lock.
    assert [sql for sql in ran if sql.startswith(("BEGIN", "COMMIT"))] == [
        "BEGIN IMMEDIATE",
        "COMMIT",
    ]
    versions = ("PRAGMA data_version", "SELECT schema_version, data_version")
    assert sum(sql.startswith(versions) for sql in ran) == 2


def test_a_command_failing_while_written_leaves_the_ones_before_it(
    table: Service, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = event_count(db_path)
    table.ledger().store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=1)
    real_check = HistoryGuard.check

    def refusing(self: HistoryGuard, *args: object, **kwargs: object) -> object:
        raise IntegrityError("refused after the rows were inserted")

    monkeypatch.setattr(HistoryGuard, "check", refusing)
    with pytest.raises(IntegrityError):
        table.do(actions.gain_stars, hero="Torrax", amount=2)
    monkeypatch.setattr(HistoryGuard, "check", real_check)
    table.do(actions.gain_stars, hero="Torrax", amount=4)
    table.ledger().store.commit_held()
    assert event_count(db_path) == before + 2
    assert stars(table) == 5
    assert table.state()[0] == before + 2  # no gap in seq: the refused rows were undone


def test_a_command_whose_insert_fails_leaves_nothing_of_it_and_the_ones_before_it(
    table: Service, db_path: Path
) -> None:
    """A command of several rows is undone whole (its savepoint: the first row went in before
    the second failed); a command of one row needs none (a failed statement is undone whole)."""
    table.ledger().db.execute(
        "CREATE TRIGGER refuse_99 BEFORE INSERT ON events "
        "WHEN json_extract(NEW.payload, '$.amount') = 99 "
        "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
    )
    before = event_count(db_path)
    store = table.ledger().store
    store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=1)
    two = [StarsGained(hero="Torrax", amount=5), StarsGained(hero="Torrax", amount=99)]
    with pytest.raises(ConflictError, match="refused by the test"):
        table.record(two)
    with pytest.raises(ConflictError, match="refused by the test"):
        table.do(actions.gain_stars, hero="Torrax", amount=99)
    table.do(actions.gain_stars, hero="Torrax", amount=2)
    store.commit_held()
    assert event_count(db_path) == before + 2
    assert stars(table) == 3


def test_a_held_transaction_that_cannot_commit_is_forgotten(
    table: Service, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = event_count(db_path)
    store = table.ledger().store
    table.do(actions.gain_stars, hero="Torrax", amount=1)  # committed on its own
    store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=2)
    table.do(actions.gain_stars, hero="Torrax", amount=3)
    real = table.ledger().db.conn

    class Full:  # the connection, failing its COMMIT as a full disk does
        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def execute(self, sql: str, *args: object) -> object:
            if sql == "COMMIT":
                raise storage_sqlite3.OperationalError("database or disk is full")
            return real.execute(sql, *args)

    monkeypatch.setattr(table.ledger().db, "conn", Full())
    with pytest.raises(
        HeldLost, match="not recorded: their transaction could not be committed: database or"
    ):
        store.commit_held()
    monkeypatch.undo()
    assert not real.in_transaction
    assert event_count(db_path) == before + 1
    # What the store remembered of the lost commands is gone, and the history guard knows
    # the file as before them: the next command follows the last one recorded.
    assert stars(table) == 1
    store.hold(False)
    table.do(actions.gain_stars, hero="Torrax", amount=4)
    assert event_count(db_path) == before + 2
    assert stars(table) == 5


def test_a_held_transaction_rolled_back_under_the_store_is_told_and_forgotten(
    table: Service, db_path: Path
) -> None:
    """SQLite rolls a transaction back on its own after some errors (a full disk): the next
    write is refused, and the store says so until it is asked to commit."""
    before = event_count(db_path)
    store = table.ledger().store
    store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=2)
    table.ledger().db.conn.execute("ROLLBACK")
    with pytest.raises(HeldLost, match="rolled back by the database"):
        table.do(actions.gain_stars, hero="Torrax", amount=3)
    with pytest.raises(HeldLost, match="rolled back by the database"):
        store.commit_held()  # the batch learns which lines it lost
    store.commit_held()  # told once
    assert event_count(db_path) == before
    assert stars(table) == 0
    table.do(actions.gain_stars, hero="Torrax", amount=4)  # a held transaction again
    store.commit_held()
    assert stars(table) == 4
    assert event_count(db_path) == before + 1


def test_a_held_transaction_committed_by_other_code_stands(table: Service, db_path: Path) -> None:
    before = event_count(db_path)
    store = table.ledger().store
    store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=2)
    table.ledger().db.conn.execute("COMMIT")
    store.check_held()
    assert store.held_since is None
    table.do(actions.gain_stars, hero="Torrax", amount=3)
    store.commit_held()
    assert event_count(db_path) == before + 2
    assert stars(table) == 5


def test_each_held_transaction_checks_the_history_it_writes_onto(
    table: Service, db_path: Path
) -> None:
    """Between two held transactions the file may change: the first write of the next one
    reads the versions and finds the edit, as any write outside one does."""
    store = table.ledger().store
    store.hold(True)
    table.do(actions.gain_stars, hero="Torrax", amount=2)
    store.commit_held()
    other_connection(db_path, edit_last_payload)
    count = event_count(db_path)
    with pytest.raises(IntegrityError, match="was changed outside the ledger"):
        table.do(actions.gain_stars, hero="Torrax", amount=3)
    assert store.held_since is None
    assert event_count(db_path) == count
