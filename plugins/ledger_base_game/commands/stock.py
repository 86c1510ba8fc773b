"""stock show | stock add | stock scenario | stock offer | stock gain | stock take"""

from typing import Any

import click

from ledger_base_game.actions import stock as actions
from ledger_base_game.commands._item_properties import kind_options
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_hero,
    complete_item,
    json_option,
    listing_group,
    output_city,
    pass_app,
    state_view,
)

show = state_view(
    "show",
    "The Stock, the Archive and the Scenario cards in the Stock, now or at --at.",
    output_city.supply_json,
    output_city.supply_text,
)


@click.command("add", cls=Command, context_settings=NUMBERS)
@click.argument("name", shell_complete=complete_item)
@click.option("--archive", is_flag=True, help="Into the Archive (copies not yet released).")
@click.option("--count", type=int, default=1, show_default=True, help="How many copies.")
@kind_options
@json_option
@pass_app
def add(app: App, /, name: str, archive: bool, count: int, as_json: bool, **options: Any) -> None:
    """Put copies of item NAME into the Stock (or the Archive).

    \b
    Examples:
      campaign-ledger stock add Sword --archive --count 2
      campaign-ledger stock add "Bone token" --token --shape triangle
    """
    app.do(
        actions.add_to_stock, item=name, count=count, archive=archive, as_json=as_json, **options
    )


@click.command("scenario", cls=Command, context_settings=NUMBERS)
@click.argument("number", type=int)
@click.option("--xp/--no-xp", default=None, help="The card shows the XP symbol.")
@click.option("--replay/--no-replay", default=None, help="The card shows the replay symbol.")
@click.option("--arena/--no-arena", default=None, help="The card shows the Arena symbol.")
@json_option
@pass_app
def scenario(
    app: App,
    number: int,
    xp: bool | None,
    replay: bool | None,
    arena: bool | None,
    as_json: bool,
) -> None:
    """Scenario card NUMBER goes into the Stock (e.g. found by a City service). Symbols
    the base game does not know must be given.

    \b
    Example:
      campaign-ledger stock scenario 7 --xp --no-replay --no-arena
    """
    app.do(
        actions.add_scenario_card,
        number=number,
        xp=xp,
        replay=replay,
        arena=arena,
        as_json=as_json,
    )


@click.command("offer", cls=Command)
@click.argument("name", shell_complete=complete_item)
@json_option
@pass_app
def offer(app: App, name: str, as_json: bool) -> None:
    """Item NAME is offered for sale: all its copies move from the Archive to the Stock."""
    app.do(actions.offer_item, item=name, as_json=as_json)


@click.command("gain", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@kind_options
@json_option
@pass_app
def gain(app: App, /, hero: str, name: str, as_json: bool, **options: Any) -> None:
    """HERO gains item NAME: a copy from the Stock, else from the Archive, else its sale
    value in Stars (§7.2).

    \b
    Example:
      campaign-ledger stock gain Venia "Potion of Healing" --value 3
    """
    app.do(actions.gain_from_supply, hero=hero, item=name, as_json=as_json, **options)


@click.command("take", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@json_option
@pass_app
def take(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO takes item NAME from the Stock; nothing if no copy is there (§7.2)."""
    app.do(actions.take_from_stock, hero=hero, item=name, as_json=as_json)


def register(cli: click.Group) -> None:
    stock = listing_group(
        cli,
        "stock",
        "The Stock and the Archive: items no Hero carries, and Scenario cards (shows them).",
        default="show",
    )
    for command in (show, add, scenario, offer, gain, take):
        stock.add_command(command)
