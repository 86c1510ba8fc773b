"""Stars, the currency: every Star belongs to one Hero (§7.1)."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Hero

MAX_STARS = 9999


def gain(hero: Hero, amount: int) -> Hero:
    """The Hero with ``amount`` more Stars; refused past the most a Hero may hold."""
    if hero.stars + amount > MAX_STARS:
        raise RuleViolation(f"{hero.name} would hold more than {MAX_STARS} Stars")
    return replace(hero, stars=hero.stars + amount)


def spend(hero: Hero, amount: int) -> Hero:
    """The Hero with ``amount`` Stars fewer; refused when they have too few."""
    if amount > hero.stars:
        raise RuleViolation(f"{hero.name} has only {hero.stars} Stars; {amount} are needed")
    return replace(hero, stars=hero.stars - amount)
