"""The base game's event types. Tags never change once released; each ``apply`` is the rule."""

from typing import ClassVar, Literal

from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import (
    CampaignState,
    Condition,
    ConditionRules,
    Event,
    Hero,
    HeroEvent,
    Item,
    Stamina,
    StepKind,
)
from ledger.rules import city, conditions, debts, items, loadout, stamina, stars, steps
from ledger.rules.stamina import MAX_AMOUNT
from ledger.rules.stars import MAX_STARS
from ledger.text import check_amount, check_name, name_key
from ledger_base_game.checks import CHECK_EVENT_TYPES


class HeroJoined(HeroEvent, tag="base:hero-joined", frozen=True, kw_only=True):
    """A Hero joins the campaign with their abilities and Vitality disk."""

    might: int
    agility: int
    will: int
    taunt: int
    chips: int
    wounded_chips: int
    classes: tuple[str, ...] = ()

    def apply(self, state: CampaignState) -> CampaignState:
        name = check_name(self.hero, "Hero name")
        if any(name_key(name) == name_key(other) for other in state.heroes):
            raise RuleViolation(f"{name} is already in this campaign")
        for ability in ("might", "agility", "will"):
            _check_range(getattr(self, ability), ability.title(), 0, 9)
        _check_range(self.taunt, "Taunt", 0, 99)
        _check_range(self.chips, "stamina chips", 1, 30)
        _check_range(self.wounded_chips, "wounded chips", 1, self.chips)
        hero = Hero(
            name=name,
            might=self.might,
            agility=self.agility,
            will=self.will,
            taunt=self.taunt,
            chips=self.chips,
            wounded_chips=self.wounded_chips,
            stamina=Stamina(unspent=self.chips),
            classes=tuple(check_name(c, "Class") for c in self.classes),
        )
        return state.with_hero(hero)

    def describe(self) -> str:
        return (
            f"{self.hero} joins (Might {self.might}, Agility {self.agility}, Will {self.will}, "
            f"Taunt {self.taunt}, {self.chips} chips, {self.wounded_chips} on the wounded side)"
        )


def _check_range(value: int, what: str, low: int, high: int) -> None:
    if not low <= value <= high:
        raise OutOfRange(f"{what} must be from {low} to {high}, not {value}")


class StepStarted(Event, tag="base:step-started", frozen=True, kw_only=True):
    """The next City, Journey or Scenario step starts."""

    kind: StepKind
    scenario: int | None = None
    arena: bool = False  # the scenario is an Arena scenario (§8.2)
    city_end: bool = False  # the City step this follows ends first (§8.1); absent in old rows

    def apply(self, state: CampaignState) -> CampaignState:
        if self.city_end:
            state = city.end(state)
        return steps.start(state, self.kind, self.scenario, self.arena)

    def describe(self) -> str:
        if self.kind == "scenario":
            arena = " (Arena)" if self.arena else ""
            return f"Scenario step begins: scenario {self.scenario}{arena}"
        ended = "The City step ends; " if self.city_end else ""
        return f"{ended}{self.kind.title()} step begins"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        lines = []
        if self.city_end:
            lines += [
                f"{name} found no place to sleep and loses 2 stamina, carried into the "
                "scenario (§8.1)"
                for name in city.rough_sleepers(before)
            ]
            lines += [
                f"{hero.name}'s {hero.city_points} unspent City Activity "
                f"{'point is' if hero.city_points == 1 else 'points are'} discarded"
                for hero in before.heroes.values()
                if hero.city_points
            ]
        if after.city is not None and after.city.after_arena:
            lines.append(
                "after an Arena scenario no City Event card is revealed and no City Activity "
                "points are spent (§8.1)"
            )
        return lines


class ScenarioEnded(Event, tag="base:scenario-ended", frozen=True, kw_only=True):
    """Fields after ``outcome`` came later; their defaults are what older rows meant."""

    outcome: str | None = None
    xp: bool = False  # the Scenario card shows the XP symbol
    arena: bool = False
    keep_card: bool = False  # "unless you are told otherwise" the card leaves the Stock
    achievements: tuple[str, ...] = ()  # one entry per individual achievement, by Hero
    group_achievements: int = 0
    scenario_level: int | None = None  # the card's level, for Inspiration gems (§6)

    def apply(self, state: CampaignState) -> CampaignState:
        return steps.end_scenario(
            state,
            self.outcome,
            xp=self.xp,
            arena=self.arena,
            keep_card=self.keep_card,
            achievements=self.achievements,
            group_achievements=self.group_achievements,
            scenario_level=self.scenario_level,
        )

    def describe(self) -> str:
        outcome = f" (outcome {self.outcome})" if self.outcome else ""
        return f"The scenario ends{outcome}: every Hero recovers fully, conditions end"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        lines = []
        if after.xp > before.xp:
            lines.append(f"the XP symbol: the party gains 1 XP ({after.xp} XP)")
        elif self.xp:
            lines.append("no XP: this scenario's XP was gained before (ruling: once per scenario)")
        for name, hero in after.heroes.items():
            old = before.heroes[name].gems.achievement
            earned = self.group_achievements + sum(
                1 for a in self.achievements if name_key(a) == name_key(name)
            )
            if earned:
                got = hero.gems.achievement - old
                lost = f"; {earned - got} lost to the cap of 15 (§12.4)" if got < earned else ""
                lines.append(f"{name} gains {got} Achievement gem{'' if got == 1 else 's'}{lost}")
        arena = self.arena or (before.step is not None and before.step.arena)
        if steps.inspires(before, self.outcome, arena, self.scenario_level):
            lines.append(
                f"a successful level-{self.scenario_level} scenario: every Hero gains an "
                "Inspiration gem (§6; a 6th becomes an Achievement gem)"
            )
        gone = [c for c in before.scenario_cards if c not in after.scenario_cards]
        lines += [f"Scenario card {c.number} leaves the Stock (§8.4)" for c in gone]
        lines += [
            f"{name} keeps Injury card(s): {', '.join(hero.injuries)}"
            for name, hero in after.heroes.items()
            if hero.injuries
        ]
        return lines


class _Amount(HeroEvent, frozen=True, kw_only=True):
    """An event that moves ``amount`` of something for one Hero."""

    amount: int
    what: ClassVar[str] = "amount"
    maximum: ClassVar[int] = MAX_AMOUNT

    def checked(self) -> int:
        return check_amount(self.amount, self.what, self.maximum)


class StaminaSpent(_Amount, tag="base:stamina-spent", frozen=True, kw_only=True):
    """The Hero spends ``amount`` unspent Stamina chips (a cost)."""

    what = "stamina to spend"

    def apply(self, state: CampaignState) -> CampaignState:
        state = debts.settle(state, "stamina", self.hero, str(self.amount))
        return state.with_hero(stamina.spend(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} spends {self.amount} stamina"


class StaminaLost(_Amount, tag="base:stamina-lost", frozen=True, kw_only=True):
    """The Hero loses ``amount`` stamina; a shortfall becomes damage."""

    what = "stamina to lose"

    def apply(self, state: CampaignState) -> CampaignState:
        state = debts.settle(state, "stamina loss", self.hero, str(self.amount))
        return state.with_hero(stamina.lose(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} loses {self.amount} stamina"


class StaminaRestored(_Amount, tag="base:stamina-restored", frozen=True, kw_only=True):
    """``amount`` spent Stamina chips return to the unspent side."""

    what = "stamina to restore"

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stamina.restore(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} restores {self.amount} stamina"


class StaminaLocked(_Amount, tag="base:stamina-locked", frozen=True, kw_only=True):
    """The Hero locks ``amount`` chips on ``source`` (a passive action or an item)."""

    source: str = "passive"
    what = "stamina to lock"

    def apply(self, state: CampaignState) -> CampaignState:
        source = check_name(self.source, "lock source")
        return self.update(state, lambda hero: stamina.lock(hero, self.checked(), source))

    def describe(self) -> str:
        return f"{self.hero} locks {self.amount} stamina on {self.source}"


class StaminaUnlocked(HeroEvent, tag="base:stamina-unlocked", frozen=True, kw_only=True):
    """The Hero ends ``source``; the chips locked on it become spent."""

    source: str = "passive"

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: stamina.unlock(hero, self.source))

    def describe(self) -> str:
        return f"{self.hero} ends {self.source}; its locked stamina becomes spent"


class DamageTaken(_Amount, tag="base:damage-taken", frozen=True, kw_only=True):
    """The Hero takes ``amount`` damage: disk, then spent, then locked chips (§2.2)."""

    what = "damage"

    def apply(self, state: CampaignState) -> CampaignState:
        state = debts.settle(state, "damage", self.hero, str(self.amount))
        return state.with_hero(stamina.take_damage(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} takes {self.amount} damage"


class DamageHealed(_Amount, tag="base:damage-healed", frozen=True, kw_only=True):
    """The Hero heals ``amount`` damage: wound chips return to the disk."""

    what = "damage to heal"

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stamina.heal(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} heals {self.amount} damage"


class StatusRemoved(HeroEvent, tag="base:status-removed", frozen=True, kw_only=True):
    """The Hero is no longer wounded, or no longer exhausted."""

    status: Literal["wounded", "exhausted"]

    def apply(self, state: CampaignState) -> CampaignState:
        remove = stamina.remove_wounded if self.status == "wounded" else stamina.remove_exhausted
        return self.update(state, remove)

    def describe(self) -> str:
        return f"{self.hero} is no longer {self.status}"


MAX_CONDITION_CHANGE = 9  # dice or modifier a condition's rules may add or take away


def _check_rules(rules: ConditionRules | None) -> None:
    if rules is None:
        return
    low, high = -MAX_CONDITION_CHANGE, MAX_CONDITION_CHANGE
    for field in ("action_dice", "reaction_dice", "modifier"):
        _check_range(getattr(rules, field), f"a condition's {field.replace('_', ' ')}", low, high)
    for ability in rules.abilities:
        if ability not in ("might", "agility", "will"):
            raise RuleViolation(f"the abilities are might, agility and will, not {ability!r}")


class ConditionGained(
    HeroEvent, tag="base:condition-gained", frozen=True, kw_only=True, omit_defaults=True
):
    """The Hero gains a condition; ``rules`` (from its ConditionSpec) are what it does to
    rolls, carried by the event so a replay never depends on content. Without rules (a
    label, or recorded before conditions carried rules) the payload is as it always was."""

    condition: str
    number: int
    rules: ConditionRules | None = None

    def apply(self, state: CampaignState) -> CampaignState:
        _check_range(self.number, "condition number", 1, 99)
        _check_rules(self.rules)
        name = check_name(self.condition, "condition")
        gained = Condition(name=name, number=self.number, rules=self.rules)
        return state.with_hero(conditions.gain(state.hero(self.hero), gained))

    def describe(self) -> str:
        return f"{self.hero} gains {self.condition} (#{self.number})"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        held, now = before.hero(self.hero).conditions, after.hero(self.hero).conditions
        if held == now:
            if any(c.name == self.condition for c in held):
                return [f"{self.hero} already has {self.condition}: no duplicates (§3)"]
            return [
                f"{self.condition} (#{self.number}) is discarded at once: at most two "
                "conditions, the lowest number goes, even a new one (ruling §12.6)"
            ]
        return [
            f"{c.name} (#{c.number}) is discarded: at most two conditions, the lowest number "
            "goes (§3)"
            for c in held
            if c not in now
        ]


class ConditionRemoved(HeroEvent, tag="base:condition-removed", frozen=True, kw_only=True):
    """The Hero loses a condition they hold."""

    condition: str

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(conditions.remove(state.hero(self.hero), self.condition))

    def describe(self) -> str:
        return f"{self.hero} loses {self.condition}"


class ItemGained(HeroEvent, tag="base:item-gained", frozen=True, kw_only=True):
    """The item's properties are part of the event, so replays never depend on content."""

    item: Item

    def apply(self, state: CampaignState) -> CampaignState:
        item = items.check_item(self.item)
        return state.with_hero(loadout.checked(state, items.add_item(state.hero(self.hero), item)))

    def describe(self) -> str:
        quest = " [Quest]" if self.item.quest else ""
        return f"{self.hero} gains {self.item.name}{quest}"


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


class StarsGained(_Amount, tag="base:stars-gained", frozen=True, kw_only=True):
    """The Hero gains ``amount`` Stars."""

    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stars.gain(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} gains {self.amount} Stars"


class StarsSpent(_Amount, tag="base:stars-spent", frozen=True, kw_only=True):
    """The Hero spends ``amount`` Stars they have."""

    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stars.spend(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} spends {self.amount} Stars"


class StarsGiven(_Amount, tag="base:stars-given", frozen=True, kw_only=True):
    """``hero`` gives ``amount`` Stars to ``to``."""

    to: str
    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        giver, receiver = state.hero(self.hero), state.hero(self.to)
        if giver.name == receiver.name:
            raise RuleViolation(f"{giver.name} cannot give Stars to themselves")
        amount = self.checked()
        state = state.with_hero(stars.spend(giver, amount))
        return state.with_hero(stars.gain(state.hero(receiver.name), amount))

    def describe(self) -> str:
        return f"{self.hero} gives {self.amount} Stars to {self.to}"


EVENT_TYPES: list[type[Event]] = [
    HeroJoined,
    StepStarted,
    ScenarioEnded,
    StaminaSpent,
    StaminaLost,
    StaminaRestored,
    StaminaLocked,
    StaminaUnlocked,
    DamageTaken,
    DamageHealed,
    StatusRemoved,
    ConditionGained,
    ConditionRemoved,
    ItemGained,
    ItemGiven,
    ItemDiscarded,
    ItemUsed,
    StarsGained,
    StarsSpent,
    StarsGiven,
]

# Dice and checks (§4–§6) are defined in their own modules.
EVENT_TYPES.extend(CHECK_EVENT_TYPES)
