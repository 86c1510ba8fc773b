"""The plugin manager: the base game by name, expansions through entry points."""

import importlib
import inspect
import os
import warnings
from collections.abc import Collection
from pathlib import Path
from types import MethodType, ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

import ledger
from ledger.errors import PluginError
from ledger.hosting import _hookspecs as hookspecs
from ledger.hosting import _tracing
from ledger.hosting._entry_scan import may_declare
from ledger.hosting._folder import PLUGINS_DIR_ENV, folder_modules
from ledger.hosting._hookspecs import PROJECT

if TYPE_CHECKING:
    from collections.abc import Iterable
    from importlib.metadata import EntryPoint

DEFAULT_PLUGINS = ("ledger_base_game",)
LOAD_ENV = "LEDGER_LOAD_PLUGINS"
# Names no expansion may take: the ledger's own packages, and the base game's tag namespace.
RESERVED = frozenset(
    {
        "base",
        "ledger",
        "campaign_ledger",
        "ledger_cli",
        "ledger_web",
        "ledger_pytest",
        *DEFAULT_PLUGINS,
    }
)
LEDGER_DISTRIBUTIONS = frozenset({"campaign-ledger"})


def reserved_why(name: str) -> str | None:
    """Why ``name`` may not be an expansion's plugin name, or None."""
    if name.replace("-", "_") in RESERVED:
        return f"the name {name!r} is reserved for the ledger's own plugins and packages"
    return None


def plugins_allowed() -> list[str] | None:
    """``LEDGER_LOAD_PLUGINS`` limits loading: unset loads all, empty none, ``a,b`` only
    those, in that order (the order their answers come in: docs/plugins.md)."""
    value = os.environ.get(LOAD_ENV)
    if value is None:
        return None
    return list(dict.fromkeys(name.strip() for name in value.split(",") if name.strip()))


class LedgerPluginManager(pluggy.PluginManager):
    """A pluggy manager that also remembers the plugins that failed to load, and the hooks
    whose answers were left out because they failed."""

    def __init__(self) -> None:
        super().__init__(PROJECT)
        self.failed: dict[str, str] = {}  # entry point name: why it is not loaded
        self.distributions: dict[str, tuple[str, str]] = {}  # plugin: (distribution, version)
        self.folders: dict[str, str] = {}  # plugin loaded from --plugins-dir: its version
        self.problems: dict[str, list[str]] = {}  # loaded plugin: what of it is left out
        # installed, but not named by LEDGER_LOAD_PLUGINS: (distribution, version)
        self.left_out: dict[str, tuple[str, str]] = {}

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if _as_it_is(plugin, name):
            options: pluggy.HookimplOpts | None = _marked(vars(plugin)[name], f"{PROJECT}_impl")
            return options
        return super().parse_hookimpl_opts(plugin, name)

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> pluggy.HookspecOpts | None:
        if _as_it_is(module_or_class, name):
            options: pluggy.HookspecOpts | None = _marked(
                vars(module_or_class)[name], f"{PROJECT}_spec"
            )
            return options
        return super().parse_hookspec_opts(module_or_class, name)

    def report(self, plugin: str, problem: str) -> None:
        """Remember that part of ``plugin`` is left out, and why (shown once a command)."""
        known = self.problems.setdefault(plugin, [])
        if problem not in known:
            known.append(problem)

    def check(self, plugin: object) -> None:
        """Unregister the registered ``plugin`` and raise PluginError if a hook of it would
        never be called (check_hooks)."""
        from ledger.hosting._checks import check_hooks  # an expansion's: not the base game's

        try:
            check_hooks(self, plugin)
        except PluginError:
            self.unregister(plugin)
            raise


def _as_it_is(namespace: object, name: str) -> bool:
    """Whether pluggy's static lookup would find ``name`` of ``namespace`` as it is: a module's
    own value, not a staticmethod, classmethod or bound method. pluggy looks at every name of
    a plugin module and of the hookspecs with ``inspect.getattr_static`` (some 30 k
    instructions a name, a tenth of the plugin manager's start-up); a module's are its
    ``vars``."""
    if not isinstance(namespace, ModuleType) or name not in vars(namespace):
        return False
    return not isinstance(vars(namespace)[name], staticmethod | classmethod | MethodType)


def _marked(value: object, marker: str) -> Any:
    """The options a hookimpl or hookspec marker set on ``value``, as pluggy reads them: only
    a function's count."""
    if not inspect.isfunction(value):
        return None
    options = getattr(value, marker, None)
    return options if isinstance(options, dict) else None


def report(pm: pluggy.PluginManager, plugin: str, problem: str) -> None:
    """``LedgerPluginManager.report`` for any manager (a plain pluggy one forgets)."""
    if isinstance(pm, LedgerPluginManager):
        pm.report(plugin, problem)


def problems(pm: pluggy.PluginManager) -> list[str]:
    """Every warning a command shows about the plugins: those not loaded, then every hook
    answer left out."""
    shown = [
        f"plugin {name!r} {why}; it is not loaded"
        for name, why in getattr(pm, "failed", {}).items()
    ]
    for found in getattr(pm, "problems", {}).values():
        shown += found
    return shown


def get_plugin_manager(
    allowed: Collection[str] | None = None, plugins_dir: str | Path | None = None
) -> LedgerPluginManager:
    """A fresh plugin manager; tests build their own instead of reloading modules.
    ``plugins_dir`` (default: ``LEDGER_PLUGINS_DIR``): a folder whose modules are loaded as
    plugins too, after the installed ones."""
    if allowed is None:
        allowed = plugins_allowed()
    if plugins_dir is None:
        plugins_dir = os.environ.get(PLUGINS_DIR_ENV) or None
    pm = LedgerPluginManager()
    pm.add_hookspecs(hookspecs)
    if _tracing.wanted():  # LEDGER_TRACE_HOOKS=1 (--trace-hooks sets it)
        _tracing.enable_tracing(pm)
    for name in DEFAULT_PLUGINS:
        if allowed is None or name in allowed:
            pm.register(importlib.import_module(name), name=name)
        else:  # installed with the ledger, left out
            pm.left_out[name] = ("campaign-ledger", ledger.__version__)
    if may_declare(PROJECT):  # else no distribution declares one: importlib.metadata can wait
        from importlib.metadata import entry_points

        for entry_point in _in_order(entry_points(group=PROJECT), allowed):
            if allowed is not None and entry_point.name not in allowed:
                pm.left_out[entry_point.name] = _distribution(entry_point)
                continue
            _load(pm, entry_point)
    if plugins_dir is not None:
        try:
            _load_folder(pm, Path(plugins_dir).resolve(), allowed)
        except PluginError as error:
            pm.failed[str(plugins_dir)] = f"failed to load: {error}"
    return pm


def _in_order(found: "Iterable[EntryPoint]", allowed: Collection[str] | None) -> "list[EntryPoint]":
    """Entry points in the order plugins load: LEDGER_LOAD_PLUGINS' when set, else by name
    (never the order distributions happen to be found in)."""
    order = {name: index for index, name in enumerate(allowed or ())}
    return sorted(found, key=lambda e: (order.get(e.name, len(order)), e.name))


def _distribution(entry_point: "EntryPoint") -> tuple[str, str]:
    dist = entry_point.dist
    return (dist.name, dist.version) if dist is not None else ("an unknown distribution", "?")


def _load_folder(pm: LedgerPluginManager, folder: Path, allowed: Collection[str] | None) -> None:
    """The modules of ``folder`` as plugins named after their files, each marked with the
    version ``dir:PATH#HASH`` (its rows say where it came from; a changed file is new code)."""
    for name, version, load in folder_modules(folder):
        if allowed is not None and name not in allowed:
            pm.failed[name] = (
                f"(in --plugins-dir {str(folder)!r}) is not named by {LOAD_ENV}: add it there "
                "to load it"
            )
            continue
        step = "import"
        try:
            if reserved_why(name):
                raise PluginError(f"{reserved_why(name)}: rename {name}.py")
            if pm.has_plugin(name):
                raise PluginError(f"a plugin named {name!r} is already loaded: rename {name}.py")
            plugin = load()
            step = "register"
            pm.register(plugin, name=name)
            step = "validate"
            pm.check(plugin)
        except Exception as error:
            pm.failed[name] = f"failed to {step} (from {folder}): {_why(error)}"
            continue
        pm.folders[name] = version


def _why(error: BaseException) -> str:
    """The error on one line (pluggy's own messages span several)."""
    why = str(error) if isinstance(error, PluginError) else f"{type(error).__name__}: {error}"
    return " ".join(why.split())


def _load(pm: LedgerPluginManager, entry_point: "EntryPoint") -> None:
    """Import and register one entry point; a plugin that fails to import or whose hooks do
    not match the hookspecs is reported and left out, so it cannot take the others down."""
    dist = entry_point.dist
    dist_name = dist.name if dist else "an unknown distribution"
    step = "import"
    try:
        reserved = reserved_why(entry_point.name)
        if reserved is not None or pm.has_plugin(entry_point.name):
            step = "register"
            raise PluginError(
                f"{reserved or f'a plugin named {entry_point.name!r} is already loaded'}: "
                "rename the entry point ([project.entry-points.campaign_ledger] in its "
                "pyproject.toml) and reinstall it"
            )
        if dist is not None and dist.name in LEDGER_DISTRIBUTIONS:
            raise PluginError(f"{dist.name} is the ledger itself; it declares no expansion")
        plugin = entry_point.load()
        step = "register"  # e.g. a hook implementation whose arguments the hook does not have
        pm.register(plugin, name=entry_point.name)
        step = "validate"  # e.g. a misspelt hook
        pm.check(plugin)
    except Exception as error:
        why = _why(error)
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
    """The version rows record for plugin ``name``: ``dir:PATH#HASH`` for a plugin from
    --plugins-dir, else its module's ``__version__``, else its distribution's version, else
    "unknown"."""
    folder = getattr(pm, "folders", {}).get(name)
    if folder is not None:
        return str(folder)
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
    """What ``plugins`` shows: every loaded plugin with its version, hooks and the answers
    of it left out (``problems``), then every plugin that failed to load, with the reason.
    A plugin from ``--plugins-dir`` has the folder's file as ``path``."""
    distributions = getattr(pm, "distributions", {})
    left_out = getattr(pm, "problems", {})
    shown: list[dict[str, object]] = []
    for name, plugin in pm.list_name_plugin():
        described: dict[str, object] = {
            "name": name,
            "version": plugin_version(pm, name),
            "distribution": distributions.get(
                name, ("campaign-ledger" if name in DEFAULT_PLUGINS else None,)
            )[0],
            "hooks": plugin_hooks(pm, name),
        }
        if name in getattr(pm, "folders", {}):
            described["path"] = getattr(plugin, "__file__", None)
        if left_out.get(name):
            described["problems"] = list(left_out[name])
        shown.append(described)
    for name, why in getattr(pm, "failed", {}).items():
        shown.append({"name": name, "version": None, "hooks": [], "error": why})
    return shown
