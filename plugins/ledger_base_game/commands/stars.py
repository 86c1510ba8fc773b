"""stars gain | stars spend | stars give | stars list"""

import click

from ledger_base_game.actions import stars as actions
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    amount_command,
    complete_hero,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
)

listing = hero_listing(
    "Every Hero's Stars.", lambda hero: f"{hero.stars} Stars", lambda hero: hero.stars
)
gain = amount_command("gain", actions.gain_stars, "HERO gains N Stars.")
spend = amount_command("spend", actions.spend_stars, "HERO spends N Stars they have.")


@click.command("give", cls=Command, context_settings=NUMBERS)
@click.argument("amount", type=int)
@click.option("--from", "giver", required=True, metavar="HERO", shell_complete=complete_hero)
@click.option("--to", "receiver", required=True, metavar="HERO", shell_complete=complete_hero)
@json_option
@pass_app
def give(app: App, amount: int, giver: str, receiver: str, as_json: bool) -> None:
    """Give N Stars from one Hero to another.

    \b
    Example:
      campaign-ledger stars give 5 --from Venia --to Torrax
    """
    app.do(actions.give_stars, giver=giver, receiver=receiver, amount=amount, as_json=as_json)


def register(cli: click.Group) -> None:
    stars = listing_group(
        cli,
        "stars",
        "Stars, the currency; every Star belongs to one Hero (lists them).",
        default="list",
    )
    for command in (listing, gain, spend, give):
        stars.add_command(command)
