"""The benchmark still runs (on a tiny campaign: its ratios are measured, not asserted)."""

import subprocess
import sys

from tests.helpers import ROOT

BENCH = ROOT / "bench" / "bench_projection.py"


def test_the_projection_benchmark_runs() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--events", "60", "--baseline-events", "30"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "query at a random point:" in result.stdout
