"""Campaign state: frozen Structs that events fold into. Never mutated, only replaced."""

from typing import Literal

import msgspec

from ledger.dice import DiceSet
from ledger.errors import NotFound
from ledger.model._open_checks import GroupCheck, ProgressiveCheck
from ledger.text import did_you_mean, name_key, quoted

Status = Literal["normal", "wounded", "exhausted"]
Shape = Literal["small circle", "triangle", "pentagon", "large circle", "octagon"]
StepKind = Literal["city", "journey", "scenario"]
Target = Literal["self", "ranged", "area"]


class Frozen(msgspec.Struct, frozen=True, kw_only=True):
    """Base for state values."""


class Lock(Frozen, frozen=True, kw_only=True):
    """Chips locked on a passive Hero action or an Item card (§2.2)."""

    source: str
    chips: int
    required: int


class Stamina(Frozen, frozen=True, kw_only=True):
    """Where each Stamina chip is (§2.1). Health is unspent + spent + locked."""

    unspent: int
    spent: int = 0
    wound: int = 0
    locks: tuple[Lock, ...] = ()

    @property
    def locked(self) -> int:
        return sum(lock.chips for lock in self.locks)


class Condition(Frozen, frozen=True, kw_only=True):
    name: str
    number: int


class UseEffect(Frozen, frozen=True, kw_only=True):
    """What a discard item does when used in a City or Journey step."""

    heal: int = 0
    restore: int = 0
    remove_conditions: int = 0
    target: Target = "self"


class Item(Frozen, frozen=True, kw_only=True):
    """An Item card or token, with the properties the rules look at (§7.2). ``None`` means
    the property is not known; the rule that needs it then asks for it."""

    name: str
    number: int | None = None
    token: bool = False
    quest: bool = False
    use: UseEffect | None = None
    value: int | None = None  # the coin printed on a card; tokens sell by shape
    price: int | None = None  # what the Campaign Book asks for it, where known
    shape: Shape | None = None  # tokens only
    illegal: bool = False
    owner: str | None = None  # a Hero-specific item names its Hero
    weight: int = 0  # the number by the backpack symbol; none means 0
    hands: int = 0  # 1 or 2 for an item that is made active in the hands
    capacity: int = 0  # how much a backpack raises the encumbrance limit
    phrases: tuple[str, ...] = ()  # phrases on the card that checks may name
    active: bool = False  # in the Hero's hands (scenario loadout)
    left_behind: bool = False  # on the Hero board, not taken into this scenario


class Keyword(Frozen, frozen=True, kw_only=True):
    """A keyword written in a Journal (§8.5); a crossed-out one no longer counts."""

    word: str
    crossed: bool = False
    tally: int = 0


class Gems(Frozen, frozen=True, kw_only=True):
    achievement: int = 0
    inspiration: int = 0


class Hero(Frozen, frozen=True, kw_only=True):
    name: str
    might: int
    agility: int
    will: int
    taunt: int
    chips: int
    wounded_chips: int
    status: Status = "normal"
    stamina: Stamina
    conditions: tuple[Condition, ...] = ()
    items: tuple[Item, ...] = ()
    stars: int = 0
    gems: Gems = Gems()
    journal: tuple[Keyword, ...] = ()
    classes: tuple[str, ...] = ()  # the two Classes the Hero may choose from at level 2
    hero_class: str | None = msgspec.field(default=None, name="class")
    skills: tuple[str, ...] = ()
    profession: str | None = None
    talents: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()
    city_points: int = 0
    sleeps: str | None = None  # where the Hero sleeps at the end of this City step

    def item(self, name: str) -> Item:
        key = name_key(name)
        for item in self.items:
            if name_key(item.name) == key:
                return item
        carried = ", ".join(sorted({i.name for i in self.items})) or "nothing"
        hint = did_you_mean(name, (i.name for i in self.items))
        raise NotFound(f"{self.name} does not carry {quoted(name)} (carries: {carried}).{hint}")


class Step(Frozen, frozen=True, kw_only=True):
    """The City, Journey or Scenario step the campaign is in."""

    kind: StepKind
    number: int  # 1 for the first step of this kind, 2 for the second, ...
    scenario: int | None = None
    play: int | None = None  # 1 for the first play of this scenario, 2 for the second, ...
    ended: bool = False  # only scenarios end explicitly
    arena: bool = False  # an Arena scenario (§8.2)


class ScenarioCard(Frozen, frozen=True, kw_only=True):
    """A Scenario card with the symbols the Journey step and the scenario end look at."""

    number: int
    name: str = ""
    level: int | None = None
    xp: bool = False
    replay: bool = False
    arena: bool = False


class Outcome(Frozen, frozen=True, kw_only=True):
    """A scenario outcome as written on the Party sheet, e.g. "S2"."""

    number: int
    outcome: str  # "" when the scenario ended without an outcome being recorded
    arena: bool = False
    xp: bool = False  # this play gained the scenario's XP


class City(Frozen, frozen=True, kw_only=True):
    """Where the current City step stands (§8.1)."""

    event_resolved: bool = False
    after_arena: bool = False


class Debt(Frozen, frozen=True, kw_only=True):
    """A consequence an event announced that the same command must still record."""

    kind: str  # "gem", "stamina", "discard", "damage", "stamina loss"
    hero: str
    what: str = ""  # the gem kind, the amount, the item


class CampaignState(Frozen, frozen=True, kw_only=True):
    name: str = ""
    party_name: str = ""
    heroes: dict[str, Hero] = {}
    step: Step | None = None
    steps_started: dict[str, int] = {}
    scenario_plays: dict[int, int] = {}
    level: int = 1
    xp: int = 0
    journal: tuple[Keyword, ...] = ()  # the Party Journal
    stock: tuple[Item, ...] = ()  # one entry per copy
    archive: tuple[Item, ...] = ()
    scenario_cards: tuple[ScenarioCard, ...] = ()  # Scenario cards in the Stock
    outcomes: tuple[Outcome, ...] = ()
    city: City | None = None  # set while a City step is being played
    reputation: dict[str, int] = {}
    session: int = 0  # the number of the session being played, 0 between sessions
    sessions: int = 0  # sessions started so far
    owed: tuple[Debt, ...] = ()  # empty between commands (ledger.rules.debts)
    dice: DiceSet | None = None  # set with `dice set`; None: the plugins' definition
    group_check: GroupCheck | None = None  # a group check being played step by step
    progressive_checks: dict[str, ProgressiveCheck] = {}

    def hero(self, name: str) -> Hero:
        exact = self.heroes.get(name)  # names are unique by name_key (HeroJoined checks)
        if exact is not None:
            return exact
        key = name_key(name)
        for hero in self.heroes.values():
            if name_key(hero.name) == key:
                return hero
        known = ", ".join(self.heroes) or "none yet"
        hint = did_you_mean(name, self.heroes)
        raise NotFound(f"no Hero named {quoted(name)} in this campaign (Heroes: {known}).{hint}")

    def with_hero(self, hero: Hero) -> "CampaignState":
        return msgspec.structs.replace(self, heroes={**self.heroes, hero.name: hero})

    @property
    def in_scenario(self) -> bool:
        return self.step is not None and self.step.kind == "scenario" and not self.step.ended
