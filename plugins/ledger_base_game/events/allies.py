"""The base game's events for Non-Hero Allies (§1, §2.2, §3): an Ally card or a hired
Henchman with abilities and Taunt, health on a Health Counter die, condition tokens. It is
never a Hero: it holds no Stamina chips, items, gems or Stars. Tags never change once
released."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Ally, CampaignState, Condition, ConditionRules, Debt, Event
from ledger.rules import debts
from ledger.rules.conditions import held_after
from ledger.text import check_name, name_key
from ledger_base_game.events import _tallies
from ledger_base_game.rules.checks import ABILITIES
from ledger_base_game.rules.ranges import (
    MAX_ABILITY,
    MAX_CONDITION_NUMBER,
    MAX_HEALTH,
    MAX_TAUNT,
    check_range,
)

EXHAUSTED = "ally exhausted"  # the debt a blow to 0 health leaves: AllyExhausted pays it


def tracked_health(ally: Ally) -> int:
    """The Ally's health, refused when the ledger was not given it."""
    if ally.health is None:
        raise RuleViolation(
            f"{ally.name} joined without its health (ally add --health N), so the table keeps "
            "it on its Health Counter die; record {exhaust_ally} when it reaches 0",
            fields=["exhaust_ally"],
        )
    return ally.health


def active_ally(state: CampaignState, name: str) -> Ally:
    """The Ally, refused once exhausted: at 0 health it is removed from the map (§2.3)."""
    ally = state.ally(name)
    if ally.exhausted:
        raise RuleViolation(
            f"{ally.name} is exhausted: a Non-Hero Ally at 0 health is removed from the map "
            "and nothing affects it any more (§2.3)"
        )
    return ally


def after_scenario(state: CampaignState) -> CampaignState:
    """The Allies at a scenario's end: every condition token ends (§3); an exhausted
    Henchman is removed for good (§8.4). Other Allies stay as they are (ruling)."""
    if not state.allies:
        return state
    kept = {
        name: replace(ally, conditions=())
        for name, ally in state.allies.items()
        if not (ally.henchman and ally.exhausted)
    }
    return replace(state, allies=kept)


def scenario_notes(before: CampaignState, after: CampaignState) -> list[str]:
    """What the scenario's end did to the Allies, in words."""
    gone = [name for name in before.allies if name not in after.allies]
    notes = [f"{name}, an exhausted Henchman, is removed permanently (§8.4)" for name in gone]
    notes += [
        f"{name}'s condition tokens end with the scenario (§3)"
        for name, ally in before.allies.items()
        if ally.conditions and name in after.allies
    ]
    return notes


class AllyEvent(Event, frozen=True, kw_only=True):
    """An event about one Non-Hero Ally."""

    ally: str


class AllyJoined(AllyEvent, tag="base:ally-joined", frozen=True, kw_only=True):
    """A Non-Hero Ally joins the party, its Health Counter die at ``health``."""

    might: int
    agility: int
    will: int
    taunt: int
    health: int | None = None  # None: the table keeps it on the die, not the ledger
    henchman: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        name = check_name(self.ally, "Ally name")
        taken = [*state.heroes, *state.allies]
        clash = next((other for other in taken if name_key(other) == name_key(name)), None)
        if clash is not None:
            kind = "a Hero" if clash in state.heroes else "an Ally"
            raise RuleViolation(
                f"{clash} is already {kind} in this campaign; checks and reactions find "
                "Heroes and Allies by name, so each name is one of them"
            )
        for ability in ABILITIES:
            check_range(getattr(self, ability), ability.title(), 0, MAX_ABILITY)
        check_range(self.taunt, "Taunt", 0, MAX_TAUNT)
        if self.health is not None:
            check_range(self.health, "health", 1, MAX_HEALTH)
        ally = Ally(
            name=name,
            might=self.might,
            agility=self.agility,
            will=self.will,
            taunt=self.taunt,
            health=self.health,
            max_health=self.health,
            henchman=self.henchman,
        )
        return state.with_ally(ally)

    def describe(self) -> str:
        kind = "Henchman" if self.henchman else "Non-Hero Ally"
        health = "health not tracked" if self.health is None else f"health {self.health}"
        return (
            f"{self.ally} joins as a {kind} (Might {self.might}, Agility {self.agility}, "
            f"Will {self.will}, Taunt {self.taunt}, {health})"
        )


class AllyDamaged(AllyEvent, tag="base:ally-damaged", frozen=True, kw_only=True):
    """The Ally's Health Counter die goes down by ``amount``; stamina loss counts as damage
    (``stamina_loss``: it was stamina loss, §2.2). At 0 the same command records it
    exhausted."""

    amount: int
    stamina_loss: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        check_range(self.amount, "damage", 1, MAX_HEALTH)
        state = debts.settle(state, "damage", ally.name, str(self.amount))
        health = max(0, tracked_health(ally) - self.amount)
        state = state.with_ally(replace(ally, health=health))
        if health == 0:
            state = debts.owe(state, Debt(kind=EXHAUSTED, hero=ally.name))
        return state

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        notes = []
        if self.stamina_loss:
            notes.append("a Non-Hero Ally takes all stamina loss as damage (§2.2)")
        health = before.ally(self.ally).health or 0
        if self.amount > health:
            notes.append(f"{self.amount - health} more than its health: ignored")
        return notes

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.DAMAGE: self.amount}

    def describe(self) -> str:
        what = "stamina loss, taken as damage" if self.stamina_loss else "damage"
        return f"{self.ally} takes {self.amount} {what}"


class AllyHealed(AllyEvent, tag="base:ally-healed", frozen=True, kw_only=True):
    """The Ally's Health Counter die goes up by ``amount``, never above the health it joined
    with (a heal beyond the damage taken is capped, §2.2)."""

    amount: int

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        check_range(self.amount, "healing", 1, MAX_HEALTH)
        health = tracked_health(ally) + self.amount
        return state.with_ally(replace(ally, health=min(ally.max_health or health, health)))

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        ally = before.ally(self.ally)
        room = (ally.max_health or 0) - (ally.health or 0)
        if self.amount > room:
            return [f"{self.amount - room} more than its damage: ignored (§2.2)"]
        return []

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.HEALED: self.amount}

    def describe(self) -> str:
        return f"{self.ally} heals {self.amount} damage"


class AllyExhausted(AllyEvent, tag="base:ally-exhausted", frozen=True, kw_only=True):
    """The Ally's health reached 0: it is exhausted and removed from the map (§2.3), its
    condition tokens with it. An Ally whose health the ledger was not given is exhausted
    when the table says so."""

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        if ally.health:
            raise RuleViolation(
                f"{ally.name} has {ally.health} health; a Non-Hero Ally is exhausted at 0"
            )
        state = debts.settle(state, EXHAUSTED, ally.name)
        return state.with_ally(replace(ally, exhausted=True, conditions=()))

    def describe(self) -> str:
        return f"{self.ally} is exhausted at 0 health and removed from the map"


class AllyLeft(AllyEvent, tag="base:ally-left", frozen=True, kw_only=True):
    """The Ally leaves the party (dismissed, or as a Henchman's Story entry says); its name
    is free again."""

    def apply(self, state: CampaignState) -> CampaignState:
        return state.without_ally(state.ally(self.ally).name)

    def describe(self) -> str:
        return f"{self.ally} leaves the party"


class AllyConditionGained(AllyEvent, tag="base:ally-condition-gained", frozen=True, kw_only=True):
    """The Ally takes a condition token (§3): no duplicates, at most two, a third discards
    the lowest number. ``rules`` are what it does to rolls, as for a Hero."""

    condition: str
    number: int
    rules: ConditionRules | None = None

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        check_range(self.number, "condition number", 1, MAX_CONDITION_NUMBER)
        gained = Condition(
            name=check_name(self.condition, "condition"), number=self.number, rules=self.rules
        )
        return state.with_ally(replace(ally, conditions=held_after(ally.conditions, gained)))

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        held, now = before.ally(self.ally).conditions, after.ally(self.ally).conditions
        if held == now:
            if any(name_key(c.name) == name_key(self.condition) for c in held):
                return [f"{self.ally} already has {self.condition}: no duplicates (§3)"]
            return [f"{self.condition} is discarded at once: at most two, the lowest goes"]
        return [
            f"{c.name} (#{c.number}) is discarded: at most two conditions, the lowest number "
            "goes (§3)"
            for c in held
            if c not in now
        ]

    def describe(self) -> str:
        return f"{self.ally} gains a {self.condition} token (#{self.number})"


class AllyConditionRemoved(AllyEvent, tag="base:ally-condition-removed", frozen=True, kw_only=True):
    """The Ally's condition token is discarded."""

    condition: str

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        kept = tuple(c for c in ally.conditions if name_key(c.name) != name_key(self.condition))
        if len(kept) == len(ally.conditions):
            held = ", ".join(c.name for c in ally.conditions) or "none"
            raise RuleViolation(f"{ally.name} does not have {self.condition} (conditions: {held})")
        return state.with_ally(replace(ally, conditions=kept))

    def describe(self) -> str:
        return f"{self.ally} loses its {self.condition} token"
