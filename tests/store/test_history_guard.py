"""A service open for an evening never records on top of a history changed under it: before
each write the store checks the append-only triggers and the last event it knew (ledger/
storage/_guard.py). Another writer's commands, chained on, are no change."""

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pluggy
import pytest

from ledger import IntegrityError
from ledger.hosting import Registry
from ledger.service import Service
from ledger.storage import APPEND_ONLY_TRIGGERS
from ledger_base_game import actions
from tests.helpers.actions import TORRAX
from tests.helpers.files import event_count
from tests.helpers.tampering import edit_last_payload, flip_one_byte, other_connection

Tamper = Callable[[sqlite3.Connection], None]


@pytest.fixture
def table(db_path: Path, pm: pluggy.PluginManager) -> Iterator[Service]:
    with Service(db_path, Registry(pm)) as service:
        service.start_campaign("Moonsilver")
        service.do(actions.add_hero, name="Torrax", **TORRAX)
        service.do(actions.damage, hero="Torrax", amount=1)
        yield service


def drop_triggers(db: sqlite3.Connection) -> None:
    for name in APPEND_ONLY_TRIGGERS:
        db.execute(f"DROP TRIGGER {name}")


def edit_and_rehash_last(db: sqlite3.Connection) -> None:
    """The last event replaced by a forged one that hashes right onto the one before."""
    from tests.helpers.tampering import rewrite, rows

    kept = rows(db)
    kept[-1]["payload"] = flip_one_byte(kept[-1]["payload"])
    triggers = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    for name, _ in triggers:
        db.execute(f"DROP TRIGGER {name}")
    rewrite(db, kept, rehash_from=kept[-1]["seq"])
    for _, sql in triggers:
        db.execute(sql)


def delete_last(db: sqlite3.Connection) -> None:
    (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'events_no_delete'").fetchone()
    db.execute("DROP TRIGGER events_no_delete")
    db.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    db.execute(sql)


def change_a_trigger(db: sqlite3.Connection) -> None:
    (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'events_no_update'").fetchone()
    db.execute("DROP TRIGGER events_no_update")
    db.execute(sql.replace("BEFORE UPDATE ON events", "BEFORE UPDATE ON events WHEN 0"))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (drop_triggers, "trigger"),
        (edit_last_payload, "is not the one recorded"),
        (edit_and_rehash_last, "is not the one recorded"),
        (delete_last, "it ends before event #3"),
        (change_a_trigger, "events_no_update was changed"),
    ],
)
def test_a_write_onto_a_changed_history_is_refused_and_nothing_written(
    table: Service, db_path: Path, change: Tamper, said: str
) -> None:
    other_connection(db_path, change)
    before = event_count(db_path)
    for write in (
        lambda: table.do(actions.damage, hero="Torrax", amount=1),
        lambda: table.undo(),
    ):
        with pytest.raises(IntegrityError) as refused:
            write()
        assert said in str(refused.value)
        assert "nothing was written" in str(refused.value)
        assert "run `verify`" in str(refused.value)
        assert event_count(db_path) == before


def test_a_service_that_only_read_before_the_change_refuses_too(
    table: Service, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with Service(db_path, Registry(pm)) as reader:
        assert reader.party()["heroes"]
        other_connection(db_path, edit_last_payload)
        with pytest.raises(IntegrityError):
            reader.do(actions.damage, hero="Torrax", amount=1)


def test_another_writers_commands_are_no_change(
    table: Service, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with Service(db_path, Registry(pm)) as other:
        for _ in range(3):
            other.do(actions.damage, hero="Torrax", amount=1)
    table.do(actions.damage, hero="Torrax", amount=1)
    table.undo()
    assert event_count(db_path) == 8


def test_an_edit_through_the_ledgers_own_connection_is_refused_too(table: Service) -> None:
    """Triggers dropped and put back as they were (the same SQL), the last payload edited in
    between, all on the ledger's own connection: no other connection committed, but this one
    changed a row, so the known event is read and hashed again."""
    conn = table.ledger().db.conn
    before = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    conn.execute("BEGIN")
    edit_last_payload(conn)
    conn.execute("COMMIT")
    with pytest.raises(IntegrityError, match="is not the one recorded"):
        table.do(actions.damage, hero="Torrax", amount=1)
    assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == before


def test_a_write_after_its_own_reads_no_event_back_while_the_file_is_quiet(
    table: Service, db_path: Path, pm: pluggy.PluginManager
) -> None:
    """While no other connection commits, the check is two pragmas: the event it knows is
    read and hashed again only once another writer has committed."""
    conn = table.ledger().db.conn
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    table.do(actions.damage, hero="Torrax", amount=1)
    assert not [sql for sql in statements if sql.startswith("SELECT") and "seq >= " in sql]
    with Service(db_path, Registry(pm)) as other:
        other.do(actions.damage, hero="Torrax", amount=1)
    statements.clear()
    table.do(actions.damage, hero="Torrax", amount=1)
    conn.set_trace_callback(None)
    assert [sql for sql in statements if sql.startswith("SELECT") and "seq >= " in sql]
