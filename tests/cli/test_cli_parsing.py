"""The CLI drives click through its documented API only, and its commands (which build their
parameter list once, ledger_cli/parsing.py) parse and fail exactly as click's own would,
call after call."""

import ast
import pkgutil

import click
from click.testing import CliRunner

from ledger.hosting import get_plugin_manager
from ledger_cli.app import build_cli
from ledger_cli.parsing import Command, Group
from tests.helpers import ROOT


def _walk(group: click.Group, ctx: click.Context) -> list[click.Command]:
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        found.append(command)
        if isinstance(command, click.Group):
            found += _walk(command, ctx)
    return found


def test_every_ledger_command_builds_its_parameters_once() -> None:
    cli = build_cli(get_plugin_manager())
    commands = _walk(cli, click.Context(cli))
    assert len(commands) > 50
    slow = [c.name for c in commands if not isinstance(c, Command | Group)]
    assert slow == []


def test_each_call_names_its_own_command() -> None:
    cli = build_cli(get_plugin_manager())
    runner = CliRunner()
    for prog in ("first-name", "second-name"):
        result = runner.invoke(cli, ["condition", "add", "--bogus", "x"], prog_name=prog)
        assert result.exit_code == 2
        assert f"Usage: {prog} condition add" in result.output
        assert "No such option" in result.output  # click 8.4 quotes the option, 8.3 not
        assert "--bogus" in result.output.splitlines()[-1]


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


# The modules click's API reference names (click.decorators for pass_meta_key).
PUBLIC_MODULES = {"click", "click.decorators", "click.shell_completion", "click.testing"}


def _clicks_private_attributes() -> set[str]:
    """The private names of click's objects: class attributes, and those set per instance."""
    group = click.Group("g", params=[click.Option(["--x"]), click.Argument(["y"])])
    objects: list[object] = [click.Context(group), group, *group.params]
    classes = (click.Context, click.Command, click.Group, click.Parameter, click.ParamType)
    names = {name for cls in classes for name in dir(cls)}
    names |= {name for obj in objects for name in vars(obj)}
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def test_the_cli_names_nothing_private_of_click() -> None:
    """A click release may rename what is private to it (8.2 did: ``_protected_args``,
    ``_OptionParser``), so the CLI and the plugins use documented names only."""
    private = _clicks_private_attributes()
    assert "_protected_args" in private
    submodules = {module.name for module in pkgutil.iter_modules(click.__path__)}
    found = []
    paths = sorted([*ROOT.glob("cli/**/*.py"), *ROOT.glob("plugins/**/*.py")])
    assert ROOT / "cli" / "ledger_cli" / "commands" / "batch.py" in paths  # not a scan of nothing
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
                found += [f"{where} import {m}" for m in modules if _private_module(m)]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("click"):
                names = [alias.name for alias in node.names]
                if _private_module(node.module or "") or any(n.startswith("_") for n in names):
                    found.append(f"{where} from {node.module} import {', '.join(names)}")
            elif isinstance(node, ast.Attribute):
                on_click = isinstance(node.value, ast.Name) and node.value.id == "click"
                module = on_click and f"click.{node.attr}" not in PUBLIC_MODULES
                if node.attr in private or (module and node.attr in submodules):
                    found.append(f"{where} .{node.attr}")
    assert found == []


def _private_module(name: str) -> bool:
    return name.split(".")[0] == "click" and name not in PUBLIC_MODULES
