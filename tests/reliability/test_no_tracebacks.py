"""A message and no traceback (issue 17, items 2, 5 and 8, and the batch line costs), through
the installed console script as a user meets it: export onto a full disk or pipe and only to
a regular file, import of nested, endless or duplicate-keyed input, a batch file that is not
UTF-8 or has an enormous line, an unreadable snapshot and a deeply nested payload."""

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import threading
import time
from pathlib import Path

import msgspec
import pytest

from ledger.campaign import Ledger
from ledger.storage import Row
from ledger_base_game.events import StarsGained
from tests.helpers.console import SCRIPT, no_traceback, script
from tests.helpers.party import make_party
from tests.helpers.tampering import around_snapshot_triggers


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "party.db"
    make_party(path, snapshot_interval=2)
    with Ledger.open(path, snapshot_interval=2) as ledger:
        for _ in range(3):
            ledger.campaign().record([StarsGained(hero="Torrax", amount=2)])
    return path


def _run(*args: str, **streams: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], timeout=60, check=False, **streams)  # type: ignore[call-overload, no-any-return]


def test_export_onto_a_full_device_says_so(party: Path) -> None:
    with open("/dev/full", "wb") as full:
        done = _run("--database", str(party), "export", "-", stdout=full, stderr=subprocess.PIPE)
    stderr = done.stderr.decode()
    assert done.returncode == 1, stderr
    assert "No space left on device" in stderr
    assert "incomplete" in stderr
    assert "Traceback" not in stderr
    assert "Exception ignored" not in stderr
    assert "exported" not in stderr  # never said to be done


def test_export_into_a_closed_pipe_ends_quietly(party: Path) -> None:
    child = subprocess.Popen(
        [str(SCRIPT), "--database", str(party), "export", "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    assert child.stderr is not None
    child.stdout.close()  # the reader is gone before anything is written
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) != 0
    assert "Traceback" not in stderr, stderr
    assert "Exception ignored" not in stderr, stderr


def test_export_onto_a_full_file_system(party: Path, tmp_path: Path) -> None:
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1) to mount a small file system")
    with Ledger.open(party) as ledger:
        campaign = ledger.campaign()
        for _ in range(150):
            campaign.record([StarsGained(hero="Torrax", amount=1)])
    small, out = tmp_path / "small", tmp_path / "out"
    small.mkdir()
    out.mkdir()
    shell = (
        f"mount -t tmpfs -o size=32k tmpfs {small} || exit 99; "
        f"'{SCRIPT}' --database '{party}' export {small}/party.ndjson "
        f"> {out}/stdout 2> {out}/stderr; echo $? > {out}/rc; ls -A {small} > {out}/left"
    )
    finished = subprocess.run(
        ["unshare", "-m", "sh", "-c", shell], capture_output=True, timeout=120
    )
    if finished.returncode == 99:
        pytest.skip(f"cannot mount a small tmpfs here: {finished.stderr.decode().strip()}")
    stderr = (out / "stderr").read_text()
    assert (out / "rc").read_text().strip() == "1", stderr
    assert "No space left on device" in stderr
    assert "nothing was exported" in stderr
    assert "Traceback" not in stderr
    assert (out / "left").read_text() == ""  # neither the export nor its temporary file


def test_export_writes_only_to_a_regular_file_or_a_new_name(party: Path, tmp_path: Path) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("not to be replaced\n")
    link = tmp_path / "link.ndjson"
    link.symlink_to(kept)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target, kind in ((link, "symbolic link"), (fifo, "FIFO"), (Path("/dev/null"), "device")):
        done = script(party, "export", str(target))
        no_traceback(done)
        assert done.returncode == 1, done
        assert f"is a {kind}, not a regular file" in done.stderr
    assert link.is_symlink()
    assert kept.read_text() == "not to be replaced\n"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    regular = tmp_path / "old.ndjson"
    regular.write_text("old\n")
    kept_as_it_was = script(party, "export", str(regular))
    no_traceback(kept_as_it_was)
    assert kept_as_it_was.returncode == 1
    assert "already exists; nothing was exported (--force replaces it)" in kept_as_it_was.stderr
    assert regular.read_text() == "old\n"
    for target, force in ((regular, ["--force"]), (tmp_path / "new.ndjson", [])):
        assert script(party, "export", str(target), *force).returncode == 0
        assert json.loads(target.read_text().splitlines()[0])["events"] == 6
    assert json.loads(script(party, "export", "-").stdout.splitlines()[0])["events"] == 6


def test_import_of_a_deeply_nested_line(party: Path, tmp_path: Path) -> None:
    lines = script(party, "export", "-").stdout.splitlines()
    deep = "[" * 200_000 + "]" * 200_000  # within the line limit: msgspec refuses it
    for number, line in (
        (1, lines[0][:-1] + f', "x": {deep}}}'),
        (2, f'{lines[1][:-1]}, "x": {deep}}}'),
    ):
        file = tmp_path / f"nested-{number}.ndjson"
        changed = list(lines)
        changed[number - 1] = line
        file.write_text("\n".join(changed) + "\n")
        done = script(tmp_path / "other.db", "import", str(file))
        no_traceback(done)
        assert done.returncode == 1
        assert f"line {number}: not a" in done.stderr
        assert len(done.stderr) < 1000


def test_import_of_dev_zero_and_of_an_endless_stream(tmp_path: Path) -> None:
    started = time.monotonic()
    done = script(tmp_path / "other.db", "import", "/dev/zero", timeout=30)
    no_traceback(done)
    assert done.returncode == 1
    assert "line 1 is longer than 1,000,000 characters" in done.stderr
    child = subprocess.Popen(
        [str(SCRIPT), "--database", str(tmp_path / "other.db"), "import", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None
    assert child.stderr is not None

    def endless() -> None:
        try:
            while child.poll() is None:
                child.stdin.write(b'{"format": "' + b"x" * 65536)  # type: ignore[union-attr]
        except (BrokenPipeError, OSError):
            pass

    writer = threading.Thread(target=endless, daemon=True)
    writer.start()
    assert child.wait(timeout=60) == 1
    stderr = child.stderr.read().decode()
    assert "line 1 is longer than" in stderr
    assert "Traceback" not in stderr
    assert time.monotonic() - started < 60


def _reseal(lines: list[str], index: int, payload: str) -> list[str]:
    """The export with row ``index``'s payload replaced and every later hash recomputed,
    the manifest's head hash too: a chain that verifies."""
    rows = [msgspec.json.decode(line, type=Row) for line in lines[1:]]
    rows[index] = msgspec.structs.replace(rows[index], payload=payload)
    for at in range(index, len(rows)):
        prev = rows[at - 1].hash if at else rows[at].prev_hash
        rows[at] = msgspec.structs.replace(rows[at], prev_hash=prev).sealed()
    manifest = json.loads(lines[0])
    manifest["head_hash"] = rows[-1].hash
    return [json.dumps(manifest)] + [msgspec.json.encode(row).decode() for row in rows]


def test_import_refuses_duplicate_keys(party: Path, tmp_path: Path) -> None:
    lines = script(party, "export", "-").stdout.splitlines()
    last = len(lines) - 2  # the last row: Torrax gains 2 Stars
    payload = json.loads(lines[-1])["payload"]
    assert payload.endswith('"amount":2}')
    forged = _reseal(lines, last, payload[:-1] + ',"amount":500}')
    file = tmp_path / "forged.ndjson"
    file.write_text("\n".join(forged) + "\n")
    done = script(tmp_path / "other.db", "import", str(file))
    no_traceback(done)
    assert done.returncode == 1, done
    assert f"line {len(lines)}:" in done.stderr
    assert "'amount' appears twice" in done.stderr
    assert (
        not (tmp_path / "other.db").exists()
        or script(tmp_path / "other.db", "campaign", "list").stdout.strip() == ""
    )
    # The same file with one key imports: the refusal was the duplicate.
    clean = tmp_path / "clean.ndjson"
    clean.write_text("\n".join(_reseal(lines, last, payload[:-2] + "500}")) + "\n")
    assert script(tmp_path / "third.db", "import", str(clean)).returncode == 0


def test_a_batch_line_that_is_not_utf8_is_named(party: Path, tmp_path: Path) -> None:
    file = tmp_path / "batch.txt"
    file.write_bytes(b"stars gain Torrax 1\nstars gain Torrax \xff1\n")
    done = script(party, "batch", str(file))
    no_traceback(done)
    assert done.returncode == 1
    assert "line 2 is not UTF-8 text" in done.stderr
    assert "#7" in done.stdout  # line 1 was recorded and acknowledged


def test_an_enormous_batch_line_is_refused_fast_and_echoed_cut(party: Path, tmp_path: Path) -> None:
    file = tmp_path / "batch.txt"
    file.write_text("hero list\nitem gain Torrax '" + 'a\\"b' * 250_000 + "\n")
    started = time.monotonic()
    done = script(party, "batch", str(file))
    no_traceback(done)
    assert time.monotonic() - started < 20
    assert done.returncode == 1
    assert "line 2 is longer than 10,000 bytes" in done.stderr
    assert len(done.stderr) + len(done.stdout) < 2000


def test_a_snapshot_that_is_not_json_is_skipped(party: Path) -> None:
    before = script(party, "hero", "show", "Torrax", "--json").stdout
    db = sqlite3.connect(party)
    with db:
        changed = around_snapshot_triggers(db, "UPDATE snapshots SET state = '{not json'")
    db.close()
    assert changed > 0
    done = script(party, "hero", "show", "Torrax", "--json")
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    assert done.stdout == before


def test_a_deeply_nested_payload_is_named_by_verify(party: Path) -> None:
    with Ledger.open(party) as ledger:
        campaign = ledger.campaign()
        head, state = campaign.head(), campaign.state()
        event = StarsGained(hero="Torrax", amount=1)
        row = campaign.make_row(
            event, head.seq + 1, head.seq + 1, event.apply(state), head.hash, ""
        )
        nested = row.payload[:-1] + ',"x":' + "[" * 100_000 + "]" * 100_000 + "}"
        ledger.store.append([msgspec.structs.replace(row, payload=nested).sealed()])
    done = script(party, "verify")
    no_traceback(done)
    assert done.returncode == 1
    assert f"event #{head.seq + 1}" in done.stdout + done.stderr
