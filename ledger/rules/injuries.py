"""Injury cards (§2.3): drawn when wounded or by other effects, kept between scenarios until an
effect (such as the Heal Injury boon) removes them."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Hero
from ledger.text import check_name, name_key, quoted


def draw(hero: Hero, name: str) -> Hero:
    """Several cards may share a name (the deck's contents are not known), so a name may be
    held twice."""
    return replace(hero, injuries=(*hero.injuries, check_name(name, "Injury card")))


def remove(hero: Hero, name: str) -> Hero:
    """The Hero without the Injury card ``name``; refused when they do not hold it."""
    key = name_key(name)
    for index, held in enumerate(hero.injuries):
        if name_key(held) == key:
            return replace(hero, injuries=hero.injuries[:index] + hero.injuries[index + 1 :])
    held_names = ", ".join(hero.injuries) or "none"
    raise RuleViolation(
        f"{hero.name} has no Injury card {quoted(name)} (Injury cards: {held_names})"
    )
