"""An exception nobody expected (a bug, most often in a plugin) ends the command with exit
status 1 and one line naming the plugin whose code raised and what it was doing, never a
traceback: that only with ``--debug`` or ``LEDGER_DEBUG=1``. Nothing is written, since every
command records in one transaction; a crash after the commit (while showing what was recorded)
is worded by ``ledger_cli.boundary`` as such."""

from types import ModuleType

import click
import pluggy

DEBUG_ENV = "LEDGER_DEBUG"


def crash_message(error: BaseException, pm: pluggy.PluginManager | None, doing: str) -> str:
    kind = f"{type(error).__name__}: {error}"
    plugin = culprit(error, pm) if pm is not None else None
    who = f"plugin {plugin!r} failed" if plugin else "campaign-ledger failed"
    return (
        f"{who} running {doing}: {kind}; nothing was written (--debug or {DEBUG_ENV}=1 "
        "shows the traceback)"
    )


def show_traceback(error: BaseException) -> None:
    import traceback  # only when one is shown: not in every command's start-up

    click.echo("".join(traceback.format_exception(error)).rstrip(), err=True)


def _module_of(plugin: object) -> str | None:
    """The module a plugin's code lives in: the plugin itself, or its class's."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    module = type(plugin).__module__
    return None if module in ("types", "builtins") else module


def culprit(error: BaseException, pm: pluggy.PluginManager) -> str | None:
    """The plugin whose module holds the innermost frame of the traceback, if any."""
    modules = {_module_of(plugin): name for name, plugin in pm.list_name_plugin()}
    import traceback

    found = None
    for frame, _ in traceback.walk_tb(error.__traceback__):
        module = str(frame.f_globals.get("__name__", ""))
        for prefix, name in modules.items():
            if prefix and (module == prefix or module.startswith(prefix + ".")):
                found = name
    return found
