"""The expansion's event type. Its tag is namespaced and never changes once released."""

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero, HeroEvent, Item
from ledger.rules import items, stamina
from ledger.text import name_key

KIT = "Tinker's Kit"
GADGET = "Clockwork Gadget"


def carries(hero: Hero, name: str) -> int:
    return sum(name_key(item.name) == name_key(name) for item in hero.items)


class GadgetBuilt(HeroEvent, tag="example:gadget-built", frozen=True, kw_only=True):
    """The Hero spends 1 unspent Stamina chip at their Tinker's Kit and gains a Clockwork
    Gadget (the expansion's rule)."""

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        if not carries(hero, KIT):
            raise RuleViolation(f"{hero.name} needs a {KIT} to build a {GADGET}")
        gadget = Item(name=GADGET, hands=1, phrases=("Opens any lock",))
        return state.with_hero(items.add_item(stamina.spend(hero, 1), gadget))

    def describe(self) -> str:
        return f"{self.hero} builds a {GADGET} (1 stamina)"


EVENT_TYPES = [GadgetBuilt]
