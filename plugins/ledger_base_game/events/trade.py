"""The base game's events for trading in the City step (§7.2): buying from the Stock and
selling to it. Tags never change once released."""

from ledger.model import CampaignState, HeroEvent
from ledger.rules import stock
from ledger.rules.stars import MAX_STARS
from ledger_base_game.events.stock import copies
from ledger_base_game.rules.ranges import check_range


class ItemBought(HeroEvent, tag="base:item-bought", frozen=True, kw_only=True):
    """The Hero buys the item from the Stock for ``price`` Stars (§7.2)."""

    item: str
    price: int

    def apply(self, state: CampaignState) -> CampaignState:
        check_range(self.price, "price", 0, MAX_STARS)
        return stock.buy(state, self.hero, self.item, self.price)

    def describe(self) -> str:
        return f"{self.hero} buys {self.item} for {self.price} Stars"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        moved = stock.copies(before.archive, self.item)
        if moved:
            return [f"offered for sale: {copies(moved)} moved from the Archive to the Stock"]
        return []


class ItemSold(HeroEvent, tag="base:item-sold", frozen=True, kw_only=True):
    """The Hero sells an item they carry; it goes to the Stock (§7.2)."""

    item: str
    allowed: bool = False  # the players were told they may sell this Illegal item

    def apply(self, state: CampaignState) -> CampaignState:
        return stock.sell(state, self.hero, self.item, self.allowed)

    def describe(self) -> str:
        return f"{self.hero} sells {self.item}; it goes to the Stock"
