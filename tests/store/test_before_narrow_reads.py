"""A campaign file written by main dd4720a, before the log's narrow reads and their indexes
(m007): opened and upgraded, or read-only as it is (no index, nothing upgraded), its log
under every filter, its timeline, its plots' data and each command's landing line answer
exactly as main answered (``campaign_files/before_narrow_reads.answers.json``). The text
log differs only where issue 26 asked: every row now shows its event number."""

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ledger.campaign import timeline
from ledger.service import Service
from ledger.storage import _database
from ledger_web.pages import charts, views
from tests.helpers.cli import Invoke
from tests.helpers.old_campaigns import FILES, copy_of

KEPT = json.loads((FILES / "before_narrow_reads.answers.json").read_text("utf-8"))


@pytest.fixture(params=["upgraded", "read-only"])
def old(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the kept file, upgraded on opening, or opened as on read-only media (as it
    is: immutable, without m007's indexes)."""
    path = copy_of("before_narrow_reads.db", tmp_path)
    if request.param == "read-only":
        monkeypatch.setattr(_database, "_on_read_only_media", lambda path: True)
    return path


def _numbered(old_text: str, entries: list[dict[str, Any]]) -> str:
    """Main's text log with the event number on every row: ``    +  `` became ``   15+ ``
    (the lines after the rows, a hint, as they were)."""
    lines = old_text.splitlines()
    assert len(lines) in (len(entries), len(entries) + 1)
    fixed = []
    for line, entry in zip(lines, entries, strict=False):
        lead, rest = line[:5], line[7:]
        mark = "+" if lead.strip() == "+" else " "
        assert lead.strip() in ("+", str(entry["seq"]))
        fixed.append(f"{entry['seq']:>5}{mark} {rest}")
    return "\n".join(fixed + lines[len(entries) :]) + "\n"


def test_the_log_answers_as_main_did(old: Path, invoke: Invoke) -> None:
    assert len(KEPT["log"]) >= 20
    for kept in KEPT["log"]:
        question = ["--database", str(old), "log", *kept["question"]]
        now = invoke(*question, "--json")
        assert now.exit_code == 0, now.output
        assert json.loads(now.output) == kept["json"], kept["question"]
        text = invoke(*question)
        assert text.output == _numbered(kept["text"], kept["json"]), kept["question"]


def test_the_kept_answers_hold_what_the_narrow_reads_must_get_right() -> None:
    """So the test above compares something: rows without their number in main's text, a
    Hero found through a gift (``to``), undone rows, a step's second play."""
    by = {" ".join(k["question"]): k for k in KEPT["log"]}
    assert re.search(r"^\s+\+  city 1", by["--hero Venia"]["text"], re.MULTILINE)
    assert "Torrax gives Rope to Venia" in by["--hero Venia"]["text"]
    assert [e["seq"] for e in by["--undone"]["json"]] == [10, 29, 35, 36]
    assert by["--step scenario-1.2"]["json"][0]["seq"] == 33
    assert len(by["-n 5"]["json"]) == 5


def test_the_timeline_plots_and_landing_lines_answer_as_main_did(old: Path) -> None:
    with Service(old) as service:
        campaign = service.campaign()
        assert [msgspec.to_builtins(p) for p in timeline(campaign)] == KEPT["timeline"]
        plots = {p.key: json.loads(charts.as_json(p)) for p in charts.all_plots(service)}
        assert plots == KEPT["plots"]
        head = campaign.head().seq
        recorded = {str(seq): views.recorded(service, seq) for seq in range(0, head + 3)}
        assert recorded == KEPT["recorded"]


def test_the_read_only_file_is_read_without_the_new_indexes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_of("before_narrow_reads.db", tmp_path)
    monkeypatch.setattr(_database, "_on_read_only_media", lambda path: True)
    with Service(path) as service:
        assert service.campaign().store.log_indexes() == frozenset()
    monkeypatch.undo()
    with Service(path) as service:  # opened to write: upgraded
        assert len(service.campaign().store.log_indexes()) == 3
