"""A ledger on a read-only file system (issue 17): the commands that only read work, one
that records is refused with a message, and nothing is needed beside the file."""

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.console import SCRIPT
from tests.reliability.helpers import make_party


def test_reading_commands_work_on_a_read_only_mount(tmp_path: Path) -> None:
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1) to make a read-only mount")
    media, out = tmp_path / "media", tmp_path / "out"
    media.mkdir()
    out.mkdir()
    make_party(media / "ledger.db")  # closed cleanly: no -wal or -shm beside it
    db = media / "ledger.db"
    commands = {
        "verify": "verify",
        "show": "hero show Torrax",
        "log": "log",
        "export": f"export {out}/export.ndjson",
        "record": "damage Torrax 1",
    }
    runs = "; ".join(
        f"'{SCRIPT}' --database {db} {line} > {out}/{name}.out 2> {out}/{name}.err; "
        f"echo $? > {out}/{name}.rc"
        for name, line in commands.items()
    )
    shell = (
        f"mount --bind {media} {media} && mount -o remount,ro,bind {media} || exit 99; "
        f"touch {media}/probe 2> /dev/null && exit 98; {runs}"
    )
    finished = subprocess.run(
        ["unshare", "-m", "sh", "-c", shell], capture_output=True, timeout=300
    )
    if finished.returncode in (98, 99):
        pytest.skip(f"cannot make a read-only mount here: {finished.stderr.decode().strip()}")

    def result(name: str) -> tuple[int, str, str]:
        read = (out / f"{name}.rc").read_text(), (out / f"{name}.out").read_text()
        return int(read[0]), read[1], (out / f"{name}.err").read_text()

    for name in ("verify", "show", "log", "export"):
        rc, _, stderr = result(name)
        assert rc == 0, (name, stderr)
    assert "ok:" in result("verify")[1]
    assert "Torrax" in result("show")[1]
    assert (out / "export.ndjson").read_text().count("\n") == 4
    rc, _, stderr = result("record")
    assert rc == 1
    assert "readonly" in stderr
    assert "nothing was written" in stderr
    assert "Traceback" not in stderr
    assert sorted(p.name for p in media.iterdir()) == ["ledger.db"]
