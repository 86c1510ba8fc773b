"""A line run without click's main (ledger_cli/plain_run.py) runs as ``command.main(args, name,
standalone_mode=False, parent=root)`` runs it: for every command of the CLI its function sees
the same context (names, parents, parameters and where they came from, the running command)
and the line ends the same way; an error, an early exit, Ctrl-C and a closed pipe as main
leaves them; any line that is not plain is main's own."""

import errno
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click
import pytest

from ledger.hosting import get_plugin_manager
from ledger_cli import plain_run
from ledger_cli.app import build_cli
from ledger_cli.parsing import RUNNING, Command, Group
from tests.helpers.cli_lines import sample_lines

Seen = list[tuple[Any, ...]]


def _recorder(name: str, seen: Seen) -> Callable[..., str]:
    """A command's function that notes what it was given and what its context says."""

    def callback(*args: Any, **kwargs: Any) -> str:
        ctx = click.get_current_context()
        sources = {key: ctx.get_parameter_source(key) for key in ctx.params}
        parents = []
        parent = ctx.parent
        while parent is not None:
            parents.append(parent.info_name)
            parent = parent.parent
        named = (name, ctx.info_name, ctx.command_path, parents, ctx.invoked_subcommand)
        given = (args, kwargs, dict(ctx.params), sources, ctx.args)
        seen.append((*named, *given, ctx.meta.get(RUNNING) is ctx))
        return name

    return callback


def _outcome(run: Callable[[], Any]) -> tuple[Any, ...]:
    try:
        return ("returned", run())
    except click.ClickException as error:
        return (type(error), error.format_message(), error.exit_code, error.ctx is not None)
    except click.Abort as error:
        return (type(error),)


def _root_lines(cli: click.Group, root: click.Context) -> Iterator[tuple[str, list[str]]]:
    """(command name, words after it) for every command of the CLI: its own lines from
    tests/cli/test_plain_parse.py, a group's each under the name of its subcommand."""
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        assert command is not None
        ctx = click.Context(command, info_name=name, parent=root, **command.context_settings)
        if isinstance(command, click.Group):
            for sub_name in command.list_commands(ctx):
                sub = command.get_command(ctx, sub_name)
                assert sub is not None
                if isinstance(sub, click.Group):
                    continue
                sub_ctx = click.Context(sub, info_name=sub_name, parent=ctx, **sub.context_settings)
                for line in sample_lines(sub, sub_ctx):
                    yield name, [sub_name, *line]
                yield name, [sub_name, "--help"]
        else:
            for line in sample_lines(command, ctx):
                yield name, line
            yield name, ["--help"]


def _record_everything(
    cli: click.Group, root: click.Context, seen: Seen, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        assert command is not None
        monkeypatch.setattr(command, "callback", _recorder(name, seen))
        if isinstance(command, click.Group):
            ctx = click.Context(command, info_name=name, parent=root)
            for sub_name in command.list_commands(ctx):
                sub = command.get_command(ctx, sub_name)
                assert sub is not None
                monkeypatch.setattr(sub, "callback", _recorder(f"{name} {sub_name}", seen))


def test_every_line_of_every_command_runs_as_mains_runs_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = build_cli(get_plugin_manager())
    root = click.Context(cli, info_name="campaign-ledger")
    seen: Seen = []
    _record_everything(cli, root, seen, monkeypatch)
    mains: list[str] = []  # main ran, for these commands
    real_main = click.Command.main

    def noted_main(self: click.Command, *args: Any, **kwargs: Any) -> Any:
        mains.append(str(self.name))
        return real_main(self, *args, **kwargs)

    monkeypatch.setattr(click.Command, "main", noted_main)
    checked = plain = 0
    for name, line in _root_lines(cli, root):
        command = cli.get_command(root, name)
        assert command is not None
        ours = _outcome(lambda: plain_run.main(command, name, list(line), root))  # noqa: B023
        ours_seen, ours_shown = list(seen), capsys.readouterr()
        plain += not mains  # the line ran without main
        seen.clear()
        theirs = _outcome(
            lambda: command.main(list(line), name, standalone_mode=False, parent=root)  # noqa: B023
        )
        theirs_seen, theirs_shown = list(seen), capsys.readouterr()
        seen.clear()
        mains.clear()
        assert (ours, ours_seen, ours_shown) == (theirs, theirs_seen, theirs_shown), (name, line)
        checked += 1
    assert checked > 400
    assert plain > checked // 2  # most lines took the plain path: what a batch line takes


def _tree(seen: Seen, fault: Callable[[click.Context], None]) -> click.Group:
    """A root with a plain command ``hit`` and a group ``party`` whose ``gain`` misbehaves as
    ``fault`` says."""

    @click.group("root", cls=Group)
    def root() -> None:
        pass

    @root.command("hit", cls=Command)
    @click.argument("hero")
    def hit(hero: str) -> None:
        fault(click.get_current_context())

    @root.group("party", cls=Group)
    @click.pass_context
    def party(ctx: click.Context) -> None:
        seen.append(("party", ctx.invoked_subcommand))

    @party.command("gain")
    @click.argument("hero")
    def gain(hero: str) -> None:
        fault(click.get_current_context())

    return root


def _bad_parameter(ctx: click.Context) -> None:
    raise click.BadParameter("not that one")


def _exit_3(ctx: click.Context) -> None:
    ctx.exit(3)


def _interrupted(ctx: click.Context) -> None:
    raise KeyboardInterrupt


def _closed_pipe(ctx: click.Context) -> None:
    raise BrokenPipeError(errno.EPIPE, "Broken pipe")


@pytest.mark.parametrize("fault", [_bad_parameter, _exit_3, _interrupted, _closed_pipe])
@pytest.mark.parametrize("line", [["hit", "Kell"], ["party", "gain", "Kell"]])
def test_a_command_failing_or_ending_early_ends_the_line_as_main_does(
    fault: Callable[[click.Context], None],
    line: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ends = []
    for run_it in ("ours", "main"):
        seen: Seen = []
        root_command = _tree(seen, fault)
        root = click.Context(root_command, info_name="root")
        command = root_command.get_command(root, line[0])
        assert command is not None
        monkeypatch.setattr(sys, "stdout", sys.stdout)  # undone after: main may pacify them
        monkeypatch.setattr(sys, "stderr", sys.stderr)
        try:
            if run_it == "ours":
                ended: Any = ("returned", plain_run.main(command, line[0], line[1:], root))
            else:
                ended = (
                    "returned",
                    command.main(line[1:], line[0], standalone_mode=False, parent=root),
                )
        except click.BadParameter as error:
            ended = (type(error), error.format_message(), error.ctx is not None)
        except click.Abort as error:
            ended = (type(error), type(error.__context__))
        except SystemExit as error:
            ended = (type(error), error.code)
        pacified = type(sys.stderr).__name__
        ends.append((ended, seen, capsys.readouterr(), pacified))
    assert ends[0][:3] == ends[1][:3]
    if fault is _closed_pipe:  # main leaves the streams pacified (its own wrapper) and exits 1
        assert ends[0][0] == (SystemExit, 1)
        assert (ends[0][3], ends[1][3]) == ("Pacified", "_PacifyFlushWrapper")
