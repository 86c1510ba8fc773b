"""The beds a Hero may use: their own Hideout (a Talent with a place to sleep, §8.1). Not an
action itself: the City step's actions and the end of the City step use it."""

from ledger.hosting import Registry
from ledger.model import CampaignState, Event, Hero, TalentSpec
from ledger.text import name_key
from ledger_base_game.events.city import SleepFound


def hideouts(registry: Registry, hero: Hero) -> list[TalentSpec]:
    """The Talents the Hero holds that give them a place to sleep (a Hideout, §8.1)."""
    held = {name_key(talent) for talent in hero.talents}
    found = (registry.talents.find(name) for name in registry.talents.names())
    return [t for t in found if t is not None and t.sleep and name_key(t.name) in held]


def hideout_sleepers(state: CampaignState, registry: Registry) -> list[Event]:
    """At the end of the City step a Hero with a Hideout and no other bed sleeps there
    (§8.1); an exhausted Hero needs no bed."""
    events: list[Event] = []
    for hero in state.heroes.values():
        if hero.sleeps is not None or hero.status == "exhausted":
            continue
        own = hideouts(registry, hero)
        if own:
            events.append(SleepFound(hero=hero.name, place=own[0].sleep, hideout=own[0].name))
    return events
