"""Plugin hosting: the plugin manager (the base game by name, expansions through entry
points), the hooks a plugin may implement, calling them so that every answer and failure is
attributed, everything the plugins registered (the Registry), upcasting old payloads, and the
plugin steps around writing a command (vetoes and reactions).

``python -m ledger.hosting._hookdoc`` regenerates the hook table of docs/plugins.md."""

from typing import TYPE_CHECKING

from ledger._facade import lazy_names

_HOMES = {
    "_catalogue": "Catalogue ContentMissing",
    "_extensions": "Migration Upcaster",
    "_folder": "PLUGINS_DIR_ENV how_to_load",
    "_hooks": "call_impl call_offered culprit failed_applying",
    "_hookspecs": "PROJECT CommandGroup hookimpl hookspec",
    "_manager": (
        "DEFAULT_PLUGINS LOAD_ENV LedgerPluginManager describe_plugins get_plugin_manager "
        "plugin_version report reserved_why plugin_problems=problems"
    ),
    "_namespaced": "Ambiguous Namespaced",
    "_packs": "PACK_KINDS catalogue_of merged",
    "_phrases": "item_answers phrase_answers",
    "_pipeline": "Vetoed react refuse_if_vetoed vetoes write",
    "_plugin_migrations": "apply_plugin_migrations",
    "_registry": "Registry default_registry",
    "_sha256": "sha256",
    "_tracing": "TRACE_ENV enable_tracing tracing",
    "_upcast_check": "upcast_problems",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from ledger.hosting._catalogue import Catalogue, ContentMissing
    from ledger.hosting._extensions import Migration, Upcaster
    from ledger.hosting._folder import PLUGINS_DIR_ENV, how_to_load
    from ledger.hosting._hooks import call_impl, call_offered, culprit, failed_applying
    from ledger.hosting._hookspecs import PROJECT, CommandGroup, hookimpl, hookspec
    from ledger.hosting._manager import (
        DEFAULT_PLUGINS,
        LOAD_ENV,
        LedgerPluginManager,
        describe_plugins,
        get_plugin_manager,
        plugin_version,
        report,
        reserved_why,
    )
    from ledger.hosting._manager import (
        problems as plugin_problems,
    )
    from ledger.hosting._namespaced import Ambiguous, Namespaced
    from ledger.hosting._packs import PACK_KINDS, catalogue_of, merged
    from ledger.hosting._phrases import item_answers, phrase_answers
    from ledger.hosting._pipeline import Vetoed, react, refuse_if_vetoed, vetoes, write
    from ledger.hosting._plugin_migrations import apply_plugin_migrations
    from ledger.hosting._registry import Registry, default_registry
    from ledger.hosting._sha256 import sha256
    from ledger.hosting._tracing import TRACE_ENV, enable_tracing, tracing
    from ledger.hosting._upcast_check import upcast_problems

__all__ = [
    "DEFAULT_PLUGINS",
    "LOAD_ENV",
    "PACK_KINDS",
    "PLUGINS_DIR_ENV",
    "PROJECT",
    "TRACE_ENV",
    "Ambiguous",
    "Catalogue",
    "CommandGroup",
    "ContentMissing",
    "LedgerPluginManager",
    "Migration",
    "Namespaced",
    "Registry",
    "Upcaster",
    "Vetoed",
    "apply_plugin_migrations",
    "call_impl",
    "call_offered",
    "catalogue_of",
    "culprit",
    "default_registry",
    "describe_plugins",
    "enable_tracing",
    "failed_applying",
    "get_plugin_manager",
    "hookimpl",
    "hookspec",
    "how_to_load",
    "item_answers",
    "merged",
    "phrase_answers",
    "plugin_problems",
    "plugin_version",
    "react",
    "refuse_if_vetoed",
    "report",
    "reserved_why",
    "sha256",
    "tracing",
    "upcast_problems",
    "vetoes",
    "write",
]
