"""The Stock and the Archive (§7.2, §7.3): where items not carried by a Hero live, gaining,
buying and selling."""

from typing import Literal

from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import CampaignState, Item, Shape
from ledger.rules import city, items, loadout, stars
from ledger.text import name_key, quoted

Supply = tuple[Item, ...]
Source = Literal["stock", "archive", "stars", "nothing"]
MAX_COPIES = 99
TOKEN_VALUES: dict[Shape, int] = {
    "small circle": 1,
    "triangle": 3,
    "pentagon": 5,
    "large circle": 10,
    "octagon": 20,
}


def copies(supply: Supply, name: str) -> int:
    """How many copies of ``name`` the Stock or Archive ``supply`` holds."""
    return sum(1 for item in supply if name_key(item.name) == name_key(name))


def _without_one(supply: Supply, name: str) -> tuple[Supply, Item]:
    index = next(i for i, held in enumerate(supply) if name_key(held.name) == name_key(name))
    return supply[:index] + supply[index + 1 :], supply[index]


def _stored(item: Item) -> Item:
    """An item in the Stock or Archive is in no one's hands and on no Hero board."""
    return replace(item, active=False, left_behind=False)


def add(state: CampaignState, item: Item, count: int, archive: bool) -> CampaignState:
    """The campaign with ``count`` copies of ``item`` put in the Stock, or the Archive."""
    if not 1 <= count <= MAX_COPIES:
        raise OutOfRange(f"copies must be from 1 to {MAX_COPIES}, not {count}")
    item = _stored(items.check_item(item))
    if archive:
        return replace(state, archive=state.archive + (item,) * count)
    return replace(state, stock=state.stock + (item,) * count)


def sale_value(item: Item) -> int | None:
    """Tokens sell by shape, cards by the printed coin; ``None``: not known or no coin."""
    if item.token:
        return TOKEN_VALUES[item.shape] if item.shape is not None else None
    return item.value


def source(state: CampaignState, name: str, archive_allowed: bool) -> Source:
    """Where a gained item comes from: the Stock, else the Archive, else its sale value in
    Stars; "take from the Stock" looks only in the Stock and gives nothing otherwise."""
    if copies(state.stock, name):
        return "stock"
    if not archive_allowed:
        return "nothing"
    return "archive" if copies(state.archive, name) else "stars"


def take(state: CampaignState, hero: str, item: Item) -> CampaignState:
    """The campaign after Hero ``hero`` gains ``item`` as recorded (``item gain``): a copy
    leaves the Stock, or the Archive when the Stock has none (§7.2); with none in either, the
    copy comes from outside what the ledger tracks (most campaigns never fill the Stock)."""
    item = items.check_item(item)
    holder = state.hero(hero)
    key = name_key(item.name)
    at = _index(state.stock, key)
    if at is not None:
        state = replace(state, stock=state.stock[:at] + state.stock[at + 1 :])
    else:
        at = _index(state.archive, key)
        if at is not None:
            state = replace(state, archive=state.archive[:at] + state.archive[at + 1 :])
    return state.with_hero(loadout.checked(state, items.add_item(holder, item)))


def _index(supply: Supply, key: str) -> int | None:
    """Where the first copy named ``key`` (a ``name_key``) is in ``supply``, if any."""
    for index, held in enumerate(supply):
        if name_key(held.name) == key:
            return index
    return None


def gain(state: CampaignState, hero: str, item: Item, archive_allowed: bool) -> CampaignState:
    """The campaign after Hero ``hero`` gains ``item`` from the Stock (or the Archive where
    allowed); the copy leaves the supply it came from."""
    item = items.check_item(item)
    holder = state.hero(hero)
    found = source(state, item.name, archive_allowed)
    if found == "nothing":
        return state
    if found == "stars":
        value = sale_value(item)
        if value is None:
            raise RuleViolation(
                f"no copy of {item.name} is left in the Stock or the Archive, so {holder.name} "
                f"gains its sale value in Stars (§7.2), which the ledger does not know; give "
                f"{'its --shape' if item.token else 'its --value (0 if the card has no coin)'}"
            )
        return state.with_hero(stars.gain(holder, value) if value else holder)
    if found == "stock":
        stock, copy = _without_one(state.stock, item.name)
        state = replace(state, stock=stock)
    else:
        archive, copy = _without_one(state.archive, item.name)
        state = replace(state, archive=archive)
    return state.with_hero(loadout.checked(state, items.add_item(holder, copy)))


def offer(state: CampaignState, name: str) -> CampaignState:
    """An item offered for sale: every copy in the Archive moves to the Stock (§7.2)."""
    moved = tuple(i for i in state.archive if name_key(i.name) == name_key(name))
    kept = tuple(i for i in state.archive if name_key(i.name) != name_key(name))
    return replace(state, stock=state.stock + moved, archive=kept)


def buy(state: CampaignState, hero: str, name: str, price: int) -> CampaignState:
    """Offered for sale (Archive copies to the Stock), paid in Stars, taken from the Stock."""
    city.require_city_step(state, "buying an item")
    state = offer(state, name)
    holder = state.hero(hero)
    if not copies(state.stock, name):
        raise RuleViolation(f"no copy of {quoted(name)} is in the Stock or the Archive to buy")
    holder = stars.spend(holder, price)
    stock, copy = _without_one(state.stock, name)
    return replace(state, stock=stock).with_hero(items.add_item(holder, copy))


def sell(state: CampaignState, hero: str, name: str, illegal_allowed: bool) -> CampaignState:
    """Any time in the City step; the item goes to the Stock and the Hero gains its value."""
    city.require_city_step(state, "selling an item")
    holder = state.hero(hero)
    item = holder.item(name)
    why = unsellable(item, illegal_allowed)
    if why:
        raise RuleViolation(f"{item.name} cannot be sold: {why} (§7.2)")
    value = sale_value(item)
    assert value is not None
    holder, sold = items.take_item(holder, item.name)
    state = replace(state, stock=(*state.stock, _stored(sold)))
    return state.with_hero(stars.gain(holder, value))


def unsellable(item: Item, illegal_allowed: bool) -> str:
    """Why ``item`` cannot be sold, or an empty string when it can."""
    if item.quest:
        return "it is a Quest item"
    if item.illegal and not illegal_allowed:
        return "it is Illegal, and only an instruction to sell it allows that (--allowed)"
    if item.token and item.shape is None:
        return "the ledger does not know its token shape (gain it with --shape)"
    if not item.token and item.value is None:
        return "it has no coin the ledger knows of (gain it with --value if the card has one)"
    if item.value == 0 and not item.token:
        return "it has no coin"
    return ""
