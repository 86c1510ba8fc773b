"""What checks share (§4–§6): dice counts, faces against the die, modifiers recorded."""

from typing import Literal

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
from ledger.model import CampaignState, Hero, Modifier, check_modifier
from ledger.text import did_you_mean, name_key

Ability = Literal["might", "agility", "will"]
ABILITIES: tuple[Ability, ...] = ("might", "agility", "will")
INSPIRATION_DICE = 2


def check_ability(ability: str) -> None:
    if ability not in ABILITIES:
        hint = did_you_mean(ability, ABILITIES)
        raise RuleViolation(f"the abilities are Might, Agility and Will, not {ability!r}.{hint}")


def in_force(state: CampaignState, hero: Hero, condition: str) -> bool:
    """Conditions have no effect outside a scenario (seed: City and Journey steps)."""
    return state.in_scenario and any(name_key(c.name) == condition for c in hero.conditions)


def dice_for(
    state: CampaignState,
    hero: Hero,
    ability: str,
    inspiration: bool,
    red: bool = True,
    *,
    focus: bool = False,
) -> int:
    """The Hero's level in the ability, +2 for an Inspiration gem, +1 Focus, +1 Blessed,
    -1 Weakened (red dice only) (§5.1, §3)."""
    check_ability(ability)
    if focus and not state.in_scenario:
        raise RuleViolation("Focus is an action, taken in a scenario (§5.1)")
    dice = int(getattr(hero, ability)) + (INSPIRATION_DICE if inspiration else 0) + focus
    dice += in_force(state, hero, "blessed")
    if red and dice and in_force(state, hero, "weakened"):
        dice -= 1
    return dice


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
    if inspiration:
        parts.append("+2 Inspiration gem (declared before the roll)")
    if focus:
        parts.append("+1 Focus")
    if in_force(state, hero, "blessed"):
        parts.append("+1 Blessed")
    if red and in_force(state, hero, "weakened"):
        parts.append("-1 Weakened")
    return " (" + ", ".join(parts) + ")"


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
    values, words = (
        (ACTION_VALUES, ACTION_WORDS) if kind == "action" else (REACTION_VALUES, REACTION_WORDS)
    )
    check_die(die, kind.title(), values, words)
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
