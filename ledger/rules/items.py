"""Items and Stars between Heroes (§7, seed "Allocating Items and Star")."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.state import Hero, Item
from ledger.text import name_key

MAX_STARS = 9999


def add_item(hero: Hero, item: Item) -> Hero:
    return replace(hero, items=(*hero.items, item))


def take_item(hero: Hero, name: str) -> tuple[Hero, Item]:
    """Remove one copy of an item the Hero carries; raises NotFound if absent."""
    item = hero.item(name)
    index = next(i for i, held in enumerate(hero.items) if name_key(held.name) == name_key(name))
    return replace(hero, items=hero.items[:index] + hero.items[index + 1 :]), item


def discard_item(hero: Hero, name: str) -> Hero:
    """Quest items can never be discarded (seed text, EXCEPTION)."""
    if hero.item(name).quest:
        raise RuleViolation(f"{hero.item(name).name} is a Quest item and may not be discarded")
    return take_item(hero, name)[0]


def gain_stars(hero: Hero, amount: int) -> Hero:
    if hero.stars + amount > MAX_STARS:
        raise RuleViolation(f"{hero.name} would hold more than {MAX_STARS} Stars")
    return replace(hero, stars=hero.stars + amount)


def spend_stars(hero: Hero, amount: int) -> Hero:
    if amount > hero.stars:
        raise RuleViolation(f"{hero.name} has only {hero.stars} Stars; {amount} are needed")
    return replace(hero, stars=hero.stars - amount)
