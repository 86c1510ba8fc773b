"""A batch line run as click's ``command.main(args, name, standalone_mode=False, parent=root)``
runs it, without main's layers, when the line is plain (ledger_cli/plain_parse.py; a group's
line: ledger_cli.parsing.Group). main wraps the line in make_context, the context's scope,
Command.invoke and Context.invoke, each a context manager or a wrapper of its own, which
cost a plain command's line about as much as its parse, and a group's line twice that.

Kept, as main does it: the shell's completion variable looked at (if set, main runs the
line); the context made as make_context makes it (the command's context settings, the line
parsed in the context's scope); the command invoked in it, entered once (main and
Context.invoke enter it twice: the first exit closes it, and nothing is observable between);
the running command noted (parsing.Command.invoke); a usage error raised by the command given
the context (Context.invoke's augment_usage_errors); a group's function run before its
subcommand, in a context of its own under the group's (click.Group.invoke); and what main
does with an exception when not standalone: ``ctx.exit()`` returns its code, Ctrl-C or the
end of input becomes Abort after a blank line on standard error, a closed pipe leaves the
streams pacified and exits 1, anything else goes on.

Left to main (which then runs the line as it always did, nothing of it done here): a line
that is not plain, a command or group of another class, a deprecated one.
tests/cli/test_plain_run.py runs every command of the CLI both ways."""

import errno
import os
import sys
from typing import Any

import click

from ledger_cli.app import click_exit
from ledger_cli.parsing import RUNNING, Command, Group

_COMPLETE: dict[str, str] = {}  # a command's name: the variable main looks at for it


def main(command: click.Command, name: str, args: list[str], parent: click.Context) -> Any:
    """Run ``args`` as ``command.main(args, name, standalone_mode=False, parent=parent)``."""
    ours = _plain_kind(command)
    if ours is None or _completing(name):
        return command.main(args, name, standalone_mode=False, parent=parent)
    try:
        ctx = _parsed(ours, name, args, parent)
        if ctx is None:
            return command.main(args, name, standalone_mode=False, parent=parent)
        with ctx:
            return _group(ours, ctx) if isinstance(ours, Group) else _invoked(ours, ctx)
    except (EOFError, KeyboardInterrupt) as error:
        click.echo(file=sys.stderr)
        raise click.Abort() from error
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        sys.stdout, sys.stderr = Pacified(sys.stdout), Pacified(sys.stderr)
        sys.exit(1)
    except Exception as error:
        if not click_exit(error):
            raise
        return getattr(error, "exit_code", 0)


def _plain_kind(command: click.Command) -> Command | Group | None:
    """The command, if it is a ledger Command or Group as such (not deprecated)."""
    if type(command) in (Command, Group) and not command.deprecated:
        assert isinstance(command, Command | Group)
        return command
    return None


def _completing(name: str) -> bool:
    """Whether the shell asks for completions through the variable main looks at."""
    variable = _COMPLETE.get(name)
    if variable is None:
        plain = name.replace("-", "_").replace(".", "_")
        variable = _COMPLETE[name] = f"_{plain}_COMPLETE".upper()
    return bool(os.environ.get(variable))


def _parsed(
    command: Command | Group, name: str, args: list[str], parent: click.Context
) -> click.Context | None:
    """The context make_context would make for a plain line, parsed; None for another."""
    ctx = command.context_class(command, info_name=name, parent=parent, **command.context_settings)
    with ctx.scope(cleanup=False):
        return ctx if command.parse_plainly(ctx, args) else None


def _invoked(command: click.Command, ctx: click.Context) -> Any:
    """``command.invoke(ctx)`` of a ledger Command (not deprecated), in ``ctx`` entered."""
    ctx.meta[RUNNING] = ctx
    return _called(command, ctx)


def _called(command: click.Command, ctx: click.Context) -> Any:
    """The command's function, as Context.invoke calls it, in ``ctx`` entered."""
    if command.callback is None:
        return None
    try:
        return command.callback(**ctx.params)
    except click.UsageError as error:  # what Context.invoke adds (augment_usage_errors)
        if error.ctx is None:
            error.ctx = ctx
        raise


def _group(group: Group, ctx: click.Context) -> Any:
    """``group.invoke(ctx)`` of a plain group line, in ``ctx`` entered: the group's function,
    then its subcommand (plain, or parsed by click) in a context of its own under it."""
    args, ctx.args = ctx.args, []
    name, command, rest = group.resolve_command(ctx, args)
    assert name is not None
    assert command is not None
    ctx.invoked_subcommand = name
    _called(group, ctx)
    sub = _plain_kind(command)
    sub_ctx = _parsed(sub, name, rest, ctx) if isinstance(sub, Command) else None
    if sub is None or sub_ctx is None:
        sub_ctx = command.make_context(name, rest, parent=ctx)
        with sub_ctx:
            return sub_ctx.command.invoke(sub_ctx)
    with sub_ctx:
        return _invoked(sub, sub_ctx)


class Pacified:
    """A stream whose flush ignores a reader gone: what main leaves as standard output and
    error after a closed pipe (its own wrapper is private to click)."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as error:
            if error.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
