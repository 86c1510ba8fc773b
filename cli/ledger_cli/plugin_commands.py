"""Commands that plugins add through ``register_commands``. A plugin that fails there loses
its own commands and is reported (a warning on every command, and by ``plugins``); every
other command keeps working."""

import click
import msgspec
import pluggy

from ledger.errors import LedgerError
from ledger.hosting import call_impl, report
from ledger_cli.lazy import LazyGroup
from ledger_cli.parsing import ParamsOnce

HOOK = "register_commands"


class Missing(msgspec.Struct):
    """What "No such command" can say: the commands a failing plugin had added before it
    failed (with the problem), and the plugins that failed to load or to add commands."""

    commands: dict[str, str] = msgspec.field(default_factory=dict)
    plugins: list[str] = msgspec.field(default_factory=list)


def add_plugin_commands(
    cli: click.Group, pm: pluggy.PluginManager, missing: Missing | None = None
) -> list[str]:
    """Add each plugin's commands to ``cli``; returns the problems, to be shown as warnings
    (also reported to the manager). ``missing`` learns what failed, for "No such command"."""
    problems: list[str] = []
    missing = missing if missing is not None else Missing()
    missing.plugins += getattr(pm, "failed", {})
    known = cli.known() if isinstance(cli, LazyGroup) else list(cli.commands)
    owners = dict.fromkeys(known, "the ledger")
    for impl in pm.hook.register_commands.get_hookimpls():
        plugin = impl.plugin_name
        scratch = LazyGroup(name=cli.name)  # all or nothing for each plugin
        try:
            call_impl(impl, HOOK, cli=scratch)
        except LedgerError as error:
            problem = f"{error}; its commands are not available"
            problems.append(problem)
            report(pm, plugin, problem)
            missing.plugins.append(plugin)
            missing.commands.update(dict.fromkeys(scratch.known(), problem))
            continue
        if isinstance(cli, ParamsOnce):
            cli.words.update(scratch.words)  # how its refusals name its actions
        for name, modules in list(scratch.lazy.items()):  # a plugin may add them lazily too
            if name in owners:
                problems.append(_clash(name, owners[name], plugin))
                report(pm, plugin, problems[-1])
                del scratch.lazy[name]
                continue
            owners[name] = plugin
            if isinstance(cli, LazyGroup):
                cli.add_lazy([name], modules)
            elif name in scratch.lazy:
                scratch.load(name)  # into scratch.commands, added below
        for name, command in scratch.commands.items():
            if owners.get(name, plugin) != plugin:
                problems.append(_clash(name, owners[name], plugin))
                report(pm, plugin, problems[-1])
                continue
            owners[name] = plugin
            cli.add_command(command, name)
    return problems


def _clash(name: str, owner: str, plugin: str) -> str:
    return (
        f"command {name!r} is registered by both {_who(owner)} and "
        f"plugin {plugin!r}; the one from plugin {plugin!r} is not available"
    )


def _who(owner: str) -> str:
    return owner if owner == "the ledger" else f"plugin {owner!r}"
