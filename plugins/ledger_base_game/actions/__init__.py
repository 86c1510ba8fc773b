"""The base game's actions: one click-free function per thing a player does.

Each is ``action(game, **intent) -> list[Event]``: it reads the campaign as it stands
(``ledger.actions.Game``), decides which events the intent records, and raises a LedgerError
naming the rule when it refuses. Record one with ``campaign.do(action, **intent)``; the CLI's
commands and the web app call the same functions.
"""

from ledger_base_game.actions.stars import gain_stars, give_stars, spend_stars
from ledger_base_game.actions.vitality import (
    damage,
    heal,
    lock_stamina,
    lose_stamina,
    remove_status,
    restore_stamina,
    spend_stamina,
    unlock_stamina,
)

__all__ = [
    "damage",
    "gain_stars",
    "give_stars",
    "heal",
    "lock_stamina",
    "lose_stamina",
    "remove_status",
    "restore_stamina",
    "spend_stamina",
    "spend_stars",
    "unlock_stamina",
]
