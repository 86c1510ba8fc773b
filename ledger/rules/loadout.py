"""What a Hero takes into a scenario (§7.2): encumbrance and the items in their hands.

Encumbrance is ignored in the City and Journey steps (seed text); inside a scenario the items
taken, active ones excluded, weigh at most 5 plus what backpacks add.
"""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero, Item
from ledger.text import name_key

ENCUMBRANCE_LIMIT = 5  # printed on every Hero board (§7.2)
HANDS = 2  # two 1-hand items or one 2-hand item
HANDS_BY_HERO = {"matajam": 4}  # four arms double the active items (§7.2)


def taken(hero: Hero) -> tuple[Item, ...]:
    """The items the Hero takes into the scenario (all but those left behind)."""
    return tuple(item for item in hero.items if not item.left_behind)


def load(hero: Hero) -> int:
    """The encumbrance of what the Hero takes, active items (in the hands) not counted (§7.2)."""
    return sum(item.weight for item in taken(hero) if not item.active)


def limit(hero: Hero) -> int:
    """The Hero's encumbrance limit, raised by the backpacks they take (§7.2)."""
    return ENCUMBRANCE_LIMIT + sum(item.capacity for item in taken(hero))


def hands(hero: Hero) -> int:
    """How many hands the Hero has for active items."""
    return HANDS_BY_HERO.get(name_key(hero.name), HANDS)


def check(hero: Hero) -> Hero:
    """The Hero, if what they take is within their encumbrance limit; else a refusal saying
    what to leave behind or make active (§7.2)."""
    if load(hero) > limit(hero):
        raise RuleViolation(
            f"{hero.name} would carry {load(hero)} encumbrance into the scenario; the limit is "
            f"{limit(hero)} (§7.2). Leave items behind before the scenario (`loadout leave`) or "
            "make items active (`loadout active`)"
        )
    return hero


def checked(state: CampaignState, hero: Hero) -> Hero:
    """The Hero, refused if they are over encumbrance in a scenario."""
    return check(hero) if state.in_scenario else hero


def _set(hero: Hero, name: str, **changes: bool) -> Hero:
    item = hero.item(name)
    index = next(i for i, held in enumerate(hero.items) if held is item)
    new = replace(item, **changes)
    return replace(hero, items=(*hero.items[:index], new, *hero.items[index + 1 :]))


def leave_behind(state: CampaignState, hero: Hero, name: str) -> Hero:
    """Chosen before the scenario; Quest and Hero-specific items must be taken (§7.2)."""
    if state.in_scenario:
        raise RuleViolation("items are left behind when the scenario is set up, not during it")
    item = hero.item(name)
    if item.quest or item.owner is not None:
        kind = "a Quest item" if item.quest else "a Hero-specific item"
        raise RuleViolation(f"{item.name} is {kind} and must be taken into every scenario (§7.2)")
    return _set(hero, item.name, left_behind=True, active=False)


def bring(state: CampaignState, hero: Hero, name: str) -> Hero:
    """The Hero with item ``name`` taken again, before the scenario starts."""
    if state.in_scenario:
        raise RuleViolation("an item left behind cannot be used during this scenario (§7.2)")
    return _set(hero, name, left_behind=False)


def activate(state: CampaignState, hero: Hero, name: str) -> Hero:
    """The Hero with item ``name`` in their hands, if they have the hands free."""
    item = hero.item(name)
    if item.left_behind:
        raise RuleViolation(f"{item.name} was left behind for this scenario")
    if not item.hands:
        raise RuleViolation(f"{item.name} has no hand symbol the ledger knows of")
    in_use = sum(i.hands for i in taken(hero) if i.active and i is not item)
    if in_use + item.hands > hands(hero):
        raise RuleViolation(
            f"{hero.name} has {hands(hero)} hands: {in_use} are holding active items and "
            f"{item.name} needs {item.hands} (§7.2)"
        )
    return checked(state, _set(hero, item.name, active=True))


def deactivate(state: CampaignState, hero: Hero, name: str) -> Hero:
    """The Hero with item ``name`` out of their hands, if the load still fits."""
    if not hero.item(name).active:
        raise RuleViolation(f"{hero.item(name).name} is not active")
    return checked(state, _set(hero, name, active=False))


def check_scenario_start(state: CampaignState) -> None:
    """Refuse to start a scenario while any Hero is over their encumbrance limit."""
    for hero in state.heroes.values():
        check(hero)
