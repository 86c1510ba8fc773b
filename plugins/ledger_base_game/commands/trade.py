"""item sell | item buy: trading in the City step (§7.2), added to the ``item`` group."""

import click

from ledger_base_game.actions import trade as actions
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_hero,
    complete_item,
    json_option,
    pass_app,
)


@click.command("sell", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@click.option(
    "--allowed", is_flag=True, help="An Illegal item the players were told they may sell."
)
@json_option
@pass_app
def sell(app: App, hero: str, name: str, allowed: bool, as_json: bool) -> None:
    """HERO sells item NAME in the City step: a card for its coin, a token by its shape
    (1/3/5/10/20). It goes to the Stock. Quest items and Illegal items cannot be sold.

    \b
    Example:
      campaign-ledger item sell Venia "Bone token"
    """
    app.do(actions.sell_item, hero=hero, item=name, allowed=allowed, as_json=as_json)


@click.command("buy", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@click.option("--price", type=int, required=True, help="The Stars the Campaign Book asks.")
@json_option
@pass_app
def buy(app: App, hero: str, name: str, price: int, as_json: bool) -> None:
    """HERO buys item NAME from the Stock in the City step. Offering it for sale first moves
    every copy in the Archive to the Stock.

    \b
    Example:
      campaign-ledger item buy Torrax Sword --price 12
    """
    app.do(actions.buy_item, hero=hero, item=name, price=price, as_json=as_json)


def register(cli: click.Group) -> None:
    item = cli.commands["item"]  # registered by .item, which comes first
    assert isinstance(item, click.Group)
    item.add_command(sell)
    item.add_command(buy)
