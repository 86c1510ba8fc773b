"""The base game's command groups, added through ``register_commands`` like any plugin's.
They live in ledger_cli for now; only this table decides whether they are offered.

Each entry: the commands, and the modules whose ``register(cli)`` define them, in order
(``trade`` adds to ``item``'s group, ``sheets`` to ``hero``'s and ``party``'s). A CLI that
can import lazily (ledger_cli.lazy.LazyGroup) imports a module when its command is used."""

import importlib

from ledger.hookspecs import CommandGroup

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
        paths = [f"ledger_cli.{module}" for module in modules]
        add_lazy = getattr(cli, "add_lazy", None)
        if add_lazy is not None:
            add_lazy(names, paths)
        else:
            for path in paths:
                importlib.import_module(path).register(cli)
