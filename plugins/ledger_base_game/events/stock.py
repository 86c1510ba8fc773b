"""The base game's events for the Stock and the Archive: items no Hero carries, and Scenario
cards (§7.2, §8.2). Tags never change once released."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Event, HeroEvent, Item, ScenarioCard
from ledger.rules import stock
from ledger.rules.steps import MAX_SCENARIO
from ledger.text import check_name
from ledger_base_game.rules.ranges import check_range


def copies(count: int) -> str:
    """``1 copy``, ``2 copies``."""
    return f"{count} cop{'y' if count == 1 else 'ies'}"


class StockAdded(Event, tag="base:stock-added", frozen=True, kw_only=True):
    """Copies of an item put in the Stock, or in the Archive (not yet released)."""

    item: Item
    count: int = 1
    archive: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        return stock.add(state, self.item, self.count, self.archive)

    def describe(self) -> str:
        where = "the Archive" if self.archive else "the Stock"
        verb = "goes" if self.count == 1 else "go"
        return f"{copies(self.count)} of {self.item.name} {verb} into {where}"


class ScenarioCardAdded(Event, tag="base:scenario-card-added", frozen=True, kw_only=True):
    """A Scenario card goes into the Stock, with its symbols (§8.2)."""

    card: ScenarioCard

    def apply(self, state: CampaignState) -> CampaignState:
        check_range(self.card.number, "scenario number", 1, MAX_SCENARIO)
        if any(c.number == self.card.number for c in state.scenario_cards):
            raise RuleViolation(f"Scenario card {self.card.number} is already in the Stock")
        card = self.card
        if card.name:
            card = replace(card, name=check_name(card.name, "scenario name"))
        return replace(state, scenario_cards=(*state.scenario_cards, card))

    def describe(self) -> str:
        symbols = [s for s, on in (("XP", self.card.xp), ("replay", self.card.replay)) if on]
        symbols += ["Arena"] if self.card.arena else []
        shown = f" [{', '.join(symbols)}]" if symbols else ""
        name = f" {self.card.name}" if self.card.name else ""
        return f"Scenario card {self.card.number}{name}{shown} goes into the Stock"


class ItemOffered(Event, tag="base:item-offered", frozen=True, kw_only=True):
    """An item offered for sale: all its copies move from the Archive to the Stock (§7.2)."""

    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return stock.offer(state, check_name(self.item, "item name"))

    def describe(self) -> str:
        return f"{self.item} is offered for sale: its Archive copies move to the Stock"


class ItemFromSupply(HeroEvent, tag="base:item-from-supply", frozen=True, kw_only=True):
    """ "Gain" an item (Stock, else Archive, else its sale value in Stars), or "take" it from
    the Stock (nothing if none is there) (§7.2). ``item`` holds its properties for the Stars."""

    item: Item
    archive: bool = True  # False: "take from the Stock"

    def apply(self, state: CampaignState) -> CampaignState:
        return stock.gain(state, self.hero, self.item, self.archive)

    def describe(self) -> str:
        if self.archive:
            return f"{self.hero} gains {self.item.name}"
        return f"{self.hero} takes {self.item.name} from the Stock"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        found = stock.source(before, self.item.name, self.archive)
        if found == "nothing":
            return ["no copy is in the Stock: nothing is gained (§7.2)"]
        if found == "stars":
            value = stock.sale_value(self.item)
            return [f"no copy is left in the Stock or the Archive: {value} Stars instead (§7.2)"]
        return [f"the copy comes from the {found.title()}"]
