"""react HERO ABILITY: a reactive check (§5.2) against damage, stamina loss or a named effect."""

from pathlib import Path
from typing import Any

import click

from ledger.errors import BadInput
from ledger_base_game.actions import reactions
from ledger_base_game.commands import complete_ability
from ledger_base_game.commands._rolls import (
    dice_option,
    focus_option,
    gem_flags,
    gem_option,
    parse_faces,
    roll_option,
    seed_option,
    show_rolled,
)
from ledger_base_game.events.ally_rolls import AllyReacted
from ledger_base_game.events.reactions import EffectReacted, ReactionMade
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_member,
    json_option,
    pass_app,
)


@click.command("react", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_member)
@click.argument("ability", shell_complete=complete_ability)
@click.option("--damage", type=int, default=0, help="The damage the attack deals.")
@click.option("--stamina-loss", type=int, default=0, help="The stamina loss it causes.")
@click.option(
    "--against",
    metavar="EFFECT",
    help="Any other effect reacted to, as the card names it (with --target N).",
)
@click.option("--target", type=int, help="With --against: the successes that avoid the effect.")
@roll_option
@seed_option
@dice_option
@gem_option
@focus_option
@click.option(
    "--hourglass",
    type=int,
    default=0,
    help="Successes each hourglass gives through an effect the Ally has (default 0).",
)
@click.option("--choose", metavar="ABILITY", help="For A|B checks: the ability used.")
@json_option
@pass_app
def react(
    app: App,
    hero: str,
    ability: str,
    damage: int,
    stamina_loss: int,
    against: str | None,
    target: int | None,
    roll: str | None,
    seed: int | None,
    dice_set: Path | None,
    gems: tuple[str, ...],
    focus: bool,
    hourglass: int,
    choose: str | None,
    as_json: bool,
) -> None:
    """HERO makes a reactive ABILITY check against --damage N or --stamina-loss N, or
    against any other effect (--against EFFECT --target N).

    Blue dice = the level (+2 Inspiration gem); against damage or stamina loss each success
    prevents 1 and the rest is taken; against an effect it is avoided when the successes
    reach --target (what it does otherwise is not applied by the ledger).

    \b
    Examples:
      campaign-ledger react Torrax might --damage 3 --roll "2 H 0"
      campaign-ledger react Venia agility --against "falling rocks" --target 2
    """
    intent: dict[str, Any] = {
        "hero": hero,
        "ability": ability,
        "roll": parse_faces(roll),
        "seed": seed,
        "dice_set": dice_set,
        "focus": focus,
        "hourglass": hourglass,
        "choose": choose,
        **gem_flags(gems),
    }
    if against is not None or target is not None:
        if against is None or target is None or damage or stamina_loss:
            raise BadInput(
                "a reaction against an effect takes --against EFFECT and --target N, "
                "without --damage or --stamina-loss"
            )
        recorded = app.perform(reactions.react_to_effect, against=against, target=target, **intent)
    else:
        recorded = app.perform(reactions.react, damage=damage, stamina_loss=stamina_loss, **intent)
    first = recorded.events[0] if recorded.events else None
    if isinstance(first, AllyReacted):
        show_rolled(recorded, as_json, AllyReacted, ally_reaction_json)
    elif isinstance(first, EffectReacted):
        show_rolled(recorded, as_json, EffectReacted, effect_json)
    else:
        show_rolled(recorded, as_json, ReactionMade, reaction_json)


def reaction_json(reaction: ReactionMade) -> dict[str, Any]:
    return {
        "hero": reaction.hero,
        "ability": reaction.ability,
        "dice": reaction.dice,
        "faces": list(reaction.faces),
        "seed": reaction.seed,
        "prevented": reaction.prevented,
        "taken": reaction.taken,
    }


def effect_json(reaction: EffectReacted) -> dict[str, Any]:
    return {
        "hero": reaction.hero,
        "ability": reaction.ability,
        "dice": reaction.dice,
        "faces": list(reaction.faces),
        "seed": reaction.seed,
        "against": reaction.against,
        "target": reaction.target,
        "successes": reaction.successes,
        "avoided": reaction.avoided,
    }


def ally_reaction_json(reaction: AllyReacted) -> dict[str, Any]:
    """A Non-Hero Ally's reaction in the shape of a Hero's (``hero``: its name)."""
    rolled = {
        "hero": reaction.ally,
        "ally": True,
        "ability": reaction.ability,
        "dice": reaction.dice,
        "faces": list(reaction.faces),
        "seed": reaction.seed,
    }
    if reaction.against is not None:
        return {
            **rolled,
            "against": reaction.against,
            "target": reaction.target,
            "successes": reaction.successes,
            "avoided": reaction.avoided,
        }
    return {**rolled, "prevented": reaction.prevented, "taken": reaction.taken}


def register(cli: click.Group) -> None:
    cli.add_command(react)
