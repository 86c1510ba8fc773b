"""Injury cards, kept between scenarios."""

from collections.abc import Sequence

from ledger.actions import Game
from ledger.errors import BadInput
from ledger.hosting import Registry
from ledger.model import Event
from ledger.text import name_key
from ledger_base_game.events.injuries import InjuryDrawn, InjuryRemoved
from ledger_base_game.rules import injury_cards


def draw_injury(game: Game, *, hero: str, injury: str, effects: Sequence[str] = ()) -> list[Event]:
    """The Hero draws an Injury card (on becoming wounded, or from another effect). A card
    the campaign knows (a plugin's, or a content pack's ``[[injury]]``) brings its effects;
    for another, ``effects`` are what the card says ("might -1", "checks -1", "stamina 1",
    or text the ledger shows but does not apply). The effects are recorded with the draw,
    so a later change to the card's data never changes what a drawn card did."""
    found = game.hero(hero)
    spec = game.registry.injuries.find(injury)
    if spec is not None:
        if effects:
            raise BadInput(
                f"the ledger knows what {spec.name} does ({spec.effect}); {{effects}} is for a "
                "card it does not know",
                fields=["effects"],
            )
        return [InjuryDrawn(hero=found.name, injury=spec.name, effects=spec.effects)]
    parsed = tuple(injury_cards.parse_effect(text) for text in effects)
    return [InjuryDrawn(hero=found.name, injury=injury, effects=parsed)]


def unknown_injury(content: Registry, injury: str, effects: Sequence[str]) -> str | None:
    """What to tell the player when the ledger records a card the campaign does not know
    (``content``: the Registry as the campaign knows it, its content packs laid over)."""
    if content.injuries.find(injury) is not None:
        return None
    if not effects:
        return (
            f"the ledger does not know what {injury} does: recorded with no effect; "
            'give what the card says with --effect ("might -1", "checks -1", '
            '"stamina 1", or its text)'
        )
    return f"{injury} is not a card the ledger knows: recorded with the effects given"


def remove_injury(game: Game, *, hero: str, injury: str) -> list[Event]:
    """An effect removes one of the Hero's Injury cards; it goes back into the Injury deck.
    (The Heal Injury boon is a City activity.)"""
    found = game.hero(hero)
    held = next((i for i in found.injuries if name_key(i) == name_key(injury)), injury)
    return [InjuryRemoved(hero=found.name, injury=held)]
