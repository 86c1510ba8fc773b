"""Several devices at once, on a real server: a change recorded anywhere (the CLI in another
process included) is announced to every open page; twenty clients recording together lose
nothing and record nothing twice."""

import json
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pluggy

from tests.helpers.cli import Invoke
from tests.helpers.console import script
from tests.helpers.files import assert_sound, stored
from tests.helpers.web import csrf, serving

CLIENTS = 20
COMMANDS = 5  # each client's


def heads(url: str, seen: "queue.Queue[int]", ready: threading.Event) -> None:
    """Put the seq of every head event the server sends on ``seen``."""
    with httpx.Client(base_url=url, timeout=30) as http, http.stream("GET", "/events") as stream:
        ready.set()
        for line in stream.iter_lines():
            if line.startswith("data: "):
                seen.put(json.loads(line[6:])["seq"])


def test_a_change_the_cli_records_in_another_process_is_announced(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with serving(db_path, pm) as url:
        seen: queue.Queue[int] = queue.Queue()
        ready = threading.Event()
        threading.Thread(target=heads, args=(url, seen, ready), daemon=True).start()
        assert ready.wait(20)
        assert seen.get(timeout=20) == 3  # the head when the page connected
        done = script(db_path, "damage", "Torrax", "2")
        assert done.returncode == 0, done.stderr
        assert seen.get(timeout=20) == 4


def test_twenty_clients_recording_at_once_record_every_acknowledged_command_once(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with serving(db_path, pm) as url:

        def client(number: int) -> list[str]:
            acknowledged = []
            with httpx.Client(base_url=url, timeout=60) as http:
                token = csrf(http)
                for command in range(COMMANDS):
                    key = f"client-{number}-{command}"
                    headers = {**token, "Idempotency-Key": key}
                    hero = "Torrax" if number % 2 else "Zuva'Sai"
                    if command % 2:
                        path, body = "/api/actions/gain_stars", {"hero": hero, "amount": 1}
                    else:
                        path, body = "/api/commands", {"text": f'gain_stars "{hero}" 1'}
                    for _ in range(2):  # every command sent twice: a double tap
                        answer = http.post(path, json=body, headers=headers)
                        assert answer.status_code == 200, answer.text
                    acknowledged.append(key)
            return acknowledged

        with ThreadPoolExecutor(CLIENTS) as pool:
            keys = [key for found in pool.map(client, range(CLIENTS)) for key in found]
        with httpx.Client(base_url=url) as http:
            shown = http.get("/api/party").json()
    assert len(keys) == CLIENTS * COMMANDS
    recorded = [row[4] for row in stored(db_path) if row[4] is not None]
    assert sorted(recorded) == sorted(keys)  # each once
    assert sum(hero["stars"] for hero in shown["heroes"]) == CLIENTS * COMMANDS
    assert_sound(db_path)
