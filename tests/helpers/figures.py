"""The reliability tests' figures: each test appends what it tried and what went wrong to a
JSON-lines file (``--report-figures FILE``); the run ends with them as a Markdown table.

Where they can, tests write their figures before their final assertions, so that a failing
run shows its non-zero counts; a check that fails midway (after a kill, say) stops the test
before it writes any.
"""

import json
from collections import defaultdict
from pathlib import Path

import pytest

OPTION = "report_figures"
PATH = pytest.StashKey[Path]()


def configure(config: pytest.Config) -> Path | None:
    """The figures file as an absolute path, fixed before any test changes directory."""
    option = config.getoption(OPTION)
    if option is None:
        return None
    path = config.stash[PATH] = Path(option).resolve()
    return path


def record(config: pytest.Config, area: str, **figures: int) -> None:
    """Add ``figures`` (name: count) to ``area``'s row; a no-op without --report-figures."""
    path = config.stash.get(PATH, None)
    if path is None:
        return
    line = json.dumps({"area": area, "figures": figures})
    with path.open("a", encoding="utf-8") as out:  # one short append per test: no tearing
        out.write(line + "\n")


def table(path: Path) -> str:
    """One row per area, each figure summed over the tests (and xdist workers) that gave it."""
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        for name, value in entry["figures"].items():
            rows[entry["area"]][name] += value
    lines = ["| Test | Figures |", "|---|---|"]
    for area in sorted(rows):
        shown = ", ".join(f"{value:,} {name}" for name, value in rows[area].items())
        lines.append(f"| {area} | {shown} |")
    return "\n".join(lines)
