"""Another program's SQLite file is left untouched, and an idempotency key names one command
(issue 17, items 6 and 7), through the installed console script."""

import hashlib
import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from ledger.errors import BadInput
from ledger.ledger import Ledger
from ledger.migrations import APPLICATION_ID, migrations
from ledger.rows import COLUMNS
from ledger_base_game.actions.stars import gain_stars
from tests.console import no_traceback, script
from tests.reliability.helpers import make_party


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    "schema",
    [
        ["CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)"],
        ["CREATE TABLE notes (body TEXT)", "PRAGMA application_id = 1234"],
        ["PRAGMA application_id = 1234"],
        [
            "CREATE TABLE events (id INTEGER PRIMARY KEY)",
            "CREATE TABLE _sqlite_migrations (migration_set TEXT, name TEXT, applied_at TEXT)",
        ],
    ],
    ids=["own-events-table", "other-application-id", "bare-application-id", "other-migrations"],
)
def test_another_programs_file_is_refused_untouched(tmp_path: Path, schema: list[str]) -> None:
    path = tmp_path / "theirs.db"
    db = sqlite3.connect(path)
    for statement in schema:
        db.execute(statement)
    db.commit()
    db.close()
    before = _digest(path)
    for command in (["campaign", "new", "X"], ["hero", "list"], ["verify"], ["log"]):
        done = script(path, *command)
        no_traceback(done)
        assert done.returncode == 1, done
        assert "another program's database" in done.stderr, done.stderr
    assert _digest(path) == before
    assert not Path(f"{path}-wal").exists()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


def test_a_new_file_carries_the_application_id(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    assert script(path, "campaign", "new", "Moonsilver").returncode == 0
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()


def _old_file(played: Path, folder: Path) -> Path:
    """The played campaign in a file as today's main writes it: before m004, no id."""
    path = folder / "old.db"
    db = sqlite3.connect(path)
    migrations.apply(Database(db), stop_before="m004_command_fingerprints")
    db.execute("ATTACH DATABASE ? AS played", [str(played)])
    db.execute(f"INSERT INTO events SELECT {', '.join(COLUMNS)} FROM played.events")
    db.execute("INSERT INTO snapshots SELECT * FROM played.snapshots")
    db.commit()
    db.execute("DETACH DATABASE played")
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0
    db.close()
    return path


def test_an_old_file_is_known_by_its_schema_and_answers_the_same(tmp_path: Path) -> None:
    played = tmp_path / "played.db"
    make_party(played)
    assert script(played, "--idempotency-key", "k", "stars", "gain", "Torrax", "2").returncode == 0
    old = _old_file(played, tmp_path)
    for view in (("verify",), ("log",), ("hero", "show", "Torrax", "--json")):
        assert script(old, *view).stdout == script(played, *view).stdout, view
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID  # upgraded
    db.close()
    # A key recorded before fingerprints were kept keeps its old meaning: any command
    # under it is answered with the one recorded.
    done = script(old, "--idempotency-key", "k", "stars", "gain", "Torrax", "5")
    assert done.returncode == 0
    assert "Already recorded as command #4" in done.stdout


def test_a_key_names_one_command(tmp_path: Path) -> None:
    path = tmp_path / "party.db"
    make_party(path)
    key = ("--idempotency-key", "evening-1-line-7")
    first = script(path, *key, "stars", "gain", "Torrax", "2")
    assert first.returncode == 0
    retry = script(path, *key, "stars", "gain", "Torrax", "2", "--json")
    assert retry.returncode == 0
    assert '"replayed": true' in retry.stdout or "Already" in retry.stdout
    for other in (("stars", "gain", "Torrax", "3"), ("stars", "gain", "Zuva'Sai", "2"), ("undo",)):
        done = script(path, *key, *other)
        no_traceback(done)
        assert done.returncode == 1, done
        assert "'evening-1-line-7' was used for another command (#4)" in done.stderr
    # A roll the ledger makes differs on each try: the retry is still the same command.
    roll = ("--idempotency-key", "roll-1", "check", "Torrax", "might", "3")
    assert script(path, *roll).returncode == 0
    again = script(path, *roll)
    assert again.returncode == 0
    assert "Already recorded as command #5" in again.stdout
    with Ledger.open(path) as ledger:
        assert ledger.campaign().head().seq == 5


def test_the_python_face_tells_commands_apart_too(tmp_path: Path) -> None:
    path = tmp_path / "party.db"
    make_party(path)
    with Ledger.open(path) as ledger:
        party = ledger.campaign()
        party.do(gain_stars, hero="Torrax", amount=2, idempotency_key="k")
        assert party.do(gain_stars, hero="Torrax", amount=2, idempotency_key="k").replayed
        with pytest.raises(BadInput, match="used for another command"):
            party.do(gain_stars, hero="Torrax", amount=3, idempotency_key="k")
        with pytest.raises(BadInput, match="used for another command"):
            party.undo(idempotency_key="k")
        assert party.head().seq == 4
