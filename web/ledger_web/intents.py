"""What plugins offer a player (``register_actions``), as the web reads it: each action's or
query's keyword-only typed parameters become a msgspec type, which converts a JSON intent to
the very arguments the CLI would give, and gives the form's JSON schema.

No request names a file: a parameter that may take a file's path (its type admits ``Path``)
takes neither a path nor text here (text may be read as a path), only its other types."""

import functools
import inspect
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ledger.hosting import Registry
from ledger.model import Event

Function = Callable[..., Any]


def is_action(function: Function) -> bool:
    """An action decides events (``-> list[Event]``); anything else is a query."""
    returns = typing.get_type_hints(function).get("return")
    origin = typing.get_origin(returns)
    if origin is None or not isinstance(origin, type) or not issubclass(origin, Sequence):
        return False
    (item,) = typing.get_args(returns) or (None,)
    return isinstance(item, type) and issubclass(item, Event)


def _web_type(hint: Any) -> Any:
    """``hint`` without ``Path`` (and without ``str`` where ``Path`` was)."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return hint
    options = typing.get_args(hint)
    if Path not in options:
        return hint
    kept = tuple(option for option in options if option not in (Path, str))
    return functools.reduce(lambda a, b: a | b, kept)


@functools.cache
def intent_type(function: Function) -> type[msgspec.Struct]:
    """The type of ``function``'s intent: a field per keyword-only parameter (those of an
    ``**intent: Unpack[TypedDict]`` too); an optional one is left out unless given."""
    hints = typing.get_type_hints(function)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for parameter in list(inspect.signature(function).parameters.values())[1:]:
        hint = hints.get(parameter.name, Any)
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            if typing.get_origin(hint) is not typing.Unpack:
                continue
            (typed,) = typing.get_args(hint)
            for name, inner in typing.get_type_hints(typed).items():
                fields.append((name, _web_type(inner) | msgspec.UnsetType, msgspec.UNSET))
        elif parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            if parameter.default is inspect.Parameter.empty:
                fields.append((parameter.name, _web_type(hint)))
            else:
                fields.append((parameter.name, _web_type(hint) | msgspec.UnsetType, msgspec.UNSET))
    name = "".join(word.title() for word in function.__name__.split("_")) + "Intent"
    return msgspec.defstruct(name, fields, kw_only=True, forbid_unknown_fields=True)


@functools.cache
def list_fields(function: Function) -> frozenset[str]:
    """The intent's fields that hold a list (a query parameter given once is still one)."""
    found = set()
    for field in msgspec.inspect.type_info(intent_type(function)).fields:  # type: ignore[attr-defined]
        kinds = (
            field.type.types if isinstance(field.type, msgspec.inspect.UnionType) else (field.type,)
        )
        if any(
            isinstance(k, msgspec.inspect.VarTupleType | msgspec.inspect.ListType) for k in kinds
        ):
            found.add(field.name)
    return frozenset(found)


def intent_of(function: Function, given: object, *, strict: bool = True) -> dict[str, Any]:
    """``given`` (decoded JSON) as ``function``'s keyword arguments; msgspec.ValidationError
    names the field that does not fit. ``strict=False`` reads numbers and flags from text
    (a query string's values)."""
    if not isinstance(given, dict):
        raise msgspec.ValidationError("an intent is a JSON object of the action's arguments")
    converted = msgspec.convert(given, intent_type(function), strict=strict)
    return {
        name: value
        for name in converted.__struct_fields__
        if (value := getattr(converted, name)) is not msgspec.UNSET
    }


def schema(function: Function) -> dict[str, Any] | None:
    """The JSON schema of ``function``'s intent (None if its types have none)."""
    try:
        return msgspec.json.schema(intent_type(function))
    except (TypeError, ValueError):
        return None


def describe(registry: Registry) -> list[dict[str, Any]]:
    """Every action and query the plugins offer: name, kind, what it does, its parameters
    (required ones listed) and its schema."""
    described = []
    for function in sorted(registry.actions.entries(), key=lambda f: f.__name__):
        fields = msgspec.structs.fields(intent_type(function))
        described.append(
            {
                "name": function.__name__,
                "kind": "action" if is_action(function) else "query",
                "doc": inspect.getdoc(function) or "",
                "parameters": [field.name for field in fields],
                "required": [field.name for field in fields if field.required],
                "schema": schema(function),
            }
        )
    return described
