"""The command line's process ends without a last pass of the cycle collector."""

import gc
import subprocess
import sys

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
        "sys.argv = ['campaign-ledger', '--version']\n"
        "from ledger_cli.start import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(max(walked, default=0))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    walked = int(done.stdout.splitlines()[-1])
    assert walked < 5_000  # importing it makes some 20,000
