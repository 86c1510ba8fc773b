"""Timing helpers: medians, percentiles, and child processes with their own peak memory."""

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

CLI = str(Path(sys.executable).parent / "campaign-ledger")


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def run_child(args: Sequence[str], *, stdin: Path | None = None) -> tuple[float, float]:
    """Seconds and peak resident memory (MB) of one child process, which must succeed."""
    with open(stdin or os.devnull, "rb") as source:
        start = time.perf_counter()
        child = subprocess.Popen(
            list(args), stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _, status, usage = os.wait4(child.pid, 0)  # this child's rusage only
        seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({child.returncode}): {errors[-2000:]}")
    return seconds, usage.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


def cli(database: Path, *args: str) -> tuple[float, float]:
    return run_child([CLI, "--database", str(database), *args])


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
