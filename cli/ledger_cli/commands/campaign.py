"""campaign new | campaign list"""

import click

from ledger_cli import output
from ledger_cli.context import App, json_option, listing_group, pass_app
from ledger_cli.parsing import Command


@click.command("new", cls=Command)
@click.argument("name")
@json_option
@pass_app
def new(app: App, name: str, as_json: bool) -> None:
    """Start a campaign.

    \b
    Example:
      campaign-ledger campaign new "Moonsilver"
    """
    created = app.ledger(create=True).create_campaign(name)
    if as_json:
        click.echo(output.to_json({"campaign": created.name, "database": str(app.path)}))
    else:
        click.echo(f"#1 Campaign {created.name!r} created in {app.path}")


@click.command("list", cls=Command)
@json_option
@pass_app
def list_campaigns(app: App, as_json: bool = False) -> None:
    """The campaigns in the ledger file."""
    names = app.ledger().campaigns()
    if as_json:
        click.echo(output.to_json(names))
    else:
        for name in names:
            click.echo(name)


def register(cli: click.Group) -> None:
    campaign = listing_group(
        cli, "campaign", "Campaigns in the ledger file (lists them by default).", default="list"
    )
    campaign.add_command(new)
    campaign.add_command(list_campaigns)
