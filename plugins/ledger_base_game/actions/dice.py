"""The die definitions in force (ruling §12.1): which the campaign uses from now on (an
action), and which are in force and registered (a query, which records nothing)."""

from pathlib import Path

import msgspec

from ledger.actions import Game
from ledger.dice import DiceSet
from ledger.model import Event
from ledger_base_game.actions._rolls import dice_in_force
from ledger_base_game.events.dice import DiceSetChosen


def set_dice(game: Game, *, dice_set: DiceSet | Path | str) -> list[Event]:
    """The campaign's dice from now on: a definition, a TOML file (a die it leaves out stays
    as it is), or the name of a registered definition (a name no plugin registers is read as
    a file's path)."""
    if isinstance(dice_set, str):
        known = game.registry.dice.find(dice_set)
        dice_set = known or Path(dice_set)
    return [DiceSetChosen(dice=dice_in_force(game.registry, game.state, dice_set))]


class DiceSets(msgspec.Struct, frozen=True, kw_only=True):
    """The dice rolls use now, whether the campaign chose them, and every registered set."""

    in_force: DiceSet
    set_for_campaign: bool
    registered: tuple[DiceSet, ...]


def dice_sets(game: Game) -> DiceSets:
    """The die definition in force and every definition the plugins register. Records
    nothing."""
    registry = game.registry
    return DiceSets(
        in_force=game.state.dice or registry.default_dice(),
        set_for_campaign=game.state.dice is not None,
        registered=tuple(registry.dice.get(name) for name in registry.dice.names()),
    )
