"""Faction reputation: the party's, with ranks where the thresholds are known."""

from ledger.actions import Game
from ledger.model import Event
from ledger_base_game.events.factions import ReputationGained


def gain_reputation(game: Game, *, faction: str, amount: int) -> list[Event]:
    """The party gains ``amount`` reputation with a faction the loaded plugins know."""
    spec = game.registry.factions.get(faction)
    return [ReputationGained(faction=spec.name, amount=amount, ranks=spec.ranks)]
