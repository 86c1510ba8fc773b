"""attack HERO DICE: an attack action's Action dice, its stamina cost and stamina faces."""

from pathlib import Path
from typing import Any

import click

from ledger_base_game.actions import attacks
from ledger_base_game.commands._rolls import (
    dice_option,
    parse_faces,
    roll_option,
    seed_option,
    show_rolled,
)
from ledger_base_game.events.attacks import AttackMade
from ledger_cli.helpers import NUMBERS, App, Command, complete_hero, json_option, pass_app


@click.command("attack", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("dice", type=int)
@click.option("--cost", type=int, default=0, help="The action's stamina cost.")
@click.option(
    "--spend-stamina",
    "spend",
    type=int,
    default=0,
    help="Stamina spent on stamina faces (0-2 each).",
)
@click.option(
    "--gem",
    "gem",
    type=click.Choice(["achievement"]),
    help="Spend an Achievement gem: +1 success (one per attack).",
)
@roll_option
@seed_option
@dice_option
@json_option
@pass_app
def attack(
    app: App,
    hero: str,
    dice: int,
    cost: int,
    spend: int,
    roll: str | None,
    seed: int | None,
    dice_set: Path | None,
    gem: str | None,
    as_json: bool,
) -> None:
    """HERO makes an attack rolling DICE Action dice (+1 Blessed, -1 Weakened); an
    Achievement gem (--gem achievement) adds 1 success.

    The cost and the stamina spent on stamina faces move chips to spent, or straight to
    wound while Cursed (which is then discarded).

    \b
    Example (§10.19):
      campaign-ledger attack Torrax 2 --cost 2 --roll "S 1" --spend-stamina 2
    """
    recorded = app.perform(
        attacks.attack,
        hero=hero,
        dice=dice,
        cost=cost,
        spend=spend,
        roll=parse_faces(roll),
        seed=seed,
        dice_set=dice_set,
        achievement=gem == "achievement",
    )
    show_rolled(recorded, as_json, AttackMade, attack_json)


def attack_json(made: AttackMade) -> dict[str, Any]:
    return {"faces": list(made.faces), "seed": made.seed, "successes": made.successes}


def register(cli: click.Group) -> None:
    cli.add_command(attack)
