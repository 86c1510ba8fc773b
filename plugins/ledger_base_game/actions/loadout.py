"""What each Hero takes into a scenario: items left behind, and items active in hand."""

from ledger.actions import Game
from ledger.model import Event
from ledger_base_game.events.loadout import (
    ItemActivated,
    ItemBrought,
    ItemDeactivated,
    ItemLeftBehind,
)


def leave_item(game: Game, *, hero: str, item: str) -> list[Event]:
    """The Hero leaves an item they carry on the Hero board for the next scenario."""
    carrier, carried = _carried(game, hero, item)
    return [ItemLeftBehind(hero=carrier, item=carried)]


def bring_item(game: Game, *, hero: str, item: str) -> list[Event]:
    """The Hero takes an item left behind into the next scenario after all."""
    carrier, carried = _carried(game, hero, item)
    return [ItemBrought(hero=carrier, item=carried)]


def activate_item(game: Game, *, hero: str, item: str) -> list[Event]:
    """The Hero makes an item active (in hand)."""
    carrier, carried = _carried(game, hero, item)
    return [ItemActivated(hero=carrier, item=carried)]


def deactivate_item(game: Game, *, hero: str, item: str) -> list[Event]:
    """The Hero puts an active item away."""
    carrier, carried = _carried(game, hero, item)
    return [ItemDeactivated(hero=carrier, item=carried)]


def _carried(game: Game, hero: str, item: str) -> tuple[str, str]:
    """The Hero's name and the item's, as recorded; NotFound if the Hero does not carry it."""
    found = game.hero(hero)
    return found.name, found.item(item).name
