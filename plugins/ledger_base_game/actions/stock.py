"""The Stock and the Archive: items no Hero carries, and Scenario cards (§7.2, §8.2)."""

from typing import Annotated, Unpack

import msgspec

from ledger.actions import Game, Pick
from ledger.errors import BadInput, OutOfRange
from ledger.model import Event, ScenarioCard, Target
from ledger.rules.steps import MAX_SCENARIO
from ledger_base_game.events.stock import ItemFromSupply, ItemOffered, ScenarioCardAdded, StockAdded
from ledger_base_game.rules.item_properties import ItemProps, known_item, of_kind, use_effect
from ledger_base_game.rules.symbols import resolve


def add_to_stock(
    game: Game,
    *,
    item: str,
    count: int = 1,
    archive: bool = False,
    quest: bool = False,
    token: bool = False,
    number: int | None = None,
    heal: int = 0,
    restore: int = 0,
    removes_conditions: int = 0,
    target: Target = "self",
    **props: Unpack[ItemProps],
) -> list[Event]:
    """``count`` copies of the item go into the Stock (or the Archive: copies not yet
    released). The plugins' item, with properties they do not know given, else a new one,
    described as ``gain_item`` describes one (what using it does, on whom)."""
    known = known_item(game.registry, item)
    use = use_effect(heal, restore, removes_conditions, target)
    if known is not None and use is not None:
        raise BadInput(f"{known.name} is known to the loaded plugins; its use cannot be given")
    added = of_kind(known, item, quest=quest, token=token, number=number, props=props)
    if use is not None:
        added = msgspec.structs.replace(added, use=use)
    return [StockAdded(item=added, count=count, archive=archive)]


def add_scenario_card(
    game: Game,
    *,
    number: int,
    xp: bool | None = None,
    replay: bool | None = None,
    arena: bool | None = None,
) -> list[Event]:
    """Scenario card ``number`` goes into the Stock (found by a City service, say). Symbols
    the plugins do not know must be given; those they know cannot be contradicted."""
    if not 1 <= number <= MAX_SCENARIO:
        raise OutOfRange(f"scenario number must be from 1 to {MAX_SCENARIO}, not {number}")
    spec = game.registry.scenarios.find(str(number))
    card = ScenarioCard(
        number=number,
        name=spec.name if spec else "",
        level=spec.level if spec else None,
        xp=resolve(None, game.registry, number, "xp", xp),
        replay=resolve(None, game.registry, number, "replay", replay),
        arena=resolve(None, game.registry, number, "arena", arena),
    )
    return [ScenarioCardAdded(card=card)]


def offer_item(game: Game, *, item: str) -> list[Event]:
    """The item is offered for sale: all its copies move from the Archive to the Stock."""
    return [ItemOffered(item=item)]


def gain_from_supply(
    game: Game,
    *,
    hero: str,
    item: str,
    quest: bool = False,
    token: bool = False,
    number: int | None = None,
    **props: Unpack[ItemProps],
) -> list[Event]:
    """The Hero gains the item: a copy from the Stock, else from the Archive, else its sale
    value in Stars (§7.2). The item as the plugins or a copy in the supply know it."""
    known = known_item(game.registry, item, game.state)
    gained = of_kind(known, item, quest=quest, token=token, number=number, props=props)
    return [ItemFromSupply(hero=game.hero(hero).name, item=gained)]


def take_from_stock(game: Game, *, hero: str, item: Annotated[str, Pick("stock")]) -> list[Event]:
    """The Hero takes the item from the Stock; nothing happens if no copy is there (§7.2)."""
    known = of_kind(known_item(game.registry, item, game.state), item, props={})
    return [ItemFromSupply(hero=game.hero(hero).name, item=known, archive=False)]
