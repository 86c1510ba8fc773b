"""item sell | item buy: trading in the City step (§7.2), added to the ``item`` group."""

import click

from ledger.text import name_key
from ledger_base_game.events_city import ItemBought, ItemSold
from ledger_cli.helpers import NUMBERS, App, json_option, pass_app


def register(cli: click.Group) -> None:
    item = cli.commands["item"]
    assert isinstance(item, click.Group)

    @item.command("sell")
    @click.argument("hero")
    @click.argument("name")
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
        seller = app.state()[1].hero(hero)
        event = ItemSold(hero=seller.name, item=seller.item(name).name, allowed=allowed)
        app.record(event, as_json=as_json)

    @item.command("buy", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("name")
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
        state = app.state()[1]
        copies = (*state.stock, *state.archive)
        known = next((i.name for i in copies if name_key(i.name) == name_key(name)), name)
        event = ItemBought(hero=state.hero(hero).name, item=known, price=price)
        app.record(event, as_json=as_json)
