"""A batch's lines share held transactions (ledger/storage/_held.py, _group_commit.py): the
game's commands read from a file commit together, each line still whole; a refused line
leaves the lines before it recorded; a shared transaction that cannot be committed is said
to have recorded none of its lines, from the first; a line that may reach the file another
way finds the lines before it committed."""

from pathlib import Path

import pytest

from ledger.storage import Connection, GroupCommit
from ledger.storage import sqlite3 as storage_sqlite3
from ledger.storage._held import Holding
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count


@pytest.fixture
def held_long(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Lines share one transaction for as long as the batch's group lasts; returns a list
    that counts each transaction begun (``Connection.begin``)."""
    monkeypatch.setattr(GroupCommit, "HOLD_SECONDS", 1000.0)
    monkeypatch.setattr(GroupCommit, "GAP_SECONDS", 0.0)
    begun: list[int] = []
    real_begin = Connection.begin

    def begin(self: Connection) -> None:
        begun.append(1)
        real_begin(self)

    monkeypatch.setattr(Connection, "begin", begin)
    return begun


def test_lines_share_a_transaction_and_are_each_acknowledged(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path, held_long: list[int]
) -> None:
    before = event_count(db_path)
    script = tmp_path / "evening.txt"
    script.write_text("stars gain Torrax 1\nstars spend Torrax 1\n" * 10)
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert event_count(db_path) == before + 20
    assert [line.split()[0] for line in result.output.splitlines() if line.startswith("#")] == [
        f"#{seq}" for seq in range(before + 1, before + 21)
    ]
    # Line 1 opened the ledger and committed on its own; lines 2 to 20 in one transaction.
    assert len(held_long) == 2


def test_a_refused_line_leaves_the_lines_sharing_its_transaction_recorded(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path, held_long: list[int]
) -> None:
    before = event_count(db_path)
    script = tmp_path / "evening.txt"
    script.write_text("stars gain Torrax 1\n" * 3 + "stars spend Torrax 99\nstars gain Torrax 1\n")
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 1
    assert "line 4: stars spend Torrax 99" in result.output
    assert "the lines before line 4 are recorded" in result.output
    assert "--from-line 4" in result.output
    assert event_count(db_path) == before + 3
    assert result.output.count("Torrax gains 1 Star") == 3
    assert len(held_long) == 2  # lines 2 and 3 shared a transaction


def test_a_shared_transaction_that_cannot_commit_acknowledges_none_of_its_lines(
    party: Invoke,
    invoke: Invoke,
    db_path: Path,
    tmp_path: Path,
    held_long: list[int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_commit_held = Holding.commit_held

    def full_disk(self: Holding) -> None:
        """The transaction's COMMIT fails, as on a full disk."""
        real = self.db.conn

        class Full:
            def __getattr__(self, name: str) -> object:
                return getattr(real, name)

            def execute(self, sql: str, *args: object) -> object:
                if sql == "COMMIT":
                    raise storage_sqlite3.OperationalError("database or disk is full")
                return real.execute(sql, *args)

        self.db.conn = Full()  # type: ignore[assignment]
        try:
            real_commit_held(self)
        finally:
            self.db.conn = real

    monkeypatch.setattr(Holding, "commit_held", full_disk)
    before = event_count(db_path)
    script = tmp_path / "evening.txt"
    script.write_text("".join(f"stars gain Torrax {n}\n" for n in range(1, 6)))
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 1
    assert (
        "line 2: stars gain Torrax 2\nthe lines from line 2 on are not recorded: their "
        "transaction could not be committed: database or disk is full\nthe lines before "
        "line 2 are recorded; resume with: campaign-ledger batch"
    ) in result.output
    assert result.output.rstrip().endswith("--from-line 2")
    assert event_count(db_path) == before + 1  # line 1, committed on its own
    acknowledged = [line for line in result.output.splitlines() if line.startswith("#")]
    assert acknowledged == [f"#{before + 1} Torrax gains 1 Stars"]
    assert "Traceback" not in result.output


def test_a_line_that_may_reach_the_file_another_way_finds_the_lines_before_it_committed(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path, held_long: list[int]
) -> None:
    """The file named by another path is another connection: it would wait for the batch's
    own transaction to end (and fail, after the busy timeout) if the lines before it held it."""
    before = event_count(db_path)
    alias = tmp_path / "elsewhere" / ".." / db_path.name
    (tmp_path / "elsewhere").mkdir()
    assert alias.resolve() == db_path.resolve()
    script = tmp_path / "evening.txt"
    script.write_text(
        "stars gain Torrax 1\nstars gain Torrax 2\n"
        f"--database {alias} stars gain Torrax 3\nstars gain Torrax 4\n"
    )
    result = invoke("--database", str(db_path), "batch", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert event_count(db_path) == before + 4


def test_a_shared_transaction_rolled_back_under_the_batch_acknowledges_none_of_its_lines(
    party: Invoke,
    invoke: Invoke,
    db_path: Path,
    tmp_path: Path,
    held_long: list[int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SQLite rolls a transaction back on its own after some errors (a full disk): here,
    after line 4, the batch's connection rolls back under it."""
    real_line_ended = GroupCommit.line_ended
    ended: list[int] = []

    def rolled_back_after_line_4(self: GroupCommit) -> None:
        ended.append(1)
        if len(ended) == 3:  # line 1 opened the ledger: lines 2 to 4 share a transaction
            self._db.conn.execute("ROLLBACK")
        real_line_ended(self)

    monkeypatch.setattr(GroupCommit, "line_ended", rolled_back_after_line_4)
    before = event_count(db_path)
    script = tmp_path / "evening.txt"
    script.write_text("".join(f"stars gain Torrax {n}\n" for n in range(1, 7)))
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 1
    assert (
        "line 2: stars gain Torrax 2\nthe lines from line 2 on are not recorded: their "
        "transaction was rolled back by the database\nthe lines before line 2 are recorded"
    ) in result.output
    assert event_count(db_path) == before + 1
    acknowledged = [line for line in result.output.splitlines() if line.startswith("#")]
    assert acknowledged == [f"#{before + 1} Torrax gains 1 Stars"]
