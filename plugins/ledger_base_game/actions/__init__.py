"""The base game's actions: one click-free function per thing a player does.

Each is ``action(game, **intent) -> list[Event]``: it reads the campaign as it stands
(``ledger.actions.Game``), decides which events the intent records, and raises a LedgerError
naming the rule when it refuses. Record one with ``campaign.do(action, **intent)``; the CLI's
commands and the web app call the same functions.
"""

from ledger_base_game.actions.city import city_activity, resolve_city_event, sleep_at
from ledger_base_game.actions.progress import (
    add_keyword,
    choose_class,
    cross_keyword,
    gain_gems,
    gain_xp,
    learn_profession,
    learn_skill,
    learn_talent,
    spend_gems,
    tally_keyword,
)
from ledger_base_game.actions.stars import gain_stars, give_stars, spend_stars
from ledger_base_game.actions.steps import (
    end_scenario,
    start_city_step,
    start_journey_step,
    start_scenario_step,
)
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
    "add_keyword",
    "choose_class",
    "city_activity",
    "cross_keyword",
    "damage",
    "end_scenario",
    "gain_gems",
    "gain_stars",
    "gain_xp",
    "give_stars",
    "heal",
    "learn_profession",
    "learn_skill",
    "learn_talent",
    "lock_stamina",
    "lose_stamina",
    "remove_status",
    "resolve_city_event",
    "restore_stamina",
    "sleep_at",
    "spend_gems",
    "spend_stamina",
    "spend_stars",
    "start_city_step",
    "start_journey_step",
    "start_scenario_step",
    "tally_keyword",
    "unlock_stamina",
]
