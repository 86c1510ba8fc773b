"""The JSON API, for tools and tests (docs/web-api.md; ``GET /api/openapi.json``).

Reading answers with the core's JSON views (``ledger.views``, what the CLI's ``--json``
prints for the same campaign and REF); recording goes through ``recording.Recorder.record``,
as the pages do."""

import re
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ledger.campaign import LogQuery
from ledger.errors import BadInput, LedgerError, NotFound
from ledger.hosting import PACK_KINDS, call_offered
from ledger.service import Service
from ledger_web import intents, reading, witness
from ledger_web.calls import ActionCall, Call, CommandText, MetaCall
from ledger_web.openapi import AT_PATTERN
from ledger_web.recording import Outcome
from ledger_web.server import web_of
from ledger_web.wellformed import Malformed, decode_json, optional_whole, whole

AT = re.compile(AT_PATTERN)

KEY_HEADER = "idempotency-key"
EXPECT_HEADER = "x-expect-seq"


def json_response(body: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(body), status, media_type="application/json")


def error_status(error: LedgerError) -> int:
    if isinstance(error, NotFound):
        return 404
    return 400 if isinstance(error, BadInput) else 422


async def read(request: Request, work: Any, *, asked: bool = False) -> Response:
    """What ``work`` answers, or the ledger's refusal. ``asked``: the request fit the
    document (a query's decoded intent), so what the ledger refuses then is a 422."""
    try:
        return json_response(await web_of(request).ledgers.read(work))
    except LedgerError as error:
        status = error_status(error)
        return json_response(
            {"error": error.worded({})}, 422 if asked and status == 400 else status
        )


def _at(request: Request) -> str | None:
    """The point asked for, exactly as the document's pattern says (400 otherwise)."""
    at = request.query_params.get("at")
    if at is not None and not AT.fullmatch(at):
        raise Malformed(f"at is a point (42, city-2, journey-3:end, scenario-5.2), not {at[:40]!r}")
    return at or None


async def index(request: Request) -> Response:
    """The campaign, its head, what this client may do, and the CSRF token to write with."""
    web = web_of(request)

    def work(service: Service) -> dict[str, Any]:
        return reading.head(service)

    try:
        head = await web.ledgers.read(work)
    except LedgerError as error:
        return json_response({"error": error.worded({})}, error_status(error))
    return json_response(
        {
            **head,
            "access": request.state.access,
            "csrf_token": web.security.csrf_token,
            "openapi": "/api/openapi.json",
        }
    )


async def party(request: Request) -> Response:
    at = _at(request)
    return await read(request, lambda service: reading.party(service, at))


async def hero(request: Request) -> Response:
    name, at = request.path_params["name"], _at(request)
    return await read(request, lambda service: reading.hero(service, name, at))


async def content(request: Request) -> Response:
    kind, at = request.query_params.get("kind") or None, _at(request)
    if kind is not None and kind not in PACK_KINDS:
        return json_response({"error": f"kind is one of {', '.join(PACK_KINDS)}"}, 400)
    return await read(request, lambda service: service.content(kind, at))


async def events_after(request: Request) -> Response:
    after = whole(request.query_params.get("after", "0"), "after")
    limit = whole(
        request.query_params.get("limit", str(reading.MAX_EVENTS)),
        "limit",
        low=1,
        high=reading.MAX_EVENTS,
    )
    return await read(request, lambda service: reading.events_after(service, after, limit))


async def log(request: Request) -> Response:
    """A page of the log, the CLI's filters as query parameters (``type`` repeatable)."""
    params = request.query_params
    try:
        numbers = {
            name: int(params[name]) if params.get(name) else None
            for name in ("session", "before", "limit")
        }
    except ValueError:
        return json_response({"error": "session, before and limit are whole numbers"}, 400)
    query = LogQuery(
        hero=params.get("hero") or None,
        types=tuple(params.getlist("type")),
        step=params.get("step") or None,
        since=params.get("since") or None,
        until=params.get("until") or None,
        session=numbers["session"],
        undone=params.get("undone", "").lower() in ("1", "true", "yes", "on"),
        before=numbers["before"],
    )
    limit = numbers["limit"] or reading.MAX_LOG
    return await read(request, lambda service: reading.log(service, query, limit))


async def actions(request: Request) -> Response:
    return json_response(intents.describe(web_of(request).ledgers.registry))


async def query(request: Request) -> Response:
    """A query (``odds_of_check``...) asked with its arguments as query parameters."""
    web = web_of(request)
    name = request.path_params["name"]
    function = web.ledgers.registry.actions.find(name)
    if function is None or intents.is_action(function):
        return json_response({"error": f"no query named {name!r}"}, 404)
    given: dict[str, Any] = {}
    lists = intents.list_fields(function)
    for key in request.query_params:
        if key != "at":
            values = request.query_params.getlist(key)
            given[key] = values if len(values) > 1 or key in lists else values[0]
    try:
        intent = intents.intent_of(function, given, strict=False)
    except msgspec.ValidationError as error:
        return json_response({"error": f"{name}: {error}"}, 400)
    at = _at(request)
    owner = web.ledgers.registry.actions.owner(name) or "?"
    return await read(
        request,
        lambda service: msgspec.to_builtins(
            call_offered(owner, function, service.game(at), intent)
        ),
        asked=True,
    )


async def record_command(request: Request) -> Response:
    """POST /api/commands ``{"text": "damage Torrax 3"}``: a line of the command box."""
    try:
        what = decode_json(await request.body(), CommandText)
    except msgspec.ValidationError as error:
        return json_response({"error": str(error)}, 400)
    except msgspec.DecodeError:
        return json_response({"error": 'the body is JSON: {"text": "COMMAND"}'}, 400)
    return await _recorded(request, what)


async def record_action(request: Request) -> Response:
    """POST /api/actions/NAME with the intent as a JSON object."""
    try:
        intent = decode_json(await request.body() or b"{}", what="the intent")
    except msgspec.DecodeError:
        return json_response({"error": "the body is the intent, a JSON object"}, 400)
    if not isinstance(intent, dict):
        return json_response({"error": "the body is the intent, a JSON object"}, 400)
    return await _recorded(request, ActionCall(request.path_params["name"], intent))


async def record_meta(request: Request) -> Response:
    """POST /api/undo or /api/redo, the body ``{}`` (the last command), ``{"count": 2}`` or
    ``{"commands": [42]}``; the last ones only if the head is still the one the caller saw
    (``X-Expect-Seq``, or ``"seen"`` in the body)."""
    verb = request.url.path.rsplit("/", 1)[-1]
    try:
        body = decode_json(await request.body() or b"{}")
        if not isinstance(body, dict):
            raise msgspec.ValidationError("the body is a JSON object")
        what = msgspec.convert({**body, "verb": verb}, MetaCall)
    except msgspec.ValidationError as error:
        return json_response({"error": f"{verb}: {error}"}, 400)
    except msgspec.DecodeError:
        return json_response({"error": 'the body is JSON: {"commands": [SEQ]} or {}'}, 400)
    return await _recorded(request, what)


async def _recorded(request: Request, what: Call) -> Response:
    key = request.headers.get(KEY_HEADER) or None
    expect = optional_whole(request.headers.get(EXPECT_HEADER), "X-Expect-Seq")
    outcome: Outcome = await web_of(request).record(what, key=key, expect_seq=expect)
    return json_response(outcome.body, outcome.status)


async def openapi(request: Request) -> Response:
    from ledger_web.openapi import document

    return json_response(document(web_of(request)))


def routes() -> list[BaseRoute]:
    return [
        Route("/api", index),
        Route("/api/openapi.json", openapi),
        Route("/api/party", party),
        Route("/api/heroes/{name}", hero),
        Route("/api/content", content),
        Route("/api/events", events_after),
        Route("/api/log", log),
        Route("/api/actions", actions),
        Route("/api/witness", witness.witness),
        Route("/api/actions/{name}", record_action, methods=["POST"]),
        Route("/api/queries/{name}", query),
        Route("/api/commands", record_command, methods=["POST"]),
        Route("/api/undo", record_meta, methods=["POST"]),
        Route("/api/redo", record_meta, methods=["POST"]),
    ]


__all__ = ["routes"]
