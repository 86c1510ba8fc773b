"""The API's OpenAPI document (``GET /api/openapi.json``), with each structured action's
intent schema from its signature (``intents``). It is the contract, checked by schemathesis
with all its checks (tests/web/test_openapi_fuzz.py): every status an operation answers,
every constraint the server checks on what a request carries (a number's bounds, a point's
grammar, no unknown field), the X-Ledger-Head header of every answer. What no schema can
say is the campaign's state: a request it calls valid may still be refused by the rules
(422), name a Hero the campaign has not (404) or find the campaign moved on (409)."""

from typing import Any

import msgspec

from ledger.hosting import PACK_KINDS
from ledger_web import intents
from ledger_web.command_box import MAX_COMMAND
from ledger_web.reading import MAX_EVENTS
from ledger_web.server import Web
from ledger_web.wellformed import MAX_NUMBER

# The points `at` takes, exactly as api._at reads them: an event number, or a step.
AT_PATTERN = (
    r"^([0-9]{1,9}|(city|journey)-[1-9][0-9]{0,3}(:end)?"
    r"|scenario-[1-9][0-9]{0,3}(\.[1-9][0-9]{0,2})?(:end)?)$"
)
# The steps `step` takes: city-2, journey-3, scenario-5, scenario-5.2.
STEP = r"^((city|journey)-[1-9][0-9]{0,3}|scenario-[1-9][0-9]{0,3}(\.[1-9][0-9]{0,2})?)$"
MAX_COUNT = 100_000  # commands one undo or redo may name (the core's limit)
SEQ = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}
AT = {
    "name": "at",
    "in": "query",
    "required": False,
    "description": "A point of the campaign, as --at takes it: 42, city-2, scenario-5.2:end",
    "schema": {"type": "string", "pattern": AT_PATTERN},
}
HEAD = {
    "X-Ledger-Head": {
        "description": "SEQ:HASH of the campaign's last event (a device's witness)",
        "schema": {"type": "string", "pattern": "^[0-9]+:[0-9a-f]{64}$"},
    }
}
ERROR = {
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"error": {"type": "string"}},
                "required": ["error"],
            }
        }
    }
}


def _answer(description: str) -> dict[str, Any]:
    return {"description": description, "headers": HEAD, **ERROR}


def _ok(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "headers": HEAD,
        "content": {"application/json": {"schema": {}}},
    }


READ = {
    "200": _ok("JSON"),
    "400": _answer("A parameter is malformed (the message says which)"),
    "401": {"description": "No valid token", **ERROR},
    "404": _answer("The campaign has no such Hero, point or step"),
    "422": _answer("Refused by the ledger (the message says why)"),
}
RECORD_HEADERS = [
    {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": "Record once: the same key again answers as the first time",
        "schema": {"type": "string"},
    },
    {
        "name": "X-Expect-Seq",
        "in": "header",
        "required": False,
        "description": "Refuse (409) unless the campaign's last event is this seq",
        "schema": SEQ,
    },
    {
        "name": "X-CSRF-Token",
        "in": "header",
        "required": False,
        "description": "The CSRF token of GET /api, unless authorized by a bearer token",
        "schema": {"type": "string"},
    },
]
RECORDED = {
    "200": _ok(
        "Recorded (or answered again under its idempotency key), or a query's answer: the "
        "JSON the CLI's --json prints"
    ),
    "400": _answer("Not JSON, or not of the schema (the message says where)"),
    "401": {"description": "No valid token", **ERROR},
    "403": {"description": "Read-only token, or no CSRF token", **ERROR},
    "404": _answer("No such action, Hero or command"),
    "409": _answer("The campaign moved past X-Expect-Seq or the head seen; nothing written"),
    "413": {"description": "The body or command is too long", **ERROR},
    "422": _answer(
        "Refused by the rules, or a command line the box does not read (the message says "
        "which); nothing written"
    ),
    "503": _answer("The ledger database failed (a full disk); nothing written"),
}


def _get(summary: str, parameters: list[dict[str, Any]]) -> dict[str, Any]:
    return {"get": {"summary": summary, "parameters": parameters, "responses": READ}}


META_BODY = {
    "type": "object",
    "properties": {
        "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
        "commands": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER},
            "maxItems": MAX_COUNT,
        },
        "seen": {**SEQ, "description": "the head the caller saw"},
    },
    "additionalProperties": False,
}


def _meta(summary: str) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "parameters": RECORD_HEADERS,
            "requestBody": {"content": {"application/json": {"schema": META_BODY}}},
            "responses": RECORDED,
        }
    }


def _flat(schema: dict[str, Any]) -> dict[str, Any] | None:
    """What of ``schema`` a query string can carry (plain values and lists of them; no
    structure, no null), or None if nothing: a query's structured argument is asked for
    through the command box or a structured call, not a GET."""
    if "$ref" in schema or schema.get("type") in ("object", "null"):
        return None
    if "anyOf" in schema:
        kept = [flat for member in schema["anyOf"] if (flat := _flat(member)) is not None]
        if not kept:
            return None
        return kept[0] if len(kept) == 1 else {**schema, "anyOf": kept}
    if schema.get("type") == "array":
        items = _flat(schema.get("items", {}))
        return None if items is None else {**schema, "items": items}
    return schema


def document(web: Web) -> dict[str, Any]:
    paths: dict[str, Any] = {
        "/api": _get("The campaign, its head, this client's access and CSRF token", []),
        "/api/party": _get("The party, as `party show --json [--at REF]`", [AT]),
        "/api/heroes/{name}": _get(
            "A Hero, as `hero show NAME --json [--at REF]`",
            [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}, AT],
        ),
        "/api/content": _get(
            "The cards the campaign knows, as `content show [KIND] --json [--at REF]`: the "
            "plugins' and the table's content packs, each value with who gave it",
            [
                {
                    "name": "kind",
                    "in": "query",
                    "schema": {"type": "string", "enum": [*PACK_KINDS]},
                },
                AT,
            ],
        ),
        "/api/events": _get(
            "The events after a seq, as `log --json` shows them, and the head",
            [
                {"name": "after", "in": "query", "schema": SEQ},
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": MAX_EVENTS},
                },
            ],
        ),
        "/api/log": _get(
            "A page of the log, as `log --json` with the same filters: the last `limit` "
            "events before `before`, in order, and `next_before`, the next page's cursor",
            [
                {"name": "hero", "in": "query", "schema": {"type": "string"}},
                {"name": "step", "in": "query", "schema": {"type": "string", "pattern": STEP}},
                *(
                    {
                        "name": name,
                        "in": "query",
                        "schema": {"type": "string", "pattern": AT_PATTERN},
                    }
                    for name in ("since", "until")
                ),
                {
                    "name": "type",
                    "in": "query",
                    "description": "An event type (damage-taken or base:damage-taken); repeatable",
                    "schema": {"type": "array", "items": {"type": "string"}},
                    "style": "form",
                    "explode": True,
                },
                {"name": "session", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                {"name": "undone", "in": "query", "schema": {"type": "boolean"}},
                {"name": "before", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": 100},
                },
            ],
        ),
        "/api/actions": _get("The actions and queries the plugins offer, with schemas", []),
        "/api/witness": _get(
            "Whether the campaign's event SEQ still hashes to HASH (a device's witness)",
            [
                {
                    "name": "seq",
                    "in": "query",
                    "required": True,
                    "schema": {**SEQ, "minimum": 1},
                },
                {
                    "name": "hash",
                    "in": "query",
                    "required": True,
                    "schema": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                },
            ],
        ),
        "/api/commands": {
            "post": {
                "summary": "A line of the command box: an action, a query, log, party show, "
                "hero show, undo or redo",
                "parameters": RECORD_HEADERS,
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "text": {
                                        "type": "string",
                                        "maxLength": MAX_COMMAND,
                                        "pattern": "^[^\\r\\n\\u0000]*$",
                                    }
                                },
                                "required": ["text"],
                                "additionalProperties": False,
                            }
                        }
                    },
                },
                "responses": RECORDED,
            }
        },
        "/api/undo": _meta("Undo the last commands, or the named ones"),
        "/api/redo": _meta("Redo the last undone commands, or the named ones"),
    }
    functions = sorted(web.ledgers.registry.actions.entries(), key=lambda f: f.__name__)
    schemas, components = msgspec.json.schema_components(
        [intents.intent_type(function) for function in functions],
        ref_template="#/components/schemas/{name}",
    )
    for function, schema in zip(functions, schemas, strict=True):
        name = function.__name__
        summary = (function.__doc__ or name).strip().splitlines()[0]
        if intents.is_action(function):
            paths[f"/api/actions/{name}"] = {
                "post": {
                    "summary": summary,
                    "parameters": RECORD_HEADERS,
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": schema}},
                    },
                    "responses": RECORDED,
                }
            }
        else:
            intent = components[schema["$ref"].rsplit("/", 1)[-1]]
            arguments = []
            for field in msgspec.structs.fields(intents.intent_type(function)):
                flat = _flat(intent.get("properties", {}).get(field.name, {}))
                if flat is not None:
                    arguments.append(
                        {"name": field.name, "in": "query", "required": field.required}
                        | {"schema": flat}
                    )
            paths[f"/api/queries/{name}"] = _get(summary, [AT, *arguments])
    return {
        "openapi": "3.0.3",
        "info": {"title": "campaign-ledger web API", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }
