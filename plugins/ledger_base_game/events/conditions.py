"""The base game's events for conditions (§3): at most two, no duplicates, a third discards
the lowest number. Tags never change once released."""

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Condition, ConditionRules, HeroEvent
from ledger.rules import conditions
from ledger.text import check_name
from ledger_base_game.rules.checks import ABILITIES
from ledger_base_game.rules.ranges import MAX_CONDITION_CHANGE, MAX_CONDITION_NUMBER, check_range


def _check_rules(rules: ConditionRules | None) -> None:
    if rules is None:
        return
    low, high = -MAX_CONDITION_CHANGE, MAX_CONDITION_CHANGE
    for field in ("action_dice", "reaction_dice", "modifier"):
        check_range(getattr(rules, field), f"a condition's {field.replace('_', ' ')}", low, high)
    for ability in rules.abilities:
        if ability not in ABILITIES:
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
        check_range(self.number, "condition number", 1, MAX_CONDITION_NUMBER)
        if self.rules is not None:  # a label, or recorded before conditions carried rules
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
