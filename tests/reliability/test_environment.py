"""Environment faults: a read-only file, a directory where SQLite's files go, a full disk, a
file from a newer version. Each is a clear error (exit 1, no traceback) and the file stays
intact: ``PRAGMA integrity_check`` ok, the same events, and `verify` passes."""

import os
import shutil
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ledger.campaign import _ledger as ledger_module
from ledger.storage import open_database, sqlite3
from ledger_cli.app import build_cli
from tests.helpers.files import damage, head, integrity, stored
from tests.helpers.party import ZUVA, make_party
from tests.helpers.processes import cli_args


def invoke(db_path: Path, *args: str) -> Result:
    return CliRunner().invoke(build_cli(), ["--database", str(db_path), *args])


def assert_refused(result: Result, *says: str) -> None:
    crash = result.exception if not isinstance(result.exception, SystemExit) else None
    assert crash is None, f"crashed: {crash!r}"
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    for needle in says:
        assert needle in result.output, result.output


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.db"
    make_party(path)
    return path


@pytest.fixture
def immutable(party: Path) -> Iterator[Path]:
    """The ledger file made read-only for everyone, root included (chattr +i), or for this
    user (chmod) when not root; skipped where neither can stop a write."""
    made = subprocess.run(["chattr", "+i", str(party)], capture_output=True, check=False)
    if made.returncode != 0:
        if os.geteuid() == 0:
            pytest.skip(f"root, and chattr +i is not possible here: {made.stderr.decode().strip()}")
        party.chmod(0o444)
    try:
        yield party
    finally:
        subprocess.run(["chattr", "-i", str(party)], capture_output=True, check=False)
        party.chmod(0o644)


def test_read_only_file(immutable: Path, record_figures: object) -> None:
    before = head(immutable)
    assert invoke(immutable, "hero", "show", "Torrax").exit_code == 0  # reading still works
    for command in (["damage", "Torrax", "1"], ["undo"], ["campaign", "new", "Other"]):
        assert_refused(
            invoke(immutable, *command), "readonly", str(immutable), "nothing was written"
        )
    wrong = damage(immutable) + (["events changed"] if head(immutable) != before else [])
    record_figures("Environment faults", faults=1, corrupted=int(bool(wrong)))
    assert wrong == []


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_directory_where_sqlite_wants_a_file(
    tmp_path: Path, suffix: str, record_figures: object
) -> None:
    db_path = tmp_path / "ledger.db"
    if suffix:
        make_party(db_path)
    before = stored(db_path) if suffix else []
    Path(f"{db_path}{suffix}").mkdir()
    for command in (["damage", "Torrax", "1"], ["hero", "list"], ["campaign", "new", "X"]):
        assert_refused(invoke(db_path, *command), f"{db_path}{suffix} is a directory")
    Path(f"{db_path}{suffix}").rmdir()
    wrong = []
    if suffix:
        wrong = damage(db_path) + (["events changed"] if stored(db_path) != before else [])
    record_figures("Environment faults", faults=1, corrupted=int(bool(wrong)))
    assert wrong == []


def test_full_disk_inside_sqlite(
    party: Path, monkeypatch: pytest.MonkeyPatch, record_figures: object
) -> None:
    """SQLite's own SQLITE_FULL ("database or disk is full"): the file may not grow a page."""

    def capped(path: Path | str, *, create: bool = True) -> object:
        db = open_database(path, create=create)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(ledger_module, "open_database", capped)
    recorded = 0
    for n in range(200):
        result = invoke(party, "stars", "spend" if n % 2 else "gain", "Torrax", "1")
        if result.exit_code != 0:
            break
        recorded += 1
    else:
        pytest.fail("the capped file never filled up")
    assert_refused(result, "database or disk is full", "nothing was written")
    monkeypatch.undo()
    wrong = damage(party) + (["events lost"] if len(stored(party)) != 3 + recorded else [])
    record_figures("Environment faults", faults=1, corrupted=int(bool(wrong)))
    assert wrong == []


def test_full_disk_on_a_small_file_system(tmp_path: Path, record_figures: object) -> None:
    """A real 256 KiB tmpfs, mounted in a private mount namespace, filled by a real batch."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1) to mount a small file system")
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs {tmp_path}"],
        capture_output=True,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {probe.stderr.decode().strip()}")
    origin = tmp_path / "origin.db"
    make_party(origin)
    small, out = tmp_path / "small", tmp_path / "out"
    small.mkdir()
    out.mkdir()
    commands = tmp_path / "fill.txt"
    commands.write_text("".join("stars gain Torrax 1\nstars spend Torrax 1\n" for _ in range(3000)))
    batch = " ".join(f"'{arg}'" for arg in cli_args(small / "ledger.db", "batch", str(commands)))
    script = (
        f"mount -t tmpfs -o size=256k tmpfs {small} && cp {origin} {small}/ledger.db && "
        f"{batch} > {out}/stdout 2> {out}/stderr; echo $? > {out}/rc; cp {small}/ledger.db* {out}/"
    )
    finished = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, timeout=300
    )
    assert finished.returncode == 0, finished.stderr
    stderr = (out / "stderr").read_text()
    assert (out / "rc").read_text().strip() == "1", stderr
    assert "Traceback" not in stderr
    assert "disk is full" in stderr or "disk I/O error" in stderr, stderr
    acknowledged = (out / "stdout").read_text().count("\n#")
    rows = stored(out / "ledger.db")
    assert len(rows) - 3 >= acknowledged > 0
    wrong = damage(out / "ledger.db")
    record_figures("Environment faults", faults=1, corrupted=int(bool(wrong)))
    assert wrong == []


def test_a_file_from_a_newer_version_is_refused(party: Path, record_figures: object) -> None:
    db = open_database(party)
    db.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
        ["campaign_ledger", "m099_from_the_future", str(datetime.now(UTC))],
    )
    db.conn.commit()
    db.close()
    before = head(party)
    for command in (["damage", "Torrax", "1"], ["hero", "show", ZUVA], ["verify"]):
        assert_refused(
            invoke(party, *command), "written by a newer campaign-ledger", "m099_from_the_future"
        )
    assert head(party) == before
    assert integrity(party) == "ok"
    raw = sqlite3.connect(party)  # what the newer version would read: the events, untouched
    raw.execute("DELETE FROM _sqlite_migrations WHERE name = 'm099_from_the_future'")
    raw.commit()
    raw.close()
    wrong = damage(party)
    record_figures("Environment faults", faults=1, corrupted=int(bool(wrong)))
    assert wrong == []
