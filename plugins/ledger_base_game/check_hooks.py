"""The base game's dice and modifier requirement types, through the same hooks as any
expansion's (``ledger_base_game`` exposes these two functions as its own)."""

from importlib.resources import files

import msgspec

from ledger.dice import DiceSet
from ledger.hosting import hookimpl
from ledger.model import ModifierType
from ledger_base_game.modifier_types import MODIFIER_TYPES


@hookimpl
def register_dice() -> list[DiceSet]:
    """The default dice, an assumption until counted from real dice (data/dice.toml)."""
    data = files("ledger_base_game").joinpath("data", "dice.toml").read_bytes()
    return list(msgspec.toml.decode(data, type=dict[str, list[DiceSet]])["dice"])


@hookimpl
def register_modifier_types() -> list[ModifierType]:
    return MODIFIER_TYPES
