"""An export killed midway (SIGKILL, a real process): the file it was replacing is either
what it held before or the whole new export, never half of one, and nothing is left beside
it (the export is written nameless and takes the name only once whole)."""

import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

from ledger.campaign import Ledger
from ledger_base_game.events import StarsGained, StarsSpent
from tests.helpers.console import SCRIPT
from tests.helpers.party import make_party

KILLS = 6


def whole_export(text: str) -> bool:
    lines = text.splitlines()
    return text.endswith("\n") and json.loads(lines[0])["events"] == len(lines) - 1


def writing(child: "subprocess.Popen[bytes]", folder: Path) -> None:
    """Wait until ``child`` has a file open in ``folder`` (the export it is writing)."""
    deadline = time.monotonic() + 30
    while child.poll() is None and time.monotonic() < deadline:
        try:
            opened = [os.readlink(fd) for fd in Path(f"/proc/{child.pid}/fd").iterdir()]
        except OSError:  # a descriptor closed while listed
            continue
        if any(name.startswith(f"{folder}/") for name in opened):
            return
        time.sleep(0.001)


def test_an_export_killed_midway_leaves_the_old_file_or_the_whole_new_one(
    tmp_path: Path, soak: int, record_figures: object
) -> None:
    db_path = tmp_path / "party.db"
    make_party(db_path)
    with Ledger.open(db_path) as ledger:
        campaign = ledger.campaign()
        for _ in range(5):  # some 5,000 events: an export takes a while to write
            campaign.record(
                [StarsGained(hero="Torrax", amount=1), StarsSpent(hero="Torrax", amount=1)] * 500
            )
    target = tmp_path / "out" / "party.ndjson"
    target.parent.mkdir()
    target.write_text("the export of last week\n")
    rng = random.Random()
    old, new, killed, attempts = 0, 0, 0, 0
    delay = 0.05  # the longest wait before the kill: halved each time the export got done first
    while killed < KILLS * soak and attempts < 5 * KILLS * soak:
        attempts += 1
        child = subprocess.Popen(
            [str(SCRIPT), "--database", str(db_path), "export", "--force", str(target)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        writing(child, target.parent)
        time.sleep(rng.uniform(0, delay))
        child.send_signal(signal.SIGKILL)
        if child.wait(timeout=60) == -signal.SIGKILL:
            killed += 1
        else:  # the export was done before the kill: a machine this fast needs less wait
            delay /= 2
        text = target.read_text()
        if text == "the export of last week\n":
            old += 1
        else:
            assert whole_export(text), "the export is half-written"
            new += 1
        assert [path.name for path in target.parent.iterdir()] == ["party.ndjson"]
    record_figures(
        "Export: SIGKILL while writing", kills=killed, **{"old file kept": old, "whole": new}
    )
    assert killed == KILLS * soak, "too few exports were killed midway to prove anything"
    target.unlink()
    child = subprocess.Popen([str(SCRIPT), "--database", str(db_path), "export", str(target)])
    writing(child, target.parent)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert not target.exists() or whole_export(target.read_text())
    assert [path.name for path in target.parent.iterdir()] in ([], ["party.ndjson"])
