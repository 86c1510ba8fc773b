"""city show | city event-resolved | city activity | city sleep | city stash | city retrieve
| city services"""

from collections.abc import Callable

import click

from ledger_base_game.actions import _talents as talents
from ledger_base_game.actions import city as actions
from ledger_base_game.actions import hideout
from ledger_base_game.commands._rolls import parse_faces
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_hero,
    json_option,
    listing_group,
    output,
    output_city,
    pass_app,
    state_view,
)

show = state_view(
    "show",
    "Where the City step stands: the City Event, each Hero's points and bed.",
    output_city.city_json,
    output_city.city_text,
)


@click.command("event-resolved", cls=Command)
@json_option
@pass_app
def event_resolved(app: App, as_json: bool) -> None:
    """The City Event card is resolved; each Hero now has 2 City Activity points."""
    app.do(actions.resolve_city_event, as_json=as_json)


@click.command("activity", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@click.option("--points", type=int, help="City Activity points paid.")
@click.option("--stars", type=int, help="Stars paid.")
@click.option("--gain-stars", type=int, help="Stars the activity gives.")
@click.option("--restore", type=int, help="Stamina it restores.")
@click.option("--heal", type=int, help="Damage it heals.")
@click.option("--sleep", metavar="PLACE", help="It gives a place to sleep.")
@click.option("--injury", metavar="NAME", help="The Injury card it discards.")
@click.option("--roll", metavar="FACES", help='A Talent\'s roll as read off the dice: "1 2 S".')
@click.option("--seed", type=int, help="Seed for the ledger's roll of a Talent's dice.")
@json_option
@pass_app
def activity(
    app: App,
    hero: str,
    name: str,
    points: int | None,
    stars: int | None,
    gain_stars: int | None,
    restore: int | None,
    heal: int | None,
    sleep: str | None,
    injury: str | None,
    roll: str | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """HERO does activity NAME (a Hero Book activity, a location, a service or a Talent).
    Known services take their costs and effects from the base game (`city services`); a
    service with two prices needs --points or --stars to say which was paid. A Talent needs
    HERO to hold it and costs and pays what the base game knows (Pickpocket rolls 2 dice:
    --roll FACES, or the ledger rolls); others are recorded with the costs and effects given,
    and the output says so.

    \b
    Examples:
      campaign-ledger city activity Venia "Work on the docks"
      campaign-ledger city activity Venia "Heal Injury" --stars 3
      campaign-ledger city activity Torrax "Arm wrestling" --points 1 --gain-stars 3
      campaign-ledger city activity Venia Pickpocket --roll "2 1+ 1"
    """
    app.do(
        actions.city_activity,
        hero=hero,
        activity=name,
        points=points,
        stars=stars,
        gain_stars=gain_stars,
        restore=restore,
        heal=heal,
        sleep=sleep,
        injury=injury,
        roll=parse_faces(roll),
        seed=seed,
        as_json=as_json,
    )
    effect = actions.untracked_effect(app.registry, name)
    if effect and not as_json:
        click.echo(f"   not tracked: {effect}")
    told = talents.talent_note(app.registry, name)
    if told and not as_json:
        click.echo(f"   {told}")


@click.command("sleep", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("place")
@click.option(
    "--given-by",
    metavar="ENTRY",
    help="The Story entry or card that gives this place (a friend's house, ...).",
)
@json_option
@pass_app
def sleep(app: App, hero: str, place: str, given_by: str | None, as_json: bool) -> None:
    """HERO sleeps at PLACE tonight: their own Hideout (a Hero with one sleeps there anyway
    unless they find another bed), or a place a Story entry or card gives (--given-by).
    Renting a room is a service (`city activity HERO "Rent a room"`). Without a place the
    Hero loses 2 stamina when the City step ends; a place the Hero cannot use is refused,
    naming those they can.

    \b
    Examples:
      campaign-ledger city sleep Venia "The Pit"
      campaign-ledger city sleep Torrax "Old Marta's barn" --given-by 212
    """
    app.do(actions.sleep_at, hero=hero, place=place, given_by=given_by, as_json=as_json)


def _stash_options(command: Callable[..., None]) -> Callable[..., None]:
    command = click.option("--stars", type=int, help="Stars instead of an item.")(command)
    command = click.argument("item", required=False)(command)
    return click.argument("hero", shell_complete=complete_hero)(command)


@click.command("stash", cls=Command, context_settings=NUMBERS)
@_stash_options
@json_option
@pass_app
def stash(app: App, hero: str, item: str | None, stars: int | None, as_json: bool) -> None:
    """HERO keeps ITEM (or --stars N) in their Hideout, off the Hero board. 'Hideout: The
    Pit' holds 1 item or 10 Stars, not both; Quest items are never stashed.

    \b
    Examples:
      campaign-ledger city stash Venia Sword
      campaign-ledger city stash Venia --stars 10
    """
    app.do(hideout.stash_put, hero=hero, item=item, stars=stars, as_json=as_json)


@click.command("retrieve", cls=Command, context_settings=NUMBERS)
@_stash_options
@json_option
@pass_app
def retrieve(app: App, hero: str, item: str | None, stars: int | None, as_json: bool) -> None:
    """HERO takes ITEM (or --stars N) back from their Hideout.

    \b
    Example:
      campaign-ledger city retrieve Venia Sword
    """
    app.do(hideout.stash_take, hero=hero, item=item, stars=stars, as_json=as_json)


@click.command("services", cls=Command)
@json_option
@pass_app
def services(app: App, as_json: bool) -> None:
    """The activities and services the loaded plugins know, with their costs."""
    content = app.content()
    known = [content.services.get(n) for n in content.services.names()]
    if as_json:
        click.echo(output.to_json(known))
        return
    for spec in known:
        costs = " or ".join(output_city.payment_text(c.points, c.stars) for c in spec.costs)
        level = f" (level-{spec.level} cost)" if spec.level is not None else ""
        where = f" at {spec.location}" if spec.location else ""
        click.echo(f"{spec.name}{where}: {costs or 'free'}{level}")


def register(cli: click.Group) -> None:
    city = listing_group(
        cli, "city", "The City step: the City Event, activities, sleeping (shows it).", "show"
    )
    for command in (show, event_resolved, activity, sleep, stash, retrieve, services):
        city.add_command(command)
