"""Injury cards, kept between scenarios."""

from ledger.actions import Game
from ledger.model import Event
from ledger.text import name_key
from ledger_base_game.events.injuries import InjuryDrawn, InjuryRemoved


def draw_injury(game: Game, *, hero: str, injury: str) -> list[Event]:
    """The Hero draws an Injury card (on becoming wounded, or from another effect)."""
    return [InjuryDrawn(hero=game.hero(hero).name, injury=injury)]


def remove_injury(game: Game, *, hero: str, injury: str) -> list[Event]:
    """An effect removes one of the Hero's Injury cards; it goes back into the Injury deck.
    (The Heal Injury boon is a City activity.)"""
    found = game.hero(hero)
    held = next((i for i in found.injuries if name_key(i) == name_key(injury)), injury)
    return [InjuryRemoved(hero=found.name, injury=held)]
