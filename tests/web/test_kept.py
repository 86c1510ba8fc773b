"""The secrets a server keeps for its next start: the CSRF token and the made-up join and
read-only tokens, per ledger file and campaign, readable by their owner only."""

import re
import signal
import stat
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from ledger_web.kept import kept_secrets, secrets_path
from tests.helpers.cli import Invoke
from tests.helpers.console import SCRIPT
from tests.helpers.web import free_port


def test_the_same_file_and_campaign_find_the_same_secrets(tmp_path: Path) -> None:
    database = tmp_path / "table.db"
    first = kept_secrets(database, "Moonsilver", token=None, read_token=None, need_token=True)
    again = kept_secrets(database, "Moonsilver", token=None, read_token=None, need_token=True)
    assert first == again
    assert first.token
    assert first.read_token
    assert first.csrf_token
    other = kept_secrets(database, "Other", token=None, read_token=None, need_token=True)
    assert other.csrf_token != first.csrf_token
    assert other.token != first.token

    path = secrets_path(database, "Moonsilver")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert path.parent != database.parent  # never beside the ledger file

    # Loopback: no join token, the same CSRF token; a token given wins and is not written.
    local = kept_secrets(database, "Moonsilver", token=None, read_token=None, need_token=False)
    assert (local.token, local.read_token, local.csrf_token) == (None, None, first.csrf_token)
    given = kept_secrets(database, "Moonsilver", token="table-42", read_token=None, need_token=True)
    assert given.token == "table-42"
    assert "table-42" not in path.read_text()


def test_secrets_that_cannot_be_written_down_still_serve_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "table.db"
    secrets_path(database, "Moonsilver").parent.mkdir(parents=True)
    secrets_path(database, "Moonsilver").write_text("{not json")  # a damaged file: new ones
    made = kept_secrets(database, "Moonsilver", token=None, read_token=None, need_token=False)
    assert made.csrf_token
    assert made.unkept is None
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    made = kept_secrets(database, "Moonsilver", token=None, read_token=None, need_token=True)
    assert made.csrf_token
    assert made.token
    assert made.unkept is not None
    assert str(tmp_path) not in made.unkept


def join_link(db_path: Path, port: int) -> str:
    """What `serve --host 0.0.0.0` prints as its join link, once it answers."""
    server = subprocess.Popen(
        [
            str(SCRIPT),
            "--database",
            str(db_path),
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/api", timeout=2).status_code == 401
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server did not start"
                assert server.poll() is None, server.communicate()
                time.sleep(0.1)
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert "Traceback" not in err
    found = re.search(r"join \(can record\): (\S+)", out)
    assert found, out
    return found.group(1)


def test_serve_started_again_shares_the_same_join_link(party: Invoke, db_path: Path) -> None:
    port = free_port()
    first = join_link(db_path, port)
    assert "?token=" in first
    assert join_link(db_path, port) == first  # the QR codes already scanned still join
