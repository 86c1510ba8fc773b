"""plugins"""

import click
from sqlite_utils import Database

from ledger.hosting import apply_plugin_migrations, describe_plugins
from ledger.storage import migrations
from ledger.text import printable
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


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


def register(cli: click.Group) -> None:
    cli.add_command(plugins)
