"""Options for the properties of an item the loaded plugins do not know (or know only in part):
its coin, token shape, Illegal banner, Hero, weight, hands and backpack capacity (§7.2). The
item is built and checked by ``ledger_base_game.item_properties``, from Python as from here."""

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ledger_base_game.rules.item_properties import SHAPES
from ledger_cli.helpers import complete_hero

F = TypeVar("F", bound=Callable[..., Any])


def item_options(command: F) -> F:
    """The property options, in the order ``--help`` lists them."""
    for option in reversed(
        [
            click.option("--value", type=int, help="The coin printed on the card (0: none)."),
            click.option("--shape", type=click.Choice(SHAPES), help="A token's shape."),
            click.option("--illegal", is_flag=True, help="An Illegal item (red banner)."),
            click.option(
                "--owner",
                metavar="HERO",
                shell_complete=complete_hero,
                help="A Hero-specific item's Hero.",
            ),
            click.option("--weight", type=int, help="The number by the backpack symbol."),
            click.option("--hands", type=int, help="Hands it needs when active (1 or 2)."),
            click.option("--capacity", type=int, help="A backpack: how much it adds."),
        ]
    ):
        command = option(command)
    return command


def kind_options(command: F) -> F:
    """The options for an item's kind (Quest, token, card number), what using it does, then
    its properties: the same for ``item gain`` and ``stock add``."""
    for option in reversed(
        [
            click.option("--quest", is_flag=True, help="A Quest item: it can never be discarded."),
            click.option("--token", is_flag=True, help="An Item token rather than a card."),
            click.option("--number", type=int, help="The Item card's number."),
            click.option("--heal", type=int, default=0, help="Used: heals N damage."),
            click.option("--restore", type=int, default=0, help="Used: restores N stamina."),
            click.option(
                "--removes-conditions", type=int, default=0, help="Used: removes N conditions."
            ),
            click.option(
                "--target",
                type=click.Choice(["self", "ranged", "area"]),
                default="self",
                show_default=True,
                help="Who a use can affect.",
            ),
        ]
    ):
        command = option(command)
    return item_options(command)
