"""A LAN is not a trusted place: tokens on every route, read-only links, CSRF, size limits,
escaping, no traceback."""

from pathlib import Path

import pluggy
import pytest

from ledger_web.security import Security
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.web import client, csrf

WRITE, READ = "join-token-1234", "read-token-5678"
GETS = [
    "/",
    "/api",
    "/api/party",
    "/api/heroes/Torrax",
    "/api/events",
    "/api/actions",
    "/api/queries/dice_sets",
    "/api/openapi.json",
    "/share",
    "/qr.svg",
    "/static/htmx.min.js",
    "/nowhere",
]
POSTS = [
    ("/api/commands", {"text": "damage Torrax 1"}),
    ("/api/actions/damage", {"hero": "Torrax", "amount": 1}),
    ("/api/undo", {}),
    ("/api/redo", {"commands": [3]}),
]


def lan(**extra: object) -> Security:
    return Security(token=WRITE, read_token=READ, loopback_only=False, **extra)  # type: ignore[arg-type]


def test_every_route_needs_the_token_and_nothing_is_written_without_it(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm, lan()) as web:
        for path in GETS:
            assert web.get(path).status_code == 401, path
            assert web.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert web.get("/events").status_code == 401
        for path, body in POSTS:
            for headers in ({}, {"Authorization": "Bearer wrong"}, {"Cookie": "ledger_token=x"}):
                assert web.post(path, json=body, headers=headers).status_code == 401, path
        assert web.get("/api", headers={"Authorization": f"Bearer {WRITE}"}).status_code == 200
    assert event_count(db_path) == before


def test_the_link_with_the_token_sets_a_cookie_the_pages_after_it_carry(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm, lan()) as web:
        page = web.get(f"/?token={WRITE}")
        assert page.status_code == 200
        assert "HttpOnly" in page.history[0].headers["set-cookie"]
        assert web.get("/api/party").status_code == 200  # the cookie, no token in the URL
        token = {"X-CSRF-Token": web.get("/api").json()["csrf_token"]}
        answer = web.post("/api/commands", json={"text": "damage Torrax 1"}, headers=token)
        assert answer.status_code == 200, answer.text


def test_a_read_only_token_reads_everything_and_records_nothing(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm, lan()) as web:
        reader = {"Authorization": f"Bearer {READ}"}
        for path in GETS[:-1]:
            assert web.get(path, headers=reader).status_code == 200, path
        assert web.get("/api", headers=reader).json()["access"] == "read"
        for path, body in POSTS:
            answer = web.post(path, json=body, headers=reader)
            assert answer.status_code == 403, path
            assert "read-only" in answer.json()["error"]
        # The join link is not shown to a reader: only the read-only one.
        assert web.get("/qr.svg?link=join", headers=reader).status_code == 404
        assert "?token=join" not in web.get("/share", headers=reader).text
    assert event_count(db_path) == before


def test_writing_needs_the_csrf_token_unless_authorized_by_a_header(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm) as web:
        for path, body in POSTS:
            refused = web.post(path, json=body)
            assert refused.status_code == 403, path
            assert "CSRF" in refused.json()["error"]
            wrong = web.post(path, json=body, headers={"X-CSRF-Token": "guess"})
            assert wrong.status_code == 403
            other_site = web.post(
                path, json=body, headers={**csrf(web), "Origin": "http://evil.example"}
            )
            assert other_site.status_code == 403
        # A plain form posting to the server carries the field.
        form = web.post("/api/commands", data={"csrf_token": "guess", "text": "x"})
        assert form.status_code == 403
        assert event_count(db_path) == before
        right = web.post("/api/commands", json={"text": "damage Torrax 1"}, headers=csrf(web))
        assert right.status_code == 200
    with client(db_path, pm, lan()) as web:
        bearer = {"Authorization": f"Bearer {WRITE}"}
        answer = web.post("/api/commands", json={"text": "damage Torrax 1"}, headers=bearer)
        assert answer.status_code == 200, answer.text
    assert event_count(db_path) == before + 2


def test_a_loopback_server_answers_only_to_loopback_names(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        assert web.get("/api", headers={"Host": "rebound.example:8000"}).status_code == 400
        assert web.get("/api", headers={"Host": "localhost:8000"}).status_code == 200


def test_oversized_bodies_and_commands_are_refused(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm, lan(max_body=4096)) as web:
        writer = {"Authorization": f"Bearer {WRITE}"}
        big = {"text": "damage Torrax 1 " + "x" * 5000}
        assert web.post("/api/commands", json=big, headers=writer).status_code == 413

        def chunks() -> object:  # no Content-Length: counted as it arrives
            yield b'{"text": "'
            for _ in range(10):
                yield b"x" * 1000
            yield b'"}'

        streamed = web.post("/api/commands", content=chunks(), headers=writer)  # type: ignore[arg-type]
        assert streamed.status_code == 413
        long_command = {"text": "hero add " + "A" * 2100}
        answer = web.post("/api/commands", json=long_command, headers=writer)
        assert answer.status_code == 413
    assert event_count(db_path) == before


@pytest.mark.parametrize("name", ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>"])
def test_hostile_names_are_escaped(
    ok: Invoke, db_path: Path, pm: pluggy.PluginManager, name: str
) -> None:
    ok("campaign", "new", name)
    ok(
        "hero",
        "add",
        name,
        "--might",
        "1",
        "--agility",
        "1",
        "--will",
        "1",
        "--taunt",
        "1",
        "--chips",
        "8",
        "--wounded-chips",
        "4",
    )
    with client(db_path, pm) as web:
        page = web.get("/")
        assert page.status_code == 200
        assert name not in page.text
        assert name.replace("<", "&lt;").replace(">", "&gt;") in page.text
        assert web.get("/api/party").json()["heroes"][0]["name"] == name
        assert "nonce-" in page.headers["content-security-policy"]
        assert page.headers["x-frame-options"] == "DENY"


def test_a_failure_never_shows_a_traceback(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger_web import reading
    from ledger_web.pages import views

    def broken(*args: object) -> object:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(reading, "party", broken)
    monkeypatch.setattr(views, "party", broken)  # what the party page reads
    with client(db_path, pm) as web:
        for path in ("/api/party", "/"):
            answer = web.get(path)
            assert answer.status_code == 500
            assert "Traceback" not in answer.text
            assert "secret internals" not in answer.text


def test_the_token_in_a_link_is_exchanged_for_the_cookie_and_leaves_the_address(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm, lan()) as web:
        answer = web.get(f"/heroes/Torrax?at=3&token={WRITE}", follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"] == "/heroes/Torrax?at=3"
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("ledger_token_")
        assert f"={WRITE};" in cookie
        assert "HttpOnly" in cookie
        assert "SameSite=Lax" in cookie
        assert WRITE not in answer.text
        followed = web.get(answer.headers["location"])
        assert followed.status_code == 200
        assert followed.url.query == b"at=3"
        # The API's token in a link is exchanged too; a bearer header is not.
        assert web.get(f"/api/party?token={READ}", follow_redirects=False).status_code == 303
        bearer = {"Authorization": f"Bearer {WRITE}"}
        assert web.get("/api/party", headers=bearer).status_code == 200
        # A wrong token is refused, not exchanged.
        assert web.get("/?token=wrong", follow_redirects=False).status_code == 401


def test_the_access_log_never_shows_a_token(party: Invoke, db_path: Path) -> None:
    import os
    import signal
    import subprocess
    import time

    import httpx

    from tests.helpers.console import SCRIPT
    from tests.helpers.web import free_port

    port = free_port()
    server = subprocess.Popen(
        [str(SCRIPT), "--database", str(db_path), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LEDGER_WEB_TOKEN": "table-42", "LEDGER_WEB_LOG": "info"},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        with httpx.Client(follow_redirects=True, timeout=5) as browser:
            while True:
                try:
                    page = browser.get(f"{url}/log?token=table-42")
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline, "the server did not start"
                    assert server.poll() is None, server.communicate()
                    time.sleep(0.1)
            assert page.status_code == 200
            assert str(page.url) == f"{url}/log"
            assert browser.get(f"{url}/api/party").status_code == 200  # by the cookie
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    logged = [line for line in (out + err).splitlines() if '"GET ' in line]
    assert any("/log?token=hidden" in line for line in logged), logged
    assert not [line for line in logged if "table-42" in line]


def test_two_servers_on_one_machine_keep_their_own_sessions(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, tmp_path: Path
) -> None:
    import httpx

    from ledger_web.security import cookie_name
    from tests.helpers.web import serving

    other = tmp_path / "other.db"
    party("--database", str(other), "campaign", "new", "Other")
    assert cookie_name(db_path, "Test", 8000) != cookie_name(db_path, "Test", 8001)
    assert cookie_name(db_path, "Test", 8000) != cookie_name(other, "Test", 8000)
    first = Security(token="first-token", loopback_only=False)
    second = Security(token="second-token", loopback_only=False)
    with (
        serving(db_path, pm, first) as a,
        serving(other, pm, second) as b,
        httpx.Client(follow_redirects=True, timeout=10) as browser,  # one cookie jar
    ):
        assert browser.get(f"{a}/?token=first-token").status_code == 200
        assert browser.get(f"{b}/?token=second-token").status_code == 200
        assert len(browser.cookies.jar) == 2
        for base in (a, b, a):
            assert browser.get(f"{base}/api/party").status_code == 200, base
            assert browser.get(f"{base}/").status_code == 200, base
