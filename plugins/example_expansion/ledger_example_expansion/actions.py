"""The expansion's actions: what a player does, decided without click (the CLI, the web app
and Python callers share them, as they share the base game's)."""

from ledger.actions import Game
from ledger.model import Event
from ledger.text import name_key
from ledger_example_expansion.events import GADGET, GadgetBuilt, carries

TINKERING = "Tinkering"


def build_gadget(game: Game, *, hero: str) -> list[Event]:
    """The Hero spends 1 Stamina chip at their Tinker's Kit to build a Clockwork Gadget; a
    Hero with the Tinkering Talent builds for free."""
    found = game.hero(hero)
    tinkerer = name_key(TINKERING) in map(name_key, found.talents)
    return [GadgetBuilt(hero=found.name, cost=0 if tinkerer else 1)]


def gadgets_carried(game: Game) -> dict[str, int]:
    """How many Clockwork Gadgets each Hero carries: a query (at any point), it records
    nothing; the web's command box and /api/queries/gadgets_carried answer it too."""
    return {hero.name: carries(hero, GADGET) for hero in game.state.heroes.values()}
