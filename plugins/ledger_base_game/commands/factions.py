"""faction gain | faction list"""

import click

from ledger_base_game.actions import factions as actions
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    at_option,
    json_option,
    listing_group,
    output,
    output_city,
    pass_app,
)


@click.command("gain", cls=Command, context_settings=NUMBERS)
@click.argument("name")
@click.argument("amount", type=int)
@json_option
@pass_app
def gain(app: App, name: str, amount: int, as_json: bool) -> None:
    """The party gains AMOUNT reputation with faction NAME.

    \b
    Example:
      campaign-ledger faction gain "House Gramask" 1
    """
    app.do(actions.gain_reputation, faction=name, amount=amount, as_json=as_json)


@click.command("list", cls=Command)
@at_option
@json_option
@pass_app
def list_factions(app: App, at: str | None = None, as_json: bool = False) -> None:
    """Every faction's reputation and rank (no rank where the thresholds are not known)."""
    _, state = app.state(at)
    rows = output_city.reputation_json(state, app.registry)
    if as_json:
        click.echo(output.to_json(rows))
        return
    for row in rows:
        click.echo(output_city.reputation_line(row))


def register(cli: click.Group) -> None:
    faction = listing_group(
        cli, "faction", "Faction reputation and ranks (lists them).", default="list"
    )
    faction.add_command(gain)
    faction.add_command(list_factions)
