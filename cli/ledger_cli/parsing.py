"""Click commands that build their parameter list and option parser once, not on every call.

click rebuilds both for every invocation: the parameter list with its duplicate-name checks,
and an option parser holding one object per option. A command line runs each command once,
but ``batch`` runs one per line, and there they were a third of click's cost
(docs/performance.md). Both depend only on the command's parameters and on a few context
settings, which are the key of the cache; the parser is told each call's context before it
parses."""

from collections.abc import Mapping
from typing import Any

import click
from click.parser import _OptionParser

RUNNING = "ledger_cli.running"  # in ctx.meta (shared by a command line's contexts): its Command


class ParsesOnce(click.Command):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # words=: how the command line writes the actions a refusal may name (.refusals)
        words: Mapping[str, str] = kwargs.pop("words", None) or {}
        super().__init__(*args, **kwargs)
        self.words = dict(words)
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
    """The ledger's commands. A refusal names what the player gave in the command's own words
    (``ledger_cli.refusals``); ``words`` says how it writes an action its refusals name,
    where that differs from how the plugin writes it for every command."""

    def invoke(self, ctx: click.Context) -> Any:
        ctx.meta[RUNNING] = ctx  # for the error handling around the whole command line
        return super().invoke(ctx)


class Group(ParsesOnce, click.Group):
    """The ledger's groups: their commands and subgroups are of these classes too."""

    command_class = Command
    group_class = type  # a subgroup is of its parent's class
