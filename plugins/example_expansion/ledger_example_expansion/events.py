"""The expansion's event type and the state it folds into. Its tag is namespaced and never
changes once released; its schema is 2 since version 0.2.0 (see ``upcast_v1``)."""

from typing import Any, ClassVar

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignPart, CampaignState, Hero, HeroEvent, HeroPart, Item
from ledger.rules import items, stamina
from ledger.text import name_key

KIT = "Tinker's Kit"
GADGET = "Clockwork Gadget"
NAMESPACE = "example"  # the prefix of the tags, and the name of the expansion's state
MAX_COST = 3


def carries(hero: Hero, name: str) -> int:
    return sum(name_key(item.name) == name_key(name) for item in hero.items)


class Workshop(HeroPart, frozen=True, kw_only=True):
    """What a Hero has built at their Tinker's Kit (``hero show --json``: plugins.example)."""

    namespace: ClassVar[str] = NAMESPACE
    built: int = 0  # gadgets built, whether still carried or not
    chips: int = 0  # Stamina chips spent building them

    def describe(self) -> str:  # the Hero card's and sheet's line
        gadgets = "gadget" if self.built == 1 else "gadgets"
        return f"{self.built} {gadgets} built ({self.chips} stamina spent on them)"


class Guild(CampaignPart, frozen=True, kw_only=True):
    """The Guild's ledger of the whole party (``party show --json``: plugins.example)."""

    namespace: ClassVar[str] = NAMESPACE
    gadgets: int = 0  # gadgets the party has built

    def describe(self) -> str:  # the party sheet's line
        return f"the Guild counts {self.gadgets} gadget{'' if self.gadgets == 1 else 's'}"


class GadgetBuilt(HeroEvent, tag="example:gadget-built", frozen=True, kw_only=True):
    """The Hero, carrying a Tinker's Kit, spends ``cost`` Stamina chips and gains a Clockwork
    Gadget; the Hero's Workshop and the Guild count it.

    Schema 2 (version 0.2.0) records the cost: a Tinkerer builds for free. Schema 1 had no
    cost and always took 1 chip; ``upcast_v1`` reads those rows."""

    schema: ClassVar[int] = 2
    cost: int

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        if not carries(hero, KIT):
            raise RuleViolation(f"{hero.name} needs a {KIT} to build a {GADGET}")
        if not 0 <= self.cost <= MAX_COST:
            raise RuleViolation(f"a {GADGET} costs 0 to {MAX_COST} chips, not {self.cost}")
        gadget = Item(name=GADGET, hands=1, phrases=("Opens any lock",))
        hero = items.add_item(stamina.spend(hero, self.cost), gadget)
        workshop = hero.part(Workshop)
        hero = hero.with_part(
            replace(workshop, built=workshop.built + 1, chips=workshop.chips + self.cost)
        )
        guild = state.part(Guild)
        return state.with_hero(hero).with_part(replace(guild, gadgets=guild.gadgets + 1))

    def describe(self) -> str:
        return f"{self.hero} builds a {GADGET} ({self.cost} stamina)"


def upcast_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """A gadget-built row of schema 1 (version 0.1.0): every build took 1 chip."""
    return {**payload, "cost": 1}


EVENT_TYPES = [GadgetBuilt]
