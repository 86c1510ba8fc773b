# mypy: disable-error-code="empty-body"
"""The hooks a plugin may implement. Registries return lists; the host refuses duplicates."""

import pluggy

from ledger.content import (
    ClassSpec,
    ConditionSpec,
    FactionSpec,
    HeroSpec,
    ItemSpec,
    ProfessionSpec,
    ScenarioSpec,
    TalentSpec,
)
from ledger.dice.definition import DiceSet
from ledger.event import Event
from ledger.modifiers import ModifierType

PROJECT = "campaign_ledger"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_event_types() -> list[type[Event]]:
    """Event types this plugin defines: Event subclasses with namespaced tags."""


@hookspec
def register_heroes() -> list[HeroSpec]:
    """Heroes with the statistics this plugin knows."""


@hookspec
def register_conditions() -> list[ConditionSpec]:
    """Conditions with their numbers."""


@hookspec
def register_items() -> list[ItemSpec]:
    """Item cards and tokens with the properties the rules look at."""


@hookspec
def register_classes() -> list[ClassSpec]:
    """Classes with their Hero and their Class skills."""


@hookspec
def register_professions() -> list[ProfessionSpec]:
    """Professions with their basic Talents in card order and their Master Talent."""


@hookspec
def register_talents() -> list[TalentSpec]:
    """Talents with their Profession and the keywords they count as."""


@hookspec
def register_scenarios() -> list[ScenarioSpec]:
    """Scenario cards with their symbols (XP, replay, Arena)."""


@hookspec
def register_factions() -> list[FactionSpec]:
    """Faction tracks with their rank thresholds, where known."""


@hookspec
def register_dice() -> list[DiceSet]:
    """Die definitions: the faces of the Action and Reaction dice, named, flagged if assumed."""


@hookspec
def register_modifier_types() -> list[ModifierType]:
    """Kinds of check-modifier requirement: a name and ``judge(situation, value) -> Verdict``."""
