"""Group commit in `batch`: every line is committed (on its own, or sharing a transaction with
the lines around it: tests/cli/test_batch_shared.py), and its output (the
acknowledgement) is shown only once a flush of the write-ahead log that began after the
commit has finished."""

import io
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import click
import pytest

from ledger.campaign import Ledger
from ledger.storage import GroupCommit, NotDurable
from ledger_base_game.events import HeroJoined
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count

JOINED = HeroJoined(hero="Torrax", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)
LINES = "damage Torrax 1\nheal Torrax 1\nstars gain Torrax 2\nstars spend Torrax 2\n" * 5


def _flushes(monkeypatch: pytest.MonkeyPatch, *, fail: bool = False) -> list[tuple[int, float]]:
    """Replace the flush with one that records how many events the file held when it began
    (read through a connection of its own, as another process would) and when it ended; or
    one that fails."""
    flushes: list[tuple[int, float]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if fail:
            raise OSError(5, "Input/output error")
        events = event_count(Path(os.readlink(f"/proc/self/fd/{fd}")[: -len("-wal")]))
        real_fsync(fd)
        flushes.append((events, time.perf_counter()))
        return None

    monkeypatch.setattr("ledger.storage._group_commit.os.fsync", fsync)
    return flushes


def _shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float]]:
    """(seq, time) of every acknowledgement ``#SEQ ...`` as the batch releases it."""
    shown: list[tuple[int, float]] = []
    real_echo = click.echo

    def echo(message: object = None, *args: object, **kwargs: object) -> None:
        target = kwargs.get("file") or sys.stdout
        held = isinstance(target, io.StringIO)  # a line's own output, being held back
        for line in [] if held else str(message or "").splitlines():
            if line.startswith("#"):
                shown.append((int(line.split()[0][1:]), time.perf_counter()))
        real_echo(message, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("ledger_cli.commands.batch.click.echo", echo)
    return shown


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_every_acknowledged_line_was_flushed_after_its_commit(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flushes, shown = _flushes(monkeypatch), _shown(monkeypatch)
    script = tmp_path / "evening.txt"
    script.write_text(LINES)
    before = event_count(db_path)
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert [seq for seq, _ in shown] == list(range(before + 1, before + 21))
    assert flushes, "the write-ahead log was never flushed"
    assert len(flushes) <= 20  # one flush may cover several commits
    # Line 1 opened the ledger and committed synchronously; every later acknowledgement was
    # shown after a flush had ended that began when its event was already in the file.
    for seq, when in shown[1:]:
        assert any(events >= seq and ended <= when for events, ended in flushes), seq


def test_commits_go_on_while_a_flush_is_under_way(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flush runs on a thread of its own: the connection commits while the disk is still
    being written, and ``finish`` returns only once the flush has ended."""
    campaign = ledger.create_campaign("Test")
    group = GroupCommit.start(ledger.db)
    assert group is not None
    flushing_began, disk_done = threading.Event(), threading.Event()
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        flushing_began.set()
        assert disk_done.wait(timeout=30)  # a disk that takes its time
        real_fsync(fd)

    monkeypatch.setattr("ledger.storage._group_commit.os.fsync", slow_fsync)
    campaign.record([JOINED])
    flushing = group.start_flush()
    assert flushing is not None
    assert flushing_began.wait(timeout=30)
    campaign.record(
        [HeroJoined(hero="Kell", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    assert not disk_done.is_set()  # committed while the flush was still under way
    finished = threading.Thread(target=group.finish, args=(flushing,))
    finished.start()
    finished.join(timeout=0.2)
    assert finished.is_alive()  # finish waits for the disk
    disk_done.set()
    finished.join(timeout=30)
    assert not finished.is_alive()
    group.close()
    assert ledger.db.execute("SELECT count(*) FROM events").fetchone()[0] == 3


def test_a_failed_flush_acknowledges_nothing_after_it(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _flushes(monkeypatch, fail=True)
    script = tmp_path / "evening.txt"
    script.write_text(LINES)
    before = event_count(db_path)
    result = invoke("batch", str(script))
    assert result.exit_code == 1
    # Line 1 opened the ledger and committed synchronously; line 2 on waited for a flush.
    assert "#" + str(before + 1) in result.output
    assert "#" + str(before + 2) not in result.output
    assert "line 2: heal Torrax 1" in result.output
    assert "could not be flushed" in result.output
    assert "Input/output error" in result.output


def test_group_commit_flushes_only_what_was_written_and_close_restores_the_settings(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger.create_campaign("Test")
    default_pages = ledger.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
    group = GroupCommit.start(ledger.db)
    assert group is not None
    assert ledger.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    checkpoint_pages = ledger.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
    assert checkpoint_pages == GroupCommit.CHECKPOINT_PAGES > default_pages
    flushes = _flushes(monkeypatch)
    group.flush()
    assert flushes == []  # nothing written since it started
    ledger.campaign("Test").record([JOINED])
    group.flush()
    group.flush()
    assert len(flushes) == 1
    group.close()
    assert ledger.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again
    assert ledger.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == default_pages


def test_not_durable_names_the_failure(ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger.create_campaign("Test")
    _flushes(monkeypatch, fail=True)
    group = GroupCommit.start(ledger.db)
    assert group is not None
    ledger.campaign("Test").record([JOINED])
    with pytest.raises(NotDurable, match="Input/output error"):
        group.flush()
    group.close()  # the failure was told once; nothing more is flushed
    assert ledger.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_the_flushed_log_is_the_one_sqlite_writes_behind_a_symbolic_link(
    tmp_path: Path, pm: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from ledger_cli.app import build_cli

    real = tmp_path / "real" / "ledger.db"
    link = tmp_path / "link.db"
    real.parent.mkdir()
    link.symlink_to(real)
    Path(f"{link}-wal").write_bytes(b"")  # a stray file where a naive name would point
    cli = build_cli(pm)  # type: ignore[arg-type]
    runner = CliRunner()
    torrax = ["Torrax", "--agility", "2", "--will", "2", "--taunt", "6", "--wounded-chips", "5"]
    for args in (["campaign", "new", "Test"], ["hero", "add", *torrax]):
        made = runner.invoke(cli, ["--database", str(link), *args])
        assert made.exit_code == 0, made.output
    flushed: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        flushed.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr("ledger.storage._group_commit.os.fsync", fsync)
    script = tmp_path / "evening.txt"
    script.write_text(LINES)
    result = runner.invoke(cli, ["--database", str(link), "batch", str(script)])
    assert result.exit_code == 0, result.output
    assert flushed
    assert set(flushed) == {f"{real}-wal"}


def test_piped_lines_are_acknowledged_before_the_next_line_arrives(
    party: Invoke, db_path: Path
) -> None:
    """A program that sends a line and waits for its acknowledgement must get it."""
    batch = subprocess.Popen(
        [sys.executable, "-m", "ledger_cli", "--database", str(db_path), "batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert batch.stdin is not None
    assert batch.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in batch.stdout], daemon=True).start()
    try:
        for line in ("damage Torrax 1", "heal Torrax 1", "stars gain Torrax 1"):
            batch.stdin.write(line + "\n")
            batch.stdin.flush()
            assert lines.get(timeout=20).startswith(f"» {line}")  # held back: queue.Empty
            assert lines.get(timeout=20).startswith("#")
            lines.get(timeout=20)  # the change it made
    finally:
        batch.stdin.close()
        batch.wait(timeout=30)
    assert batch.returncode == 0


def test_finding_a_command_already_recorded_flushes_the_log_first(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process's batch may have committed it without flushing yet (group commit):
    "already recorded" must not be said of a command a power cut could still take."""
    campaign = ledger.create_campaign("Test")
    campaign.record([JOINED], idempotency_key="k1")
    flushes: list[int] = []
    monkeypatch.setattr("ledger.storage._group_commit.os.fsync", flushes.append)
    replayed = campaign.record([JOINED], idempotency_key="k1")
    assert replayed.replayed
    assert len(flushes) == 1
