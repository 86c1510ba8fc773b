"""The plugin manager: the base game by name, expansions through entry points."""

import importlib
import os
import warnings
from collections.abc import Collection
from typing import TYPE_CHECKING

import pluggy

from ledger.hosting import _hookspecs as hookspecs
from ledger.hosting._entry_scan import may_declare
from ledger.hosting._hookspecs import PROJECT

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

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
        self.distributions: dict[str, tuple[str, str]] = {}  # plugin: (distribution, version)


def get_plugin_manager(allowed: Collection[str] | None = None) -> LedgerPluginManager:
    """A fresh plugin manager; tests build their own instead of reloading modules."""
    if allowed is None:
        allowed = plugins_allowed()
    pm = LedgerPluginManager()
    pm.add_hookspecs(hookspecs)
    for name in DEFAULT_PLUGINS:
        if allowed is None or name in allowed:
            pm.register(importlib.import_module(name), name=name)
    if not may_declare(PROJECT):
        return pm  # no distribution declares a plugin: importlib.metadata is not needed
    from importlib.metadata import entry_points

    for entry_point in entry_points(group=PROJECT):
        if allowed is not None and entry_point.name not in allowed:
            continue
        if pm.get_plugin(entry_point.name) is not None:
            continue
        _load(pm, entry_point)
    return pm


def _load(pm: LedgerPluginManager, entry_point: "EntryPoint") -> None:
    """Import and register one entry point; a plugin that fails to import or whose hooks do
    not match the hookspecs is reported and left out, so it cannot take the others down."""
    dist = entry_point.dist
    dist_name = dist.name if dist else "an unknown distribution"
    step = "import"
    try:
        plugin = entry_point.load()
        step = "register"  # e.g. a hook implementation whose arguments the hook does not have
        pm.register(plugin, name=entry_point.name)
    except Exception as error:
        why = f"{type(error).__name__}: {error}"
        pm.failed[entry_point.name] = f"failed to {step} (from {dist_name}): {why}"
        warnings.warn(
            f"plugin {entry_point.name!r} (from {dist_name}) failed to {step} and is not "
            f"loaded: {why}",
            stacklevel=3,
        )
        return
    if dist is not None:
        pm.distributions[entry_point.name] = (dist.name, dist.version)


def plugin_version(pm: pluggy.PluginManager, name: str) -> str:
    """The version rows record for plugin ``name``: its module's ``__version__``, else its
    distribution's version, else "unknown"."""
    plugin = pm.get_plugin(name)
    version = getattr(plugin, "__version__", None)
    if isinstance(version, str):
        return version
    known = getattr(pm, "distributions", {}).get(name)
    if known:
        return str(known[1])
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
    distributions = getattr(pm, "distributions", {})
    shown: list[dict[str, object]] = [
        {
            "name": name,
            "version": plugin_version(pm, name),
            "distribution": distributions.get(
                name, ("campaign-ledger" if name in DEFAULT_PLUGINS else None,)
            )[0],
            "hooks": plugin_hooks(pm, name),
        }
        for name, _ in pm.list_name_plugin()
    ]
    for name, why in getattr(pm, "failed", {}).items():
        shown.append({"name": name, "version": None, "hooks": [], "error": why})
    return shown
