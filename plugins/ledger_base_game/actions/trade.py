"""Trading in the City step (§7.2): selling to the Stock and buying from it."""

from ledger.actions import Game
from ledger.model import Event
from ledger_base_game.events.trade import ItemBought, ItemSold
from ledger_base_game.rules.item_properties import in_supply


def sell_item(game: Game, *, hero: str, item: str, allowed: bool = False) -> list[Event]:
    """The Hero sells an item they carry: a card for its coin, a token by its shape. Quest
    items cannot be sold, nor Illegal ones unless the players were told they may
    (``allowed``)."""
    seller = game.hero(hero)
    return [ItemSold(hero=seller.name, item=seller.item(item).name, allowed=allowed)]


def buy_item(game: Game, *, hero: str, item: str, price: int) -> list[Event]:
    """The Hero buys the item from the Stock for ``price`` Stars; offering it for sale first
    moves every copy in the Archive to the Stock."""
    copy = in_supply(game.state, item)
    return [ItemBought(hero=game.hero(hero).name, item=copy.name if copy else item, price=price)]
