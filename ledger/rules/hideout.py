"""A Hideout (Streetwise, "Hideout: The Pit"): a place for its Hero to sleep (§8.1) and a
stash of 1 item or 10 Stars (§7.1). The event names the Talent and its limits, so the fold
needs no content to check them."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero
from ledger.rules import city, items, stars
from ledger.text import name_key, quoted


def require_talent(hero: Hero, talent: str) -> None:
    """A Hideout is its Hero's own: the Hero must hold its Talent."""
    if name_key(talent) not in map(name_key, hero.talents):
        raise RuleViolation(f"{hero.name} has no Talent {quoted(talent)}, so no Hideout")


def sleep(state: CampaignState, hero: Hero, place: str, talent: str) -> Hero:
    """The Hero sleeps in their own Hideout (§8.1)."""
    require_talent(hero, talent)
    return city.sleep(state, hero, place)


def _in_city(state: CampaignState, doing: str) -> None:
    """The Hideout is in the city: its stash is used in the City step (§7.1, §8.1)."""
    city.require_city_step(state, doing)


def stash(
    state: CampaignState,
    hero: Hero,
    *,
    talent: str,
    item: str | None,
    amount: int,
    most_items: int,
    most_stars: int,
) -> Hero:
    """The Hero puts ``item`` or ``amount`` Stars in their Hideout's stash, which holds
    ``most_items`` items or ``most_stars`` Stars, not both (§7.1). Quest items are never
    stashed."""
    require_talent(hero, talent)
    _in_city(state, "using a Hideout's stash")
    if (item is None) == (amount == 0):
        raise RuleViolation("a stash takes one item or some Stars at a time")
    holding = _holding(hero)
    if item is not None:
        if hero.stash_stars:
            raise RuleViolation(
                f"{hero.name}'s Hideout holds {hero.stash_stars} Stars; it stores {most_items} "
                f"item or {most_stars} Stars, not both (§7.1)"
            )
        if len(hero.stash) + 1 > most_items:
            raise RuleViolation(
                f"{hero.name}'s Hideout already holds {holding}; it stores {most_items} item "
                f"or {most_stars} Stars (§7.1)"
            )
        if hero.item(item).quest:
            raise RuleViolation(f"{hero.item(item).name} is a Quest item and may not be stashed")
        hero, copy = items.take_item(hero, item)
        kept = replace(copy, active=False, left_behind=False)
        return replace(hero, stash=(*hero.stash, kept))
    if hero.stash:
        raise RuleViolation(
            f"{hero.name}'s Hideout holds {holding}; it stores {most_items} item or "
            f"{most_stars} Stars, not both (§7.1)"
        )
    if hero.stash_stars + amount > most_stars:
        raise RuleViolation(
            f"{hero.name}'s Hideout holds {hero.stash_stars} Stars and stores at most "
            f"{most_stars}; {amount} more do not fit (§7.1)"
        )
    hero = stars.spend(hero, amount)
    return replace(hero, stash_stars=hero.stash_stars + amount)


def retrieve(state: CampaignState, hero: Hero, *, item: str | None, amount: int) -> Hero:
    """The Hero takes ``item`` or ``amount`` Stars back from their Hideout's stash."""
    _in_city(state, "retrieving stashed items")
    if (item is None) == (amount == 0):
        raise RuleViolation("take one item or some Stars from a stash at a time")
    if item is not None:
        index = next(
            (i for i, kept in enumerate(hero.stash) if name_key(kept.name) == name_key(item)),
            None,
        )
        if index is None:
            raise RuleViolation(
                f"{hero.name}'s Hideout holds no {quoted(item)} (it holds {_holding(hero)})"
            )
        kept = hero.stash[index]
        hero = replace(hero, stash=hero.stash[:index] + hero.stash[index + 1 :])
        return items.add_item(hero, kept)
    if amount > hero.stash_stars:
        raise RuleViolation(
            f"{hero.name}'s Hideout holds {_holding(hero)}, not {amount} Stars to take"
        )
    hero = replace(hero, stash_stars=hero.stash_stars - amount)
    return stars.gain(hero, amount)


def _holding(hero: Hero) -> str:
    if hero.stash:
        return ", ".join(item.name for item in hero.stash)
    if hero.stash_stars:
        return f"{hero.stash_stars} Stars"
    return "nothing"
