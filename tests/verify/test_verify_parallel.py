"""A long campaign is verified on two cores: the rows up to a snapshot here, the rest in a
forked child folding from that snapshot. Whatever the child does, verify's answer is the one
a single process gives."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
import pytest
import sqlite_utils.db
from sqlite_utils import Database

from ledger.campaign import Ledger
from ledger.storage import VALUES, migrations, sqlite3
from ledger.verification import _forked as forked
from ledger.verification import _rows as verify_rows
from ledger.verification import _segments as verify_segments
from ledger.verification import _verify as verify_module
from ledger.verification import verify
from ledger.verification._history import Ascending, HistoryVerifier
from ledger.verification._segments import Found
from ledger_base_game.events import HeroJoined, StarsGained
from tests.helpers.campaigns import random_history
from tests.helpers.tampering import around_snapshot_triggers, corrupt_snapshot, tamper_payload


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every campaign verified on two cores; the children's answers."""
    monkeypatch.setattr(verify_rows, "PARALLEL_FROM", 1)
    monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads
    said: list[Any] = []
    result = forked.Child.result

    def spy(child: forked.Child, kind: Any) -> Any:
        said.append(result(child, kind))
        return said[-1]

    monkeypatch.setattr(forked.Child, "result", spy)
    return said


@pytest.fixture
def stars(ledger: Ledger) -> Ledger:
    """21 events, snapshots every 5 (the split is at 10, the child checks 11-21)."""
    campaign = ledger.create_campaign("Test")
    campaign.record(
        [HeroJoined(hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    for _ in range(19):
        campaign.record([StarsGained(hero="Venia", amount=1)])
    return ledger


def test_the_child_answers_with_its_value() -> None:
    with forked.forked(lambda: (os.getpid(), "checked")) as child:
        assert child is not None
        pid, said = child.result(tuple[int, str])
    assert (pid, said) == (child.pid, "checked")
    assert pid != os.getpid()


def test_a_child_that_fails_gives_no_answer() -> None:
    with forked.forked(lambda: 1 // 0) as child:
        assert child is not None
        assert child.result(int) is None


def test_no_child_where_forking_is_not_safe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    with forked.forked(lambda: 1) as child:
        assert child is None


def test_a_clean_campaign_is_verified_by_both(stars: Ledger, answers: list[Any]) -> None:
    assert verify(stars) == []
    assert answers == [[Found()]]


@pytest.mark.parametrize("seq", [3, 10, 11, 20])
def test_a_tampered_event_on_either_side_is_named(
    stars: Ledger, answers: list[Any], seq: int
) -> None:
    tamper_payload(stars, "Test", seq)
    problems = verify(stars)
    assert [(p.seq, "altered" in p.message) for p in problems] == [(seq, True)]
    if seq <= 10:  # found in this half: the child's answer is not waited for
        assert answers == []
    else:
        assert answers[0][0].chain.seq == seq


def test_a_wrong_snapshot_where_the_child_starts_is_named(
    stars: Ledger, answers: list[Any]
) -> None:
    """The child folds from a wrong state then; this process finds the snapshot differs, and
    the campaign is verified again in one process."""
    (state,) = stars.db.execute(
        "SELECT state FROM snapshots WHERE campaign = 'Test' AND seq = 10"
    ).fetchone()
    changed = json.loads(state)
    changed[0]["heroes"]["Venia"]["stars"] += 5
    around_snapshot_triggers(
        stars.db,
        "UPDATE snapshots SET state = ? WHERE campaign = 'Test' AND seq = 10",
        [msgspec.json.encode(changed).decode()],
    )
    problems = verify(stars)
    assert [(p.seq, "snapshot" in p.message) for p in problems] == [(10, True)]
    assert answers == []  # this half found it: the child's answer is not waited for


def test_without_the_childs_answer_this_process_checks_all(
    stars: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = verify_rows.segment

    def crash_in_child(*args: Any, **kwargs: Any) -> Found:
        if args[4]:  # after: the child's segment
            os._exit(3)  # as if killed
        return real(*args, **kwargs)

    monkeypatch.setattr(verify_rows, "segment", crash_in_child)
    tamper_payload(stars, "Test", 17)
    problems = verify(stars)
    assert [(p.seq, "altered" in p.message) for p in problems] == [(17, True)]
    assert answers == [None]


def test_the_child_reads_without_loading_sqlite_utils_plugins(
    stars: Ledger, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As open_database: loading them scans every installed distribution (tens of ms)."""

    def loaded() -> None:
        raise AssertionError("sqlite-utils plugins loaded")

    monkeypatch.setattr(sqlite_utils.db, "ensure_plugins_loaded", loaded)
    store = verify_rows.read_only_store(str(db_path))
    assert store.head("Test") == stars.store.head("Test")


def test_this_process_reads_its_rows_through_a_read_only_connection_of_its_own(
    stars: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the child does: opened without SQLite's mutex (one thread reads through it), never
    the ledger's own connection, and closed once its rows are read."""
    opened = []

    def spy(path: str) -> Any:
        opened.append(read_only_store(path))
        return opened[-1]

    read_only_store = verify_rows.read_only_store
    monkeypatch.setattr(verify_rows, "read_only_store", spy)
    tamper_payload(stars, "Test", 3)  # in this process's rows
    assert [p.seq for p in verify(stars)] == [3]
    assert answers == []  # found here: this process's rows were read through its reader
    (reader,) = opened
    assert reader.db.conn is not stars.db.conn
    with pytest.raises(Exception, match="closed"):
        reader.db.conn.execute("SELECT 1")
    writer = read_only_store(str(stars.db.execute("PRAGMA database_list").fetchone()[2]))
    with pytest.raises(Exception, match="readonly"):
        writer.db.conn.execute("CREATE TABLE written (x)")


def test_without_a_connection_of_its_own_this_process_verifies_alone(
    stars: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def cannot_open(path: str) -> Any:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(verify_rows, "read_only_store", cannot_open)
    assert verify(stars) == []
    tamper_payload(stars, "Test", 17)  # in the child's half: found here all the same
    assert [p.seq for p in verify(stars)] == [17]
    assert answers == []  # no child was waited for


@pytest.fixture
def no_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(work: Any) -> None:
        raise AssertionError("forked")

    monkeypatch.setattr(verify_rows, "forked", refuse)


@pytest.mark.usefixtures("answers", "no_fork")
def test_a_database_in_memory_is_verified_in_one_process(registry: Any) -> None:
    db = Database(memory=True)
    migrations.apply(db)
    ledger = Ledger(db, registry, snapshot_interval=2)
    ledger.create_campaign("Test").record(
        [HeroJoined(hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    assert verify(ledger) == []


@pytest.mark.usefixtures("answers", "no_fork")
def test_uncommitted_changes_are_verified_in_one_process(stars: Ledger) -> None:
    """A child's connection would not see them."""
    with stars.write_lock():
        stars.campaign("Test").record([StarsGained(hero="Venia", amount=1)])
        assert verify(stars) == []


@pytest.mark.usefixtures("answers", "no_fork")
def test_without_a_snapshot_to_start_from_one_process_verifies(stars: Ledger) -> None:
    around_snapshot_triggers(stars.db, "DELETE FROM snapshots")
    assert verify(stars) == []


def test_the_history_check_resumes_where_a_fed_one_stands(ledger: Ledger) -> None:
    """After any row of random histories with undos and redos, a check resumed after the rows
    before it is in the state of one fed them, so the rows after are judged alike."""
    rng = random.Random(11)
    for n in range(40):
        random_history(ledger, f"H{n}", rng)
        rows = ledger.store.values(f"H{n}", 0, 10**9, VALUES)
        history = verify_module._history(ledger.store, f"H{n}", len(rows))
        assert history is not None
        starts = partial(verify_segments._starts_command, ledger.store, f"H{n}")
        for split in range(1, len(rows)):
            fed, resumed = HistoryVerifier(f"H{n}"), HistoryVerifier(f"H{n}")
            for values in rows[:split]:
                fed.feed_page([values])
            metas = {meta.seq: meta for meta in history.metas if meta.seq <= split}
            resumed.resume(metas, split, starts)
            assert fed.problem is None
            seen, fed_seen = vars(resumed).pop("_commands"), vars(fed).pop("_commands")
            assert vars(resumed) == vars(fed)
            for seq in range(-1, len(rows) + 2):
                assert (seq in seen) == (seq in fed_seen)


def test_the_commands_seen_are_kept_as_a_set_however_they_come() -> None:
    kept, reference = Ascending(), set()
    for item in [1, 2, 5, 9, 3, 9, 2**62, 0]:
        kept.add(item)
        reference.add(item)
        assert all((n in kept) == (n in reference) for n in range(-1, 12))
    assert 2**62 in kept
    assert 2**70 not in kept
    assert "1" not in kept


def test_commands_seen_a_page_at_a_time_are_kept_as_a_set() -> None:
    kept, reference = Ascending(), set()
    for items in [[], [1, 2, 5], [9, 12], [3, 9], [20, 15], [30, 30], [2**62]]:
        kept.extend(items)
        reference.update(items)
        assert all((n in kept) == (n in reference) for n in range(-1, 40))
    assert 2**62 in kept


def test_an_interrupted_wait_kills_and_reaps_the_child(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the parent waits for the child: the interrupt goes on, the child is gone."""

    def interrupted(fd: int, size: int) -> bytes:
        raise KeyboardInterrupt

    children: list[forked.Child] = []

    def wait_for_a_sleeping_child() -> None:
        with forked.forked(lambda: time.sleep(30)) as child:
            assert child is not None
            children.append(child)
            monkeypatch.setattr(forked.os, "read", interrupted)
            child.result(int)

    with pytest.raises(KeyboardInterrupt):
        wait_for_a_sleeping_child()
    monkeypatch.undo()
    (child,) = children
    assert child.done
    with pytest.raises(ChildProcessError):  # killed and reaped: no zombie left
        os.waitpid(child.pid, os.WNOHANG)


def test_a_child_the_system_reaps_still_answers(stars: Ledger, answers: list[Any]) -> None:
    """With SIGCHLD ignored (as some servers set it) the system reaps the child: its whole
    answer is heard all the same, and nothing is left to reap."""
    before = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        assert verify(stars) == []
    finally:
        signal.signal(signal.SIGCHLD, before)
    assert answers == [[Found()]]


def test_the_answer_is_taken_while_the_child_is_still_exiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The child closes the pipe once its answer is whole: the parent reads it while the
    child has yet to exit (the system frees a large child's memory first), and reaps the
    child once it has gone, at the latest at the next fork."""
    real_exit = os._exit

    def lingering_exit(status: int) -> None:
        time.sleep(60)
        real_exit(status)

    monkeypatch.setattr(forked.os, "_exit", lingering_exit)  # the child's, as it forks
    with forked.forked(lambda: "checked") as child:
        assert child is not None
        assert child.result(str) == "checked"
    monkeypatch.undo()
    assert os.waitpid(child.pid, os.WNOHANG) == (0, 0)  # still there, not waited for
    os.kill(child.pid, signal.SIGKILL)
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # gone, not yet reaped
    with forked.forked(lambda: None) as other:  # the next fork reaps it
        assert other is not None
        assert other.result(type(None)) is None
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)


def test_no_child_reads_a_file_renamed_over_the_open_one(
    stars: Ledger, answers: list[Any], db_path: Path, tmp_path: Path
) -> None:
    """The child would open the path, which now names another file: one process verifies."""
    tamper_payload(stars, "Test", 15)
    copy = tmp_path / "copy.db"
    copy.write_bytes(db_path.read_bytes())
    copy.replace(db_path)
    problems = verify(stars)
    assert [p.seq for p in problems] == [15]
    assert answers == []


@pytest.fixture
def redone(stars: Ledger) -> Ledger:
    """The 21 events of ``stars``, then the last undone (22, whose snapshot is of a history
    that is no longer the current one) and redone (23)."""
    campaign = stars.campaign("Test")
    campaign.undo()
    campaign.redo()
    return stars


def test_snapshots_the_rows_do_not_decide_are_checked_while_the_child_works(
    redone: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Snapshots of other histories, and those no fold can prove, are this process's work
    while the child checks its rows, not after its answer."""
    done: list[str] = []
    others, heard = verify_module.SnapshotVerifier.check_others, forked.Child.result

    def checking(*args: Any) -> None:
        done.append("other histories")
        others(*args)

    def hearing(child: forked.Child, kind: Any) -> Any:
        done.append("the child's answer")
        return heard(child, kind)

    monkeypatch.setattr(verify_module.SnapshotVerifier, "check_others", checking)
    monkeypatch.setattr(forked.Child, "result", hearing)
    assert verify(redone) == []
    assert done == ["other histories", "the child's answer"]


@pytest.mark.parametrize("seq", [20, 22])  # of the current history, then of another one
def test_a_wrong_snapshot_is_named_alike_on_one_process_and_two(
    redone: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch, seq: int
) -> None:
    """Both kinds at once too: once the rows find the snapshot at 20 wrong, the one at 22
    (of the history before the redo) is checked again from an earlier one, not from 20."""
    corrupt_snapshot(redone, seq)
    if seq == 22:
        corrupt_snapshot(redone, 20)
    two = verify(redone)
    monkeypatch.setattr(verify_rows, "PARALLEL_FROM", 10**9)
    assert verify(redone) == two
    assert [p.seq for p in two] == ([20, 22] if seq == 22 else [20])


LINGERING = """
import os, time
from ledger.verification import _forked as forked
real_exit = os._exit
os._exit = lambda status: (time.sleep(2), real_exit(status))  # the child's, as it forks
with forked.forked(lambda: "checked") as child:
    assert child.result(str) == "checked"
os._exit = real_exit
print(child.pid)
"""


def test_a_child_still_exiting_is_reaped_before_this_process_ends() -> None:
    """Not left to the system: its time is counted as this process's children's (the time
    a user or a bench reads)."""
    ran = subprocess.run(
        [sys.executable, "-c", LINGERING], capture_output=True, text=True, check=True, timeout=60
    )
    with pytest.raises(ProcessLookupError):  # gone, not running on as an orphan
        os.kill(int(ran.stdout), 0)


def test_the_schema_is_checked_while_the_child_works(
    stars: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the fork, not before: the child starts on its rows at once."""
    done: list[str] = []
    schema, fork = verify_module.schema_problems, forked.os.fork

    def checking(*args: Any) -> Any:
        done.append("schema")
        return schema(*args)

    def forking() -> int:
        pid = fork()
        if pid:
            done.append("fork")
        return pid

    monkeypatch.setattr(verify_module, "schema_problems", checking)
    monkeypatch.setattr(forked.os, "fork", forking)
    assert verify(stars) == []
    assert done == ["fork", "schema"]


def test_a_schema_problem_is_named_first_on_two_processes_as_on_one(
    redone: Ledger, answers: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    redone.db.execute("DROP TRIGGER events_no_update")
    corrupt_snapshot(redone, 22)
    two = verify(redone)
    monkeypatch.setattr(verify_rows, "PARALLEL_FROM", 10**9)
    assert verify(redone) == two
    assert [(p.campaign, p.seq) for p in two] == [(None, None), ("Test", 22)]
    assert "events_no_update is missing" in two[0].message


@pytest.mark.usefixtures("answers")
def test_without_memory_to_share_one_process_verifies(
    stars: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parent and the child share where the parent is in its rows: with no memory to
    share (no anonymous mapping here), nothing is forked and nothing fails."""
    import mmap

    def refused(*args: Any) -> None:
        raise OSError("no shared memory here")

    monkeypatch.setattr(mmap, "mmap", refused)
    monkeypatch.setattr(verify_rows, "forked", lambda work: pytest.fail("forked"))
    tamper_payload(stars, "Test", 17)
    assert [(p.seq, "altered" in p.message) for p in verify(stars)] == [(17, True)]
