"""The web app's figures (issue 16), on a campaign of 100,000 events, against a real
``campaign-ledger serve`` process, measured from clients in this process:

    .venv/bin/python -m bench.web               # full: 100,000 events, 60 s of 20 clients
    .venv/bin/python -m bench.web --quick       # a smoke run in seconds
    .venv/bin/python -m bench.web --seconds 10  # a shorter sustained run

Prints one JSON object: each figure, the CLI baseline measured in the same run, the ratio,
and whether each target is met (``<=`` bounds on our own latency)."""

import argparse
import json
import os
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from bench.measure import CLI, cli, median, p95
from bench.workload import CAMPAIGN, HEROES, build


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(database: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    server = subprocess.Popen(
        [CLI, "--database", str(database), "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api", timeout=1).status_code == 200:
                return server, url
        except httpx.HTTPError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit(f"the server did not start: {server.stderr.read() if server.stderr else ''}")


def latencies(count: int, request: Callable[[int], httpx.Response]) -> list[float]:
    """Milliseconds of ``count`` requests, one after the other; each must succeed."""
    found = []
    for n in range(count):
        start = time.perf_counter()
        answer = request(n)
        found.append((time.perf_counter() - start) * 1000)
        if answer.status_code != 200:
            raise SystemExit(f"{answer.request.url}: {answer.status_code} {answer.text}")
    return found


def update_delays(url: str, http: httpx.Client, headers: dict[str, str], count: int) -> list[float]:
    """Milliseconds from recording (one client) to the head event seen by a second one."""
    seen: queue.Queue[tuple[int, float]] = queue.Queue()
    ready = threading.Event()

    def listen() -> None:
        with (
            httpx.Client(base_url=url, timeout=None) as second,
            second.stream("GET", "/events") as stream,
        ):
            ready.set()
            try:
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        seen.put((json.loads(line[6:])["seq"], time.perf_counter()))
            except httpx.HTTPError:  # the server stopped
                return

    threading.Thread(target=listen, daemon=True).start()
    ready.wait(10)
    delays = []
    for n in range(count):
        while not seen.empty():
            seen.get_nowait()
        start = time.perf_counter()
        body = {"hero": HEROES[n % len(HEROES)], "amount": 1}
        answer = http.post("/api/actions/gain_stars", json=body, headers=headers)
        seq = answer.json()["events"][-1]["seq"]
        while True:
            announced, when = seen.get(timeout=10)
            if announced >= seq:
                delays.append((when - start) * 1000)
                break
        time.sleep(0.05)  # pages that poll out of phase
    return delays


def sustained(url: str, clients: int, seconds: float) -> dict[str, int]:
    """``clients`` clients, each reading the party, recording and reading a Hero in a loop."""
    stop = time.monotonic() + seconds

    def client(number: int) -> tuple[int, int]:
        done = errors = 0
        hero = HEROES[number % len(HEROES)]
        with httpx.Client(base_url=url, timeout=30) as http:
            headers = {"X-CSRF-Token": http.get("/api").json()["csrf_token"]}
            while time.monotonic() < stop:
                for answer in (
                    http.get("/api/party"),
                    http.post(
                        "/api/commands", json={"text": f'gain_stars "{hero}" 1'}, headers=headers
                    ),
                    http.get(f"/api/heroes/{hero}"),
                ):
                    done += 1
                    errors += answer.status_code != 200
        return done, errors

    with ThreadPoolExecutor(clients) as pool:
        results = list(pool.map(client, range(clients)))
    return {
        "clients": clients,
        "seconds": round(seconds),
        "requests": sum(done for done, _ in results),
        "errors": sum(errors for _, errors in results),
    }


def run(events: int, samples: int, clients: int, seconds: float) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    database = folder / "bench.db"
    head = build(database, events)
    baseline = median([cli(database, "stars", "gain", "Torrax", "1") for _ in range(5)])
    server, url = serve(database)
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            headers = {"X-CSRF-Token": http.get("/api").json()["csrf_token"]}
            http.get("/")  # the first read folds from the latest snapshot
            page = latencies(samples, lambda n: http.get("/"))
            party = latencies(samples, lambda n: http.get("/api/party"))
            hero = latencies(samples, lambda n: http.get(f"/api/heroes/{HEROES[n % 3]}"))
            text = latencies(
                samples,
                lambda n: http.post(
                    "/api/commands",
                    json={"text": f'gain_stars "{HEROES[n % 3]}" 1'},
                    headers=headers,
                ),
            )
            action = latencies(
                samples,
                lambda n: http.post(
                    "/api/actions/gain_stars",
                    json={"hero": HEROES[n % 3], "amount": 1},
                    headers=headers,
                ),
            )
            # Reading right after each write: the state at the new head is folded again.
            mixed = []
            for n in range(samples):
                http.post(
                    "/api/actions/gain_stars", json={"hero": "Torrax", "amount": 1}, headers=headers
                )
                name = HEROES[n % 3]
                mixed += latencies(1, lambda _, name=name: http.get(f"/api/heroes/{name}"))
            update = update_delays(url, http, headers, max(10, samples // 4))
        load = sustained(url, clients, seconds)
    finally:
        server.terminate()
        server.wait(10)
    figures = {
        "events": head,
        "party_page_p95_ms": round(p95(page), 2),
        "party_json_p95_ms": round(p95(party), 2),
        "hero_json_p95_ms": round(p95(hero), 2),
        "hero_json_after_a_write_p95_ms": round(p95(mixed), 2),
        "record_command_text_p95_ms": round(p95(text), 2),
        "record_action_p95_ms": round(p95(action), 2),
        "cli_process_record_median_ms": round(baseline * 1000, 2),
        "update_seen_p95_ms": round(p95(update), 2),
        "sustained": load,
    }
    record = max(p95(text), p95(action))
    targets = {
        "party_page_p95_ms": {"value": figures["party_page_p95_ms"], "target": "<= 50"},
        "hero_json_p95_ms": {"value": max(p95(hero), p95(mixed)), "target": "<= 50"},
        "record_action_p95_ms": {"value": figures["record_action_p95_ms"], "target": "<= 20"},
        "record_command_text_p95_ms": {
            "value": figures["record_command_text_p95_ms"],
            "target": "<= 20",
        },
        "update_seen_p95_ms": {"value": figures["update_seen_p95_ms"], "target": "<= 1000"},
        "sustained_errors": {"value": load["errors"], "target": "<= 0"},
        "cli_process_vs_api_record": {
            "value": round(baseline * 1000 / record, 1),
            "target": ">= 1",
        },
    }
    for verdict in targets.values():
        bound = float(verdict["target"].split()[1])
        value = float(verdict["value"])
        verdict["met"] = value <= bound if verdict["target"].startswith("<") else value >= bound
    return {
        "figures": figures,
        "targets": targets,
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "campaign": CAMPAIGN,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, seconds in all")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    if args.quick:
        args.events, args.samples, args.seconds = 300, 10, 1.0
        args.clients = min(args.clients, 4)
    report = run(args.events, args.samples, args.clients, args.seconds)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
