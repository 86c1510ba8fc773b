"""The bench suite runs end to end on tiny sizes and reports every target (figures and ratios
are measured, never asserted: timing belongs to `python -m bench`, not to the tests)."""

import json
import subprocess
import sys

from bench.report import ROWS, margin, table
from tests.helpers import ROOT

TARGETS = {
    "1_recording_vs_raw",
    "2_import_vs_raw",
    "3_replay_vs_raw",
    "4_time_travel_vs_raw",
    "5_scale_verify_peak_mb",
    "5_scale_at_growth",
    "6_startup_vs_bare_imports",
    "7_undo_redo_verify_vs_plain",
    "8_discards_file_vs_stars",
    "8_discards_verify_vs_stars",
}


def test_the_quick_bench_reports_every_target_as_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--scale"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["targets"]) >= TARGETS
    for name, verdict in report["targets"].items():
        assert isinstance(verdict["met"], bool), name
        assert verdict["target"].startswith(("<", ">")), name
    assert report["figures"]["3_replay"]["events"] >= 2_000
    assert report["figures"]["5_scale"]["verify_peak_mb"] > 0
    has_eventsourcing = "1_recording_vs_eventsourcing" in report["targets"]
    skipped = any("eventsourcing is not installed" in note for note in report["notes"])
    assert has_eventsourcing != skipped  # measured, or skipped with a note saying so
    printed = table(report).splitlines()
    for name, verdict in report["targets"].items():  # every target, with its margin
        what = ROWS[name][0] if name in ROWS else name
        (row,) = [line for line in printed if line.startswith(f"| {what} |")]
        room = margin(verdict.get("ratio", verdict.get("value")), verdict["target"])
        assert f"| {verdict['target']} | {room:+.0%} |" in row


def test_the_margin_is_the_room_on_the_right_side_of_the_goal() -> None:
    assert round(margin(1.5, ">= 1.2"), 3) == 0.25
    assert round(margin(1.2, "<= 1.5"), 3) == 0.25
    assert margin(1.0, ">= 1.2") < 0
    assert margin(70.0, "< 300") > 3


def _row(key: str, ratio: float, goal: str) -> str:
    report = {"targets": {key: {"ratio": ratio, "target": goal, "met": True}}, "figures": {}}
    (row,) = [line for line in table(report).splitlines() if line.startswith(f"| {ROWS[key][0]} |")]
    return row


def test_a_narrow_pass_is_flagged_unless_the_goal_holds_the_margin() -> None:
    """Issue 27's 6x eventsourcing is its first 5x with the 20 % margin: 6.2x holds it. A goal
    given without one (target 8's 1.5x) met by 13 % is flagged."""
    assert _row("3_replay_vs_eventsourcing", 6.2, ">= 6.0").endswith(
        "| +3% | met (the goal holds the 20 % margin) |"
    )
    assert _row("8_discards_verify_vs_stars", 1.33, "<= 1.5").endswith(
        "| +13% | met, **under 20 % margin** |"
    )
    assert _row("8_discards_verify_vs_stars", 1.2, "<= 1.5").endswith("| +25% | met |")
    assert _row("3_replay_vs_eventsourcing", 7.5, ">= 6.0").endswith("| +25% | met |")
