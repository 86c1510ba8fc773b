"""injury draw | injury remove | injury list"""

import click

from ledger.views import injuries_text
from ledger_base_game.actions import injuries as actions
from ledger_cli.helpers import (
    App,
    Command,
    complete_hero,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
)

listing = hero_listing(
    "Every Hero's Injury cards, with the effects the ledger applies.",
    lambda hero: injuries_text(hero) or "none",
    lambda hero: list(hero.injuries),
)


@click.command("draw", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@click.option(
    "--effect",
    "effects",
    multiple=True,
    metavar="EFFECT",
    help='What a card the ledger does not know does: "might -1" (an ability), "checks -1" '
    '(every active check), "stamina 1" (per stamina face), or its text (shown, not applied).',
)
@json_option
@pass_app
def draw(app: App, hero: str, name: str, effects: tuple[str, ...], as_json: bool) -> None:
    """HERO draws Injury card NAME (on becoming wounded, or from another effect). A card the
    base game knows brings its effects, applied to checks and odds while it is held; give
    another card's with --effect.

    \b
    Examples:
      campaign-ledger injury draw Torrax "Broken Ribs"
      campaign-ledger injury draw Torrax "Twisted Knee" --effect "agility -1"
    """
    app.do(actions.draw_injury, hero=hero, injury=name, effects=effects, as_json=as_json)
    told = actions.unknown_injury(app.content(), name, effects)
    if told and not as_json:
        click.echo(f"   {told}")


@click.command("remove", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@json_option
@pass_app
def remove(app: App, hero: str, name: str, as_json: bool) -> None:
    """An effect removes HERO's Injury card NAME; it goes back into the Injury deck. (The
    Heal Injury boon is `city activity HERO "Heal Injury"`.)"""
    app.do(actions.remove_injury, hero=hero, injury=name, as_json=as_json)


def register(cli: click.Group) -> None:
    injury = listing_group(
        cli, "injury", "Injury cards, kept between scenarios (lists them).", default="list"
    )
    for command in (listing, draw, remove):
        injury.add_command(command)
