"""A batch notices when its write-ahead log is deleted under it (issue 17): SQLite would go
on appending to the deleted file, which a crash would lose, acknowledged lines included."""

import os
import select
import sqlite3
import subprocess
from pathlib import Path

from tests.console import SCRIPT, script
from tests.reliability.helpers import make_party


def _read_line(stream: object, timeout: float = 30) -> str:
    ready, _, _ = select.select([stream], [], [], timeout)
    assert ready, "no output in time"
    return stream.readline().decode()  # type: ignore[attr-defined, no-any-return]


def test_a_deleted_log_stops_the_batch_and_keeps_what_was_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    make_party(path)
    batch = subprocess.Popen(
        [str(SCRIPT), "--database", str(path), "batch", "--quiet", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert batch.stdin is not None
    assert batch.stdout is not None
    assert batch.stderr is not None
    batch.stdin.write(b"stars gain Torrax 2\n")
    batch.stdin.flush()
    assert _read_line(batch.stdout).startswith("#4 ")  # acknowledged: flushed to the log
    wal = Path(f"{path}-wal")
    assert wal.exists()
    os.unlink(wal)
    batch.stdin.write(b"stars gain Torrax 3\nstars gain Torrax 4\n")
    batch.stdin.close()
    stdout, stderr = batch.stdout.read().decode(), batch.stderr.read().decode()
    assert batch.wait(timeout=60) == 1
    assert "#5" not in stdout  # never acknowledged
    assert "was deleted or replaced" in stderr
    assert "line 2" in stderr
    assert "Traceback" not in stderr
    db = sqlite3.connect(path)
    stars = [seq for (seq,) in db.execute("SELECT seq FROM events WHERE type LIKE '%stars%'")]
    db.close()
    assert stars[:1] == [4]  # the acknowledged line is in the database file itself
    assert script(path, "verify").returncode == 0
