"""Options for the properties of an item the loaded plugins do not know (or know only in part):
its coin, token shape, Illegal banner, Hero, weight, hands and backpack capacity (§7.2)."""

from collections.abc import Callable
from typing import Any, TypeVar, get_args

import click
from msgspec.structs import replace

from ledger.errors import BadInput
from ledger.model import Item, Shape

F = TypeVar("F", bound=Callable[..., Any])
SHAPES = list(get_args(Shape))
LIMITS = {"value": 999, "weight": 99, "hands": 4, "capacity": 99}
PROPS = ("value", "shape", "illegal", "owner", "weight", "hands", "capacity")


def item_options(command: F) -> F:
    """The property options, in the order ``--help`` lists them."""
    for option in reversed(
        [
            click.option("--value", type=int, help="The coin printed on the card (0: none)."),
            click.option("--shape", type=click.Choice(SHAPES), help="A token's shape."),
            click.option("--illegal", is_flag=True, help="An Illegal item (red banner)."),
            click.option("--owner", metavar="HERO", help="A Hero-specific item's Hero."),
            click.option("--weight", type=int, help="The number by the backpack symbol."),
            click.option("--hands", type=int, help="Hands it needs when active (1 or 2)."),
            click.option("--capacity", type=int, help="A backpack: how much it adds."),
        ]
    ):
        command = option(command)
    return command


def with_props(item: Item, props: dict[str, Any]) -> Item:
    """The item with the given properties; those a plugin knows cannot be changed."""
    changes: dict[str, Any] = {}
    for name in PROPS:
        given = props.get(name)
        if given is None or given is False:
            continue
        if name in LIMITS and not 0 <= given <= LIMITS[name]:
            raise BadInput(f"--{name} must be from 0 to {LIMITS[name]}, not {given}")
        known = getattr(item, name)
        if known not in (None, False, 0) and known != given:
            raise BadInput(f"{item.name}'s {name} is known to be {known!r}; it cannot be changed")
        changes[name] = given
    if changes.get("shape") is not None and not item.token:
        raise BadInput("only an Item token has a shape; give --token too")
    return replace(item, **changes) if changes else item


def pop_props(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {name: kwargs.pop(name, None) for name in PROPS}


def item_from_options(
    known: Item | None,
    name: str,
    quest: bool,
    token: bool,
    number: int | None,
    props: dict[str, Any],
) -> Item:
    """An item the plugins know (properties they do not know may be given), or a new one."""
    if known is None:
        known = Item(name=name, number=number, token=token, quest=quest)
    elif (
        (quest and not known.quest)
        or (token and not known.token)
        or (number is not None and number != known.number)
    ):
        raise BadInput(f"{known.name} is known to the loaded plugins; its kind cannot be changed")
    return with_props(known, props)


def kind_options(command: F) -> F:
    for option in reversed(
        [
            click.option("--quest", is_flag=True, help="A Quest item."),
            click.option("--token", is_flag=True, help="An Item token rather than a card."),
            click.option("--number", type=int, help="The Item card's number."),
        ]
    ):
        command = option(command)
    return item_options(command)
