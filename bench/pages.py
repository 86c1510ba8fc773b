"""Every web page and every narrow read of the log at two sizes (issue 22 point 4, issue 27's
narrow reads): is each as fast at 10^5 events as at 10^3, and small?

    .venv/bin/python -m bench.pages                  # 10^3 and 10^5 events
    .venv/bin/python -m bench.pages --quick          # 300 and 3,000 events, a smoke run
    .venv/bin/python -m bench.pages --sizes 1000 100000 1000000

The campaigns are the bench's workload (``bench.workload``: the rows ``record`` writes),
in play sessions of 250 events, each with a step, recorded through the ledger's own actions,
and three commands undone at the end (its undo); each is built once and kept under the
temp dir (a 10^5 file takes a minute).
Pages are read from a real ``campaign-ledger serve``, one request after another: p95 of
``--samples`` reads, the size of the answer, and the same after a tap (a page read right
after recording one command, the cache-by-head case), and the first ``/plots`` after the
server starts (cold: every state it keeps read once). The log's reads are timed in this
process through the service (the functions ``log`` and the web call; a process start
would hide them), with the growth exponent between the smallest and largest size.

It also prices the log's indexes: a commit of one event with m007's indexes against one
without them (``bench.commit_cost``'s rows and method), rounds alternating.

Goals: every page's p95 <= 50 ms at the largest size and within 2x of itself at the
smallest; no page over 300 KB; every read's exponent about 0. Prints one JSON object."""

import argparse
import hashlib
import inspect
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from bench.measure import median, p95
from bench.web import serve
from bench.workload import CAMPAIGN, CYCLE, HEROES, Builder, commands, joined

PAGE_P95_MS = 50.0
PAGE_GROWTH = 2.0
PAGE_BYTES = 300_000
EVERY = 250  # events between two sessions (each with a step)


def _workload_version() -> str:
    """Changes when what builds the campaign changes (the workload, ``build``, the schema)."""
    from ledger.storage import migrations

    workload = (Path(__file__).resolve().parent / "workload.py").read_text("utf-8")
    schema = ",".join(m.name for m in migrations._migrations)
    text = workload + inspect.getsource(build) + schema
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def build(path: Path, events: int) -> int:
    """The workload's campaign of about ``events`` events in sessions of EVERY events (fewer
    in a campaign too short for five), each beginning with a step (City, Journey, a Scenario
    begun and ended, in turn), then three commands undone; its head."""
    from ledger.actions import Game, decide
    from ledger.campaign import Ledger, end_session, start_session
    from ledger_base_game.actions import (
        end_scenario,
        start_city_step,
        start_journey_step,
        start_scenario_step,
    )

    builder = Builder(path)
    for hero in HEROES:
        builder.record([joined(hero)])
    registry = builder.ledger.registry

    # A scenario ends as it starts: the workload's check counts a stamina face as outside
    # a scenario does.
    def scenario() -> None:
        act(start_scenario_step, scenario=1)
        act(end_scenario, outcome="S1")

    steps: list[Callable[[], None]] = [
        lambda: act(start_city_step),
        lambda: act(start_journey_step),
        scenario,
    ]
    marks, every = 0, min(EVERY, max(events // 5, 20))

    def act(action: Callable[..., Any], **intent: object) -> None:
        game = Game(state=builder.state, registry=registry, campaign=builder.campaign)
        builder.record(decide(action, game, intent))

    for n, (hero, command) in enumerate(commands(2**62)):
        if builder.head.seq >= events:
            break
        if builder.head.seq // every > marks and n % len(CYCLE) == 0:  # every Hero as found
            if marks:
                act(end_session)
            marks += 1
            act(start_session)  # an evening: this step and the workload until the next
            steps[marks % 3]()
        builder.record(command.events(registry, hero))
    builder.close()
    with Ledger.open(path) as ledger:  # a few undone commands, through the ledger's undo
        campaign = ledger.campaign(CAMPAIGN)
        for hero, command in commands(3):
            campaign.record(command.events(ledger.registry, hero))
            campaign.undo()
        return campaign.head().seq


def campaign_file(events: int) -> Path:
    """The campaign of ``events`` events, built once per workload version under the temp dir."""
    folder = Path(tempfile.gettempdir()) / "campaign-ledger-bench"
    folder.mkdir(exist_ok=True)
    path = folder / f"pages-{events}-{_workload_version()}.db"
    if not path.exists():
        building = path.with_suffix(".building")
        building.unlink(missing_ok=True)
        build(building, events)
        building.rename(path)
    return path


def timed_ms(work: Callable[[], object], count: int) -> float:
    """The median milliseconds of ``count`` runs of ``work``."""
    found = []
    for _ in range(count):
        start = time.perf_counter()
        work()
        found.append((time.perf_counter() - start) * 1000)
    return median(found)


def reads(path: Path, count: int) -> dict[str, float]:
    """Milliseconds (median) of each narrow read of the log, through the service."""
    from ledger.campaign import LogQuery, command_log, timeline
    from ledger.service import Service

    with Service(path) as service:
        campaign = service.campaign()
        head = campaign.head().seq
        middle = campaign.store.rows(campaign.name, after=head // 2 - 1, upto=head // 2)[0]
        # The last whole session (the last one is still being played: a few events, or 250)
        session = len([p for p in timeline(campaign) if p.kind == "session"]) - 1
        queries = {
            "log -n 20": LogQuery(tail=20),
            "log --hero Torrax -n 5": LogQuery(hero="Torrax", tail=5),
            "log --type damage-taken -n 5": LogQuery(types=("damage-taken",), tail=5),
            "log --type session-started -n 5": LogQuery(types=("session-started",), tail=5),
            "log --step (the last) -n 20": LogQuery(step=_last_step(campaign), tail=20),
            "log --session (the last whole one)": LogQuery(session=session),
            "log --undone -n 5": LogQuery(undone=True, tail=5),
            "log --since N --until N+10": LogQuery(
                since=str(middle.seq), until=str(middle.seq + 10)
            ),
            "log -n 100 --before (the middle)": LogQuery(tail=100, before=middle.seq),
        }
        found = {name: timed_ms(_entries(service, query), count) for name, query in queries.items()}
        found["a command's events"] = timed_ms(lambda: command_log(campaign, middle.command), count)
    return found


def _entries(service: Any, query: Any) -> Callable[[], object]:
    return lambda: service.entries(query)


def _last_step(campaign: Any) -> str:
    from ledger.campaign import timeline

    last = [p for p in timeline(campaign) if p.kind != "session"][-1]
    return last.ref


def pages(path: Path, samples: int) -> tuple[dict[str, dict[str, float]], float]:
    """p95 milliseconds and bytes of every page, steady and right after a tap; and the
    milliseconds of the first ``/plots`` after the server starts (cold: nothing kept)."""
    server, url = serve(path)
    try:
        with httpx.Client(base_url=url, timeout=120) as http:
            start = time.perf_counter()
            first = http.get("/plots")
            cold = (time.perf_counter() - start) * 1000
            if first.status_code != 200:
                raise SystemExit(f"/plots: {first.status_code} {first.text[:300]}")
            headers = {"X-CSRF-Token": http.get("/api").json()["csrf_token"]}

            def tap() -> int:
                body = {"hero": HEROES[0], "amount": 1}
                answer = http.post("/api/actions/gain_stars", json=body, headers=headers)
                return int(answer.json()["events"][0]["seq"])

            recorded = tap()
            log = http.get("/api/log", params={"limit": 100}).json()
            paths = {
                "/": "/",
                "/?recorded=SEQ": f"/?recorded={recorded}",
                "/heroes/Torrax": "/heroes/Torrax",
                "/actions?hero=Torrax": "/actions?hero=Torrax",
                "/check": "/check",
                "/log": "/log",
                "/log (next page, on scroll)": f"/log?before={log['next_before']}",
                "/log?hero=Torrax": "/log?hero=Torrax",
                "/log?types=session-started": "/log?types=session-started",
                "/log?undone=true": "/log?undone=true",
                "/timeline": "/timeline",
                "/sessions/1": "/sessions/1",
                "/plots": "/plots",
                "/api/log?hero=Venia": "/api/log?hero=Venia",
            }
            found: dict[str, dict[str, float]] = {}
            for name, address in paths.items():
                scroll = {"HX-Request": "true"} if "before=" in address else {}
                answer = http.get(address, headers=scroll)  # the first read fills caches
                if answer.status_code != 200:
                    raise SystemExit(f"{address}: {answer.status_code} {answer.text[:300]}")

                def read(address: str = address, scroll: dict[str, str] = scroll) -> httpx.Response:
                    return http.get(address, headers=scroll)

                steady = _latencies(samples, read)
                after = []
                for _ in range(max(5, samples // 5)):
                    tap()
                    after += _latencies(1, read)
                found[name] = {
                    "p95_ms": round(p95(steady), 2),
                    "after_a_tap_p95_ms": round(p95(after), 2),
                    "bytes": len(answer.content),
                }
    finally:
        server.terminate()
        server.wait(10)
    return found, round(cold, 1)


def _latencies(count: int, request: Callable[[], httpx.Response]) -> list[float]:
    found = []
    for _ in range(count):
        start = time.perf_counter()
        request()
        found.append((time.perf_counter() - start) * 1000)
    return found


def exponent(small: float, large: float, n_small: int, n_large: int) -> float:
    """The growth exponent k of time ~ n^k between two sizes (0: flat, 1: linear)."""
    return round(math.log(max(large, 1e-6) / max(small, 1e-6)) / math.log(n_large / n_small), 2)


def index_cost(rows: int, rounds: int, synchronous: str) -> dict[str, Any]:
    """Microseconds per commit of one event (bench.commit_cost's rows), the schema before
    m007's log indexes against the schema with them, rounds alternating, in one run."""
    from sqlite_utils import Database

    from bench import raw
    from bench.commit_cost import played_rows
    from ledger.storage import migrations

    def per_commit(path: Path, stop: str | None) -> float:
        db = raw.connect(path)
        db.execute(f"PRAGMA synchronous = {synchronous}")
        migrations.apply(Database(db), stop_before=stop)
        start = time.perf_counter()
        for row in played:
            db.execute("BEGIN")
            db.execute(raw._INSERT, row)
            db.execute("COMMIT")
        seconds = time.perf_counter() - start
        db.close()
        return seconds / len(played) * 1e6

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        played = played_rows(folder, rows)
        times: dict[str, list[float]] = {"before m007": [], "with m007": []}
        for round_ in range(rounds):
            times["before m007"].append(per_commit(folder / f"a{round_}.db", "m007_log_indexes"))
            times["with m007"].append(per_commit(folder / f"b{round_}.db", None))
    medians = {which: round(median(runs), 1) for which, runs in times.items()}
    return {
        "synchronous": synchronous,
        "us_per_commit": medians,
        "with_vs_before": round(medians["with m007"] / medians["before m007"], 3),
    }


def _remove(database: Path) -> None:
    for name in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        name.unlink(missing_ok=True)


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    dirty = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True)
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def run(
    sizes: list[int], samples: int, read_count: int, rounds: int, *, with_pages: bool = True
) -> dict[str, Any]:
    heads, page_figures, read_figures, cold = {}, {}, {}, {}
    for size in sizes:
        path = campaign_file(size)
        from ledger.service import Service

        with Service(path) as service:
            heads[size] = service.campaign().head().seq
        read_figures[size] = reads(path, read_count)
        if with_pages and size <= 100_000:
            copy = path.with_name(f"serving-{path.name}")  # taps write to a copy
            _remove(copy)  # with the log a killed server left, which would replay its taps
            copy.write_bytes(path.read_bytes())
            page_figures[size], cold[size] = pages(copy, samples)
            _remove(copy)
    targets = {}
    for name, figure in page_figures[max(page_figures)].items() if page_figures else ():
        small = min(page_figures)
        worst = max(figure["p95_ms"], figure["after_a_tap_p95_ms"])
        base = page_figures[small][name]
        base_worst = max(base["p95_ms"], base["after_a_tap_p95_ms"])
        targets[name] = {
            "p95_ms": worst,
            "vs_small": round(worst / base_worst, 2),
            "bytes": figure["bytes"],
            "met": worst <= PAGE_P95_MS
            and worst / base_worst <= PAGE_GROWTH
            and figure["bytes"] <= PAGE_BYTES,
        }
    low, high = min(read_figures), max(read_figures)
    growth = {
        name: {
            "ms": {size: round(read_figures[size][name], 3) for size in read_figures},
            "exponent": exponent(read_figures[low][name], read_figures[high][name], low, high),
        }
        for name in read_figures[low]
    }
    return {
        "commit": commit(),
        "events": heads,
        "pages": page_figures,
        "page_targets": targets,
        "all_pages_met": bool(targets) and all(t["met"] for t in targets.values()),
        "first_plots_after_a_start_ms": cold,
        "reads": growth,
        "recording_cost_of_the_log_indexes": {
            sync: index_cost(2_000, rounds, sync) for sync in ("NORMAL", "FULL")
        },
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "campaign": CAMPAIGN,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 and 3,000 events")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 100_000])
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--reads", type=int, default=21, help="runs of each log read")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the index cost")
    parser.add_argument("--no-pages", action="store_true", help="the log's reads only")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.samples, args.reads, args.rounds = [300, 3_000], 10, 5, 1
    found = run(
        sorted(args.sizes), args.samples, args.reads, args.rounds, with_pages=not args.no_pages
    )
    print(json.dumps(found, indent=2))


if __name__ == "__main__":
    main()
