"""Conditions (§3): no duplicates, at most two, a third discards the lowest number."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Condition, Hero
from ledger.rules.stamina import require_affectable
from ledger.text import name_key

MAX_CONDITIONS = 2


def gain(hero: Hero, condition: Condition) -> Hero:
    """Gaining a condition the Hero has changes nothing; a third discards the lowest number,
    even when that is the new one (ruling §12.6)."""
    require_affectable(hero)
    return replace(hero, conditions=held_after(hero.conditions, condition))


def held_after(held: tuple[Condition, ...], condition: Condition) -> tuple[Condition, ...]:
    """The conditions held once ``condition`` is gained, by a Hero or a Non-Hero Ally (§3):
    one already held changes nothing; a third discards the lowest number."""
    if not held:  # the first, most often
        return (condition,)
    if any(name_key(c.name) == name_key(condition.name) for c in held):
        return held
    return tuple(sorted((*held, condition), key=lambda c: c.number)[-MAX_CONDITIONS:])


def remove(hero: Hero, name: str) -> Hero:
    """The Hero without condition ``name``; refused when they do not have it."""
    require_affectable(hero)
    kept = tuple(held for held in hero.conditions if name_key(held.name) != name_key(name))
    if len(kept) == len(hero.conditions):
        held_names = ", ".join(c.name for c in hero.conditions) or "none"
        raise RuleViolation(f"{hero.name} does not have {name} (conditions: {held_names})")
    return replace(hero, conditions=kept)
