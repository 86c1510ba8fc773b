"""The City step (§8.1): the City Event, activities and services, a place to sleep."""

from collections.abc import Sequence

from ledger.actions import Game
from ledger.errors import BadInput, RuleViolation
from ledger.hosting import Registry
from ledger.model import CampaignState, Event, Hero, ServiceSpec
from ledger.rules.talents import require_talent
from ledger.text import check_name, check_text, name_key, quoted
from ledger_base_game.actions._beds import hideouts
from ledger_base_game.actions._talents import acts, refuse_passive, use_talent
from ledger_base_game.events.city import CityActivity, CityEventResolved, SleepFound

PRICE = ("points", "stars")  # what a price paid is given as


def resolve_city_event(game: Game) -> list[Event]:
    """The City Event card is resolved; each Hero now has 2 City Activity points."""
    return [CityEventResolved()]


def city_activity(
    game: Game,
    *,
    hero: str,
    activity: str,
    points: int | None = None,
    stars: int | None = None,
    gain_stars: int | None = None,
    restore: int | None = None,
    heal: int | None = None,
    sleep: str | None = None,
    injury: str | None = None,
    roll: Sequence[str] | None = None,
    seed: int | None = None,
) -> list[Event]:
    """The Hero does ``activity``: a Hero Book activity, a location, a service or a Talent. A
    service the plugins know takes its costs and effects from them (one with two prices needs
    ``points`` or ``stars`` to say which was paid); a Talent needs the Hero to hold it and
    costs and pays what its data says (a roll's faces in ``roll``, else the ledger rolls from
    ``seed``); any other is recorded as given."""
    found = game.hero(hero)
    talent = game.registry.talents.find(activity)
    if talent is not None:
        refuse_passive(talent)
        if acts(talent):
            options: dict[str, object] = {
                "points": points,
                "stars": stars,
                "gain_stars": gain_stars,
                "restore": restore,
                "heal": heal,
                "sleep": sleep,
                "injury": injury,
            }
            return use_talent(game.registry, game.state, found, talent, options, roll, seed)
        require_talent(found, talent.name)
    elif roll is not None or seed is not None:
        raise BadInput(
            f"{activity} rolls no dice the ledger knows; record what it gave", fields=["roll"]
        )
    spec = game.registry.services.find(activity)
    if spec is None:
        return [
            CityActivity(
                hero=found.name,
                activity=activity,
                points=points or 0,
                stars=stars or 0,
                gain_stars=gain_stars or 0,
                restore=restore or 0,
                heal=heal or 0,
                sleep=sleep,
                injury=injury,
                talent=talent.name if talent is not None else None,
            )
        ]
    for value, given in ((restore, "restore"), (heal, "heal"), (sleep, "sleep")):
        if value is not None:
            raise BadInput(
                f"{spec.name}'s effects are known; {{{given}}} cannot be given", fields=[given]
            )
    return [_service(game.state, found, spec, points, stars, gain_stars, injury)]


def sleep_at(game: Game, *, hero: str, place: str, given_by: str | None = None) -> list[Event]:
    """The Hero has a place to sleep tonight: their own Hideout (§8.1), or a place a Story
    entry or card gives them (``given_by`` names it; the ledger does not know those). Renting
    a room is a service; without any place the Hero loses 2 stamina when the City step ends.
    Any other place is refused, naming those the Hero can use."""
    found = game.hero(hero)
    check_text(place, "place to sleep")
    check_name(place, "place to sleep")
    own = hideouts(game.registry, found)
    for talent in own:
        if name_key(talent.sleep) == name_key(place):
            if given_by is not None:
                raise BadInput(
                    f"{talent.sleep} is {found.name}'s Hideout; {{given_by}} is for a place a "
                    "Story entry or card gives",
                    fields=["given_by"],
                )
            return [SleepFound(hero=found.name, place=talent.sleep, hideout=talent.name)]
    if given_by is not None:
        return [SleepFound(hero=found.name, place=place, given_by=given_by)]
    rooms = [
        spec
        for spec in (game.registry.services.find(n) for n in game.registry.services.names())
        if spec is not None and spec.sleep
    ]
    usable = [f"{t.sleep} (their Hideout)" for t in own]
    usable += [f"a room: `{spec.name}` at {spec.location or spec.name}" for spec in rooms]
    raise RuleViolation(
        f"{found.name} cannot sleep at {quoted(place)}: the places {found.name} can use are "
        f"{'; '.join(usable) or 'none the ledger knows'}; a place a Story entry or card gives "
        "needs {given_by} ENTRY (§8.1)",
        fields=["given_by"],
    )


def untracked_effect(registry: Registry, activity: str) -> str | None:
    """What a known service does that the ledger does not track, for the player to apply."""
    spec = registry.services.find(activity)
    return spec.effect if spec is not None and spec.effect else None


def _price_text(points: int, stars: int) -> str:
    """A price as the Campaign Book writes it: "1 CAP and 3 Stars"."""
    parts = [f"{points} CAP" if points else "", f"{stars} Stars" if stars else ""]
    return " and ".join(p for p in parts if p) or "nothing"


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
        raise BadInput(
            f"{spec.name} gives a rolled number of Stars; give {{gain_stars}} N",
            fields=["gain_stars"],
        )
    if not spec.variable_gain and gain_stars is not None:
        raise BadInput(
            f"{spec.name} gives {spec.gain_stars} Stars; {{gain_stars}} cannot be given",
            fields=["gain_stars"],
        )
    if spec.heals_injury and injury is None:
        if len(hero.injuries) != 1:
            held = ", ".join(hero.injuries) or "none"
            raise BadInput(
                f"name the Injury card {spec.name} discards with {{injury}} "
                f"({hero.name}'s Injury cards: {held})",
                fields=["injury"],
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
    """Which of the service's prices was paid: the one given, else its only one."""
    options = [(c.points, c.stars) for c in spec.costs] or [(0, 0)]
    if spec.level is not None and spec.level != state.level:
        if points is None and stars is None:
            raise BadInput(
                f"the ledger knows {spec.name}'s level-{spec.level} cost; at level {state.level} "
                "give the cost your Campaign Book shows ({points} N and/or {stars} N)",
                fields=PRICE,
            )
        return points or 0, stars or 0
    if points is None and stars is None:
        if len(options) > 1:
            choices = " or ".join(_price_text(p, s) for p, s in options)
            raise BadInput(
                f"{spec.name} costs {choices}; say which was paid ({{points}}/{{stars}})",
                fields=PRICE,
            )
        return options[0]
    given = (points or 0, stars or 0)
    matching = [o for o in options if (points is None or o[0] == given[0])]
    matching = [o for o in matching if (stars is None or o[1] == given[1])]
    if not matching:
        choices = " or ".join(_price_text(p, s) for p, s in options)
        raise BadInput(f"{spec.name} costs {choices}, not {_price_text(*given)}")
    return matching[0]
