"""plugins | plugin list | plugin new | plugin install"""

import subprocess
import sys
from pathlib import Path

import click
from sqlite_utils import Database

from ledger.hosting import apply_plugin_migrations, describe_plugins
from ledger.storage import migrations
from ledger.text import printable
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command, Group
from ledger_cli.scaffold import plugin_names, write_plugin


@click.command("plugins", cls=Command)
@json_option
@pass_app
def plugins(app: App, as_json: bool) -> None:
    """The plugins loaded, with their versions and the hooks each implements; plugins
    that failed to load, and hook answers left out because they failed, are listed with the
    reason. LEDGER_LOAD_PLUGINS limits loading (empty: none; "a,b": only those); plugins
    from --plugins-dir are marked "from DIR".

    \b
    Examples:
      campaign-ledger plugins
      LEDGER_LOAD_PLUGINS=ledger_base_game campaign-ledger plugins --json
    """
    app.registry  # noqa: B018 - calls every registry hook, so a failing one is listed
    scratch = Database(memory=True)  # and every plugin's migrations, on an empty ledger
    migrations.apply(scratch)
    apply_plugin_migrations(scratch, app.pm, strict=False)
    scratch.close()
    shown = describe_plugins(app.pm)
    if as_json:
        click.echo(output.to_json(shown))
        return
    if not shown:
        click.echo("no plugins loaded")
    for plugin in shown:
        if "error" in plugin:
            click.echo(printable(f"{plugin['name']}  NOT LOADED: {plugin['error']}"))
            continue
        hooks = ", ".join(str(hook) for hook in plugin["hooks"])  # type: ignore[attr-defined]
        version = f"from {plugin['path']}" if plugin.get("path") else plugin["version"]
        click.echo(printable(f"{plugin['name']} {version}  hooks: {hooks or 'none'}"))
        for problem in plugin.get("problems", ()):  # type: ignore[attr-defined]
            click.echo(printable(f"  FAILED: {problem}"))


@click.command("new", cls=Command)
@click.argument("name")
@click.option(
    "--directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path(),
    show_default="the current folder",
    help="Where to write the plugin's folder.",
)
def new(name: str, directory: Path) -> None:
    """Write a ready expansion NAME (e.g. frozen-north) into a new folder: a distribution with
    its entry point, an event type with its rule and its state, an action, a command, a check
    modifier type, a content file, tests that pass as written and a README.

    \b
    Example:
      campaign-ledger plugin new frozen-north
      cd frozen-north && pip install -e '.[test]' && python -m pytest
    """
    written = write_plugin(name, directory)
    app = click.get_current_context().find_object(App)
    if app is not None:
        app.wrote(f"plugin {name!r} written in {written}")
    names = plugin_names(name)
    click.echo(f"Wrote {names.distribution} (plugin {names.plugin}) in {written}")
    click.echo(f"Next: cd {written} && pip install -e '.[test]' && python -m pytest")


@click.command("install", cls=Command)
@click.argument("packages", metavar="NAME|PATH", nargs=-1, required=True)
@click.option("-U", "--upgrade", is_flag=True, help="Upgrade it if it is installed already.")
@click.option("-e", "--editable", is_flag=True, help="Install a PATH in place (pip's -e).")
@click.option(
    "--pip-option",
    "pip_options",
    multiple=True,
    metavar="OPTION",
    help="Pass OPTION to pip as well (e.g. --pip-option=--no-index); repeatable.",
)
def install(
    packages: tuple[str, ...], upgrade: bool, editable: bool, pip_options: tuple[str, ...]
) -> None:
    """Install plugins (a distribution NAME from the package index, or a PATH to one) into
    the ledger's own environment, with the Python that runs the ledger (`python -m pip`),
    as `datasette install` does. `plugins` then lists them.

    \b
    Examples:
      campaign-ledger plugin install campaign-ledger-frozen-north
      campaign-ledger plugin install -e ./frozen-north
    """
    args = [sys.executable, "-m", "pip", "install", *pip_options]
    if upgrade:
        args.append("--upgrade")
    for package in packages:
        args += ["-e", package] if editable else [package]
    done = subprocess.run(args, check=False)
    if done.returncode != 0:
        raise click.ClickException(
            f"pip could not install {', '.join(packages)} (exit status {done.returncode}; "
            f"its messages are above); nothing else changed. The command was: {' '.join(args)}"
        )
    click.echo(
        f"Installed {', '.join(packages)} for {sys.executable}; `campaign-ledger plugins` lists it"
    )


@click.group("plugin", cls=Group)
def plugin() -> None:
    """Plugins: list the loaded ones, start a new one, or install one."""


plugin.add_command(new)
plugin.add_command(install)
plugin.add_command(plugins, "list")


def register(cli: click.Group) -> None:
    cli.add_command(plugins)
    cli.add_command(plugin)
