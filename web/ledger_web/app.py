"""The app factory: the routes (API, pages, live events, the share page, the app shell's
manifest and service worker, static files)
behind the security middleware, and the server's lifetime (the live watcher, the worker
threads)."""

import dataclasses
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pluggy
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ledger.errors import LedgerError
from ledger.hosting import get_plugin_manager
from ledger_web import api, live, pages, qr, shell
from ledger_web.i18n import Language, gettext, refusals_note
from ledger_web.notice import notice_page
from ledger_web.redaction import RedactPaths
from ledger_web.security import TOKEN_COOKIE, Security, SecurityMiddleware, cookie_name
from ledger_web.server import Web
from ledger_web.witness import HeadHeader


def create_app(
    database: Path,
    *,
    campaign: str | None = None,
    pm: pluggy.PluginManager | None = None,
    security: Security | None = None,
    links: dict[str, str] | None = None,
) -> Starlette:
    """The web app over ``database`` (its ``campaign``, or the only one), with the plugins of
    ``pm`` (default: the installed ones). ``security`` None: loopback only, no token."""
    security = security or Security()
    if security.cookie == TOKEN_COOKIE:  # serve names it with its port; else the file's
        security = dataclasses.replace(security, cookie=cookie_name(Path(database), campaign))
    if links is None:  # the command gives the real ones; these are for tests and tools
        base = "http://127.0.0.1:8000/"
        links = {"join": base + (f"?token={security.token}" if security.token else "")}
        if security.read_token:
            links["read"] = base + f"?token={security.read_token}"
    web = Web(pm or get_plugin_manager(), Path(database), campaign, security, links=links)
    len(web.ledgers.registry.actions)  # a plugin failing in register_actions stops us here

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        web.hub.start()
        gc.freeze()  # what start-up made lives as long as the server: the collector skips it
        try:
            yield
        finally:
            web.hub.stop()
            web.ledgers.close()

    routes = [
        *api.routes(),
        *shell.routes(),
        Route("/events", live.events),
        Route("/share", qr.share),
        Route("/qr.svg", qr.qr_svg),
        *pages.routes(),
        Mount("/static", StaticFiles(packages=[("ledger_web", "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(Language),
            Middleware(RedactPaths, database=web.database),
            Middleware(SecurityMiddleware, security=web.security),
            Middleware(HeadHeader, web=web),
        ],
        exception_handlers={
            HTTPException: _http_error,
            LedgerError: _refused,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.web = web
    return app


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    headers = dict(error.headers or {})  # a 405's Allow
    if request.url.path.startswith("/api"):
        answer = api.json_response({"error": error.detail}, error.status_code)
        answer.headers.update(headers)
        return answer
    return PlainTextResponse(error.detail, error.status_code, headers=headers)


async def _refused(request: Request, error: Exception) -> Response:
    """A refusal no route answered itself (a plugin missing or failing while a page is read:
    its message names the plugin and the fix): a 4xx the player can read, never a 500."""
    assert isinstance(error, LedgerError)
    message, status = error.worded({}), api.error_status(error)
    if request.url.path.startswith("/api"):
        return api.json_response({"error": message}, status)
    page = notice_page(
        gettext("The ledger cannot show this page"),
        message,
        hint=refusals_note(),
    )
    return HTMLResponse(page, status)


async def _server_error(request: Request, error: Exception) -> Response:
    """Never a traceback: the server's log has it, the player reads a sentence."""
    message = "the server failed on this request (its log says why)"
    if request.url.path.startswith("/api"):
        return api.json_response({"error": message}, 500)
    return PlainTextResponse(message, 500)
