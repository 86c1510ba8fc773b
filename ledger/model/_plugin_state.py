"""State of a plugin's own: frozen Structs a plugin registers (``register_state``), kept under
its namespace on each Hero and on the campaign, and evolved by its events' ``apply`` like the
rest of the state, so they have ``--at``, undo, verify and export like the base game's."""

from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

import msgspec


class PluginState(msgspec.Struct, frozen=True, kw_only=True):
    """Base of a plugin's state. Subclass :class:`HeroPart` or :class:`CampaignPart`, set
    ``namespace`` (the plugin's name, e.g. the prefix of its event tags) and give every field
    a default: the defaults are the state before any of the plugin's events."""

    namespace: ClassVar[str] = ""

    def describe(self) -> str:
        """One line for the pages (the Hero card and sheet, the party sheet), in the players'
        words: override it (``"2 gadgets built"``); by default each field and its value."""
        return fields_text(msgspec.to_builtins(self))


class HeroPart(PluginState, frozen=True, kw_only=True):
    """A plugin's state of one Hero, read with ``hero.part(Type)`` and replaced with
    ``hero.with_part(value)``."""


class CampaignPart(PluginState, frozen=True, kw_only=True):
    """A plugin's state of the whole campaign, read with ``state.part(Type)`` and replaced
    with ``state.with_part(value)``."""


P = TypeVar("P", bound=PluginState)


def fields_text(fields: Mapping[str, Any]) -> str:
    """``built 2 · chips 1``: a part's fields as a page shows them when it says nothing."""
    shown = []
    for name, value in fields.items():
        if isinstance(value, list | tuple):
            value = ", ".join(map(str, value)) or "none"
        shown.append(f"{name.replace('_', ' ')} {value}")
    return " · ".join(shown)


def read_part(parts: dict[str, Any], kind: type[P]) -> P:
    """The ``kind`` stored in ``parts`` under its namespace, or its initial value (all
    defaults) when none of the plugin's events has changed it yet."""
    found = parts.get(kind.namespace)
    if found is None:
        return kind()
    if isinstance(found, kind):
        return found
    if isinstance(found, msgspec.Struct):  # the plugin's module imported twice (a script)
        found = msgspec.to_builtins(found)
    return msgspec.convert(found, kind)  # read by a decoder that did not know the type


def with_part(
    parts: dict[str, Any], value: PluginState, scope: type[PluginState]
) -> dict[str, Any]:
    """``parts`` with ``value`` under its namespace (a new dict: state is never mutated);
    ``scope`` is the base its type must have (a Hero's parts are HeroParts)."""
    if not isinstance(value, scope):
        raise TypeError(f"{type(value).__name__} is not a {scope.__name__}")
    if not value.namespace:
        raise TypeError(f"{type(value).__name__} sets no namespace")
    return {**parts, value.namespace: value}


def typed_parts(parts: dict[str, Any], kinds: Mapping[str, type[PluginState]]) -> dict[str, Any]:
    """``parts`` as decoded from JSON (plain dicts) turned into the registered types; a part
    no loaded plugin registers is kept as it was read."""
    return {
        namespace: msgspec.convert(value, kinds[namespace])
        if namespace in kinds and isinstance(value, dict)
        else value
        for namespace, value in parts.items()
    }
