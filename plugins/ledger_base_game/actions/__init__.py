"""The base game's actions: one click-free function per thing a player does.

Each is ``action(game, **intent) -> list[Event]``: it reads the campaign as it stands
(``ledger.actions.Game``), decides which events the intent records, and raises a LedgerError
naming the rule when it refuses. Record one with ``campaign.do(action, **intent)``; the CLI's
commands and the web app call the same functions.

Queries (``odds_of_check``, ``dice_sets``, ``dice_luck``, ``check_chances``,
``spend_choices``, ``stamina_hindsight``) sit beside
them: they read the campaign and return a typed answer, and record nothing; call them
directly with ``campaign.game()``.

What a check's intent may hold beyond its Hero, ability and target is typed once, for every
action that rolls one: ``Declaration`` (what the Hero declares before the roll) and
``CheckIntent`` (that, and the roll itself).
"""

from ledger_base_game.actions._rolls import Declaration
from ledger_base_game.actions.allies import (
    add_ally,
    damage_ally,
    dismiss_ally,
    exhaust_ally,
    gain_ally_condition,
    heal_ally,
    remove_ally_condition,
)
from ledger_base_game.actions.attacks import attack
from ledger_base_game.actions.checks import CheckIntent, make_check
from ledger_base_game.actions.city import city_activity, resolve_city_event, sleep_at
from ledger_base_game.actions.conditions import gain_condition, remove_condition
from ledger_base_game.actions.dice import DiceSets, dice_sets, set_dice
from ledger_base_game.actions.factions import gain_reputation
from ledger_base_game.actions.group_checks import (
    close_group_check,
    finish_group_check,
    gem_to_decide,
    group_check,
    open_group_check,
    roll_for_group_check,
    spend_group_check_gem,
    undecided_gems,
)
from ledger_base_game.actions.heroes import add_hero
from ledger_base_game.actions.hideout import stash_put, stash_take
from ledger_base_game.actions.injuries import draw_injury, remove_injury
from ledger_base_game.actions.items import discard_item, gain_item, give_item, use_item
from ledger_base_game.actions.loadout import activate_item, bring_item, deactivate_item, leave_item
from ledger_base_game.actions.luck import CheckChance, LuckPoint, check_chances, dice_luck
from ledger_base_game.actions.odds import (
    CheckOdds,
    EffectChance,
    GroupChance,
    ReactionChance,
    odds_of_check,
    odds_of_effect_reaction,
    odds_of_group_check,
    odds_of_reaction,
)
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
    new_round,
    open_progressive_check,
)
from ledger_base_game.actions.reactions import react, react_to_effect
from ledger_base_game.actions.spending import (
    SpendChoices,
    SpendingHindsight,
    spend_choices,
    stamina_hindsight,
)
from ledger_base_game.actions.stars import gain_stars, give_stars, spend_stars
from ledger_base_game.actions.steps import (
    end_scenario,
    start_city_step,
    start_journey_step,
    start_scenario_step,
)
from ledger_base_game.actions.stock import (
    add_scenario_card,
    add_to_stock,
    gain_from_supply,
    offer_item,
    take_from_stock,
)
from ledger_base_game.actions.trade import buy_item, sell_item
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
    "CheckChance",
    "CheckIntent",
    "CheckOdds",
    "Declaration",
    "DiceSets",
    "EffectChance",
    "GroupChance",
    "LuckPoint",
    "ReactionChance",
    "SpendChoices",
    "SpendingHindsight",
    "activate_item",
    "add_ally",
    "add_hero",
    "add_keyword",
    "add_scenario_card",
    "add_to_stock",
    "attack",
    "attempt_progressive_check",
    "bring_item",
    "buy_item",
    "check_chances",
    "choose_class",
    "city_activity",
    "close_group_check",
    "cross_keyword",
    "damage",
    "damage_ally",
    "deactivate_item",
    "dice_luck",
    "dice_sets",
    "discard_item",
    "dismiss_ally",
    "draw_injury",
    "end_scenario",
    "exhaust_ally",
    "finish_group_check",
    "gain_ally_condition",
    "gain_condition",
    "gain_from_supply",
    "gain_gems",
    "gain_item",
    "gain_reputation",
    "gain_stars",
    "gain_xp",
    "gem_to_decide",
    "give_item",
    "give_stars",
    "group_check",
    "heal",
    "heal_ally",
    "learn_profession",
    "learn_skill",
    "learn_talent",
    "leave_item",
    "lock_stamina",
    "lose_stamina",
    "make_check",
    "new_progressive_round",
    "new_round",
    "odds_of_check",
    "odds_of_effect_reaction",
    "odds_of_group_check",
    "odds_of_reaction",
    "offer_item",
    "open_group_check",
    "open_progressive_check",
    "react",
    "react_to_effect",
    "remove_ally_condition",
    "remove_condition",
    "remove_injury",
    "remove_status",
    "resolve_city_event",
    "restore_stamina",
    "roll_for_group_check",
    "sell_item",
    "set_dice",
    "sleep_at",
    "spend_choices",
    "spend_gems",
    "spend_group_check_gem",
    "spend_stamina",
    "spend_stars",
    "stamina_hindsight",
    "start_city_step",
    "start_journey_step",
    "start_scenario_step",
    "stash_put",
    "stash_take",
    "take_from_stock",
    "tally_keyword",
    "undecided_gems",
    "unlock_stamina",
    "use_item",
]
