"""What one commit of one event costs in SQLite alone, schema against schema, in one run:

    .venv/bin/python -m bench.commit_cost [--rows 3000] [--rounds 7] [--full]

The same ledger rows (the bench's commands, their step columns set as a played campaign's
would be: a new step every 40 rows) are inserted one per transaction (BEGIN, INSERT,
COMMIT; WAL, ``synchronous=NORMAL`` as in a batch, ``--full`` for FULL) into a fresh file
of each schema: the ledger's before m003_lean_indexes ("old"), the ledger's now ("new"), and
the bare table without indexes or triggers ("bare"). Rounds alternate the schemas; the
figures are medians of microseconds per commit."""

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bench import raw
from bench.workload import CAMPAIGN, build
from ledger.campaign import Ledger
from ledger.storage import COLUMNS, migrations

STEP_EVERY = 40
CYCLE = ("city", "journey", "scenario")
_STEP = [COLUMNS.index(c) for c in ("step_kind", "step_number", "scenario")]


def played_rows(folder: Path, count: int) -> list[list[Any]]:
    """The bench's rows, each in the step a campaign that changes step every STEP_EVERY
    rows would record."""
    build(folder / "source.db", count)
    with Ledger.open(folder / "source.db") as ledger:
        rows = raw.values(ledger.store.rows(CAMPAIGN))[1:]  # a campaign is created once
    played = []
    for index, row in enumerate(rows):
        step = index // STEP_EVERY
        kind = CYCLE[step % 3]
        values = list(row)
        values[_STEP[0]], values[_STEP[1]] = kind, step // 3 + 1
        values[_STEP[2]] = step % 7 + 1 if kind == "scenario" else None
        played.append(values)
    return played


def schema(path: Path, which: str, synchronous: str) -> Any:
    db = raw.create(path) if which == "bare" else raw.connect(path)
    db.execute(f"PRAGMA synchronous = {synchronous}")
    if which != "bare":
        stop = "m003_lean_indexes" if which == "old" else None
        migrations.apply(Database(db), stop_before=stop)
    return db


def per_commit(path: Path, which: str, rows: list[list[Any]], synchronous: str) -> float:
    """Microseconds per commit."""
    db = schema(path, which, synchronous)
    insert = raw._INSERT
    start = time.perf_counter()
    for row in rows:
        db.execute("BEGIN")
        db.execute(insert, row)
        db.execute("COMMIT")
    seconds = time.perf_counter() - start
    db.close()
    return seconds / len(rows) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--full", action="store_true", help="synchronous=FULL, not NORMAL")
    args = parser.parse_args()
    synchronous = "FULL" if args.full else "NORMAL"
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rows = played_rows(folder, args.rows)
        times: dict[str, list[float]] = {"bare": [], "old": [], "new": []}
        for round_ in range(args.rounds):
            for which, runs in times.items():
                runs.append(per_commit(folder / f"{which}-{round_}.db", which, rows, synchronous))
    medians = {which: round(statistics.median(runs), 1) for which, runs in times.items()}
    print(
        json.dumps(
            {
                "rows": len(rows),
                "synchronous": synchronous,
                "us_per_commit": medians,
                "new_vs_old": round(medians["new"] / medians["old"], 3),
                "runs": {which: [round(t, 1) for t in runs] for which, runs in times.items()},
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
