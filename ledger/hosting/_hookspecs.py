# mypy: disable-error-code="empty-body"
"""The hooks a plugin may implement. Registries return lists; the host refuses duplicates."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

from ledger.dice import DiceSet
from ledger.hosting._extensions import Migration, Upcaster
from ledger.model import (
    CampaignState,
    ClassSpec,
    ConditionSpec,
    Event,
    FactionSpec,
    HeroSpec,
    InjurySpec,
    Item,
    ItemSpec,
    ModifierType,
    PluginState,
    ProfessionSpec,
    ScenarioSpec,
    ServiceSpec,
    TalentSpec,
)
from ledger.storage import Row

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.hosting._registry import Registry

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
    """Item cards and tokens with the properties the rules look at (a plain Item is fine)."""


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
def register_injuries() -> list[InjurySpec]:
    """Injury cards with the effects the ledger applies while one is held."""


# Hooks for expansion authors (docs/plugins.md). Everything below is called with keyword
# arguments, one implementation at a time, so an exception names its plugin and hook.


class CommandGroup(Protocol):
    """The root click group, typed without importing click (the core never does)."""

    def add_command(self, cmd: Any, name: str | None = None) -> None: ...

    def command(self, *args: Any, **kwargs: Any) -> Any: ...

    def group(self, *args: Any, **kwargs: Any) -> Any: ...


@hookspec
def register_upcasters() -> list[Upcaster]:
    """Upcasters turning a stored payload of one schema version into the next one's."""


@hookspec
def register_migrations() -> list[Migration]:
    """Database migrations for this plugin's own tables, applied in order, once each."""


@hookspec
def register_commands(cli: CommandGroup) -> None:
    """Add click commands or groups to the root command ``cli``."""


@hookspec(firstresult=True)
def interpret_item_phrase(item: Item, phrase: str) -> bool | None:
    """Whether ``item`` answers the ``phrase`` a check names; None when not understood."""


@hookspec
def validate_event(state: CampaignState, event: Event, registry: "Registry") -> str | None:
    """A reason to refuse ``event`` in ``state`` (before it), or None; ``registry``: content."""


@hookspec
def event_recorded(db: "Database", state: CampaignState, event: Event, row: Row) -> None:
    """React to ``event`` inside its command's transaction; raising undoes the whole command."""


@hookspec
def register_services() -> list[ServiceSpec]:
    """City activities, locations and services with their costs and effects."""


@hookspec
def register_dice() -> list[DiceSet]:
    """Die definitions: the faces of the Action and Reaction dice, named, flagged if assumed."""


@hookspec
def register_modifier_types() -> list[ModifierType]:
    """Kinds of check-modifier requirement: a name and ``judge(situation, value) -> Verdict``."""


@hookspec
def register_state() -> list[type[PluginState]]:
    """This plugin's own state: HeroPart and CampaignPart types, each under its namespace."""


@hookspec
def register_actions() -> list[Callable[..., Any]]:
    """Actions (``-> list[Event]``) and queries a face may offer, most used first, by name."""
