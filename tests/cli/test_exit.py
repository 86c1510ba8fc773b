"""The command line's process ends without a last pass of the cycle collector."""

import gc
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
