"""The Agemonia base game, registered through the same hooks as any expansion."""

import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from ledger.dice import DiceSet
from ledger.hosting import CommandGroup, Registry, hookimpl
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
    ProfessionSpec,
    ScenarioSpec,
    ServiceSpec,
    TalentSpec,
    specs_from_tables,
)
from ledger.text import name_key
from ledger_base_game.data import tables
from ledger_base_game.rules.modifier_types import MODIFIER_TYPES

__version__ = "0.2.0"

SpecT = TypeVar("SpecT", bound=msgspec.Struct)


def _load(file: str, table: str, spec: type[SpecT]) -> list[SpecT]:
    """Content lives in TOML files under data/, one array of tables per file."""
    return specs_from_tables(tables(file), table, spec)


@hookimpl
def register_event_types() -> list[type[Event]]:
    # Here, not at the top: a command the registry answers without folding an event (`hero
    # show` from a snapshot) never asks for the event types, and importing them, some eighty
    # Struct classes and the rules they apply, is a third of such a command's own start-up.
    from ledger_base_game import events

    return list(events.EVENT_TYPES)


@hookimpl
def register_heroes() -> list[HeroSpec]:
    return _load("heroes.toml", "hero", HeroSpec)


@hookimpl
def register_conditions() -> list[ConditionSpec]:
    return _load("conditions.toml", "condition", ConditionSpec)


@hookimpl
def register_items() -> list[ItemSpec]:
    return _load("items.toml", "item", ItemSpec)


@hookimpl
def register_classes() -> list[ClassSpec]:
    return _load("classes.toml", "class", ClassSpec)


@hookimpl
def register_professions() -> list[ProfessionSpec]:
    return _load("professions.toml", "profession", ProfessionSpec)


@hookimpl
def register_talents() -> list[TalentSpec]:
    return _load("talents.toml", "talent", TalentSpec)


@hookimpl
def register_scenarios() -> list[ScenarioSpec]:
    return _load("scenarios.toml", "scenario", ScenarioSpec)


@hookimpl
def register_factions() -> list[FactionSpec]:
    return _load("factions.toml", "faction", FactionSpec)


@hookimpl
def register_injuries() -> list[InjurySpec]:
    """The Injury cards whose effects are known (data/injuries.toml, each with its source and
    confidence), registered as an expansion would register its own."""
    return _load("injuries.toml", "injury", InjurySpec)


@hookimpl
def register_commands(cli: CommandGroup) -> None:
    from ledger_base_game import commands  # imports click: only when a CLI is built

    commands.register(cli)


# What a table records most, offered first (a face lists actions in the order given).
MOST_RECORDED = (
    "damage",
    "heal",
    "spend_stamina",
    "lose_stamina",
    "restore_stamina",
    "gain_condition",
    "remove_condition",
    "gain_item",
    "discard_item",
    "use_item",
    "gain_stars",
    "spend_stars",
    "make_check",
)


@hookimpl
def register_actions() -> list[Callable[..., Any]]:
    """Every action and query of ``actions.__all__`` (its types aside), what a table records
    most first."""
    from ledger_base_game import actions  # imported when a face lists them, not per command

    names = [*MOST_RECORDED, *(name for name in actions.__all__ if name not in MOST_RECORDED)]
    found = (getattr(actions, name) for name in names)
    return [function for function in found if inspect.isfunction(function)]


@hookimpl(trylast=True)
def interpret_item_phrase(item: Item, phrase: str) -> bool | None:
    """The fallback reading: the item answers a phrase printed on it, in any case."""
    return any(name_key(printed) == name_key(phrase) for printed in item.phrases)


@hookimpl
def register_services() -> list[ServiceSpec]:
    return _load("services.toml", "service", ServiceSpec)


@hookimpl
def register_dice() -> list[DiceSet]:
    """The default dice, an assumption until counted from real dice (data/dice.toml)."""
    return msgspec.convert(tables("dice.toml")["dice"], list[DiceSet])


@hookimpl
def register_modifier_types() -> list[ModifierType]:
    """The requirement types of the seed text's check modifiers (rules/modifier_types.py)."""
    return MODIFIER_TYPES


@hookimpl
def validate_event(state: CampaignState, event: Event, registry: Registry) -> str | None:
    """Names in progress events checked against every plugin's content
    (``rules.validators``, imported when an event is first recorded, as it imports the event
    types, and then kept: an import statement here would cost every event some 8 k
    instructions)."""
    if not _VALIDATORS:
        from ledger_base_game.rules.validators import validate_event as validate

        _VALIDATORS.append(validate)
    answer: str | None = _VALIDATORS[0](state, event, registry)
    return answer


_VALIDATORS: list[Any] = []
