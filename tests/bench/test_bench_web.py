"""The web bench runs end to end on tiny sizes and reports every target (measured, never
asserted: timing belongs to `python -m bench.web`)."""

import json
import subprocess
import sys

from tests.helpers import ROOT

TARGETS = {
    "party_page_p95_ms",
    "hero_json_p95_ms",
    "record_action_p95_ms",
    "record_command_text_p95_ms",
    "update_seen_p95_ms",
    "sustained_errors",
    "cli_process_vs_api_record",
}


def test_the_quick_web_bench_reports_every_target_as_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.web", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["targets"]) == TARGETS
    for name, verdict in report["targets"].items():
        assert isinstance(verdict["met"], bool), name
    assert report["figures"]["events"] >= 300
    assert report["figures"]["sustained"]["requests"] > 0
