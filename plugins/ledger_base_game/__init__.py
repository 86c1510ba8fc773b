"""The Agemonia base game, registered through the same hooks as any expansion."""

from importlib.resources import files

import msgspec

from ledger.content import ConditionSpec, HeroSpec, ItemSpec
from ledger.event import Event
from ledger.hookspecs import hookimpl
from ledger_base_game.events import EVENT_TYPES

__version__ = "0.1.0"


class _Heroes(msgspec.Struct):
    hero: list[HeroSpec]


class _Conditions(msgspec.Struct):
    condition: list[ConditionSpec]


class _Items(msgspec.Struct):
    item: list[ItemSpec]


def _data(name: str) -> bytes:
    return files(__name__).joinpath("data", name).read_bytes()


@hookimpl
def register_event_types() -> list[type[Event]]:
    return EVENT_TYPES


@hookimpl
def register_heroes() -> list[HeroSpec]:
    return msgspec.toml.decode(_data("heroes.toml"), type=_Heroes).hero


@hookimpl
def register_conditions() -> list[ConditionSpec]:
    return msgspec.toml.decode(_data("conditions.toml"), type=_Conditions).condition


@hookimpl
def register_items() -> list[ItemSpec]:
    return msgspec.toml.decode(_data("items.toml"), type=_Items).item
