"""Reading a content pack: a TOML file of ``[[hero]]``, ``[[item]]``... tables in the shape of
the base game's own data files, each entry checked against its catalogue's fields. Every
refusal names the file, the line and the field."""

import re
from typing import Any

import msgspec

from ledger.errors import BadInput
from ledger.hosting import PACK_KINDS
from ledger.text import check_name, name_key

OVERRIDE = "override"  # an entry may contradict what a plugin gives for its card


class PackEntry(msgspec.Struct, frozen=True):
    """One table of the file: its kind, the fields it gives (as TOML gave them), its line."""

    kind: str
    fields: dict[str, Any]
    override: bool
    line: int
    lines: dict[str, int]  # where each field is given

    def at(self, field: str) -> int:
        return self.lines.get(field, self.line)


class PackFile(msgspec.Struct, frozen=True):
    """A content pack as read: its file name, the hash of its bytes and its cards' tables."""

    name: str
    sha256: str
    entries: tuple[PackEntry, ...]


def read_pack(name: str, data: bytes) -> PackFile:
    """The pack ``name`` holds ``data``; BadInput names what is wrong and where."""
    try:
        tables = msgspec.toml.decode(data)
    except msgspec.DecodeError as error:
        raise BadInput(f"{name}: not a TOML file: {error}") from None
    if not isinstance(tables, dict):
        raise BadInput(f"{name}: not a content pack")
    text = data.decode("utf-8", errors="replace").splitlines()
    entries = []
    for kind, rows in tables.items():
        if kind not in PACK_KINDS:
            known = ", ".join(f"[[{k}]]" for k in PACK_KINDS)
            raise BadInput(
                f"{name} line {_line_of(text, kind, 0)}: no cards of kind [[{kind}]] "
                f"(a pack holds {known})"
            )
        if not isinstance(rows, list):
            raise BadInput(
                f"{name} line {_line_of(text, kind, 0)}: write [[{kind}]], "
                f"one table per card, not [{kind}]"
            )
        for index, row in enumerate(rows):
            entries.append(_entry(name, text, kind, index, row))
    if not entries:
        raise BadInput(f"{name}: the pack holds no cards (write [[hero]], [[item]]... tables)")
    _refuse_repeats(name, entries)
    import hashlib  # only to read a pack: not in every command's start-up

    return PackFile(name, hashlib.sha256(data).hexdigest(), tuple(entries))


def _entry(pack: str, text: list[str], kind: str, index: int, row: Any) -> PackEntry:
    line = _line_of(text, kind, index)
    if not isinstance(row, dict):
        raise BadInput(f"{pack} line {line}: [[{kind}]] must be a table of fields")
    spec = PACK_KINDS[kind][1]
    known = {field.encode_name for field in msgspec.structs.fields(spec)}
    unknown = sorted(set(row) - known - {OVERRIDE})
    if unknown:
        at = _field_line(text, line, unknown[0])
        raise BadInput(
            f"{pack} line {at}: [[{kind}]] has no field {unknown[0]!r} "
            f"(its fields: {', '.join(sorted(known))}, {OVERRIDE})"
        )
    override = row.pop(OVERRIDE, False)
    if not isinstance(override, bool):
        raise BadInput(
            f"{pack} line {_field_line(text, line, OVERRIDE)}: {OVERRIDE} is true or false"
        )
    name_field = "number" if kind == "scenario" else "name"
    if name_field not in row:
        raise BadInput(f"{pack} line {line}: [[{kind}]] needs a {name_field}")
    if isinstance(row.get("name"), str):
        row["name"] = check_name(row["name"], f"{pack} line {line}: the {kind}'s name")
    for field, value in row.items():
        error = _bad_value(spec, field, value)
        if error:
            raise BadInput(
                f"{pack} line {_field_line(text, line, field)}: {kind} "
                f"{row.get('name', row.get('number'))!r}, {field}: {error}"
            )
    lines = {field: _field_line(text, line, field) for field in row}
    return PackEntry(kind, row, override, line, lines)


def _bad_value(spec: type[msgspec.Struct], field: str, value: Any) -> str | None:
    """Why ``value`` cannot be ``spec``'s ``field``, else None: its type, and no count below 0."""
    try:
        msgspec.convert({field: value}, _one_field(spec, field))
    except msgspec.ValidationError as error:
        return str(error).split(" - at ")[0]
    numbers = [value] if isinstance(value, int) and not isinstance(value, bool) else []
    if any(number < 0 for number in numbers):
        return f"must be 0 or more, not {value}"
    return None


def _one_field(spec: type[msgspec.Struct], field: str) -> type[msgspec.Struct]:
    """A Struct holding only ``field`` of ``spec``, with its type, to check one value alone."""
    found = next(f for f in msgspec.structs.fields(spec) if f.encode_name == field)
    return msgspec.defstruct("One", [(field, found.type)], kw_only=True)


def _refuse_repeats(pack: str, entries: list[PackEntry]) -> None:
    seen: dict[tuple[str, str], PackEntry] = {}
    for entry in entries:
        key = (entry.kind, name_key(str(entry.fields.get("name", entry.fields.get("number")))))
        if key in seen:
            raise BadInput(
                f"{pack} line {entry.line}: {entry.kind} {key[1]!r} is already given at line "
                f"{seen[key].line}; give each card once"
            )
        seen[key] = entry


def _line_of(text: list[str], kind: str, index: int) -> int:
    """The line of the ``index``-th ``[[kind]]`` header (1 when it cannot be found)."""
    header = re.compile(rf"^\s*\[\[?\s*{re.escape(kind)}\s*\]\]?\s*(#.*)?$")
    found = [number for number, line in enumerate(text, start=1) if header.match(line)]
    return found[index] if index < len(found) else 1


def _field_line(text: list[str], start: int, field: str) -> int:
    """The line in the table that starts at ``start`` where ``field`` is given."""
    assign = re.compile(rf"^\s*{re.escape(field)}\s*=")
    for number in range(start, len(text) + 1):
        line = text[number - 1]
        if number > start and line.lstrip().startswith("["):
            break
        if assign.match(line):
            return number
    return start
