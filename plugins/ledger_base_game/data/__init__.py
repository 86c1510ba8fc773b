"""The base game's data files (``data/*.toml``), read as bytes or as their parsed tables.

Parsing TOML is a tenth of a command's start-up (Python's ``tomllib`` is pure Python, and
every command gathers the catalogues: a failing plugin warns on every command).
``data/tables.json`` holds each file's tables as parsed, with the hash of the bytes they
were parsed from (``importlib.util.source_hash``, as a .pyc checks its source: far cheaper
than SHA-256, and an edit still changes it): a file whose bytes still hash so is read from
there, any other (edited since) is parsed from its TOML, so an edit is never missed, only
slower until ``python -m ledger_base_game.data`` writes the tables again (a test says when;
on a machine of the other byte order every file is parsed, as the hash differs)."""

import os
from functools import cache
from importlib.util import source_hash
from pathlib import Path
from typing import Any

import msgspec

PARSED = "tables.json"


Tables = dict[str, list[dict[str, Any]]]


class _Parsed(msgspec.Struct, frozen=True):
    source_hash: str
    tables: Tables


def data_file(name: str) -> bytes:
    """``data/NAME`` as bytes, through the package's own loader (a zipped install too).
    Not ``importlib.resources.files``: its readers import zipfile, lzma and bz2 first, about
    2 ms of every command's start-up (docs/performance.md, target 6); nor ``pkgutil``, which
    does the same after importing itself (1.3 M instructions)."""
    get_data = getattr(__spec__.loader, "get_data", None)
    if get_data is None:  # a loader that cannot read data: not one this package is installed by
        raise FileNotFoundError(f"ledger_base_game: data/{name} cannot be read")
    return bytes(get_data(os.path.join(os.path.dirname(__file__), name)))


@cache
def _parsed() -> dict[str, _Parsed]:
    try:
        return msgspec.json.decode(data_file(PARSED), type=dict[str, _Parsed])
    except (OSError, msgspec.DecodeError):  # missing or unreadable: every file is parsed
        return {}


def tables(name: str) -> Tables:
    """The tables of ``data/NAME`` (a TOML file), as ``msgspec.toml.decode`` reads them."""
    data = data_file(name)
    kept = _parsed().get(name)
    if kept is not None and kept.source_hash == source_hash(data).hex():
        return kept.tables
    return msgspec.toml.decode(data, type=Tables)


def parsed_now(folder: Path) -> bytes:
    """What ``data/tables.json`` holds for the TOML files in ``folder`` as they are now."""
    found = {
        path.name: _Parsed(
            source_hash(path.read_bytes()).hex(),
            msgspec.toml.decode(path.read_bytes(), type=Tables),
        )
        for path in sorted(folder.glob("*.toml"))
    }
    return msgspec.json.format(msgspec.json.encode(found), indent=1) + b"\n"
