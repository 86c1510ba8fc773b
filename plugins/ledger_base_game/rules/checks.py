"""What checks share (§4–§6): dice counts, faces against the die, modifiers recorded."""

from functools import cache, lru_cache

import msgspec

from ledger.dice import (
    ACTION_VALUES,
    ACTION_WORDS,
    REACTION_VALUES,
    REACTION_WORDS,
    DieKind,
    check_die,
    check_faces,
)
from ledger.errors import BadInput, RuleViolation
from ledger.model import (
    Ally,
    CampaignState,
    Condition,
    ConditionRules,
    ConditionSpec,
    Hero,
    Modifier,
    check_modifier,
)
from ledger.rules import injuries
from ledger.text import did_you_mean, name_key
from ledger_base_game.data import data_file

# Where the layers import the abilities from, as before they had a module of their own.
from ledger_base_game.rules.abilities import ABILITIES as ABILITIES
from ledger_base_game.rules.abilities import Ability as Ability

INSPIRATION_DICE = 2


def check_ability(ability: str) -> None:
    if ability not in ABILITIES:
        hint = did_you_mean(ability, ABILITIES)
        raise RuleViolation(f"the abilities are Might, Agility and Will, not {ability!r}.{hint}")


def in_force(state: CampaignState, hero: Hero, condition: str) -> bool:
    """Conditions have no effect outside a scenario (seed: City and Journey steps)."""
    return state.in_scenario and any(name_key(c.name) == condition for c in hero.conditions)


@cache
def _base_game_rules() -> dict[str, ConditionRules]:
    """The rules of the base game's conditions by name, read from its content."""
    data = data_file("conditions.toml")
    specs = msgspec.toml.decode(data, type=dict[str, list[ConditionSpec]])["condition"]
    return {name_key(spec.name): spec.rules for spec in specs if spec.rules is not None}


def rules_of(condition: Condition) -> ConditionRules | None:
    """What a held condition does to rolls: the rules recorded when it was gained; for one
    recorded before conditions carried rules, the base game's rules of that name (Blessed
    and Weakened did then what they do now); None: a label."""
    if condition.rules is not None:
        return condition.rules
    return _base_game_rules().get(name_key(condition.name))


def held_rules(
    state: CampaignState, hero: Hero | Ally, ability: str | None
) -> list[tuple[Condition, ConditionRules]]:
    """The conditions in force (only in a scenario) with rules that change a roll in
    ``ability`` (None: an attack), lowest number first."""
    if not hero.conditions or not state.in_scenario:
        return []
    found = []
    for condition in sorted(hero.conditions, key=lambda c: c.number):
        rules = rules_of(condition)
        if rules is not None and rules.applies(ability):
            found.append((condition, rules))
    return found


def condition_dice(
    state: CampaignState, hero: Hero | Ally, ability: str | None, red: bool = True
) -> list[tuple[Condition, int]]:
    """The dice each condition in force adds (or removes) on an Action (``red``) or
    Reaction roll."""
    return [
        (condition, rules.action_dice if red else rules.reaction_dice)
        for condition, rules in held_rules(state, hero, ability)
        if (rules.action_dice if red else rules.reaction_dice)
    ]


def with_condition_dice(
    dice: int, state: CampaignState, hero: Hero | Ally, ability: str | None, red: bool = True
) -> int:
    """``dice`` with what the conditions in force add, then what they remove (never below
    0): Blessed and Weakened on a one-die roll leave it one die (§3)."""
    if not hero.conditions or not state.in_scenario:  # none in force (held_rules), most rolls
        return max(0, dice)
    changes = [n for _, n in condition_dice(state, hero, ability, red)]
    if not changes:  # no condition in force changes it
        return max(0, dice)
    dice += sum(n for n in changes if n > 0)
    return max(0, dice + sum(n for n in changes if n < 0))


def condition_modifier(state: CampaignState, hero: Hero | Ally, ability: str) -> int:
    """What the conditions in force add to an active check's total in ``ability``."""
    if not hero.conditions or not state.in_scenario:  # none in force (held_rules)
        return 0
    held = held_rules(state, hero, ability)
    return sum(rules.modifier for _, rules in held) if held else 0


def held_modifier(state: CampaignState, hero: Hero, ability: str) -> int:
    """What the conditions in force and the held Injury cards add to an active check."""
    if not hero.conditions and not hero.injury_effects:  # neither held, on most checks
        return 0
    return condition_modifier(state, hero, ability) + injuries.check_change(hero)


def spent_conditions(
    state: CampaignState, hero: Hero | Ally, ability: str | None, red: bool = True
) -> list[str]:
    """The conditions discarded after this roll: those in force whose rules say so and
    that change it (its dice, or an active check's total)."""
    return [
        condition.name
        for condition, rules in held_rules(state, hero, ability)
        if rules.discarded
        and ((rules.action_dice or (rules.modifier and ability)) if red else rules.reaction_dice)
    ]


def dice_for(
    state: CampaignState,
    hero: Hero,
    ability: str,
    inspiration: bool,
    red: bool = True,
    *,
    focus: bool = False,
) -> int:
    """The Hero's level in the ability, +2 for an Inspiration gem, +1 Focus, and what the
    conditions in force add or remove: +1 Blessed, -1 Weakened (red dice only) (§5.1, §3)."""
    check_ability(ability)
    if focus and not state.in_scenario:
        raise RuleViolation("Focus is an action, taken in a scenario (§5.1)")
    dice = level(hero, ability) + (INSPIRATION_DICE if inspiration else 0) + focus
    return with_condition_dice(dice, state, hero, ability, red)


def level(hero: Hero, ability: str) -> int:
    """The Hero's level in ``ability`` as checks use it: what the held Injury cards take
    (Broken Ribs: "treat your Might level as being 1 lower"), never below 0."""
    if not hero.injury_effects:  # no Injury card held, on most checks
        return max(0, int(getattr(hero, ability)))
    return max(0, int(getattr(hero, ability)) + injuries.ability_change(hero, ability))


def dice_reason(
    state: CampaignState,
    hero: Hero,
    ability: str,
    inspiration: bool,
    red: bool = True,
    *,
    focus: bool = False,
) -> str:
    """Why that many dice, for the wrong-length error."""
    parts = [f"{hero.name}'s {ability.title()} {getattr(hero, ability)}"]
    parts += [
        f"{e.amount:+d} {card} (Injury card)"
        for card, e in injuries.effects_of(hero)
        if e.kind == "ability" and e.ability == ability
    ]
    if inspiration:
        parts.append("+2 Inspiration gem (declared before the roll)")
    if focus:
        parts.append("+1 Focus")
    parts += [f"{n:+d} {c.name}" for c, n in condition_dice(state, hero, ability, red)]
    return " (" + ", ".join(parts) + ")"


@lru_cache(maxsize=64)
def _known_die(die: tuple[str, ...], kind: DieKind) -> None:
    """Refuse a die of faces ``kind`` does not have. Every check of a replay names the die in
    force, nearly always the same few: each is checked once (a refusal is never cached)."""
    values, words = (
        (ACTION_VALUES, ACTION_WORDS) if kind == "action" else (REACTION_VALUES, REACTION_WORDS)
    )
    check_die(die, kind.title(), values, words)


def checked_roll(
    state: CampaignState,
    hero: Hero,
    ability: str,
    inspiration: bool,
    kind: DieKind,
    die: tuple[str, ...],
    dice: int,
    faces: tuple[str, ...],
    *,
    focus: bool = False,
) -> tuple[str, ...]:
    """Refuse a recorded roll that could not have come from this Hero and this die."""
    _known_die(die, kind)
    red = kind == "action"
    expected = dice_for(state, hero, ability, inspiration, red, focus=focus)
    if dice != expected:
        why = dice_reason(state, hero, ability, inspiration, red, focus=focus)
        raise RuleViolation(f"{hero.name} rolls {expected} dice{why}, not {dice}")
    try:
        return check_faces(faces, die, dice, kind)
    except BadInput:  # refused again, with why that many dice: only a refusal says it
        why = dice_reason(state, hero, ability, inspiration, red, focus=focus)
        return check_faces(faces, die, dice, kind, why)


def modifier_total(modifiers: tuple[Modifier, ...], discard: tuple[str, ...]) -> int:
    """The sum of the modifiers that applied; a discard modifier needs its item discarded."""
    total = 0
    for modifier in modifiers:
        check_modifier(modifier)
        if not modifier.applied:
            continue
        if modifier.kind == "discard" and name_key(modifier.value) not in map(name_key, discard):
            raise RuleViolation(f"{modifier.text()} applies only if that item is discarded")
        total += modifier.amount
    return total


def check_gems(hero: Hero, inspiration: bool, achievement: bool) -> None:
    for kind, used in (("inspiration", inspiration), ("achievement", achievement)):
        if used and getattr(hero.gems, kind) < 1:
            raise RuleViolation(f"{hero.name} has no {kind.title()} gem to spend")


def check_discards(hero: Hero, discard: tuple[str, ...]) -> None:
    for name in discard:
        if hero.item(name).quest:
            raise RuleViolation(f"{name} is a Quest item and may not be discarded")
