"""Campaign state: frozen Structs that events fold into. Never mutated, only replaced."""

from typing import Any, Literal

import msgspec

from ledger.dice import DiceSet
from ledger.errors import NotFound
from ledger.model._open_checks import GroupCheck, ProgressiveCheck
from ledger.model._plugin_state import (
    CampaignPart,
    HeroPart,
    P,
    PluginState,
    read_part,
    with_part,
)
from ledger.text import did_you_mean, name_key, quoted

Status = Literal["normal", "wounded", "exhausted"]
Shape = Literal["small circle", "triangle", "pentagon", "large circle", "octagon"]
StepKind = Literal["city", "journey", "scenario"]
Target = Literal["self", "ranged", "area"]


class Frozen(msgspec.Struct, frozen=True, kw_only=True):
    """Base for state values."""


class Lock(Frozen, frozen=True, kw_only=True):
    """Chips locked on a passive Hero action or an Item card (§2.2).

    Attributes:
        source: the action or Item card the chips lie on.
        chips: how many chips lie there now.
        required: how many it needs to take effect.
    """

    source: str
    chips: int
    required: int


class Stamina(Frozen, frozen=True, kw_only=True):
    """Where each Stamina chip is (§2.1). Health is unspent + spent + locked.

    Attributes:
        unspent: chips on the Vitality disk's unspent side.
        spent: chips spent (they come back with a restore).
        wound: chips turned to the wound side (they come back with a heal).
        locks: chips locked on passive actions or items; ``locked`` is their total.
    """

    unspent: int
    spent: int = 0
    wound: int = 0
    locks: tuple[Lock, ...] = ()

    @property
    def locked(self) -> int:
        return sum(lock.chips for lock in self.locks)


class ConditionRules(Frozen, frozen=True, kw_only=True):
    """What a held condition does to the Hero's rolls in a scenario, applied by the ledger
    (the base game's Blessed: ``action_dice=1, reaction_dice=1, discarded=True``). A condition
    without rules is a label: the players apply its printed effect."""

    action_dice: int = 0  # Action (red) dice it adds to checks and attacks; negative: removes
    reaction_dice: int = 0  # Reaction dice it adds to reactive checks; negative: removes
    modifier: int = 0  # added to an active ability check's total, like a printed modifier
    abilities: tuple[str, ...] = ()  # the abilities whose checks it changes; empty: all
    discarded: bool = False  # discarded after a roll it changed (Blessed, Weakened)

    def applies(self, ability: str | None) -> bool:
        """Whether it changes a check in ``ability`` (None: an attack, no ability)."""
        return not self.abilities or ability in self.abilities


class Condition(Frozen, frozen=True, kw_only=True):
    """A condition a Hero holds (§3): ``hero.conditions`` holds at most two.

    Attributes:
        name: the condition's name, as its ``ConditionSpec`` spells it.
        number: its number; a third condition discards the lowest-numbered one.
        rules: its rules, recorded from the plugin's ConditionSpec when it was gained (None:
            a label, or a condition recorded before conditions carried rules).
    """

    name: str
    number: int
    rules: ConditionRules | None = None


InjuryKind = Literal["ability", "checks", "stamina", "text"]


class InjuryEffect(Frozen, frozen=True, kw_only=True):
    """What an Injury card does (§2.3). ``ability``: the Hero's level in ``ability`` is
    ``amount`` lower (Broken Ribs: -1); ``checks``: ``amount`` added to every active check;
    ``stamina``: at most ``amount`` stamina spent on each stamina face; ``text``: an effect
    the ledger does not apply, shown for the players (``text`` says it)."""

    kind: InjuryKind
    ability: str | None = None
    amount: int = 0
    text: str = ""


class HeldInjury(Frozen, frozen=True, kw_only=True):
    """An Injury card held with the effects recorded when it was drawn."""

    name: str
    effects: tuple[InjuryEffect, ...] = ()


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
    """A Hero's gems (§6): at most 15 Achievement gems and at most 5 Inspiration gems."""

    achievement: int = 0
    inspiration: int = 0


class Hero(Frozen, frozen=True, kw_only=True):
    """A Hero as the campaign has made them: ``state.hero("Torrax")`` (any spelling of the
    name), replaced, never changed, with ``state.with_hero(...)``.

    Attributes:
        name: the name as it joined the campaign.
        might: the Might ability.
        agility: the Agility ability.
        will: the Will ability.
        taunt: the Taunt value.
        chips: Stamina chips on the Vitality disk when healthy.
        wounded_chips: chips on the wounded side of the disk.
        status: "normal", "wounded" or "exhausted" (§2.3).
        stamina: where each Stamina chip is.
        conditions: the conditions held, at most two, in the order gained.
        items: every Item card and token the Hero carries, one entry per copy.
        stars: the Hero's Stars (the currency).
        gems: Achievement and Inspiration gems.
        journal: keywords in the Hero's Journal.
        classes: the two Classes the Hero may choose from at level 2.
        hero_class: the Class chosen (stored as ``class``).
        skills: Class skills learned, one per level from 2 to 5.
        profession: the Hero's Profession, if any.
        talents: Talents learned, in the order learned.
        injuries: Injury cards held between scenarios.
        injury_effects: the held cards whose effects the ledger applies (drawn with them).
        city_points: City Activity points left in this City step.
        sleeps: where the Hero sleeps at the end of this City step.
        stash: items kept in the Hero's Hideout, off the Hero board (§7.1).
        stash_stars: Stars kept in the Hideout.
        plugins: plugins' own state of the Hero, by namespace; read with ``part(Type)``.
    """

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
    # the cards drawn with effects (since issue 25), each also in ``injuries``
    injury_effects: tuple[HeldInjury, ...] = ()
    injury_draws: int = 0  # Injury cards owed for becoming wounded, not drawn yet (§2.3)
    city_points: int = 0
    sleeps: str | None = None  # where the Hero sleeps at the end of this City step
    stash: tuple[Item, ...] = ()  # items kept in the Hero's Hideout (§7.1)
    stash_stars: int = 0  # Stars kept there
    plugins: dict[str, Any] = {}  # HeroPart values by namespace: read them with part()

    def part(self, kind: type[P]) -> P:
        """This Hero's state of a plugin (a ``HeroPart`` type), or its initial value."""
        return read_part(self.plugins, kind)

    def with_part(self, value: PluginState) -> "Hero":
        """This Hero with a plugin's state replaced by ``value`` (under its namespace)."""
        return msgspec.structs.replace(self, plugins=with_part(self.plugins, value, HeroPart))

    def item(self, name: str) -> Item:
        key = name_key(name)
        for item in self.items:
            if name_key(item.name) == key:
                return item
        carried = ", ".join(sorted({i.name for i in self.items})) or "nothing"
        hint = did_you_mean(name, (i.name for i in self.items))
        raise NotFound(f"{self.name} does not carry {quoted(name)} (carries: {carried}).{hint}")


class Ally(Frozen, frozen=True, kw_only=True):
    """A Non-Hero Ally (an Ally card, a hired Henchman): abilities and Taunt as a Hero has,
    health on a Health Counter die instead of Stamina chips, condition tokens, no items,
    gems or Stars. Read one with ``state.ally(name)``; it is never in ``state.heroes``.

    Attributes:
        name: the name as it joined.
        might: the Might ability. agility: the Agility ability. will: the Will ability.
        taunt: the Taunt value.
        health: the health its Health Counter die shows now; None: not given to the ledger
            (the table keeps it on the die, and says when it is exhausted).
        max_health: the health it joined with; a heal never raises it above this.
        conditions: the condition tokens it holds, at most two (§3).
        exhausted: its health reached 0: it is removed from the map and cannot act.
        henchman: a Henchman hired in the City (removed for good once exhausted, §8.4).
    """

    name: str
    might: int
    agility: int
    will: int
    taunt: int
    health: int | None = None
    max_health: int | None = None
    conditions: tuple[Condition, ...] = ()
    exhausted: bool = False
    henchman: bool = False


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
    talents_used: tuple[str, ...] = ()  # "Hero: Talent", for once-per-City-step Talents


class Debt(Frozen, frozen=True, kw_only=True):
    """A consequence an event announced that the same command must still record."""

    kind: str  # "gem", "stamina", "discard", "damage", "stamina loss"
    hero: str
    what: str = ""  # the gem kind, the amount, the item


class TableCard(Frozen, frozen=True, kw_only=True):
    """A card the table typed into a content pack (``content add``): what the pack gives for
    it, as the catalogue's own fields, and which file gave it.

    Attributes:
        kind: the pack's table it came from (``hero``, ``item``, ``talent``...).
        name: the card's name as the pack spells it.
        fields: the values the pack gives, by field name (the rest come from the plugins).
        override: the pack may contradict what a plugin gives for this card.
        replaced: what the plugins gave for the fields the pack overrides, for the record.
        pack: the pack's file name. sha256: the file's hash when it gave these values.
    """

    kind: str
    name: str
    fields: dict[str, Any] = {}
    override: bool = False
    replaced: dict[str, Any] = {}
    pack: str = ""
    sha256: str = ""


class CampaignState(Frozen, frozen=True, kw_only=True):
    """The whole campaign at one point: what every event before it made, folded.

    Attributes:
        name: the campaign's name.
        party_name: the party's name on the Party sheet.
        heroes: the Heroes by name; read one with ``hero(name)``.
        allies: the Non-Hero Allies by name; read one with ``ally(name)``.
        step: the City, Journey or Scenario step the campaign is in (None before the first).
        steps_started: how many steps of each kind have started.
        scenario_plays: how many times each scenario has been played.
        level: the party's level.
        xp: the party's experience.
        journal: the Party Journal's keywords.
        stock: Item cards and tokens no Hero carries, one entry per copy.
        archive: cards out of the game.
        scenario_cards: Scenario cards in the Stock.
        outcomes: scenario outcomes as written on the Party sheet.
        city: the City step being played, else None.
        reputation: reputation by Faction.
        session: the number of the session being played, 0 between sessions.
        sessions: sessions started so far.
        owed: consequences a command must still record; empty between commands.
        dice: the dice set with `dice set`, else None (the plugins' definition).
        group_check: a group check being played step by step, else None.
        progressive_checks: progressive checks under way, by name.
        checks_this_turn: the checks each Hero has attempted this round of the scenario.
        used_this_scenario: the once-per-scenario effects each Hero has used.
        plugins: plugins' own state of the campaign, by namespace; read with ``part(Type)``.
        content: cards the table typed in content packs, by ``kind:name`` key.
    """

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
    checks_this_turn: tuple[str, ...] = ()  # "Hero|check" attempted this round (§5.1)
    used_this_scenario: tuple[str, ...] = ()  # "Hero|effect" used once per scenario
    plugins: dict[str, Any] = {}  # CampaignPart values by namespace: read them with part()
    content: dict[str, TableCard] = {}  # content packs' cards by card_key(kind, name)
    allies: dict[str, Ally] = {}  # Non-Hero Allies (since issue 25); none in older files

    def part(self, kind: type[P]) -> P:
        """The campaign's state of a plugin (a ``CampaignPart`` type), or its initial value."""
        return read_part(self.plugins, kind)

    def with_part(self, value: PluginState) -> "CampaignState":
        """The campaign with a plugin's state replaced by ``value`` (under its namespace)."""
        return msgspec.structs.replace(self, plugins=with_part(self.plugins, value, CampaignPart))

    def hero(self, name: str) -> Hero:
        exact = self.heroes.get(name)  # names are unique by name_key (HeroJoined checks)
        if exact is not None:
            return exact
        key = name_key(name)
        for hero in self.heroes.values():
            if name_key(hero.name) == key:
                return hero
        ally = self.find_ally(name)
        if ally is not None:
            raise NotFound(
                f"{ally.name} is a Non-Hero Ally, not a Hero: it has no Stamina chips, items, "
                "gems or Stars; checks, reactions, odds and the `ally` commands take it"
            )
        known = ", ".join(self.heroes) or "none yet"
        hint = did_you_mean(name, self.heroes)
        raise NotFound(f"no Hero named {quoted(name)} in this campaign (Heroes: {known}).{hint}")

    def with_hero(self, hero: Hero) -> "CampaignState":
        heroes = self.heroes.copy()  # as {**heroes, name: hero}, in a third less time
        heroes[hero.name] = hero
        return msgspec.structs.replace(self, heroes=heroes)

    def find_ally(self, name: str) -> Ally | None:
        """The Non-Hero Ally of that name (any spelling), or None."""
        exact = self.allies.get(name)
        if exact is not None or not self.allies:
            return exact
        key = name_key(name)
        return next((a for a in self.allies.values() if name_key(a.name) == key), None)

    def ally(self, name: str) -> Ally:
        found = self.find_ally(name)
        if found is not None:
            return found
        known = ", ".join(self.allies) or "none yet"
        hint = did_you_mean(name, self.allies)
        raise NotFound(
            f"no Non-Hero Ally named {quoted(name)} in this campaign (Allies: {known}).{hint}"
        )

    def with_ally(self, ally: Ally) -> "CampaignState":
        return msgspec.structs.replace(self, allies={**self.allies, ally.name: ally})

    def without_ally(self, name: str) -> "CampaignState":
        kept = {key: ally for key, ally in self.allies.items() if key != name}
        return msgspec.structs.replace(self, allies=kept)

    @property
    def in_scenario(self) -> bool:
        return self.step is not None and self.step.kind == "scenario" and not self.step.ended
