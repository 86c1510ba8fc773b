"""dice show | dice set FILE|NAME: the die definitions in force (ruling §12.1)."""

import click

from ledger.dice import DiceSet
from ledger_base_game.actions import dice as actions
from ledger_cli.helpers import (
    App,
    Command,
    at_option,
    json_option,
    listing_group,
    output,
    pass_app,
)


def dice_json(dice: DiceSet) -> dict[str, object]:
    return {
        "name": dice.name,
        "action": list(dice.action),
        "reaction": list(dice.reaction),
        "assumption": dice.assumption,
        "source": dice.source,
    }


@click.command("show", cls=Command)
@at_option
@json_option
@pass_app
def show(app: App, at: str | None = None, as_json: bool = False) -> None:
    """The die definition in force and every definition the plugins register."""
    dice = actions.dice_sets(app.game(at))
    current = dice.in_force
    if as_json:
        data = {
            "in_force": dice_json(current),
            "set_for_campaign": dice.set_for_campaign,
            "registered": [dice_json(d) for d in dice.registered],
        }
        click.echo(output.to_json(data))
        return
    origin = "set for this campaign" if dice.set_for_campaign else "from the plugins"
    click.echo(f"In force ({origin}): {current.label()}")
    click.echo(f"  Action (red)    {' '.join(current.action)}")
    click.echo(f"  Reaction (blue) {' '.join(current.reaction)}")
    if current.source:
        click.echo(f"  Source: {current.source}")


@click.command("set", cls=Command)
@click.argument("definition", type=click.Path(dir_okay=False))  # or a name: a face that
# reads no file (the web app) knows from the type that this argument may name one
@json_option
@pass_app
def set_dice(app: App, definition: str, as_json: bool) -> None:
    """The campaign's dice from now on: a TOML FILE or the NAME of a registered one.

    \b
    A file:
      [action]
      faces = ["1", "2", "1+", "S", "S", "0"]
      [reaction]
      faces = ["0", "1", "2", "H"]

    \b
    Example:
      campaign-ledger dice set counted-dice.toml
    """
    app.do(actions.set_dice, dice_set=definition, as_json=as_json)


def register(cli: click.Group) -> None:
    dice = listing_group(
        cli, "dice", "The Action and Reaction dice (shows those in force).", default="show"
    )
    dice.add_command(show)
    dice.add_command(set_dice)
