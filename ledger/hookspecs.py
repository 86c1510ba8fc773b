# mypy: disable-error-code="empty-body"
"""The hooks a plugin may implement. Registries return lists; the host refuses duplicates."""

import pluggy

from ledger.content import ConditionSpec, HeroSpec, ItemSpec
from ledger.event import Event

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
