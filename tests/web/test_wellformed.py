"""Every malformed number, header or nesting a request carries answers 400 naming what is
wrong, through the real server, never 500; and no answer names a path of the server's machine."""

import http.client
from pathlib import Path
from urllib.parse import quote, urlsplit

import pluggy
import pytest

from ledger.errors import BadInput
from ledger.service import Service
from ledger.storage import EventStore, sqlite3
from ledger_web.security import Security
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.web import client, csrf, post, serving

HUGE = "9" * 30


def raw(
    base: str, method: str, path: str, headers: dict[str, bytes], body: bytes = b""
) -> tuple[int, str]:
    """A request with header values sent as bytes, as a hostile client can (httpx would
    encode them)."""
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=20)
    try:
        connection.putrequest(method, path)
        for name, value in {"Content-Length": str(len(body)).encode(), **headers}.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("path", "named"),
    [
        ("/?recorded=²", "recorded"),
        (f"/?recorded={HUGE}", "recorded"),
        ("/log?session=²", "session"),
        ("/log?session=٣", "session"),
        ("/api/events?after=²", "after"),
        (f"/api/events?after={HUGE}", "after"),
        ("/api/events?limit=１０", "limit"),
        (f"/api/events?limit={HUGE}", "limit"),
    ],
)
def test_a_malformed_number_in_an_address_answers_400_naming_it(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, path: str, named: str
) -> None:
    with serving(db_path, pm) as base, client(db_path, pm) as web:
        status, text = raw(base, "GET", quote(path, safe="/?=&"), {})
        assert status == 400, (path, text)
        assert named in text
        assert "whole number" in text
        assert web.get(path).status_code == 400


def test_malformed_headers_and_deep_json_answer_400_and_write_nothing(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    deep = b"[" * 30_000 + b"]" * 30_000
    security = Security()  # one CSRF token for both servers
    with serving(db_path, pm, security) as base, client(db_path, pm, security) as web:
        token = csrf(web)["X-CSRF-Token"].encode()
        json_headers = {"X-CSRF-Token": token, "Content-Type": b"application/json"}
        command = b'{"text": "damage Torrax 1"}'
        for value in (b"\xb2", "٣".encode(), HUGE.encode(), b"-1", b"1e3"):
            status, text = raw(
                base, "POST", "/api/commands", {**json_headers, "X-Expect-Seq": value}, command
            )
            assert status == 400, (value, text)
            assert "X-Expect-Seq is a whole number" in text
        for path, body in (
            ("/api/actions/damage", deep),
            ("/api/actions/damage", b'{"hero": "Torrax", "amount": ' + deep + b"}"),
            ("/api/undo", deep),
            ("/api/commands", b'{"text": ' + deep + b"}"),
        ):
            status, text = raw(base, "POST", path, json_headers, body)
            assert status == 400, (path, text)
            assert "nested too deeply" in text or "Expected `str`" in text
        line = "damage Torrax 1 --amount " + "[" * 985 + "]" * 985
        answer = web.post("/api/commands", json={"text": line}, headers=csrf(web))
        assert answer.status_code == 422, answer.text  # the line, not the request, is wrong
        status, text = raw(
            base, "POST", "/api/commands", {**json_headers, "Content-Length": b"\xb2"}, command
        )
        assert status == 400
        for text_line in (f"undo --command {HUGE}", "undo ²", f"undo {HUGE}"):
            answer = web.post("/api/commands", json={"text": text_line}, headers=csrf(web))
            assert answer.status_code == 422, (text_line, answer.text)
        # The forms of the pages read the same way.
        for field in ("command", "seen"):
            status, page = post(web, "/undo", **{field: "²"})
            assert status == 400
            assert f"undo: {field} is a whole number" in page
        status, page = post(web, "/record/damage", hero="Torrax", amount="²")
        assert status in (400, 422), page
    assert event_count(db_path) == before


def test_no_answer_names_the_servers_folder(
    party: Invoke,
    db_path: Path,
    pm: pluggy.PluginManager,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = str(db_path.resolve().parent)
    before = event_count(db_path)

    def full(self: EventStore, *args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError(f"database or disk is full: {db_path.resolve()}-wal")

    monkeypatch.setattr(EventStore, "append", full)
    with client(db_path, pm) as web:
        answer = web.post("/api/commands", json={"text": "damage Torrax 1"}, headers=csrf(web))
        assert answer.status_code == 503
        assert "disk is full" in answer.json()["error"]
        assert db_path.name in answer.json()["error"]
        assert folder not in answer.text
        status, page = post(web, "/record/damage", hero="Torrax", amount="1")
        assert status == 503
        assert "disk is full" in page
        assert folder not in page

    def unusable(self: Service, **kwargs: object) -> object:
        raise BadInput(f"{self.path} is not a usable ledger database: database or disk is full")

    monkeypatch.setattr(Service, "ledger", unusable)
    with client(db_path, pm) as web:
        for path in ("/api/party", "/api/events", "/log"):
            answer = web.get(path)
            assert answer.status_code in (400, 500), (path, answer.text)
            assert folder not in answer.text, path
    assert event_count(db_path) == before
