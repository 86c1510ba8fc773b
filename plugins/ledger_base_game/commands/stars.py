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
@click.argument("first", metavar="HERO", shell_complete=complete_hero)
@click.argument("second", metavar="N", required=False)
@click.option(
    "--from",
    "giver",
    metavar="HERO",
    shell_complete=complete_hero,
    help="The giver, in the older form: stars give N --from HERO --to HERO.",
)
@click.option("--to", "receiver", required=True, metavar="HERO", shell_complete=complete_hero)
@json_option
@pass_app
def give(
    app: App, first: str, second: str | None, giver: str | None, receiver: str, as_json: bool
) -> None:
    """HERO gives N Stars to another Hero (as `item give HERO ITEM --to HERO` reads).

    \b
    Examples:
      campaign-ledger stars give Venia 5 --to Torrax
      campaign-ledger stars give 5 --from Venia --to Torrax
    """
    if second is None:  # the older form: the one argument is the amount
        if giver is None:
            raise click.UsageError("give HERO and N: stars give HERO N --to HERO")
        hero, amount = giver, first
    elif giver is not None:
        raise click.UsageError(
            "name the giver once: stars give HERO N --to HERO (or N --from HERO)"
        )
    else:
        hero, amount = first, second
    app.do(
        actions.give_stars,
        giver=hero,
        receiver=receiver,
        amount=_count(amount),
        as_json=as_json,
    )


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not a whole number", param_hint="'N'") from None


def register(cli: click.Group) -> None:
    stars = listing_group(
        cli,
        "stars",
        "Stars, the currency; every Star belongs to one Hero (lists them).",
        default="list",
    )
    for command in (listing, gain, spend, give):
        stars.add_command(command)
