"""Ctrl-C in a long `batch`: it stops between or within a line, every line recorded stays
whole, and it says how many lines were recorded and the exact --from-line that resumes."""

import re
from pathlib import Path

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.typist import Typist

LINES = 20_000


def test_ctrl_c_says_what_was_recorded_and_where_to_resume(
    party: Invoke, db_path: Path, tmp_path: Path
) -> None:
    evening = tmp_path / "long evening.txt"
    evening.write_text("step city\n" + "damage Torrax 1\nheal Torrax 1\n" * (LINES // 2))
    typist = Typist.ledger(db_path, "batch", "--quiet", str(evening))
    typist.expect("Torrax takes 1 damage")  # under way
    typist.interrupt()  # SIGINT, as Ctrl-C at the terminal sends it
    status = typist.wait()
    said = re.search(
        r"interrupted: ([\d,]+) lines recorded \(up to line ([\d,]+)\), each whole; resume "
        r"with: campaign-ledger batch '(.+)' --from-line (\d+)",
        typist.text.replace("\n", " "),
    )
    assert said is not None, typist.text[-2000:]
    assert status == 130
    recorded, last = (int(said[n].replace(",", "")) for n in (1, 2))
    assert said[3] == str(evening)
    resume = int(said[4])
    assert resume == last + 1
    assert 0 < recorded < LINES + 1
    assert "Traceback" not in typist.text
    # The campaign and its two Heroes, then one event per line recorded: none half-written.
    assert event_count(db_path) == 3 + recorded
    resumed = party("batch", "--quiet", str(evening), "--from-line", str(resume))
    assert resumed.exit_code == 0
    # Every line ran exactly once: one event each, and Torrax ends unhurt.
    assert event_count(db_path) == 3 + 1 + LINES
    assert '"wound": 0' in party("hero", "show", "Torrax", "--json").output


def test_ctrl_c_in_an_atomic_batch_writes_nothing(
    party: Invoke, db_path: Path, tmp_path: Path
) -> None:
    evening = tmp_path / "evening.txt"
    evening.write_text("damage Torrax 1\nheal Torrax 1\n" * 20_000)
    before = event_count(db_path)
    typist = Typist.ledger(db_path, "batch", "--atomic", str(evening))
    typist.expect("/40000")  # its progress bar: under way (it shows no line until the end)
    typist.interrupt()
    assert typist.wait() == 130
    assert "interrupted: nothing was written (--atomic)" in typist.text
    assert event_count(db_path) == before
