"""The base game's events for the Stock and the Archive, buying and selling, the City step,
Injury cards, factions and scenario loadouts (§7, §8). Tags never change once released."""

from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import CampaignState, Event, HeroEvent, Item, ScenarioCard
from ledger.rules import city, factions, injuries, loadout, stock
from ledger.rules.stamina import MAX_AMOUNT
from ledger.rules.stars import MAX_STARS
from ledger.text import check_amount, check_name

MAX_SCENARIO = 999


def _check_range(value: int, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not low <= value <= high:
        raise OutOfRange(f"{what} must be from {low} to {high}, not {value}")
    return value


def _copies(count: int) -> str:
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
        return f"{_copies(self.count)} of {self.item.name} {verb} into {where}"


class ScenarioCardAdded(Event, tag="base:scenario-card-added", frozen=True, kw_only=True):
    """A Scenario card goes into the Stock, with its symbols (§8.2)."""

    card: ScenarioCard

    def apply(self, state: CampaignState) -> CampaignState:
        _check_range(self.card.number, "scenario number", 1, MAX_SCENARIO)
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


class ItemBought(HeroEvent, tag="base:item-bought", frozen=True, kw_only=True):
    item: str
    price: int

    def apply(self, state: CampaignState) -> CampaignState:
        _check_range(self.price, "price", 0, MAX_STARS)
        return stock.buy(state, self.hero, self.item, self.price)

    def describe(self) -> str:
        return f"{self.hero} buys {self.item} for {self.price} Stars"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        moved = stock.copies(before.archive, self.item)
        if moved:
            return [f"offered for sale: {_copies(moved)} moved from the Archive to the Stock"]
        return []


class ItemSold(HeroEvent, tag="base:item-sold", frozen=True, kw_only=True):
    item: str
    allowed: bool = False  # the players were told they may sell this Illegal item

    def apply(self, state: CampaignState) -> CampaignState:
        return stock.sell(state, self.hero, self.item, self.allowed)

    def describe(self) -> str:
        return f"{self.hero} sells {self.item}; it goes to the Stock"


class CityEventResolved(Event, tag="base:city-event-resolved", frozen=True, kw_only=True):
    def apply(self, state: CampaignState) -> CampaignState:
        return city.resolve_event(state)

    def describe(self) -> str:
        return f"The City Event is resolved: each Hero has {city.CAP_PER_HERO} City Activity points"


class CityActivity(HeroEvent, tag="base:city-activity", frozen=True, kw_only=True):
    """A Hero Book activity, a location or a service, with what it cost and what it gave."""

    activity: str
    points: int = 0
    stars: int = 0
    gain_stars: int = 0
    restore: int = 0
    heal: int = 0
    sleep: str | None = None  # the activity gives a place to sleep
    injury: str | None = None  # the Injury card it discards

    def apply(self, state: CampaignState) -> CampaignState:
        check_name(self.activity, "activity")
        for value, what, high in (
            (self.points, "City Activity points", MAX_AMOUNT),
            (self.stars, "Stars paid", MAX_STARS),
            (self.gain_stars, "Stars gained", MAX_STARS),
            (self.restore, "stamina restored", MAX_AMOUNT),
            (self.heal, "damage healed", MAX_AMOUNT),
        ):
            _check_range(value, what, 0, high)
        hero = city.activity(
            state,
            state.hero(self.hero),
            points=self.points,
            cost=self.stars,
            gain=self.gain_stars,
            restore=self.restore,
            heal=self.heal,
            sleep=self.sleep,
            injury=self.injury,
        )
        return state.with_hero(hero)

    def describe(self) -> str:
        costs = [
            f"{self.points} CAP" if self.points else "",
            f"{self.stars} Stars" if self.stars else "",
        ]
        paid = " and ".join(c for c in costs if c) or "no cost"
        gains = [
            f"+{self.gain_stars} Stars" if self.gain_stars else "",
            f"restores {self.restore}" if self.restore else "",
            f"heals {self.heal}" if self.heal else "",
            f"discards Injury {self.injury}" if self.injury else "",
            f"sleeps at {self.sleep}" if self.sleep else "",
        ]
        effect = ", ".join(g for g in gains if g)
        return f"{self.hero}: {self.activity} for {paid}" + (f" — {effect}" if effect else "")


class SleepFound(HeroEvent, tag="base:sleep-found", frozen=True, kw_only=True):
    place: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: city.sleep(state, hero, self.place))

    def describe(self) -> str:
        return f"{self.hero} will sleep at {self.place}"


class InjuryDrawn(HeroEvent, tag="base:injury-drawn", frozen=True, kw_only=True):
    injury: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: injuries.draw(hero, self.injury))

    def describe(self) -> str:
        return f"{self.hero} draws the Injury card {self.injury}"


class InjuryDrawOwed(HeroEvent, tag="base:injury-draw-owed", frozen=True, kw_only=True):
    """The Hero became wounded in the same command: an Injury card must be drawn (§2.3)."""

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, injuries.owe_draw)

    def describe(self) -> str:
        return f"{self.hero} became wounded and must draw an Injury card (§2.3)"


class InjuryRemoved(HeroEvent, tag="base:injury-removed", frozen=True, kw_only=True):
    injury: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: injuries.remove(hero, self.injury))

    def describe(self) -> str:
        return f"{self.hero} discards the Injury card {self.injury}; it goes back into the deck"


class ReputationGained(Event, tag="base:reputation-gained", frozen=True, kw_only=True):
    """``ranks``: the track's thresholds as known when recorded (empty: not known)."""

    faction: str
    amount: int
    ranks: tuple[int, ...] = ()

    def apply(self, state: CampaignState) -> CampaignState:
        return factions.gain(state, self.faction, check_amount(self.amount, "reputation", 99))

    def describe(self) -> str:
        return f"The party gains {self.amount} reputation with {self.faction}"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        old = factions.rank(self.ranks, factions.reputation(before, self.faction))
        new = factions.rank(self.ranks, factions.reputation(after, self.faction))
        if new is None:
            return [f"{self.faction}'s rank thresholds are not known: no rank is reported (§8.6)"]
        if old is not None and new > old:
            return [
                f"{self.faction}: new Rank {new}; read the Story entry on its track at the start "
                "of the next City step (§8.1)"
            ]
        return []


class ItemLeftBehind(HeroEvent, tag="base:item-left-behind", frozen=True, kw_only=True):
    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.leave_behind(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} leaves {self.item} on the Hero board for the next scenario"


class ItemBrought(HeroEvent, tag="base:item-brought", frozen=True, kw_only=True):
    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.bring(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} will take {self.item} into the scenario after all"


class ItemActivated(HeroEvent, tag="base:item-activated", frozen=True, kw_only=True):
    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.activate(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} makes {self.item} active (in hand)"


class ItemDeactivated(HeroEvent, tag="base:item-deactivated", frozen=True, kw_only=True):
    item: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: loadout.deactivate(state, hero, self.item))

    def describe(self) -> str:
        return f"{self.hero} puts {self.item} away (no longer active)"


EVENT_TYPES: list[type[Event]] = [
    StockAdded,
    ScenarioCardAdded,
    ItemOffered,
    ItemFromSupply,
    ItemBought,
    ItemSold,
    CityEventResolved,
    CityActivity,
    SleepFound,
    InjuryDrawn,
    InjuryDrawOwed,
    InjuryRemoved,
    ReputationGained,
    ItemLeftBehind,
    ItemBrought,
    ItemActivated,
    ItemDeactivated,
]
