"""Click commands that build their parameter list once, not on every call.

click rebuilds the parameter list, with its duplicate-name checks, for every invocation. A
command line runs each command once, but ``batch`` runs one per line (docs/performance.md).
The list depends only on the command's parameters and on the help option's names, which are
the key of the cache. ``get_params`` is click's public hook for it."""

import weakref
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from ledger.text import did_you_mean
from ledger_cli.plain_parse import Plan, plainly_parsed

F = TypeVar("F", bound=Callable[..., Any])
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[object, Plan] = {}

    def parse_plainly(self, ctx: click.Context, args: list[str]) -> bool:
        """Parse a plain line into ``ctx`` from the command's plan (.plain_parse); False, and
        nothing parsed, for click to parse any other."""
        return plainly_parsed(self, self._plans, ctx, args)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if plainly_parsed(self, self._plans, ctx, args):  # most lines (.plain_parse)
            return []
        if ctx.ignore_unknown_options:
            _no_unknown_long_options(self, ctx, args)
        typed = list(args)  # click's parser consumes the list
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            if not error.message.startswith("Got unexpected extra argument"):
                raise
            from ledger_cli.quoting_hint import quoting_hint  # only when it is needed

            hint = quoting_hint(ctx, typed)
            if not hint:
                raise
            raise click.UsageError(f"{error.message}.{hint}", ctx) from None

    def invoke(self, ctx: click.Context) -> Any:
        ctx.meta[RUNNING] = ctx  # for the error handling around the whole command line
        return super().invoke(ctx)


class Group(ParamsOnce, click.Group):
    """The ledger's groups: their commands and subgroups are of these classes too.
    ``instead``: a command a player may look for that the group has not, and what to do
    instead (``campaign delete``: archive it)."""

    command_class = Command
    group_class = type  # a subgroup is of its parent's class

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.has_result_callback = kwargs.get("result_callback") is not None
        super().__init__(*args, **kwargs)
        self.instead: dict[str, str] = {}
        self._parsed_plainly: weakref.WeakSet[click.Context] = weakref.WeakSet()
        self._only_help: dict[object, bool] = {}  # see _plain_line

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            # click raises a usage error holding the help, which the CLI would escape
            click.echo(ctx.get_help(), err=True, color=ctx.color)
            ctx.exit(2)
        if self.parse_plainly(ctx, args):  # `stars gain HERO 3`: most group lines
            self._parsed_plainly.add(ctx)
            return ctx.args
        return super().parse_args(ctx, args)

    def parse_plainly(self, ctx: click.Context, args: list[str]) -> bool:
        """A plain group line: ``ctx.args`` set to it (the subcommand's name first, for
        invoke); False, and nothing set, for click to parse any other."""
        if not self._plain_line(ctx, args):
            return False
        ctx.args = list(args)
        return True

    def _plain_line(self, ctx: click.Context, args: list[str]) -> bool:
        """A group with no option but --help, given its subcommand's name first: click's
        parse would only build its option parser to find nothing (a batch's group lines
        paid about 50 us each for it)."""
        if not args or args[0].startswith("-") or self.chain or self.has_result_callback:
            return False
        if ctx.resilient_parsing:
            return False
        key = (tuple(ctx.help_option_names), tuple(self.params), self.add_help_option)
        only_help = self._only_help.get(key)
        if only_help is None:  # once per group (and key), as its parameter list
            help_option = self.get_help_option(ctx)
            only_help = all(param is help_option for param in self.get_params(ctx))
            self._only_help[key] = only_help
        return only_help

    def invoke(self, ctx: click.Context) -> Any:
        """A plainly parsed line runs as ``click.Group.invoke`` runs a group that is not
        chained and has no result callback: the group's function, then its subcommand in a
        context of its own under the group's."""
        if ctx not in self._parsed_plainly:
            return super().invoke(ctx)
        self._parsed_plainly.discard(ctx)
        args, ctx.args = ctx.args, []
        with ctx:
            name, command, rest = self.resolve_command(ctx, args)
            assert command is not None
            ctx.invoked_subcommand = name
            click.Command.invoke(self, ctx)
            sub_ctx = command.make_context(name, rest, parent=ctx)
            with sub_ctx:
                return sub_ctx.command.invoke(sub_ctx)

    def result_callback(self, replace: bool = False) -> Callable[[F], F]:
        self.has_result_callback = True  # click keeps it where the CLI may not look
        return super().result_callback(replace)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        if name.startswith("-") or ctx.resilient_parsing:
            return super().resolve_command(ctx, args)
        command = self.get_command(ctx, name)
        if command is None:
            if name in self.instead:
                raise click.UsageError(f"No such command {name!r}: {self.instead[name]}.", ctx)
            hint = did_you_mean(name, self.list_commands(ctx))  # lazy ones too
            raise click.UsageError(f"No such command {name!r}.{hint}", ctx)
        return name, command, args[1:]  # as click's gives a command it finds, without a
        # second lookup (a lazy group's get_command is not free)


def _no_unknown_long_options(command: click.Command, ctx: click.Context, args: list[str]) -> None:
    """A command that lets "-3" through as a number (``ignore_unknown_options``) would take a
    mistyped option (``--heall``) as an argument: refuse it, suggesting the closest."""
    names = [opt for param in command.get_params(ctx) for opt in param.opts + param.secondary_opts]
    for word in args:
        if word == "--":
            return
        if word.startswith("--") and word.split("=", 1)[0] not in names:
            longs = [name for name in names if name.startswith("--")]
            raise click.NoSuchOption(word.split("=", 1)[0], possibilities=longs, ctx=ctx)
