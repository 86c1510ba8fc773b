"""The command line's process ends without a last pass of the cycle collector."""

import gc
import sys

import pytest

from ledger_cli import app


def test_main_freezes_every_object_before_the_interpreter_shuts_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(sys, "argv", ["campaign-ledger", "--version"])
    with pytest.raises(SystemExit) as ended:
        app.main()
    assert ended.value.code == 0
    assert frozen == [True]
