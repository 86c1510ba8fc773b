"""dice show | dice set FILE|NAME: the die definitions in force (ruling §12.1)."""

from pathlib import Path

import click

from ledger.dice import DiceSet
from ledger_base_game.checks import DiceSetChosen
from ledger_base_game.commands.rolls import dice_in_force
from ledger_cli.helpers import App, at_option, json_option, listing_group, output, pass_app


def dice_json(dice: DiceSet) -> dict[str, object]:
    return {
        "name": dice.name,
        "action": list(dice.action),
        "reaction": list(dice.reaction),
        "assumption": dice.assumption,
        "source": dice.source,
    }


def register(cli: click.Group) -> None:
    dice = listing_group(
        cli, "dice", "The Action and Reaction dice (shows those in force).", default="show"
    )

    @dice.command("show")
    @at_option
    @json_option
    @pass_app
    def show(app: App, at: str | None = None, as_json: bool = False) -> None:
        """The die definition in force and every definition the plugins register."""
        _, state = app.state(at)
        current = state.dice or app.registry.default_dice()
        registered = [app.registry.dice.get(name) for name in app.registry.dice.names()]
        if as_json:
            data = {
                "in_force": dice_json(current),
                "set_for_campaign": state.dice is not None,
                "registered": [dice_json(d) for d in registered],
            }
            click.echo(output.to_json(data))
            return
        origin = "set for this campaign" if state.dice else "from the plugins"
        click.echo(f"In force ({origin}): {current.label()}")
        click.echo(f"  Action (red)    {' '.join(current.action)}")
        click.echo(f"  Reaction (blue) {' '.join(current.reaction)}")
        if current.source:
            click.echo(f"  Source: {current.source}")

    @dice.command("set")
    @click.argument("definition")
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
        _, state = app.state()
        known = app.registry.dice.find(definition)
        chosen = known or dice_in_force(app.registry, state, Path(definition))
        app.record(DiceSetChosen(dice=chosen), as_json=as_json)
