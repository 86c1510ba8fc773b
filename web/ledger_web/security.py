"""A LAN is not a trusted place: who may read, who may write, and what no request may do.

- Tokens: a server bound to another address than the loopback one needs a join token (write
  access) and may have a read-only token. A request carries one as ``Authorization: Bearer
  T``, as ``?token=T`` (the link in the QR code: a GET with it is answered by a redirect to
  the same address without it, setting it as a cookie, so it leaves the address bar, the
  history and the access log's next lines), or in that cookie. Without a valid one: 401,
  nothing run. A read-only token reads everything and writes nothing (403).
- The cookie is this server's own: its name is made from the port, the ledger file and the
  campaign (``cookie_name``), so two servers on one machine (cookies do not tell ports
  apart) each keep their players' sessions.
- CSRF: a request that may write (any method but GET and HEAD) carries the server's CSRF
  token (``X-CSRF-Token`` header, or a ``csrf_token`` form field; every page has it), or is
  authorized by an ``Authorization`` header (which a browser never adds on its own); one
  whose ``Origin`` is another site is refused.
- Request bodies are at most ``max_body`` bytes (413); a loopback-only server answers only to
  loopback host names (a DNS-rebinding page cannot reach it); pages forbid framing and
  inline scripts without the page's nonce; an error never shows a traceback.
- A browser without a token is shown a page saying how to join (the host's link or QR
  code); a script is answered the JSON error.
"""

import hashlib
import hmac
import ipaddress
import logging
import re
import secrets
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import msgspec
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ledger_web.i18n import gettext
from ledger_web.notice import notice_page
from ledger_web.wellformed import DIGITS

Access = Literal["write", "read"]
TOKEN_COOKIE = "ledger_token"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"
MAX_BODY = 64 * 1024
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(16)


def cookie_name(database: Path, campaign: str | None, port: int | None = None) -> str:
    """The token cookie's name for the server of ``campaign`` of ``database`` on ``port``."""
    served = f"{port}\0{database.resolve()}\0{campaign or ''}"
    return f"{TOKEN_COOKIE}_{hashlib.sha256(served.encode()).hexdigest()[:12]}"


class HideTokens(logging.Filter):
    """The access log never shows a token: ``?token=T`` is logged as ``?token=hidden``."""

    TOKEN = re.compile(r"((?:^|[?&])token=)[^&\s]*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                self.TOKEN.sub(r"\1hidden", arg) if isinstance(arg, str) else arg
                for arg in record.args
            )
        return True


@dataclass(frozen=True)
class Security:
    """What the server was started with. ``token`` None: everyone may write (loopback)."""

    token: str | None = None
    read_token: str | None = None
    loopback_only: bool = True
    max_body: int = MAX_BODY
    cookie: str = TOKEN_COOKIE  # create_app and serve make it this server's (cookie_name)
    csrf_token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    def access(self, given: str | None) -> Access | None:
        """What ``given`` (a token, or None) may do; None: nothing."""
        if self.token is None:
            return "write"
        if given is not None and hmac.compare_digest(given.encode(), self.token.encode()):
            return "write"
        if (
            given is not None
            and self.read_token is not None
            and hmac.compare_digest(given.encode(), self.read_token.encode())
        ):
            return "read"
        return None

    def csrf_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.csrf_token.encode())


def _token_of(scope: Scope, headers: Headers, cookie: str) -> tuple[str | None, bool, bool]:
    """The token a request carries; whether by an Authorization header; whether in the URL."""
    authorization = headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip(), True, False
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if "token" in query:
        return query["token"][-1], False, True
    cookies = SimpleCookie()
    try:
        cookies.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header: as if none
        return None, False, False
    morsel = cookies.get(cookie)
    return (morsel.value if morsel else None), False, False


class SecurityMiddleware:
    """Enforces the rules above on every request (pages, API, events, static files).
    A browser opening a page without the token is shown how to join; anything else gets JSON."""

    def __init__(
        self,
        app: ASGIApp,
        security: Security,
    ) -> None:
        self.app = app
        self.security = security

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websocket route: refused before any reading
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = Headers(scope=scope)
        security = self.security
        if security.loopback_only and not _loopback_host(headers.get("host", "")):
            await _refuse(send, 400, "this server answers only to localhost")
            return
        token, by_header, in_url = _token_of(scope, headers, security.cookie)
        access = security.access(token)
        method = scope["method"]
        if access is None:
            if method_wants_page(scope, headers):
                await _send_page(send, 401, no_token_page())
            else:
                await _refuse(send, 401, "a valid token is needed (ask the host for the link)")
            return
        if in_url and token is not None and method in ("GET", "HEAD"):
            await _without_token(scope, send, _token_cookie(security.cookie, token))
            return
        if method not in SAFE_METHODS:
            if access != "write":
                await _refuse(send, 403, "this link is read-only: it cannot record")
                return
            origin = headers.get("origin")
            if origin and origin != "null" and urlsplit(origin).netloc != headers.get("host"):
                await _refuse(send, 403, "a request from another site is refused")
                return
        length = headers.get("content-length")
        if length is not None and not DIGITS.fullmatch(length):
            await _refuse(send, 400, f"Content-Length is a whole number, not {length[:40]!r}")
            return
        if length is not None and int(length) > security.max_body:
            await _refuse(send, 413, f"a request body is at most {security.max_body} bytes")
            return
        if (
            method not in SAFE_METHODS
            and not by_header
            and not security.csrf_ok(headers.get(CSRF_HEADER))
        ):
            try:
                body = await _body(receive, security.max_body)
            except BodyTooLarge:
                await _refuse(send, 413, f"a request body is at most {security.max_body} bytes")
                return
            if not security.csrf_ok(await _form_field(scope, body, CSRF_FIELD)):
                await _refuse(
                    send, 403, "the form's CSRF token is missing or wrong; reload the page"
                )
                return
            receive = _replaying(body, receive)
        state = scope.setdefault("state", {})
        state["access"] = access
        state["csp_nonce"] = secrets.token_urlsafe(12)
        cookie = _token_cookie(security.cookie, token) if in_url and token is not None else None
        state["set_token_cookie"] = cookie
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > security.max_body:
                    raise BodyTooLarge
            return message

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = _headers(state["csp_nonce"], state["set_token_cookie"])
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except BodyTooLarge:
            await _refuse(send, 413, f"a request body is at most {security.max_body} bytes")


class BodyTooLarge(Exception):
    pass


async def _body(receive: Receive, limit: int) -> bytes:
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replaying(body: bytes, then: Receive | None = None) -> Receive:
    """The body read already, then what ``then`` receives (the client leaving)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return await then() if then is not None else {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


async def _form_field(scope: Scope, body: bytes, name: str) -> str | None:
    """A field of a form body (urlencoded or multipart), or None."""
    content_type = Headers(scope=scope).get("content-type", "")
    if not content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return None
    request = Request(scope, _replaying(body))
    try:
        async with request.form() as form:
            value = form.get(name)
    except Exception:  # a malformed form: no token in it
        return None
    return value if isinstance(value, str) else None


def _loopback_host(host: str) -> bool:
    """Whether a Host header names this machine's loopback (``localhost:8000``, ``[::1]``)."""
    if host.startswith("["):
        name = host[1 : host.find("]")] if "]" in host else ""
    else:
        name = host.rsplit(":", 1)[0]
    return is_loopback(name.lower())


def _headers(nonce: str, token_cookie: str | None) -> list[tuple[bytes, bytes]]:
    policy = (
        "default-src 'self'; "
        f"script-src 'self' 'nonce-{nonce}'; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; "
        "connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )
    headers = [
        (b"content-security-policy", policy.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),  # the token may be in the page's URL
    ]
    if token_cookie is not None:
        headers.append((b"set-cookie", token_cookie.encode()))
    return headers


def _token_cookie(name: str, token: str) -> str:
    # Lax, not Strict: a join link opened from another app is a cross-site navigation, and
    # the page it is redirected to must carry the cookie. Writing still needs the CSRF token.
    return f"{name}={token}; Path=/; HttpOnly; SameSite=Lax"


async def _without_token(scope: Scope, send: Send, cookie: str) -> None:
    """303 to the same address without ``token``, the cookie set: the token leaves the
    address bar and the browser's history."""
    kept = [
        (key, value)
        for key, value in parse_qs(
            scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True
        ).items()
        if key != "token"
    ]
    query = urlencode([(key, value) for key, values in kept for value in values])
    path = quote(scope.get("root_path", "") + scope["path"])
    location = path + (f"?{query}" if query else "")
    await send(
        {
            "type": "http.response.start",
            "status": 303,
            "headers": [
                (b"location", location.encode("utf-8")),
                (b"set-cookie", cookie.encode()),
                (b"content-length", b"0"),
                (b"cache-control", b"no-store"),
                (b"referrer-policy", b"no-referrer"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b""})


def method_wants_page(scope: Scope, headers: Headers) -> bool:
    """A browser opening a page (not a script, not the API): it reads a page, not JSON."""
    path = scope.get("path", "")
    return (
        scope.get("method") in SAFE_METHODS
        and "text/html" in headers.get("accept", "")
        and not path.startswith(("/api", "/static", "/events"))
    )


def no_token_page() -> str:
    return notice_page(
        gettext("This link needs its token"),
        gettext("The ledger answers only a link with its token."),
        hint=gettext(
            "Ask the host for the link, or scan the QR code the host's screen shows, then "
            "open it here."
        ),
    )


async def _send_page(send: Send, status: int, page: str) -> None:
    """A page standing alone: its one inline style is all it may load."""
    csp = b"default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
    await _answer(send, status, page.encode(), b"text/html; charset=utf-8", csp)


async def _refuse(send: Send, status: int, message: str) -> None:
    await _answer(send, status, msgspec.json.encode({"error": message}), b"application/json")


async def _answer(
    send: Send, status: int, body: bytes, content_type: bytes, csp: bytes | None = None
) -> None:
    headers = [
        (b"content-type", content_type),
        (b"content-length", str(len(body)).encode()),
        (b"x-content-type-options", b"nosniff"),
    ]
    if csp is not None:
        headers += [(b"cache-control", b"no-store"), (b"content-security-policy", csp)]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
