"""Item cards and tokens: every item belongs to one Hero (§7.2)."""

from collections.abc import Sequence
from typing import Annotated, Unpack

from ledger.actions import Game, Pick
from ledger.errors import BadInput
from ledger.model import Event, Item, Target, carried
from ledger_base_game.events.items import ItemDiscarded, ItemGained, ItemGiven, ItemUsed
from ledger_base_game.rules.item_properties import ItemProps, use_effect, with_props


def gain_item(
    game: Game,
    *,
    hero: str,
    item: str,
    quest: bool = False,
    token: bool = False,
    number: int | None = None,
    heal: int = 0,
    restore: int = 0,
    removes_conditions: int = 0,
    target: Target = "self",
    **props: Unpack[ItemProps],
) -> list[Event]:
    """The Hero gains the item named. One the plugins know keeps its kind and use; the
    properties they do not know may be given. One they do not know is built from what is
    given: a Quest item, a token, a card's number, what using it does (heal, restore, remove
    conditions; on whom), and its properties. Its copy comes from the Stock, else the Archive
    (§7.2), so a copy discarded to the Stock is the one gained back."""
    known = game.registry.items.find(item)
    given = quest or token or number is not None or heal or restore or removes_conditions
    if known is not None and given:
        raise BadInput(
            f"{known.name} is known to the loaded plugins; its properties cannot be given"
        )
    if known is None:
        use = use_effect(heal, restore, removes_conditions, target)
        known = Item(name=item, number=number, token=token, quest=quest, use=use)
    gained = carried(with_props(known, props))
    return [ItemGained(hero=game.hero(hero).name, item=gained, from_supply=True)]


def give_item(
    game: Game,
    *,
    item: Annotated[str, Pick("held_items")],
    giver: Annotated[str, Pick("this_hero")],
    receiver: Annotated[str, Pick("other_heroes")],
) -> list[Event]:
    """One copy of the item moves from one Hero to another."""
    return [ItemGiven(hero=game.hero(giver).name, item=item, to=game.hero(receiver).name)]


def discard_item(game: Game, *, hero: str, item: Annotated[str, Pick("held_items")]) -> list[Event]:
    """The Hero discards the item, which goes to the Stock (seed text); never a Quest item."""
    return [ItemDiscarded(hero=game.hero(hero).name, item=item, to_stock=True)]


def use_item(
    game: Game,
    *,
    hero: str,
    item: Annotated[str, Pick("held_items")],
    on: Sequence[str] = (),
    conditions: Sequence[str] = (),
) -> list[Event]:
    """The Hero discards the item for its effect, in a City or Journey step: on the Heroes
    ``on`` (default: the Hero), removing the ``conditions`` named. The copy goes to the
    Stock, as every discard does."""
    targets = tuple(game.hero(target).name for target in on)
    named = tuple(game.registry.conditions.get(c).name for c in conditions)
    used = ItemUsed(
        hero=game.hero(hero).name, item=item, on=targets, conditions=named, to_stock=True
    )
    return [used]
