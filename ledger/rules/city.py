"""The City step (§8.1): the City Event, City Activity points, places to sleep, and the end of
the step (unspent points discarded, sleeping rough costs 2 stamina)."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, City, Hero
from ledger.rules import injuries, stamina, stars
from ledger.text import check_name

CAP_PER_HERO = 2  # "normally 2" (§8.1); effects that change it are recorded as activities
ROUGH_SLEEP_LOSS = 2


def require_city_step(state: CampaignState, doing: str) -> City:
    """The City step being played, or a refusal saying ``doing`` only happens in it (§8.1)."""
    if state.city is None or state.step is None or state.step.kind != "city":
        where = "before the first step" if state.step is None else f"in a {state.step.kind} step"
        raise RuleViolation(f"{doing} only happens in the City step, not {where} (§8.1)")
    return state.city


def begin(state: CampaignState) -> CampaignState:
    """A City step starts: no City Event yet; after an Arena scenario there is none (§8.1)."""
    after_arena = bool(state.outcomes) and state.outcomes[-1].arena
    return replace(state, city=City(after_arena=after_arena))


def resolve_event(state: CampaignState) -> CampaignState:
    """The City Event card is resolved: each Hero now has their City Activity points."""
    city = require_city_step(state, "resolving a City Event")
    if city.after_arena:
        raise RuleViolation(
            "after an Arena scenario no City Event card is revealed and no City Activity points "
            "are spent (§8.1)"
        )
    if city.event_resolved:
        raise RuleViolation("this City step's City Event has already been resolved")
    heroes = {name: replace(h, city_points=CAP_PER_HERO) for name, h in state.heroes.items()}
    return replace(state, heroes=heroes, city=replace(city, event_resolved=True))


def spend_points(state: CampaignState, hero: Hero, points: int) -> Hero:
    """The Hero with ``points`` City Activity points fewer, once the City Event is resolved
    (§8.1)."""
    city = require_city_step(state, "spending City Activity points")
    if not points:
        return hero
    if not city.event_resolved:
        raise RuleViolation(
            "City Activity points may only be spent after the City Event is resolved (§8.1); "
            "record `city event-resolved` first"
        )
    if points > hero.city_points:
        raise RuleViolation(
            f"{hero.name} has {hero.city_points} City Activity point"
            f"{'' if hero.city_points == 1 else 's'}, not the {points} to spend"
        )
    return replace(hero, city_points=hero.city_points - points)


def activity(
    state: CampaignState,
    hero: Hero,
    *,
    points: int,
    cost: int,
    gain: int,
    restore: int,
    heal: int,
    sleep: str | None,
    injury: str | None,
) -> Hero:
    """An activity, location or service: pay its cost (points and/or Stars), then its effects."""
    require_city_step(state, "visiting a location or using a service")
    hero = spend_points(state, hero, points)
    if cost:
        hero = stars.spend(hero, cost)
    if gain:
        hero = stars.gain(hero, gain)
    if restore:
        hero = stamina.restore(hero, restore)
    if heal:
        hero = stamina.heal(hero, heal)
    if injury is not None:
        hero = injuries.remove(hero, injury)
    if sleep is not None:
        hero = replace(hero, sleeps=check_name(sleep, "place to sleep"))
    return hero


def sleep(state: CampaignState, hero: Hero, place: str) -> Hero:
    """The Hero sleeping at ``place`` at the end of this City step."""
    require_city_step(state, "finding a place to sleep")
    return replace(hero, sleeps=check_name(place, "place to sleep"))


def end(state: CampaignState) -> CampaignState:
    """Unspent points are discarded; a Hero with no place to sleep loses 2 stamina, which
    carries into the scenario (§8.1). An exhausted Hero is unaffected (§2.3)."""
    require_city_step(state, "ending the City step")
    heroes = {}
    for name, hero in state.heroes.items():
        if hero.sleeps is None and hero.status != "exhausted":
            hero = stamina.lose(hero, ROUGH_SLEEP_LOSS)
        heroes[name] = replace(hero, city_points=0, sleeps=None)
    return replace(state, heroes=heroes, city=None)


def rough_sleepers(state: CampaignState) -> list[str]:
    """The Heroes with no place to sleep yet (an exhausted Hero needs none)."""
    return [h.name for h in state.heroes.values() if h.sleeps is None and h.status != "exhausted"]
