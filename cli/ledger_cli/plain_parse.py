"""A command line of plain words parsed from a plan of the command's parameters, read once.

click parses every command line from scratch: it builds an option parser, then runs each
parameter through its sources (the line, the environment, a default map, the default) under
a context manager of its own. A batch pays that on every line, about a third of the line
(docs/performance.md). Most lines are plain: the command's arguments in order, options it
knows each followed by its value, flags. Those are parsed here from a ``Plan`` built once per
command from click's public attributes, each value converted by the parameter's own
``type_cast_value`` as click converts it. Anything else (``--help``, ``--``, ``-3``,
``--roll=1``, a value that fails to convert, a missing or extra argument, a parameter with a
callback, an environment variable or a prompt) is left to click, which parses it, or words
the error, exactly as before. tests/cli/test_plain_parse.py checks both give the same
parameters for every command of the CLI."""

from collections.abc import Callable
from functools import cache
from typing import Any

import click

_PLAIN_DEFAULTS = (str, int, float, bool)


class Plan:
    """How a command's words map to its parameters; ``usable`` is False when some parameter
    needs click's own processing (then every line of the command goes to click)."""

    def __init__(self, command: click.Command, ctx: click.Context) -> None:
        self.usable = True
        self.options: dict[str, tuple[click.Option, bool | None]] = {}  # word: (option, flag)
        self.arguments: list[click.Argument] = []
        self.absent: dict[str, Any] = {}  # each optional parameter's value when not given
        self.required: list[str] = []
        self.casts: dict[str, Callable[[click.Context, Any], Any]] = {}  # see _cast
        self.no_args_is_help = command.no_args_is_help
        help_option = command.get_help_option(ctx)
        names: set[str] = set()
        for param in command.get_params(ctx):
            if param is help_option:
                continue  # its words are not in .options: --help goes to click
            if not self._plain(param, names, ctx):
                self.usable = False
                return

    def _plain(self, param: click.Parameter, names: set[str], ctx: click.Context) -> bool:
        name = param.name
        if (
            name is None
            or name in names
            or not param.expose_value
            or param.callback is not None
            or param.envvar
            or (param.multiple and not isinstance(param, click.Option))
            or param.nargs != 1
            or param.is_eager
            or callable(param.default)
        ):
            return False
        names.add(name)
        self.casts[name] = _cast(param)
        if isinstance(param, click.Option):
            if param.prompt or param.count or param.deprecated or param.hidden:
                return False
            if param.is_flag and (param.multiple or not param.is_bool_flag):
                return False
            if param.is_flag and not (param.flag_value is True or _no_value(param.flag_value)):
                return False  # a flag that stores False, or a value of its own
            for word in param.opts:
                self.options[word] = (param, True if param.is_flag else None)
            for word in param.secondary_opts:
                self.options[word] = (param, False)
        elif isinstance(param, click.Argument):
            if param.deprecated:
                return False
            self.arguments.append(param)
        else:
            return False
        if param.required:
            self.required.append(name)
            return True
        default = param.get_default(ctx)
        if default is None or _no_value(default):
            # click marks "no default" with a sentinel of its own and gives it as None, or
            # as () to an option given any number of times
            self.absent[name] = () if param.multiple else None
        elif isinstance(default, _PLAIN_DEFAULTS) or (param.multiple and default == ()):
            self.absent[name] = param.type_cast_value(ctx, default)
        else:
            return False
        return isinstance(self.absent[name], (*_PLAIN_DEFAULTS, type(None), tuple))

    def parse(self, ctx: click.Context, args: list[str]) -> bool:
        """Set ``ctx.params`` from ``args`` as click would and say True; or set nothing and
        say False, for click to parse the line."""
        if not args and self.no_args_is_help:
            return False  # click shows the help
        given: dict[str, tuple[click.Parameter, Any]] = {}
        positional: list[str] = []
        words = iter(args)
        for word in words:
            if not word.startswith("-"):
                positional.append(word)
                continue
            found = self.options.get(word)
            if found is None:
                return False
            option, flag = found
            earlier = given.get(option.name)
            if earlier is not None and not option.multiple:  # click says what twice does
                return False
            if flag is None:
                value = next(words, None)
                if value is None or value.startswith("-"):
                    return False
                if option.multiple:  # each value in turn, as click's parser appends them
                    given[option.name] = (option, [*(earlier[1] if earlier else ()), value])
                else:
                    given[option.name] = (option, value)
            else:
                given[option.name] = (option, flag)
        if len(positional) != len(self.arguments):
            return False
        for argument, word in zip(self.arguments, positional, strict=True):
            given[argument.name] = (argument, word)
        params = dict(self.absent)
        casts = self.casts
        try:
            for name, (_, value) in given.items():
                params[name] = casts[name](ctx, value)
        except click.UsageError:
            return False  # click words the refusal
        if any(name not in given for name in self.required):
            return False
        ctx.params.update(params)
        typed, default = _sources()
        for name in params:
            ctx.set_parameter_source(name, typed if name in given else default)
        ctx.args = []
        return True


def _cast(param: click.Parameter) -> Callable[[click.Context, Any], Any]:
    """How the parameter converts a value given: its own ``type_cast_value``, or for one
    word of click's own STRING, INT or BOOL type (the usual argument and flag), what their
    ``convert`` does: a word as it is (``str()`` of a str is itself), ``int()`` of it (its
    failure left to click to word), a flag's bool as it is."""
    if param.multiple or param.nargs != 1:
        return param.type_cast_value
    if param.type is click.STRING:
        return _word
    if param.type is click.INT:
        return _integer
    if param.type is click.BOOL:
        return _flag
    return param.type_cast_value


def _word(ctx: click.Context, value: Any) -> Any:
    return value if type(value) is str else click.STRING(value, None, ctx)


def _integer(ctx: click.Context, value: Any) -> Any:
    try:
        return int(value)
    except ValueError:
        raise click.UsageError("not a number") from None  # click's own words, when it parses


def _flag(ctx: click.Context, value: Any) -> Any:
    return value if type(value) is bool else click.BOOL(value, None, ctx)


def _no_value(value: object) -> bool:
    """click 8.2+ marks a default or flag value not given with a sentinel of its own."""
    return type(value).__module__.startswith("click")


@cache
def _sources() -> tuple[Any, Any]:
    """click's ParameterSource.COMMANDLINE and .DEFAULT, found through its public API (the
    enum is named at the top of click only since 8.2, and click.core is click's own)."""
    probe = click.Command("probe", params=[click.Option(["--given"])])
    given = probe.make_context("probe", ["--given", "1"]).get_parameter_source("given")
    assert given is not None
    return given, type(given).DEFAULT


def plainly_parsed(
    command: click.Command, plans: dict[object, Plan], ctx: click.Context, args: list[str]
) -> bool:
    """Parse ``args`` into ``ctx`` from the command's plan (built once per key, in
    ``plans``), when the line and its context are plain; False: click must parse it."""
    if (
        ctx.resilient_parsing
        or ctx.default_map
        or ctx.auto_envvar_prefix
        or ctx.token_normalize_func is not None
        or ctx.allow_extra_args
        or not ctx.allow_interspersed_args
    ):
        return False
    key = (tuple(ctx.help_option_names), tuple(command.params))
    plan = plans.get(key)
    if plan is None:
        plan = plans[key] = Plan(command, ctx)
    return plan.usable and plan.parse(ctx, args)
