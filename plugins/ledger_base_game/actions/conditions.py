"""Conditions (§3): at most two, no duplicates, a third discards the lowest number."""

from typing import Annotated

from ledger.actions import Game, Pick
from ledger.model import Event
from ledger_base_game.events.conditions import ConditionGained, ConditionRemoved


def gain_condition(
    game: Game, *, hero: str, condition: Annotated[str, Pick("conditions")]
) -> list[Event]:
    """The Hero gains a condition the loaded plugins know."""
    spec = game.registry.conditions.get(condition)
    found = game.hero(hero).name
    return [ConditionGained(hero=found, condition=spec.name, number=spec.number, rules=spec.rules)]


def remove_condition(
    game: Game, *, hero: str, condition: Annotated[str, Pick("held_conditions")]
) -> list[Event]:
    """The Hero loses a condition."""
    spec = game.registry.conditions.get(condition)
    return [ConditionRemoved(hero=game.hero(hero).name, condition=spec.name)]
