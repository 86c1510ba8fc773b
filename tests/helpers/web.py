"""The web app under test: an in-process client (``client``) or a real uvicorn server on a
free port in a thread (``serving``), the CSRF token a writing request carries, and a page's
form fields (``form_fields``, ``post``)."""

import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pluggy
import uvicorn
from starlette.applications import Starlette

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from ledger_web import create_app
from ledger_web.security import Security

LOCAL = "http://127.0.0.1"


@contextmanager
def client(
    db_path: Path, pm: pluggy.PluginManager | None = None, security: Security | None = None
) -> Iterator[TestClient]:
    """A client of the app over ``db_path``, its server started (the live watcher too)."""
    app = create_app(db_path, pm=pm, security=security)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as opened:
        yield opened


def csrf(client: TestClient | httpx.Client) -> dict[str, str]:
    """The header a writing request carries (the token every page and GET /api give)."""
    return {"X-CSRF-Token": client.get("/api").json()["csrf_token"]}


def form_fields(page: str) -> dict[str, str]:
    """The CSRF token and a fresh idempotency key of the first recording form on a page."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page)
    assert token
    assert key
    return {"csrf_token": token.group(1), "idempotency_key": key.group(1)}


def post(web: TestClient, path: str, **fields: str) -> tuple[int, str]:
    answer = web.post(path, data={**form_fields(web.get("/").text), **fields})
    return answer.status_code, answer.text


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(
    db_path: Path,
    pm: pluggy.PluginManager | None = None,
    security: Security | None = None,
    app: Starlette | None = None,
) -> Iterator[str]:
    """A real server over ``db_path`` (or of ``app``) on a free port, in a thread; yields
    its base URL."""
    port = free_port()
    app = app or create_app(db_path, pm=pm, security=security)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
