"""verify proves the step index (step_changes) equals what the events say, on one process
and on two: a change written around its trigger is named at its event."""

from pathlib import Path

import pytest
from sqlite_utils import Database

from ledger import forked
from ledger import verify as verify_module
from ledger.ledger import Ledger
from ledger.verify import verify
from tests.test_lean_indexes import play


@pytest.fixture(params=["one process", "two processes"])
def played(request: pytest.FixtureRequest, ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A campaign of steps, snapshots every 5 events (a split point for two processes)."""
    if request.param == "two processes":
        monkeypatch.setattr(verify_module, "PARALLEL_FROM", 1)
        monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads
    play(ledger.create_campaign("Steps"))
    assert verify(ledger) == []
    return Path(ledger.db.execute("PRAGMA database_list").fetchone()[2])


def _around_the_trigger(path: Path, sql: str) -> None:
    """Change step_changes as someone with the file could: its triggers dropped and put back."""
    db = Database(path)
    triggers = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'step_changes'"
    ).fetchall()
    for name, _ in triggers:
        db.execute(f"DROP TRIGGER {name}")
    db.execute(sql)
    for _, create in triggers:
        db.execute(create)
    db.conn.commit()
    db.close()


def _problems(path: Path) -> list[str]:
    with Ledger.open(path, create=False) as ledger:
        return [str(problem) for problem in verify(ledger)]


def _changes(path: Path) -> list[int]:
    db = Database(path)
    seqs = [seq for (seq,) in db.execute("SELECT seq FROM step_changes ORDER BY seq")]
    db.close()
    return seqs


def test_a_missing_step_change_is_named_at_its_event(played: Path) -> None:
    for seq in (_changes(played)[1], _changes(played)[-1]):  # in each process's half
        _around_the_trigger(played, f"DELETE FROM step_changes WHERE seq = {seq}")
        problems = _problems(played)
        assert len(problems) == 1, problems
        assert f"#{seq}" in problems[0]
        assert "misses this event's step change" in problems[0]
        columns = "campaign, seq, step_kind, step_number, scenario"
        _around_the_trigger(
            played, f"INSERT INTO step_changes SELECT {columns} FROM events WHERE seq = {seq}"
        )
        assert _problems(played) == []


def test_a_step_change_the_events_do_not_have_is_named(played: Path) -> None:
    seq = _changes(played)[1] + 1  # the row after a step change: the same step
    _around_the_trigger(
        played,
        "INSERT INTO step_changes SELECT campaign, seq, step_kind, step_number, scenario "
        f"FROM events WHERE seq = {seq}",
    )
    problems = _problems(played)
    assert len(problems) == 1, problems
    assert f"#{seq}" in problems[0]
    assert "holds a step change the events do not have" in problems[0]


def test_a_step_change_with_other_columns_is_named(played: Path) -> None:
    seq = _changes(played)[2]
    _around_the_trigger(played, f"UPDATE step_changes SET step_number = 99 WHERE seq = {seq}")
    problems = _problems(played)
    assert len(problems) == 1, problems
    assert f"#{seq}" in problems[0]


def test_a_missing_step_index_trigger_is_named(played: Path) -> None:
    db = Database(played)
    db.execute("DROP TRIGGER events_step_change")
    db.close()
    problems = _problems(played)
    assert problems == ["database: the step index trigger events_step_change is missing"]
