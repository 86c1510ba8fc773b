"""The odds of an active check: a query. It reads the campaign and returns a typed answer;
it records nothing (call it directly, never through ``campaign.do``)."""

from collections.abc import Sequence
from typing import Unpack

import msgspec

from ledger.actions import Game
from ledger.dice import (
    PER_FACE,
    DiceSet,
    GroupOdds,
    Odds,
    StaminaRule,
    check_odds,
    group_odds,
    reaction_odds,
    reaction_successes_pmf,
)
from ledger.errors import BadInput, OutOfRange
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
from ledger_base_game.rules.ranges import MAX_TARGET


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


class ReactionChance(msgspec.Struct, frozen=True, kw_only=True):
    """The exact odds of a reactive check against ``amount`` damage or stamina loss: the
    chance of taking each amount after the reduction, and the amount expected."""

    hero: str
    ability: Ability
    kind: str  # "damage" or "stamina loss"
    amount: int
    dice: int  # Reaction dice rolled
    bonus: int  # an Achievement gem
    dice_set: DiceSet
    taken: tuple[float, ...]  # taken[k]: the chance of taking k
    expected_taken: float


def odds_of_reaction(
    game: Game,
    *,
    hero: str,
    ability: str,
    damage: int = 0,
    stamina_loss: int = 0,
    choose: str | None = None,
    dice_set: DiceChoice = None,
    inspiration: bool = False,
    achievement: bool = False,
    focus: bool = False,
) -> ReactionChance:
    """The odds of the reaction ``react`` would make with the same intent (each blue success
    prevents 1; hourglasses count nothing unless an effect says, which odds do not assume).
    Records nothing."""
    if (damage > 0) == (stamina_loss > 0) or min(damage, stamina_loss) < 0:
        raise BadInput(
            "give either {damage} N or {stamina_loss} N, a positive number",
            fields=["damage", "stamina_loss"],
        )
    state = game.state
    intent: Declaration = {"inspiration": inspiration, "achievement": achievement, "focus": focus}
    made = declare(game.registry, state, hero, ability, intent, choose=choose, red=False)
    check_gems(made.hero, inspiration, achievement)
    dice = dice_in_force(game.registry, state, dice_set)
    amount = damage + stamina_loss
    result = reaction_odds(dice.reaction, made.dice, amount, int(achievement))
    return ReactionChance(
        hero=made.hero.name,
        ability=made.ability,
        kind="damage" if damage else "stamina loss",
        amount=amount,
        dice=made.dice,
        bonus=int(achievement),
        dice_set=dice,
        taken=result.taken,
        expected_taken=result.expected_taken,
    )


class EffectChance(msgspec.Struct, frozen=True, kw_only=True):
    """The exact chance that a reactive check avoids an effect: its successes reach
    ``target``."""

    hero: str
    ability: Ability
    target: int
    dice: int  # Reaction dice rolled
    bonus: int  # an Achievement gem
    dice_set: DiceSet
    probability: float
    expected_successes: float


def odds_of_effect_reaction(
    game: Game,
    *,
    hero: str,
    ability: str,
    target: int,
    choose: str | None = None,
    dice_set: DiceChoice = None,
    inspiration: bool = False,
    achievement: bool = False,
    focus: bool = False,
) -> EffectChance:
    """The odds of the reaction ``react_to_effect`` would make with the same intent
    (hourglasses count nothing, as for ``odds_of_reaction``). Records nothing."""
    if not 1 <= target <= MAX_TARGET:
        raise OutOfRange(
            f"{{target}}, the successes that avoid it, is from 1 to {MAX_TARGET}, not {target}",
            fields=["target"],
        )
    state = game.state
    intent: Declaration = {"inspiration": inspiration, "achievement": achievement, "focus": focus}
    made = declare(game.registry, state, hero, ability, intent, choose=choose, red=False)
    check_gems(made.hero, inspiration, achievement)
    dice = dice_in_force(game.registry, state, dice_set)
    bonus = int(achievement)
    pmf = reaction_successes_pmf(dice.reaction, made.dice)
    return EffectChance(
        hero=made.hero.name,
        ability=made.ability,
        target=target,
        dice=made.dice,
        bonus=bonus,
        dice_set=dice,
        probability=sum(p for s, p in enumerate(pmf) if s + bonus >= target),
        expected_successes=sum(s * p for s, p in enumerate(pmf)) + bonus,
    )


def odds_of_group_check(
    game: Game,
    *,
    ability: str,
    target: int,
    heroes: Sequence[str] | None = None,
    dice_set: DiceChoice = None,
    achievement: Sequence[str] = (),
) -> GroupOdds:
    """The exact chance that a group check (outside a scenario: each stamina face +2) reaches
    ``target`` with the ``heroes`` rolling (default: every Hero who can act), those named in
    ``achievement`` adding an Achievement gem each. Records nothing."""
    state = game.state
    check_target(target)
    if state.in_scenario:
        raise BadInput("group checks are made outside scenarios (seed)")
    names = (
        list(heroes)
        if heroes is not None
        else [h.name for h in state.heroes.values() if h.status != "exhausted"]
    )
    die = dice_in_force(game.registry, state, dice_set).action
    rolls = []
    for name in names:
        made = declare(game.registry, state, name, ability, {})
        gem = any(made.hero.name == state.hero(g).name for g in achievement)
        check_gems(made.hero, False, gem)
        rolls.append((made.dice, int(gem), PER_FACE))
    return group_odds(die, rolls, target)
