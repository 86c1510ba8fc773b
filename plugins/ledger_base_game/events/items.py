"""The base game's events for Item cards and tokens: every item belongs to one Hero (§7.2).
Tags never change once released."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, HeroEvent, Item
from ledger.rules import debts, items, loadout, stock


class ItemGained(HeroEvent, tag="base:item-gained", frozen=True, kw_only=True):
    """The item's properties are part of the event, so replays never depend on content.
    ``from_supply``: its copy leaves the Stock, or the Archive when the Stock has none (§7.2).
    Rows recorded before that rule lack it, and left every copy where it was, as they did
    when they were recorded."""

    item: Item
    from_supply: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        if self.from_supply:
            return stock.take(state, self.hero, self.item)
        item = items.check_item(self.item)
        return state.with_hero(loadout.checked(state, items.add_item(state.hero(self.hero), item)))

    def describe(self) -> str:
        quest = " [Quest]" if self.item.quest else ""
        return f"{self.hero} gains {self.item.name}{quest}"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        if not self.from_supply:
            return []
        found = stock.source(before, self.item.name, archive_allowed=True)
        return [f"the copy comes from the {found.title()}"] if found in SUPPLIES else []


SUPPLIES = ("stock", "archive")


class ItemGiven(HeroEvent, tag="base:item-given", frozen=True, kw_only=True):
    """``hero`` gives one copy of ``item`` to ``to``."""

    item: str
    to: str

    def apply(self, state: CampaignState) -> CampaignState:
        giver, receiver = state.hero(self.hero), state.hero(self.to)
        if giver.name == receiver.name:
            raise RuleViolation(f"{giver.name} cannot give an item to themselves")
        giver, item = items.take_item(giver, self.item)
        if item.owner is not None:
            raise RuleViolation(
                f"{item.name} is {item.owner}'s Hero-specific item and cannot be given away (§7.2)"
            )
        item = replace(item, active=False)  # the receiver chooses what is in their hands
        receiver = loadout.checked(state, items.add_item(receiver, item))
        return state.with_hero(giver).with_hero(receiver)

    def describe(self) -> str:
        return f"{self.hero} gives {self.item} to {self.to}"


STOCKED = "; the copy goes to the Stock"


class ItemDiscarded(HeroEvent, tag="base:item-discarded", frozen=True, kw_only=True):
    """The Hero discards one copy of ``item``; ``to_stock``: the copy goes to the Stock (seed
    text). Rows recorded before that rule lack it, and their copy left the game, as it did
    when they were recorded."""

    item: str
    to_stock: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        if state.owed:  # only while a check awaits its consequences
            state = debts.settle(state, "discard", self.hero, self.item)
        return items.discard(state, self.hero, self.item, self.to_stock)

    def describe(self) -> str:
        return f"{self.hero} discards {self.item}{STOCKED if self.to_stock else ''}"


class ItemUsed(HeroEvent, tag="base:item-used", frozen=True, kw_only=True):
    """A discard item used in a City or Journey step: no maneuver, any one Hero in range,
    any number in an area (seed text, "Using Discard Items")."""

    item: str
    on: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    to_stock: bool = False  # as ``ItemDiscarded.to_stock``

    def apply(self, state: CampaignState) -> CampaignState:
        return items.use_item(
            state, self.hero, self.item, self.on, self.conditions, to_stock=self.to_stock
        )

    def describe(self) -> str:
        on = f" on {', '.join(self.on)}" if self.on else ""
        removing = f", removing {', '.join(self.conditions)}" if self.conditions else ""
        return f"{self.hero} uses {self.item}{on}{removing}{STOCKED if self.to_stock else ''}"
