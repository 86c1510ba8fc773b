"""The expansion's actions: what a player does, decided without click (the CLI, the web app
and Python callers share them, as they share the base game's)."""

from ledger.actions import Game
from ledger.model import CampaignState, Event
from ledger_example_expansion.events import GADGET, GadgetBuilt, carries


def build_gadget(game: Game, *, hero: str) -> list[Event]:
    """The Hero spends 1 Stamina chip at their Tinker's Kit to build a Clockwork Gadget."""
    return [GadgetBuilt(hero=game.hero(hero).name)]


def gadgets_carried(state: CampaignState) -> dict[str, int]:
    """How many Clockwork Gadgets each Hero carries: a query (at any point), it records
    nothing."""
    return {hero.name: carries(hero, GADGET) for hero in state.heroes.values()}
