"""Stars, the currency: every Star belongs to one Hero."""

from typing import Annotated

from ledger.actions import Game, Step
from ledger.model import Event
from ledger_base_game.events.stars import StarsGained, StarsGiven, StarsSpent


def gain_stars(
    game: Game, *, hero: str, amount: Annotated[int, Step("Stars", "+", "gain")]
) -> list[Event]:
    """The Hero gains ``amount`` Stars."""
    return [StarsGained(hero=game.hero(hero).name, amount=amount)]


def spend_stars(
    game: Game, *, hero: str, amount: Annotated[int, Step("Stars", "-", "spend")]
) -> list[Event]:
    """The Hero spends Stars they have; refused beyond what they hold."""
    return [StarsSpent(hero=game.hero(hero).name, amount=amount)]


def give_stars(game: Game, *, giver: str, receiver: str, amount: int) -> list[Event]:
    """Stars move from one Hero to another."""
    return [StarsGiven(hero=game.hero(giver).name, amount=amount, to=game.hero(receiver).name)]
