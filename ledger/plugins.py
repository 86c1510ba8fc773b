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


class LedgerPluginManager(pluggy.PluginManager):
    """A pluggy manager that also remembers the plugins that failed to import."""

    def __init__(self) -> None:
        super().__init__(PROJECT)
        self.failed: dict[str, str] = {}  # entry point name: why it is not loaded


def get_plugin_manager(allowed: Collection[str] | None = None) -> LedgerPluginManager:
    """A fresh plugin manager; tests build their own instead of reloading modules."""
    if allowed is None:
        allowed = plugins_allowed()
    pm = LedgerPluginManager()
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
            why = f"{type(error).__name__}: {error}"
            pm.failed[entry_point.name] = f"failed to import (from {dist}): {why}"
            warnings.warn(
                f"plugin {entry_point.name!r} (from {dist}) failed to import and is not "
                f"loaded: {why}",
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


def plugin_hooks(pm: pluggy.PluginManager, name: str) -> list[str]:
    plugin = pm.get_plugin(name)
    return sorted(caller.name for caller in pm.get_hookcallers(plugin) or ())


def describe_plugins(pm: pluggy.PluginManager) -> list[dict[str, object]]:
    """What ``plugins`` shows: every loaded plugin with its version and hooks, then every
    plugin that failed to import, with the reason."""
    shown: list[dict[str, object]] = [
        {"name": name, "version": plugin_version(pm, name), "hooks": plugin_hooks(pm, name)}
        for name, _ in pm.list_name_plugin()
    ]
    for name, why in getattr(pm, "failed", {}).items():
        shown.append({"name": name, "version": None, "hooks": [], "error": why})
    return shown
