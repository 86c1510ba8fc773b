"""Items between Heroes and discard items used outside scenarios (§7, seed "Allocating Items
and Star" and "Using Discard Items")."""

from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import CampaignState, Hero, Item, carried
from ledger.rules import conditions, stamina
from ledger.rules.stamina import MAX_AMOUNT, require_affectable
from ledger.text import check_name, name_key

MAX_CARD_NUMBER = 9999
MAX_VALUE = 999  # Stars: a card's coin or price
MAX_WEIGHT = 20  # encumbrance and backpack capacity, far beyond the limit of 5
TARGETS = ("self", "ranged", "area")


def check_item(item: Item) -> Item:
    """An item's properties as given when it is gained (by content or by the players), as a
    Hero's copy holds them (``carried``: a plugin's ``ItemSpec`` put in an event by hand
    folds into the same state as the ``Item`` the ledger records)."""
    name = check_name(item.name, "item name")
    # A replay checks the same few items again and again: a copy only when the name changes.
    item = carried(item if name == item.name else replace(item, name=name))
    if item.number is not None and not 1 <= item.number <= MAX_CARD_NUMBER:
        raise OutOfRange(f"an Item card number is from 1 to {MAX_CARD_NUMBER}, not {item.number}")
    use = item.use
    if use is not None:
        for what, value in (
            ("heals", use.heal),
            ("restores", use.restore),
            ("removes conditions", use.remove_conditions),
        ):
            if not 0 <= value <= MAX_AMOUNT:
                raise OutOfRange(f"an item {what} 0 to {MAX_AMOUNT}, not {value}")
        if use.target not in TARGETS:
            raise RuleViolation(f"an item's target is one of {', '.join(TARGETS)}")
    if not _in_ranges(item):
        for what, amount, most in (
            ("value", item.value, MAX_VALUE),
            ("price", item.price, MAX_VALUE),
            ("weight", item.weight, MAX_WEIGHT),
            ("capacity", item.capacity, MAX_WEIGHT),
            ("hands", item.hands, 2),
        ):
            if amount is not None and not 0 <= amount <= most:
                raise OutOfRange(f"an item's {what} is from 0 to {most}, not {amount}")
    if item.active or item.left_behind:
        raise RuleViolation("an item is gained in no one's hands and not left behind")
    return item


def _in_ranges(item: Item) -> bool:
    """Whether the item's value, price, weight, capacity and hands are each unset or in range
    (the usual answer, found without building the list ``check_item`` names one from)."""
    value, price, weight, capacity, hands = (
        item.value,
        item.price,
        item.weight,
        item.capacity,
        item.hands,
    )
    try:
        return (
            (value is None or 0 <= value <= MAX_VALUE)
            and (price is None or 0 <= price <= MAX_VALUE)
            and (weight is None or 0 <= weight <= MAX_WEIGHT)
            and (capacity is None or 0 <= capacity <= MAX_WEIGHT)
            and (hands is None or 0 <= hands <= 2)
        )
    except TypeError:  # not a number: the list names the first that is wrong, as it always did
        return False


def add_item(hero: Hero, item: Item) -> Hero:
    """The Hero carrying one more copy of ``item``."""
    return replace(hero, items=(*hero.items, item))


def take_item(hero: Hero, name: str) -> tuple[Hero, Item]:
    """Remove one copy of an item the Hero carries; raises NotFound if absent."""
    item = hero.item(name)
    return _without(hero, item), item


def _without(hero: Hero, item: Item) -> Hero:
    """The Hero without ``item``, the copy ``hero.item`` found: the first by name, so no
    copy before it equals it."""
    index = hero.items.index(item)
    return replace(hero, items=hero.items[:index] + hero.items[index + 1 :])


def discarded(hero: Hero, name: str) -> tuple[Hero, Item]:
    """The Hero without the item, and the copy discarded; Quest items can never be discarded
    (seed text, EXCEPTION)."""
    item = hero.item(name)
    if item.quest:
        raise RuleViolation(f"{item.name} is a Quest item and may not be discarded")
    return _without(hero, item), item


def into_stock(state: CampaignState, item: Item) -> CampaignState:
    """A discarded copy goes to the Stock, in no one's hands and on no Hero board: "Your Hero
    may discard items at any time during these steps, placing the discarded items in the
    Stock." (seed, "Allocating Items and Star"; tokens too, §7.2)."""
    stored = (
        replace(item, active=False, left_behind=False) if item.active or item.left_behind else item
    )
    return replace(state, stock=(*state.stock, stored))


def discard(state: CampaignState, hero: str, name: str, to_stock: bool) -> CampaignState:
    """The Hero discards the item; ``to_stock``: the copy goes to the Stock (every discard
    recorded since that rule; before it, a discarded copy left the game)."""
    holder, copy = discarded(state.hero(hero), name)
    state = state.with_hero(holder)
    return into_stock(state, copy) if to_stock else state


def use_item(
    state: CampaignState,
    user: str,
    name: str,
    on: tuple[str, ...],
    removing: tuple[str, ...],
    to_stock: bool = False,
) -> CampaignState:
    """Discard an item for its effect in a City or Journey step: no maneuver, any one Hero in
    range, any number in an area. Every condition named must leave some target. ``to_stock``:
    the used copy goes to the Stock, as every discard does (see ``discard``)."""
    if state.in_scenario:
        raise RuleViolation(
            "during a scenario an item is used by its card's rules; record its effect "
            "(heal, stamina restore, condition remove) and `item discard` instead"
        )
    holder = state.hero(user)
    item = holder.item(name)
    effect = item.use
    if effect is None:
        raise RuleViolation(
            f"the ledger does not know what {item.name} does when used; record its effect and "
            "`item discard` instead"
        )
    targets = [state.hero(target).name for target in on] or [holder.name]
    _check_targets(item, targets, holder.name)
    if removing and not effect.remove_conditions:
        raise RuleViolation(f"{item.name} does not remove conditions")
    if effect.remove_conditions and not removing and not (effect.heal or effect.restore):
        raise RuleViolation(f"name the condition(s) {item.name} removes with --condition")
    state = discard(state, holder.name, item.name, to_stock)
    removed: set[str] = set()
    for target in targets:
        hero = state.hero(target)
        require_affectable(hero)
        if effect.heal:
            hero = stamina.heal(hero, effect.heal)
        if effect.restore:
            hero = stamina.restore(hero, effect.restore)
        held = [c.name for c in hero.conditions if name_key(c.name) in map(name_key, removing)]
        if len(held) > effect.remove_conditions:
            raise RuleViolation(
                f"{item.name} removes {effect.remove_conditions} condition(s) from each Hero; "
                f"{hero.name} would lose {len(held)}"
            )
        for condition in held:
            hero = conditions.remove(hero, condition)
        removed.update(map(name_key, held))
        state = state.with_hero(hero)
    missing = [c for c in removing if name_key(c) not in removed]
    if missing:
        raise RuleViolation(f"no target has {', '.join(missing)}")
    return state


def _check_targets(item: Item, targets: list[str], user: str) -> None:
    assert item.use is not None
    if len(set(targets)) != len(targets):
        raise RuleViolation("a Hero can be named only once as a target")
    reach = item.use.target
    if reach == "self" and targets != [user]:
        raise RuleViolation(f"{item.name} affects only the Hero using it")
    if reach == "ranged" and len(targets) != 1:
        raise RuleViolation(f"{item.name} has a ranged effect: it affects any one Hero")
