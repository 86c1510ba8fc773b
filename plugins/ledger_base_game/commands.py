"""The base game's command groups, added through ``register_commands`` like any plugin's.
They live in ledger_cli for now; only this list decides whether they are offered."""

import click

from ledger.hookspecs import CommandGroup
from ledger_cli import (
    city,
    condition,
    dice_commands,
    faction,
    hero,
    injury,
    item,
    loadout,
    progress,
    sheets,
    stars,
    steps,
    stock,
    trade,
    vitality,
)

MODULES = (
    hero,
    steps,
    vitality,
    condition,
    item,
    stars,
    trade,
    stock,
    city,
    injury,
    loadout,
    faction,
    progress,
    sheets,
    dice_commands,
)


def register(cli: CommandGroup) -> None:
    assert isinstance(cli, click.Group)
    for module in MODULES:
        module.register(cli)
