"""The base game's event types, one module per area (the areas of ``actions`` and
``commands``). Tags never change once released; each ``apply`` is the rule.

Every event class is importable from here (``from ledger_base_game.events import
DamageTaken``); ``EVENT_TYPES`` is every one of them, in the order they were registered."""

from ledger.model import Event
from ledger_base_game.events.attacks import AttackMade, StaminaSpentCursed
from ledger_base_game.events.checks import CheckGemSpent, CheckMade
from ledger_base_game.events.city import CityActivity, CityEventResolved, SleepFound
from ledger_base_game.events.conditions import ConditionGained, ConditionRemoved
from ledger_base_game.events.dice import DiceSetChosen
from ledger_base_game.events.factions import ReputationGained
from ledger_base_game.events.group_checks import (
    GroupCheckClosed,
    GroupCheckGem,
    GroupCheckOpened,
    GroupCheckRolled,
)
from ledger_base_game.events.heroes import HeroJoined
from ledger_base_game.events.hideout import StashPut, StashTaken
from ledger_base_game.events.injuries import InjuryDrawn, InjuryDrawOwed, InjuryRemoved
from ledger_base_game.events.items import ItemDiscarded, ItemGained, ItemGiven, ItemUsed
from ledger_base_game.events.loadout import (
    ItemActivated,
    ItemBrought,
    ItemDeactivated,
    ItemLeftBehind,
)
from ledger_base_game.events.progress import (
    ClassChosen,
    GemsGained,
    GemsSpent,
    KeywordAdded,
    KeywordCrossed,
    KeywordTallied,
    LevelGained,
    ProfessionLearned,
    SkillLearned,
    TalentLearned,
    XpGained,
)
from ledger_base_game.events.progressive import ProgressiveCheckOpened, ProgressiveRound
from ledger_base_game.events.reactions import ReactionMade
from ledger_base_game.events.stars import StarsGained, StarsGiven, StarsSpent
from ledger_base_game.events.steps import ScenarioEnded, StepStarted
from ledger_base_game.events.stock import ItemFromSupply, ItemOffered, ScenarioCardAdded, StockAdded
from ledger_base_game.events.talents import TalentUsed
from ledger_base_game.events.trade import ItemBought, ItemSold
from ledger_base_game.events.vitality import (
    DamageHealed,
    DamageTaken,
    StaminaLocked,
    StaminaLost,
    StaminaRestored,
    StaminaSpent,
    StaminaUnlocked,
    StatusRemoved,
)

EVENT_TYPES: list[type[Event]] = [
    HeroJoined,
    StepStarted,
    ScenarioEnded,
    StaminaSpent,
    StaminaLost,
    StaminaRestored,
    StaminaLocked,
    StaminaUnlocked,
    DamageTaken,
    DamageHealed,
    StatusRemoved,
    ConditionGained,
    ConditionRemoved,
    ItemGained,
    ItemGiven,
    ItemDiscarded,
    ItemUsed,
    StarsGained,
    StarsSpent,
    StarsGiven,
    DiceSetChosen,
    CheckMade,
    CheckGemSpent,
    ReactionMade,
    GroupCheckOpened,
    GroupCheckRolled,
    GroupCheckGem,
    GroupCheckClosed,
    ProgressiveCheckOpened,
    ProgressiveRound,
    AttackMade,
    StaminaSpentCursed,
    GemsGained,
    GemsSpent,
    KeywordAdded,
    KeywordCrossed,
    KeywordTallied,
    XpGained,
    LevelGained,
    ClassChosen,
    SkillLearned,
    ProfessionLearned,
    TalentLearned,
    StockAdded,
    ScenarioCardAdded,
    ItemOffered,
    ItemFromSupply,
    ItemBought,
    ItemSold,
    CityEventResolved,
    CityActivity,
    SleepFound,
    InjuryDrawn,
    InjuryDrawOwed,
    InjuryRemoved,
    ReputationGained,
    ItemLeftBehind,
    ItemBrought,
    ItemActivated,
    ItemDeactivated,
    StashPut,
    StashTaken,
    TalentUsed,
]

__all__ = [
    "EVENT_TYPES",
    "AttackMade",
    "CheckGemSpent",
    "CheckMade",
    "CityActivity",
    "CityEventResolved",
    "ClassChosen",
    "ConditionGained",
    "ConditionRemoved",
    "DamageHealed",
    "DamageTaken",
    "DiceSetChosen",
    "GemsGained",
    "GemsSpent",
    "GroupCheckClosed",
    "GroupCheckGem",
    "GroupCheckOpened",
    "GroupCheckRolled",
    "HeroJoined",
    "InjuryDrawOwed",
    "InjuryDrawn",
    "InjuryRemoved",
    "ItemActivated",
    "ItemBought",
    "ItemBrought",
    "ItemDeactivated",
    "ItemDiscarded",
    "ItemFromSupply",
    "ItemGained",
    "ItemGiven",
    "ItemLeftBehind",
    "ItemOffered",
    "ItemSold",
    "ItemUsed",
    "KeywordAdded",
    "KeywordCrossed",
    "KeywordTallied",
    "LevelGained",
    "ProfessionLearned",
    "ProgressiveCheckOpened",
    "ProgressiveRound",
    "ReactionMade",
    "ReputationGained",
    "ScenarioCardAdded",
    "ScenarioEnded",
    "SkillLearned",
    "SleepFound",
    "StaminaLocked",
    "StaminaLost",
    "StaminaRestored",
    "StaminaSpent",
    "StaminaSpentCursed",
    "StaminaUnlocked",
    "StarsGained",
    "StarsGiven",
    "StarsSpent",
    "StashPut",
    "StashTaken",
    "StatusRemoved",
    "StepStarted",
    "StockAdded",
    "TalentLearned",
    "TalentUsed",
    "XpGained",
]
