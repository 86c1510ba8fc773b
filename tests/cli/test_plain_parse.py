"""A plain line parsed from a command's plan (ledger_cli/plain_parse.py) gives the parameters
click's own parse gives, for every command of the CLI; any other line is left to click."""

import click
import pytest

from ledger.hosting import get_plugin_manager
from ledger_cli.app import build_cli
from ledger_cli.parsing import Command
from ledger_cli.plain_parse import plainly_parsed
from tests.helpers.cli_lines import sample_lines


def _commands(group: click.Group, ctx: click.Context) -> list[tuple[click.Command, click.Context]]:
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        sub = click.Context(command, info_name=name, parent=ctx, **command.context_settings)
        if isinstance(command, click.Group):
            found += _commands(command, sub)
        else:
            found.append((command, sub))
    return found


def _click_params(command: click.Command, ctx: click.Context, args: list[str]) -> object:
    """What click's own parse gives (the base class's, not the plan's)."""
    try:
        with ctx.scope(cleanup=False):
            click.Command.parse_args(command, ctx, list(args))
    except click.UsageError as error:
        return type(error)
    return ctx.params


def _fresh(command: click.Command, ctx: click.Context) -> click.Context:
    return click.Context(
        command, info_name=ctx.info_name, parent=ctx.parent, **command.context_settings
    )


def test_every_plain_line_parses_as_click_parses_it() -> None:
    cli = build_cli(get_plugin_manager())
    plain = checked = 0
    for command, ctx in _commands(cli, click.Context(cli)):
        assert isinstance(command, Command)
        for args in sample_lines(command, ctx):
            ours = _fresh(command, ctx)
            with ours.scope(cleanup=False):
                took = plainly_parsed(command, {}, ours, list(args))
            checked += 1
            if took:
                plain += 1
                assert ours.params == _click_params(command, _fresh(command, ctx), args), (
                    command.name,
                    args,
                )
    assert checked > 300
    assert plain > checked // 2  # most lines are plain: the plan is what a batch line takes


@pytest.mark.parametrize(
    "args",
    [
        ["Torrax"],  # missing the amount
        ["Torrax", "2", "3"],  # one too many
        ["Torrax", "-3"],  # a negative number: click lets it through as a word
        ["Torrax", "x"],  # not a number: click words the refusal
        ["--help"],
        ["--", "Torrax", "2"],
        ["Torrax", "2", "--json", "--json"],
        ["Torrax", "2", "--jsn"],
    ],
)
def test_a_line_that_is_not_plain_is_left_to_click(args: list[str]) -> None:
    cli = build_cli(get_plugin_manager())
    root = click.Context(cli)
    command = cli.get_command(root, "damage")
    assert command is not None
    ctx = click.Context(command, info_name="damage", parent=root, **command.context_settings)
    with ctx.scope(cleanup=False):
        assert not plainly_parsed(command, {}, ctx, list(args))
    assert ctx.params == {}


def test_the_bench_lines_are_plain_and_run_as_before() -> None:
    cli = build_cli(get_plugin_manager())
    root = click.Context(cli)
    damage = cli.get_command(root, "damage")
    assert damage is not None
    ctx = click.Context(damage, info_name="damage", parent=root, **damage.context_settings)
    with ctx.scope(cleanup=False):
        assert plainly_parsed(damage, {}, ctx, ["Torrax", "2"])
    assert ctx.params == {"hero": "Torrax", "amount": 2, "as_json": False}
    theirs = click.Context(damage, info_name="damage", parent=root, **damage.context_settings)
    assert _click_params(damage, theirs, ["Torrax", "2"]) == ctx.params
    for name in ("hero", "amount", "as_json"):  # plugins' commands may ask where a value came from
        assert ctx.get_parameter_source(name) == theirs.get_parameter_source(name)


def test_what_only_click_knows_is_left_to_it() -> None:
    @click.command(cls=Command)
    @click.option("--plain", "colour", is_flag=True, flag_value=False, default=True)
    def shown(colour: bool) -> None:
        """A flag that stores False: no ledger command has one."""

    @click.command(cls=Command, no_args_is_help=True)
    @click.option("--times", type=int)
    def helped(times: int | None) -> None:
        """Bare, it shows its help."""

    @click.command(cls=Command)
    @click.option("--times", type=int, callback=lambda ctx, param, value: value)
    def called(times: int | None) -> None:
        """A callback: click runs it."""

    for command, args in ((shown, ["--plain"]), (helped, []), (called, ["--times", "2"])):
        ctx = click.Context(command, info_name="probe")
        with ctx.scope(cleanup=False):
            assert not plainly_parsed(command, {}, ctx, list(args)), command.name
    said = _click_params(shown, click.Context(shown, info_name="shown"), ["--plain"])
    assert said == {"colour": False}  # the flag stores its flag_value
