"""odds HERO ABILITY TARGET | odds HERO ABILITY --damage N | odds HERO ABILITY TARGET
--reactive: the exact chance of an active or a reactive check, nothing recorded."""

from pathlib import Path
from typing import Any

import click

from ledger.dice import DiceSet
from ledger.errors import BadInput
from ledger_base_game.actions import odds as query
from ledger_base_game.commands import complete_ability
from ledger_base_game.commands._rolls import (
    dice_option,
    discard_option,
    focus_option,
    gem_flags,
    gem_option,
    modifier_lines,
    modifier_option,
    modifiers_json,
)
from ledger_base_game.commands.group_checks import parse_group_target, parse_order
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    at_option,
    complete_member,
    json_option,
    output,
    pass_app,
)


@click.command("odds", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_member)
@click.argument("ability", shell_complete=complete_ability)
@click.argument("target", type=int, required=False)
@click.option(
    "--group",
    is_flag=True,
    help="A group check's total: odds --group ABILITY TARGET|8/13/17 (no HERO).",
)
@click.option(
    "--order", metavar="HERO,HERO,...", help="With --group: who rolls (default: all who can)."
)
@click.option(
    "--gem-hero",
    "gem_heroes",
    multiple=True,
    metavar="HERO",
    help="With --group: HERO adds an Achievement gem (+1).",
)
@click.option("--heroes", type=int, metavar="N", help="With --group: read 8/13/17 for N Heroes.")
@click.option("--damage", type=int, help="A reactive check against N damage (no TARGET).")
@click.option(
    "--stamina-loss", "stamina_loss", type=int, help="A reactive check against N stamina loss."
)
@click.option(
    "--reactive",
    is_flag=True,
    help="A reactive check against an effect: the chance its successes reach TARGET.",
)
@dice_option
@modifier_option
@discard_option
@gem_option
@click.option("--hindered", is_flag=True, help="The Hero is Hindered: -1.")
@focus_option
@click.option("--choose", metavar="ABILITY", help="For A|B checks: the ability used.")
@at_option
@json_option
@pass_app
def odds(
    app: App,
    hero: str,
    ability: str,
    target: int | None,
    group: bool,
    order: str | None,
    gem_heroes: tuple[str, ...],
    heroes: int | None,
    damage: int | None,
    stamina_loss: int | None,
    reactive: bool,
    dice_set: Path | None,
    modifiers: tuple[str, ...],
    discard: tuple[str, ...],
    gems: tuple[str, ...],
    hindered: bool,
    focus: bool,
    choose: str | None,
    at: str | None,
    as_json: bool,
) -> None:
    """The exact chance that HERO's ABILITY check reaches TARGET, with the best stamina
    policy (spend only the shortfall) and the stamina it spends on average.

    Computed from the die definitions and the Hero's state: level, unspent stamina,
    gems, items, modifiers, conditions. Nothing is recorded.

    With --damage N or --stamina-loss N instead of TARGET: a reactive check's chance of
    taking each amount after the reduction (each blue success prevents 1), and the amount
    expected. With --reactive and TARGET: the chance a reactive check against an effect
    (`react --against EFFECT --target N`) avoids it.

    \b
    Examples:
      campaign-ledger odds Venia agility 4 --modifier "+2:phrase=Lock picking" --json
      campaign-ledger odds Torrax might --damage 3
      campaign-ledger odds Venia agility 2 --reactive
      campaign-ledger odds --group agility 8/13/17 --gem-hero Torrax

    With --group the arguments are ABILITY TARGET (no HERO): the chance a group check's
    total (outside a scenario, each stamina face +2) reaches TARGET, one number or
    thresholds by Hero count as `group-check` reads them.
    """
    group_only = {"--order": order, "--gem-hero": gem_heroes, "--heroes": heroes}
    if group:
        others = {
            "TARGET": target, "--damage": damage, "--stamina-loss": stamina_loss,
            "--reactive": reactive, "--modifier": modifiers, "--discard": discard,
            "--gem": gems, "--hindered": hindered, "--focus": focus, "--choose": choose,
        }  # fmt: skip
        given = [name for name, value in others.items() if value not in (None, False, ())]
        if given:
            raise BadInput(
                f"odds --group takes ABILITY TARGET and --order, --gem-hero, --heroes, "
                f"--dice; not {', '.join(given)}"
            )
        show_group(
            query.odds_of_group_check(
                app.game(at),
                ability=hero,
                target=parse_group_target(ability),
                heroes=parse_order(order),
                dice_set=dice_set,
                achievement=gem_heroes,
                count=heroes,
            ),
            as_json,
        )
        return
    given = [name for name, value in group_only.items() if value not in (None, ())]
    if given:
        raise BadInput(f"{', '.join(given)} only with --group")
    flags = gem_flags(gems)
    if reactive:
        if target is None or damage is not None or stamina_loss is not None:
            raise BadInput(
                "--reactive takes TARGET (the successes that avoid the effect), without "
                "--damage or --stamina-loss"
            )
        if modifiers or discard or hindered:
            raise BadInput("a reactive check has no modifiers, discards or Hindered")
        show_effect(
            query.odds_of_effect_reaction(
                app.game(at),
                hero=hero,
                ability=ability,
                target=target,
                dice_set=dice_set,
                focus=focus,
                choose=choose,
                **flags,
            ),
            as_json,
        )
        return
    if damage is not None or stamina_loss is not None:
        if target is not None or modifiers or discard or hindered:
            raise BadInput(
                "a reactive check has no TARGET, modifiers, discards or Hindered; give "
                "--damage N or --stamina-loss N alone"
            )
        show_reaction(
            query.odds_of_reaction(
                app.game(at),
                hero=hero,
                ability=ability,
                damage=damage or 0,
                stamina_loss=stamina_loss or 0,
                dice_set=dice_set,
                focus=focus,
                choose=choose,
                **flags,
            ),
            as_json,
        )
        return
    if target is None:
        raise BadInput("give TARGET, or --damage N / --stamina-loss N for a reactive check")
    result = query.odds_of_check(
        app.game(at),
        hero=hero,
        ability=ability,
        target=target,
        dice_set=dice_set,
        modifiers=modifiers,
        discard=discard,
        hindered=hindered,
        focus=focus,
        choose=choose,
        **flags,
    )
    dice = result.dice_set
    if as_json:
        data = {
            "hero": result.hero,
            "ability": result.ability,
            "target": result.target,
            "dice": result.dice,
            "bonus": result.bonus,
            "stamina_rule": result.stamina_rule,
            "unspent_stamina": result.unspent_stamina,
            "modifiers": modifiers_json(result.modifiers),
            **die_json(dice, dice.action),
            "probability": result.probability,
            "expected_stamina": result.expected_stamina,
            "cut_mass": result.cut_mass,
        }
        click.echo(output.to_json(data))
        return
    for line in modifier_lines(result.modifiers):
        click.echo(line)
    stamina = {
        "spend": f"stamina faces: spend 0-2 each, up to {result.unspent_stamina} unspent",
        "flat": "stamina faces count +2 (outside a scenario)",
        "none": "stamina faces count 0 (a Non-Hero Ally)",
    }[result.stamina_rule]
    click.echo(
        f"{result.hero}: {result.dice} dice, {result.bonus:+d} from modifiers, gems and "
        f"conditions, {stamina}"
    )
    click.echo(
        f"P(total >= {target}) = {result.probability:.6f}; expected stamina spent "
        f"{result.expected_stamina:.4f}"
    )
    click.echo(f"dice: {dice.label()}: Action {' '.join(dice.action)}")


def show_reaction(result: query.ReactionChance, as_json: bool) -> None:
    dice = result.dice_set
    if as_json:
        data = {
            "hero": result.hero,
            "ability": result.ability,
            "kind": result.kind,
            "amount": result.amount,
            "dice": result.dice,
            "bonus": result.bonus,
            **die_json(dice, dice.reaction),
            "taken": list(result.taken),
            "expected_taken": result.expected_taken,
        }
        click.echo(output.to_json(data))
        return
    click.echo(
        f"{result.hero}: {result.dice} Reaction dice against {result.amount} {result.kind}, "
        f"each success prevents 1{' (+1 Achievement gem)' if result.bonus else ''}"
    )
    chances = [f"P(no {result.kind}) = {result.taken[0]:.6f}"]
    chances += [f"P({k}) = {p:.6f}" for k, p in enumerate(result.taken) if k]
    click.echo("; ".join(chances))
    click.echo(f"expected {result.kind} taken {result.expected_taken:.4f}")
    click.echo(f"dice: {dice.label()}: Reaction {' '.join(dice.reaction)}")


def show_effect(result: query.EffectChance, as_json: bool) -> None:
    dice = result.dice_set
    if as_json:
        data = {
            "hero": result.hero,
            "ability": result.ability,
            "target": result.target,
            "dice": result.dice,
            "bonus": result.bonus,
            **die_json(dice, dice.reaction),
            "probability": result.probability,
            "expected_successes": result.expected_successes,
        }
        click.echo(output.to_json(data))
        return
    click.echo(
        f"{result.hero}: {result.dice} Reaction dice against an effect avoided with "
        f"{result.target}{' (+1 Achievement gem)' if result.bonus else ''}"
    )
    click.echo(
        f"P(avoided) = {result.probability:.6f}; expected successes {result.expected_successes:.4f}"
    )
    click.echo(f"dice: {dice.label()}: Reaction {' '.join(dice.reaction)}")


def show_group(result: query.GroupChance, as_json: bool) -> None:
    dice = result.dice_set
    if as_json:
        data = {
            "ability": result.ability,
            "target": result.target,
            "thresholds": list(result.thresholds),
            "count": result.count,
            "heroes": [
                {"hero": name, "dice": n, "achievement": name in result.gems}
                for name, n in zip(result.heroes, result.dice, strict=True)
            ],
            **die_json(dice, dice.action),
            "probability": result.probability,
            "expected_total": result.expected_total,
            "cut_mass": result.cut_mass,
        }
        click.echo(output.to_json(data))
        return
    rolling = ", ".join(
        f"{name} {n} dice{' +1 Achievement gem' if name in result.gems else ''}"
        for name, n in zip(result.heroes, result.dice, strict=True)
    )
    read = ""
    if result.thresholds:
        printed = "/".join(str(value) for value in result.thresholds)
        read = f" ({printed} read for {result.count} Heroes)"
    click.echo(f"Group {result.ability.title()} check{read}: {rolling}; stamina faces count +2")
    click.echo(
        f"P(total >= {result.target}) = {result.probability:.6f}; expected total "
        f"{result.expected_total:.4f}"
    )
    click.echo(f"dice: {dice.label()}: Action {' '.join(dice.action)}")


def die_json(dice: DiceSet, faces: tuple[str, ...]) -> dict[str, Any]:
    """The die the odds come from, and whether its faces are an assumption."""
    return {"die": list(faces), "die_name": dice.name, "die_assumed": dice.assumption}


def register(cli: click.Group) -> None:
    cli.add_command(odds)
