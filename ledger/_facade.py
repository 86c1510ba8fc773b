"""Facades whose names are imported when first used (PEP 562), as ``ledger``'s own are.

A facade says which private module holds each of its names and imports them under
``TYPE_CHECKING`` for the type checker: at run time ``from ledger.campaign import Ledger``
loads the module defining ``Ledger`` and no other, so a command imports the modules it uses,
not every module of every facade it reaches (docs/performance.md, target 6)."""

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, str], names: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for the facade ``package``. ``homes`` maps each private
    module to the names it gives the facade, space-separated (``{"_ledger": "Ledger
    SNAPSHOT_INTERVAL"}``), ``name=attribute`` for a name the facade gives another one
    (``"snapshot_state=decode"``); ``names`` is the facade's ``globals()``, where the names
    of a module are kept once it is imported."""
    given = {
        module: [(name, attribute or name) for name, _, attribute in map(_split, listed.split())]
        for module, listed in homes.items()
    }
    home = {name: module for module, pairs in given.items() for name, _ in pairs}

    def __getattr__(name: str) -> Any:
        if name not in home:  # a submodule (``from ledger.campaign import _ledger``) then loads
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(f"{package}.{home[name]}")
        for each, attribute in given[home[name]]:
            names[each] = getattr(module, attribute)
        return names[name]

    def __dir__() -> list[str]:
        return sorted({*names, *home})

    return __getattr__, __dir__


def _split(entry: str) -> tuple[str, str, str]:
    return entry.partition("=")
