"""The base game's events for what each Hero takes into a scenario: items left behind, and
items active in hand (§7.2). Tags never change once released."""

from ledger.model import CampaignState, HeroEvent
from ledger.rules import loadout


class ItemLeftBehind(HeroEvent, tag="base:item-left-behind", frozen=True, kw_only=True):
    """The Hero leaves an item on the Hero board for the next scenario."""

    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.leave_behind(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} leaves {self.item} on the Hero board for the next scenario"


class ItemBrought(HeroEvent, tag="base:item-brought", frozen=True, kw_only=True):
    """The Hero takes an item left behind into the next scenario after all."""

    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.bring(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} will take {self.item} into the scenario after all"


class ItemActivated(HeroEvent, tag="base:item-activated", frozen=True, kw_only=True):
    """The Hero makes an item active (in hand)."""

    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.activate(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} makes {self.item} active (in hand)"


class ItemDeactivated(HeroEvent, tag="base:item-deactivated", frozen=True, kw_only=True):
    """The Hero puts an active item away."""

    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.deactivate(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} puts {self.item} away (no longer active)"
