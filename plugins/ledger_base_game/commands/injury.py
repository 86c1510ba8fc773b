"""injury draw | injury remove | injury list"""

import click

from ledger.text import name_key
from ledger_base_game.events_city import InjuryDrawn, InjuryRemoved
from ledger_cli.helpers import App, hero_listing, json_option, listing_group, pass_app


def register(cli: click.Group) -> None:
    injury = listing_group(
        cli, "injury", "Injury cards, kept between scenarios (lists them).", default="list"
    )
    injury.add_command(
        hero_listing(
            "Every Hero's Injury cards.",
            lambda hero: ", ".join(hero.injuries) or "none",
            lambda hero: list(hero.injuries),
        )
    )

    @injury.command("draw")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def draw(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO draws Injury card NAME (on becoming wounded, or from another effect).

        \b
        Example:
          campaign-ledger injury draw Torrax "Broken Ribs"
        """
        app.record(InjuryDrawn(hero=app.hero_name(hero), injury=name), as_json=as_json)

    @injury.command("remove")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def remove(app: App, hero: str, name: str, as_json: bool) -> None:
        """An effect removes HERO's Injury card NAME; it goes back into the Injury deck. (The
        Heal Injury boon is `city activity HERO "Heal Injury"`.)"""
        found = app.state()[1].hero(hero)
        held = next((i for i in found.injuries if name_key(i) == name_key(name)), name)
        app.record(InjuryRemoved(hero=found.name, injury=held), as_json=as_json)
