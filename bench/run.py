"""Runs every bench target and prints one JSON object: each figure, each baseline measured in
the same run, each ratio, and whether its target is met.

    .venv/bin/pip install -e . --group bench
    .venv/bin/python -m bench            # full sizes (about 20 minutes)
    .venv/bin/python -m bench --scale    # adds the 1,000,000-event campaign
    .venv/bin/python -m bench --quick    # a smoke run in seconds (sizes are tiny)

Figures are medians over ``--runs`` runs (p95 for time travel); ratios are always of figures
measured in this run, as rates relative to the baseline (>= target is met) except where
the target is a bound on our own cost (<= target is met).
"""

import argparse
import compileall
import datetime
import importlib.util
import json
import platform
import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

from bench import raw
from bench.measure import (
    Reader,
    child_output,
    cli,
    cli_peak,
    median,
    p95_in_turns,
    run_child,
    timed,
)
from bench.workload import (
    CAMPAIGN,
    HEROES,
    batch_lines,
    build,
    build_pairs,
    build_undo_redo,
    record_through_api,
)
from ledger.campaign import Ledger
from ledger.exchange import export_campaign
from ledger.storage import sqlite_version


@dataclass(frozen=True)
class Sizes:
    commands: int  # target 1
    events: int  # targets 2-4
    points: int  # target 4
    scale: int  # target 5
    startups: int  # target 6
    undo_events: int = 10_000  # target 7
    undo_pairs: int = 3_000  # target 7
    pairs: int = 10_000  # target 8


FULL = Sizes(commands=20_000, events=100_000, points=200, scale=1_000_000, startups=15)
QUICK = Sizes(
    commands=60,
    events=2_000,
    points=20,
    scale=20_000,
    startups=3,
    undo_events=1_000,
    undo_pairs=300,
    pairs=300,
)


def target(ratio: float, goal: float, *, at_most: bool = False) -> dict[str, Any]:
    met = ratio <= goal if at_most else ratio >= goal
    return {"ratio": round(ratio, 3), "target": f"{'<=' if at_most else '>='} {goal}", "met": met}


class Bench:
    def __init__(self, folder: Path, sizes: Sizes, runs: int) -> None:
        self.folder, self.sizes, self.runs = folder, sizes, runs
        self.has_es = importlib.util.find_spec("eventsourcing") is not None
        self.figures: dict[str, Any] = {}
        self.targets: dict[str, Any] = {}
        self.notes: list[str] = []
        self._fresh = 0
        if not self.has_es:
            self.notes.append(
                "eventsourcing is not installed: its baselines are skipped "
                "(pip install -e . --group bench)"
            )

    def fresh(self, name: str) -> Path:
        """A new file name in the bench folder (runs never share a database)."""
        self._fresh += 1
        return self.folder / f"{self._fresh}-{name}"

    def es(self, *args: str) -> Any:
        result = child_output([sys.executable, "-m", "bench.es", *args])
        return msgspec.json.decode(result)

    # Target 1

    def recording(self, rows: list[tuple[object, ...]]) -> None:
        count = self.sizes.commands
        batch = self.folder / "batch.txt"
        batch.write_text("\n".join(batch_lines(count)) + "\n", encoding="utf-8")
        ours, per_event, es, api = [], [], [], []
        for _ in range(self.runs):
            database = self.fresh("batch.db")
            build(database, 0, heroes_only=True)
            ours.append(cli(database, "batch", "--quiet", str(batch)))
            with Ledger.open(database) as ledger:
                written = ledger.campaign(CAMPAIGN).head().seq - 1 - len(HEROES)
            raw_run = partial(raw.commit_per_event, self.fresh("raw.db"), rows[:written])
            per_event.append(timed(raw_run))
            api.append(record_through_api(self.fresh("api.db"), count))
            if self.has_es:
                es.append(self.es("record", str(self.fresh("es.db")), str(count))["seconds"])
        figures = {
            "commands": count,
            "events": written,
            "batch_s": median(ours),
            "commands_per_s": count / median(ours),
            "raw_commit_per_event_s": median(per_event),
            "raw_events_per_s": written / median(per_event),
            # Not a target: the same commands through the Python API, one commit each.
            "api_record_s": median(api),
            "api_vs_raw": median(per_event) / median(api),
        }
        self.figures["1_recording"] = figures
        self.targets["1_recording_vs_raw"] = target(median(per_event) / median(ours), 0.5)
        if es:
            figures["eventsourcing_s"] = median(es)
            figures["api_vs_eventsourcing"] = median(es) / median(api)
            self.targets["1_recording_vs_eventsourcing"] = target(median(es) / median(ours), 1.2)

    # Target 2

    def importing(self, database: Path, rows: list[tuple[object, ...]]) -> None:
        export = self.folder / "export.ndjson"
        with Ledger.open(database) as ledger, export.open("w", encoding="utf-8") as out:
            export_campaign(ledger.campaign(CAMPAIGN), out)
        ours, bulk = [], []
        for _ in range(self.runs):
            ours.append(cli(self.fresh("import.db"), "import", str(export)))
            bulk.append(timed(lambda: raw.one_transaction(self.fresh("bulk.db"), rows)))
        # Not a target: the import streams its file, so its peak does not grow with it.
        _, peak = cli_peak(self.fresh("import.db"), "import", str(export))
        self.figures["2_import"] = {
            "events": len(rows),
            "import_s": median(ours),
            "raw_executemany_s": median(bulk),
            "import_peak_mb": peak,
            "export_mb": export.stat().st_size / 1e6,
        }
        self.targets["2_import_vs_raw"] = target(median(bulk) / median(ours), 0.3)

    # Target 3

    def replaying(self, database: Path, events: int) -> None:
        ours, folds = [], []
        for _ in range(self.runs):
            ours.append(cli(database, "verify"))
            folds.append(timed(lambda: raw.decode_and_fold(database, CAMPAIGN)))
        _, peak = cli_peak(database, "verify")
        figures = {
            "events": events,
            "verify_s": median(ours),
            "verify_peak_mb": peak,
            "raw_decode_fold_s": median(folds),
        }
        self.figures["3_replay"] = figures
        self.targets["3_replay_vs_raw"] = target(median(folds) / median(ours), 0.3)
        if self.has_es:
            rebuilt = self.es("rebuild", str(self.fresh("es.db")), str(events), str(self.runs))
            figures["eventsourcing_rebuild_s"] = median(rebuilt["seconds"])
            figures["eventsourcing_events"] = rebuilt["events"]
            ratio = median(rebuilt["seconds"]) / median(ours)
            self.targets["3_replay_vs_eventsourcing"] = target(ratio, 6.0)

    # Target 4

    @contextmanager
    def at_readers(self, database: Path, head: int) -> Iterator[list[Reader]]:
        """``--at`` at random points, ours (the file opened and the plugins loaded: start-up
        is target 6) and raw (nearest snapshot and a plain fold), over the same points."""
        from ledger.hosting import get_plugin_manager
        from ledger_cli.context import App

        rng = random.Random(7)  # one generator for all: a new one per point gave one point
        points = [rng.randint(1, head) for _ in range(self.sizes.points)]
        with ExitStack() as opened:  # each closed however the rest ends
            app = App(get_plugin_manager(), database=database, campaign_name=CAMPAIGN)
            opened.callback(app.close)
            db = raw.connect(database)
            opened.callback(db.close)
            (fingerprint,) = db.execute("SELECT fingerprint FROM snapshots LIMIT 1").fetchone()
            ours = partial(_state_at, app)
            yield [(ours, points), (partial(raw.state_at, db, CAMPAIGN, fingerprint), points)]

    def travelling(self, database: Path, head: int) -> None:
        with self.at_readers(database, head) as readers:
            ours, bare = p95_in_turns(readers)
        self.figures["4_time_travel"] = {
            "events": head,
            "points": self.sizes.points,
            "at_p95_ms": ours * 1000,
            "raw_snapshot_fold_p95_ms": bare * 1000,
        }
        self.targets["4_time_travel_vs_raw"] = target(ours / bare, 5.0, at_most=True)

    # Target 5

    def scaling(self, enabled: bool, small: Path, small_head: int) -> None:
        if not enabled:
            self.notes.append("target 5 (1,000,000 events) not run: pass --scale")
            return
        database = self.fresh("scale.db")
        head = build(database, self.sizes.scale)
        seconds, peak = cli_peak(database, "verify")
        # Both campaigns, ours and raw, read in turns, so the page cache and the machine's
        # load are alike; raw growth shows what the file's size alone costs.
        with self.at_readers(database, head) as large, self.at_readers(small, small_head) as short:
            at_large, raw_large, at_small, raw_small = p95_in_turns([*large, *short])
        self.figures["5_scale"] = {
            "events": head,
            "verify_s": seconds,
            "verify_peak_mb": peak,
            "at_p95_ms": at_large * 1000,
            "at_p95_ms_short_campaign": at_small * 1000,
            "raw_snapshot_fold_p95_ms": raw_large * 1000,
            "raw_snapshot_fold_p95_ms_short_campaign": raw_small * 1000,
        }
        self.targets["5_scale_verify_peak_mb"] = {
            "value": round(peak, 1),
            "target": "< 300",
            "met": peak < 300,
        }
        # "Does not grow": the p95 on a campaign 10x longer stays within noise (1.5x).
        self.targets["5_scale_at_growth"] = target(at_large / at_small, 1.5, at_most=True)

    # Target 6

    def starting(self, database: Path) -> None:
        imports = "import sqlite3, msgspec, click, pluggy"  # the stated baseline, exactly
        ours, bare = [], []
        for _ in range(self.sizes.startups):
            ours.append(cli(database, "hero", "show", HEROES[0]))
            bare.append(run_child([sys.executable, "-c", imports])[0])
        self.figures["6_startup"] = {
            "hero_show_ms": median(ours) * 1000,
            "bare_imports_ms": median(bare) * 1000,
            "bare_imports": imports,
        }
        self.targets["6_startup_vs_bare_imports"] = target(
            median(ours) / median(bare), 1.5, at_most=True
        )

    # Target 7

    def undoing(self) -> None:
        """verify of a campaign with many undo and redo pairs against one of as many plain
        events: each pair's snapshots are checked by a short fold, not a replay each."""
        plain, pairs = self.fresh("plain.db"), self.fresh("undo-redo.db")
        plain_head = build(plain, self.sizes.undo_events)
        pairs_head = build_undo_redo(pairs, self.sizes.undo_events, self.sizes.undo_pairs)
        plain_s, pairs_s = [], []
        for _ in range(self.runs):
            plain_s.append(cli(plain, "verify"))
            pairs_s.append(cli(pairs, "verify"))
        self.figures["7_undo_redo_verify"] = {
            "events_plain": plain_head,
            "events_with_pairs": pairs_head,
            "undo_redo_pairs": self.sizes.undo_pairs,
            "verify_plain_s": median(plain_s),
            "verify_with_pairs_s": median(pairs_s),
        }
        ratio = median(pairs_s) / median(plain_s)
        self.targets["7_undo_redo_verify_vs_plain"] = target(ratio, 3.0, at_most=True)

    # Target 8

    def discarding(self) -> None:
        """Item gain-and-discard pairs (the copy to the Stock and back) against as many Star
        gain-and-spend pairs: a discard costs what another event costs, in the file and in
        verify, however many were made before."""
        files = {kind: self.fresh(f"{kind}.db") for kind in ("discards", "stars")}
        heads = {kind: build_pairs(path, self.sizes.pairs, kind) for kind, path in files.items()}
        seconds: dict[str, list[float]] = {kind: [] for kind in files}
        for _ in range(self.runs):
            for kind, path in files.items():
                seconds[kind].append(cli(path, "verify"))
        size = {kind: path.stat().st_size / 1e6 for kind, path in files.items()}
        stored = {kind: _stored_mb(path) for kind, path in files.items()}
        self.figures["8_discards"] = {
            "pairs": self.sizes.pairs,
            "events": heads,
            "discards_file_mb": size["discards"],
            "stars_file_mb": size["stars"],
            "discards_verify_s": median(seconds["discards"]),
            "stars_verify_s": median(seconds["stars"]),
            # What the file's size is made of: an item gain's row carries the item's
            # properties (replays never depend on content), the snapshots the state.
            "discards_payloads_mb": stored["discards"][0],
            "stars_payloads_mb": stored["stars"][0],
            "discards_snapshots_mb": stored["discards"][1],
            "stars_snapshots_mb": stored["stars"][1],
        }
        # 2.0: the rows' own payloads make the item file about 1.6x (snapshots about 1.4x).
        self.targets["8_discards_file_vs_stars"] = target(
            size["discards"] / size["stars"], 2.0, at_most=True
        )
        ratio = median(seconds["discards"]) / median(seconds["stars"])
        self.targets["8_discards_verify_vs_stars"] = target(ratio, 1.5, at_most=True)


def _state_at(app: Any, point: int) -> object:
    return app.state(str(point))


def _stored_mb(path: Path) -> tuple[float, float]:
    """Megabytes of the events' payloads and of the snapshots' states in a ledger file."""
    with Ledger.open(path) as ledger:
        (payloads,) = ledger.db.execute("SELECT total(length(payload)) FROM events").fetchone()
        (states,) = ledger.db.execute("SELECT total(length(state)) FROM snapshots").fetchone()
    return payloads / 1e6, states / 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: a smoke run")
    parser.add_argument("--scale", action="store_true", help="also the 1,000,000-event run")
    parser.add_argument("--runs", type=int, default=None, help="runs per median (3; quick 1)")
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go")
    parser.add_argument("--only", default="12345678", help="targets to run, e.g. 36 (default: all)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    runs = args.runs or (1 if args.quick else 3)
    compile_sources()
    folder = Path(tempfile.mkdtemp(prefix="ledger-bench-", dir=args.dir))
    try:
        report = run(Bench(folder, sizes, runs), args.only, args.scale)
    finally:
        shutil.rmtree(folder)
    print(json.dumps(report, indent=2))


def compile_sources() -> None:
    """Byte-compile the ledger's own packages, as pip does when it installs a package (an
    editable install does not, and with PYTHONDONTWRITEBYTECODE set, as on these machines,
    every command would compile every module it imports again; third-party packages, the
    baselines' code, are compiled by pip)."""
    root = Path(__file__).resolve().parent.parent
    for package in ("ledger", "cli", "plugins", "bench"):
        compileall.compile_dir(root / package, quiet=1)


def run(bench: Bench, only: str, scale: bool) -> dict[str, Any]:
    database = bench.folder / "campaign.db"
    head = build(database, bench.sizes.events)
    with Ledger.open(database) as ledger:
        rows = raw.values(ledger.store.rows(CAMPAIGN))
    steps: dict[str, Callable[[], None]] = {
        "1": lambda: bench.recording(rows),
        "2": lambda: bench.importing(database, rows),
        "3": lambda: bench.replaying(database, head),
        "4": lambda: bench.travelling(database, head),
        "5": lambda: bench.scaling(scale, database, head),
        "6": lambda: bench.starting(database),
        "7": bench.undoing,
        "8": bench.discarding,
    }
    for key, step in steps.items():
        if key in only:
            print(f"bench: target {key}…", file=sys.stderr, flush=True)
            step()
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "sqlite": ".".join(map(str, sqlite_version())),
            "platform": platform.platform(),
        },
        "runs": bench.runs,
        "sizes": vars(bench.sizes),
        "figures": bench.figures,
        "targets": bench.targets,
        "notes": bench.notes,
    }
