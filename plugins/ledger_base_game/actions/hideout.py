"""A Hideout's stash (§7.1): its Hero keeps 1 item or 10 Stars there, off the Hero board."""

from ledger.actions import Game
from ledger.errors import BadInput, RuleViolation
from ledger.model import Event, Hero, TalentSpec
from ledger_base_game.actions._beds import hideouts
from ledger_base_game.events.hideout import StashPut, StashTaken


def _one(item: str | None, stars: int | None) -> tuple[str | None, int]:
    if (item is None) == (stars is None):
        raise BadInput("name an {item} or give {stars} N, one of them", fields=["item", "stars"])
    return item, stars or 0


def _stash_of(game: Game, hero: Hero) -> TalentSpec:
    """The Talent whose Hideout stash the Hero uses."""
    for talent in hideouts(game.registry, hero):
        if talent.stash_items or talent.stash_stars:
            return talent
    raise RuleViolation(
        f"{hero.name} has no Hideout to stash things in (a Streetwise Talent such as "
        "'Hideout: The Pit', §7.1)"
    )


def stash_put(
    game: Game, *, hero: str, item: str | None = None, stars: int | None = None
) -> list[Event]:
    """The Hero keeps ``item`` or ``stars`` Stars in their Hideout, which holds 1 item or
    10 Stars (§7.1), not both; Quest items are never stashed."""
    found = game.hero(hero)
    talent = _stash_of(game, found)
    name, amount = _one(item, stars)
    if name is not None:
        name = found.item(name).name
    return [
        StashPut(
            hero=found.name,
            talent=talent.name,
            item=name,
            stars=amount,
            most_items=talent.stash_items,
            most_stars=talent.stash_stars,
        )
    ]


def stash_take(
    game: Game, *, hero: str, item: str | None = None, stars: int | None = None
) -> list[Event]:
    """The Hero takes ``item`` or ``stars`` Stars back from their Hideout."""
    found = game.hero(hero)
    name, amount = _one(item, stars)
    kept = next((i.name for i in found.stash if name and i.name.lower() == name.lower()), name)
    return [StashTaken(hero=found.name, item=kept, stars=amount)]
