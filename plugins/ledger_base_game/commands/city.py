"""city show | city event-resolved | city activity | city sleep | city services"""

import click

from ledger.errors import BadInput
from ledger.model import CampaignState, Hero, ServiceSpec
from ledger_base_game.events_city import CityActivity, CityEventResolved, SleepFound
from ledger_cli.helpers import (
    NUMBERS,
    App,
    json_option,
    listing_group,
    output,
    output_city,
    pass_app,
    state_view,
)


def register(cli: click.Group) -> None:
    city = listing_group(
        cli, "city", "The City step: the City Event, activities, sleeping (shows it).", "show"
    )

    city.add_command(
        state_view(
            "show",
            "Where the City step stands: the City Event, each Hero's points and bed.",
            output_city.city_json,
            output_city.city_text,
        )
    )

    @city.command("event-resolved")
    @json_option
    @pass_app
    def event_resolved(app: App, as_json: bool) -> None:
        """The City Event card is resolved; each Hero now has 2 City Activity points."""
        app.record(CityEventResolved(), as_json=as_json)

    @city.command("activity", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("name")
    @click.option("--points", type=int, help="City Activity points paid.")
    @click.option("--stars", type=int, help="Stars paid.")
    @click.option("--gain-stars", type=int, help="Stars the activity gives.")
    @click.option("--restore", type=int, help="Stamina it restores.")
    @click.option("--heal", type=int, help="Damage it heals.")
    @click.option("--sleep", "sleep_at", metavar="PLACE", help="It gives a place to sleep.")
    @click.option("--injury", metavar="NAME", help="The Injury card it discards.")
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
        sleep_at: str | None,
        injury: str | None,
        as_json: bool,
    ) -> None:
        """HERO does activity NAME (a Hero Book activity, a location or a service). Known
        services take their costs and effects from the base game (`city services`); a service
        with two prices needs --points or --stars to say which was paid. Others are recorded
        with the costs and effects given.

        \b
        Examples:
          campaign-ledger city activity Venia "Work on the docks"
          campaign-ledger city activity Venia "Heal Injury" --stars 3
          campaign-ledger city activity Torrax "Arm wrestling" --points 1 --gain-stars 3
        """
        state = app.state()[1]
        found = state.hero(hero)
        spec = app.registry.services.find(name)
        if spec is None:
            event = CityActivity(
                hero=found.name,
                activity=name,
                points=points or 0,
                stars=stars or 0,
                gain_stars=gain_stars or 0,
                restore=restore or 0,
                heal=heal or 0,
                sleep=sleep_at,
                injury=injury,
            )
        else:
            for value, flag in ((restore, "--restore"), (heal, "--heal"), (sleep_at, "--sleep")):
                if value is not None:
                    raise BadInput(f"{spec.name}'s effects are known; {flag} cannot be given")
            event = _service(state, found, spec, points, stars, gain_stars, injury)
        app.record(event, as_json=as_json)
        if spec is not None and spec.effect and not as_json:
            click.echo(f"   not tracked: {spec.effect}")

    @city.command("sleep")
    @click.argument("hero")
    @click.argument("place")
    @json_option
    @pass_app
    def sleep(app: App, hero: str, place: str, as_json: bool) -> None:
        """HERO has a place to sleep tonight (a Hideout, a friend's house, ...). Renting a room
        is a service (`city activity HERO "Rent a room"`). Without one, the Hero loses 2
        stamina when the City step ends.
        """
        app.record(SleepFound(hero=app.hero_name(hero), place=place), as_json=as_json)

    @city.command("services")
    @json_option
    @pass_app
    def services(app: App, as_json: bool) -> None:
        """The activities and services the loaded plugins know, with their costs."""
        known = [app.registry.services.get(n) for n in app.registry.services.names()]
        if as_json:
            click.echo(output.to_json(known))
            return
        for spec in known:
            costs = " or ".join(output_city.payment_text(c.points, c.stars) for c in spec.costs)
            level = f" (level-{spec.level} cost)" if spec.level is not None else ""
            where = f" at {spec.location}" if spec.location else ""
            click.echo(f"{spec.name}{where}: {costs or 'free'}{level}")


def _service(
    state: CampaignState,
    hero: Hero,
    spec: ServiceSpec,
    points: int | None,
    stars: int | None,
    gain_stars: int | None,
    injury: str | None,
) -> CityActivity:
    """A known service: which of its prices was paid, what it gives, which Injury it heals."""
    paid = _payment(state, spec, points, stars)
    if spec.variable_gain and gain_stars is None:
        raise BadInput(f"{spec.name} gives a rolled number of Stars; give --gain-stars N")
    if not spec.variable_gain and gain_stars is not None:
        raise BadInput(f"{spec.name} gives {spec.gain_stars} Stars; --gain-stars cannot be given")
    if spec.heals_injury and injury is None:
        if len(hero.injuries) != 1:
            held = ", ".join(hero.injuries) or "none"
            raise BadInput(
                f"name the Injury card {spec.name} discards with --injury "
                f"({hero.name}'s Injury cards: {held})"
            )
        injury = hero.injuries[0]
    if not spec.heals_injury and injury is not None:
        raise BadInput(f"{spec.name} does not discard an Injury card")
    return CityActivity(
        hero=hero.name,
        activity=spec.name,
        points=paid[0],
        stars=paid[1],
        gain_stars=gain_stars if spec.variable_gain and gain_stars else spec.gain_stars,
        restore=spec.restore,
        heal=spec.heal,
        sleep=(spec.location or spec.name) if spec.sleep else None,
        injury=injury,
    )


def _payment(
    state: CampaignState, spec: ServiceSpec, points: int | None, stars: int | None
) -> tuple[int, int]:
    options = [(c.points, c.stars) for c in spec.costs] or [(0, 0)]
    if spec.level is not None and spec.level != state.level:
        if points is None and stars is None:
            raise BadInput(
                f"the ledger knows {spec.name}'s level-{spec.level} cost; at level {state.level} "
                "give the cost your Campaign Book shows (--points N and/or --stars N)"
            )
        return points or 0, stars or 0
    if points is None and stars is None:
        if len(options) > 1:
            choices = " or ".join(output_city.payment_text(p, s) for p, s in options)
            raise BadInput(f"{spec.name} costs {choices}; say which was paid (--points/--stars)")
        return options[0]
    given = (points or 0, stars or 0)
    matching = [o for o in options if (points is None or o[0] == given[0])]
    matching = [o for o in matching if (stars is None or o[1] == given[1])]
    if not matching:
        choices = " or ".join(output_city.payment_text(p, s) for p, s in options)
        raise BadInput(f"{spec.name} costs {choices}, not {output_city.payment_text(*given)}")
    return matching[0]
