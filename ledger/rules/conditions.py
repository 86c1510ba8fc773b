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
    if any(name_key(held.name) == name_key(condition.name) for held in hero.conditions):
        return hero
    held = sorted((*hero.conditions, condition), key=lambda c: c.number)
    return replace(hero, conditions=tuple(held[-MAX_CONDITIONS:]))


def remove(hero: Hero, name: str) -> Hero:
    """The Hero without condition ``name``; refused when they do not have it."""
    require_affectable(hero)
    kept = tuple(held for held in hero.conditions if name_key(held.name) != name_key(name))
    if len(kept) == len(hero.conditions):
        held_names = ", ".join(c.name for c in hero.conditions) or "none"
        raise RuleViolation(f"{hero.name} does not have {name} (conditions: {held_names})")
    return replace(hero, conditions=kept)
