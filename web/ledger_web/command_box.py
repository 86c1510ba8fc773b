"""The command box's grammar: a line becomes an action or query of the campaign (with its
intent, typed as a structured call's), or an undo or redo, in memory. Nothing else is
accepted: the allow-list is what the plugins registered (``register_actions``), the reading
commands of ``box_reading`` (``log``, capped; ``party show``; ``hero show NAME``) and undo and
redo, never the CLI's command tree (no file, no campaign management, no second server).

    ACTION [VALUE ...] [--name VALUE | --flag | --no-flag | name=VALUE ...]
    undo [N] | undo --command SEQ [--command SEQ ...]
    redo [N] | redo --command SEQ [--command SEQ ...]

ACTION is the registered name (``spend_stamina``; ``spend-stamina`` and ``spend stamina``
too). Values without a name fill the parameters in the action's order (``GET /api/actions``
lists them); a parameter that takes several values takes them comma-separated or named again
(``--roll sword,sword``), and a nested one takes JSON (``--rolls '{"Torrax": [...]}'``).
Words split as a shell splits them: a name with an apostrophe goes in double quotes."""

import functools
import json
import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import msgspec
import msgspec.inspect as mi

from ledger.hosting import Registry
from ledger.text import did_you_mean, quoted
from ledger_web.box_reading import READING
from ledger_web.calls import MetaCall
from ledger_web.intents import intent_of, intent_type, is_action
from ledger_web.wellformed import integer

MAX_COMMAND = 2000  # characters in a line
# A line that is text of the right length but not a command the box reads: the request is
# well-formed (the API's document allows any such text), its content is not (422).
UNREADABLE = 422
MAX_NAME_WORDS = 4  # "spend stamina" is two words of one action's name
META: dict[str, Literal["undo", "redo"]] = {"undo": "undo", "redo": "redo"}
NAMED = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)=(.*)", re.DOTALL)
ACCEPTS = (
    "The command box takes an action or query of this campaign with its parameters "
    "(`damage Torrax 3`, `spend_stamina Torrax 2`; GET /api/actions lists them), "
    "`log` (the last 100 events at most), `party show`, `hero show NAME`, "
    "`undo [N]`, `undo --command SEQ`, `redo [N]` or `redo --command SEQ`; "
    "other commands (campaign, export, import, plugin, batch, serve...) are not from the web app"
)


class LineRefused(Exception):
    """The line is not one the box accepts: its HTTP status and why, nothing written."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Decided:
    """An action (or a query) and its typed intent; ``given`` is that intent as JSON, as a
    structured call would send it."""

    name: str
    function: Callable[..., Any]
    intent: dict[str, Any]
    given: dict[str, Any]

    @property
    def query(self) -> bool:
        return not is_action(self.function)


def parse(text: str, registry: Registry) -> Decided | MetaCall:
    """What ``text`` asks for, or LineRefused saying why the box does not take it."""
    if len(text) > MAX_COMMAND:
        raise LineRefused(413, f"a command is at most {MAX_COMMAND} characters")
    if "\n" in text or "\r" in text or "\0" in text:
        raise LineRefused(400, "a command is one line")
    try:
        words = shlex.split(text)
    except ValueError as error:
        hint = ""
        if str(error) == "No closing quotation" and text.count("'") % 2 and '"' not in text:
            hint = """ (a name with an apostrophe goes in double quotes: "Zuva'Sai")"""
        raise LineRefused(UNREADABLE, f"{error}{hint}: {text}") from None
    if not words:
        raise LineRefused(UNREADABLE, "the command is empty")
    if words[0].startswith("-"):
        raise LineRefused(
            UNREADABLE, "a command starts with its name; the server's file and campaign are fixed"
        )
    actions = registry.actions.names()
    names = [*actions, *(name for name in READING if name not in actions)]
    taken, name = _name(words, names)
    verb = META.get(name or "")
    if verb is not None:
        return _meta(verb, words[taken:])
    if name is None:
        typed = words[0]
        hint = did_you_mean(_key(typed), names) or did_you_mean(_key(" ".join(words[:2])), names)
        raise LineRefused(
            UNREADABLE,
            f"{quoted(typed)} is not an action or query of this campaign.{hint} {ACCEPTS}",
        )
    function: Callable[..., Any] = registry.actions.get(name) if name in actions else READING[name]
    given = _intent(name, function, words[taken:])
    try:
        intent = intent_of(function, given, strict=False)
    except msgspec.ValidationError as error:
        raise LineRefused(UNREADABLE, f"{name}: {error}") from None
    return Decided(name, function, intent, msgspec.to_builtins(intent))


def _key(word: str) -> str:
    return word.lower().replace("-", "_").replace(" ", "_")


def _name(words: list[str], names: list[str]) -> tuple[int, str | None]:
    """How many words name the action, and its name (the longest that matches)."""
    known = {*names, *META}
    for count in range(min(MAX_NAME_WORDS, len(words)), 0, -1):
        candidate = "_".join(_key(word) for word in words[:count])
        if candidate in known:
            return count, candidate
    return 0, None


def usage(name: str, function: Callable[..., Any]) -> str:
    """``damage HERO AMOUNT``, then the optional parameters by name."""
    shown = [name]
    for field in _fields(function):
        if field.required:
            shown.append(field.name.upper())
        elif _flag(field.type):
            shown.append(f"[--{field.name}]")
        else:
            shown.append(f"[--{field.name} {field.name.upper()}]")
    return " ".join(shown)


@functools.cache  # a function's signature does not change while the server runs
def _fields(function: Callable[..., Any]) -> tuple[mi.Field, ...]:
    info = mi.type_info(intent_type(function))
    assert isinstance(info, mi.StructType)
    return info.fields


def _members(kind: mi.Type) -> tuple[mi.Type, ...]:
    members = kind.types if isinstance(kind, mi.UnionType) else (kind,)
    return tuple(m for m in members if not isinstance(m, mi.NoneType))


def _flag(kind: mi.Type) -> bool:
    return all(isinstance(m, mi.BoolType) for m in _members(kind))


def _takes_text(kind: mi.Type) -> bool:
    return any(isinstance(m, mi.StrType | mi.LiteralType) for m in _members(kind))


def _takes_one(kind: mi.Type) -> bool:
    """A number, a word or a flag (not a list, not a structure)."""
    one = mi.IntType | mi.FloatType | mi.StrType | mi.LiteralType | mi.BoolType
    return any(isinstance(m, one) for m in _members(kind))


def _takes_several(kind: mi.Type) -> bool:
    several = mi.ListType | mi.VarTupleType | mi.TupleType | mi.SetType | mi.FrozenSetType
    return any(isinstance(m, several) for m in _members(kind))


def _intent(name: str, function: Callable[..., Any], words: list[str]) -> dict[str, Any]:
    """The words after the name as the action's intent, its values still text."""
    fields = {field.name: field for field in _fields(function)}
    named: dict[str, list[Any]] = {}
    positional: list[str] = []

    def flag(key: str) -> bool:
        key = key.replace("-", "_")
        key = key[3:] if key.startswith("no_") and key[3:] in fields else key
        return key in fields and _flag(fields[key].type)

    for key, value in _split(words, flag):
        if key is None:
            positional.append(value)
            continue
        field_name = key.replace("-", "_")
        negated = field_name.startswith("no_") and field_name[3:] in fields
        if negated and _flag(fields[field_name[3:]].type) and value is True:
            field_name, value = field_name[3:], False
        if field_name not in fields:
            raise LineRefused(
                UNREADABLE,
                f"{name} has no parameter {quoted(key)}.{did_you_mean(field_name, fields)} "
                f"It takes: {usage(name, function)}",
            )
        if value is True and not _flag(fields[field_name].type):
            raise LineRefused(
                UNREADABLE, f"{name}: --{key} needs a value ({usage(name, function)})"
            )
        named.setdefault(field_name, []).append(value)
    given: dict[str, Any] = {}
    for field_name, values in named.items():
        given[field_name] = _value(name, fields[field_name], values)
    free = [field for field in fields.values() if field.name not in given]
    if len(positional) > len(free):
        extra = positional[len(free)]
        raise LineRefused(
            UNREADABLE,
            f"{name}: {quoted(extra)} is one value too many; it takes: {usage(name, function)}",
        )
    for field, value in zip(free, positional, strict=False):
        given[field.name] = _value(name, field, [value])
    missing = [
        field.name for field in fields.values() if field.required and field.name not in given
    ]
    if missing:
        raise LineRefused(
            UNREADABLE,
            f"{name} needs {', '.join(m.upper() for m in missing)}: {usage(name, function)}",
        )
    return given


def _split(
    words: list[str], flag: Callable[[str], bool] = lambda key: False
) -> Iterator[tuple[str | None, Any]]:
    """(name, value) for each parameter given by name (``--name`` of a ``flag`` and a name
    with no value after it: True), (None, value) for each value in order."""
    options = True
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if options and word == "--":
            options = False
        elif options and word.startswith("--") and len(word) > 2:
            key, equals, value = word[2:].partition("=")
            if equals:
                yield key, value
            elif flag(key) or at == len(words) or words[at].startswith("--"):
                yield key, True
            else:
                yield key, words[at]
                at += 1
        elif options and (found := NAMED.fullmatch(word)):
            yield found.group(1), found.group(2)
        else:
            yield None, word


def _value(name: str, field: mi.Field, values: list[Any]) -> Any:
    """The text given for ``field`` as its JSON: a list where it takes several, JSON where it
    takes a structure."""
    if _flag(field.type) and isinstance(values[0], bool):
        return values[-1]
    if len(values) > 1:
        if not _takes_several(field.type):
            raise LineRefused(UNREADABLE, f"{name}: {field.name} is given once")
        return [part for value in values for part in _parts(value)]
    (value,) = values
    if value is True:
        raise LineRefused(UNREADABLE, f"{name}: --{field.name} needs a value")
    if not _takes_text(field.type) and value[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except RecursionError:
            raise LineRefused(UNREADABLE, f"{name}: {field.name} is nested too deeply") from None
        except ValueError:
            raise LineRefused(
                UNREADABLE, f"{name}: {field.name} is not JSON: {quoted(value)}"
            ) from None
    if _takes_several(field.type) and ("," in value or not _takes_one(field.type)):
        return _parts(value)
    return value


def _parts(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def _meta(verb: Literal["undo", "redo"], words: list[str]) -> MetaCall:
    """``undo [N]`` or ``undo --command SEQ ...`` (and the same of redo)."""
    count: int | None = None
    commands: list[int] = []
    for key, value in _split(words):
        number = integer(value) if isinstance(value, str) and value[:1] != "-" else None
        if key is None and count is None and number is not None:
            count = number
        elif key == "command" and number is not None:
            commands.append(number)
        else:
            shown = value if key is None else f"--{key}"
            raise LineRefused(
                UNREADABLE,
                f"{verb} takes a count or --command SEQ ({verb} [N] | {verb} --command SEQ), "
                f"not {quoted(str(shown))}",
            )
    if count is not None and commands:
        raise LineRefused(UNREADABLE, f"{verb} takes a count or --command SEQ, not both")
    return MetaCall(verb=verb, count=1 if count is None else count, commands=tuple(commands))
