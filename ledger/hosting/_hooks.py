"""Calling plugin hooks one implementation at a time, so that every answer and every failure
is attributed to the plugin that gave it."""

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pluggy

from ledger.errors import LedgerError, PluginError
from ledger.hosting import _tracing


def failure(plugin: str, hook: str, error: BaseException) -> PluginError:
    """The error shown when a plugin raises inside a hook."""
    kind = type(error).__name__
    return PluginError(f"plugin {plugin!r} failed in hook {hook}: {kind}: {error}")


def failed_applying(
    event_types: dict[str, tuple[type, str]], event: Any, error: BaseException
) -> PluginError:
    """The error shown when an event's ``apply`` raises something other than a refusal: the
    plugin that defines its type is named, with what it was doing."""
    tag = event.tag()
    plugin = event_types.get(tag, (None, type(event).__module__.split(".")[0]))[1]
    return PluginError(
        f"plugin {plugin!r} failed applying event {tag!r}: {type(error).__name__}: {error}"
    )


def call_each(
    pm: pluggy.PluginManager, hook: str, *, calling_order: bool = False, **kwargs: Any
) -> Iterator[tuple[Any, str]]:
    """Each implementation's answer with its plugin's name, in registration order (the base
    game first, then LEDGER_LOAD_PLUGINS' order), or in ``calling_order``: the same, but
    tryfirst ones first and trylast ones last (``priority``).

    A plugin raising becomes a PluginError naming it and the hook. A LedgerError it raises
    on purpose (RuleViolation, NotFound...) passes through, its plugin named in front."""
    impls = getattr(pm.hook, hook).get_hookimpls()
    for impl in priority(impls) if calling_order else impls:
        yield call_impl(impl, hook, **kwargs), impl.plugin_name


def priority(impls: list[pluggy.HookImpl]) -> list[pluggy.HookImpl]:
    """Who answers first: tryfirst implementations, then the rest, then trylast ones, each
    group in the plugins' loading order (pluggy itself would call the last loaded first)."""
    return sorted(impls, key=lambda impl: (-impl.tryfirst, impl.trylast))


def call_impl(impl: pluggy.HookImpl, hook: str, **kwargs: Any) -> Any:
    """One plugin's implementation of ``hook``, its failure named as ``call_each`` does."""
    args = {name: kwargs[name] for name in impl.argnames}
    try:
        answer = impl.function(**args)
    except LedgerError as error:
        _tracing.traced(impl.plugin_name, hook, args, error, failed=True)
        error.args = (f"plugin {impl.plugin_name!r}: {error.args[0] if error.args else ''}",)
        raise
    except Exception as error:
        _tracing.traced(impl.plugin_name, hook, args, error, failed=True)
        raise failure(impl.plugin_name, hook, error) from error
    _tracing.traced(impl.plugin_name, hook, args, answer)
    return answer


def collect_from(caller: pluggy.HookCaller, **kwargs: Any) -> Iterator[tuple[Any, str]]:
    """``collect`` for a hook caller (``pm.hook.register_talents``), in registration order."""
    for impl in caller.get_hookimpls():
        for entry in answer_of(impl, caller.name, **kwargs):
            yield entry, impl.plugin_name


def answer_of(impl: pluggy.HookImpl, hook: str, **kwargs: Any) -> list[Any]:
    """One plugin's answer to a registry hook: a list (None: nothing)."""
    answer = call_impl(impl, hook, **kwargs)
    if answer is None:
        return []
    if not isinstance(answer, list | tuple):
        raise PluginError(
            f"plugin {impl.plugin_name!r}: hook {hook} must return a list, "
            f"not {type(answer).__name__}"
        )
    return list(answer)


def first(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> tuple[Any, str] | None:
    """The first answer that is not None (a firstresult hook), with its plugin."""
    for answer, plugin in call_each(pm, hook, calling_order=True, **kwargs):
        if answer is not None:
            return answer, plugin
    return None


def call_offered(plugin: str, function: Any, game: Any, intent: dict[str, Any]) -> Any:
    """A plugin's action or query (``register_actions``) called by a face: an unexpected
    error becomes a PluginError naming the plugin and the function, never a bare 500."""
    try:
        return function(game, **intent)
    except LedgerError:
        raise
    except Exception as error:
        raise PluginError(
            f"plugin {plugin!r} failed in {getattr(function, '__name__', function)}: "
            f"{type(error).__name__}: {error}"
        ) from error


def _module_of(plugin: object) -> str | None:
    """The module a plugin's code lives in: the plugin itself, or its class's."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    module = plugin.__module__ if isinstance(plugin, type) else type(plugin).__module__
    return None if module in ("types", "builtins") else module


def culprit(error: BaseException, pm: pluggy.PluginManager) -> str | None:
    """The plugin whose module holds the innermost frame of the traceback, if any."""
    import traceback  # only after a crash: not in every command's start-up

    modules = {_module_of(plugin): name for name, plugin in pm.list_name_plugin()}
    found = None
    for frame, _ in traceback.walk_tb(error.__traceback__):
        module = str(frame.f_globals.get("__name__", ""))
        for prefix, name in modules.items():
            if prefix and (module == prefix or module.startswith(prefix + ".")):
                found = name
    return found
