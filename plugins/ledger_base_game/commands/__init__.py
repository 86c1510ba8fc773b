"""The base game's commands, offered through ``register_commands`` like any plugin's.

Each entry: the commands, and the modules under this package whose ``register(cli)`` define
them, in order (``trade`` adds to ``item``'s group, ``sheets`` to ``hero``'s and ``party``'s).
A CLI that loads lazily imports a module when one of its commands is used."""

import importlib

from ledger.hosting import CommandGroup
from ledger_cli.helpers import add_lazy

COMMANDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("hero", "party"), ("hero", "sheets")),
    (("scenario", "step"), ("steps",)),
    (("damage", "heal", "stamina", "status"), ("vitality",)),
    (("condition",), ("condition",)),
    (("item",), ("item", "trade")),
    (("stars",), ("stars",)),
    (("stock",), ("stock",)),
    (("city",), ("city",)),
    (("injury",), ("injury",)),
    (("loadout",), ("loadout",)),
    (("faction",), ("faction",)),
    (("class", "gem", "keyword", "profession", "skill", "talent", "xp"), ("progress",)),
    (
        ("attack", "check", "dice", "group-check", "group-step", "odds", "progressive", "react"),
        ("dice_commands",),
    ),
)


def register(cli: CommandGroup) -> None:
    for names, modules in COMMANDS:
        paths = [f"{__name__}.{module}" for module in modules]
        if not add_lazy(cli, names, paths):
            for path in paths:
                importlib.import_module(path).register(cli)
