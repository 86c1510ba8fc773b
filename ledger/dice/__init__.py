"""Dice (§4, ruling §12.1): die definitions as data, face lists, seeded rolls, scoring, exact
odds.

Free of click and of any game content: the faces a die has come from plugins or from a file.
"""

from typing import TYPE_CHECKING

from ledger._facade import lazy_names

_HOMES = {
    "_definition": (
        "ACTION_VALUES ACTION_WORDS EXTRA HOURGLASS MAX_FACES REACTION_VALUES REACTION_WORDS "
        "STAMINA DiceSet check_dice check_die choose_default load_dice_file"
    ),
    "_faces": (
        "MAX_ROLLED ActionRoll DieKind ReactionRoll RolledOn check_faces parse_faces split_faces"
    ),
    "_odds": (
        "GroupOdds Odds ReactionOdds check_odds group_odds reaction_odds reaction_successes_pmf"
    ),
    "_rolling": "check_seed new_seed roll",
    "_scoring": (
        "PER_FACE StaminaRule action_successes reaction_successes stamina_faces stamina_successes"
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from ledger.dice._definition import (
        ACTION_VALUES,
        ACTION_WORDS,
        EXTRA,
        HOURGLASS,
        MAX_FACES,
        REACTION_VALUES,
        REACTION_WORDS,
        STAMINA,
        DiceSet,
        check_dice,
        check_die,
        choose_default,
        load_dice_file,
    )
    from ledger.dice._faces import (
        MAX_ROLLED,
        ActionRoll,
        DieKind,
        ReactionRoll,
        RolledOn,
        check_faces,
        parse_faces,
        split_faces,
    )
    from ledger.dice._odds import (
        GroupOdds,
        Odds,
        ReactionOdds,
        check_odds,
        group_odds,
        reaction_odds,
        reaction_successes_pmf,
    )
    from ledger.dice._rolling import check_seed, new_seed, roll
    from ledger.dice._scoring import (
        PER_FACE,
        StaminaRule,
        action_successes,
        reaction_successes,
        stamina_faces,
        stamina_successes,
    )

__all__ = [
    "ACTION_VALUES",
    "ACTION_WORDS",
    "EXTRA",
    "HOURGLASS",
    "MAX_FACES",
    "MAX_ROLLED",
    "PER_FACE",
    "REACTION_VALUES",
    "REACTION_WORDS",
    "STAMINA",
    "ActionRoll",
    "DiceSet",
    "DieKind",
    "GroupOdds",
    "Odds",
    "ReactionOdds",
    "ReactionRoll",
    "RolledOn",
    "StaminaRule",
    "action_successes",
    "check_dice",
    "check_die",
    "check_faces",
    "check_odds",
    "check_seed",
    "choose_default",
    "group_odds",
    "load_dice_file",
    "new_seed",
    "parse_faces",
    "reaction_odds",
    "reaction_successes",
    "reaction_successes_pmf",
    "roll",
    "split_faces",
    "stamina_faces",
    "stamina_successes",
]
