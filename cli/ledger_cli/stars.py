"""stars gain | stars spend | stars give"""

import click

from ledger_base_game.events import StarsGained, StarsGiven, StarsSpent
from ledger_cli.context import NUMBERS, App, json_option, pass_app


def register(cli: click.Group) -> None:
    @cli.group()
    def stars() -> None:
        """Stars, the currency; every Star belongs to one Hero."""

    @stars.command("gain", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def gain(app: App, hero: str, amount: int, as_json: bool) -> None:
        """HERO gains N Stars."""
        app.record(StarsGained(hero=app.hero_name(hero), amount=amount), as_json=as_json)

    @stars.command("spend", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def spend(app: App, hero: str, amount: int, as_json: bool) -> None:
        """HERO spends N Stars."""
        app.record(StarsSpent(hero=app.hero_name(hero), amount=amount), as_json=as_json)

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
