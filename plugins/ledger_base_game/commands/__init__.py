"""The base game's commands, offered through ``register_commands`` like any plugin's.

Each module is the face of the ``actions`` module of the same name (``sheets`` aside: the
paper sheets, read from every area; ``_rolls`` and ``_item_properties`` are options shared by
several). Each entry: the commands, and the modules under this package whose
``register(cli)`` define them, in order (``trade`` adds to ``item``'s group, ``sheets`` to
``hero``'s and ``party``'s; the commands that roll dice or read them load together). A CLI
that loads lazily imports a module when one of its commands is used."""

import importlib

from ledger.hosting import CommandGroup
from ledger_base_game.rules.abilities import ABILITIES
from ledger_cli.helpers import action_words, add_lazy, words_completion

complete_ability = words_completion(*ABILITIES)  # an ABILITY argument's shell completion

COMMANDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("hero", "party"), ("heroes", "sheets")),
    (("scenario", "step"), ("steps",)),
    (("damage", "heal", "stamina", "status"), ("vitality",)),
    (("condition",), ("conditions",)),
    (("ally",), ("allies",)),
    (("item",), ("items", "trade")),
    (("stars",), ("stars",)),
    (("stock",), ("stock",)),
    (("city",), ("city",)),
    (("injury",), ("injuries",)),
    (("loadout",), ("loadout",)),
    (("faction",), ("factions",)),
    (("class", "gem", "keyword", "profession", "skill", "talent", "xp"), ("progress",)),
    (
        ("attack", "check", "dice", "group-check", "group-step", "odds", "progressive", "react"),
        ("dice", "checks", "reactions", "odds", "group_checks", "progressive", "attacks"),
    ),
)


# How the command line writes the actions a refusal may name (an error's fields, such as
# "open one with {open_group_check}"); arguments are named by each command's own options.
ACTIONS = {
    "open_group_check": "`group-step open`",
    "new_progressive_round": "`progressive round`",
    "set_dice": "`dice set FILE`",
    "draw_injury": "`injury draw`",
    "new_round": "`scenario round`",
    "exhaust_ally": "`ally exhaust`",
    "damage_ally": "`ally damage`",
}


def register(cli: CommandGroup) -> None:
    action_words(cli, ACTIONS)
    for names, modules in COMMANDS:
        paths = [f"{__name__}.{module}" for module in modules]
        if not add_lazy(cli, names, paths):
            for path in paths:
                importlib.import_module(path).register(cli)
