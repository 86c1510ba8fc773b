"""Commands that parse with a parser built once (ledger_cli/parsing.py) parse and fail
exactly as click's own would, call after call."""

import click
from click.testing import CliRunner

from ledger.hosting import get_plugin_manager
from ledger_cli.app import build_cli
from ledger_cli.parsing import Command, Group


def _walk(group: click.Group, ctx: click.Context) -> list[click.Command]:
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        found.append(command)
        if isinstance(command, click.Group):
            found += _walk(command, ctx)
    return found


def test_every_ledger_command_parses_once() -> None:
    cli = build_cli(get_plugin_manager())
    commands = _walk(cli, click.Context(cli))
    assert len(commands) > 50
    slow = [c.name for c in commands if not isinstance(c, Command | Group)]
    assert slow == []


def test_a_reused_parser_names_the_command_of_each_call() -> None:
    cli = build_cli(get_plugin_manager())
    runner = CliRunner()
    for prog in ("first-name", "second-name"):
        result = runner.invoke(cli, ["condition", "add", "--bogus", "x"], prog_name=prog)
        assert result.exit_code == 2
        assert f"Usage: {prog} condition add" in result.output
        assert "No such option '--bogus'" in result.output


def test_the_same_parser_gives_each_call_its_own_values() -> None:
    seen: list[tuple[str, int, bool]] = []

    @click.command(cls=Command)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @click.option("--json", "as_json", is_flag=True)
    def damage(hero: str, amount: int, as_json: bool) -> None:
        seen.append((hero, amount, as_json))

    runner = CliRunner()
    for args in (["Venia", "2", "--json"], ["Torrax", "3"], ["--json", "Zuva", "1"]):
        assert runner.invoke(damage, args).exit_code == 0
    assert seen == [("Venia", 2, True), ("Torrax", 3, False), ("Zuva", 1, True)]
    refused = runner.invoke(damage, ["Venia", "many"])
    assert refused.exit_code == 2
    assert "'many' is not a valid integer" in refused.output


def test_a_parameter_added_later_is_parsed() -> None:
    @click.command(cls=Command)
    @click.argument("hero")
    def show(hero: str, **extra: object) -> None:
        click.echo(f"{hero} {extra}")

    runner = CliRunner()
    assert runner.invoke(show, ["Venia"]).output == "Venia {}\n"
    show.params.append(click.Option(["--at"]))
    assert runner.invoke(show, ["Venia", "--at", "city-2"]).output == "Venia {'at': 'city-2'}\n"
