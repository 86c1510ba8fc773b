"""A command typed in ``campaign-ledger shell`` against the same command as a process of its
own (issue 26), in one run, on the same campaign of 1,000 events:

    .venv/bin/python -m bench.shell            # 40 commands each way, 3 runs
    .venv/bin/python -m bench.shell --quick    # a smoke run

The shell's cost per command is read off two piped sessions, one with N more commands than
the other (what starting the session costs cancels out); the process's is its median. Prints
one JSON object: both figures and their ratio."""

import argparse
import json
import subprocess
import tempfile
from pathlib import Path

from bench.measure import CLI, cli, median, timed
from bench.workload import build

LINES = ("damage Torrax 1", "heal Torrax 1")  # a recording command, undone by the next


def session(database: Path, count: int) -> float:
    """Seconds of one piped shell session running ``count`` commands (plus one to open)."""
    lines = ["hero show Torrax", *(LINES[n % 2] for n in range(count))]
    data = ("\n".join(lines) + "\n").encode()

    def run() -> None:
        done = subprocess.run(
            [CLI, "--database", str(database), "shell"],
            input=data,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if done.returncode != 0:
            raise RuntimeError(f"the shell failed: {done.stderr.decode()[-2000:]}")

    return timed(run)


def measure(count: int, runs: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.db"
        build(database, 1_000)
        in_shell = []
        for _ in range(runs):
            extra = session(database, 2 * count) - session(database, count)
            in_shell.append(extra / count)
        as_process = [cli(database, *LINES[n % 2].split()) for n in range(count * runs)]
    shell_ms, process_ms = median(in_shell) * 1000, median(as_process) * 1000
    return {
        "events": 1_000,
        "commands": count,
        "runs": runs,
        "command_in_shell_ms": round(shell_ms, 2),
        "command_as_process_ms": round(process_ms, 2),
        "process_over_shell": round(process_ms / shell_ms, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="A smoke run: 5 commands, 1 run.")
    options = parser.parse_args()
    count, runs = (5, 1) if options.quick else (40, 3)
    print(json.dumps(measure(count, runs), indent=2))


if __name__ == "__main__":
    main()
