"""A ledger file written by main before campaign marks (m006) were added — examples/first-
evening.txt and a second campaign, recorded by commit d1b1bd6 — opens, upgrades, verifies and
answers as it did then (files/written-by-main-d1b1bd6.json holds main's answers); it can be
renamed, archived and forked afterwards. The kept file itself is never opened for writing."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from ledger.storage import EventStore, open_database, sqlite3  # the module the store uses
from ledger_pytest.golden import first_difference
from tests.helpers.cli import Invoke

FILES = Path(__file__).with_name("files")
KEPT = FILES / "written-by-main-d1b1bd6.db"
CAMPAIGN = ("--campaign", "First Evening")


@pytest.fixture
def old(tmp_path: Path) -> Path:
    copy = tmp_path / "old.db"
    shutil.copyfile(KEPT, copy)
    return copy


@pytest.fixture
def run(old: Path, invoke: Invoke) -> Invoke:
    """The CLI on the copy (the last --database given wins)."""

    def on_old(*args: str, input: str | None = None) -> Any:
        return invoke("--database", str(old), *args, input=input)

    return on_old


def answers(run: Invoke) -> dict[str, Any]:
    def shown(*args: str) -> Any:
        result = run(*args)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    return {
        "campaign list": shown("campaign", "list", "--json"),
        "Zuva'Sai": shown(*CAMPAIGN, "hero", "show", "Zuva'Sai", "--json"),
        "Torrax": shown(*CAMPAIGN, "hero", "show", "Torrax", "--json"),
        "party": shown(*CAMPAIGN, "party", "show", "--json"),
        "party at city-1:end": shown(*CAMPAIGN, "party", "show", "--at", "city-1:end", "--json"),
        "log": shown(*CAMPAIGN, "log", "--json"),
    }


def test_the_kept_file_is_from_before_campaign_marks() -> None:
    db = sqlite3.connect(f"file:{KEPT}?mode=ro&immutable=1", uri=True)  # writes no -wal or -shm
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        applied = {name for (name,) in db.execute("SELECT name FROM _sqlite_migrations")}
    finally:
        db.close()
    assert "campaign_marks" not in tables
    assert "m005_snapshots_append_only" in applied
    assert "m006_campaign_marks" not in applied


def test_it_upgrades_verifies_and_answers_as_main_did(old: Path, run: Invoke) -> None:
    expected = json.loads(FILES.joinpath("written-by-main-d1b1bd6.json").read_text("utf-8"))
    # Every answer main gave, the same; a key added since (log's undone_by) is additive.
    assert first_difference(expected, answers(run), "answers") is None
    assert "ok:" in run("verify").output
    db = open_database(old, create=False)
    try:
        assert EventStore(db).marks() == []  # upgraded, with no mark yet
    finally:
        db.close()


def test_it_can_be_renamed_archived_and_forked(run: Invoke) -> None:
    expected = answers(run)
    assert run("campaign", "rename", "First Evening", "Moonsilver").exit_code == 0
    assert run("campaign", "archive", "Second").exit_code == 0
    forked = run("campaign", "fork", "What if", "--from", "Moonsilver", "--at", "city-1:end")
    assert forked.exit_code == 0, forked.output
    assert json.loads(run("campaign", "list", "--json").stdout) == ["Moonsilver", "What if"]
    moonsilver = json.loads(run("--campaign", "Moonsilver", "party", "show", "--json").stdout)
    assert moonsilver == expected["party"] | {"campaign": "Moonsilver"}  # named as now
    what_if = json.loads(run("--campaign", "What if", "party", "show", "--json").stdout)
    assert what_if == expected["party at city-1:end"] | {"campaign": "What if"}
    assert "ok:" in run("verify").output


def test_marks_read_as_none_where_the_table_is_missing() -> None:
    """As a file on read-only media is read: opened as it is, not upgraded."""
    raw = Database(sqlite3.connect(f"file:{KEPT}?mode=ro&immutable=1", uri=True))  # no -wal, -shm
    try:
        assert EventStore(raw).marks() == []
    finally:
        raw.close()
