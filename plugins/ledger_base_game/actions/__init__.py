"""The base game's actions: one click-free function per thing a player does.

Each is ``action(game, **intent) -> list[Event]``: it reads the campaign as it stands
(``ledger.actions.Game``), decides which events the intent records, and raises a LedgerError
naming the rule when it refuses. Record one with ``campaign.do(action, **intent)``; the CLI's
commands and the web app call the same functions.

Queries (``odds_of_check``, ``dice_sets``) sit beside them: they read the campaign and return
a typed answer, and record nothing; call them directly with ``campaign.game()``.
"""

from ledger_base_game.actions.attacks import attack
from ledger_base_game.actions.checks import make_check
from ledger_base_game.actions.city import city_activity, resolve_city_event, sleep_at
from ledger_base_game.actions.dice import DiceSets, dice_sets, set_dice
from ledger_base_game.actions.group_checks import (
    close_group_check,
    group_check,
    open_group_check,
    roll_for_group_check,
    spend_group_check_gem,
)
from ledger_base_game.actions.odds import CheckOdds, odds_of_check
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
from ledger_base_game.actions.progressive import (
    attempt_progressive_check,
    new_progressive_round,
    open_progressive_check,
)
from ledger_base_game.actions.reactions import react
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
    "CheckOdds",
    "DiceSets",
    "add_keyword",
    "attack",
    "attempt_progressive_check",
    "choose_class",
    "city_activity",
    "close_group_check",
    "cross_keyword",
    "damage",
    "dice_sets",
    "end_scenario",
    "gain_gems",
    "gain_stars",
    "gain_xp",
    "give_stars",
    "group_check",
    "heal",
    "learn_profession",
    "learn_skill",
    "learn_talent",
    "lock_stamina",
    "lose_stamina",
    "make_check",
    "new_progressive_round",
    "odds_of_check",
    "open_group_check",
    "open_progressive_check",
    "react",
    "remove_status",
    "resolve_city_event",
    "restore_stamina",
    "roll_for_group_check",
    "set_dice",
    "sleep_at",
    "spend_gems",
    "spend_group_check_gem",
    "spend_stamina",
    "spend_stars",
    "start_city_step",
    "start_journey_step",
    "start_scenario_step",
    "tally_keyword",
    "unlock_stamina",
]
