"""verify proves the schema and every snapshot row (issue 17, items 3 and 4): each trigger
compared by its full SQL, no object the schema does not create, snapshots append-only and
never taken of an event not yet recorded, and none trusted past what verify proves."""

import json
import re
from pathlib import Path

import msgspec
import pytest
from sqlite_utils import Database

from ledger.campaign import Ledger
from ledger.storage import COLUMNS, SNAPSHOT_TRIGGERS, migrations, sqlite3
from ledger.verification import verify
from ledger_base_game.events import StarsGained
from tests.helpers.console import script
from tests.helpers.party import make_party
from tests.helpers.tampering import around_snapshot_triggers, trigger_sql


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "party.db"
    make_party(path, snapshot_interval=4)
    with Ledger.open(path, snapshot_interval=4) as ledger:
        for _ in range(5):
            ledger.campaign().record([StarsGained(hero="Torrax", amount=1)])
    return path


def problems(path: Path) -> list[str]:
    with Ledger.open(path, create=False) as ledger:
        return [str(problem) for problem in verify(ledger)]


def test_a_same_named_trigger_with_another_body_is_named(party: Path) -> None:
    db = sqlite3.connect(party)
    with db:
        db.execute("DROP TRIGGER events_no_update")
        db.execute(
            "CREATE TRIGGER events_no_update BEFORE UPDATE ON events WHEN 0 "
            "BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE is not allowed'); END"
        )
        db.execute("UPDATE events SET recorded_at = recorded_at")  # now let through
    db.close()
    assert problems(party) == [
        "database: the append-only trigger events_no_update was changed (its SQL differs)"
    ]


@pytest.mark.parametrize("trigger", [*SNAPSHOT_TRIGGERS, "events_step_change", "events_no_delete"])
def test_every_trigger_is_compared_by_its_sql(party: Path, trigger: str) -> None:
    with Ledger.open(party) as ledger:
        sql = trigger_sql(ledger, trigger)
        ledger.db.execute(f"DROP TRIGGER {trigger}")
        guarded = (
            re.sub(r"\bWHEN\b", "WHEN 0 AND", sql, count=1)
            if re.search(r"\bWHEN\b", sql)
            else re.sub(r"\bBEGIN\b", "WHEN 0 BEGIN", sql, count=1)
        )
        ledger.db.execute(guarded)
        assert [p.message for p in verify(ledger)] == [
            f"the {'step index' if 'step' in trigger else 'append-only'} trigger {trigger} "
            "was changed (its SQL differs)"
        ]
        ledger.db.execute(f"DROP TRIGGER {trigger}")
        ledger.db.execute("\n  ".join(sql.split(" ")))  # only its whitespace differs
        assert verify(ledger) == []


@pytest.mark.parametrize(
    ("kind", "sql"),
    [
        ("table", "CREATE TABLE notes (text TEXT)"),
        ("view", "CREATE VIEW rich AS SELECT * FROM snapshots"),
        ("index", "CREATE INDEX events_hero ON events (hero)"),
        (
            "trigger",
            "CREATE TRIGGER events_more AFTER INSERT ON events BEGIN SELECT 1; END",
        ),
    ],
)
def test_a_foreign_schema_object_is_named(party: Path, kind: str, sql: str) -> None:
    db = sqlite3.connect(party)
    db.execute(sql)
    db.commit()
    db.close()
    found = problems(party)
    assert len(found) == 1, found
    assert f"database: the {kind} " in found[0]
    assert "is not part of the ledger's schema" in found[0]


def test_snapshots_are_append_only_and_of_recorded_events(party: Path) -> None:
    with Ledger.open(party) as ledger:
        for sql in ("UPDATE snapshots SET state = '{}'", "DELETE FROM snapshots"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                ledger.db.execute(sql)
        (seq, revision, fingerprint, state) = ledger.db.execute(
            "SELECT seq, revision, fingerprint, state FROM snapshots ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        with pytest.raises(sqlite3.IntegrityError, match="of a recorded event"):
            ledger.db.execute(
                "INSERT INTO snapshots VALUES ('Test', 100, 0, ?, ?)", [fingerprint, state]
            )
        ledger.db.execute(
            "INSERT OR REPLACE INTO snapshots VALUES ('Test', ?, ?, ?, '{}')",
            [seq, revision, fingerprint],
        )
        assert ledger.db.execute(
            "SELECT state FROM snapshots WHERE seq = ? AND revision = ?", [seq, revision]
        ).fetchone() == (state,)  # a REPLACE keeps the row there
        assert verify(ledger) == []


def _rich_torrax(party: Path, seq: int, revision: int = 0) -> None:
    """A snapshot holding Torrax with 5,000 Stars, written around the triggers."""
    db = sqlite3.connect(party)
    with db:
        fingerprint, state = db.execute(
            "SELECT fingerprint, state FROM snapshots ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        rich = json.loads(state)
        rich[0]["heroes"]["Torrax"]["stars"] = 5000
        around_snapshot_triggers(
            db,
            "INSERT INTO snapshots VALUES ('Test', ?, ?, ?, ?)",
            [seq, revision, fingerprint, json.dumps(rich)],
        )
    db.close()


def test_a_snapshot_past_the_head_is_named_and_never_read(party: Path) -> None:
    with Ledger.open(party) as ledger:
        head = ledger.campaign().head().seq
    _rich_torrax(party, head + 1)
    assert problems(party) == [
        f"campaign 'Test', event #{head + 1}: a snapshot (revision 0) past the last event"
    ]
    shown = script(party, "hero", "show", "Torrax", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["stars"] == 5
    for _ in range(3):  # the event it claims to follow is never recorded
        done = script(party, "stars", "gain", "Torrax", "1")
        assert done.returncode == 1
        assert "stored before it" in done.stderr
        assert "Traceback" not in done.stderr
    assert script(party, "stars", "spend", "Torrax", "4000").returncode == 1
    assert json.loads(script(party, "hero", "show", "Torrax", "--json").stdout)["stars"] == 5
    assert script(party, "verify").returncode == 1


def test_a_snapshot_under_no_undo_is_named_and_never_read(party: Path) -> None:
    with Ledger.open(party) as ledger:
        head = ledger.campaign().head().seq
    _rich_torrax(party, head, revision=head - 1)  # no undo or redo at head - 1
    assert problems(party) == [
        f"campaign 'Test', event #{head}: a snapshot (revision {head - 1}) under no undo or redo"
    ]
    shown = script(party, "hero", "show", "Torrax", "--json")
    assert json.loads(shown.stdout)["stars"] == 5
    assert script(party, "stars", "spend", "Torrax", "4000").returncode == 1


def test_a_file_written_before_m005_opens_verifies_and_answers_the_same(
    party: Path, tmp_path: Path
) -> None:
    old = tmp_path / "old.db"
    db = sqlite3.connect(old)
    migrations.apply(Database(db), stop_before="m005_snapshots_append_only")
    db.execute("ATTACH DATABASE ? AS played", [str(party)])
    db.execute(f"INSERT INTO events SELECT {', '.join(COLUMNS)} FROM played.events")
    db.execute("INSERT INTO snapshots SELECT * FROM played.snapshots")
    db.commit()
    db.execute("DETACH DATABASE played")
    db.execute("UPDATE snapshots SET state = state")  # no trigger yet
    db.commit()
    db.close()
    for view in (("verify",), ("log",), ("hero", "show", "Torrax", "--json")):
        assert script(old, *view).stdout == script(party, *view).stdout, view
    with Ledger.open(old) as ledger:
        assert trigger_sql(ledger, "snapshots_no_update")  # upgraded
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            ledger.db.execute("DELETE FROM snapshots")
    assert msgspec.json.decode(script(old, "hero", "show", "Torrax", "--json").stdout)
