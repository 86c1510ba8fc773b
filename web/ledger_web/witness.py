"""A history every device can prove: every answer carries the head's hash (``X-Ledger-Head:
SEQ:HASH``); each device keeps the last one it saw (static/witness.js) and asks
``GET /api/witness?seq=SEQ&hash=HASH`` whether the server's history still holds it, warning
on the page when it does not. A history changed and re-hashed from some event on still
passes the chain's own check; it cannot hash to what a device remembered (the core's
``witness_problem``, what ``verify SEQ:HASH`` runs too)."""

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ledger.errors import LedgerError
from ledger.service import Service
from ledger.storage import sqlite3
from ledger.verification import Witness, parse_witness, witness_problem
from ledger_web.server import Web, web_of
from ledger_web.wellformed import Malformed, whole

HEADER = "X-Ledger-Head"
UNHEADED = ("/static/",)  # files, not answers about the campaign


def head_of(service: Service) -> str | None:
    """``SEQ:HASH`` of the served campaign's last event (None before it has one)."""
    head = service.campaign().head()
    return f"{head.seq}:{head.hash}" if head.seq else None


async def current_head(web: Web) -> str | None:
    try:
        return await web.ledgers.read(head_of)
    except (LedgerError, sqlite3.Error, OSError, RuntimeError):  # no campaign, busy, stopping
        return None


class HeadHeader:
    """Adds ``X-Ledger-Head`` to every answer but the static files'."""

    def __init__(self, app: ASGIApp, web: Web) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(UNHEADED):
            await self.app(scope, receive, send)
            return

        async def with_head(message: Message) -> None:
            if message["type"] == "http.response.start":
                head = await current_head(self.web)
                if head is not None:
                    extra = (HEADER.lower().encode(), head.encode())
                    message = {**message, "headers": [*message.get("headers", []), extra]}
            await send(message)

        await self.app(scope, receive, with_head)


async def witness(request: Request) -> Response:
    """GET /api/witness?seq=SEQ&hash=HASH: whether the campaign's event SEQ hashes to HASH
    (``holds``), the reason when not, and the head now."""
    from ledger_web.api import json_response

    seq = whole(request.query_params.get("seq", ""), "seq", low=1)
    try:
        remembered = parse_witness(f"{seq}:{request.query_params.get('hash', '')}")
    except LedgerError as error:
        raise Malformed(str(error)) from None

    def work(service: Service) -> dict[str, Any]:
        campaign = service.campaign()
        problem = witness_problem(campaign.store, campaign.name, remembered)
        return {
            "witness": str(Witness(remembered.seq, remembered.hash)),
            "holds": problem is None,
            "problem": None if problem is None else str(problem),
            "head": head_of(service),
        }

    try:
        return json_response(await web_of(request).ledgers.read(work))
    except LedgerError as error:
        return json_response({"error": error.worded({})}, 404)
