"""The base game is laid out by area, with the same module names in every layer: an event
type, the action that records it and the command that is the action's face sit in modules of
one name (``events/vitality.py``, ``actions/vitality.py``, ``commands/vitality.py``). An area
has a module only in the layers where it has something (``odds``, a query, has no events).
A module whose name starts with ``_`` is a helper its layer shares (``actions/_rolls.py``),
not an area."""

from collections import Counter
from pathlib import Path

import ledger_base_game
from ledger_base_game.commands import COMMANDS

PLUGIN = Path(ledger_base_game.__file__).parent
LAYERS = ("events", "actions", "commands")
# What sits beside the layers: the hook implementations (__init__.py), the rules helpers the
# layers share, and the content.
BESIDE = {"__init__.py", "rules", "data"}

# Deliberate exceptions: a module with no module of its name in the actions layer, and why.
COMMANDS_WITHOUT_ACTIONS = {
    "sheets": "hero sheet and party sheet read the paper sheets, drawn from every area "
    "(progress, steps, stock, factions): reading commands, the face of no action",
}
EVENTS_WITHOUT_ACTIONS: dict[str, str] = {
    "ally_rolls": "a Non-Hero Ally's checks and reactions are recorded by `make_check` and "
    "`react` (checks, reactions), which hand a name that is an Ally's to actions/_ally_rolls.py",
}


def areas(layer: str) -> set[str]:
    """The area modules of a layer: its modules, less ``__init__`` and ``_`` helpers."""
    return {path.stem for path in (PLUGIN / layer).glob("*.py") if not path.stem.startswith("_")}


def test_every_command_module_is_the_face_of_the_actions_module_of_its_name() -> None:
    unmatched = areas("commands") - areas("actions") - set(COMMANDS_WITHOUT_ACTIONS)
    assert not unmatched, f"command modules with no actions module of the same name: {unmatched}"


def test_every_events_module_has_the_actions_module_of_its_name() -> None:
    unmatched = areas("events") - areas("actions") - set(EVENTS_WITHOUT_ACTIONS)
    assert not unmatched, f"events modules with no actions module of the same name: {unmatched}"


def test_the_exceptions_are_still_exceptions() -> None:
    """An exception that came to match (or whose module went) is taken off the list."""
    for layer, exceptions in (
        ("commands", COMMANDS_WITHOUT_ACTIONS),
        ("events", EVENTS_WITHOUT_ACTIONS),
    ):
        for name in exceptions:
            assert name in areas(layer), f"{layer}/{name}.py is listed but absent"
            assert name not in areas("actions"), f"{layer}/{name}.py matches actions now"


def test_the_command_table_loads_every_command_module_and_no_helper() -> None:
    loaded = [module for _, modules in COMMANDS for module in modules]
    assert sorted(loaded) == sorted(areas("commands")), "every command module is in COMMANDS once"


def test_few_loose_modules_beside_the_layers() -> None:
    beside = {path.name for path in PLUGIN.iterdir() if path.name != "__pycache__"}
    assert beside == BESIDE | set(LAYERS)


def test_no_module_name_repeats_across_the_loose_modules() -> None:
    loose = [
        path.stem
        for path in PLUGIN.rglob("*.py")
        if path.relative_to(PLUGIN).parts[0] not in LAYERS and path.stem != "__init__"
    ]
    assert loose, "the rules helpers are loose modules"
    repeated = [name for name, count in Counter(loose).items() if count > 1]
    assert not repeated, repeated
