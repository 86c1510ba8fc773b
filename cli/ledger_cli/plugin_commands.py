"""Commands that plugins add through ``register_commands``. A plugin that fails there loses
its own commands and is reported; every other command keeps working."""

import click
import pluggy

from ledger.errors import LedgerError
from ledger.hooks import call_impl

HOOK = "register_commands"


def add_plugin_commands(cli: click.Group, pm: pluggy.PluginManager) -> list[str]:
    """Add each plugin's commands to ``cli``; returns the problems, to be shown as warnings."""
    problems: list[str] = []
    owners = dict.fromkeys(cli.commands, "the ledger")
    for impl in pm.hook.register_commands.get_hookimpls():
        plugin = impl.plugin_name
        scratch = click.Group(name=cli.name)  # all or nothing for each plugin
        try:
            call_impl(impl, HOOK, cli=scratch)
        except LedgerError as error:
            problems.append(f"{error}; its commands are not available")
            continue
        for name, command in scratch.commands.items():
            if name in owners:
                problems.append(
                    f"command {name!r} is registered by both {_who(owners[name])} and "
                    f"plugin {plugin!r}; the one from plugin {plugin!r} is not available"
                )
                continue
            owners[name] = plugin
            cli.add_command(command, name)
    return problems


def _who(owner: str) -> str:
    return owner if owner == "the ledger" else f"plugin {owner!r}"
