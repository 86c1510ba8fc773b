"""The odds of an active check: a query. It reads the campaign and returns a typed answer;
it records nothing (call it directly, never through ``campaign.do``)."""

from collections.abc import Sequence
from typing import Unpack

import msgspec

from ledger.actions import Game
from ledger.dice import (
    PER_FACE,
    DiceSet,
    Odds,
    StaminaRule,
    check_odds,
    group_odds,
    reaction_odds,
    reaction_successes_pmf,
)
from ledger.errors import BadInput, OutOfRange
from ledger.model import Ally, CampaignState, Modifier
from ledger.rules import injuries
from ledger.rules.stamina import require_affectable
from ledger_base_game.actions._ally_rolls import refuse_hero_only
from ledger_base_game.actions._rolls import (
    Declaration,
    Declared,
    DiceChoice,
    choose_ability,
    declare,
    dice_in_force,
)
from ledger_base_game.actions.checks import check_target
from ledger_base_game.actions.group_checks import Target, default_order, group_target
from ledger_base_game.actions.reactions import effect_target
from ledger_base_game.events.allies import active_ally
from ledger_base_game.events.ally_rolls import ally_dice
from ledger_base_game.rules.checks import (
    Ability,
    check_discards,
    check_gems,
    condition_modifier,
)
from ledger_base_game.rules.ranges import MAX_HEROES


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
    ally = state.find_ally(hero)
    if ally is not None:
        return _ally_check_odds(game, ally, ability, target, choose, dice_set, hindered, declared)
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


def _ally_check_odds(
    game: Game,
    ally: Ally,
    ability: str,
    target: int,
    choose: str | None,
    dice_set: DiceChoice,
    hindered: bool,
    declared: Declaration,
) -> CheckOdds:
    """The odds of a Non-Hero Ally's check: its stamina faces count 0 (seed), so no stamina
    is spent; what only a Hero declares is refused as the check refuses it."""
    state = game.state
    active_ally(state, ally.name)
    refuse_hero_only(ally, declared)
    chosen, _ = choose_ability(ally, ability, choose)
    dice = dice_in_force(game.registry, state, dice_set)
    check_target(target)
    if hindered and not state.in_scenario:
        raise BadInput("an Ally is Hindered only in a scenario, next to enemies")
    bonus = condition_modifier(state, ally, chosen) - hindered
    count = ally_dice(state, ally, chosen)
    result = check_odds(dice.action, count, target, bonus, "none", 0)
    return CheckOdds(
        hero=ally.name,
        ability=chosen,
        target=target,
        dice=count,
        bonus=bonus,
        stamina_rule="none",
        unspent_stamina=0,
        modifiers=(),
        dice_set=dice,
        probability=result.probability,
        expected_stamina=result.expected_stamina,
        cut_mass=result.cut_mass,
    )


def _ally_blue_dice(
    game: Game, hero: str, ability: str, choose: str | None, declared: Declaration
) -> tuple[str, Ability, int] | None:
    """For a Non-Hero Ally: its name, the ability and its Reaction dice; None for a Hero."""
    ally = game.state.find_ally(hero)
    if ally is None:
        return None
    active_ally(game.state, ally.name)
    refuse_hero_only(ally, declared)
    chosen, _ = choose_ability(ally, ability, choose)
    return ally.name, chosen, ally_dice(game.state, ally, chosen, red=False)


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
    name, chosen, blue = _ally_blue_dice(game, hero, ability, choose, intent) or _hero_blue_dice(
        game, hero, ability, choose, intent
    )
    dice = dice_in_force(game.registry, state, dice_set)
    amount = damage + stamina_loss
    result = reaction_odds(dice.reaction, blue, amount, int(achievement))
    return ReactionChance(
        hero=name,
        ability=chosen,
        kind="damage" if damage else "stamina loss",
        amount=amount,
        dice=blue,
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
    effect_target(target)
    state = game.state
    intent: Declaration = {"inspiration": inspiration, "achievement": achievement, "focus": focus}
    name, chosen, blue = _ally_blue_dice(game, hero, ability, choose, intent) or _hero_blue_dice(
        game, hero, ability, choose, intent
    )
    dice = dice_in_force(game.registry, state, dice_set)
    bonus = int(achievement)
    pmf = reaction_successes_pmf(dice.reaction, blue)
    return EffectChance(
        hero=name,
        ability=chosen,
        target=target,
        dice=blue,
        bonus=bonus,
        dice_set=dice,
        probability=sum(p for s, p in enumerate(pmf) if s + bonus >= target),
        expected_successes=sum(s * p for s, p in enumerate(pmf)) + bonus,
    )


def _hero_blue_dice(
    game: Game, hero: str, ability: str, choose: str | None, intent: Declaration
) -> tuple[str, Ability, int]:
    """A Hero's name, the ability and the Reaction dice they roll, gems checked."""
    made = declare(game.registry, game.state, hero, ability, intent, choose=choose, red=False)
    check_gems(made.hero, intent.get("inspiration", False), intent.get("achievement", False))
    return made.hero.name, made.ability, made.dice


class GroupChance(msgspec.Struct, frozen=True, kw_only=True):
    """The exact chance that a group check's total reaches its target: who rolls, with how
    many dice and gems, and the total expected."""

    ability: Ability
    target: int
    thresholds: tuple[int, ...]  # as printed (8/13/17), or none for one number
    count: int  # the Hero count the thresholds are read for
    heroes: tuple[str, ...]  # who rolls
    dice: tuple[int, ...]  # each one's Action dice
    gems: tuple[str, ...]  # who adds an Achievement gem
    dice_set: DiceSet
    probability: float
    expected_total: float
    cut_mass: float


def odds_of_group_check(
    game: Game,
    *,
    ability: str,
    target: Target,
    heroes: Sequence[str] | None = None,
    dice_set: DiceChoice = None,
    achievement: Sequence[str] = (),
    count: int | None = None,
) -> GroupChance:
    """The exact chance that a group check (outside a scenario: each stamina face +2) reaches
    ``target`` (one number, or thresholds by Hero count read for ``count`` Heroes, default the
    campaign's, as ``group-check`` reads them) with the ``heroes`` rolling (default: every Hero
    who can act), those named in ``achievement`` adding an Achievement gem each. Records
    nothing."""
    state = game.state
    if target is None:
        raise BadInput('a "?" group check has no target to reach: give a number or 8/13/17')
    if state.in_scenario:
        raise BadInput("group checks are made outside scenarios (seed)")
    if count is not None and not 1 <= count <= MAX_HEROES:
        raise OutOfRange(f"{{heroes}} is from 1 to {MAX_HEROES}, not {count}", fields=["heroes"])
    read_for = len(state.heroes) if count is None else count
    number, thresholds = group_target(target, read_for)
    assert number is not None  # a number or thresholds give one
    check_target(number)
    if heroes is not None:
        names = tuple(state.hero(name).name for name in heroes)
    else:
        names, _ = default_order(state)
    if not names:
        raise BadInput("every Hero is exhausted: no one can make a group check")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise BadInput(f"{', '.join(twice)} named twice: each Hero rolls once")
    gems = tuple(state.hero(name).name for name in achievement)
    for name in gems:
        if name not in names:
            raise BadInput(f"{name} does not roll in this group check, so adds no gem")
    dice_used = dice_in_force(game.registry, state, dice_set)
    rolls, chosen = [], None
    for name in names:
        require_affectable(state.hero(name))
        made = declare(game.registry, state, name, ability, {}, choose=chosen)
        chosen = chosen or made.ability  # an A|B check: every roller uses the first's choice
        gem = name in gems
        check_gems(made.hero, False, gem)
        rolls.append((made.dice, int(gem), PER_FACE))
    result = group_odds(dice_used.action, rolls, number)
    assert chosen is not None  # someone rolled
    return GroupChance(
        ability=chosen,
        target=number,
        thresholds=thresholds,
        count=read_for,
        heroes=names,
        dice=tuple(dice for dice, _, _ in rolls),
        gems=tuple(dict.fromkeys(gems)),
        dice_set=dice_used,
        probability=result.probability,
        expected_total=result.expected_total,
        cut_mass=result.cut_mass,
    )
