"""verify proves the step index (step_changes) equals what the events say, on one process
and on two: a change written around its trigger is named at its event."""

from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from ledger.campaign import Ledger
from ledger.verification import _forked as forked
from ledger.verification import _rows as verify_rows
from ledger.verification import verify
from tests.helpers.campaigns import play_two_cycles


@pytest.fixture(params=["one process", "two processes"])
def played(request: pytest.FixtureRequest, ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A campaign of steps, snapshots every 5 events (a split point for two processes)."""
    answered: list[object] = []
    if request.param == "two processes":
        monkeypatch.setattr(verify_rows, "PARALLEL_FROM", 1)
        monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads
        result = forked.Child.result

        def spy(child: forked.Child, kind: Any) -> Any:
            answered.append(result(child, kind))
            return answered[-1]

        monkeypatch.setattr(forked.Child, "result", spy)
    play_two_cycles(ledger.create_campaign("Steps"))
    assert verify(ledger) == []
    assert len(answered) == (request.param == "two processes")  # a child checked a half
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


def test_an_undo_rows_forged_step_columns_that_hide_a_step_start_are_named(
    ledger: Ledger, tmp_path: Path
) -> None:
    """The step columns of undo and redo rows are not checked by the fold; rewritten (and the
    chain re-hashed from there), they could make a step's first row in effect look like no
    step change, so the index and --at would miss it. verify names that row."""
    from ledger_base_game.events import DamageTaken, HeroJoined, StepStarted
    from tests.helpers.tampering import rewrite, rows, tampered

    campaign = ledger.create_campaign("Forged")
    joined = HeroJoined(hero="Ava", might=2, agility=2, will=2, taunt=3, chips=8, wounded_chips=4)
    campaign.record([joined])
    campaign.record([StepStarted(kind="city")])  # 3
    campaign.undo(1)  # 4: outside any step again
    campaign.record([StepStarted(kind="city")])  # 5: the step's first row in effect
    campaign.record([DamageTaken(hero="Ava", amount=1)])
    assert verify(ledger) == []
    path = Path(ledger.db.execute("PRAGMA database_list").fetchone()[2])
    ledger.close()

    def forge(db: Any) -> None:
        new = rows(db)
        undo = next(row for row in new if row["seq"] == 4)
        undo.update(step_kind="city", step_number=1)  # as if the city step were in effect
        rewrite(db, new, rehash_from=4)
        db.execute("DELETE FROM step_changes WHERE seq IN (4, 5)")  # as the trigger would say

    forged = tampered(path, tmp_path, forge)
    problems = _problems(forged)
    assert len(problems) == 1, problems
    assert "#5" in problems[0]
    assert "the row before it claims the same step" in problems[0]


def test_step_index_rows_past_the_head_or_of_no_campaign_are_named(played: Path) -> None:
    db = Database(played)
    head = db.execute("SELECT MAX(seq) FROM events").fetchone()[0]
    db.execute(f"INSERT INTO step_changes VALUES ('Steps', {head + 1}, 'city', 99, NULL)")
    db.execute("INSERT INTO step_changes VALUES ('Nobody', 1, NULL, NULL, NULL)")
    db.conn.commit()
    db.close()
    problems = _problems(played)
    assert len(problems) == 2, problems
    assert f"#{head + 1}" in problems[0]
    assert "holds a step change after the last event" in problems[0]
    assert "Nobody" in problems[1]
    assert "holds a campaign without events" in problems[1]
