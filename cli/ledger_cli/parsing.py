"""Click commands that build their parameter list and option parser once, not on every call.

click rebuilds both for every invocation: the parameter list with its duplicate-name checks,
and an option parser holding one object per option. A command line runs each command once,
but ``batch`` runs one per line, and there they were a third of click's cost (README,
Performance). Both depend only on the command's parameters and on a few context settings,
which are the key of the cache; the parser is told each call's context before it parses."""

from collections.abc import Mapping
from typing import Any

import click
from click.parser import _OptionParser

RUNNING = "ledger_cli.running"  # in ctx.meta (shared by a command line's contexts): its Command


class ParsesOnce(click.Command):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._params_by_key: dict[object, list[click.Parameter]] = {}
        self._parsers_by_key: dict[object, _OptionParser] = {}

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        key = (tuple(ctx.help_option_names), tuple(self.params))
        params = self._params_by_key.get(key)
        if params is None:
            params = self._params_by_key[key] = super().get_params(ctx)
        return params

    def make_parser(self, ctx: click.Context) -> _OptionParser:
        key = (
            tuple(ctx.help_option_names),
            tuple(self.params),
            ctx.allow_interspersed_args,
            ctx.ignore_unknown_options,
            ctx.token_normalize_func,
        )
        parser = self._parsers_by_key.get(key)
        if parser is None:
            parser = self._parsers_by_key[key] = super().make_parser(ctx)
        parser.ctx = ctx  # its errors name this call's command path; parse state is per call
        return parser

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        finally:
            for parser in self._parsers_by_key.values():
                parser.ctx = None  # not kept alive (with the App it holds) until the next call


class Command(ParsesOnce):
    """The ledger's commands. A refusal (a LedgerError) names what the player gave as this
    command's own options and arguments (see ``said``); ``words`` adds how the command line
    writes other actions a refusal may name: ``{"open_group_check": "`group-step open`"}``."""

    def __init__(self, *args: Any, words: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.words = dict(words or {})

    def invoke(self, ctx: click.Context) -> Any:
        ctx.meta[RUNNING] = ctx  # for the error handling around the whole command line
        return super().invoke(ctx)


def said(ctx: click.Context) -> dict[str, str]:
    """The words the ledger Command running under ``ctx`` (the root's) has for an error's
    fields: each parameter by its Python name as the player types it (``spend`` is
    ``--spend-stamina``, ``xp`` is ``--xp/--no-xp``, ``target`` is ``TARGET``), and the
    actions in its ``words``. None when no ledger Command is running."""
    running = ctx.meta.get(RUNNING)
    if not isinstance(running, click.Context) or not isinstance(running.command, Command):
        return {}
    words = dict(running.command.words)
    for param in running.command.get_params(running):
        if param.name is None:
            continue
        if isinstance(param, click.Option):
            flags = (param.opts, param.secondary_opts)
            words[param.name] = "/".join(max(opts, key=len) for opts in flags if opts)
        else:
            words[param.name] = param.human_readable_name
    return words


class Group(ParsesOnce, click.Group):
    """The ledger's groups: their commands and subgroups are of these classes too."""

    command_class = Command
    group_class = type  # a subgroup is of its parent's class
