"""The shape of the campaign state as the fingerprint hashes it: the JSON schema msgspec gives
of ``CampaignState``, kept in ``state_shape.json`` next to this module.

Building the schema was a tenth of a command's start-up (msgspec reads every state type's
annotations; docs/performance.md, target 6). The file keeps the schema with the hash of
what it is made from (``importlib.util.source_hash``, as a .pyc checks its source): the
Python and msgspec versions and the source of every module its types are defined or
annotated in (each module that defines a type of the state, and the ledger modules those
import, transitively, a facade's names as the modules defining them). When all of those
hash as kept, the kept bytes are the schema; anything else (a module edited since, another
Python or msgspec) builds it as before, so a change is never missed, only slower until
``python -m ledger.hosting._shape`` writes the file again (tests/plugins/test_state_shape.py
says when; a machine of the other byte order hashes otherwise, and builds it)."""

import ast
import importlib.util
import os
import sys
from pathlib import Path

import msgspec

from ledger.model import CampaignState

KEPT = "state_shape.json"


class _Kept(msgspec.Struct, frozen=True):
    key: str  # what the shape is made from (``key``)
    modules: list[str]  # the modules whose source it covers
    shape: str  # the schema's JSON


def schema_shape() -> bytes:
    """The shape built from the loaded types: what the fingerprint hashes."""
    return msgspec.json.encode(msgspec.json.schema(CampaignState))


def state_shape() -> bytes:
    """``schema_shape()``, from the kept file when what it is made from is unchanged."""
    kept = _kept()
    if kept is not None and key(kept.modules) == kept.key:
        return kept.shape.encode()
    return schema_shape()


def _kept() -> _Kept | None:
    try:
        get_data = getattr(__spec__.loader, "get_data", None)  # a zipped install too
        if get_data is None:
            return None
        data = get_data(os.path.join(os.path.dirname(__file__), KEPT))
        return msgspec.json.decode(data, type=_Kept)
    except (OSError, msgspec.DecodeError):  # missing or unreadable: built from the types
        return None


def key(modules: list[str]) -> str | None:
    """The hash of the versions and the loaded ``modules``' source; None if one of them is
    not loaded or its source cannot be read (then the shape is built)."""
    versions = f"python {sys.version_info[0]}.{sys.version_info[1]}; msgspec {msgspec.__version__}"
    parts = [f"{versions}\n".encode()]
    for name in modules:
        source = _source(name)
        if source is None:
            return None
        parts += (f"{name} {len(source)}\n".encode(), source)
    return importlib.util.source_hash(b"".join(parts)).hex()


def _source(name: str) -> bytes | None:
    """The source of the loaded module ``name``, read through its own loader."""
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    get_data = getattr(getattr(module, "__loader__", None), "get_data", None)
    if not isinstance(path, str) or not path.endswith(".py") or get_data is None:
        return None
    try:
        return bytes(get_data(path))
    except OSError:
        return None


def shape_modules() -> list[str]:
    """Every module the schema is made from: each that defines a type of the state, and the
    ledger modules those import at their top level, transitively."""
    import msgspec.inspect as types

    defining: set[str] = set()
    seen: set[int] = set()

    def walk(info: object) -> None:
        if id(info) in seen:
            return
        seen.add(id(info))
        kind = getattr(info, "cls", None)
        if isinstance(kind, type):
            defining.add(kind.__module__)
        for field in getattr(info, "fields", ()):
            walk(field.type)
        for name in ("item_type", "key_type", "value_type"):
            if hasattr(info, name):
                walk(getattr(info, name))
        for inner in (*getattr(info, "item_types", ()), *getattr(info, "types", ())):
            walk(inner)

    walk(types.type_info(CampaignState))
    found: set[str] = set()
    todo = sorted(defining)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += _ledger_imports(name)
    return sorted(found)


def _ledger_imports(name: str) -> list[str]:
    """The ledger modules ``name`` imports at its top level (what runs when it is loaded),
    a facade's names as the modules that define them (``ledger._facade``)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return []
    tree = ast.parse(Path(spec.origin).read_bytes())
    imported: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.append(node.module)
            imported += _homes(node.module, {alias.name for alias in node.names})
        elif isinstance(node, ast.Import):
            imported += (alias.name for alias in node.names)
    return [module for module in imported if module.partition(".")[0] == "ledger"]


def _homes(facade: str, names: set[str]) -> list[str]:
    """The private modules of the lazy ``facade`` that define ``names`` (none for a module
    that is not a facade)."""
    if facade.partition(".")[0] != "ledger":
        return []
    homes = getattr(importlib.import_module(facade), "_HOMES", {})
    return [
        f"{facade}.{module}"
        for module, listed in homes.items()
        if names & {entry.partition("=")[0] for entry in listed.split()}
    ]


def kept_now() -> bytes:
    """What ``state_shape.json`` holds for the code as it is now."""
    modules = shape_modules()
    for name in modules:
        importlib.import_module(name)
    found = key(modules)
    if found is None:
        raise RuntimeError("a module of the state's shape has no readable source")
    kept = _Kept(key=found, modules=modules, shape=schema_shape().decode())
    return msgspec.json.format(msgspec.json.encode(kept), indent=1) + b"\n"


if __name__ == "__main__":
    Path(__file__).with_name(KEPT).write_bytes(kept_now())
