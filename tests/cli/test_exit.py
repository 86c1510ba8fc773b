"""The command line's process ends without a last pass of the cycle collector, and without
the interpreter's teardown once every exit handler has run."""

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from ledger_cli import app


def test_main_freezes_what_start_up_made_and_every_object_before_the_interpreter_shuts_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    collecting: list[bool] = []  # whether the collector ran when each freeze came
    monkeypatch.setattr(gc, "freeze", lambda: collecting.append(gc.isenabled()))
    monkeypatch.setattr(sys, "argv", ["campaign-ledger", "--version"])
    assert gc.isenabled()
    with pytest.raises(SystemExit) as ended:
        app.main()
    assert ended.value.code == 0
    # Paused while the plugins load, frozen, then on again for the command (a long batch).
    assert collecting == [False, True]
    assert gc.isenabled()


def test_no_collection_walks_what_importing_the_command_line_made() -> None:
    """The console script imports the command line with the collector paused, then freezes
    what it made: enabled again as it was, its next allocation would start a collection of
    every object allocated meanwhile (the young generation keeps them all)."""
    code = (
        "import gc, sys\n"
        "walked = []\n"
        "def seen(phase, info):\n"
        "    if phase == 'start':\n"
        "        young = range(info['generation'] + 1)\n"
        "        walked.append(sum(len(gc.get_objects(g)) for g in young))\n"
        "gc.callbacks.append(seen)\n"
        "import atexit\n"
        "atexit.register(lambda: print(max(walked, default=0)))\n"
        "sys.argv = ['campaign-ledger', '--version']\n"
        "from ledger_cli.start import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    walked = int(done.stdout.splitlines()[-1])
    assert walked < 5_000  # importing it makes some 20,000


def _ended(tmp_path: Path, *args: str, before: str = "") -> subprocess.CompletedProcess[str]:
    """The console script's main run with ``args``, after ``before``: its output and status."""
    code = (
        "import sys\n"
        f"{before}\n"
        f"sys.argv = ['campaign-ledger', '--database', {str(tmp_path / 'c.db')!r}, *{args!r}]\n"
        "from ledger_cli.start import main\n"
        "main()\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


# A plugin's exit handler, registered before the command line is imported.
HANDLER = "import atexit\natexit.register(print, 'exit handler ran')\n"


def test_the_process_ends_once_its_exit_handlers_have_run(
    tmp_path: Path,
) -> None:
    done = _ended(tmp_path, "--version", before=HANDLER)
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["campaign-ledger, version 0.1.0", "exit handler ran"]


def test_a_refusal_keeps_its_exit_status_and_its_message(tmp_path: Path) -> None:
    done = _ended(tmp_path, "hero", "show", "Nobody", before=HANDLER)
    assert done.returncode == 1
    assert done.stderr.startswith("Error: no ledger database at ")
    assert done.stdout.splitlines() == ["exit handler ran"]


def test_a_thread_still_running_ends_the_process_as_the_interpreter_always_did(
    tmp_path: Path,
) -> None:
    """A plugin's thread that is not a daemon is waited for, as ``sys.exit`` waits for it."""
    before = (
        HANDLER + "import threading, time\n"
        "threading.Thread(target=lambda: (time.sleep(0.2), print('thread done'))).start()\n"
    )
    done = _ended(tmp_path, "--version", before=before)
    assert done.returncode == 0
    assert "thread done" in done.stdout


def test_a_closed_standard_output_is_reported_as_before(tmp_path: Path) -> None:
    """The status a closed pipe gives (``ledger_cli.boundary``) survives the early end."""
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait()
    code = (
        "import sys\n"
        "sys.argv = ['campaign-ledger', '--version']\n"
        "from ledger_cli.start import main\n"
        "main()\n"
    )
    assert reader.stdin is not None
    done = subprocess.run(
        [sys.executable, "-c", code], stdout=reader.stdin, stderr=subprocess.PIPE, text=True
    )
    reader.stdin.close()
    assert done.returncode == 141
    assert "Traceback" not in done.stderr


def test_a_profiled_command_still_writes_its_profile(tmp_path: Path) -> None:
    """cProfile writes its figures once the script returns: the early end would skip them."""
    script = tmp_path / "cli.py"
    script.write_text("from ledger_cli.start import main\nmain()\n", encoding="utf-8")
    profile = tmp_path / "out.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(profile), str(script), "--version"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("campaign-ledger, version ")
    assert profile.stat().st_size > 0
