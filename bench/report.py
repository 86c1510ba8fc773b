"""docs/performance.md's table from a bench run's JSON: ``python -m bench.report bench.json``."""

import json
import sys
from typing import Any

ROWS = (  # target key, what it measures, (figure section, ours, baseline, unit)
    (
        "1_recording_vs_raw",
        "1. `batch` of mixed commands vs raw commit-per-event (same events)",
        ("1_recording", "batch_s", "raw_commit_per_event_s", "s"),
    ),
    (
        "1_recording_vs_eventsourcing",
        "1. `batch` vs eventsourcing, saved per command",
        ("1_recording", "batch_s", "eventsourcing_s", "s"),
    ),
    (
        "2_import_vs_raw",
        "2. `import` of an export vs raw one-transaction `executemany`",
        ("2_import", "import_s", "raw_executemany_s", "s"),
    ),
    (
        "3_replay_vs_raw",
        "3. `verify` (chain + fold) vs raw msgspec decode + dict fold",
        ("3_replay", "verify_s", "raw_decode_fold_s", "s"),
    ),
    (
        "3_replay_vs_eventsourcing",
        "3. `verify` vs eventsourcing rebuilding the aggregate",
        ("3_replay", "verify_s", "eventsourcing_rebuild_s", "s"),
    ),
    (
        "4_time_travel_vs_raw",
        "4. `--at` p95 (200 random points) vs nearest snapshot + raw fold",
        ("4_time_travel", "at_p95_ms", "raw_snapshot_fold_p95_ms", "ms"),
    ),
    (
        "5_scale_verify_peak_mb",
        "5. `verify` of 1,000,000 events: peak memory",
        ("5_scale", "verify_peak_mb", None, "MB"),
    ),
    (
        "5_scale_at_growth",
        "5. `--at` p95 on 1,000,000 events (ours) vs on 100,000 (ours)",
        ("5_scale", "at_p95_ms", "at_p95_ms_short_campaign", "ms"),
    ),
    (
        "6_startup_vs_bare_imports",
        "6. `hero show NAME` vs bare Python importing the same dependencies",
        ("6_startup", "hero_show_ms", "bare_imports_ms", "ms"),
    ),
)


def _number(value: float) -> str:
    return f"{value:,.3g}" if value < 100 else f"{value:,.0f}"


def table(report: dict[str, Any]) -> str:
    lines = ["| Target | Ours | Baseline | Ratio | Goal | |", "|---|---|---|---|---|---|"]
    for key, what, (section, ours, baseline, unit) in ROWS:
        verdict = report["targets"].get(key)
        figures = report["figures"].get(section, {})
        if verdict is None or ours not in figures:
            lines.append(f"| {what} | | | | | not run |")
            continue
        base = ""
        if baseline is not None:  # "section:key" names a figure of another section
            where, _, name = baseline.rpartition(":")
            found = report["figures"].get(where, {}) if where else figures
            base = f"{_number(found[name])} {unit}" if name in found else ""
        ratio = verdict.get("ratio", verdict.get("value"))
        mark = "met" if verdict["met"] else "**missed**"
        lines.append(
            f"| {what} | {_number(figures[ours])} {unit} | {base} | {ratio} | "
            f"{verdict['target']} | {mark} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as source:
        print(table(json.load(source)))
