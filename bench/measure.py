"""Timing helpers: medians, percentiles, and child processes with their own peak memory."""

import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

CLI = str(Path(sys.executable).parent / "campaign-ledger")


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _run(args: Sequence[str]) -> tuple[float, int, str]:
    """Seconds, exit status and stderr of one child process, which must succeed."""
    start = time.perf_counter()
    child = subprocess.run(
        list(args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    seconds = time.perf_counter() - start
    errors = child.stderr.decode()
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({child.returncode}): {errors[-2000:]}")
    return seconds, child.returncode, errors


def run_child(args: Sequence[str]) -> tuple[float, str]:
    """Seconds and stderr of one child process, which must succeed."""
    seconds, _, errors = _run(args)
    return seconds, errors


def cli(database: Path, *args: str) -> float:
    """Seconds of one CLI command, run as the players run it."""
    return run_child([CLI, "--database", str(database), *args])[0]


def cli_peak(database: Path, *args: str) -> tuple[float, float]:
    """Seconds and peak memory (MB) of the CLI's own address space (see bench.peak)."""
    command = [sys.executable, "-m", "bench.peak", "--database", str(database), *args]
    seconds, _, errors = _run(command)
    peaks = [line for line in errors.splitlines() if line.startswith("peak-kb ")]
    return seconds, int(peaks[-1].split()[1]) / 1024


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


Reader = tuple[Callable[[int], object], Sequence[int]]  # a read of one point, and its points


def p95_in_turns(readers: Sequence[Reader]) -> list[float]:
    """The p95 seconds of each reader over its points, after one untimed pass (the steady
    cost, not the first read from disk). The readers take turns point by point, so a burst
    of load on a shared machine falls on all of them alike, not on one reader's pass."""
    for read, points in readers:
        for point in points:
            read(point)
    seconds: list[list[float]] = [[] for _ in readers]
    for turn in zip(*(points for _, points in readers), strict=True):
        for (read, _), point, found in zip(readers, turn, seconds, strict=True):
            found.append(timed(partial(read, point)))
    return [p95(found) for found in seconds]


def child_output(args: Sequence[str]) -> bytes:
    """What a child process that must succeed printed on stdout."""
    return subprocess.run(list(args), check=True, capture_output=True).stdout
