"""Every command that rolls dice or reads the dice (§4–§6), registered together."""

import click

from ledger_base_game.commands import (
    attack,
    checks,
    dice,
    group,
    group_step,
    odds,
    progressive,
    react,
)


def register(cli: click.Group) -> None:
    for module in (dice, checks, react, odds, group, group_step, progressive, attack):
        module.register(cli)
