"""odds HERO ABILITY TARGET: the exact chance of an active check, nothing recorded."""

from pathlib import Path

import click

from ledger.dice import Odds, StaminaRule, check_odds
from ledger.errors import BadInput
from ledger.model import CampaignState
from ledger_base_game.check_rules import check_discards, check_gems
from ledger_base_game.commands.rolls import (
    Declared,
    declare,
    dice_in_force,
    dice_option,
    discard_option,
    focus_option,
    gem_option,
    modifier_lines,
    modifier_option,
    modifiers_json,
    parse_target,
)
from ledger_cli.helpers import NUMBERS, App, at_option, json_option, output, pass_app


def stamina_rule(state: CampaignState) -> StaminaRule:
    return "spend" if state.in_scenario else "flat"


def odds_of(
    state: CampaignState, declared: Declared, die: tuple[str, ...], target: int, hindered: bool
) -> Odds:
    """The odds of the check as declared, refusing what `check` would refuse before rolling."""
    check_gems(declared.hero, declared.inspiration, declared.achievement)
    check_discards(declared.hero, declared.discard)
    if hindered and not state.in_scenario:
        raise BadInput("a Hero is Hindered only in a scenario, next to enemies")
    bonus = declared.bonus + declared.achievement - hindered
    rule = stamina_rule(state)
    return check_odds(die, declared.dice, target, bonus, rule, declared.hero.stamina.unspent)


def register(cli: click.Group) -> None:
    @cli.command("odds", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("ability")
    @click.argument("target", type=int)
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
        target: int,
        dice_file: Path | None,
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

        \b
        Example:
          campaign-ledger odds Venia agility 4 --modifier "+2:phrase=Lock picking" --json
        """
        _, state = app.state(at)
        declared = declare(
            app.registry,
            state,
            hero,
            ability,
            choose=choose,
            modifiers=modifiers,
            discard=discard,
            gems=gems,
            focus=focus,
        )
        dice = dice_in_force(app.registry, state, dice_file)
        parse_target(str(target))  # the same range as a check's
        result = odds_of(state, declared, dice.action, target, hindered)
        bonus = declared.bonus + declared.achievement - hindered
        rule = stamina_rule(state)
        data = {
            "hero": declared.hero.name,
            "ability": declared.ability,
            "target": target,
            "dice": declared.dice,
            "bonus": bonus,
            "stamina_rule": rule,
            "unspent_stamina": declared.hero.stamina.unspent,
            "modifiers": modifiers_json(declared.modifiers),
            "die": list(dice.action),
            "die_name": dice.name,
            "die_assumed": dice.assumption,
            "probability": result.probability,
            "expected_stamina": result.expected_stamina,
            "cut_mass": result.cut_mass,
        }
        if as_json:
            click.echo(output.to_json(data))
            return
        for line in modifier_lines(declared.modifiers):
            click.echo(line)
        stamina = (
            f"stamina faces: spend 0-2 each, up to {declared.hero.stamina.unspent} unspent"
            if rule == "spend"
            else "stamina faces count +2 (outside a scenario)"
        )
        click.echo(
            f"{declared.hero.name}: {declared.dice} dice, {bonus:+d} from modifiers and gems, "
            f"{stamina}"
        )
        click.echo(
            f"P(total >= {target}) = {result.probability:.6f}; expected stamina spent "
            f"{result.expected_stamina:.4f}"
        )
        click.echo(f"dice: {dice.label()}: Action {' '.join(dice.action)}")
