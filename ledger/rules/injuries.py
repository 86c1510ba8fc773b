"""Injury cards (§2.3): drawn when wounded or by other effects, kept between scenarios until an
effect (such as the Heal Injury boon) removes them."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero
from ledger.text import check_name, name_key, quoted


def draw(hero: Hero, name: str) -> Hero:
    """Several cards may share a name (the deck's contents are not known), so a name may be
    held twice. A draw owed for becoming wounded is settled first."""
    return replace(
        hero,
        injuries=(*hero.injuries, check_name(name, "Injury card")),
        injury_draws=max(hero.injury_draws - 1, 0),
    )


def owe_draw(hero: Hero) -> Hero:
    """Becoming wounded means drawing an Injury card (§2.3, step 4): owed until drawn."""
    if hero.status == "normal":
        raise RuleViolation(f"{hero.name} is not wounded, so no Injury card is owed")
    return replace(hero, injury_draws=hero.injury_draws + 1)


def newly_wounded(before: CampaignState, after: CampaignState) -> list[str]:
    """The Heroes who became wounded (or worse) between two states."""
    return [
        name
        for name, hero in after.heroes.items()
        if name in before.heroes
        and before.heroes[name].status == "normal"
        and hero.status != "normal"
    ]


def require_no_draw_owed(state: CampaignState) -> None:
    """A scenario does not end while a Hero still owes an Injury card (§2.3): the card is
    drawn on becoming wounded and kept after the scenario."""
    owing = [hero for hero in state.heroes.values() if hero.injury_draws]
    if owing:
        names = ", ".join(
            f"{hero.name} ({hero.injury_draws} card{'s' if hero.injury_draws > 1 else ''})"
            for hero in owing
        )
        raise RuleViolation(
            f"{names} became wounded and must draw an Injury card before the scenario ends "
            "(§2.3): record the card drawn with {draw_injury}",
            fields=["draw_injury"],
        )


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
