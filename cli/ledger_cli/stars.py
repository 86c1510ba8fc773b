"""stars gain | stars spend | stars give | stars list"""

import click

from ledger_base_game.events import StarsGained, StarsGiven, StarsSpent
from ledger_cli.context import (
    NUMBERS,
    App,
    amount_command,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
)


def register(cli: click.Group) -> None:
    stars = listing_group(
        cli,
        "stars",
        "Stars, the currency; every Star belongs to one Hero (lists them).",
        default="list",
    )
    stars.add_command(
        hero_listing(
            "Every Hero's Stars.", lambda hero: f"{hero.stars} Stars", lambda hero: hero.stars
        )
    )

    stars.add_command(amount_command("gain", StarsGained, "HERO gains N Stars."))
    stars.add_command(amount_command("spend", StarsSpent, "HERO spends N Stars they have."))

    @stars.command("give", context_settings=NUMBERS)
    @click.argument("amount", type=int)
    @click.option("--from", "giver", required=True, metavar="HERO")
    @click.option("--to", "receiver", required=True, metavar="HERO")
    @json_option
    @pass_app
    def give(app: App, amount: int, giver: str, receiver: str, as_json: bool) -> None:
        """Give N Stars from one Hero to another.

        \b
        Example:
          campaign-ledger stars give 5 --from Venia --to Torrax
        """
        event = StarsGiven(hero=app.hero_name(giver), amount=amount, to=app.hero_name(receiver))
        app.record(event, as_json=as_json)
