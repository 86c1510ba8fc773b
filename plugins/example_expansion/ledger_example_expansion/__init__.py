"""The Clockwork Guild: an example expansion, registered through its entry point."""

import re
from collections.abc import Callable
from typing import Any

from ledger.errors import BadInput
from ledger.hosting import CommandGroup, Upcaster, hookimpl
from ledger.model import (
    CampaignState,
    ConditionRules,
    ConditionSpec,
    Event,
    InjuryEffect,
    InjurySpec,
    Item,
    ItemSpec,
    ModifierType,
    PluginState,
    ProfessionSpec,
    Situation,
    TalentSpec,
    Verdict,
)
from ledger.text import name_key
from ledger_example_expansion import events
from ledger_example_expansion.events import EVENT_TYPES, GADGET, KIT, Guild, Workshop, carries

__version__ = "0.2.0"

LOCK_PHRASE = "Opens any lock"


@hookimpl
def register_event_types() -> list[type[Event]]:
    return list(EVENT_TYPES)


@hookimpl
def register_state() -> list[type[PluginState]]:
    """The Workshop of each Hero and the Guild's count, folded by ``example:gadget-built``."""
    return [Workshop, Guild]


@hookimpl
def register_upcasters() -> list[Upcaster]:
    """Version 0.2.0 records a gadget's cost (schema 2); rows of 0.1.0 are read through this."""
    return [Upcaster(tag="example:gadget-built", from_schema=1, upcast=events.upcast_v1)]


@hookimpl
def register_conditions() -> list[ConditionSpec]:
    """Steady Hands: a condition with rules the ledger applies (+1 on one Agility check in a
    scenario, then discarded). Its number must not be one of the base game's (1-10)."""
    rules = ConditionRules(modifier=1, abilities=("agility",), discarded=True)
    effect = "+1 on your next Agility check; then discard."
    return [
        ConditionSpec(name="Steady Hands", number=21, positive=True, effect=effect, rules=rules)
    ]


@hookimpl
def register_professions() -> list[ProfessionSpec]:
    return [ProfessionSpec(name="Tinkerer", talents=("Tinkering",))]


@hookimpl
def register_talents() -> list[TalentSpec]:
    return [TalentSpec(name="Tinkering", profession="Tinkerer", phrases=("Repair",))]


@hookimpl
def register_items() -> list[ItemSpec]:
    return [
        ItemSpec(name=KIT, weight=1, phrases=("Repair",)),
        ItemSpec(name=GADGET, hands=1, phrases=(LOCK_PHRASE,)),
    ]


@hookimpl
def register_injuries() -> list[InjurySpec]:
    """An Injury card of the Guild's workshops, drawn like any: -1 on every active check."""
    effect = InjuryEffect(kind="checks", amount=-1)
    return [
        InjurySpec(
            name="Gear-Pinched Fingers",
            effect="Get one fewer success on every active check.",
            effects=(effect,),
            source="example expansion (invented for the example)",
            confidence="CONFIRMED (the example's own card)",
        )
    ]


@hookimpl
def interpret_item_phrase(item: Item, phrase: str) -> bool | None:
    """An item that "opens any lock" answers every phrase about a lock ("Lock picking",
    "locked door"), not "Blocking"."""
    if LOCK_PHRASE in item.phrases and re.search(r"\block", phrase, re.IGNORECASE):
        return True
    return None  # not ours to judge: the next plugin (finally the base game) reads it


def has_gadgets(situation: Situation, value: str) -> Verdict:
    """``gadgets=N``: the Hero carries at least N Clockwork Gadgets."""
    if not value.strip().isdigit():
        raise BadInput(f"a gadgets requirement is a number of gadgets, not {value!r}")
    have = carries(situation.hero, GADGET)
    return Verdict(have >= int(value), f"{situation.hero.name} carries {have} {GADGET}(s)")


@hookimpl
def register_modifier_types() -> list[ModifierType]:
    return [ModifierType(name="gadgets", judge=has_gadgets, help="carries N Clockwork Gadgets")]


@hookimpl
def validate_event(state: CampaignState, event: Event) -> str | None:
    """House rule of the Guild: a Clockwork Gadget stays with the Hero who built it."""
    item = getattr(event, "item", None)
    if event.tag() == "base:item-given" and isinstance(item, str) and carries_name(item):
        return f"a {GADGET} answers only to the Hero who built it and cannot be given"
    return None


def carries_name(item: str) -> bool:
    return name_key(item) == name_key(GADGET)


@hookimpl
def register_commands(cli: CommandGroup) -> None:
    from ledger_example_expansion import commands  # imports click: only when a CLI is built

    commands.register(cli)


@hookimpl
def register_actions() -> list[Callable[..., Any]]:
    from ledger_example_expansion import actions

    return [actions.build_gadget, actions.gadgets_carried]
