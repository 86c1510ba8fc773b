"""The API's OpenAPI document (``GET /api/openapi.json``), with each structured action's
intent schema from its signature (``intents``)."""

from typing import Any

import msgspec

from ledger_web import intents
from ledger_web.server import Web

AT = {
    "name": "at",
    "in": "query",
    "required": False,
    "description": "A point of the campaign, as --at takes it: 42, city-2, scenario-5.2:end",
    "schema": {"type": "string"},
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
        "schema": {"type": "integer"},
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
    "200": {
        "description": "Recorded (or answered again under its idempotency key): the JSON "
        "the CLI's --json prints"
    },
    "400": {"description": "Not a command or intent the ledger reads"},
    "401": {"description": "No valid token"},
    "403": {"description": "Read-only token, or no CSRF token"},
    "409": {"description": "The campaign moved past X-Expect-Seq; nothing written"},
    "413": {"description": "The body or command is too long"},
    "422": {"description": "Refused by the rules (the message says which); nothing written"},
}


def _get(summary: str, parameters: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "parameters": parameters,
            "responses": {"200": {"description": "JSON"}, "401": {"description": "No token"}},
        }
    }


META_BODY = {
    "type": "object",
    "properties": {
        "count": {"type": "integer", "minimum": 1},
        "commands": {"type": "array", "items": {"type": "integer"}},
        "seen": {"type": "integer", "description": "the head the caller saw"},
    },
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
            [{"name": "kind", "in": "query", "schema": {"type": "string"}}, AT],
        ),
        "/api/events": _get(
            "The events after a seq, as `log --json` shows them, and the head",
            [
                {"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 1000}},
            ],
        ),
        "/api/log": _get(
            "A page of the log, as `log --json` with the same filters: the last `limit` "
            "events before `before`, in order, and `next_before`, the next page's cursor",
            [
                *(
                    {"name": name, "in": "query", "schema": {"type": "string"}}
                    for name in ("hero", "step", "since", "until")
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
        "/api/commands": {
            "post": {
                "summary": "A line of the command box: an action, a query, undo or redo",
                "parameters": RECORD_HEADERS,
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {"text": {"type": "string", "maxLength": 2000}},
                                "required": ["text"],
                            }
                        }
                    },
                },
                "responses": RECORDED,
            }
        },
        "/api/undo": _meta("Undo the last commands, or the named ones"),
        "/api/redo": _meta("Redo the last undone commands, or the named ones"),
        "/events": {
            "get": {
                "summary": "Server-sent events: `head` with {campaign, seq} on every change",
                "responses": {"200": {"description": "text/event-stream"}},
            }
        },
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
            arguments = [
                {
                    "name": field.name,
                    "in": "query",
                    "required": field.required,
                    "schema": intent.get("properties", {}).get(field.name, {}),
                }
                for field in msgspec.structs.fields(intents.intent_type(function))
            ]
            paths[f"/api/queries/{name}"] = _get(summary, [AT, *arguments])
    return {
        "openapi": "3.0.3",
        "info": {"title": "campaign-ledger web API", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }
