"""The plugin manager: the base game by name, expansions through entry points."""

import importlib
import os
import warnings
from collections.abc import Collection
from importlib.metadata import entry_points

import pluggy

from ledger import hookspecs
from ledger.hookspecs import PROJECT

DEFAULT_PLUGINS = ("ledger_base_game",)
LOAD_ENV = "LEDGER_LOAD_PLUGINS"


def plugins_allowed() -> Collection[str] | None:
    """``LEDGER_LOAD_PLUGINS`` limits loading: unset loads all, empty none, ``a,b`` only those."""
    value = os.environ.get(LOAD_ENV)
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


def get_plugin_manager(allowed: Collection[str] | None = None) -> pluggy.PluginManager:
    """A fresh plugin manager; tests build their own instead of reloading modules."""
    if allowed is None:
        allowed = plugins_allowed()
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    for name in DEFAULT_PLUGINS:
        if allowed is None or name in allowed:
            pm.register(importlib.import_module(name), name=name)
    for entry_point in entry_points(group=PROJECT):
        if allowed is not None and entry_point.name not in allowed:
            continue
        if pm.get_plugin(entry_point.name) is not None:
            continue
        try:
            plugin = entry_point.load()
        except Exception as error:  # a broken plugin must not take the others down
            dist = entry_point.dist.name if entry_point.dist else "an unknown distribution"
            warnings.warn(
                f"plugin {entry_point.name!r} (from {dist}) failed to import and is not "
                f"loaded: {error}",
                stacklevel=2,
            )
            continue
        pm.register(plugin, name=entry_point.name)
    return pm


def plugin_version(pm: pluggy.PluginManager, name: str) -> str:
    plugin = pm.get_plugin(name)
    version = getattr(plugin, "__version__", None)
    if isinstance(version, str):
        return version
    for dist, registered in pm.list_plugin_distinfo():
        if registered is plugin:
            return str(getattr(dist, "version", "unknown"))
    return "unknown"
