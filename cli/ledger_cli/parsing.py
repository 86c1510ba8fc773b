"""Click commands that build their parameter list once, not on every call.

click rebuilds the parameter list, with its duplicate-name checks, for every invocation. A
command line runs each command once, but ``batch`` runs one per line (docs/performance.md).
The list depends only on the command's parameters and on the help option's names, which are
the key of the cache. ``get_params`` is click's public hook for it."""

from collections.abc import Mapping
from typing import Any

import click

RUNNING = "ledger_cli.running"  # in ctx.meta (shared by a command line's contexts): its Command


class ParamsOnce(click.Command):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # words=: how the command line writes the actions a refusal may name (.refusals)
        words: Mapping[str, str] = kwargs.pop("words", None) or {}
        super().__init__(*args, **kwargs)
        self.words = dict(words)
        self._params_by_key: dict[object, list[click.Parameter]] = {}

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        key = (tuple(ctx.help_option_names), tuple(self.params))
        params = self._params_by_key.get(key)
        if params is None:
            params = self._params_by_key[key] = super().get_params(ctx)
        return params


class Command(ParamsOnce):
    """The ledger's commands. A refusal names what the player gave in the command's own words
    (``ledger_cli.refusals``); ``words`` says how it writes an action its refusals name,
    where that differs from how the plugin writes it for every command."""

    def invoke(self, ctx: click.Context) -> Any:
        ctx.meta[RUNNING] = ctx  # for the error handling around the whole command line
        return super().invoke(ctx)


class Group(ParamsOnce, click.Group):
    """The ledger's groups: their commands and subgroups are of these classes too."""

    command_class = Command
    group_class = type  # a subgroup is of its parent's class
