"""`campaign-ledger serve` from the installed script, as a player starts it."""

import os
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from ledger_web.serving import links
from tests.helpers.cli import Invoke
from tests.helpers.console import SCRIPT, no_traceback, script
from tests.helpers.web import free_port


@pytest.mark.smoke
def test_serve_starts_answers_with_the_token_and_stops_on_ctrl_c(
    party: Invoke, db_path: Path
) -> None:
    port = free_port()
    server = subprocess.Popen(
        [str(SCRIPT), "--database", str(db_path), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LEDGER_WEB_TOKEN": "table-42"},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                bearer = {"Authorization": "Bearer table-42"}
                answer = httpx.get(f"{url}/api/party", headers=bearer, timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server did not start"
                assert server.poll() is None, server.communicate()
                time.sleep(0.1)
        assert answer.status_code == 200
        assert [hero["name"] for hero in answer.json()["heroes"]] == ["Zuva'Sai", "Torrax"]
        assert httpx.get(f"{url}/api/party").status_code == 401
        hurt = {"text": "damage Torrax 2"}
        assert httpx.post(f"{url}/api/commands", json=hurt, headers=bearer).status_code == 200
        with ThreadPoolExecutor(8) as pages:  # reads on several of the server's threads
            paths = ["/api/party", "/api/log", "/log", "/"] * 4
            read = [pages.submit(httpx.get, url + path, headers=bearer) for path in paths]
        assert all(done.result().status_code == 200 for done in read)
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert f"join (can record): {url}/?token=table-42" in out
    assert "read-only:" in out
    assert "Traceback" not in err
    # Every connection closed: the commits are in the file itself, which is all a copy takes.
    assert sorted(path.name for path in db_path.parent.glob(db_path.name + "*")) == [db_path.name]
    alone = db_path.parent / "copied" / db_path.name
    alone.parent.mkdir()
    alone.write_bytes(db_path.read_bytes())
    assert "Torrax takes 2 damage" in script(alone, "log", "-n", "1").stdout


def test_serve_without_a_campaign_says_so(tmp_path: Path) -> None:
    done = script(tmp_path / "none.db", "serve", "--port", str(free_port()))
    assert done.returncode == 1
    no_traceback(done)
    assert "none.db" in done.stderr or "campaign" in done.stderr


def test_the_links_to_share_name_this_machine_and_the_tokens() -> None:
    assert links("127.0.0.1", 8000, None, None) == {"join": "http://127.0.0.1:8000/"}
    shared = links("0.0.0.0", 8123, "w", "r")
    assert shared["join"].endswith(":8123/?token=w")
    assert shared["read"].endswith(":8123/?token=r")
    assert "0.0.0.0" not in shared["join"]
    assert links("::1", 80, None, None)["join"] == "http://[::1]:80/"


def test_the_qr_code_encodes_the_link_in_the_terminal_and_on_the_page() -> None:
    from ledger_web.qr import svg, text

    url = "http://192.0.2.7:8000/?token=abc"
    assert svg(url).lstrip().startswith(("<svg", "<?xml"))
    lines = text(url).splitlines()  # two rows of modules a line, in block characters
    assert len(lines) > 10
    assert {len(line) for line in lines} == {len(lines[0])}
    assert set("".join(lines)) <= {"█", "▀", "▄", " ", "\xa0"}
