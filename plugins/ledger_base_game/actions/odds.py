"""The odds of an active check: a query. It reads the campaign and returns a typed answer;
it records nothing (call it directly, never through ``campaign.do``)."""

from typing import Unpack

import msgspec

from ledger.actions import Game
from ledger.dice import DiceSet, Odds, StaminaRule, check_odds
from ledger.errors import BadInput
from ledger.model import CampaignState, Modifier
from ledger.rules import injuries
from ledger_base_game.actions._rolls import (
    Declaration,
    Declared,
    DiceChoice,
    declare,
    dice_in_force,
)
from ledger_base_game.actions.checks import check_target
from ledger_base_game.rules.checks import Ability, check_discards, check_gems


class CheckOdds(msgspec.Struct, frozen=True, kw_only=True):
    """The exact chance that a check reaches its target with the best stamina policy (spend
    only the shortfall), and the stamina that policy spends on average."""

    hero: str
    ability: Ability
    target: int
    dice: int  # how many Action dice the Hero rolls
    bonus: int  # modifiers that apply, gems, Hindered
    stamina_rule: StaminaRule  # "spend" in a scenario, else "flat" (+2 each)
    unspent_stamina: int
    modifiers: tuple[Modifier, ...]  # as judged against the Hero
    dice_set: DiceSet  # the die definitions the odds come from
    probability: float
    expected_stamina: float
    cut_mass: float  # probability in extra-roll chains too long to follow


def odds_of_check(
    game: Game,
    *,
    hero: str,
    ability: str,
    target: int,
    choose: str | None = None,
    dice_set: DiceChoice = None,
    hindered: bool = False,
    **declared: Unpack[Declaration],
) -> CheckOdds:
    """The odds of the check ``make_check`` would make with the same intent, computed from the
    die definitions and the Hero's state (level, unspent stamina, gems, items, modifiers,
    conditions); refused as the check would be refused before rolling. Records nothing."""
    state = game.state
    made = declare(game.registry, state, hero, ability, declared, choose=choose)
    dice = dice_in_force(game.registry, state, dice_set)
    check_target(target)
    result = odds_of(state, made, dice.action, target, hindered)
    return CheckOdds(
        hero=made.hero.name,
        ability=made.ability,
        target=target,
        dice=made.dice,
        bonus=made.adds(hindered),
        stamina_rule=stamina_rule(state),
        unspent_stamina=made.hero.stamina.unspent,
        modifiers=made.modifiers,
        dice_set=dice,
        probability=result.probability,
        expected_stamina=result.expected_stamina,
        cut_mass=result.cut_mass,
    )


def stamina_rule(state: CampaignState) -> StaminaRule:
    return "spend" if state.in_scenario else "flat"


def odds_of(
    state: CampaignState, declared: Declared, die: tuple[str, ...], target: int, hindered: bool
) -> Odds:
    """The odds of the check as declared, refusing what a check would refuse before rolling."""
    check_gems(declared.hero, declared.inspiration, declared.achievement)
    check_discards(declared.hero, declared.discard)
    if hindered and not state.in_scenario:
        raise BadInput("a Hero is Hindered only in a scenario, next to enemies")
    bonus = declared.adds(hindered)
    rule = stamina_rule(state)
    hero = declared.hero
    per_face = injuries.stamina_per_face(hero)
    return check_odds(die, declared.dice, target, bonus, rule, hero.stamina.unspent, per_face)
