"""Items a player describes: an Item built from the properties given for it, checked against
what the loaded plugins (or a copy in the supply) already know (§7.2).

A refusal names the property as a field (``{heal}``, see ``ledger.errors.LedgerError``): a
Python caller reads the keyword it gave (``heal``), a player the command's option (``--heal``)."""

from collections.abc import Mapping
from typing import TypedDict, get_args

from msgspec.structs import replace

from ledger.errors import BadInput, OutOfRange
from ledger.hosting import Registry
from ledger.model import CampaignState, Item, Shape, Target, UseEffect, carried
from ledger.text import name_key

SHAPES: tuple[Shape, ...] = get_args(Shape)
TARGETS: tuple[Target, ...] = get_args(Target)
LIMITS = {"value": 999, "weight": 99, "hands": 4, "capacity": 99}
PROPS = ("value", "shape", "illegal", "owner", "weight", "hands", "capacity")
USE_LIMIT = 99


class ItemProps(TypedDict, total=False):
    """Properties a plugin may not know: the coin printed on a card, a token's shape, the
    Illegal banner, a Hero-specific item's Hero, weight, hands, and backpack capacity."""

    value: int | None
    shape: Shape | None
    illegal: bool
    owner: str | None
    weight: int | None
    hands: int | None
    capacity: int | None


def with_props(item: Item, props: Mapping[str, object]) -> Item:
    """The item with the given properties; those a plugin knows cannot be changed. A property
    given as None or False is not given."""
    changes: dict[str, object] = {}
    for name in PROPS:
        given = props.get(name)
        if given is None or given is False:
            continue
        if name in LIMITS and not (isinstance(given, int) and 0 <= given <= LIMITS[name]):
            raise OutOfRange(
                f"{{{name}}} must be from 0 to {LIMITS[name]}, not {given}", fields=[name]
            )
        if name == "shape" and given not in SHAPES:
            raise BadInput(
                f"{{shape}} must be one of {', '.join(SHAPES)}, not {given!r}", fields=["shape"]
            )
        known = getattr(item, name)
        if known not in (None, False, 0) and known != given:
            raise BadInput(f"{item.name}'s {name} is known to be {known!r}; it cannot be changed")
        changes[name] = given
    if changes.get("shape") is not None and not item.token:
        raise BadInput("only an Item token has a shape; give {token} too", fields=["token"])
    return replace(item, **changes) if changes else item


def of_kind(
    known: Item | None,
    name: str,
    *,
    quest: bool = False,
    token: bool = False,
    number: int | None = None,
    props: Mapping[str, object],
) -> Item:
    """An item the plugins know (properties they do not know may be given), or a new one of
    the kind given (a Quest item, a token, a card's number)."""
    if known is None:
        known = Item(name=name, number=number, token=token, quest=quest)
    elif (
        (quest and not known.quest)
        or (token and not known.token)
        or (number is not None and number != known.number)
    ):
        raise BadInput(f"{known.name} is known to the loaded plugins; its kind cannot be changed")
    return with_props(known, props)


def use_effect(
    heal: int, restore: int, removes_conditions: int, target: Target
) -> UseEffect | None:
    """What a new discard item does when used, or None when it does nothing."""
    for value, name in (
        (heal, "heal"),
        (restore, "restore"),
        (removes_conditions, "removes_conditions"),
    ):
        if not 0 <= value <= USE_LIMIT:
            raise OutOfRange(
                f"{{{name}}} must be from 0 to {USE_LIMIT}, not {value}", fields=[name]
            )
    if target not in TARGETS:
        raise BadInput(
            f"{{target}} must be one of {', '.join(TARGETS)}, not {target!r}", fields=["target"]
        )
    if not (heal or restore or removes_conditions):
        return None
    return UseEffect(
        heal=heal, restore=restore, remove_conditions=removes_conditions, target=target
    )


def in_supply(state: CampaignState, name: str) -> Item | None:
    """A copy of the item named (in any case) in the Stock, else in the Archive."""
    return next(
        (i for i in (*state.stock, *state.archive) if name_key(i.name) == name_key(name)), None
    )


def known_item(registry: Registry, name: str, state: CampaignState | None = None) -> Item | None:
    """The item as the plugins know it, else (given the state) as a copy in the supply shows it."""
    known = registry.items.find(name)
    if known is None and state is not None:
        return in_supply(state, name)
    return None if known is None else carried(known)
